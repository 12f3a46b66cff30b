//===- ElementwiseUtility.cpp - Inline PTX --------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/ElementwiseUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

using namespace mlir;
using namespace mlir::triton;

SmallVector<Value> mlir::triton::nvidia::createInlinePtx(
    OpBuilder &b, Location loc, TypeRange resultTypes, ValueRange operands,
    StringRef text, StringRef constraints, bool hasSideEffects,
    bool withOperandAttrs) {
  return createInlineAsm(b, loc, resultTypes, operands, text, constraints,
                         hasSideEffects, withOperandAttrs);
}
