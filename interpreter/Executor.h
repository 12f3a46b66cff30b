//===- Executor.h - Runs the ops of one program -----------------*- C++ -*-===//
//
// The executor walks a kernel's regions for one program of the grid. Each op
// runs once per program and computes its whole result tensor, through the
// evaluator its class has in the dispatch table (Dispatch.h); the evaluators
// live in one file per op family (ElementwiseOps, MemoryOps, ShapeOps,
// ReduceScan, Dot, ControlFlow, ...).
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_EXECUTOR_H
#define INTERPRETER_EXECUTOR_H

#include "interpreter/Buffers.h"
#include "interpreter/Conversions.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Tensor.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>
#include <map>
#include <optional>

namespace mlir {
namespace triton {
namespace interp {

class EvaluatorTable;
const EvaluatorTable &evaluatorTable();
class WarpScheduler;

class Executor {
public:
  Executor(Operation *module, Memory &memory, llvm::raw_ostream &printOut)
      : symbols(module), memory(memory), printOut(printOut),
        evaluators(evaluatorTable()) {}

  /// Runs `func` (a tt.func) with `args`, filling `results`.
  LogicalResult callFunction(Operation *func, ArrayRef<TensorRef> args,
                             SmallVectorImpl<TensorRef> &results);
  /// Runs a single-exit region with `args` bound to its entry block, filling
  /// `results` with the operands of the terminator it ends with.
  LogicalResult runRegion(Region &region, ArrayRef<TensorRef> args,
                          SmallVectorImpl<TensorRef> &results);

  TensorRef get(Value v) const { return env.lookup(v); }
  void set(Value v, TensorRef t) {
    TensorRef &slot = env[v];
    heldBytes += bytesOf(t.get()) - bytesOf(slot.get());
    slot = std::move(t);
  }
  /// The host bytes of a value's elements.
  static int64_t bytesOf(const Tensor *t) {
    return t ? int64_t(t->ints.size() + t->floats.size()) * 8 : 0;
  }

  /// Forgets the previous program's shared memory, views and barriers
  /// (shared memory belongs to one program) before the next one runs.
  void startProgram();
  /// The budgets of the run and what it has spent of them.
  RunLimits limits;
  uint64_t steps = 0;        ///< ops run so far, all programs
  uint64_t programSteps = 0; ///< ops run by the current program
  int64_t bufferBytes = 0;   ///< bound and scratch buffers
  int64_t peakBytes = 0;     ///< the most the run has held after an op
  /// Fails at `op` (naming the budget) when what the run holds now is over
  /// the memory budget.
  LogicalResult checkMemory(Operation *op);
  /// The value of `op`'s operand `i`.
  const Tensor &operand(Operation *op, unsigned i) const {
    return *get(op->getOperand(i));
  }
  /// Binds `op`'s (first) result to `t`.
  LogicalResult setResult(Operation *op, TensorRef t) {
    set(op->getResult(0), std::move(t));
    return success();
  }

  /// An error at `op` naming the current program (and partition).
  InFlightDiagnostic error(Operation *op);

  /// What one region of a running ttg.warp_specialize (the default region or
  /// a partition, run as concurrent tasks) keeps of the executor while
  /// another runs: its values and its depth in calls and regions.
  struct TaskState {
    llvm::DenseMap<Value, TensorRef> env;
    unsigned callDepth = 0;
    unsigned regionDepth = 0;
    int64_t heldBytes = 0;
    int64_t savedBytes = 0;
    int partition = -1; ///< -1: the kernel's own warps
  };
  /// Exchanges the executor's task state with `state`.
  void swapTaskState(TaskState &state);
  /// The scheduler of the ttg.warp_specialize running now, or null: an
  /// mbarrier wait that cannot return yet lets the other tasks run.
  WarpScheduler *scheduler = nullptr;

  /// A `!ttg.memdesc` value: elements of one shared-memory buffer of the
  /// program, element (i0, i1, ...) of the view at `offset + sum(i_d *
  /// strides[d])` in the buffer's row-major elements (so index, subslice and
  /// transposed views are all one kind). A view of the same bytes under
  /// another layout (`ttg.memdesc_reinterpret`) is not strided: it lists the
  /// buffer position of each of its elements (row-major over `shape`) in
  /// `positions`, and views of it do the same.
  struct MemDescView {
    unsigned buffer = 0;
    int64_t offset = 0;
    SmallVector<int64_t, 4> shape;
    SmallVector<int64_t, 4> strides;
    SmallVector<int64_t, 0> positions;
  };
  /// The view a memdesc value is, or null if it is not one. A memdesc value
  /// is bound to a scalar handle naming its view, so views pass through
  /// iter_args, region results and calls as any other value does.
  const MemDescView *getView(Value v) const;
  void setView(Value v, MemDescView view);
  /// A new zero-filled buffer of `shape` for element type `elem`.
  unsigned allocate(ArrayRef<int64_t> shape, Type elem);
  /// The elements of `view`, as a tensor.
  TensorPtr readView(const MemDescView &view) const;
  /// Writes `value` (of the view's shape, or one element) into `view`.
  void writeView(const MemDescView &view, const Tensor &value);

