//===- CodePartition.cpp - -nvgpu-test-ws-code-partition -----------------===//
//
// Builds the ttg.warp_specialize of a function marked with async tasks. First
// every value the producer (task 0) makes for a consumer becomes a channel: a
// ring of shared-memory slots with a "full" and an "empty" mbarrier per slot,
// indexed by a count of handovers carried through the loops. Then the body is
// cloned once per task, each copy keeping the ops (and loop values) of its
// task: task 0 into the default region, the others into partitions.
//
// Upstream 3.6 goes through NVWS token ops (nvws.producer_acquire, ...) and
// lowers them in a later step; here the channels are built on mbarriers
// directly, the form that step produces.
//
//===----------------------------------------------------------------------===//

#include "passes/Hopper/AsyncTasks.h"
#include "passes/Hopper/Passes.h"

#include "dialects/TritonNvidiaGPU/IR/TMA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace triton {
namespace hopper {
#define GEN_PASS_DEF_NVGPUTESTWSCODEPARTITION
#include "passes/Hopper/Passes.h.inc"
} // namespace hopper
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::hopper;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// Warps of each consumer partition: one warp group, as wgmma needs.
constexpr int kPartitionWarps = 4;

using TaskList = SmallVector<AsyncTaskId, 4>;

TaskList unite(ArrayRef<AsyncTaskId> a, ArrayRef<AsyncTaskId> b) {
  TaskList all(a);
  all.append(b.begin(), b.end());
  llvm::sort(all);
  all.erase(llvm::unique(all), all.end());
  return all;
}

template <typename OpTy, typename... Args>
OpTy createMarked(OpBuilder &b, ArrayRef<AsyncTaskId> tasks, Args &&...args) {
  OpTy op = OpTy::create(b, std::forward<Args>(args)...);
  setAsyncTaskIds(op, tasks);
  return op;
}

/// A value of task 0 that consumer tasks read.
struct Channel {
  Operation *producer;
  Value value;
  SmallVector<OpOperand *> uses;
  TaskList consumers;
};

//===----------------------------------------------------------------------===//
// Channels
//===----------------------------------------------------------------------===//

/// The uses that hand a value over: iteration values (scf.yield, scf.for
/// initial values) only pass it on, their readers decide.
bool passesOn(Operation *user) { return isa<scf::YieldOp, scf::ForOp>(user); }

