//===- FuzzCommon.h - What the fuzz targets share ---------------*- C++ -*-===//
//
// Each fuzz target parses its input as the tools do (the nesting precheck,
// then MLIR's parser and verifier) in a fresh context, with every diagnostic
// swallowed: a diagnostic is the right answer to bad input, only crashes,
// sanitizer reports, leaks and timeouts are findings.
//
//===----------------------------------------------------------------------===//

#ifndef FUZZ_FUZZCOMMON_H
#define FUZZ_FUZZCOMMON_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>

namespace mlir {
namespace triton {
namespace fuzz {

/// All dialects the tools parse (triton-opt's registry), built once.
const DialectRegistry &toolRegistry();

/// A fresh single-threaded context over toolRegistry(), diagnostics dropped.
std::unique_ptr<MLIRContext> makeContext();

/// `text` parsed and verified as a module (an implicit one around top-level
/// ops), or null: text nested deeper than the tools accept, a parse error or
/// a verifier error.
OwningOpRef<ModuleOp> parseModule(llvm::StringRef text, MLIRContext &context);

/// The fuzzer's bytes as text.
inline llvm::StringRef asText(const uint8_t *data, size_t size) {
  return llvm::StringRef(reinterpret_cast<const char *>(data), size);
}

} // namespace fuzz
} // namespace triton
} // namespace mlir

#endif // FUZZ_FUZZCOMMON_H
