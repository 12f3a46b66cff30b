//===- DataPartition.cpp - -nvgpu-test-ws-data-partition -----------------===//
//
// Work shared by several consumer tasks (a dot marked with tasks 1 and 2,
// say) is cut along its first dimension (M), one slice per task, as Triton
// 3.6 does: each consumer warp group then owns an M/n x N accumulator, and
// the producer loads each group's rows of A on their own. The values to cut
// are those connected to a shared dot's A, accumulator and result through
// ops that keep the first dimension's meaning (elementwise ops, layout
// conversions, shared-memory copies, loads and stores, loop values);
// descriptors made in the kernel get the smaller block. What cannot be cut
// that way (a first dimension reduced or transposed, a descriptor given by
// the caller, a slice smaller than a wgmma's 64 rows) is reported, and
// -nvgpu-warp-specialization then runs with one consumer group instead.
//
//===----------------------------------------------------------------------===//

#include "passes/Hopper/AsyncTasks.h"
#include "passes/Hopper/Passes.h"

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace triton {
namespace hopper {
#define GEN_PASS_DEF_NVGPUTESTWSDATAPARTITION
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

/// Rows of one wgmma: the least a consumer warp group's slice can hold.
constexpr int64_t kWgmmaRows = 64;

/// TYPE with its first dimension divided by `n`.
Type sliceType(Type type, unsigned n) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    SmallVector<int64_t> shape(tensor.getShape());
    shape[0] /= n;
    return tensor.clone(shape);
  }
  if (auto memdesc = dyn_cast<MemDescType>(type)) {
    SmallVector<int64_t> shape(memdesc.getShape());
    shape[0] /= n;
    return MemDescType::get(shape, memdesc.getElementType(),
                            memdesc.getEncoding(), memdesc.getMemorySpace(),
                            memdesc.getMutableMemory());
  }
  auto desc = cast<TensorDescType>(type);
  return TensorDescType::get(
      type.getContext(),
      cast<RankedTensorType>(sliceType(desc.getBlockType(), n)));
}

int64_t firstDim(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getShape().empty() ? 0 : shaped.getShape()[0];
  if (auto memdesc = dyn_cast<MemDescType>(type))
    return memdesc.getShape()[0];
  return 0;
}

/// Ops whose tensor operands and results all share the first dimension.
bool isRowwise(Operation *op) {
  if (auto alloc = dyn_cast<LocalAllocOp>(op))
    return static_cast<bool>(alloc.getSrc());
  return op->hasTrait<OpTrait::Elementwise>() ||
         isa<ConvertLayoutOp, LoadOp, StoreOp, SplatOp>(op);
}

/// What cutting the shared work into `n` slices touches, found before
/// anything changes so that a function that cannot be cut stays as it was.
class DataSlicing {
public:
  DataSlicing(FuncOp func, ArrayRef<AsyncTaskId> consumers)
      : func(func), consumers(consumers.begin(), consumers.end()),
        n(consumers.size()) {}

  /// Finds the values to cut; on failure, `failedAt` and `reason` say why.
  bool analyze();
  LogicalResult apply();

  Operation *failedAt = nullptr;
  std::string reason;

private:
  bool fail(Operation *op, const Twine &why) {
    failedAt = op;
    reason = why.str();
    return false;
  }
  bool addValue(Value value, Operation *at);
  bool visitDefinition(Value value);
  bool visitUse(OpOperand &use);
  bool addLoopValue(scf::ForOp forOp, unsigned iterArg, Operation *at);
  bool addOp(Operation *op);
  /// A rowwise op and all its tensors.
  bool addRowwise(Operation *op);

  SmallVector<AsyncTaskId> sliceTasks(Operation *op, unsigned i);
  void cloneSlices(Operation *op, OpBuilder &b);
  scf::ForOp extendLoop(scf::ForOp forOp, OpBuilder &b);
  void dropLoopValues(scf::ForOp forOp, OpBuilder &b);

