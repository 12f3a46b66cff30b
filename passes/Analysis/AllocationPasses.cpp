//===- AllocationPasses.cpp - Shared memory allocation passes -------------===//
//
// -allocate-shared-memory records the allocation in the IR the way the GPU
// lowering reads it: `allocation.offset` on every op owning a buffer,
// `allocation.tiles` on a conversion whose scratch holds several of its
// rounds, and `ttg.shared` (bytes) on the module. (test/lib has the passes
// that print it for tests.)
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
  AllocateSharedMemoryPass() = default;
  AllocateSharedMemoryPass(const AllocateSharedMemoryPass &other)
      : PassWrapper(other) {}
  explicit AllocateSharedMemoryPass(bool roundsInRoom) {
    this->roundsInRoom = roundsInRoom;
  }
  StringRef getArgument() const override { return "allocate-shared-memory"; }
  StringRef getDescription() const override {
    return "Give every shared-memory buffer an offset (`allocation.offset`) "
           "and the module its shared-memory size (`ttg.shared`)";
  }
  void runOnOperation() override {
    if (failed(annotateSharedMemoryAllocation(getOperation(), roundsInRoom)))
      signalPassFailure();
  }

  Option<bool> roundsInRoom{
      *this, "rounds-in-room",
      llvm::cl::desc("give a conversion that goes through its scratch in "
                     "rounds as many of the rounds' tiles as fit in shared "
                     "memory freed before it (NVIDIA targets; off: Triton "
                     "3.6's one tile)"),
      llvm::cl::init(true)};
};

/// Global scratch: each program's own slice of the buffer the launcher
/// passes (`global_scratch_size` bytes per program). Each function lays out
/// its ttg.global_scratch_alloc ops, and the calls whose callees need
/// scratch (a callee's whole size, at its alignment), from offset 0 in
/// order, each aligned, records the offsets as
/// `ttg.global_scratch_memory_offset` and its size (rounded up to its
/// largest alignment) and that alignment as
/// `ttg.global_scratch_memory_size/_alignment`, as Triton does: callees
/// first, so that a caller knows their sizes. A callee's scratch starts at
/// its call's offset in its caller's. The module gets the largest of its
/// kernels' (one launch runs one kernel).
class GlobalScratchAllocationPass
    : public PassWrapper<GlobalScratchAllocationPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GlobalScratchAllocationPass)
  StringRef getArgument() const override {
    return "tritongpu-global-scratch-memory-allocation";
  }
  StringRef getDescription() const override {
    return "Give every ttg.global_scratch_alloc, and every call of a function "
           "that needs global scratch, its offset in the program's global "
           "scratch, and each function and the module its per-program size "
           "and alignment";
  }

  struct Layout {
    int64_t size = 0, alignment = 1;
  };

  /// Lays out `func`'s scratch after its callees'; fails (with a
  /// diagnostic) on a cycle of calls in a module that needs scratch, whose
  /// size would have no bound.
  LogicalResult layOut(triton::FuncOp func, SymbolTable &symbols,
                       SetVector<Operation *> &inProgress) {
    if (layouts.count(func))
      return success();
    inProgress.insert(func);
    WalkResult calleesDone = func.walk([&](triton::CallOp call) {
      auto callee = symbols.lookup<triton::FuncOp>(call.getCallee());
      if (!callee)
        return WalkResult::advance();
      if (inProgress.contains(callee)) {
        // Recursion is fine where no function needs scratch.
        if (!anyScratch)
          return WalkResult::advance();
        call.emitError("global scratch cannot be laid out for a cycle of "
                       "calls (")
            << call.getCallee() << " calls back into its caller)";
        return WalkResult::interrupt();
      }
      return failed(layOut(callee, symbols, inProgress))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    inProgress.remove(func);
    if (calleesDone.wasInterrupted())
      return failure();

    Builder builder(func.getContext());
    Layout layout;
    auto place = [&](Operation *op, int64_t nbytes, int64_t align) {
      align = std::max<int64_t>(1, align);
      layout.size = llvm::alignTo(layout.size, align);
      op->setAttr("ttg.global_scratch_memory_offset",
                  builder.getI32IntegerAttr(layout.size));
      layout.size += nbytes;
      layout.alignment = std::max(layout.alignment, align);
    };
    func.walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (auto alloc = dyn_cast<gpu::GlobalScratchAllocOp>(op)) {
        place(op, alloc.getNbytes(), alloc.getAlignment());
      } else if (auto call = dyn_cast<triton::CallOp>(op)) {
        auto callee = symbols.lookup<triton::FuncOp>(call.getCallee());
        if (!callee)
          return;
        Layout calleeLayout = layouts.lookup(callee);
        if (calleeLayout.size > 0)
          place(op, calleeLayout.size, calleeLayout.alignment);
      }
    });
    layout.size = llvm::alignTo(layout.size, layout.alignment);
    func->setAttr("ttg.global_scratch_memory_size",
                  builder.getI32IntegerAttr(layout.size));
    func->setAttr("ttg.global_scratch_memory_alignment",
                  builder.getI32IntegerAttr(layout.alignment));
    layouts[func] = layout;
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(module.getContext());
    SymbolTable symbols(module);
    layouts.clear();
    anyScratch = module
                     .walk([](gpu::GlobalScratchAllocOp) {
                       return WalkResult::interrupt();
                     })
                     .wasInterrupted();
    int64_t moduleSize = 0, moduleAlignment = 1;
    for (auto func : module.getOps<triton::FuncOp>()) {
      SetVector<Operation *> inProgress;
      if (failed(layOut(func, symbols, inProgress)))
        return signalPassFailure();
      if (!func.isPublic())
        continue;
      moduleSize = std::max(moduleSize, layouts[func].size);
      moduleAlignment = std::max(moduleAlignment, layouts[func].alignment);
    }
    module->setAttr("ttg.global_scratch_memory_size",
                    builder.getI32IntegerAttr(moduleSize));
    module->setAttr("ttg.global_scratch_memory_alignment",
                    builder.getI32IntegerAttr(moduleAlignment));
  }

  DenseMap<Operation *, Layout> layouts;
  bool anyScratch = false;
};

} // namespace

