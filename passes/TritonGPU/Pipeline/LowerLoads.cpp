//===- LowerLoads.cpp - Pipelined loads become multi-buffered async copies ===//
//
// A load issued `d` stages before its first use needs `d` buffers (one per
// iteration in flight); a warp-group dot reads its shared operand after the
// next iteration's copies start, so its loads get one more. Loads needing
// the same number of buffers share two counters: one for where the next copy
// goes, one for where the next read comes from. Both are iter_args rather
// than one counter carried across stages, so that each stage computes its
// own instead of keeping a value alive across iterations.
//
// Pointer loads become cp.async copies waited for through their commit
// groups' tokens; descriptor loads become TMA copies that arrive on an
// mbarrier per slot (TMABarriers.h), waited for at the phase the barrier
// completes: it flips each time the read counter wraps around, a third
// counter of the group.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Pipeline/AsyncLoads.h"
#include "passes/TritonGPU/Pipeline/Pipeline.h"
#include "passes/TritonGPU/Pipeline/TMABarriers.h"

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/TMA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

namespace {

using Cluster = CoarseSchedule::Cluster;

struct AsyncLoad {
  /// A tt.load (cp.async) or a tt.descriptor_load (TMA).
  Operation *load;
  int numBuffers;
  Attribute encoding;
  /// cp.async: read off the axis info while the loop is the analysed one.
  unsigned contiguity;
  Value alloc;
  /// TMA: the view of the barrier its copy arrives on, and the wait for it.
  Value barrier;
  Operation *wait = nullptr;

  bool isTMA() const { return isa<DescriptorLoadOp>(load); }
};

struct LoadGroup {
  Value insertIdx;
  Value extractIdx;
  /// With TMA loads: the phase of the barrier at extractIdx to wait for.
  Value phase;
  bool hasTMA = false;
};

/// The body ops (top-level ancestors) using `op`'s results. A memdesc view
/// only renames the buffer, so its users count instead; a yielded value
/// counts through the loop-carried value's users (the next iteration's).
SmallVector<Operation *> topLevelUsers(Operation *op, Block *body) {
  SmallVector<Operation *> users;
  SmallVector<OpOperand *> worklist;
  DenseSet<Value> seen;
  auto pushUses = [&](Value value) {
    if (seen.insert(value).second)
      for (OpOperand &use : value.getUses())
        worklist.push_back(&use);
  };
  for (Value result : op->getResults())
    pushUses(result);
  while (!worklist.empty()) {
    OpOperand *use = worklist.pop_back_val();
    Operation *owner = use->getOwner();
    if (owner == body->getTerminator()) {
      pushUses(body->getArgument(use->getOperandNumber() + 1));
      continue;
    }
    if (isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp, MemDescIndexOp,
            MemDescReinterpretOp>(owner)) {
      pushUses(owner->getResult(0));
      continue;
    }
    Operation *inBody = body->findAncestorOpInBlock(*owner);
    if (inBody && !llvm::is_contained(users, inBody))
      users.push_back(inBody);
  }
  return users;
}

/// Users of the load, and of the local_allocs it feeds (which the buffer
/// view replaces).
SmallVector<Operation *> effectiveUsers(Operation *load, Block *body) {
  SmallVector<Operation *> users = topLevelUsers(load, body);
  for (Operation *user : SmallVector<Operation *>(users))
    if (isa<LocalAllocOp>(user))
      for (Operation *allocUser : topLevelUsers(user, body))
        if (!llvm::is_contained(users, allocUser))
          users.push_back(allocUser);
  return users;
}

/// Stages between the load and its earliest user: the buffers the load
/// needs. A user in a cluster after the load's reads its slot after the
/// next iteration's copy into the following slot started, so it counts one
/// stage later; a barrier wait on the buffer holds it until the wait's stage,
/// so the latest wait counts.
int defUseStageDiff(Operation *load, Block *body,
                    const CoarseSchedule &schedule) {
  auto [defStage, defCluster] = schedule.lookup(load);
  std::optional<int> useStage;
  std::optional<int> waitStage;
  for (Operation *user : effectiveUsers(load, body)) {
    if (!schedule.count(user))
      continue;
    auto [stage, cluster] = schedule.lookup(user);
    if (isa<nvidia_gpu::WaitBarrierOp>(user))
      waitStage = std::max(stage, waitStage.value_or(stage));
    if (schedule.isBefore(defCluster, cluster))
      ++stage;
    useStage = std::min(stage, useStage.value_or(stage));
  }
  if (waitStage)
    useStage = std::max(*waitStage, *useStage);
  return useStage ? *useStage - defStage : 0;
}

/// Whether the scheduled `a` runs before `b` in the pipelined body.
bool runsBefore(Operation *a, Operation *b, const CoarseSchedule &schedule) {
  auto [stageA, clusterA] = schedule.lookup(a);
  auto [stageB, clusterB] = schedule.lookup(b);
  if (stageA != stageB)
    return stageA < stageB;
  if (clusterA != clusterB)
    return schedule.isBefore(clusterA, clusterB);
  return a->isBeforeInBlock(b);
}

/// The user that runs first in the pipelined body.
Operation *firstUser(Operation *load, Block *body,
                     const CoarseSchedule &schedule) {
  Operation *first = nullptr;
  for (Operation *user : topLevelUsers(load, body))
    if (schedule.count(user) && (!first || runsBefore(user, first, schedule)))
      first = user;
  return first;
}

/// Whether `op`, or an op reading it through memdesc views (a transposed
/// view may feed several dots: one's B and another's A), is a warp-group dot.
bool readByWarpGroupDot(Operation *op) {
  if (isa<nvidia_gpu::WarpGroupDotOp>(op))
    return true;
  if (!isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp>(op))
    return false;
  return llvm::any_of(op->getUsers(), readByWarpGroupDot);
}

/// A warp-group dot reads the buffer while the next iteration's copies run.
bool needsExtraBuffer(Operation *load) {
  for (Operation *user : load->getUsers())
    if (auto alloc = dyn_cast<LocalAllocOp>(user))
      if (llvm::any_of(alloc->getUsers(), readByWarpGroupDot))
        return true;
  return false;
}

/// (counter + 1) wrapped to 0 at `modulus`.
Value incrementModulo(OpBuilder &builder, Location loc, Value counter,
                      Value modulus, Value zero, Value one,
                      SmallVectorImpl<Operation *> &created) {
  auto add = arith::AddIOp::create(builder, loc, counter, one);
  auto wrap = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge,
                                    add, modulus);
  auto select = arith::SelectOp::create(builder, loc, wrap, zero, add);
  created.append({add, wrap, select});
  return select;
}

