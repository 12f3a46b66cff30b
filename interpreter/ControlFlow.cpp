//===- ControlFlow.cpp - Regions, scf, cf and calls -----------------------===//
//
// Regions run block by block: `cf.br`/`cf.cond_br` move between blocks, any
// other terminator (scf.yield, scf.condition, tt.return, tt.reduce.return,
// ...) ends the region and hands its operands back to the op that ran it.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlir;
using namespace mlir::triton::interp;

InFlightDiagnostic Executor::error(Operation *op) {
  InFlightDiagnostic diag = op->emitError();
  diag << "program (" << pid[0] << ", " << pid[1] << ", " << pid[2] << ")";
  if (partition >= 0)
    diag << ", partition " << partition;
  diag << ": ";
  return diag;
}

void Executor::swapTaskState(TaskState &state) {
  std::swap(env, state.env);
  std::swap(callDepth, state.callDepth);
  std::swap(regionDepth, state.regionDepth);
  std::swap(heldBytes, state.heldBytes);
  std::swap(savedBytes, state.savedBytes);
  std::swap(partition, state.partition);
}

static bool truthy(const Tensor &t) { return !t.ints.empty() && t.ints[0]; }

LogicalResult Executor::runRegion(Region &region, ArrayRef<TensorRef> args,
                                  SmallVectorImpl<TensorRef> &results) {
  // Each nested region is a few frames of the host's stack: refuse nesting
  // deeper than the limit rather than overflow it.
  if (regionDepth >= RunLimits::kMaxRegionDepth)
    return error(region.getParentOp())
           << "regions nested deeper than " << RunLimits::kMaxRegionDepth
           << " (loops, branches and calls together)";
  ++regionDepth;
  LogicalResult r = runRegionBlocks(region, args, results);
  --regionDepth;
  return r;
}

LogicalResult Executor::runRegionBlocks(Region &region,
                                        ArrayRef<TensorRef> args,
                                        SmallVectorImpl<TensorRef> &results) {
  Block *block = &region.front();
  SmallVector<TensorRef, 8> blockArgs(args.begin(), args.end());
  while (true) {
    if (block->getNumArguments() != blockArgs.size())
      return error(block->getParentOp())
             << "block expects " << block->getNumArguments()
             << " arguments, got " << blockArgs.size();
    for (auto [arg, value] : llvm::zip(block->getArguments(), blockArgs))
      set(arg, value);
    for (Operation &op : block->without_terminator())
      if (failed(execOp(&op)))
        return failure();
    Operation *term = block->getTerminator();
    // A terminator is a step too: a loop whose body is only its yield
    // still spends the budget.
    if (failed(step(term)))
      return failure();
    auto operandsOf = [&](OperandRange range) {
      SmallVector<TensorRef, 8> vals;
      for (Value v : range)
        vals.push_back(get(v));
      return vals;
    };
    if (auto br = dyn_cast<cf::BranchOp>(term)) {
      blockArgs = operandsOf(br.getDestOperands());
      block = br.getDest();
      continue;
    }
    if (auto cbr = dyn_cast<cf::CondBranchOp>(term)) {
      if (truthy(*get(cbr.getCondition()))) {
        blockArgs = operandsOf(cbr.getTrueDestOperands());
        block = cbr.getTrueDest();
      } else {
        blockArgs = operandsOf(cbr.getFalseDestOperands());
        block = cbr.getFalseDest();
      }
      continue;
    }
    if (auto sw = dyn_cast<cf::SwitchOp>(term)) {
      // The first case equal to the flag, compared at the flag's width
      // (the case values'), else the default.
      int64_t value = get(sw.getFlag())->ints[0];
      std::optional<DenseIntElementsAttr> cases = sw.getCaseValues();
      int64_t chosen = -1;
      if (cases)
        for (auto [i, c] : llvm::enumerate(cases->getValues<APInt>()))
          if (c == APInt(c.getBitWidth(), value, /*isSigned=*/true,
                         /*implicitTrunc=*/true)) {
            chosen = i;
            break;
          }
      if (chosen < 0) {
        blockArgs = operandsOf(sw.getDefaultOperands());
        block = sw.getDefaultDestination();
      } else {
        blockArgs = operandsOf(sw.getCaseOperands(chosen));
        block = sw.getCaseDestinations()[chosen];
      }
      continue;
    }
    if (term->getNumSuccessors())
      return error(term) << "terminator '" << term->getName()
                         << "' is not supported yet";
    results.clear();
    for (Value v : term->getOperands())
      results.push_back(get(v));
    return success();
  }
}

