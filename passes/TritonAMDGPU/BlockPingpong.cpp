//===- BlockPingpong.cpp - -tritonamdgpu-block-pingpong -------------------===//
//
// Two warps share each SIMD of a CDNA compute unit. In a pipelined GEMM loop
// one of them can issue its MFMAs while the other issues its memory ops, if
// the loop body is split into a memory cluster and a dot cluster and each
// warp raises its priority (`s_setprio`) while it is in the dot cluster, so
// that the other cannot cut into it. `rocdl.sched.barrier`s keep LLVM's
// scheduler from mixing the clusters again.
//
// Built: Triton 3.6's schedules for one dot fed by two pipelined operands.
//
// 4 warps, one cluster (the two warps of a SIMD come from different
// programs, so no barrier is needed), tiles of 32x128x64 to 128x128x64
// 16-bit elements (larger ones keep too much data live through the dot;
// smaller ones are not bound by it):
//
//   local_load A; setprio 1; [global load A]; sched.barrier 0;
//   local_load B; setprio 0; [global load B]; ...; sched.barrier 1;
//   setprio 1; tt.dot; setprio 0
//
// 8 warps at 2 stages: the two warps of a SIMD are halves of one program.
// The dot is sliced along K (memdesc_subslice + local_load per slice) so
// that memory clusters alternate with dot clusters, each ended by a cluster
// barrier (gpu.barrier + sched.barrier 0, as Triton 3.6). Before the loop, the upper
// half of the warps waits at an extra barrier (amdg.cond_barrier), so from
// then on it runs one cluster behind the lower half: while one half is in a
// dot cluster the other is in a memory cluster. After the loop the lower
// half waits once to bring both together again. Memory and dot clusters
// alternate, so a write to the LDS slot (its own cluster) is separated from
// the other half's reads of it (memory clusters two barriers away) by a
// barrier in both halves' timelines.
//   - 256x128x64 (16 bits) tiles, two slices: [slice 0; load A; slice 1;
//     load B; s_barrier] [dot 0] [stores] [dot 1]
//   - 256x256x64 and larger, four slices: [load A; slice 0] [dot 0]
//     [load B; slice 1] [dot 1] [slices 2, 3] [dot 2] [stores] [dot 3]
//     (not for 16x16 MFMAs with kWidth 8, which spill registers there).
// Not built: 3.6's chained-dot (4 stages), direct-to-LDS and scaled-dot
// variants: such loops are left as they are.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
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

/// The dot of an 8-warp schedule cut along K: per slice, the subviews of
/// A's and B's LDS slots, their reads and the dot accumulating it.
struct SlicedDot {
  SmallVector<MemDescSubsliceOp> viewsA, viewsB;
  SmallVector<LocalLoadOp> readsA, readsB;
  SmallVector<DotOp> dots;
};

/// Whether `dot` can be cut into `numSlices` dots along K and scheduled:
/// its operands are the reads of `localLoads` used by it alone, K splits
/// into slices of at least 16 (the narrowest MFMA K), the global loads feed
/// only the LDS stores (the schedules move them down), and the stores come
/// after the reads (they overwrite the slots read) and can move up before
/// the last slice's dot without anything they need coming from the dot.
bool canSliceDot(scf::ForOp loop, DotOp dot, ArrayRef<LoadOp> globalLoads,
                 ArrayRef<LocalLoadOp> localLoads,
                 ArrayRef<LocalStoreOp> stores, unsigned numSlices) {
  for (LoadOp load : globalLoads)
    for (Operation *user : load->getUsers())
      if (!llvm::is_contained(stores, user))
        return false;
  for (Value v : {dot.getA(), dot.getB()}) {
    auto read = v.getDefiningOp<LocalLoadOp>();
    if (!read || !llvm::is_contained(localLoads, read) || !read->hasOneUse())
      return false;
    auto desc = cast<MemDescType>(read.getSrc().getType());
    if (desc.getRank() != 2)
      return false;
  }
  int64_t k = cast<RankedTensorType>(dot.getA().getType()).getShape()[1];
  if (k % numSlices || k / numSlices < 16)
    return false;
  for (LocalStoreOp store : stores) {
    if (store->getBlock() != loop.getBody())
      return false;
    for (LocalLoadOp read : localLoads)
      if (!read->isBeforeInBlock(store))
        return false;
    llvm::SetVector<Operation *> producers;
    BackwardSliceOptions options;
    options.omitBlockArguments = true;
    options.filter = [&](Operation *op) {
      return op->getBlock() == loop.getBody();
    };
    (void)getBackwardSlice(store.getOperation(), &producers, options);
    if (producers.contains(dot))
      return false;
  }
  return true;
}

