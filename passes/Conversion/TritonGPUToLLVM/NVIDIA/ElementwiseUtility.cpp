//===- ElementwiseUtility.cpp - Inline PTX --------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/ElementwiseUtility.h"

using namespace mlir;
using namespace mlir::triton;

SmallVector<Value> mlir::triton::nvidia::createInlinePtx(
    OpBuilder &b, Location loc, TypeRange resultTypes, ValueRange operands,
    StringRef text, StringRef constraints, bool hasSideEffects,
    bool withOperandAttrs) {
  MLIRContext *context = b.getContext();
  Type resultType;
  if (resultTypes.size() == 1)
    resultType = resultTypes.front();
  else if (resultTypes.size() > 1)
    resultType =
        LLVM::LLVMStructType::getLiteral(context, llvm::to_vector(resultTypes));
  auto op = LLVM::InlineAsmOp::create(
      b, loc, resultType ? TypeRange(resultType) : TypeRange(), operands,
      b.getStringAttr(text), b.getStringAttr(constraints),
      hasSideEffects ? b.getUnitAttr() : UnitAttr(),
      /*is_align_stack=*/UnitAttr(),
      LLVM::TailCallKindAttr::get(context, LLVM::TailCallKind::None),
      LLVM::AsmDialectAttr::get(context, LLVM::AsmDialect::AD_ATT),
      withOperandAttrs ? b.getArrayAttr({}) : ArrayAttr());
  SmallVector<Value> results;
  if (resultTypes.size() == 1)
    results.push_back(op.getResult(0));
  else
    for (unsigned i = 0; i < resultTypes.size(); ++i)
      results.push_back(
          LLVM::ExtractValueOp::create(b, loc, op.getResult(0), i));
  return results;
}