/// Points `use` at `replacement`, a mutable view of the same data: memdesc
/// views in between take the mutability along, down chains of views (the
/// K slices of a reinterpreted or transposed slot).
void replaceWithMutableView(OpOperand &use, Value replacement) {
  use.set(replacement);
  SmallVector<Operation *> views{use.getOwner()};
  while (!views.empty()) {
    Operation *user = views.pop_back_val();
    if (!isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp,
             MemDescIndexOp, MemDescReinterpretOp>(user))
      continue;
    auto oldType = cast<MemDescType>(user->getResult(0).getType());
    if (oldType.getMutableMemory())
      continue;
    auto newType = MemDescType::get(
        oldType.getContext(), oldType.getShape(), oldType.getElementType(),
        oldType.getEncoding(), oldType.getMemorySpace(),
        /*mutableMemory=*/true, oldType.getAllocShape());
    user->getResult(0).setType(newType);
    llvm::append_range(views, user->getUsers());
  }
}

bool isZeroConstant(Value value) {
  return value && (matchPattern(value, m_Zero()) ||
                   matchPattern(value, m_PosZeroFloat()));
}

/// Whether the load's masked-off elements take a value cp.async cannot
/// write (anything but zero).
bool hasNonZeroOther(Operation *op) {
  auto load = dyn_cast<LoadOp>(op);
  return load && load.getOther() && !isZeroConstant(load.getOther());
}

/// Replaces the local_allocs of `load` in `encoding` (null: none) by `view`
/// (the buffer slot holds the data already); other uses read the slot with a
/// local_load after `token` (if any) at `useAt`. Returns that local_load, if
/// any.
LocalLoadOp replaceLoadedValue(OpBuilder &builder, Operation *load,
                               Attribute encoding, Value view, Value token,
                               std::pair<int, Cluster> useAt,
                               CoarseSchedule &schedule) {
  for (Operation *loadUser : llvm::make_early_inc_range(load->getUsers())) {
    auto alloc = dyn_cast<LocalAllocOp>(loadUser);
    if (!alloc || alloc.getType().getEncoding() != encoding)
      continue;
    for (OpOperand &use : llvm::make_early_inc_range(alloc->getUses()))
      replaceWithMutableView(use, view);
    schedule.ops.erase(alloc);
    alloc.erase();
  }
  if (load->use_empty())
    return {};
  auto localLoad = LocalLoadOp::create(
      builder, load->getLoc(), load->getResult(0).getType(), view, token);
  schedule.insert(localLoad, useAt.first, useAt.second);
  return localLoad;
}

