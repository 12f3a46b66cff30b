//===- AllocationPasses.cpp - Shared memory allocation passes -------------===//
//
// -allocate-shared-memory records the allocation in the IR the way the GPU
// lowering reads it: `allocation.offset` on every op owning a buffer and
// `ttg.shared` (bytes) on the module. (test/lib has the passes that print it
// for tests.)
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/Membar.h"
#include "passes/Analysis/Passes.h"
#include "llvm/Support/MathExtras.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
class AllocateSharedMemoryPass
    : public PassWrapper<AllocateSharedMemoryPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AllocateSharedMemoryPass)
  StringRef getArgument() const override { return "allocate-shared-memory"; }
  StringRef getDescription() const override {
    return "Give every shared-memory buffer an offset (`allocation.offset`) "
           "and the module its shared-memory size (`ttg.shared`)";
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<ModuleAllocation> allocation = ModuleAllocation::get(module);
    if (failed(allocation))
      return signalPassFailure();
    Builder builder(module.getContext());
    module.walk([&](FunctionOpInterface func) {
      for (const FunctionAllocation::Buffer &buffer :
           allocation->getFunction(func).getBuffers())
        buffer.owner->setAttr("allocation.offset",
                              builder.getI32IntegerAttr(buffer.offset));
    });
    module->setAttr("ttg.shared", builder.getI32IntegerAttr(
                                      allocation->getSharedMemorySize()));
  }
};

/// Global scratch: each program's own slice of the buffer the launcher
/// passes (`global_scratch_size` bytes per program). Each kernel lays out its
/// ttg.global_scratch_alloc ops from offset 0, in order, each aligned, and
/// records the size (rounded up to its largest alignment) and that alignment
/// as `ttg.global_scratch_memory_size/_alignment`, as Triton does; the module
/// gets the largest of its kernels' (one launch runs one kernel). Scratch in
/// device functions would need the call graph's offsets and is refused.
class GlobalScratchAllocationPass
    : public PassWrapper<GlobalScratchAllocationPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GlobalScratchAllocationPass)
  StringRef getArgument() const override {
    return "tritongpu-global-scratch-memory-allocation";
  }
  StringRef getDescription() const override {
    return "Give every ttg.global_scratch_alloc its offset in the program's "
           "global scratch and the module its per-program size and alignment";
  }
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(module.getContext());
    int64_t moduleSize = 0, moduleAlignment = 1;
    bool failed = false;
    module.walk([&](gpu::GlobalScratchAllocOp alloc) {
      auto func = alloc->getParentOfType<triton::FuncOp>();
      if (!func || !func.isPublic()) {
        alloc.emitError(
            "global scratch in a device function is not supported yet "
            "(inline it into the kernel)");
        failed = true;
      }
    });
    if (failed)
      return signalPassFailure();
    for (auto func : module.getOps<triton::FuncOp>()) {
      if (!func.isPublic())
        continue;
      int64_t size = 0, alignment = 1;
      func.walk([&](gpu::GlobalScratchAllocOp alloc) {
        int64_t align = std::max<int64_t>(1, alloc.getAlignment());
        size = llvm::alignTo(size, align);
        alloc->setAttr("ttg.global_scratch_memory_offset",
                       builder.getI32IntegerAttr(size));
        size += alloc.getNbytes();
        alignment = std::max(alignment, align);
      });
      size = llvm::alignTo(size, alignment);
      func->setAttr("ttg.global_scratch_memory_size",
                    builder.getI32IntegerAttr(size));
      func->setAttr("ttg.global_scratch_memory_alignment",
                    builder.getI32IntegerAttr(alignment));
      moduleSize = std::max(moduleSize, size);
      moduleAlignment = std::max(moduleAlignment, alignment);
    }
    module->setAttr("ttg.global_scratch_memory_size",
                    builder.getI32IntegerAttr(moduleSize));
    module->setAttr("ttg.global_scratch_memory_alignment",
                    builder.getI32IntegerAttr(moduleAlignment));
  }
};

} // namespace

std::unique_ptr<Pass> mlir::triton::createAllocateSharedMemoryPass() {
  return std::make_unique<AllocateSharedMemoryPass>();
}

std::unique_ptr<Pass> mlir::triton::createGlobalScratchAllocationPass() {
  return std::make_unique<GlobalScratchAllocationPass>();
}

void mlir::triton::registerAllocationPasses() {
  PassRegistration<AllocateSharedMemoryPass>();
  PassRegistration<GlobalScratchAllocationPass>();
}