  FuncOp func;
  SmallVector<AsyncTaskId> consumers;
  unsigned n;
  SetVector<Value> values;           // cut along their first dimension
  DenseMap<Value, Operation *> origin; // the op that made each one a value to cut
  SetVector<Value> descriptors;      // whose block is cut
  SetVector<Operation *> ops;        // rebuilt per slice, or extended loops
  SmallVector<Value> worklist;
  // The slices of each cut value, by the value that stands for it now.
  DenseMap<Value, SmallVector<Value>> slices;
  // Extended loops and the positions of their cut iteration values.
  DenseMap<Operation *, SmallVector<unsigned>> cutArgs;
};

bool DataSlicing::addValue(Value value, Operation *at) {
  if (values.contains(value))
    return true;
  int64_t rows = firstDim(value.getType());
  if (rows == 0 || rows % n != 0)
    return fail(at, "its first dimension (" + Twine(rows) +
                        ") cannot be cut into " + Twine(n) + " slices");
  values.insert(value);
  origin[value] = at;
  worklist.push_back(value);
  return true;
}

bool DataSlicing::addOp(Operation *op) {
  if (ops.contains(op))
    return true;
  SmallVector<AsyncTaskId> tasks = getAsyncTaskIds(op);
  bool producer = llvm::is_contained(tasks, 0);
  bool shared = llvm::all_of(consumers, [&](AsyncTaskId t) {
    return llvm::is_contained(tasks, t);
  });
  bool anyConsumer = llvm::any_of(consumers, [&](AsyncTaskId t) {
    return llvm::is_contained(tasks, t);
  });
  if (!isa<scf::ForOp, scf::YieldOp>(op) &&
      ((anyConsumer && !shared) || (!producer && !anyConsumer) ||
       (producer && anyConsumer && !isa<arith::ConstantOp>(op))))
    return fail(op, "its tasks are neither the producer's nor all the "
                    "consumers'");
  ops.insert(op);
  return true;
}

bool DataSlicing::addLoopValue(scf::ForOp forOp, unsigned iterArg,
                               Operation *at) {
  if (!addOp(forOp) || !addOp(forOp.getBody()->getTerminator()))
    return false;
  return addValue(forOp.getInitArgs()[iterArg], at) &&
         addValue(forOp.getRegionIterArgs()[iterArg], at) &&
         addValue(forOp.getYieldedValues()[iterArg], at) &&
         addValue(forOp.getResult(iterArg), at);
}

bool DataSlicing::addRowwise(Operation *op) {
  if (!isRowwise(op) || op->getNumRegions())
    return fail(op, "this op's rows cannot be cut");
  if (!addOp(op))
    return false;
  for (Value operand : op->getOperands())
    if (isa<RankedTensorType>(operand.getType()) && !addValue(operand, op))
      return false;
  for (Value result : op->getResults())
    if (!addValue(result, op))
      return false;
  return true;
}

bool DataSlicing::visitDefinition(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa<FuncOp>(owner))
      return fail(origin.lookup(value),
                  "a value to cut is an argument of the function");
    if (!forOp || arg.getArgNumber() == 0)
      return fail(origin.lookup(value), "a value to cut is an argument of '" +
                                            owner->getName().getStringRef() +
                                            "'");
    return addLoopValue(forOp, arg.getArgNumber() - 1, forOp);
  }
  Operation *def = value.getDefiningOp();
  if (auto forOp = dyn_cast<scf::ForOp>(def))
    return addLoopValue(forOp, cast<OpResult>(value).getResultNumber(), def);
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!dense || !dense.isSplat())
      return fail(def, "only splat constants can be cut");
    return addOp(def);
  }
  if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(def)) {
    return addOp(def) && addValue(dot.getA(), def) &&
           addValue(dot.getC(), def);
  }
  if (auto load = dyn_cast<DescriptorLoadOp>(def)) {
    descriptors.insert(load.getDesc());
    return addOp(def);
  }
  return addRowwise(def);
}

