//===- WarpScheduler.h - The regions of a ttg.warp_specialize as tasks ---===//
//
// The default region and the partitions of a ttg.warp_specialize run as
// concurrent tasks of one program. One task runs at a time, until it ends or
// waits on something only another task can bring about (an mbarrier phase);
// then the next task in a fixed round-robin order runs, so a run is the same
// every time. When every task left waits and a whole round brings nothing
// new, the program is deadlocked: an error at the op, each wait a note, never
// a hang.
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_WARPSCHEDULER_H
#define INTERPRETER_WARPSCHEDULER_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LogicalResult.h"

#include <string>

namespace mlir {
namespace triton {
namespace interp {

class WarpScheduler {
public:
  virtual ~WarpScheduler() = default;
  /// Called by the running task at `op`, whose wait cannot return yet
  /// (`why` says what it waits for): the other tasks run until this one is
  /// given its turn again, to look once more. `retry` is false the first
  /// time a task waits at `op` after doing anything else. Fails when the
  /// run is abandoned (a deadlock, reported here, or an error elsewhere).
  virtual LogicalResult wait(Operation *op, bool retry, std::string why) = 0;
};

} // namespace interp
} // namespace triton
} // namespace mlir

#endif // INTERPRETER_WARPSCHEDULER_H
