//===- LLVMDiagnostics.cpp - LLVM's errors as MLIR diagnostics ------------===//

#include "translate/LLVMDiagnostics.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The innermost scope: where a fatal error, which carries no location of
/// its own, is reported.
thread_local LLVMDiagnosticScope *activeScope = nullptr;

constexpr llvm::StringLiteral prefix = "LLVM error: ";

/// Takes the context's errors and warnings for the scope. Remarks and notes
/// keep LLVM's own handling (shown only where asked for with -pass-remarks).
class ScopeHandler : public llvm::DiagnosticHandler {
public:
  explicit ScopeHandler(LLVMDiagnosticScope &scope) : scope(scope) {}

  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    llvm::DiagnosticSeverity severity = info.getSeverity();
    if (severity != llvm::DS_Error && severity != llvm::DS_Warning)
      return false;
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::DiagnosticPrinterRawOStream printer(os);
    info.print(printer);
    // Code generation's diagnostics carry a source location only where the
    // IR has debug information; without it they start with LLVM's
    // placeholder, which says less than the scope's location.
    llvm::StringRef message = llvm::StringRef(text).trim();
    message.consume_front("<unknown>:0:0: ");
    if (severity == llvm::DS_Error)
      scope.addError(message.str());
    else
      emitWarning(scope.getLocation()) << "LLVM: " << message;
    return true;
  }

private:
  LLVMDiagnosticScope &scope;
};

[[noreturn]] void exitAfterError() {
  llvm::errs().flush();
  // What LLVM's own fatal-error path does before exiting: the tool's output
  // file (registered by ToolOutputFile) is removed, not left half-written.
  llvm::sys::RunInterruptHandlers();
  std::exit(1);
}

void reportFatalError(void *, const char *reason, bool) {
  llvm::StringRef text = llvm::StringRef(reason).trim();
  if (!activeScope) {
    llvm::WithColor::error(llvm::errs()) << prefix << text << "\n";
    exitAfterError();
  }
  // One diagnostic, after the errors the context reported before (they
  // often explain the fatal one).
  activeScope->addError(text.str());
  (void)activeScope->flushErrors();
  exitAfterError();
}

/// Memory is short: no allocation, no diagnostic engine, no destructors.
void reportOutOfMemory(void *, const char *reason, bool) {
  constexpr char message[] = "error: out of memory: ";
  ssize_t written = ::write(2, message, sizeof(message) - 1);
  written = ::write(2, reason, std::strlen(reason));
  written = ::write(2, "\n", 1);
  (void)written;
  llvm::sys::RunInterruptHandlers();
  std::_Exit(1);
}

} // namespace

void mlir::triton::installFatalErrorHandlers() {
  llvm::install_fatal_error_handler(reportFatalError, nullptr);
  llvm::install_bad_alloc_error_handler(reportOutOfMemory, nullptr);
  llvm::install_out_of_memory_new_handler();
}

LLVMDiagnosticScope::LLVMDiagnosticScope(llvm::LLVMContext &context,
                                         Location loc)
    : context(context), loc(loc), enclosing(activeScope) {
  previousHandler = context.getDiagnosticHandler();
  context.setDiagnosticHandler(std::make_unique<ScopeHandler>(*this));
  activeScope = this;
}

LLVMDiagnosticScope::~LLVMDiagnosticScope() {
  context.setDiagnosticHandler(std::move(previousHandler));
  activeScope = enclosing;
}

LogicalResult LLVMDiagnosticScope::flushErrors() {
  if (errors.empty())
    return success();
  emitError(loc) << prefix << llvm::join(errors, "\n");
  errors.clear();
  return failure();
}
