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

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

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

/// Registers per thread that the dots' results may take with a dot issued
/// ahead: the fed dot's accumulator, the result of the one issued ahead
/// twice (the block in flight and the one the softmax reads) and its 16-bit
/// copy for the fed dot's A. Over it, ptxas spilled (attention at d = 128,
/// BLOCK_M = 128, BLOCK_N = 64 on 4 warps: 128 + 2.5 x 64 = 288, 255
/// registers and 312 bytes of spills); 8 warps at BLOCK_N = 128 (224) took
/// 250 registers and no spills.
constexpr int64_t kMaxAheadRegisters = 224;

/// Whether `value` is made outside `forOp`, or is the shared-memory copy
/// (through views) of a load in `fetched` that nothing else reads: what a
/// dot issued an iteration ahead may read, since the pipeliner has those
/// ready a stage early. A copy read by a later op too (linear attention's
/// k, read by k^T v after q k^T) would be held a stage longer than its
/// buffers are counted for.
bool readyAhead(Value value, scf::ForOp forOp,
                const llvm::MapVector<Operation *, LoadLevel> &fetched) {
  while (true) {
    if (forOp.isDefinedOutsideOfLoop(value))
      return true;
    Operation *def = value.getDefiningOp();
    if (!def || !value.hasOneUse())
      return false;
    if (isa<MemDescTransOp>(def)) {
      value = def->getOperand(0);
      continue;
    }
    auto alloc = dyn_cast<LocalAllocOp>(def);
    if (!alloc || !alloc.getSrc())
      return false;
    Operation *load = alloc.getSrc().getDefiningOp();
    return load && fetched.count(load) && alloc.getSrc().hasOneUse();
  }
}

/// The dots of `forOp` to issue one iteration ahead (option dot-ahead): a
/// warp-group dot starting from an accumulator made outside the loop, whose
/// A and B are ready ahead (`readyAhead`), and whose result reaches the A
/// operand of another warp-group dot of the body through other ops of the
/// body (QK^T, softmax, PV). Issued a stage early, it runs on the tensor
/// cores under the work between the two dots of the iteration before; its
/// result stays live an iteration longer, so it is left where it is when
/// that would take more than kMaxAheadRegisters. Its readers must be able to
/// move to the iteration before (`aheadResultReaders`: the scale, the row
/// max): where the loop carries the dot's own result, the dot issued at the
/// top writes other registers than the block the softmax still reads, and
/// ptxas either copies the accumulator at the back edge (attention_desc: 64
/// movs per thread after the wait, 6% slower on the H200) or issues the dot
/// only once the softmax has read most of the old block (attn_blockptr,
/// attn_tf32: 3% and 13% slower).
SmallVector<nvidia_gpu::WarpGroupDotOp>
dotsToIssueAhead(scf::ForOp forOp,
                 const llvm::MapVector<Operation *, LoadLevel> &fetched) {
  SmallVector<nvidia_gpu::WarpGroupDotOp> ahead;
  auto module = forOp->getParentOfType<ModuleOp>();
  auto warps = module->getAttrOfType<IntegerAttr>(kNumWarpsAttrName);
  auto threadsPerWarp =
      module->getAttrOfType<IntegerAttr>(kThreadsPerWarpAttrName);
  if (!warps || !threadsPerWarp)
    return ahead;
  int64_t threads = warps.getInt() * threadsPerWarp.getInt();
  Block *body = forOp.getBody();
  for (auto dot : body->getOps<nvidia_gpu::WarpGroupDotOp>()) {
    if (!forOp.isDefinedOutsideOfLoop(dot.getC()) ||
        !readyAhead(dot.getA(), forOp, fetched) ||
        !readyAhead(dot.getB(), forOp, fetched) ||
        aheadResultReaders(dot.getResult(), forOp).empty())
      continue;
    int64_t result =
        cast<RankedTensorType>(dot.getType()).getNumElements() / threads;
    // Forward through the body's ops (not around the loop) to another
    // warp-group dot's A.
    nvidia_gpu::WarpGroupDotOp fed;
    SmallVector<Value> worklist{dot.getResult()};
    DenseSet<Operation *> seen;
    while (!worklist.empty() && !fed) {
      Value v = worklist.pop_back_val();
      for (OpOperand &use : v.getUses()) {
        Operation *user = body->findAncestorOpInBlock(*use.getOwner());
        if (!user || user == body->getTerminator())
          continue;
        if (auto other = dyn_cast<nvidia_gpu::WarpGroupDotOp>(user);
            other && other != dot) {
          if (use.getOwner() == other && use.getOperandNumber() == 0)
            fed = other;
          continue;
        }
        if (seen.insert(user).second)
          worklist.append(user->result_begin(), user->result_end());
      }
    }
    if (!fed)
      continue;
    int64_t accumulator =
        cast<RankedTensorType>(fed.getType()).getNumElements() / threads;
    if (accumulator + result * 5 / 2 <= kMaxAheadRegisters)
      ahead.push_back(dot);
  }
  return ahead;
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
    // Made for the first loop that may be pipelined: most kernels without
    // one (Inductor's) would pay for the module's axis analysis for nothing.
    std::optional<ModuleAxisInfo> axis;
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
      if (!axis)
        axis.emplace(module);
      llvm::MapVector<Operation *, LoadLevel> levels =
          loadIndirectionLevels(forOp, ownStages, [&](Operation *op) {
            return isPipeliningBeneficial(op, *axis);
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
      if (dotAhead)
        for (nvidia_gpu::WarpGroupDotOp dot : dotsToIssueAhead(forOp, levels))
          dot->setAttr(kLatencyAttr, builder.getI32IntegerAttr(1));
    }
  }
};

} // namespace
