//===- TypeConverter.h - TTGIR types as LLVM types --------------*- C++ -*-===//
//
// How TTGIR values live in LLVM: a tensor with a distributed layout becomes a
// struct of the elements the calling thread holds, in register order of the
// layout's linear layout; a shared-memory descriptor becomes a struct of its
// base pointer (address space 3) and an i32 offset per dimension; pointers keep
// their address space.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_TYPECONVERTER_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_TYPECONVERTER_H

#include "dialects/TritonGPU/IR/LinearLayout.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir {
namespace triton {

class TritonGPUToLLVMTypeConverter : public LLVMTypeConverter {
public:
  TritonGPUToLLVMTypeConverter(MLIRContext *context,
                               const LowerToLLVMOptions &options);

  /// The LLVM type of one element of a tensor of `elementType`.
  Type convertElementType(Type elementType) const;
};

/// The linear layout of a distributed tensor type, or nullopt when its
/// encoding has none we can build.
std::optional<gpu::LinearLayout> getDistributedLayout(RankedTensorType type);

/// The number of elements each thread holds of a distributed tensor type.
std::optional<int> getElemsPerThread(RankedTensorType type);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_TYPECONVERTER_H
