//===- BlockPingpong.cpp - -tritonamdgpu-block-pingpong -------------------===//
//
// Two warps share each SIMD of a CDNA compute unit. In a pipelined GEMM loop
// one of them can issue its MFMAs while the other issues its memory ops, if
// the loop body is split into a memory cluster and a dot cluster and each
// warp raises its priority (`s_setprio`) while it is in the dot cluster, so
// that the other cannot cut into it. `rocdl.sched.barrier`s keep LLVM's
// scheduler from mixing the clusters again.
//
// Built: the one-cluster schedule of Triton 3.6 for 4-warp loops (the two
// warps of a SIMD come from different programs, so no barrier is needed):
//
//   local_load A; setprio 1; [global load A]; sched.barrier 0;
//   local_load B; setprio 0; [global load B]; ...; sched.barrier 1;
//   setprio 1; tt.dot; setprio 0
//
// for tiles of 32x128x64 to 128x128x64 16-bit elements (larger ones keep
// too much data live through the dot; smaller ones are not bound by it).
// Not built: 3.6's 8-warp schedules (two and four clusters, the dot sliced
// along K, warps of one program kept half a cluster apart by
// `amdg.cond_barrier`), its chained-dot and direct-to-LDS variants: such
// loops are left as they are.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUBLOCKPINGPONG
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The memory ops and dots anywhere in a loop body, in program order.
struct LoopOps {
  SmallVector<LoadOp> globalLoads;
  SmallVector<AsyncCopyGlobalToLocalOp> asyncCopies;
  /// Reads of a buffer the loop carries in (a pipelined operand).
  SmallVector<LocalLoadOp> localLoads;
  SmallVector<LocalStoreOp> localStores;
  SmallVector<DotOp> dots;
  SmallVector<DotScaledOp> scaledDots;
};

LoopOps collectLoopOps(scf::ForOp loop) {
  LoopOps ops;
  loop.getBody()->walk([&](Operation *op) {
    if (auto load = dyn_cast<LoadOp>(op))
      ops.globalLoads.push_back(load);
    else if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op))
      ops.asyncCopies.push_back(copy);
    else if (auto store = dyn_cast<LocalStoreOp>(op))
      ops.localStores.push_back(store);
    else if (auto dot = dyn_cast<DotOp>(op))
      ops.dots.push_back(dot);
    else if (auto dot = dyn_cast<DotScaledOp>(op))
      ops.scaledDots.push_back(dot);
    else if (auto read = dyn_cast<LocalLoadOp>(op)) {
      // Only reads of what an earlier iteration stored: the schedule hides
      // nothing of a read of data stored in the same iteration.
      auto arg = dyn_cast<BlockArgument>(read.getSrc());
      if (arg && arg.getOwner() == loop.getBody() &&
          arg.getArgNumber() >= loop.getNumInductionVars())
        ops.localLoads.push_back(read);
    }
  });
  return ops;
}

/// The ops of type T nearest to `value` on each path through its operands,
/// within the loop body (a loop-carried value continues at what the loop
/// yields for it).
template <typename T>
void findNearestProducers(Value value, llvm::SetVector<T> &found) {
  llvm::DenseSet<Value> seen;
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (loop && arg.getArgNumber() >= loop.getNumInductionVars())
        worklist.push_back(
            loop.getYieldedValues()[arg.getArgNumber() -
                                    loop.getNumInductionVars()]);
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (auto typed = dyn_cast<T>(def)) {
      found.insert(typed);
      continue;
    }
    for (Value operand : def->getOperands())
      worklist.push_back(operand);
  }
}

/// A loop of a persistent GEMM: one dot, preceded by one scf.if on an
/// equality (the tile's first iteration) and followed by one more (its
/// last, the epilogue).
bool isPersistentGemm(scf::ForOp loop) {
  int ifsBeforeDot = 0, ifsAfterDot = 0, dots = 0;
  for (Operation &op : *loop.getBody()) {
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      auto cmp = branch.getCondition().getDefiningOp<arith::CmpIOp>();
      if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::eq)
        return false;
      int &count = dots ? ifsAfterDot : ifsBeforeDot;
      if (++count > 1)
        return false;
    } else if (isa<DotOp>(op)) {
      if (dots++ || ifsBeforeDot != 1)
        return false;
    }
  }
  return dots == 1 && ifsBeforeDot == 1 && ifsAfterDot == 1;
}

