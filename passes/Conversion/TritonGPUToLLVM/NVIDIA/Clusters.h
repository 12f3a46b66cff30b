//===- Clusters.h - Lowering a program that runs on several CTAs -*- C++ -*-==//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_CLUSTERS_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_CLUSTERS_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace triton {
namespace nvidia {

/// For a module whose programs are clusters (ttg.num-ctas > 1): a located
/// error where the target has no clusters (before sm_90), the size is not
/// one the lowering takes, or an op's lowering does not handle several CTAs
/// yet. Success for one CTA per program.
LogicalResult checkClusterLowerable(ModuleOp module, int computeCapability);

} // namespace nvidia
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_CLUSTERS_H
