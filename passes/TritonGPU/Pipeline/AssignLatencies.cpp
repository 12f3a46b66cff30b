//===- AssignLatencies.cpp - -tritongpu-assign-latencies ------------------===//
//
// Which loads a loop fetches ahead, and by how many iterations. The loads
// worth it are those a dot waits for (its A and B operands, through whatever
// computes them); a load whose value feeds another such load's address is an
// indirection level further, and the stages are shared among the levels.
// Pointer loads go through cp.async, descriptor loads through TMA (sm_90).
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Passes.h"
#include "passes/TritonGPU/Pipeline/AsyncLoads.h"
#include "passes/TritonGPU/Pipeline/Schedule.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUASSIGNLATENCIES
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

namespace {

bool isDotLike(Operation *op) {
  return isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp>(op);
}

/// Whether fetching `load` ahead pays: cp.async can copy it, and the
/// local_allocs it feeds agree on a layout it copies into 4 bytes or more at
/// a time. A descriptor load always pays when TMA can copy it (as in 3.6);
/// one it cannot is left where it is, so that its loop is not scheduled
/// around a load the pipeliner would have to predicate. A block without a
/// layout yet is taken as TMA's: on sm_90 the descriptor-encoding pass gives
/// every descriptor an NVMMA one before the pipeliner runs.
bool isPipeliningBeneficial(Operation *op, const ModuleAxisInfo &axis) {
  if (auto descLoad = dyn_cast<DescriptorLoadOp>(op))
    return canBeTMALoad(descLoad) ||
           (targetHasTMA(descLoad) &&
            !descLoad.getDesc().getType().getBlockType().getEncoding());
  auto load = cast<LoadOp>(op);
  // Scalar loads (an index for the next load's address) stay ordinary
  // loads, where 3.6 copies 32-bit ones ahead as one-element tensors: on the
  // H200 that copy made paged-attention decode 1.6x slower (1116 -> 683 GB/s,
  // docs/results/2026-12-02-harness-0530.md) and block-sparse matmul 10%.
  // An explicit schedule (tt.latency on the load) still gets the copy.
  // Only tensors with a layout (TTGIR) have a shared-memory form to copy into.
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || !type.getEncoding())
    return false;
  if (!canBeAsyncCopy(load, axis))
    return false;
  bool conflict = false;
  Attribute encoding = getLocalAllocEncoding(load, conflict);
  if (conflict)
    return false;
  if (encoding &&
      getCopyVecBytes(cast<RankedTensorType>(load.getType()), encoding) < 4)
    return false;
  return true;
}

} // namespace

llvm::MapVector<Operation *, LoadLevel> pipeline::loadIndirectionLevels(
    scf::ForOp forOp, bool ownStages,
    llvm::function_ref<bool(Operation *)> beneficial) {
  llvm::MapVector<Operation *, LoadLevel> levels;
  DenseSet<Operation *> seen, excluded;
  Block *body = forOp.getBody();
  std::function<void(Operation *, Operation *, int)> visit =
      [&](Operation *op, Operation *use, int level) {
        if (!seen.insert(op).second || excluded.count(op))
          return;
        if (isa<LoadOp, DescriptorLoadOp>(op)) {
          if (!beneficial(op))
            return;
          auto it = levels.find(op);
          if (it != levels.end() && it->second.level != level) {
            levels.erase(op);
            excluded.insert(op);
            return;
          }
          levels.insert({op, {level, use}});
          use = op;
          ++level;
        }
        bool dot = isDotLike(op);
        for (OpOperand &operand : op->getOpOperands()) {
          // Only a dot's A and B are worth fetching ahead, not its
          // accumulator.
          if (dot && operand.getOperandNumber() == 2)
            continue;
          Operation *def = operand.get().getDefiningOp();
          if (def && def->getBlock() == body)
            visit(def, use, level);
        }
        // A buffer the dot reads, filled in the body by local_stores (an
        // operand transposed into a slot of its own): what they store feeds
        // the dot too.
        if (op->getNumResults() == 1 &&
            isa<MemDescType>(op->getResult(0).getType()))
          for (Operation *user : op->getResult(0).getUsers())
            if (auto store = dyn_cast<LocalStoreOp>(user))
              if (Operation *def = store.getSrc().getDefiningOp();
                  def && def->getBlock() == body)
                visit(def, use, level);
        // Values used inside nested regions (a reduce's combiner, an if).
        op->walk([&](Operation *nested) {
          if (nested == op)
            return;
          for (Value v : nested->getOperands()) {
            Operation *def = v.getDefiningOp();
            if (def && def->getBlock() == body)
              visit(def, use, level);
          }
        });
      };
  for (Operation &op : body->without_terminator()) {
    if (!isDotLike(&op))
      continue;
    seen.clear();
    visit(&op, &op, 0);
  }
  // A loop given its own stage count (`tl.range(num_stages=...)`) fetches
  // ahead the loads that other ops wait for as well; those a dot reads keep
  // the level they had.
  if (ownStages)
    for (Operation &op : body->without_terminator())
      if (!isa<LoadOp, DescriptorLoadOp>(op))
        visit(&op, &op, 0);
  return levels;
}

namespace {

class TritonGPUAssignLatenciesPass
    : public mlir::triton::gpu::impl::TritonGPUAssignLatenciesBase<
          TritonGPUAssignLatenciesPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModuleAxisInfo axis(module);
    SmallVector<scf::ForOp> loops;
    module.walk([&](scf::ForOp forOp) { loops.push_back(forOp); });
    for (scf::ForOp forOp : loops) {
      int stages = getNumStages(forOp, numStages);
      if (stages <= 1 || !canPipelineLoop(forOp))
        continue;
      // Latencies already on the body's ops (written by hand or by an
      // earlier tool) are the loop's schedule: none are added or replaced.
      if (llvm::any_of(forOp.getBody()->without_terminator(),
                       [](Operation &op) { return op.hasAttr(kLatencyAttr); }))
        continue;
      bool ownStages = forOp->hasAttr(kNumStagesAttr);
      llvm::MapVector<Operation *, LoadLevel> levels =
          loadIndirectionLevels(forOp, ownStages, [&](Operation *op) {
            return isPipeliningBeneficial(op, axis);
          });
      // With every stage but the last one taken, a deeper level would have
      // none to be issued in.
      levels.remove_if(
          [&](auto &entry) { return entry.second.level >= stages - 1; });
      if (levels.empty())
        continue;
      int maxLevel = 0;
      for (auto &entry : levels)
        maxLevel = std::max(maxLevel, entry.second.level);
      int latency = (stages - 1) / (maxLevel + 1);
      Builder builder(forOp.getContext());
      for (auto &entry : levels)
        entry.first->setAttr(kLatencyAttr, builder.getI32IntegerAttr(latency));
    }
  }
};

} // namespace