void lowerAsyncCopy(OpBuilder &builder, AsyncLoad &async, LoadGroup &group,
                    Block *body, CoarseSchedule &schedule) {
  auto load = cast<LoadOp>(async.load);
  MLIRContext *context = load.getContext();
  Location loc = load.getLoc();
  auto loadAt = schedule.lookup(load);
  auto useAt = schedule.lookup(firstUser(load, body, schedule));
  builder.setInsertionPoint(load);
  Value insertView = createSlotView(builder, loc, async.alloc, group.insertIdx);
  // cp.async fills masked-off elements with zeros; any other `other` is
  // selected in after the local_load (below), so the copy only carries a
  // zero one. (3.6 leaves a non-zero `other` on the copy too and its
  // lowering ignores it.)
  Value other = load.getOther();
  if (other && !isZeroConstant(other))
    other = Value();
  auto copy = AsyncCopyGlobalToLocalOp::create(
      builder, loc, AsyncTokenType::get(context), load.getPtr(), insertView,
      load.getMask(), other, load.getCache(), load.getEvict(),
      load.getIsVolatile(), async.contiguity);
  auto commit = AsyncCommitGroupOp::create(
      builder, loc, AsyncTokenType::get(context), ValueRange{copy.getToken()});
  for (Operation *op :
       {insertView.getDefiningOp(), copy.getOperation(), commit.getOperation()})
    schedule.insert(op, loadAt.first, loadAt.second);

  auto wait = AsyncWaitOp::create(builder, loc, AsyncTokenType::get(context),
                                  ValueRange{commit.getResult()}, 0);
  Value extractView =
      createSlotView(builder, loc, async.alloc, group.extractIdx);
  schedule.insert(wait, useAt.first, useAt.second);
  schedule.insert(extractView.getDefiningOp(), useAt.first, useAt.second);
  // With a non-zero `other`, no use may read the slot directly (its
  // masked-off elements are zeros): the local_allocs stay, fed from
  // registers after the select below.
  Attribute allocEncoding =
      hasNonZeroOther(load) ? Attribute() : async.encoding;
  LocalLoadOp localLoad =
      replaceLoadedValue(builder, load, allocEncoding, extractView,
                         wait.getResult(), useAt, schedule);
  if (localLoad) {
    Value result = localLoad;
    // cp.async fills masked-off elements with zeros.
    if (load.getOther() && !isZeroConstant(load.getOther())) {
      auto select = arith::SelectOp::create(builder, loc, load.getMask(),
                                            localLoad, load.getOther());
      schedule.insert(select, useAt.first, useAt.second);
      result = select;
    }
    load.getResult().replaceAllUsesWith(result);
  }
  schedule.ops.erase(load);
  load.erase();
}

/// The copy goes where the load was; the slot is read after the group's
/// barrier wait (views made right after it, the order the pipelined-loop
/// tests compare with Triton 3.6's text).
void lowerTMALoad(OpBuilder &builder, AsyncLoad &async, LoadGroup &group,
                  Block *body, CoarseSchedule &schedule) {
  auto load = cast<DescriptorLoadOp>(async.load);
  Location loc = load.getLoc();
  auto loadAt = schedule.lookup(load);
  auto useAt = schedule.lookup(firstUser(load, body, schedule));
  builder.setInsertionPoint(load);
  Value insertView = createSlotView(builder, loc, async.alloc, group.insertIdx);
  // Predicated off past the loop's end by the expansion.
  Value truePred = arith::ConstantIntOp::create(builder, loc, 1, 1);
  auto copy = nvidia_gpu::AsyncTMACopyGlobalToLocalOp::create(
      builder, loc, load.getDesc(), load.getIndices(), insertView,
      async.barrier, truePred, load.getCache(), load.getEvict(),
      /*isVolatile=*/false);
  for (Operation *op : {insertView.getDefiningOp(), truePred.getDefiningOp(),
                        copy.getOperation()})
    schedule.insert(op, loadAt.first, loadAt.second);

  builder.setInsertionPointAfter(async.wait);
  Value extractView =
      createSlotView(builder, loc, async.alloc, group.extractIdx);
  schedule.insert(extractView.getDefiningOp(), useAt.first, useAt.second);
  if (LocalLoadOp localLoad = replaceLoadedValue(
          builder, load, async.encoding, extractView, Value(), useAt, schedule))
    load.getResult().replaceAllUsesWith(localLoad.getResult());
  schedule.ops.erase(load);
  load.erase();
}