bool DataSlicing::visitUse(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto yield = dyn_cast<scf::YieldOp>(user)) {
    auto forOp = dyn_cast<scf::ForOp>(yield->getParentOp());
    if (!forOp)
      return fail(user, "a value to cut is yielded by this op");
    return addLoopValue(forOp, use.getOperandNumber(), user);
  }
  if (auto forOp = dyn_cast<scf::ForOp>(user)) {
    if (use.getOperandNumber() < forOp.getNumControlOperands())
      return fail(user, "a value to cut is a loop bound");
    return addLoopValue(
        forOp, use.getOperandNumber() - forOp.getNumControlOperands(), user);
  }
  if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(user)) {
    if (use.get() != dot.getA() && use.get() != dot.getC())
      return fail(user, "a value to cut is this dot's B operand");
    return addOp(user) && addValue(dot.getA(), user) &&
           addValue(dot.getC(), user) && addValue(dot.getD(), user);
  }
  if (auto store = dyn_cast<DescriptorStoreOp>(user)) {
    descriptors.insert(store.getDesc());
    return addOp(user);
  }
  return addRowwise(user);
}

bool DataSlicing::analyze() {
  bool any = false;
  WalkResult walk = func.walk([&](ttng::WarpGroupDotOp dot) {
    SmallVector<AsyncTaskId> tasks = getAsyncTaskIds(dot);
    int shared = llvm::count_if(tasks, [&](AsyncTaskId t) {
      return llvm::is_contained(consumers, t);
    });
    if (shared <= 1)
      return WalkResult::advance();
    any = true;
    int64_t rows = dot.getD().getType().getShape()[0];
    if (shared != static_cast<int>(n) || rows % (n * kWgmmaRows) != 0) {
      fail(dot, "its " + Twine(rows) + " rows cannot be cut into " +
                    Twine(n) + " slices of whole wgmmas (" +
                    Twine(kWgmmaRows) + " rows)");
      return WalkResult::interrupt();
    }
    if (!addValue(dot.getD(), dot) || !addOp(dot))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return false;
  if (!any)
    return true;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!visitDefinition(value))
      return false;
    for (OpOperand &use : value.getUses())
      if (!visitUse(use))
        return false;
  }
  // A descriptor's block is cut for all its users, so they all must be.
  for (Value desc : descriptors) {
    auto make = desc.getDefiningOp<MakeTensorDescOp>();
    if (!make)
      return fail(desc.getDefiningOp() ? desc.getDefiningOp()
                                       : func.getOperation(),
                  "the block of a descriptor not made in the kernel cannot "
                  "be cut");
    for (Operation *user : desc.getUsers()) {
      auto load = dyn_cast<DescriptorLoadOp>(user);
      auto store = dyn_cast<DescriptorStoreOp>(user);
      if (!(load && values.contains(load.getResult())) &&
          !(store && values.contains(store.getSrc())))
        return fail(user, "this op reads a descriptor whose block is cut "
                          "but does not take a slice");
    }
  }
  return true;
}

SmallVector<AsyncTaskId> DataSlicing::sliceTasks(Operation *op, unsigned i) {
  SmallVector<AsyncTaskId> tasks = getAsyncTaskIds(op);
  SmallVector<AsyncTaskId> out;
  if (llvm::is_contained(tasks, 0))
    out.push_back(0);
  if (llvm::any_of(consumers, [&](AsyncTaskId t) {
        return llvm::is_contained(tasks, t);
      }))
    out.push_back(consumers[i]);
  return out;
}

