//===- AllocateSharedMemory.cpp - LDS offsets for the AMD lowering --------===//
//
// -allocate-amdgpu-shared-memory gives every LDS buffer its offset
// (`allocation.offset`) and the module its LDS size (`ttg.shared`), as
// -allocate-shared-memory does, under the flag of Triton's AMD make_llir.
// Each ttg.convert_layout gets the swizzled scratch the AMD lowering converts
// through. Triton 3.6 sizes a conversion marked
// `amdgpu.use_padded_scratch_shmem` as its padded tile instead, because its
// lowering then goes through that tile; this lowering has no padded
// conversion yet and always uses the swizzled scratch, so a smaller padded
// size would let the conversion write past its buffer. The barrier
// insertion of the lowering recomputes this same allocation, so the two
// must size alike.
//
//===----------------------------------------------------------------------===//

#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/Passes.h"
#include "passes/Conversion/TritonGPUToLLVM/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_ALLOCATEAMDGPUSHAREDMEMORY
#include "passes/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

struct AllocateAMDGPUSharedMemoryPass
    : public triton::impl::AllocateAMDGPUSharedMemoryBase<
          AllocateAMDGPUSharedMemoryPass> {
  void runOnOperation() override {
    if (failed(annotateSharedMemoryAllocation(getOperation())))
      signalPassFailure();
  }
};

} // namespace
