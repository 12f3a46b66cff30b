//===- Dialect.h - The ttng dialect -----------------------------*- C++ -*-===//

#ifndef DIALECTS_TRITONNVIDIAGPU_IR_DIALECT_H
#define DIALECTS_TRITONNVIDIAGPU_IR_DIALECT_H

#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Interfaces/InferTypeOpInterface.h"

namespace mlir {
namespace triton {
namespace nvidia_gpu {

/// The side-effect resource of Blackwell's tensor memory (TMEM).
struct TensorMemory : public SideEffects::Resource::Base<TensorMemory> {
  StringRef getName() final { return "<TensorMemory>"; }
};

} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.h.inc"
#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrDefs.h.inc"

#define GET_OP_CLASSES
#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.h.inc"

namespace mlir {
namespace triton {
namespace nvidia_gpu {

/// Whether `type` is a buffer in tensor memory (`#ttng.tensor_memory`).
bool isTensorMemory(gpu::MemDescType type);

/// Checks that `type` is an mbarrier, a `!ttg.memdesc<1xi64, ...>` in shared
/// memory; reports on `op` otherwise.
LogicalResult verifyBarrierType(Operation *op, gpu::MemDescType type);

} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

#endif // DIALECTS_TRITONNVIDIAGPU_IR_DIALECT_H