/// Replaces `dot` by `numSlices` dots over K slices of its operands' LDS
/// slots, each accumulating into the previous one, created before `dot`
/// (the schedule places them). The operands' full reads are erased.
SlicedDot sliceDot(DotOp dot, Operation *insertAfter, unsigned numSlices) {
  SlicedDot sliced;
  OpBuilder b(insertAfter->getContext());
  b.setInsertionPointAfter(insertAfter);
  Location loc = dot.getLoc();
  int64_t width =
      cast<RankedTensorType>(dot.getA().getType()).getShape()[1] / numSlices;
  auto reads = {dot.getA().getDefiningOp<LocalLoadOp>(),
                dot.getB().getDefiningOp<LocalLoadOp>()};
  int opIdx = 0;
  for (LocalLoadOp read : reads) {
    auto desc = cast<MemDescType>(read.getSrc().getType());
    auto tensor = cast<RankedTensorType>(read.getType());
    // A is M x K, B is K x N.
    int kDim = opIdx == 0 ? 1 : 0;
    SmallVector<int64_t> shape(desc.getShape());
    shape[kDim] = width;
    auto viewType =
        MemDescType::get(b.getContext(), shape, desc.getElementType(),
                         desc.getEncoding(),
                         desc.getMemorySpace(), desc.getMutableMemory(),
                         desc.getAllocShape());
    auto sliceType = RankedTensorType::get(shape, tensor.getElementType(),
                                           tensor.getEncoding());
    for (unsigned i = 0; i < numSlices; ++i) {
      SmallVector<int32_t> offsets = {0, 0};
      offsets[kDim] = static_cast<int32_t>(i * width);
      auto view =
          MemDescSubsliceOp::create(b, loc, viewType, read.getSrc(), offsets);
      auto slice =
          LocalLoadOp::create(b, loc, sliceType, view, read.getToken());
      (opIdx == 0 ? sliced.viewsA : sliced.viewsB).push_back(view);
      (opIdx == 0 ? sliced.readsA : sliced.readsB).push_back(slice);
    }
    ++opIdx;
  }
  b.setInsertionPoint(dot);
  Value acc = dot.getC();
  for (unsigned i = 0; i < numSlices; ++i) {
    IRMapping mapping;
    mapping.map(dot.getA(), sliced.readsA[i].getResult());
    mapping.map(dot.getB(), sliced.readsB[i].getResult());
    mapping.map(dot.getC(), acc);
    auto part = cast<DotOp>(b.clone(*dot, mapping));
    acc = part.getResult();
    sliced.dots.push_back(part);
  }
  dot.getResult().replaceAllUsesWith(acc);
  dot->erase();
  for (LocalLoadOp read : reads)
    read->erase();
  return sliced;
}

/// The schedules of 8-warp programs, as sequences of placed ops.
class ClusterPlacer : public Placer {
public:
  ClusterPlacer(Operation *anchor, Location loc)
      : Placer(anchor), b(anchor->getContext()), loc(loc) {}

