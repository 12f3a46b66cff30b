//===- TritonOptMain.h - The main loop of triton-opt ------------*- C++ -*-===//

#ifndef OPT_TOOL_COMMON_TRITONOPTMAIN_H
#define OPT_TOOL_COMMON_TRITONOPTMAIN_H

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace triton {

/// mlir-opt's main loop over `registry`, which also keeps the source names of
/// region arguments (see passes/Triton/RestoreSourceNames.h) unless `--keep-source-names=false`.
LogicalResult tritonOptMain(int argc, char **argv, llvm::StringRef toolName,
                            DialectRegistry &registry);

} // namespace triton
} // namespace mlir

#endif // OPT_TOOL_COMMON_TRITONOPTMAIN_H