LogicalResult Executor::callFunction(Operation *func, ArrayRef<TensorRef> args,
                                     SmallVectorImpl<TensorRef> &results) {
  if (func->getNumRegions() == 0 || func->getRegion(0).empty())
    return error(func) << "function has no body";
  if (callDepth > 64)
    return error(func) << "call depth exceeds 64";
  llvm::DenseMap<Value, TensorRef> saved;
  std::swap(saved, env);
  int64_t callerBytes = heldBytes;
  savedBytes += callerBytes;
  heldBytes = 0;
  ++callDepth;
  LogicalResult r = runRegion(func->getRegion(0), args, results);
  --callDepth;
  std::swap(saved, env);
  savedBytes -= callerBytes;
  heldBytes = callerBytes;
  return r;
}

static LogicalResult setResults(Executor &ex, Operation *op,
                                ArrayRef<TensorRef> vals) {
  if (vals.size() != op->getNumResults())
    return ex.error(op) << "region yields " << vals.size() << " values for "
                        << op->getNumResults() << " results";
  for (auto [res, v] : llvm::zip(op->getResults(), vals))
    ex.set(res, v);
  return success();
}

/// tt.map_elementwise one group of `pack` elements at a time (flat,
/// row-major order): the region gets that many scalars of each operand
/// and returns that many of each result.
static LogicalResult runMapElementwiseByGroups(Executor &ex,
                                               triton::MapElementwiseOp map) {
  unsigned pack = map.getPack();
  SmallVector<TensorRef, 8> srcs;
  for (Value v : map.getSrcs())
    srcs.push_back(ex.get(v));
  int64_t numel = srcs.empty() ? 0 : srcs.front()->numel();
  SmallVector<std::shared_ptr<Tensor>, 4> outs(map->getNumResults());
  auto scalarOf = [](const Tensor &t, int64_t i) {
    return t.isFloat ? Tensor::ofFloats({}, t.floats[i])
                     : Tensor::ofInts({}, t.ints[i]);
  };
  for (int64_t start = 0; start < numel; start += pack) {
    SmallVector<TensorRef, 8> args, results;
    for (const TensorRef &src : srcs)
      for (unsigned j = 0; j < pack; ++j)
        args.push_back(scalarOf(*src, start + j));
    if (failed(ex.runRegion(map.getScalarOp(), args, results)))
      return failure();
    if (results.size() != pack * outs.size())
      return ex.error(map) << "the region returns " << results.size()
                           << " values for " << outs.size() << " results of "
                           << pack << " elements";
    for (auto [r, out] : llvm::enumerate(outs))
      for (unsigned j = 0; j < pack; ++j) {
        const Tensor &value = *results[r * pack + j];
        if (!out) {
          auto shape = shapeOf(map->getResult(r).getType());
          out = value.isFloat ? Tensor::ofFloats(shape) : Tensor::ofInts(shape);
        }
        if (out->isFloat)
          out->floats[start + j] = value.floats.front();
        else
          out->ints[start + j] = value.ints.front();
      }
  }
  for (auto [res, out] : llvm::zip(map->getResults(), outs))
    ex.set(res, out ? TensorRef(out) : zerosOf(res.getType()));
  return success();
}

