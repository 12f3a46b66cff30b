//===- SplitMaskedLoops.h - -tritongpu-split-masked-loops -------*- C++ -*-===//
//
// Ours (not a Triton 3.6 pass): a dot loop whose masks compare the induction
// variable's range of columns (`start + tl.arange(0, N) < bound`, or `<=` a
// loop-invariant range such as a causal diagonal's rows) is split where those
// masks stop being all true. The first loop runs the iterations in which every
// such mask holds, with the masks replaced by `true` (so the canonicalizer
// drops the selects and the load masks); the second runs the rest, unchanged.
// Declared here rather than in Passes.td: it is registered from C++
// (registerTritonGPUSplitMaskedLoops), and make_ttgir adds it by default on
// sm_90 unless `split-masked-loops=false` or compat=3.6.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONGPU_SPLITMASKEDLOOPS_H
#define PASSES_TRITONGPU_SPLITMASKEDLOOPS_H

#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace triton {
namespace gpu {

/// -tritongpu-split-masked-loops, on a module.
std::unique_ptr<Pass> createTritonGPUSplitMaskedLoops();

/// Makes -tritongpu-split-masked-loops known to triton-opt.
void registerTritonGPUSplitMaskedLoops();

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_SPLITMASKEDLOOPS_H