/// The barriers of the TMA loads, one array per group sharing them: each
/// copy group's first load tells the slot's barrier the bytes of the whole
/// group, and the group's first user waits for it. Returns the arrays.
SmallVector<Value> createTMABarriers(scf::ForOp forOp,
                                     MutableArrayRef<AsyncLoad> asyncLoads,
                                     llvm::MapVector<int, LoadGroup> &groups,
                                     CoarseSchedule &schedule) {
  Block *body = forOp.getBody();
  SmallVector<Operation *> tmaLoads;
  DenseMap<Operation *, int> numBuffers;
  DenseMap<Operation *, AsyncLoad *> asyncOf;
  for (AsyncLoad &async : asyncLoads) {
    if (!async.isTMA())
      continue;
    tmaLoads.push_back(async.load);
    numBuffers[async.load] = async.numBuffers;
    asyncOf[async.load] = &async;
  }
  SmallVector<Value> barrierArrays;
  Location loopLoc = forOp.getLoc();
  OpBuilder builder(forOp);
  auto module = forOp->getParentOfType<ModuleOp>();
  auto numCTAs = module->getAttrOfType<IntegerAttr>(kNumCTAsAttrName);
  for (SmallVector<Operation *> &members :
       groupLoadsByBarrier(body, tmaLoads, numBuffers, schedule)) {
    int buffers = numBuffers.lookup(members.front());
    LoadGroup &group = groups[buffers];
    builder.setInsertionPoint(forOp);
    Value barriers = createBarriers(builder, loopLoc, buffers,
                                    numCTAs ? numCTAs.getInt() : 1);
    barrierArrays.push_back(barriers);

    // Each CTA's barrier counts the bytes of its own copies: one CTA's tile
    // of each block (the whole block outside clusters).
    int64_t bytes = 0;
    Operation *first = nullptr;
    for (Operation *load : members) {
      bytes += nvidia_gpu::getTMATileBytes(
          cast<DescriptorLoadOp>(load).getDesc().getType().getBlockType());
      Operation *user = firstUser(load, body, schedule);
      if (user && (!first || runsBefore(user, first, schedule)))
        first = user;
    }
    auto loadAt = schedule.lookup(members.front());
    builder.setInsertionPoint(members.front());
    Value barrier = createSlotView(builder, loopLoc, barriers, group.insertIdx);
    Value truePred = arith::ConstantIntOp::create(builder, loopLoc, 1, 1);
    auto expect = nvidia_gpu::BarrierExpectOp::create(builder, loopLoc, barrier,
                                                      bytes, truePred);
    for (Operation *op : {barrier.getDefiningOp(), truePred.getDefiningOp(),
                          expect.getOperation()})
      schedule.insert(op, loadAt.first, loadAt.second);

    auto useAt = first ? schedule.lookup(first) : loadAt;
    builder.setInsertionPointAfter(members.back());
    Value ready = createSlotView(builder, loopLoc, barriers, group.extractIdx);
    auto wait = nvidia_gpu::WaitBarrierOp::create(
        builder, loopLoc, ready, group.phase, Value(), ValueRange{});
    schedule.insert(ready.getDefiningOp(), useAt.first, useAt.second);
    schedule.insert(wait, useAt.first, useAt.second);
    for (Operation *load : members) {
      asyncOf[load]->barrier = barrier;
      asyncOf[load]->wait = wait;
    }
  }
  return barrierArrays;
}