/// How many of `ops` (those not feeding the dot) run in an iteration of
/// `loop`: one each in the body; in an scf.if, the larger branch's count
/// (the else branch's for a persistent GEMM, whose ifs are rarely taken);
/// one each elsewhere.
template <typename T>
int64_t countPerIteration(scf::ForOp loop, ArrayRef<T> ops,
                          bool persistent) {
  llvm::DenseSet<Operation *> counted;
  int64_t count = 0;
  for (T op : ops) {
    Operation *parent = op->getParentOp();
    if (parent == loop.getOperation()) {
      ++count;
      continue;
    }
    if (!counted.insert(parent).second)
      continue;
    auto branch = dyn_cast<scf::IfOp>(parent);
    if (!branch) {
      ++count;
      continue;
    }
    auto inBlock = [](Block *block) -> int64_t {
      if (!block)
        return 0;
      auto range = block->getOps<T>();
      return std::distance(range.begin(), range.end());
    };
    int64_t thenCount = inBlock(branch.thenBlock());
    int64_t elseCount = inBlock(branch.elseBlock());
    count += persistent ? elseCount : std::max(thenCount, elseCount);
  }
  return count;
}

/// Moves `ops` of a block into a new order, starting after `anchor`.
class Placer {
public:
  explicit Placer(Operation *anchor) : last(anchor) {}

  void append(Operation *op) {
    op->moveAfter(last);
    last = op;
  }

  /// Moves `op` to just after the last placed op, with the ops of the block
  /// it depends on that are not yet before that point. `op` moving down past
  /// a user stays where it is.
  void moveUpWithProducers(Operation *op) {
    Operation *at = last;
    if (!at->isBeforeInBlock(op)) {
      bool usedBefore = llvm::any_of(op->getUsers(), [&](Operation *user) {
        return user != at && user->getBlock() == at->getBlock() &&
               user->isBeforeInBlock(at);
      });
      if (!usedBefore)
        append(op);
      return;
    }
    llvm::SetVector<Operation *> producers;
    BackwardSliceOptions options;
    options.omitBlockArguments = true;
    options.filter = [&](Operation *candidate) {
      return candidate->getBlock() == at->getBlock() &&
             at->isBeforeInBlock(candidate);
    };
    (void)getBackwardSlice(op, &producers, options);
    for (Operation *producer : producers)
      append(producer);
    append(op);
  }

  Operation *last;
};

