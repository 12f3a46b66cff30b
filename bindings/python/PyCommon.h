//===- PyCommon.h - What the two halves of the Python module share -*- C++ -*-===//
//
// The context and module objects the Python module hands out, and the
// diagnostics capture that turns MLIR errors into triton_ir.DiagnosticError.
//
//===----------------------------------------------------------------------===//

#ifndef BINDINGS_PYTHON_PYCOMMON_H
#define BINDINGS_PYTHON_PYCOMMON_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

namespace triton_py {

/// An MLIRContext with every Triton IR dialect loaded. Python objects that
/// point into IR hold a shared_ptr to it, so it outlives them.
struct Context {
  Context();
  ~Context();
  mlir::MLIRContext *get() { return context; }
  mlir::MLIRContext *context;
};
using ContextRef = std::shared_ptr<Context>;

/// The context used where none is given.
ContextRef getDefaultContext();

/// A builtin.module, owned unless it was moved into other IR.
struct Module {
  ContextRef context;
  mlir::OwningOpRef<mlir::ModuleOp> owned;
  mlir::ModuleOp op;
  Module(ContextRef context, mlir::OwningOpRef<mlir::ModuleOp> module)
      : context(std::move(context)), owned(std::move(module)),
        op(owned.get()) {}
};

/// One diagnostic: where, how severe and what.
struct DiagnosticInfo {
  std::string file;
  unsigned line = 0, column = 0;
  std::string severity;
  std::string message;
  /// "file:line:col: error: message", as the tools print it.
  std::string str() const;
};

/// While alive, collects the diagnostics of `context` instead of printing
/// them; raise() throws triton_ir.DiagnosticError holding them.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(mlir::MLIRContext *context);
  ~DiagnosticCapture();
  /// Throws DiagnosticError with what was collected and `fallback` as the
  /// message when nothing was.
  [[noreturn]] void raise(const std::string &fallback);
  const std::vector<DiagnosticInfo> &diagnostics() const { return collected; }

private:
  mlir::MLIRContext *context;
  mlir::DiagnosticEngine::HandlerID id;
  std::vector<DiagnosticInfo> collected;
};

/// Registers the builder half (Builder.cpp): types, values, blocks,
/// operations, functions and the builder with Triton's method names, and the
/// module's methods that take or give functions.
void defineBuilder(pybind11::module_ &m,
                   pybind11::class_<Module, std::shared_ptr<Module>> &module);

} // namespace triton_py

#endif // BINDINGS_PYTHON_PYCOMMON_H
