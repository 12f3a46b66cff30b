//===- Pipelines.h - Triton 3.6's compile stages as pass pipelines --------===//

#ifndef PASSES_PIPELINES_PIPELINES_H
#define PASSES_PIPELINES_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir {
namespace triton {

/// Options of the named pipelines (upstream's compile options).
struct TritonPipelineOptions
    : public PassPipelineOptions<TritonPipelineOptions> {
  Option<std::string> target{
      *this, "target",
      llvm::cl::desc("cuda:80, cuda:90, hip:gfx90a or hip:gfx942"),
      llvm::cl::init("cuda:90")};
  Option<int> numWarps{*this, "num-warps", llvm::cl::desc("warps per program"),
                       llvm::cl::init(4)};
  Option<int> numCtas{*this, "num-ctas", llvm::cl::desc("CTAs per cluster"),
                      llvm::cl::init(1)};
  Option<int> numStages{*this, "num-stages",
                        llvm::cl::desc("software pipelining stages"),
                        llvm::cl::init(3)};
  Option<std::string> compat{
      *this, "compat",
      llvm::cl::desc("3.6: exactly Triton 3.6's pass list, without the "
                     "schedules of our own that are on by default"),
      llvm::cl::init("")};
  Option<bool> dotAhead{
      *this, "dot-ahead",
      llvm::cl::desc("sm_90: issue QK^T-like warp-group dots an iteration "
                     "ahead where their readers can move to the iteration "
                     "before (-tritongpu-assign-latencies dot-ahead; off: "
                     "four harness attention kernels ran 2-12% slower with "
                     "it, docs/Hopper.md; ignored under compat=3.6)"),
      llvm::cl::init(false)};
  Option<bool> splitMaskedLoops{
      *this, "split-masked-loops",
      llvm::cl::desc("sm_90: split a dot loop where its induction-variable "
                     "range masks stop being all true, the first part "
                     "without them (-tritongpu-split-masked-loops; off: "
                     "faster on most harness attention kernels but "
                     "attn_dropout ran 0.83x Triton with it, docs/Hopper.md; "
                     "ignored under compat=3.6)"),
      llvm::cl::init(false)};
  Option<bool> tmaMulticast{
      *this, "tma-multicast",
      llvm::cl::desc("make_llir, CTA clusters: TMA loads into buffers the "
                     "CTAs hold copies of are split among the copies, each "
                     "multicasting its share (-triton-nvidia-gpu-tma-"
                     "multicast, ours; off: see docs/passes/"
                     "TritonNvidiaGPU.md)"),
      llvm::cl::init(false)};
};

/// Adds make_ttir's passes for `options.target` to `pm`.
void buildMakeTTIRPipeline(OpPassManager &pm,
                           const TritonPipelineOptions &options);

/// Registers -triton-make-ttir, -triton-make-ttgir, -triton-make-llir and
/// -triton-to-llvm.
void registerTritonPipelines();

/// The most registers a thread can be given (PTX .maxnreg; ptxas ignores a
/// larger limit).
constexpr int kMaxnregLimit = 255;

/// Triton's `maxnreg` compile option: `module`'s ttg.maxnreg, which Triton
/// sets before make_ttgir. make_llir's warp-group allocation plans from it
/// and the lowering puts it on the kernels (nvvm.maxnreg, PTX .maxnreg). A
/// count outside 1-255, or a ttg.maxnreg of another count already on the
/// module, is a located error.
LogicalResult setMaxRegisters(ModuleOp module, int maxnreg);

} // namespace triton
} // namespace mlir

#endif // PASSES_PIPELINES_PIPELINES_H