/// `n` copies of OP, copy i reading slice i of each cut operand; loads and
/// stores through a descriptor move down by i slices.
void DataSlicing::cloneSlices(Operation *op, OpBuilder &b) {
  b.setInsertionPoint(op);
  SmallVector<SmallVector<Value>> results(op->getNumResults());
  for (unsigned i = 0; i < n; ++i) {
    IRMapping mapping;
    for (Value operand : op->getOperands())
      if (auto it = slices.find(operand); it != slices.end())
        mapping.map(operand, it->second[i]);
    Operation *clone = b.clone(*op, mapping);
    SmallVector<AsyncTaskId> tasks = sliceTasks(op, i);
    setAsyncTaskIds(clone, tasks);
    for (OpResult result : clone->getResults())
      if (values.contains(op->getResult(result.getResultNumber())))
        result.setType(sliceType(result.getType(), n));
    if (auto constant = dyn_cast<arith::ConstantOp>(clone)) {
      auto dense = cast<DenseElementsAttr>(constant.getValue());
      constant.setValueAttr(dense.resizeSplat(
          cast<ShapedType>(constant.getResult().getType())));
    }
    Value rowIndex;
    if (auto load = dyn_cast<DescriptorLoadOp>(clone))
      rowIndex = load.getIndices()[0];
    if (auto store = dyn_cast<DescriptorStoreOp>(clone))
      rowIndex = store.getIndices()[0];
    if (rowIndex && i > 0) {
      int64_t rows =
          cast<TensorDescType>(clone->getOperand(0).getType())
              .getBlockType()
              .getShape()[0];
      b.setInsertionPoint(clone);
      auto offset = arith::ConstantIntOp::create(b, op->getLoc(), i * rows, 32);
      auto moved = arith::AddIOp::create(b, op->getLoc(), rowIndex, offset);
      setAsyncTaskIds(offset, tasks);
      setAsyncTaskIds(moved, tasks);
      clone->setOperand(isa<DescriptorLoadOp>(clone) ? 1 : 2, moved);
      b.setInsertionPointAfter(clone);
    }
    for (OpResult result : clone->getResults())
      results[result.getResultNumber()].push_back(result);
  }
  for (OpResult result : op->getResults())
    if (values.contains(result))
      slices[result] = results[result.getResultNumber()];
}

/// FOROP with `n` more iteration values for each cut one (the old ones stay
/// until their uses are gone); the body is moved, not copied.
scf::ForOp DataSlicing::extendLoop(scf::ForOp forOp, OpBuilder &b) {
  SmallVector<unsigned> cut;
  SmallVector<Value> inits(forOp.getInitArgs());
  for (auto [index, arg] : llvm::enumerate(forOp.getRegionIterArgs()))
    if (values.contains(arg)) {
      cut.push_back(index);
      llvm::append_range(inits, slices.lookup(forOp.getInitArgs()[index]));
    }
  b.setInsertionPoint(forOp);
  auto newFor =
      scf::ForOp::create(b, forOp.getLoc(), forOp.getLowerBound(),
                         forOp.getUpperBound(), forOp.getStep(), inits);
  newFor->setAttrs(forOp->getAttrs());
  newFor.getRegion().takeBody(forOp.getRegion());
  Block *body = newFor.getBody();
  unsigned old = forOp.getNumResults();
  for (auto [k, index] : llvm::enumerate(cut)) {
    Value arg = body->getArgument(index + 1);
    SmallVector<Value> argSlices, resultSlices;
    for (unsigned i = 0; i < n; ++i) {
      argSlices.push_back(
          body->addArgument(sliceType(arg.getType(), n), arg.getLoc()));
      resultSlices.push_back(newFor.getResult(old + k * n + i));
    }
    slices[arg] = argSlices;
    slices[newFor.getResult(index)] = resultSlices;
    values.insert(newFor.getResult(index));
  }
  forOp.replaceAllUsesWith(newFor.getResults().take_front(old));
  cutArgs[newFor] = cut;
  forOp.erase();
  return newFor;
}

