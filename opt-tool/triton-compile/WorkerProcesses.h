//===- WorkerProcesses.h - triton-compile -j: jobs in forked processes ----===//
//
// A batch's kernels compile in worker processes forked from triton-compile,
// not in threads of one process: LLVM's options are process-wide (the loop
// unroll threshold differs between kernels with and without tensor-core
// dots, so threads had to wait for each other's O3 pipelines), and one
// kernel that crashes the compiler then takes only its worker down. Workers
// take the next job as they become free and send each job's outcome back
// through a pipe; this process prints it.
//
//===----------------------------------------------------------------------===//

#ifndef OPT_TOOL_TRITON_COMPILE_WORKERPROCESSES_H
#define OPT_TOOL_TRITON_COMPILE_WORKERPROCESSES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace mlir {
namespace triton {

/// How one job went, as a worker reports it.
struct JobOutcome {
  bool ok = false;
  bool fromCache = false;
  /// What to print for it.
  std::string text;
};

/// Runs the jobs `order` names (indices, the first taken first) in `workers`
/// processes forked from this one, which must not have started threads.
/// `run` runs in a worker; `report` runs here, once per job, as each ends.
/// A worker that dies (a crash, a fatal error) is replaced; its job is
/// reported failed, `describeLoss` saying why.
void runInWorkerProcesses(
    llvm::ArrayRef<size_t> order, unsigned workers,
    llvm::function_ref<JobOutcome(size_t)> run,
    llvm::function_ref<void(size_t, const JobOutcome &)> report,
    llvm::function_ref<std::string(size_t, const std::string &why)>
        describeLoss);

} // namespace triton
} // namespace mlir

#endif // OPT_TOOL_TRITON_COMPILE_WORKERPROCESSES_H