LogicalResult collectChannels(FuncOp func, SmallVector<Channel> &channels) {
  WalkResult result = func.walk([&](Operation *op) {
    TaskList own(getAsyncTaskIds(op));
    if (own.empty())
      return WalkResult::advance();
    for (Value value : op->getResults()) {
      Channel channel{op, value, {}, {}};
      for (OpOperand &use : value.getUses()) {
        Operation *user = use.getOwner();
        if (passesOn(user))
          continue;
        TaskList readers(getAsyncTaskIds(user));
        TaskList missing;
        for (AsyncTaskId task : readers)
          if (!llvm::is_contained(own, task))
            missing.push_back(task);
        if (missing.empty())
          continue;
        if (own != TaskList{0} || llvm::is_contained(readers, 0)) {
          user->emitError() << "handing a value from tasks ["
                            << llvm::make_range(own.begin(), own.end())
                            << "] to tasks ["
                            << llvm::make_range(readers.begin(), readers.end())
                            << "] is not supported yet: only the producer "
                               "task 0 hands values to consumer tasks";
          return WalkResult::interrupt();
        }
        channel.uses.push_back(&use);
        channel.consumers = unite(channel.consumers, missing);
      }
      if (channel.uses.empty())
        continue;
      if (!isa<RankedTensorType>(value.getType())) {
        op->emitError() << "handing a " << value.getType()
                        << " from the producer to consumers is not supported "
                           "yet: only tensors are";
        return WalkResult::interrupt();
      }
      for (OpOperand *use : channel.uses)
        if (!op->getBlock()->findAncestorOpInBlock(*use->getOwner())) {
          use->getOwner()->emitError()
              << "a consumer outside the block of its producer is not "
                 "supported yet";
          return WalkResult::interrupt();
        }
      channels.push_back(std::move(channel));
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// Handover counts
//===----------------------------------------------------------------------===//

/// `forOp` with one more i32 iteration value starting at `init`; the body
/// block (and so every op in it) is moved, not copied. The caller appends the
/// value to yield.
scf::ForOp addIterValue(scf::ForOp forOp, Value init, OpBuilder &b) {
  b.setInsertionPoint(forOp);
  SmallVector<Value> inits(forOp.getInitArgs());
  inits.push_back(init);
  auto newFor =
      scf::ForOp::create(b, forOp.getLoc(), forOp.getLowerBound(),
                         forOp.getUpperBound(), forOp.getStep(), inits);
  newFor->setAttrs(forOp->getAttrs());
  newFor.getRegion().takeBody(forOp.getRegion());
  newFor.getBody()->addArgument(init.getType(), forOp.getLoc());
  forOp.replaceAllUsesWith(newFor.getResults().drop_back());
  forOp.erase();
  return newFor;
}

/// The number of times `block` ran before, as a value at its start: 0 in the
/// function body, an i32 carried through the loops around it otherwise.
FailureOr<Value> createHandoverCount(FuncOp func, Block *block,
                                     ArrayRef<AsyncTaskId> tasks) {
  OpBuilder b(func.getContext());
  SmallVector<scf::ForOp> loops; // outermost first
  for (Operation *op = block->getParentOp(); !isa<FuncOp>(op);
       op = op->getParentOp()) {
    auto forOp = dyn_cast<scf::ForOp>(op);
    if (!forOp)
      return op->emitError()
             << "a channel inside '" << op->getName()
             << "' is not supported yet: only loops and the function body";
    loops.insert(loops.begin(), forOp);
  }
  if (loops.empty()) {
    b.setInsertionPointToStart(block);
    return createMarked<arith::ConstantIntOp>(b, tasks, func.getLoc(), 0, 32)
        .getResult();
  }
  b.setInsertionPoint(loops.front());
  Value init =
      createMarked<arith::ConstantIntOp>(b, tasks, func.getLoc(), 0, 32);
  for (scf::ForOp &forOp : loops) {
    forOp = addIterValue(forOp, init, b);
    addAsyncTaskIds(forOp, tasks);
    addAsyncTaskIds(forOp.getBody()->getTerminator(), tasks);
    init = forOp.getRegionIterArgs().back();
  }
  // The innermost loop counts its iterations; each outer one passes on the
  // count its inner loop ends with.
  Operation *yield = loops.back().getBody()->getTerminator();
  b.setInsertionPoint(yield);
  Location loc = loops.back().getLoc();
  Value one = createMarked<arith::ConstantIntOp>(b, tasks, loc, 1, 32);
  Value next = createMarked<arith::AddIOp>(b, tasks, loc, init, one);
  yield->insertOperands(yield->getNumOperands(), next);
  for (int i = loops.size() - 2; i >= 0; --i) {
    yield = loops[i].getBody()->getTerminator();
    yield->insertOperands(yield->getNumOperands(),
                          loops[i + 1].getResults().back());
  }
  return init;
}

//===----------------------------------------------------------------------===//
// Buffers and barriers
//===----------------------------------------------------------------------===//

Value createSlot(OpBuilder &b, ArrayRef<AsyncTaskId> tasks, Location loc,
                 Value ring, Value index) {
  auto type = cast<MemDescType>(ring.getType());
  auto slotType = MemDescType::get(type.getShape().drop_front(),
                                   type.getElementType(), type.getEncoding(),
                                   type.getMemorySpace(), /*mutable=*/true);
  auto slot = MemDescIndexOp::create(b, loc, slotType, ring, index);
  if (!tasks.empty())
    setAsyncTaskIds(slot, tasks);
  return slot;
}

/// `count` mbarriers in shared memory, each expecting `arrivals` arrivals.
Value createBarrierRing(OpBuilder &b, Location loc, int count, int arrivals) {
  MLIRContext *context = b.getContext();
  auto encoding =
      SwizzledSharedEncodingAttr::get(context, 1, 1, 1, {0}, BasisList());
  auto type = MemDescType::get({count, 1}, b.getI64Type(), encoding,
                               SharedMemorySpaceAttr::get(context),
                               /*mutableMemory=*/true);
  Value ring = LocalAllocOp::create(b, loc, type, Value(), IntegerAttr());
  for (int i = 0; i < count; ++i) {
    Value index = arith::ConstantIntOp::create(b, loc, i, 32);
    ttng::InitBarrierOp::create(b, loc, createSlot(b, {}, loc, ring, index),
                                arrivals);
  }
  return ring;
}

/// A consumer `ttg.local_alloc` that the slot can stand in for.
bool isSlotAlloc(Operation *user, MemDescType slotType) {
  auto alloc = dyn_cast<LocalAllocOp>(user);
  return alloc && alloc.getSrc() &&
         alloc.getType().getEncoding() == slotType.getEncoding() &&
         alloc.getType().getShape() == slotType.getShape();
}

/// Views of a slot are mutable like it.
void makeViewsMutable(Value value) {
  for (Operation *user : value.getUsers()) {
    if (!isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp,
             MemDescIndexOp, MemDescReinterpretOp>(user))
      continue;
    auto type = cast<MemDescType>(user->getResult(0).getType());
    if (type.getMutableMemory())
      continue;
    user->getResult(0).setType(MemDescType::get(
        type.getContext(), type.getShape(), type.getElementType(),
        type.getEncoding(), type.getMemorySpace(), true, type.getAllocShape()));
    makeViewsMutable(user->getResult(0));
  }
}

/// An unswizzled row-major shared layout for `type` in the module of `op`.
Attribute getPlainSharedEncoding(RankedTensorType type, Operation *op) {
  SmallVector<unsigned> order;
  for (int i = type.getRank() - 1; i >= 0; --i)
    order.push_back(i);
  auto module = op->getParentOfType<ModuleOp>();
  auto numCTAs = module->getAttrOfType<IntegerAttr>(kNumCTAsAttrName);
  return SwizzledSharedEncodingAttr::get(
      type.getContext(), 1, 1, 1, order,
      getDefaultCGALayout(numCTAs ? numCTAs.getInt() : 1, type.getRank()));
}

/// The shared layout of a channel's slots: the TMA layout of a descriptor
/// load, else that of the consumer allocations it would replace, else a
/// plain unswizzled one.
Attribute getSlotEncoding(const Channel &channel) {
  if (auto load = dyn_cast<DescriptorLoadOp>(channel.producer)) {
    RankedTensorType block = load.getDesc().getType().getBlockType();
    if (Attribute encoding =
            ttng::getTMABufferEncoding(block, load.getType().getShape()))
      return encoding;
  }
  Attribute encoding;
  for (OpOperand *use : channel.uses) {
    auto alloc = dyn_cast<LocalAllocOp>(use->getOwner());
    if (!alloc)
      continue;
    if (!encoding)
      encoding = alloc.getType().getEncoding();
    else if (encoding != alloc.getType().getEncoding())
      encoding = {};
  }
  if (encoding)
    return encoding;
  return getPlainSharedEncoding(cast<RankedTensorType>(channel.value.getType()),
                                channel.producer);
}

/// Rewrites one channel: the producer fills slot `count % numBuffers` after
/// it is empty and marks it full; the consumers read it once it is full and
/// mark it empty after their last use.
LogicalResult buildChannel(FuncOp func, Channel &channel, Value count,
                           int numBuffers, OpBuilder &setup) {
  Operation *producer = channel.producer;
  Location loc = producer->getLoc();
  auto tensorType = cast<RankedTensorType>(channel.value.getType());
  Attribute encoding = getSlotEncoding(channel);
  auto load = dyn_cast<DescriptorLoadOp>(producer);
  // A TMA copy leaves the value in shared memory only: it fits when the
  // consumers are all there is to the load.
  bool useTMA = load && llvm::all_of(load->getUses(), [&](OpOperand &use) {
                  return llvm::is_contained(channel.uses, &use);
                });
  if (load && useTMA && !isa<NVMMASharedEncodingAttr>(encoding))
    return producer->emitError()
           << "a descriptor load without an NVMMA shared layout for its "
              "consumers is not supported yet";

  // Rings, allocated once before everything (they are shared by the tasks),
  // in the order of the channels.
  OpBuilder &b = setup;
  MLIRContext *context = func.getContext();
  SmallVector<int64_t> ringShape{numBuffers};
  llvm::append_range(ringShape, tensorType.getShape());
  auto ringType = MemDescType::get(ringShape, tensorType.getElementType(),
                                   encoding, SharedMemorySpaceAttr::get(context),
                                   /*mutableMemory=*/true);
  Value buffers = LocalAllocOp::create(b, loc, ringType, Value(), IntegerAttr());
  Value full = createBarrierRing(b, loc, numBuffers, 1);
  Value empty =
      createBarrierRing(b, loc, numBuffers, channel.consumers.size());
  OpBuilder::InsertionGuard guard(b);

  // Slot and phase, for every task involved.
  TaskList producers{0};
  TaskList all = unite(producers, channel.consumers);
  b.setInsertionPoint(producer);
  Value slot, phase;
  Value one = createMarked<arith::ConstantIntOp>(b, all, loc, 1, 32);
  if (numBuffers == 1) {
    slot = createMarked<arith::ConstantIntOp>(b, all, loc, 0, 32);
    phase = createMarked<arith::AndIOp>(b, all, loc, count, one);
  } else {
    Value n = createMarked<arith::ConstantIntOp>(b, all, loc, numBuffers, 32);
    slot = createMarked<arith::RemUIOp>(b, all, loc, count, n);
    Value round = createMarked<arith::DivUIOp>(b, all, loc, count, n);
    phase = createMarked<arith::AndIOp>(b, all, loc, round, one);
  }

  // Producer: wait until the consumers have emptied the slot (the first
  // round passes: the barriers start in phase 0), then fill it.
  Value emptyPhase = createMarked<arith::XOrIOp>(b, producers, loc, phase, one);
  createMarked<ttng::WaitBarrierOp>(
      b, producers, loc, createSlot(b, producers, loc, empty, slot), emptyPhase,
      Value(), ValueRange());
  Value fullSlot = createSlot(b, producers, loc, full, slot);
  Value bufferSlot = createSlot(b, producers, loc, buffers, slot);
  Value truePred = createMarked<arith::ConstantIntOp>(b, producers, loc, 1, 1);
  if (useTMA) {
    int64_t bytes =
        tensorType.getNumElements() * tensorType.getElementTypeBitWidth() / 8;
    createMarked<ttng::BarrierExpectOp>(b, producers, loc, fullSlot, bytes,
                                        truePred);
    createMarked<ttng::AsyncTMACopyGlobalToLocalOp>(
        b, producers, loc, load.getDesc(), load.getIndices(), bufferSlot,
        fullSlot, truePred, load.getCache(), load.getEvict(),
        /*isVolatile=*/false);
  } else {
    // Stores by every producer thread, made visible to the async proxy
    // (wgmma) and complete before the one arrival.
    b.setInsertionPointAfter(producer);
    createMarked<LocalStoreOp>(b, producers, loc, channel.value, bufferSlot);
    createMarked<ttng::FenceAsyncSharedOp>(b, producers, loc, false);
    createMarked<LocalBarrierOp>(b, producers, loc);
    createMarked<ttng::ArriveBarrierOp>(b, producers, loc, fullSlot, 1,
                                        Value());
  }

  // Consumers: wait before the first reader, read the slot in place where
  // a reader only copied the value into shared memory of the slot's layout.
  Block *block = producer->getBlock();
  Operation *first = nullptr;
  for (OpOperand *use : channel.uses) {
    Operation *reader = block->findAncestorOpInBlock(*use->getOwner());
    if (!first || reader->isBeforeInBlock(first))
      first = reader;
  }
  TaskList &consumers = channel.consumers;
  b.setInsertionPoint(first);
  createMarked<ttng::WaitBarrierOp>(
      b, consumers, loc, createSlot(b, consumers, loc, full, slot), phase,
      Value(), ValueRange());
  Value readSlot = createSlot(b, consumers, loc, buffers, slot);
  auto slotType = cast<MemDescType>(readSlot.getType());
  Value copy;
  SmallVector<Operation *> readers;
  for (OpOperand *use : channel.uses) {
    Operation *user = use->getOwner();
    if (isSlotAlloc(user, slotType)) {
      user->getResult(0).replaceAllUsesWith(readSlot);
      user->erase();
      continue;
    }
    if (!copy) {
      copy = createMarked<LocalLoadOp>(b, consumers, loc, tensorType, readSlot);
      readers.push_back(copy.getDefiningOp());
    }
    use->set(copy);
  }
  makeViewsMutable(readSlot);
  // The slot is free after the last op of the block that reads it (through
  // views too).
  SmallVector<Value> views{readSlot};
  for (unsigned i = 0; i < views.size(); ++i)
    for (Operation *user : views[i].getUsers()) {
      readers.push_back(user);
      if (isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp,
              MemDescIndexOp, MemDescReinterpretOp>(user))
        views.push_back(user->getResult(0));
    }
  Operation *last = readSlot.getDefiningOp();
  for (Operation *reader : readers) {
    Operation *inBlock = block->findAncestorOpInBlock(*reader);
    if (inBlock && last->isBeforeInBlock(inBlock))
      last = inBlock;
  }
  if (last->hasTrait<OpTrait::IsTerminator>())
    return last->emitError() << "a channel read by its block's terminator is "
                                "not supported yet";
  // One thread of each consumer group arrives, and its arrival releases
  // only its own reads: the group's other warps (their local_loads, their
  // part of a wgmma reading the slot) meet it at the group's barrier first,
  // as producers do before their arrival.
  // Channels freed after the same reader share one barrier.
  b.setInsertionPointAfter(last);
  Operation *next = last->getNextNode();
  if (next && isa<BarrierOp, LocalBarrierOp>(next) &&
      getAsyncTaskIds(next) == SmallVector<AsyncTaskId>(consumers.begin(),
                                                        consumers.end()))
    b.setInsertionPointAfter(next);
  else
    createMarked<LocalBarrierOp>(b, consumers, loc);
  createMarked<ttng::ArriveBarrierOp>(
      b, consumers, loc, createSlot(b, consumers, loc, empty, slot), 1,
      Value());

  if (useTMA)
    producer->erase();
  return success();
}

//===----------------------------------------------------------------------===//
// Cloning per task
//===----------------------------------------------------------------------===//

/// Clones the ops of one task into a region of the ttg.warp_specialize.
class TaskCloner {
public:
  TaskCloner(AsyncTaskId task, Block &body, const DenseSet<Operation *> &moved)
      : task(task), body(body), moved(moved) {}

  LogicalResult cloneOp(Operation *op, OpBuilder &b) {
    if (!hasAsyncTaskId(op, task))
      return success();
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      return cloneFor(forOp, b);
    if (auto ifOp = dyn_cast<scf::IfOp>(op))
      return cloneIf(ifOp, b);
    for (Value operand : op->getOperands())
      if (failed(check(operand, op)))
        return failure();
    if (op->getNumRegions()) {
      SetVector<Value> above;
      getUsedValuesDefinedAbove(op->getRegions(), above);
      for (Value value : above)
        if (failed(check(value, op)))
          return failure();
    }
    Operation *clone = b.clone(*op, mapping);
    clone->walk([&](Operation *inner) {
      if (inner->hasAttr(kAsyncTaskIdAttrName))
        setAsyncTaskIds(inner, {task});
    });
    return success();
  }

private:
  /// A value moved into the ttg.warp_specialize must have been cloned for
  /// this task; others are captured later.
  LogicalResult check(Value value, Operation *user) {
    if (mapping.contains(value))
      return success();
    Operation *def = value.getDefiningOp();
    if (!def)
      def = value.getParentBlock()->getParentOp();
    Operation *top = body.findAncestorOpInBlock(*def);
    if (!top || !moved.contains(top))
      return success();
    return user->emitError() << "task " << task
                             << " reads a value that it does not compute "
                                "(not supported yet)";
  }

  LogicalResult lookup(Value value, Operation *user, Value &result) {
    if (failed(check(value, user)))
      return failure();
    result = mapping.lookupOrDefault(value);
    return success();
  }

  /// Whether this task reads `value`, following it through the iteration
  /// values and results it is passed on to.
  bool usedInTask(Value value, DenseSet<Value> &seen) {
    if (!seen.insert(value).second)
      return false;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      unsigned index = use.getOperandNumber();
      if (isa<scf::YieldOp>(user)) {
        Operation *parent = user->getParentOp();
        if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
          if (usedInTask(forOp.getRegionIterArgs()[index], seen) ||
              usedInTask(forOp.getResult(index), seen))
            return true;
        } else if (isa<scf::IfOp>(parent)) {
          if (usedInTask(parent->getResult(index), seen))
            return true;
        } else if (hasAsyncTaskId(user, task)) {
          return true;
        }
        continue;
      }
      if (auto forOp = dyn_cast<scf::ForOp>(user)) {
        if (index < forOp.getNumControlOperands()) {
          if (hasAsyncTaskId(user, task))
            return true;
          continue;
        }
        unsigned arg = index - forOp.getNumControlOperands();
        if (usedInTask(forOp.getRegionIterArgs()[arg], seen) ||
            usedInTask(forOp.getResult(arg), seen))
          return true;
        continue;
      }
      if (hasAsyncTaskId(user, task))
        return true;
    }
    return false;
  }

  bool usedInTask(Value value) {
    DenseSet<Value> seen;
    return usedInTask(value, seen);
  }

  LogicalResult cloneBlock(Block &from, Block &to, OpBuilder &b) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(&to);
    for (Operation &op : from.without_terminator())
      if (failed(cloneOp(&op, b)))
        return failure();
    return success();
  }

  LogicalResult cloneFor(scf::ForOp forOp, OpBuilder &b) {
    SmallVector<unsigned> kept;
    for (unsigned i = 0; i < forOp.getNumRegionIterArgs(); ++i)
      if (usedInTask(forOp.getRegionIterArgs()[i]) ||
          usedInTask(forOp.getResult(i)))
        kept.push_back(i);
    Value lb, ub, step;
    SmallVector<Value> inits;
    if (failed(lookup(forOp.getLowerBound(), forOp, lb)) ||
        failed(lookup(forOp.getUpperBound(), forOp, ub)) ||
        failed(lookup(forOp.getStep(), forOp, step)))
      return failure();
    for (unsigned i : kept)
      if (failed(lookup(forOp.getInitArgs()[i], forOp, inits.emplace_back())))
        return failure();
    auto newFor = scf::ForOp::create(b, forOp.getLoc(), lb, ub, step, inits);
    newFor->setDiscardableAttrs(forOp->getDiscardableAttrDictionary());
    setAsyncTaskIds(newFor, {task});
    Block *newBody = newFor.getBody();
    if (!newBody->empty())
      newBody->getTerminator()->erase();
    mapping.map(forOp.getInductionVar(), newFor.getInductionVar());
    for (auto [i, index] : llvm::enumerate(kept))
      mapping.map(forOp.getRegionIterArgs()[index],
                  newFor.getRegionIterArgs()[i]);
    if (failed(cloneBlock(*forOp.getBody(), *newBody, b)))
      return failure();
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    SmallVector<Value> yielded;
    for (unsigned i : kept)
      if (failed(lookup(yield.getOperand(i), yield, yielded.emplace_back())))
        return failure();
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(newBody);
    createMarked<scf::YieldOp>(b, {task}, yield.getLoc(), yielded);
    for (auto [i, index] : llvm::enumerate(kept))
      mapping.map(forOp.getResult(index), newFor.getResult(i));
    return success();
  }

  LogicalResult cloneIf(scf::IfOp ifOp, OpBuilder &b) {
    SmallVector<unsigned> kept;
    SmallVector<Type> types;
    for (auto [i, result] : llvm::enumerate(ifOp.getResults()))
      if (usedInTask(result)) {
        kept.push_back(i);
        types.push_back(result.getType());
      }
    Value cond;
    if (failed(lookup(ifOp.getCondition(), ifOp, cond)))
      return failure();
    bool hasElse = !ifOp.getElseRegion().empty();
    auto newIf = scf::IfOp::create(b, ifOp.getLoc(), types, cond, hasElse);
    newIf->setDiscardableAttrs(ifOp->getDiscardableAttrDictionary());
    setAsyncTaskIds(newIf, {task});
    for (auto [from, to] : llvm::zip(ifOp->getRegions(), newIf->getRegions())) {
      if (from.empty())
        continue;
      Block &newBlock = to.front();
      if (!newBlock.empty())
        newBlock.getTerminator()->erase();
      if (failed(cloneBlock(from.front(), newBlock, b)))
        return failure();
      auto yield = cast<scf::YieldOp>(from.front().getTerminator());
      SmallVector<Value> yielded;
      for (unsigned i : kept)
        if (failed(lookup(yield.getOperand(i), yield, yielded.emplace_back())))
          return failure();
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToEnd(&newBlock);
      createMarked<scf::YieldOp>(b, {task}, yield.getLoc(), yielded);
    }
    for (auto [i, index] : llvm::enumerate(kept))
      mapping.map(ifOp.getResult(index), newIf.getResult(i));
    return success();
  }

  AsyncTaskId task;
  Block &body;
  const DenseSet<Operation *> &moved;
  IRMapping mapping;
};

LogicalResult specializeFunction(FuncOp func, ArrayRef<AsyncTaskId> tasks,
                                 unsigned requestedRegisters) {
  Block &body = func.getBody().front();
  auto ret = dyn_cast<ReturnOp>(body.getTerminator());
  if (!ret || ret->getNumOperands() != 0 || !func.getBody().hasOneBlock())
    return func.emitError() << "warp specialization of a function that "
                               "returns values or has several blocks is not "
                               "supported yet";
  // Descriptors made in the kernel (and what they are made from) stay
  // before the ttg.warp_specialize: every task reads the same descriptor,
  // and its TMA lowering writes it to global scratch once.
  SmallVector<Operation *> shared;
  for (auto make : body.getOps<MakeTensorDescOp>())
    shared.push_back(make);
  for (unsigned i = 0; i < shared.size(); ++i) {
    shared[i]->removeAttr(kAsyncTaskIdAttrName);
    for (Value operand : shared[i]->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (def->getBlock() == &body && def->getNumRegions() == 0 &&
            !llvm::is_contained(shared, def))
          shared.push_back(def);
  }
  SmallVector<Operation *> moved;
  DenseSet<Operation *> movedSet;
  for (Operation &op : body.without_terminator())
    if (op.hasAttr(kAsyncTaskIdAttrName)) {
      moved.push_back(&op);
      movedSet.insert(&op);
    }
  for (Operation *op : moved)
    for (Operation *user : op->getUsers())
      if (!movedSet.contains(body.findAncestorOpInBlock(*user)))
        return user->emitError() << "an op without async_task_id reads a "
                                    "value of the specialized code";

  OpBuilder b(ret);
  Location loc = moved.front()->getLoc();
  SmallVector<int32_t> partitionWarps(tasks.size() - 1, kPartitionWarps);
  SmallVector<int32_t> registers(tasks.size() - 1, requestedRegisters);
  auto ws = WarpSpecializeOp::create(b, loc, TypeRange(), ValueRange(),
                                     partitionWarps, DenseI32ArrayAttr(),
                                     b.getDenseI32ArrayAttr(registers),
                                     DenseI32ArrayAttr());
  Block *holder = b.createBlock(&ws.getPartitionOpHolder());
  b.setInsertionPointToEnd(holder);
  auto partitions =
      WarpSpecializePartitionsOp::create(b, loc, tasks.size() - 1);

  for (auto [i, task] : llvm::enumerate(tasks)) {
    Region &region = i == 0 ? ws.getDefaultRegion()
                            : partitions.getPartitionRegions()[i - 1];
    Block *block = b.createBlock(&region);
    b.setInsertionPointToEnd(block);
    TaskCloner cloner(task, body, movedSet);
    for (Operation *op : moved)
      if (failed(cloner.cloneOp(op, b)))
        return failure();
    b.setInsertionPointToEnd(block);
    if (i == 0)
      WarpYieldOp::create(b, loc, ValueRange());
    else
      WarpReturnOp::create(b, loc);
  }

  // Partitions see only their captures: constants are copied in, other
  // values become arguments.
  SetVector<Value> captures;
  getUsedValuesDefinedAbove(ws.getPartitionOpHolder(), captures);
  for (Value capture : captures) {
    Operation *def = capture.getDefiningOp();
    if (def && def->hasTrait<OpTrait::ConstantLike>()) {
      for (Region &region : partitions.getPartitionRegions()) {
        b.setInsertionPointToStart(&region.front());
        Value copy = b.clone(*def)->getResult(0);
        replaceAllUsesInRegionWith(capture, copy, region);
      }
      continue;
    }
    // A tensor lives in the registers of the warps that made it: the
    // default warps put it into shared memory before the partitions start,
    // and each partition loads it back in the same layout.
    auto tensorType = dyn_cast<RankedTensorType>(capture.getType());
    Value passed = capture;
    // Pointers travel as 64-bit integers.
    RankedTensorType storedType = tensorType;
    bool isPointer = tensorType && isa<PointerType>(tensorType.getElementType());
    if (isPointer)
      storedType = tensorType.clone(b.getI64Type());
    if (tensorType) {
      if (!storedType.getElementType().isIntOrFloat())
        return emitError(capture.getLoc())
               << "capturing a tensor of " << tensorType.getElementType()
               << " into warp partitions is not supported yet";
      b.setInsertionPoint(ws);
      Value stored = capture;
      if (isPointer)
        stored = PtrToIntOp::create(b, capture.getLoc(), storedType, capture);
      auto memType = MemDescType::get(
          storedType.getShape(), storedType.getElementType(),
          getPlainSharedEncoding(storedType, ws),
          SharedMemorySpaceAttr::get(b.getContext()));
      passed = LocalAllocOp::create(b, capture.getLoc(), memType, stored,
                                    IntegerAttr());
    }
    ws->insertOperands(ws->getNumOperands(), passed);
    for (Region &region : partitions.getPartitionRegions()) {
      Value arg = region.addArgument(passed.getType(), capture.getLoc());
      if (tensorType) {
        b.setInsertionPointToStart(&region.front());
        arg = LocalLoadOp::create(b, capture.getLoc(), storedType, arg);
        if (isPointer)
          arg = IntToPtrOp::create(b, capture.getLoc(), tensorType, arg);
      }
      replaceAllUsesInRegionWith(capture, arg, region);
    }
  }

  for (Operation *op : llvm::reverse(moved)) {
    op->dropAllUses();
    op->erase();
  }
  return success();
}

} // namespace

LogicalResult hopper::partitionCode(FuncOp func, unsigned numBuffers,
                                    unsigned requestedRegisters) {
  SmallVector<AsyncTaskId> tasks = getNestedAsyncTaskIds(func);
  // Nothing to split: no marks, or one task only.
  if (tasks.size() < 2)
    return success();
  if (tasks.front() != 0)
    return func.emitError() << "warp specialization needs the producer task 0";
  numBuffers = std::max(numBuffers, 1u);

  SmallVector<Channel> channels;
  if (failed(collectChannels(func, channels)))
    return failure();
  // One handover count per block holding producers, shared by its channels.
  llvm::MapVector<Block *, TaskList> blockTasks;
  for (Channel &channel : channels) {
    TaskList &tasksOfBlock = blockTasks[channel.producer->getBlock()];
    tasksOfBlock = unite(unite(tasksOfBlock, {0}), channel.consumers);
  }
  DenseMap<Block *, Value> counts;
  OpBuilder setup(func.getContext());
  setup.setInsertionPointToStart(&func.getBody().front());
  for (auto &[block, tasksOfBlock] : blockTasks) {
    FailureOr<Value> count = createHandoverCount(func, block, tasksOfBlock);
    if (failed(count))
      return failure();
    counts[block] = *count;
  }
  for (Channel &channel : channels)
    if (failed(buildChannel(func, channel,
                            counts.lookup(channel.producer->getBlock()),
                            numBuffers, setup)))
      return failure();
  return specializeFunction(func, tasks, requestedRegisters);
}

namespace {

struct TestCodePartitionPass
    : hopper::impl::NVGPUTestWSCodePartitionBase<TestCodePartitionPass> {
  using Base::Base;

  void runOnOperation() override {
    WalkResult result = getOperation().walk([&](FuncOp func) {
      return failed(partitionCode(func, numBuffers, requestedRegisters))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
