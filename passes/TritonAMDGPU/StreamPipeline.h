//===- StreamPipeline.h - AMD's stream pipeliner, shared parts --*- C++ -*-===//
//
// -tritonamdgpu-schedule-loops picks the loads and stages, and
// -tritonamdgpu-pipeline lowers them to LDS buffers and expands the loop;
// both recompute the same choice of loads from these.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONAMDGPU_STREAMPIPELINE_H
#define PASSES_TRITONAMDGPU_STREAMPIPELINE_H

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Analysis/AxisInfo.h"
#include "passes/TritonGPU/Pipeline/Schedule.h"

namespace mlir {
namespace triton {
namespace amdgpu {

/// Whether narrow loads (under 32 bits per vector) stay where they are on
/// `arch`: gfx90a and gfx942 (CDNA2, CDNA3) leave them.
bool filtersSmallLoads(StringRef arch);

/// Whether fetching the load `op` ahead pays (Triton 3.6's criteria for AMD).
bool isStreamBeneficial(Operation *op, const ModuleAxisInfo &axis,
                        bool filterSmall);

/// The loads of `forOp` worth fetching ahead (isStreamBeneficial, with the
/// small-load filter of the module's target) at a level below
/// `numStages - 1`, with their levels and users.
llvm::MapVector<Operation *, gpu::pipeline::LoadLevel>
streamedLoads(scf::ForOp forOp, int numStages, const ModuleAxisInfo &axis);

/// The LDS layout of a streamed load: every user is a local_alloc, or a
/// layout conversion to a dot operand; their layouts agree up to the
/// swizzle's vector (the widest is taken). Null otherwise: the value then
/// crosses stages in registers.
Attribute streamEncoding(LoadOp load);

/// Whether the loop takes 3.6's chained-dots schedule: 4 stages, two dots,
/// the first feeding the second, no indirect loads.
bool isChainedDots(
    scf::ForOp forOp, int numStages,
    const llvm::MapVector<Operation *, gpu::pipeline::LoadLevel> &loads);

/// The chained-dots schedule (4 stages): clusters in pipelined-body order
/// and the stages of each kind of op. Suffix 1 belongs to the first dot's
/// operands, 2 to the second's.
namespace chained {
enum ClusterIndex {
  kDot1,
  kAfterDot1,
  kAsyncWait2,
  kLocalWrite1,
  kLocalLoad2,
  kGlobalLoad1,
  kDot2,
  kAfterDot2,
  kAsyncWait1,
  kLocalWrite2,
  kLocalLoad1,
  kGlobalLoad2,
  kClusterCount
};
constexpr int kStageDot1 = 2, kStageDot2 = 3;
constexpr int kStageGlobalLoad1 = 0, kStageLocalWrite1 = 1,
              kStageLocalLoad1 = 1;
constexpr int kStageGlobalLoad2 = 1, kStageLocalWrite2 = 2,
              kStageLocalLoad2 = 3;
} // namespace chained

} // namespace amdgpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONAMDGPU_STREAMPIPELINE_H
