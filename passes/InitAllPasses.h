//===- InitAllPasses.h - Register the passes triton-opt offers --*- C++ -*-===//

#ifndef PASSES_INITALLPASSES_H
#define PASSES_INITALLPASSES_H

namespace mlir {
namespace triton {

/// Registers the project's passes and pipelines and the upstream passes that
/// Triton's pipelines use (canonicalize, cse, inline, sccp, symbol-dce, ...).
void registerTritonPasses();

} // namespace triton
} // namespace mlir

#endif // PASSES_INITALLPASSES_H
