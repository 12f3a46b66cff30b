//===- TypeConverter.cpp - TTGIR types as LLVM types ----------------------===//

#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"
#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

using namespace mlir;
using namespace mlir::triton;

std::optional<gpu::LinearLayout>
mlir::triton::getDistributedLayout(RankedTensorType type) {
  Attribute encoding = type.getEncoding();
  if (!encoding || !gpu::isDistributedEncoding(encoding))
    return std::nullopt;
  return gpu::toLinearLayout(type.getShape(), encoding);
}

std::optional<int> mlir::triton::getElemsPerThread(RankedTensorType type) {
  std::optional<gpu::LinearLayout> layout = getDistributedLayout(type);
  if (!layout)
    return std::nullopt;
  return layout->getInDimSize("register");
}

Type TritonGPUToLLVMTypeConverter::convertElementType(Type elementType) const {
  // LLVM has no 8-bit (or smaller) floats: they travel as integers of their
  // width.
  if (auto floatType = dyn_cast<FloatType>(elementType))
    if (floatType.getWidth() <= 8)
      return IntegerType::get(elementType.getContext(), floatType.getWidth());
  return convertType(elementType);
}

TritonGPUToLLVMTypeConverter::TritonGPUToLLVMTypeConverter(
    MLIRContext *context, const LowerToLLVMOptions &options)
    : LLVMTypeConverter(context, options) {
  addConversion([context](PointerType type) -> Type {
    return LLVM::LLVMPointerType::get(context, type.getAddressSpace());
  });
  addConversion([](FloatType type) -> std::optional<Type> {
    if (type.getWidth() <= 8)
      return IntegerType::get(type.getContext(), type.getWidth());
    return std::nullopt;
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    std::optional<int> count = getElemsPerThread(type);
    if (!count)
      return std::nullopt;
    Type element = convertElementType(type.getElementType());
    if (!element)
      return std::nullopt;
    return LLVM::LLVMStructType::getLiteral(type.getContext(),
                                            SmallVector<Type>(*count, element));
  });
  addConversion([context](gpu::MemDescType type) -> Type {
    SmallVector<Type> fields{LLVM::LLVMPointerType::get(context, 3)};
    fields.append(type.getShape().size(), IntegerType::get(context, 32));
    return LLVM::LLVMStructType::getLiteral(context, fields);
  });
  // A tensor descriptor is the address of its 128-byte TMA descriptor (a
  // kernel parameter or global scratch), generic so either fits.
  addConversion([context](TensorDescType) -> Type {
    return LLVM::LLVMPointerType::get(context);
  });
  addConversion([context](gpu::AsyncTokenType) -> Type {
    return IntegerType::get(context, 32);
  });
}
