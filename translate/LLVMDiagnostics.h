//===- LLVMDiagnostics.h - LLVM's errors as MLIR diagnostics ----*- C++ -*-===//
//
// LLVM reports some errors during code generation through its LLVMContext
// (unsupported constructs, inline-asm errors) and others as fatal errors
// (an instruction it cannot select, an unsupported calling convention).
// Left alone, the first kind exits from inside LLVM and the second aborts
// with a stack dump; here both become error diagnostics at the location of
// the translation under way.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSLATE_LLVMDIAGNOSTICS_H
#define TRANSLATE_LLVMDIAGNOSTICS_H

#include "mlir/IR/Location.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/LLVMContext.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace triton {

/// Installs process-wide handlers for LLVM's fatal errors (report_fatal_error,
/// reportFatalUsageError, reportFatalInternalError) and for running out of
/// memory: each prints one error diagnostic, at the location of the active
/// LLVMDiagnosticScope if there is one, removes the output files registered
/// for removal on a signal (the tool's half-written output) and exits with
/// status 1. For tools: a fatal error still ends the process.
void installFatalErrorHandlers();

/// While alive, `context` reports its errors here rather than exiting, its
/// warnings become warnings at `loc`, and LLVM's fatal errors are reported
/// at `loc` (when installFatalErrorHandlers was called).
class LLVMDiagnosticScope {
public:
  LLVMDiagnosticScope(llvm::LLVMContext &context, Location loc);
  ~LLVMDiagnosticScope();
  LLVMDiagnosticScope(const LLVMDiagnosticScope &) = delete;
  LLVMDiagnosticScope &operator=(const LLVMDiagnosticScope &) = delete;

  Location getLocation() const { return loc; }

  /// Records an error LLVM reported.
  void addError(std::string message) { errors.push_back(std::move(message)); }

  /// Emits one error at the scope's location holding every error LLVM has
  /// reported so far, and returns failure; success if there were none.
  LogicalResult flushErrors();

private:
  llvm::LLVMContext &context;
  Location loc;
  std::vector<std::string> errors;
  std::unique_ptr<llvm::DiagnosticHandler> previousHandler;
  LLVMDiagnosticScope *enclosing;
};

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_LLVMDIAGNOSTICS_H
