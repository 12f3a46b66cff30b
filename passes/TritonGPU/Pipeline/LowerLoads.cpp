//===- LowerLoads.cpp - Pipelined loads become multi-buffered cp.async ----===//
//
// A load issued `d` stages before its first use needs `d` buffers (one per
// iteration in flight); a warp-group dot reads its shared operand after the
// next iteration's copies start, so its loads get one more. Loads needing
// the same number of buffers share two counters: one for where the next copy
// goes, one for where the next read comes from. Both are iter_args rather
// than one counter carried across stages, so that each stage computes its
// own instead of keeping a value alive across iterations.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Pipeline/AsyncLoads.h"
#include "passes/TritonGPU/Pipeline/Pipeline.h"

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

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
  LoadOp load;
  int numBuffers;
  Attribute encoding;
  /// Read off the axis info while the loop is the analysed one.
  unsigned contiguity;
  Value alloc;
};

struct LoadGroup {
  Value insertIdx;
  Value extractIdx;
};

/// The body ops (top-level ancestors) using `op`'s results.
SmallVector<Operation *> topLevelUsers(Operation *op, Block *body) {
  SmallVector<Operation *> users;
  for (Operation *user : op->getUsers()) {
    Operation *inBody = body->findAncestorOpInBlock(*user);
    if (inBody && inBody != body->getTerminator() && !llvm::is_contained(users, inBody))
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

/// Stages between the load and its earliest user.
int defUseStageDiff(Operation *load, Block *body, const CoarseSchedule &schedule) {
  int defStage = schedule.lookup(load).first;
  std::optional<int> useStage;
  for (Operation *user : effectiveUsers(load, body)) {
    if (!schedule.count(user))
      continue;
    int stage = schedule.lookup(user).first;
    useStage = std::min(stage, useStage.value_or(stage));
  }
  return useStage ? *useStage - defStage : 0;
}

/// The user that runs first in the pipelined body.
Operation *firstUser(Operation *load, Block *body, const CoarseSchedule &schedule) {
  Operation *first = nullptr;
  for (Operation *user : topLevelUsers(load, body)) {
    if (!schedule.count(user))
      continue;
    if (!first) {
      first = user;
      continue;
    }
    auto [stage, cluster] = schedule.lookup(user);
    auto [firstStage, firstCluster] = schedule.lookup(first);
    if (stage < firstStage ||
        (stage == firstStage &&
         (schedule.isBefore(cluster, firstCluster) ||
          (cluster == firstCluster && user->isBeforeInBlock(first)))))
      first = user;
  }
  return first;
}

Operation *skipMemDescViews(Operation *op) {
  while (op && isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp>(op) &&
         op->hasOneUse())
    op = *op->getUsers().begin();
  return op;
}

/// A warp-group dot reads the buffer while the next iteration's copies run.
bool needsExtraBuffer(LoadOp load) {
  for (Operation *user : load->getUsers())
    if (auto alloc = dyn_cast<LocalAllocOp>(user))
      for (Operation *allocUser : alloc->getUsers())
        if (isa<nvidia_gpu::WarpGroupDotOp>(skipMemDescViews(allocUser)))
          return true;
  return false;
}

/// (counter + 1) wrapped to 0 at `modulus`.
Value incrementModulo(OpBuilder &builder, Location loc, Value counter, Value modulus, Value zero,
                      Value one, SmallVectorImpl<Operation *> &created) {
  auto add = arith::AddIOp::create(builder, loc, counter, one);
  auto wrap = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge, add, modulus);
  auto select = arith::SelectOp::create(builder, loc, wrap, zero, add);
  created.append({add, wrap, select});
  return select;
}

/// Points `use` at `replacement`, a mutable view of the same data: memdesc
/// views in between take the mutability along.
void replaceWithMutableView(OpOperand &use, Value replacement) {
  use.set(replacement);
  Operation *user = use.getOwner();
  if (!isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp, MemDescIndexOp>(user))
    return;
  auto oldType = cast<MemDescType>(user->getResult(0).getType());
  auto newType = MemDescType::get(oldType.getContext(), oldType.getShape(),
                                  oldType.getElementType(), oldType.getEncoding(),
                                  oldType.getMemorySpace(), /*mutableMemory=*/true,
                                  oldType.getAllocShape());
  user->getResult(0).setType(newType);
}

bool isZeroConstant(Value value) {
  return value && (matchPattern(value, m_Zero()) || matchPattern(value, m_PosZeroFloat()));
}

} // namespace

