//===- Dispatch.h - Evaluators keyed by op class ----------------*- C++ -*-===//
//
// Every op the interpreter runs has one evaluator, a function taking the op as
// its own class (`LogicalResult evalAddI(Executor &, arith::AddIOp)`). Each
// family file (ElementwiseOps.cpp, MemoryOps.cpp, ...) lists its evaluators in
// one `add*Evaluators` function next to their definitions, and the executor
// looks an op up by its class's TypeID. Naming the op class is what makes a
// renamed or removed op a compile error here rather than a run-time "not
// supported"; the table (rather than a TypeSwitch chain) keeps the per-op cost
// one hash lookup however many ops there are.
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_DISPATCH_H
#define INTERPRETER_DISPATCH_H

#include "interpreter/Executor.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace triton {
namespace interp {

/// Runs one op for the executor's current program, binding its results.
using Evaluator = LogicalResult (*)(Executor &, Operation *);

namespace detail {
template <typename Fn> struct EvaluatedOp;
template <typename OpTy>
struct EvaluatedOp<LogicalResult (*)(Executor &, OpTy)> {
  using type = OpTy;
};
} // namespace detail

/// The evaluators by op class.
class EvaluatorTable {
public:
  /// Registers `Fn`, a `LogicalResult (Executor &, OpTy)`, as the evaluator of
  /// `OpTy`. An op class registered twice is a programming error, reported at
  /// start-up by every run.
  template <auto Fn> void add() {
    using OpTy = typename detail::EvaluatedOp<decltype(Fn)>::type;
    insert(TypeID::get<OpTy>(), OpTy::getOperationName(),
           [](Executor &ex, Operation *op) { return Fn(ex, cast<OpTy>(op)); });
  }

  /// The evaluator of `op`'s class, or null when the interpreter has none.
  Evaluator lookup(Operation *op) const {
    return table.lookup(op->getName().getTypeID());
  }

  /// How many op classes have an evaluator.
  size_t size() const { return table.size(); }

private:
  void insert(TypeID id, StringRef name, Evaluator eval);
  llvm::DenseMap<TypeID, Evaluator> table;
};

/// The evaluators of every family, built on first use.
const EvaluatorTable &evaluatorTable();

// Each family registers the ops it implements.
void addElementwiseEvaluators(EvaluatorTable &table);
void addShapeEvaluators(EvaluatorTable &table);
void addMemoryEvaluators(EvaluatorTable &table);
void addControlFlowEvaluators(EvaluatorTable &table);
void addReduceScanEvaluators(EvaluatorTable &table);
void addDotEvaluators(EvaluatorTable &table);
void addDebugEvaluators(EvaluatorTable &table);
void addSharedMemoryEvaluators(EvaluatorTable &table);
void addTMADescriptorEvaluators(EvaluatorTable &table);
void addBarrierEvaluators(EvaluatorTable &table);
void addWarpSpecializeEvaluators(EvaluatorTable &table);

} // namespace interp
} // namespace triton
} // namespace mlir

#endif // INTERPRETER_DISPATCH_H
