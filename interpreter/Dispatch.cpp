//===- Dispatch.cpp - Evaluators keyed by op class ------------------------===//

#include "interpreter/Dispatch.h"

#include "llvm/Support/ErrorHandling.h"

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
    return t;
  }();
  return table;
}

LogicalResult Executor::execOp(Operation *op) {
  if (Evaluator eval = evaluators.lookup(op))
    return eval(*this, op);
  return error(op) << "op '" << op->getName()
                   << "' is not supported by the interpreter yet";
}
