//===- AllocateSharedMemory.cpp - LDS offsets for the AMD lowering --------===//
//
// -allocate-amdgpu-shared-memory gives every LDS buffer its offset
// (`allocation.offset`) and the module its LDS size (`ttg.shared`), as
// -allocate-shared-memory does, under the flag of Triton's AMD make_llir.
// Each ttg.convert_layout gets the scratch the lowering converts through:
// one round of Triton 3.6's swizzled tile (passes/Analysis/SwizzledScratch.h)
// or, marked `amdg.use_padded_scratch_shmem`, its padded tile
// (PaddedScratch.h). The barrier
// insertion of the lowering recomputes this same allocation (the same
// sizes: getScratchSizeInBytes), so the two agree.
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