  Operation *create(function_ref<Operation *(OpBuilder &)> make) {
    b.setInsertionPointAfter(last);
    Operation *op = make(b);
    last = op;
    return op;
  }
  void schedBarrier() {
    create([&](OpBuilder &b) {
      return ROCDL::SchedBarrier::create(b, loc, 0).getOperation();
    });
  }
  /// The end of a cluster: every warp of the program waits here, and
  /// LLVM's scheduler moves nothing across.
  void clusterBarrier() {
    create([&](OpBuilder &b) {
      return mlir::gpu::BarrierOp::create(b, loc).getOperation();
    });
    schedBarrier();
  }
  void sliceReads(const SlicedDot &sliced, unsigned i) {
    append(sliced.viewsA[i]);
    append(sliced.readsA[i]);
    append(sliced.viewsB[i]);
    append(sliced.readsB[i]);
  }
  /// A dot cluster: the dot (with what its accumulator needs) at high
  /// priority.
  void dotAtHighPriority(DotOp dot) {
    create([&](OpBuilder &b) {
      return ROCDL::SetPrioOp::create(b, loc, 1).getOperation();
    });
    moveUpWithProducers(dot);
    create([&](OpBuilder &b) {
      return ROCDL::SetPrioOp::create(b, loc, 0).getOperation();
    });
  }


private:
  OpBuilder b;
  Location loc;
};

/// How both 8-warp schedules end: the next-to-last dot cluster, the LDS
/// stores (moved up with what they need, since a persistent GEMM may use the
/// dot's result before them), the last dot cluster, and the last cluster
/// barrier just before the yield, so that a persistent GEMM's epilogue does
/// not join the last dot cluster.
void finishWithStoresAndLastDot(ClusterPlacer &p, scf::ForOp loop,
                                const SlicedDot &sliced,
                                ArrayRef<LocalStoreOp> stores) {
  size_t n = sliced.dots.size();
  p.dotAtHighPriority(sliced.dots[n - 2]);
  p.clusterBarrier();
  p.moveUpWithProducers(stores[0]);
  p.moveUpWithProducers(stores[1]);
  p.clusterBarrier();
  p.dotAtHighPriority(sliced.dots[n - 1]);
  Operation *yield = loop.getBody()->getTerminator();
  OpBuilder b(yield);
  mlir::gpu::BarrierOp::create(b, loop.getLoc());
  ROCDL::SchedBarrier::create(b, loop.getLoc(), 0);
}

/// 3.6's two-cluster schedule for 256x128x64 tiles (see the file comment).
/// Its first memory cluster ends with a bare s_barrier: a gpu.barrier there
/// would wait for the slices' LDS reads, which the dot cluster can hide.
void scheduleTwoClusters(scf::ForOp loop, const SlicedDot &sliced,
                         ArrayRef<LoadOp> globalLoads,
                         ArrayRef<LocalStoreOp> stores) {
  Location loc = loop.getLoc();
  ClusterPlacer p(globalLoads[1], loc);
  p.sliceReads(sliced, 0);
  p.schedBarrier();
  p.append(globalLoads[0]);
  p.schedBarrier();
  p.sliceReads(sliced, 1);
  p.schedBarrier();
  p.append(globalLoads[1]);
  p.create([&](OpBuilder &b) {
    return ROCDL::SBarrierOp::create(b, loc).getOperation();
  });
  p.schedBarrier();
  finishWithStoresAndLastDot(p, loop, sliced, stores);
}

/// 3.6's four-cluster schedule for 256x256x64 and larger tiles.
void scheduleFourClusters(scf::ForOp loop, const SlicedDot &sliced,
                          ArrayRef<LoadOp> globalLoads,
                          ArrayRef<LocalStoreOp> stores) {
  Location loc = loop.getLoc();
  // The first global load stays where it is, before the anchor.
  ClusterPlacer p(globalLoads[1], loc);
  p.sliceReads(sliced, 0);
  p.clusterBarrier();
  p.dotAtHighPriority(sliced.dots[0]);
  p.clusterBarrier();
  p.append(globalLoads[1]);
  p.sliceReads(sliced, 1);
  p.clusterBarrier();
  p.dotAtHighPriority(sliced.dots[1]);
  p.clusterBarrier();
  p.sliceReads(sliced, 2);
  p.sliceReads(sliced, 3);
  p.clusterBarrier();
  finishWithStoresAndLastDot(p, loop, sliced, stores);
}

