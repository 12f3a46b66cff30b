//===- AsyncLoads.h - Which loads cp.async or TMA can pipeline -*- C++ -*-===//

#ifndef PASSES_TRITONGPU_PIPELINE_ASYNCLOADS_H
#define PASSES_TRITONGPU_PIPELINE_ASYNCLOADS_H

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Analysis/AxisInfo.h"

namespace mlir {
namespace triton {
namespace gpu {
namespace pipeline {

/// Elements of the load's pointers that a thread reads contiguously and
/// aligned, its mask included (Triton 3.6's contiguity of the load); 1 for
/// scalar loads.
unsigned getLoadContiguity(LoadOp load, const ModuleAxisInfo &axis);

/// Whether cp.async can copy the load: at least 32 bits per vector.
bool canBeAsyncCopy(LoadOp load, const ModuleAxisInfo &axis);

/// Whether `op`'s module targets sm_90 or later, or names no target.
bool targetHasTMA(Operation *op);

/// Whether the descriptor load can become a TMA copy into a multi-buffered
/// buffer: a target of sm_90 or later (or none named), a result with a
/// layout, and a descriptor block in a single CTA's `#ttg.nvmma_shared`
/// layout (the one the buffer takes).
bool canBeTMALoad(DescriptorLoadOp load);

/// Bytes of a thread's consecutive registers of `type` that stay consecutive
/// in the shared layout `shared` (0 when the layouts cannot be related).
int getCopyVecBytes(RankedTensorType type, Attribute shared);

/// The shared layout of `load`'s `ttg.local_alloc` users; null when it has
/// none, and `conflict` set when they disagree.
Attribute getLocalAllocEncoding(Operation *load, bool &conflict);

/// Clips the copy's source layout (a blocked one, into a swizzled buffer):
/// a thread's run along the fastest dimension becomes at most what the
/// buffer keeps contiguous and at most `maxRun` elements, so that the lanes
/// of a warp cover neighbouring addresses (-tritongpu-coalesce-async-copy,
/// and AMD's with gfx942's 4-byte LDS-DMA loads). Pointers, mask and other
/// are converted to it in front of the copy.
void clipAsyncCopySource(AsyncCopyGlobalToLocalOp copy, int64_t maxRun);

/// The layout of a pipelined load's buffer: its local_allocs', else the dot
/// operand one its layout conversions lead to, else an unswizzled one.
Attribute getPipelineSharedEncoding(Operation *load);

} // namespace pipeline
} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_PIPELINE_ASYNCLOADS_H
