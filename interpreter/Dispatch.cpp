//===- Dispatch.cpp - Evaluators keyed by op class ------------------------===//

#include "interpreter/Dispatch.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton::interp;

void EvaluatorTable::insert(TypeID id, StringRef name, Evaluator eval) {
  // A second evaluator would silently shadow the first; failing at start-up
  // makes every test catch it.
  if (!table.try_emplace(id, eval).second)
    llvm::report_fatal_error(llvm::Twine("interpreter: two evaluators for '") +
                             name + "'");
}

const EvaluatorTable &mlir::triton::interp::evaluatorTable() {
  static const EvaluatorTable table = [] {
    EvaluatorTable t;
    addElementwiseEvaluators(t);
    addShapeEvaluators(t);
    addMemoryEvaluators(t);
    addControlFlowEvaluators(t);
    addReduceScanEvaluators(t);
    addDotEvaluators(t);
    addDebugEvaluators(t);
    addSharedMemoryEvaluators(t);
    addTMADescriptorEvaluators(t);
    addBarrierEvaluators(t);
    addWarpSpecializeEvaluators(t);
    return t;
  }();
  return table;
}

LogicalResult Executor::step(Operation *op) {
  if (steps >= limits.maxSteps)
    return error(op) << "step budget spent: stopped here after " << steps
                     << " steps of the run (--max-steps=" << limits.maxSteps
                     << "), " << programSteps << " of them in this program";
  ++steps;
  ++programSteps;
  return success();
}

LogicalResult Executor::checkMemory(Operation *op) {
  int64_t total = bufferBytes + sharedBytes + savedBytes + heldBytes;
  peakBytes = std::max(peakBytes, total);
  if (total <= limits.maxMemory)
    return success();
  return error(op) << "memory budget exceeded: after this op the run holds "
                   << total << " bytes (--max-memory=" << limits.maxMemory
                   << "): " << bufferBytes << " in buffers, " << sharedBytes
                   << " in shared memory, " << heldBytes + savedBytes
                   << " in values; stopped after " << steps << " steps";
}

LogicalResult Executor::execOp(Operation *op) {
  if (failed(step(op)))
    return failure();
  Evaluator eval = evaluators.lookup(op);
  if (!eval)
    return error(op) << "op '" << op->getName()
                     << "' is not supported by the interpreter yet";
  if (failed(eval(*this, op)))
    return failure();
  return checkMemory(op);
}