void pipeline::lowerLoads(scf::ForOp &forOp, CoarseSchedule &schedule,
                          const ModuleAxisInfo &axis) {
  Block *body = forOp.getBody();
  SmallVector<AsyncLoad> asyncLoads;
  llvm::MapVector<int, LoadGroup> groups;
  for (Operation &op : body->without_terminator()) {
    auto load = dyn_cast<LoadOp>(op);
    if (!load || !isa<RankedTensorType>(load.getType()) || !schedule.count(load))
      continue;
    int stageDiff = defUseStageDiff(load, body, schedule);
    if (stageDiff == 0)
      continue;
    Attribute encoding = getPipelineSharedEncoding(load);
    // Other loads stay loads; their values travel across stages in
    // registers.
    if (!encoding || !canBeAsyncCopy(load, axis) ||
        getCopyVecBytes(cast<RankedTensorType>(load.getType()), encoding) < 4)
      continue;
    if (needsExtraBuffer(load))
      ++stageDiff;
    asyncLoads.push_back({load, stageDiff, encoding, getLoadContiguity(load, axis), Value()});
    groups.insert({stageDiff, LoadGroup()});
  }
  if (asyncLoads.empty())
    return;

  MLIRContext *context = forOp.getContext();
  Location loopLoc = forOp.getLoc();
  OpBuilder builder(forOp);
  auto smem = SharedMemorySpaceAttr::get(context);
  for (AsyncLoad &async : asyncLoads) {
    auto type = cast<RankedTensorType>(async.load.getType());
    SmallVector<int64_t> shape{async.numBuffers};
    shape.append(type.getShape().begin(), type.getShape().end());
    auto bufferType = MemDescType::get(shape, type.getElementType(), async.encoding, smem,
                                       /*mutableMemory=*/true);
    async.alloc = LocalAllocOp::create(builder, async.load.getLoc(), bufferType, Value(),
                                       IntegerAttr());
  }
  Value minusOne = arith::ConstantIntOp::create(builder, loopLoc, -1, 32);
  Value zero = arith::ConstantIntOp::create(builder, loopLoc, 0, 32);
  Value one = arith::ConstantIntOp::create(builder, loopLoc, 1, 32);
  DenseMap<int, Value> modulus;
  for (auto &entry : groups)
    modulus[entry.first] = arith::ConstantIntOp::create(builder, loopLoc, entry.first, 32);

  // Where each group's counters advance: the insert one with the group's
  // first load, the extract one with the earliest first use.
  DenseMap<int, std::pair<int, Cluster>> insertAt, extractAt;
  for (AsyncLoad &async : asyncLoads) {
    if (!insertAt.count(async.numBuffers))
      insertAt[async.numBuffers] = schedule.lookup(async.load);
    Operation *user = firstUser(async.load, body, schedule);
    auto use = schedule.lookup(user);
    auto it = extractAt.find(async.numBuffers);
    if (it == extractAt.end() || use.first < it->second.first ||
        (use.first == it->second.first && schedule.isBefore(use.second, it->second.second)))
      extractAt[async.numBuffers] = use;
  }

  SmallVector<Value> inits;
  for (size_t i = 0; i < groups.size(); ++i)
    inits.append({minusOne, minusOne});
  IRRewriter rewriter(context);
  SmallVector<std::pair<Operation *, std::pair<int, Cluster>>> counterOps;
  FailureOr<LoopLikeOpInterface> newLoop = forOp.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location, ArrayRef<BlockArgument> args) -> SmallVector<Value> {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(args.front().getOwner());
        SmallVector<Value> yields;
        unsigned index = 0;
        for (auto &[numBuffers, group] : groups) {
          SmallVector<Operation *> insertOps, extractOps;
          group.insertIdx = incrementModulo(b, loopLoc, args[index], modulus[numBuffers], zero,
                                            one, insertOps);
          group.extractIdx = incrementModulo(b, loopLoc, args[index + 1], modulus[numBuffers],
                                             zero, one, extractOps);
          for (Operation *op : insertOps)
            counterOps.push_back({op, insertAt[numBuffers]});
          for (Operation *op : extractOps)
            counterOps.push_back({op, extractAt[numBuffers]});
          yields.append({group.insertIdx, group.extractIdx});
          index += 2;
        }
        return yields;
      });
  // The ops of the body moved to the new loop; the schedule still holds.
  forOp = cast<scf::ForOp>(newLoop->getOperation());
  body = forOp.getBody();
  for (auto &[op, at] : counterOps)
    schedule.insert(op, at.first, at.second);

  for (AsyncLoad &async : asyncLoads) {
    LoadOp load = async.load;
    Location loc = load.getLoc();
    auto loadAt = schedule.lookup(load);
    Operation *user = firstUser(load, body, schedule);
    auto useAt = schedule.lookup(user);
    LoadGroup &group = groups[async.numBuffers];
    auto bufferType = cast<MemDescType>(async.alloc.getType());
    auto viewType = MemDescType::get(bufferType.getShape().drop_front(),
                                     bufferType.getElementType(), bufferType.getEncoding(),
                                     bufferType.getMemorySpace(), /*mutableMemory=*/true);
    builder.setInsertionPoint(load);
    auto insertView =
        MemDescIndexOp::create(builder, loc, viewType, async.alloc, group.insertIdx);
    auto copy = AsyncCopyGlobalToLocalOp::create(
        builder, loc, AsyncTokenType::get(context), load.getPtr(), insertView, load.getMask(),
        load.getOther(), load.getCache(), load.getEvict(), load.getIsVolatile(),
        async.contiguity);
    auto commit = AsyncCommitGroupOp::create(builder, loc, AsyncTokenType::get(context),
                                             ValueRange{copy.getToken()});
    for (Operation *op : {insertView.getOperation(), copy.getOperation(), commit.getOperation()})
      schedule.insert(op, loadAt.first, loadAt.second);

    auto wait = AsyncWaitOp::create(builder, loc, AsyncTokenType::get(context),
                                    ValueRange{commit.getResult()}, 0);
    auto extractView =
        MemDescIndexOp::create(builder, loc, viewType, async.alloc, group.extractIdx);
    schedule.insert(wait, useAt.first, useAt.second);
    schedule.insert(extractView, useAt.first, useAt.second);

    // local_allocs of the loaded value become the buffer itself.
    for (Operation *loadUser : llvm::make_early_inc_range(load->getUsers())) {
      auto alloc = dyn_cast<LocalAllocOp>(loadUser);
      if (!alloc || alloc.getType().getEncoding() != async.encoding)
        continue;
      for (OpOperand &use : llvm::make_early_inc_range(alloc->getUses()))
        replaceWithMutableView(use, extractView);
      schedule.ops.erase(alloc);
      alloc.erase();
    }
    if (!load->use_empty()) {
      auto localLoad = LocalLoadOp::create(builder, loc, load.getType(), extractView,
                                           wait.getResult());
      schedule.insert(localLoad, useAt.first, useAt.second);
      Value result = localLoad;
      // cp.async fills masked-off elements with zeros.
      if (load.getOther() && !isZeroConstant(load.getOther())) {
        auto select = arith::SelectOp::create(builder, loc, load.getMask(), localLoad,
                                              load.getOther());
        schedule.insert(select, useAt.first, useAt.second);
        result = select;
      }
      load.getResult().replaceAllUsesWith(result);
    }
    schedule.ops.erase(load);
    load.erase();
  }

  builder.setInsertionPointAfter(forOp);
  AsyncWaitOp::create(builder, loopLoc, AsyncTokenType::get(context), ValueRange{}, 0);
  for (AsyncLoad &async : llvm::reverse(asyncLoads))
    LocalDeallocOp::create(builder, loopLoc, async.alloc);
}
