//===- TritonOptMain.h - The main loop of triton-opt ------------*- C++ -*-===//

#ifndef OPT_TOOL_COMMON_TRITONOPTMAIN_H
#define OPT_TOOL_COMMON_TRITONOPTMAIN_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace triton {

/// mlir-opt's main loop over `registry`, which also keeps the source names of
/// region arguments (see passes/Triton/RestoreSourceNames.h) when
/// `keepSourceNames` holds after the command line is parsed (the driver owns
/// the flag: `keepSourceNames` is its storage).
LogicalResult tritonOptMain(int argc, char **argv, llvm::StringRef toolName,
                            DialectRegistry &registry,
                            const bool &keepSourceNames);

} // namespace triton
} // namespace mlir

#endif // OPT_TOOL_COMMON_TRITONOPTMAIN_H