/// Makes the scalar `load` a load of a one-element tensor (cp.async copies
/// tensors): its pointer, mask and other are splat where it is, and a
/// tt.unsplat at its first user's stage gives the users their scalar.
void tensorizeScalarLoad(LoadOp load, Block *body, CoarseSchedule &schedule) {
  MLIRContext *context = load.getContext();
  Location loc = load.getLoc();
  auto module = load->getParentOfType<ModuleOp>();
  auto intAttr = [&](StringRef name, int64_t fallback) {
    auto attr =
        module ? module->getAttrOfType<IntegerAttr>(name) : IntegerAttr();
    return attr ? attr.getInt() : fallback;
  };
  auto encoding = getDefaultBlockedEncoding(
      context, {1}, intAttr(kNumWarpsAttrName, 4),
      intAttr(kThreadsPerWarpAttrName, 32), intAttr(kNumCTAsAttrName, 1));
  auto loadAt = schedule.lookup(load);
  auto useAt = schedule.lookup(firstUser(load, body, schedule));
  OpBuilder builder(load);
  auto splat = [&](Value scalar) -> Value {
    auto type = RankedTensorType::get({1}, scalar.getType(), encoding);
    // A constant stays one, so that a zero `other` is still seen as zero.
    Attribute value;
    if (matchPattern(scalar, m_Constant(&value)))
      if (auto typed = dyn_cast<TypedAttr>(value)) {
        auto constant = arith::ConstantOp::create(
            builder, loc, DenseElementsAttr::get(type, typed));
        schedule.insert(constant, loadAt.first, loadAt.second);
        return constant;
      }
    auto op = SplatOp::create(builder, loc, type, scalar);
    schedule.insert(op, loadAt.first, loadAt.second);
    return op;
  };
  load.getPtrMutable().assign(splat(load.getPtr()));
  if (Value mask = load.getMask())
    load.getMaskMutable().assign(splat(mask));
  if (Value other = load.getOther())
    load.getOtherMutable().assign(splat(other));
  Type scalarType = load.getType();
  load.getResult().setType(RankedTensorType::get({1}, scalarType, encoding));
  builder.setInsertionPointAfter(load);
  auto unsplat = UnsplatOp::create(builder, loc, scalarType, load.getResult());
  load.getResult().replaceAllUsesExcept(unsplat, unsplat);
  schedule.insert(unsplat, useAt.first, useAt.second);
}

} // namespace

bool pipeline::canLowerDescriptorLoads(scf::ForOp forOp,
                                       const CoarseSchedule &schedule) {
  Block *body = forOp.getBody();
  for (auto load : body->getOps<DescriptorLoadOp>())
    if (schedule.count(load) && defUseStageDiff(load, body, schedule) > 0 &&
        !canBeTMALoad(load))
      return false;
  return true;
}