  /// An mbarrier's state (`ttng.init_barrier` ... `inval_barrier`): the
  /// arrivals and transaction bytes its current phase still waits for, and
  /// how many phases have completed.
  struct MBarrier {
    bool valid = false;
    int64_t count = 0;
    int64_t pendingArrivals = 0;
    int64_t pendingBytes = 0;
    int64_t completedPhases = 0;
  };
  /// The mbarrier at `view` (a 1xi64 buffer), created invalid on first use.
  MBarrier &barrierAt(const MemDescView &view);

  /// The global scratch of the run: `scratchSize` bytes per program from
  /// `scratchBase` (programs numbered x fastest), each
  /// `ttg.global_scratch_alloc` at its offset in the program's part.
  int64_t scratchBase = 0;
  int64_t scratchSize = 0;
  llvm::DenseMap<Operation *, int64_t> scratchOffsets;

  /// Constants evaluated once per run, shared by all programs.
  llvm::DenseMap<Operation *, TensorRef> constants;
  int64_t pid[3] = {0, 0, 0};
  int64_t numPrograms[3] = {1, 1, 1};
  SymbolTable symbols;
  Memory &memory;
  llvm::raw_ostream &printOut;

private:
  LogicalResult execOp(Operation *op);
  /// Counts one step at `op`; fails there when the step budget is spent.
  LogicalResult step(Operation *op);
  LogicalResult runRegionBlocks(Region &region, ArrayRef<TensorRef> args,
                                SmallVectorImpl<TensorRef> &results);
  const EvaluatorTable &evaluators;
  llvm::DenseMap<Value, TensorRef> env;
  std::deque<MemDescView> viewTable; // indexed by handle
  std::vector<TensorPtr> sharedBuffers;
  std::map<std::pair<unsigned, int64_t>, MBarrier> barriers;
  unsigned callDepth = 0;
  unsigned regionDepth = 0;
  int64_t heldBytes = 0;   ///< values of the current function's frame
  int64_t savedBytes = 0;  ///< values of the frames that called it
  int64_t sharedBytes = 0; ///< shared-memory buffers of the program
  int partition = -1;      ///< the partition running, -1 outside them
};

/// The block pointer or tensor descriptor `v` holds, a descriptor in memory
/// read (and checked) now; null after reporting an error at `op`.
std::shared_ptr<const BlockPtr> blockOf(Executor &ex, Operation *op, Value v);

/// Lays out the global scratch of `module` (the offsets of
/// `-tritongpu-global-scratch-memory-allocation` when it ran, the same
/// layout otherwise) and adds it to the executor's memory for `numPrograms`
/// programs.
LogicalResult allocateGlobalScratch(Executor &ex, Operation *module,
                                    int64_t numPrograms);

/// The bytes an async copy of `bytes` brings to the mbarrier `barrier`
/// (complete_tx); fails at `op` if the barrier is not initialized.
LogicalResult completeTransaction(Executor &ex, Operation *op, Value barrier,
                                  int64_t bytes);

/// d = a * b + c for rank-2 or rank-3 operands (fp32 accumulation; fp32
/// operands truncated to tf32 when `tf32`), as tt.dot and
/// ttng.warp_group_dot compute it.
FailureOr<TensorPtr> computeDot(Executor &ex, Operation *op, const Tensor &a,
                                const Tensor &b, const Tensor &c, Type aType,
                                Type bType, Type resultType, bool tf32);

/// The static shape of `type` (empty for scalars).
SmallVector<int64_t, 4> shapeOf(Type type);
/// A zero-filled value of `type`.
TensorPtr zerosOf(Type type);
/// Formats `t` of element type `elem` the way NumPy prints an array;
/// `isUnsigned` reads integers as unsigned.
void printNumpy(llvm::raw_ostream &os, const Tensor &t, Type elem,
                bool hex = false, bool isUnsigned = false);

} // namespace interp
} // namespace triton
} // namespace mlir

#endif // INTERPRETER_EXECUTOR_H