std::unique_ptr<Pass>
mlir::triton::createAllocateSharedMemoryPass(bool roundsInRoom) {
  return std::make_unique<AllocateSharedMemoryPass>(roundsInRoom);
}

std::unique_ptr<Pass> mlir::triton::createGlobalScratchAllocationPass() {
  return std::make_unique<GlobalScratchAllocationPass>();
}

void mlir::triton::registerAllocationPasses() {
  PassRegistration<AllocateSharedMemoryPass>();
  PassRegistration<GlobalScratchAllocationPass>();
}

LogicalResult mlir::triton::annotateSharedMemoryAllocation(ModuleOp module,
                                                           bool roundsInRoom) {
  // The tiles are chosen afresh: those recorded by an earlier run go first.
  module.walk(
      [](gpu::ConvertLayoutOp op) { op->removeAttr(kScratchTilesAttrName); });
  FailureOr<ModuleAllocation> allocation = ModuleAllocation::get(
      module, getScratchSizeInBytes,
      roundsInRoom ? RoundTiles::Search : RoundTiles::Recorded);
  if (failed(allocation))
    return failure();
  Builder builder(module.getContext());
  module.walk([&](FunctionOpInterface func) {
    for (const FunctionAllocation::Buffer &buffer :
         allocation->getFunction(func).getBuffers()) {
      buffer.owner->setAttr("allocation.offset",
                            builder.getI32IntegerAttr(buffer.offset));
      if (buffer.tiles > 1)
        buffer.owner->setAttr(kScratchTilesAttrName,
                              builder.getI32IntegerAttr(buffer.tiles));
    }
  });
  module->setAttr("ttg.shared", builder.getI32IntegerAttr(
                                    allocation->getSharedMemorySize()));
  return success();
}
