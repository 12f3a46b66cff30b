//===- Driver.h - What triton-run does with its options ---------*- C++ -*-===//
//
// triton-run's work after it has parsed its command line and its input: bind
// the arguments, run the kernel over the grid, optionally compare with a run
// after a pass pipeline, then print and save buffers. Options come in as a
// plain struct, so that other tools and tests can drive a run the same way.
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_DRIVER_H
#define INTERPRETER_DRIVER_H

#include "interpreter/ArgSpecs.h"
#include "interpreter/CompareAfter.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace triton {
namespace interp {

/// A run as the command line describes it.
struct RunOptions {
  std::string kernelName;         ///< empty: the first public tt.func
  std::string grid;               ///< X[,Y[,Z]]
  std::vector<std::string> args;  ///< --arg specs (see ArgSpecs.h)
  std::vector<std::string> print; ///< buffers to print after the run
  std::vector<std::string> save;  ///< NAME=PATH.npy
  std::string compareAfter;       ///< a pass pipeline; empty: no comparison
  Tolerance tolerance;            ///< of the comparison
  bool toleranceGiven = false;    ///< --rtol or --atol was on the command line
  bool reportKernelTime = false;  ///< print the time of the run alone
  std::string maxSteps;           ///< --max-steps; empty: the default
  std::string maxMemory;          ///< --max-memory (bytes, or K/M/G/T)
};

/// `RunOptions` checked and parsed.
struct RunPlan {
  SmallVector<int64_t, 3> grid;
  SmallVector<ArgSpec, 8> args;
  SmallVector<std::pair<std::string, std::string>, 4> save;
  RunLimits limits;
};

/// Reads a byte count: digits, optionally followed by K, M, G or T (powers
/// of 1024, an optional trailing 'B' or 'iB'); None when malformed or beyond
/// 2^62.
std::optional<int64_t> parseByteCount(StringRef text);

/// Checks every option that can be checked without the input (the grid, each
/// argument spec, the directories to save into, the tolerances, the
/// budgets); the error
/// names the option and what is wrong with it.
llvm::Expected<RunPlan> planRun(const RunOptions &options);

/// Runs the kernel of `module` as `options` and `plan` say, printing to `out`
/// (tt.print output, --print). Problems in the IR are diagnostics; the error
/// says what failed (empty when the diagnostics say it all).
llvm::Error runModule(ModuleOp module, const RunOptions &options,
                      const RunPlan &plan, llvm::raw_ostream &out);

} // namespace interp
} // namespace triton
} // namespace mlir

#endif // INTERPRETER_DRIVER_H