namespace {

LogicalResult evalFor(Executor &ex, scf::ForOp op) {
  unsigned width = classify(op.getInductionVar().getType()).width;
  int64_t lb = ex.get(op.getLowerBound())->ints[0];
  int64_t ub = ex.get(op.getUpperBound())->ints[0];
  int64_t step = ex.get(op.getStep())->ints[0];
  bool isUnsigned = op.getUnsignedCmp();
  if (step <= 0 && !isUnsigned)
    return ex.error(op) << "scf.for step must be positive, got " << step;
  SmallVector<TensorRef, 8> iters;
  for (Value v : op.getInitArgs())
    iters.push_back(ex.get(v));
  SmallVector<TensorRef, 8> args, results;
  for (int64_t iv = lb;;) {
    bool go =
        isUnsigned ? asUnsigned(iv, width) < asUnsigned(ub, width) : iv < ub;
    if (!go)
      break;
    args.clear();
    args.push_back(Tensor::ofInts({}, iv));
    args.append(iters.begin(), iters.end());
    if (failed(ex.runRegion(op.getRegion(), args, results)))
      return failure();
    iters.assign(results.begin(), results.end());
    int64_t next = wrapInt(iv + step, width);
    if (isUnsigned ? asUnsigned(next, width) <= asUnsigned(iv, width)
                   : next <= iv)
      break; // wrapped around
    iv = next;
  }
  return setResults(ex, op, iters);
}

LogicalResult evalWhile(Executor &ex, scf::WhileOp op) {
  SmallVector<TensorRef, 8> inits, results;
  for (Value v : op.getInits())
    inits.push_back(ex.get(v));
  while (true) {
    if (failed(ex.runRegion(op.getBefore(), inits, results)))
      return failure();
    if (results.empty())
      return ex.error(op) << "scf.condition without a condition";
    bool go = truthy(*results[0]);
    SmallVector<TensorRef, 8> passed(results.begin() + 1, results.end());
    if (!go)
      return setResults(ex, op, passed);
    if (failed(ex.runRegion(op.getAfter(), passed, results)))
      return failure();
    inits.assign(results.begin(), results.end());
  }
}

LogicalResult evalIf(Executor &ex, scf::IfOp op) {
  bool cond = truthy(*ex.get(op.getCondition()));
  Region &region = cond ? op.getThenRegion() : op.getElseRegion();
  SmallVector<TensorRef, 8> results;
  if (region.empty())
    return setResults(ex, op, results);
  if (failed(ex.runRegion(region, {}, results)))
    return failure();
  return setResults(ex, op, results);
}

LogicalResult evalExecuteRegion(Executor &ex, scf::ExecuteRegionOp op) {
  SmallVector<TensorRef, 8> results;
  if (failed(ex.runRegion(op.getRegion(), {}, results)))
    return failure();
  return setResults(ex, op, results);
}

LogicalResult evalCall(Executor &ex, triton::CallOp op) {
  Operation *callee = ex.symbols.lookup(op.getCallee());
  if (!callee)
    return ex.error(op) << "no function named '" << op.getCallee() << "'";
  SmallVector<TensorRef, 8> args, results;
  for (Value v : op.getOperands())
    args.push_back(ex.get(v));
  if (failed(ex.callFunction(callee, args, results)))
    return failure();
  return setResults(ex, op, results);
}

LogicalResult evalMapElementwise(Executor &ex, triton::MapElementwiseOp op) {
  // A region with control flow (an scf.if on a scalar's sign, say), or
  // taking several elements at once, runs element group by element group.
  bool nested = false;
  op.getScalarOp().walk(
      [&](Operation *inner) { nested |= inner->getNumRegions() > 0; });
  if (nested || op.getPack() != 1)
    return runMapElementwiseByGroups(ex, op);
  // Otherwise the scalar region runs once on whole tensors, as the
  // elementwise ops broadcast and keep their operands' shapes.
  SmallVector<TensorRef, 8> args, results;
  for (Value v : op.getSrcs())
    args.push_back(ex.get(v));
  if (failed(ex.runRegion(op.getScalarOp(), args, results)))
    return failure();
  for (auto [res, v] : llvm::zip(op->getResults(), results)) {
    auto shape = shapeOf(res.getType());
    if (v->numel() == 1 && !shape.empty()) { // a constant result: splat it
      ex.set(res, v->isFloat ? Tensor::ofFloats(shape, v->floats[0])
                             : Tensor::ofInts(shape, v->ints[0]));
    } else {
      auto t = std::make_shared<Tensor>(*v);
      t->shape = shape;
      ex.set(res, t);
    }
  }
  return success();
}

LogicalResult evalPoison(Executor &ex, ub::PoisonOp op) {
  return ex.setResult(op, zerosOf(op.getType()));
}

// Layouts say how a tensor is spread over threads; one program here holds it
// whole, so moving it to another layout changes nothing.
LogicalResult evalConvertLayout(Executor &ex, triton::gpu::ConvertLayoutOp op) {
  return ex.setResult(op, ex.get(op.getSrc()));
}

/// Barriers (a cluster's too: its CTAs' tiles are one program here), fences,
/// grid dependencies and assumptions: programs run one at a time, so there
/// is nothing to wait for.
template <typename OpTy> LogicalResult evalNothingToWaitFor(Executor &, OpTy) {
  return success();
}

} // namespace

void mlir::triton::interp::addControlFlowEvaluators(EvaluatorTable &table) {
  table.add<evalFor>();
  table.add<evalWhile>();
  table.add<evalIf>();
  table.add<evalExecuteRegion>();
  table.add<evalCall>();
  table.add<evalMapElementwise>();
  table.add<evalPoison>();
  table.add<evalConvertLayout>();
  table.add<evalNothingToWaitFor<LLVM::AssumeOp>>();
  table.add<evalNothingToWaitFor<mlir::gpu::BarrierOp>>();
  table.add<evalNothingToWaitFor<triton::gpu::BarrierOp>>();
  table.add<evalNothingToWaitFor<triton::gpu::LocalBarrierOp>>();
  table.add<evalNothingToWaitFor<triton::nvidia_gpu::FenceAsyncSharedOp>>();
  table.add<evalNothingToWaitFor<triton::nvidia_gpu::ClusterArriveOp>>();
  table.add<evalNothingToWaitFor<triton::nvidia_gpu::ClusterWaitOp>>();
  table.add<evalNothingToWaitFor<triton::GridDependencyWaitOp>>();
  table.add<evalNothingToWaitFor<triton::GridDependencyLaunchDependentsOp>>();
}