/// Before the loop (after a barrier that settles what came before), the
/// warps of the upper half of the program wait at one more barrier than the
/// lower half, so they run a cluster behind; after it the lower half waits
/// once, so both leave the loop together.
void holdUpperHalfOneClusterBehind(scf::ForOp loop, int64_t numWarps) {
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  mlir::gpu::BarrierOp::create(b, loc);
  int64_t threadsPerWarp = 64;
  if (auto module = loop->getParentOfType<ModuleOp>())
    if (auto attr =
            module->getAttrOfType<IntegerAttr>(kThreadsPerWarpAttrName))
      threadsPerWarp = attr.getInt();
  Type i32 = b.getI32Type();
  Value tid = ROCDL::ThreadIdXOp::create(b, loc, i32);
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value half = arith::ConstantIntOp::create(
      b, loc, numWarps / 2 * threadsPerWarp, 32);
  Value halfIndex = arith::DivSIOp::create(b, loc, tid, half);
  Value lower = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      halfIndex, zero);
  Value upper = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                      halfIndex, zero);
  amdgpu::CondBarrierOp::create(b, loc, upper);
  b.setInsertionPointAfter(loop);
  amdgpu::CondBarrierOp::create(b, loc, lower);
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

  // Tile size in bits of M x N x K: 3.6's bounds for each schedule.
  ArrayRef<int64_t> result = cast<RankedTensorType>(dot.getType()).getShape();
  int64_t tileBits = result[0] * result[1] * aType.getShape()[1] *
                     aType.getElementType().getIntOrFloatBitWidth();
  const int64_t minTileBits = int64_t(32) * 128 * 64 * 16;
  const int64_t smallTileBits = int64_t(128) * 128 * 64 * 16;
  const int64_t mediumTileBits = 2 * smallTileBits;
  const int64_t largeTileBits = int64_t(256) * 256 * 64 * 16;
  int64_t numWarps = numWarpsOf(loop);
  if (numWarps == 4) {
    if (tileBits >= minTileBits && tileBits <= smallTileBits)
      scheduleOneCluster(loop, dot, globalLoads, localLoads);
    return;
  }
  // Two warps of one program share each SIMD: 3.6 schedules them at 2
  // stages, where each operand has one LDS slot, stored once per iteration.
  if (numWarps != 8 || numStages != 2 || dotStores.size() != 2)
    return;
  unsigned numSlices;
  if (tileBits == mediumTileBits) {
    numSlices = 2;
  } else if (tileBits >= largeTileBits) {
    // 3.6 leaves these alone: 16x16 MFMAs with kWidth 8 spill registers.
    auto mfma = cast<AMDMfmaEncodingAttr>(operand.getParent());
    ArrayRef<unsigned> instr = mfma.getInstrShape();
    if (instr[0] == 16 && instr[1] == 16 && operand.getKWidth() == 8)
      return;
    numSlices = 4;
  } else {
    return;
  }
  if (!canSliceDot(loop, dot, globalLoads, localLoads,
                   dotStores.getArrayRef(), numSlices))
    return;
  SlicedDot sliced = sliceDot(dot, globalLoads[1], numSlices);
  if (numSlices == 2)
    scheduleTwoClusters(loop, sliced, globalLoads, dotStores.getArrayRef());
  else
    scheduleFourClusters(loop, sliced, globalLoads, dotStores.getArrayRef());
  holdUpperHalfOneClusterBehind(loop, numWarps);
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