void pipeline::lowerLoads(scf::ForOp &forOp, CoarseSchedule &schedule,
                          const ModuleAxisInfo &axis) {
  Block *body = forOp.getBody();
  SmallVector<AsyncLoad> asyncLoads;
  llvm::MapVector<int, LoadGroup> groups;
  for (Operation &op : body->without_terminator()) {
    if (!isa<LoadOp, DescriptorLoadOp>(op) || !schedule.count(&op))
      continue;
    int stageDiff = defUseStageDiff(&op, body, schedule);
    if (stageDiff == 0)
      continue;
    // A scalar of 32 bits or more fetched ahead (an index for the next
    // load's address) is copied as a one-element tensor.
    Type resultType = op.getResult(0).getType();
    if (auto load = dyn_cast<LoadOp>(op);
        load && resultType.isIntOrFloat() &&
        resultType.getIntOrFloatBitWidth() >= 32)
      tensorizeScalarLoad(load, body, schedule);
    auto type = dyn_cast<RankedTensorType>(op.getResult(0).getType());
    if (!type)
      continue;
    Attribute encoding;
    unsigned contiguity = 0;
    // Other loads stay loads; their values travel across stages in
    // registers.
    if (auto load = dyn_cast<LoadOp>(op)) {
      encoding = getPipelineSharedEncoding(load);
      if (!encoding || !canBeAsyncCopy(load, axis) ||
          getCopyVecBytes(type, encoding) < 4)
        continue;
      contiguity = getLoadContiguity(load, axis);
    } else {
      auto descLoad = cast<DescriptorLoadOp>(op);
      if (!canBeTMALoad(descLoad))
        continue;
      // TMA writes the descriptor's layout (at the load's rank).
      encoding = nvidia_gpu::getTMABufferEncoding(
          descLoad.getDesc().getType().getBlockType(), type.getShape());
    }
    if (!hasNonZeroOther(&op) && needsExtraBuffer(&op))
      ++stageDiff;
    asyncLoads.push_back({&op, stageDiff, encoding, contiguity, Value()});
    groups.insert({stageDiff, LoadGroup()});
    groups[stageDiff].hasTMA |= asyncLoads.back().isTMA();
  }
  if (asyncLoads.empty())
    return;

  MLIRContext *context = forOp.getContext();
  Location loopLoc = forOp.getLoc();
  OpBuilder builder(forOp);
  auto smem = SharedMemorySpaceAttr::get(context);
  for (AsyncLoad &async : asyncLoads) {
    auto type = cast<RankedTensorType>(async.load->getResult(0).getType());
    SmallVector<int64_t> shape{async.numBuffers};
    shape.append(type.getShape().begin(), type.getShape().end());
    auto bufferType =
        MemDescType::get(shape, type.getElementType(), async.encoding, smem,
                         /*mutableMemory=*/true);
    async.alloc = LocalAllocOp::create(builder, async.load->getLoc(),
                                       bufferType, Value(), IntegerAttr());
  }
  Value minusOne = arith::ConstantIntOp::create(builder, loopLoc, -1, 32);
  Value zero = arith::ConstantIntOp::create(builder, loopLoc, 0, 32);
  Value one = arith::ConstantIntOp::create(builder, loopLoc, 1, 32);

  // Per group: insert and extract counters from -1, then the phase from 0.
  SmallVector<Value> inits;
  for (auto &entry : groups) {
    inits.append({minusOne, minusOne});
    if (entry.second.hasTMA)
      inits.push_back(zero);
  }
  // The counters (and the slot count they wrap at) are made unscheduled at
  // the top of the body; scheduleDependencies below gives each the stage and
  // cluster of its earliest user.
  IRRewriter rewriter(context);
  FailureOr<LoopLikeOpInterface> newLoop = forOp.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location,
          ArrayRef<BlockArgument> args) -> SmallVector<Value> {
        OpBuilder::InsertionGuard guard(b);
        SmallVector<Value> yields;
        unsigned index = 0;
        for (auto &[numBuffers, group] : groups) {
          // Each group's counters go first in the body (so the last group's
          // come first, the order 3.6 prints).
          b.setInsertionPointToStart(args.front().getOwner());
          SmallVector<Operation *> insertOps, extractOps;
          Value modulus =
              arith::ConstantIntOp::create(b, loopLoc, numBuffers, 32);
          group.insertIdx = incrementModulo(b, loopLoc, args[index], modulus,
                                            zero, one, insertOps);
          group.extractIdx = incrementModulo(b, loopLoc, args[index + 1],
                                             modulus, zero, one, extractOps);
          yields.append({group.insertIdx, group.extractIdx});
          index += 2;
          if (group.hasTMA) {
            // The barrier of a slot completes a phase per round of the slots.
            Value wrapped = extractOps[1]->getResult(0);
            auto flipped = arith::XOrIOp::create(b, loopLoc, args[index], one);
            auto phase = arith::SelectOp::create(b, loopLoc, wrapped, flipped,
                                                 args[index]);
            group.phase = phase;
            yields.push_back(phase);
            ++index;
          }
        }
        return yields;
      });
  // The ops of the body moved to the new loop; the schedule still holds.
  forOp = cast<scf::ForOp>(newLoop->getOperation());
  body = forOp.getBody();

  SmallVector<Value> barrierArrays =
      createTMABarriers(forOp, asyncLoads, groups, schedule);
  bool anyAsyncCopy = false;
  for (AsyncLoad &async : asyncLoads) {
    LoadGroup &group = groups[async.numBuffers];
    if (async.isTMA()) {
      lowerTMALoad(builder, async, group, body, schedule);
    } else {
      lowerAsyncCopy(builder, async, group, body, schedule);
      anyAsyncCopy = true;
    }
  }
  scheduleDependencies(forOp, schedule);

  builder.setInsertionPointAfter(forOp);
  if (anyAsyncCopy)
    AsyncWaitOp::create(builder, loopLoc, AsyncTokenType::get(context),
                        ValueRange{}, 0);
  for (Value barriers : llvm::reverse(barrierArrays))
    destroyBarriers(builder, loopLoc, barriers);
  for (AsyncLoad &async : llvm::reverse(asyncLoads))
    LocalDeallocOp::create(builder, loopLoc, async.alloc);
}