/// Removes the iteration values of FOROP that were cut, once only its yield
/// (made to pass them on unchanged) still reads them.
void DataSlicing::dropLoopValues(scf::ForOp forOp, OpBuilder &b) {
  SmallVector<unsigned> cut = cutArgs.lookup(forOp);
  Block *body = forOp.getBody();
  Operation *yield = body->getTerminator();
  SmallVector<Value> inits;
  llvm::BitVector drop(forOp.getNumResults());
  for (unsigned index : cut)
    drop.set(index);
  for (auto [index, init] : llvm::enumerate(forOp.getInitArgs()))
    if (!drop.test(index))
      inits.push_back(init);
  b.setInsertionPoint(forOp);
  auto newFor =
      scf::ForOp::create(b, forOp.getLoc(), forOp.getLowerBound(),
                         forOp.getUpperBound(), forOp.getStep(), inits);
  newFor->setAttrs(forOp->getAttrs());
  for (unsigned index : llvm::reverse(cut))
    yield->eraseOperand(index);
  llvm::BitVector dropArgs(body->getNumArguments());
  for (unsigned index : cut)
    dropArgs.set(index + 1);
  body->eraseArguments(dropArgs);
  newFor.getRegion().takeBody(forOp.getRegion());
  unsigned next = 0;
  for (OpResult result : forOp.getResults())
    if (!drop.test(result.getResultNumber()))
      result.replaceAllUsesWith(newFor.getResult(next++));
  forOp.erase();
}

LogicalResult DataSlicing::apply() {
  if (values.empty())
    return success();
  OpBuilder b(func.getContext());
  // Descriptors read and write the smaller block.
  for (Value desc : descriptors)
    desc.setType(sliceType(desc.getType(), n));
  // Definitions come before uses in pre-order, loops before their bodies.
  SmallVector<Operation *> order;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (ops.contains(op))
      order.push_back(op);
  });
  for (Operation *&op : order) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      // The extended loop stands in for the old one from here on.
      op = extendLoop(forOp, b);
      continue;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      SmallVector<unsigned> cut = cutArgs.lookup(yield->getParentOp());
      for (unsigned index : cut)
        for (Value slice : slices.lookup(yield.getOperand(index)))
          yield->insertOperands(yield->getNumOperands(), slice);
      continue;
    }
    cloneSlices(op, b);
  }
  // The originals go, uses first (reverse pre-order); a loop's old
  // iteration values go once its body no longer reads them, before the
  // values it started from.
  for (Operation *op : llvm::reverse(order)) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      dropLoopValues(forOp, b);
      continue;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      auto forOp = cast<scf::ForOp>(yield->getParentOp());
      for (unsigned index : cutArgs.lookup(forOp))
        yield->setOperand(index, forOp.getRegionIterArgs()[index]);
      continue;
    }
    // Every reader of a cut value was cut too (analyze), so nothing is left.
    if (!op->use_empty())
      return op->emitError() << "data partition left a reader of this op's "
                                "uncut result (an internal error)";
    op->erase();
  }
  return success();
}

} // namespace

/// Cuts the work of the consumer tasks 1 .. numConsumerGroups when `apply`
/// (only looks when not); a located error why it cannot when `report`.
static LogicalResult runDataPartition(FuncOp func, unsigned numConsumerGroups,
                                      bool apply, bool report) {
  if (numConsumerGroups <= 1)
    return success();
  SmallVector<AsyncTaskId> consumers;
  for (unsigned task = 1; task <= numConsumerGroups; ++task)
    consumers.push_back(task);
  DataSlicing slicing(func, consumers);
  if (!slicing.analyze()) {
    if (report)
      slicing.failedAt->emitError()
          << "data partition over " << numConsumerGroups
          << " consumer warp groups is not supported here: " << slicing.reason;
    return failure();
  }
  return apply ? slicing.apply() : success();
}

LogicalResult hopper::checkDataPartition(FuncOp func,
                                         unsigned numConsumerGroups,
                                         bool report) {
  return runDataPartition(func, numConsumerGroups, /*apply=*/false, report);
}

LogicalResult hopper::partitionData(FuncOp func, unsigned numConsumerGroups) {
  return runDataPartition(func, numConsumerGroups, /*apply=*/true,
                          /*report=*/true);
}

namespace {

struct TestDataPartitionPass
    : hopper::impl::NVGPUTestWSDataPartitionBase<TestDataPartitionPass> {
  using Base::Base;

  void runOnOperation() override {
    if (numWarpGroups <= 2)
      return;
    WalkResult result = getOperation().walk([&](FuncOp func) {
      return failed(partitionData(func, numWarpGroups - 1))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
