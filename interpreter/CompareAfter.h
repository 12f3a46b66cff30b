//===- CompareAfter.h - Does a pipeline keep a kernel's meaning -*- C++ -*-===//
//
// A comparison run executes a kernel, runs a pass pipeline over a copy of its
// module, executes the copy on the same inputs and compares every buffer the
// user bound: bit for bit by default, within a tolerance when one is given.
// `triton-run --compare-after` and the semantic tests are built on it.
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_COMPAREAFTER_H
#define INTERPRETER_COMPAREAFTER_H

#include "interpreter/Buffers.h"
#include "interpreter/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir {
class OpPassManager;
class PassManager;
namespace triton {
namespace interp {

/// How far two runs' float elements may differ: |a - b| <= abs + rel * |a|.
/// With both zero, elements must be equal bit for bit.
struct Tolerance {
  double rel = 0;
  double abs = 0;
  bool exact() const { return rel == 0 && abs == 0; }
};

/// The textual pass pipeline `spec` names. Besides MLIR's textual form
/// (`canonicalize,cse`, optionally inside `builtin.module(...)`), triton-opt's
/// flag form is accepted: `-triton-combine -foo='a=1 b=2'` is
/// `triton-combine,foo{a=1 b=2}`.
std::string toPassPipelineText(StringRef spec);

/// Parses `spec` (see toPassPipelineText) into `pm`, a pass manager anchored
/// on builtin.module; the error says why it cannot be parsed.
llvm::Error parseComparePipeline(StringRef spec, OpPassManager &pm);

/// The first element in which the bound (non-internal) buffers of `before`
/// and `after` differ beyond `tolerance`, described for a message naming the
/// buffer, the index and both values; std::nullopt when none does.
std::optional<std::string>
firstDifference(const Memory &before, const Memory &after, Tolerance tolerance);

/// Runs `pm` over a copy of `module`, runs the copy's tt.func named
/// `kernelName` over `grid` with `args` against a copy of `inputs` (the
/// memory before the first run), and compares the result with `results`
/// (the memory after it). Problems in the IR are reported as diagnostics as
/// well; the error says which step failed or where the runs differ.
llvm::Error compareAfterPipeline(ModuleOp module, StringRef kernelName,
                                 PassManager &pm, ArrayRef<int64_t> grid,
                                 ArrayRef<KernelArg> args, const Memory &inputs,
                                 const Memory &results, Tolerance tolerance,
                                 llvm::raw_ostream &printOut,
                                 const RunLimits &limits = {});

} // namespace interp
} // namespace triton
} // namespace mlir

#endif // INTERPRETER_COMPAREAFTER_H