/// Whether moving memory reads of the loop body earlier is safe: the body
/// writes no global memory (a moved load could pass a store to the same
/// address) and calls nothing. LDS writes are the ring buffers' stores,
/// which come after the reads they could conflict with.
bool onlyReadsGlobalMemory(scf::ForOp loop) {
  WalkResult result = loop.getBody()->walk([](Operation *op) {
    if (isa<LocalStoreOp, LocalAllocOp, LocalDeallocOp>(op) ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects || effects.hasEffect<MemoryEffects::Write>() ||
        effects.hasEffect<MemoryEffects::Free>())
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

int64_t numWarpsOf(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto attr = op->getAttrOfType<IntegerAttr>(kNumWarpsAttrName))
      return attr.getInt();
  return 0;
}

/// 3.6's one-cluster schedule (see the file comment).
void scheduleOneCluster(scf::ForOp loop, DotOp dot,
                        ArrayRef<LoadOp> globalLoads,
                        ArrayRef<LocalLoadOp> localLoads) {
  OpBuilder b(dot);
  Location loc = loop.getLoc();
  auto setprio = [&](uint16_t priority) {
    return ROCDL::SetPrioOp::create(b, loc, priority).getOperation();
  };
  auto schedBarrier = [&](uint32_t mask) {
    return ROCDL::SchedBarrier::create(b, loc, mask).getOperation();
  };
  // Memory ops may not cross into the dot cluster; other ops may.
  Operation *beforeDot = schedBarrier(1);

  Placer memory(localLoads[0]);
  memory.append(setprio(1));
  memory.moveUpWithProducers(globalLoads[0]);
  memory.append(schedBarrier(0));
  memory.moveUpWithProducers(localLoads[1]);
  memory.append(setprio(0));
  memory.moveUpWithProducers(globalLoads[1]);

  Placer compute(beforeDot);
  compute.append(setprio(1));
  compute.append(dot);
  compute.append(setprio(0));
}

void pingpong(scf::ForOp loop, int64_t numStages) {
  // The schedule relies on the pipeliner having moved the global loads a
  // stage ahead of the dot.
  if (numStages <= 1)
    return;
  LoopOps ops = collectLoopOps(loop);
  size_t dotLike = ops.dots.size() + ops.scaledDots.size();
  // Two chained dots (3.6 schedules them at 4 stages), scaled dots (3.6's
  // gfx950 schedules) and direct-to-LDS loops (its 8-warp schedules): not
  // built.
  if (dotLike != 1 || !ops.scaledDots.empty() || !ops.asyncCopies.empty())
    return;
  if (ops.globalLoads.size() < 2 || ops.localLoads.size() < 2)
    return;
  DotOp dot = ops.dots.front();
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto operand =
      dyn_cast_or_null<DotOperandEncodingAttr>(aType.getEncoding());
  if (!operand || !isa<AMDMfmaEncodingAttr>(operand.getParent()) ||
      aType.getRank() != 2 || !aType.getElementType().isIntOrFloat())
    return;

  // The memory ops that feed the dot: its operands' LDS reads, the stores
  // into the slots they read, the global loads those store.
  llvm::SetVector<LocalLoadOp> dotReads;
  findNearestProducers(dot.getA(), dotReads);
  findNearestProducers(dot.getB(), dotReads);
  llvm::SetVector<MemDescIndexOp> slots;
  for (LocalLoadOp read : dotReads)
    findNearestProducers(read.getSrc(), slots);
  llvm::SetVector<LocalStoreOp> dotStores;
  for (MemDescIndexOp slot : slots)
    for (Operation *user : slot->getUsers())
      if (auto store = dyn_cast<LocalStoreOp>(user))
        dotStores.insert(store);
  llvm::SetVector<LoadOp> dotLoads;
  for (LocalStoreOp store : dotStores)
    findNearestProducers(store.getSrc(), dotLoads);

  // Other memory ops would change the clusters' balance, unless they sit in
  // a persistent GEMM's rarely taken branches.
  bool persistent = isPersistentGemm(loop);
  SmallVector<LoadOp> globalLoads, otherGlobalLoads;
  for (LoadOp load : ops.globalLoads)
    (dotLoads.contains(load) ? globalLoads : otherGlobalLoads).push_back(load);
  SmallVector<LocalLoadOp> localLoads, otherLocalLoads;
  for (LocalLoadOp read : ops.localLoads)
    (dotReads.contains(read) ? localLoads : otherLocalLoads).push_back(read);
  SmallVector<LocalStoreOp> otherStores;
  for (LocalStoreOp store : ops.localStores)
    if (!dotStores.contains(store))
      otherStores.push_back(store);
  if (countPerIteration<LoadOp>(loop, otherGlobalLoads, persistent) ||
      countPerIteration<LocalLoadOp>(loop, otherLocalLoads, persistent) ||
      countPerIteration<LocalStoreOp>(loop, otherStores, persistent))
    return;
  if (globalLoads.size() != 2 || localLoads.size() != 2)
    return;
  // The schedule moves the operands' loads within the loop body.
  for (Operation *op : {globalLoads[0].getOperation(),
                        globalLoads[1].getOperation(),
                        localLoads[0].getOperation(),
                        localLoads[1].getOperation()})
    if (op->getBlock() != loop.getBody() || !op->isBeforeInBlock(dot))
      return;
  if (!onlyReadsGlobalMemory(loop))
    return;

  // Tile size in bits of M x N x K: 3.6's bounds for the one-cluster
  // schedule (32x128x64 to 128x128x64 at 16 bits).
  ArrayRef<int64_t> result = cast<RankedTensorType>(dot.getType()).getShape();
  int64_t tileBits = result[0] * result[1] * aType.getShape()[1] *
                     aType.getElementType().getIntOrFloatBitWidth();
  const int64_t minTileBits = int64_t(32) * 128 * 64 * 16;
  const int64_t smallTileBits = int64_t(128) * 128 * 64 * 16;
  if (numWarpsOf(loop) == 4 && tileBits >= minTileBits &&
      tileBits <= smallTileBits)
    scheduleOneCluster(loop, dot, globalLoads, localLoads);
}

struct BlockPingpongPass
    : public amdgpu::impl::TritonAMDGPUBlockPingpongBase<BlockPingpongPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      pingpong(loop, numStages);
  }
};

} // namespace
