//===- Pipelines.cpp - Triton 3.6's compile stages as pass pipelines ------===//
//
// The orders are those of ../shared/spec/triton-3.6-pipelines.md. A stage
// whose passes are not built yet runs what exists and emits one remark naming
// the rest.
//
//===----------------------------------------------------------------------===//

#include "passes/Pipelines/Pipelines.h"

#include "passes/Analysis/Passes.h"
#include "passes/Conversion/NVGPUToLLVM/Passes.h"
#include "passes/Conversion/TritonGPUToLLVM/Passes.h"
#include "passes/Conversion/TritonToTritonGPU/Passes.h"
#include "passes/Hopper/Passes.h"
#include "passes/Triton/Passes.h"
#include "passes/TritonAMDGPU/Passes.h"
#include "passes/TritonGPU/Passes.h"
#include "passes/TritonNvidiaGPU/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Emits one diagnostic on the module: a remark naming passes of a stage that
/// are not built yet, or an error (failing the pipeline) for bad options.
class PipelineNotePass
    : public PassWrapper<PipelineNotePass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PipelineNotePass)
  PipelineNotePass(std::string message, bool isError)
      : message(std::move(message)), isError(isError) {}
  StringRef getArgument() const override { return "triton-pipeline-note"; }
  void runOnOperation() override {
    // Reported at the module's location, without the module printed after it.
    Location loc = getOperation().getLoc();
    if (isError) {
      emitError(loc, message);
      return signalPassFailure();
    }
    emitRemark(loc, message);
  }

private:
  std::string message;
  bool isError;
};

enum class Backend { Cuda, Hip, Unknown };

struct Target {
  Backend backend = Backend::Unknown;
  int computeCapability = 0; ///< cuda only
  std::string arch;          ///< hip only
};

Target parseTarget(StringRef text) {
  Target target;
  if (text.consume_front("cuda:")) {
    if (!text.getAsInteger(10, target.computeCapability) &&
        (target.computeCapability == 80 || target.computeCapability == 90))
      target.backend = Backend::Cuda;
  } else if (text.consume_front("hip:")) {
    if (text == "gfx942" || text == "gfx90a") {
      target.backend = Backend::Hip;
      target.arch = text.str();
    }
  }
  return target;
}

/// Adds the error pass and returns false for a target we do not compile for
/// or a `compat=` other than 3.6.
bool checkTarget(OpPassManager &pm, const TritonPipelineOptions &options,
                 Target &target) {
  if (!options.compat.empty() && options.compat != "3.6") {
    pm.addPass(std::make_unique<PipelineNotePass>(
        "unknown compat '" + options.compat + "': expected 3.6",
        /*isError=*/true));
    return false;
  }
  target = parseTarget(options.target);
  if (target.backend != Backend::Unknown)
    return true;
  pm.addPass(std::make_unique<PipelineNotePass>(
      "unknown target '" + options.target +
          "': expected cuda:80, cuda:90, hip:gfx90a or "
          "hip:gfx942",
      /*isError=*/true));
  return false;
}

void addNotBuiltRemark(OpPassManager &pm, StringRef stage,
                       ArrayRef<StringRef> passes) {
  pm.addPass(std::make_unique<PipelineNotePass>(
      (stage + " is not complete: its passes " + llvm::join(passes, ", ") +
       " do not exist in this toolchain yet and were skipped")
          .str(),
      /*isError=*/false));
}

/// Under compat=3.6 on AMD: the flattening 3.6 runs exists, but the stream
/// pipeliner that follows it here does not take its fused loops yet.
void addFusionNotRunRemark(OpPassManager &pm) {
  pm.addPass(std::make_unique<PipelineNotePass>(
      "make_ttgir does not run tritongpu-fuse-nested-loops on AMD targets "
      "yet: the stream pipeliner is not checked on its fused loops; "
      "tt.flatten nests are pipelined in their inner loop",
      /*isError=*/false));
}

// Passes of make_ttgir and make_llir for cuda:90, for the remark.
const StringRef kMakeTTGIRPasses[] = {
    "triton-nvidia-gpu-hoist-mbarrier-lifecycle"};

void buildMakeTTGIR(OpPassManager &pm, const TritonPipelineOptions &options) {
  Target target;
  if (!checkTarget(pm, options, target))
    return;
  // Our own schedules (on by default where they beat 3.6) stay out of the
  // pass list under compat=3.6.
  bool ownSchedules = options.compat.empty();
  ConvertTritonToTritonGPUOptions convert;
  convert.target = options.target;
  convert.numWarps = options.numWarps;
  convert.threadsPerWarp = target.backend == Backend::Hip ? 64 : 32;
  convert.numCTAs = options.numCtas;
  // Block-scaled dots become upcasts and a plain dot before layouts exist:
  // neither target's lowering has scaled MMAs, and the upcasts then get their
  // layouts from the ordinary propagation. On NVIDIA a dot scaled on b alone
  // is transposed first, as 3.6's accelerate-matmul does there.
  TritonDecomposeDotScaledOptions decompose;
  decompose.transposeScaledB = target.backend == Backend::Cuda;
  pm.addPass(createTritonDecomposeDotScaled(decompose));
  pm.addPass(createConvertTritonToTritonGPU(convert));
  pm.addPass(triton::gpu::createTritonGPUCoalesce());
  triton::gpu::TritonGPUF32DotTCOptions f32Dots;
  f32Dots.emuTF32 =
      target.backend == Backend::Cuda && target.computeCapability >= 80;
  pm.addPass(triton::gpu::createTritonGPUF32DotTC(f32Dots));
  // CTA tilings for clusters; a no-op with one CTA, and clusters exist
  // from sm_90 on.
  if (target.backend == Backend::Cuda && target.computeCapability >= 90 &&
      options.numCtas > 1)
    pm.addPass(triton::nvidia_gpu::createTritonNvidiaGPUPlanCTA());
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  pm.addPass(triton::gpu::createTritonGPUOptimizeThreadLocality());
  if (target.backend == Backend::Cuda) {
    // Ours: int8 wgmma up to 256 wide, where 3.6 stops at 224.
    triton::gpu::TritonGPUAccelerateMatmulOptions matmul;
    matmul.wideInt8Wgmma = ownSchedules;
    pm.addPass(triton::gpu::createTritonGPUAccelerateMatmul(matmul));
  } else {
    triton::amdgpu::TritonAMDGPUAccelerateMatmulOptions mfma;
    mfma.arch = target.arch;
    pm.addPass(triton::amdgpu::createTritonAMDGPUAccelerateMatmul(mfma));
  }
  pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  // NVIDIA's optimize-dot-operands (AMD has its own), before and after
  // pipelining.
  if (target.backend == Backend::Cuda)
    pm.addPass(triton::gpu::createTritonGPUOptimizeDotOperands());
  // Tensor descriptors reach make_ttgir only on sm_90 (make_ttir rewrites
  // them to pointers below): their TMA layouts, before the pipeliner.
  if (target.backend == Backend::Cuda && target.computeCapability >= 90)
    pm.addPass(
        triton::nvidia_gpu::createTritonNvidiaGPUOptimizeDescriptorEncoding());
  // Ours: 8-bit wgmma and mma.sync operands that are MN-major in memory go
  // through a staging buffer the pipeliner fills ahead, then K-major (3.6
  // stores wgmma's byte by byte from registers, unpipelined, and loads
  // mma.sync's fragments byte by byte).
  if (ownSchedules && target.backend == Backend::Cuda &&
      target.computeCapability >= 80)
    pm.addPass(triton::gpu::createTritonGPUTransposeNarrowOperands());
  if (target.backend == Backend::Cuda) {
    // Step 14 for sm_8x/sm_9x: software pipelining, with the clean-ups
    // around it that shape the loops it sees.
    pm.addPass(createTritonLoopAwareCSE());
    // Ours: the iterations whose masks are all true split from the rest,
    // before the canonicalizer folds the masks away (docs/Hopper.md).
    if (ownSchedules && options.splitMaskedLoops &&
        target.computeCapability >= 90)
      pm.addPass(triton::gpu::createTritonGPUSplitMaskedLoops());
    // 3.6 runs tritongpu-fuse-nested-loops here, and so does compat=3.6; by
    // default ours pipelines the inner loop of a tt.flatten nest instead,
    // which measured faster (docs/Compatibility.md).
    if (!ownSchedules)
      pm.addPass(triton::gpu::createTritonGPUFuseNestedLoops());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createTritonLoopInvariantCodeMotion());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(triton::gpu::createTritonGPUCombineTensorSelectAndIf());
    // Changes only 4-warp functions with a tt.warp_specialize loop.
    hopper::NVGPUWarpSpecializationOptions warpSpecialization;
    warpSpecialization.numStages = options.numStages;
    pm.addPass(hopper::createNVGPUWarpSpecialization(warpSpecialization));
    triton::gpu::TritonGPUAssignLatenciesOptions latencies;
    latencies.numStages = options.numStages;
    latencies.dotAhead = ownSchedules && options.dotAhead;
    pm.addPass(triton::gpu::createTritonGPUAssignLatencies(latencies));
    pm.addPass(triton::gpu::createTritonGPUScheduleLoops());
    triton::gpu::TritonGPUPipelineOptions pipelining;
    pipelining.numStages = options.numStages;
    pm.addPass(triton::gpu::createTritonGPUPipeline(pipelining));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createTritonLoopAwareCSE());
    // Step 17: only sm_8x prefetches; wgmma reads its operands from shared
    // memory itself.
    if (target.computeCapability / 10 == 8)
      pm.addPass(triton::gpu::createTritonGPUPrefetch());
    pm.addPass(triton::gpu::createTritonGPUOptimizeDotOperands());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(triton::gpu::createTritonGPUCoalesceAsyncCopy());
    if (target.computeCapability >= 90)
      pm.addPass(triton::nvidia_gpu::createTritonNvidiaGPUTMALowering());
    // Step 24, before reduce-data-duplication.
    pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  } else {
    // AMD's steps between accelerate-matmul and reduce-data-duplication, as
    // far as they are built: MFMA results stored from their own layout, the
    // loop clean-ups, and the conversions left then removed.
    pm.addPass(triton::amdgpu::createTritonAMDGPUOptimizeEpilogue());
    pm.addPass(triton::amdgpu::createTritonAMDGPUOptimizeDotOperands());
    pm.addNestedPass<triton::FuncOp>(
        triton::amdgpu::createTritonAMDGPUHoistLayoutConversions());
    if (!ownSchedules)
      addFusionNotRunRemark(pm);
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createTritonLoopInvariantCodeMotion());
    pm.addPass(createCanonicalizerPass());
    // The stream pipeliner, as 3.6 runs it by default: LDS written from
    // registers (TRITON_HIP_USE_ASYNC_COPY off), the ping-pong variant of
    // the schedule on gfx942; HIP's default is 2 stages.
    triton::amdgpu::TritonAMDGPUScheduleLoopsOptions streamSchedule;
    streamSchedule.numStages =
        options.numStages.hasValue() ? int(options.numStages) : 2;
    pm.addPass(triton::amdgpu::createTritonAMDGPUScheduleLoops(streamSchedule));
    triton::amdgpu::TritonAMDGPUPipelineOptions stream;
    stream.usePingpong = target.arch == "gfx942";
    pm.addPass(triton::amdgpu::createTritonAMDGPUPipeline(stream));
    pm.addPass(createCanonicalizerPass());
    pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
  }
  pm.addPass(triton::gpu::createTritonGPUReduceDataDuplication());
  if (target.backend == Backend::Hip) {
    // 3.6 transposes dot operands in registers on gfx942 only.
    if (target.arch == "gfx942")
      pm.addNestedPass<triton::FuncOp>(
          triton::amdgpu::createTritonAMDGPUInThreadTranspose());
    pm.addPass(triton::gpu::createTritonGPURemoveLayoutConversions());
    pm.addPass(triton::amdgpu::createTritonAMDGPUReorderInstructions());
    // 3.6 schedules ping-pong clusters on gfx942 for pipelined loops.
    int numStages = options.numStages.hasValue() ? int(options.numStages) : 2;
    if (target.arch == "gfx942" && numStages > 1) {
      triton::amdgpu::TritonAMDGPUBlockPingpongOptions pingpong;
      pingpong.numStages = numStages;
      pm.addPass(triton::amdgpu::createTritonAMDGPUBlockPingpong(pingpong));
    }
    // Buffer ops (AMDGCN_USE_BUFFER_OPS is on by default in 3.6).
    pm.addNestedPass<triton::FuncOp>(
        triton::amdgpu::createTritonAMDGPUCanonicalizePointers());
    pm.addPass(createCanonicalizerPass());
    triton::amdgpu::TritonAMDGPUConvertBufferOpsOptions buffers;
    buffers.arch = target.arch;
    pm.addPass(triton::amdgpu::createTritonAMDGPUConvertBufferOps(buffers));
    pm.addPass(triton::amdgpu::createTritonAMDGPUFoldTrueCmpI());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    pm.addPass(createSymbolDCEPass());
    return;
  }
  // AMD runs its own tritonamdgpu-reorder-instructions instead.
  pm.addPass(triton::gpu::createTritonGPUReorderInstructions());
  pm.addPass(createTritonLoopAwareCSE());
  pm.addPass(createSymbolDCEPass());
  triton::nvidia_gpu::TritonGPUFenceInsertionOptions fences;
  fences.computeCapability = target.computeCapability;
  pm.addPass(triton::nvidia_gpu::createTritonGPUFenceInsertion(fences));
  // Step 31: only Blackwell's tcgen05 MMAs change; sm_90 IR goes through as is.
  if (target.computeCapability >= 90)
    pm.addPass(triton::nvidia_gpu::createTritonNvidiaGPUMMALowering());
  // 3.6's last clean-up: constants propagated through loops (a one-slot
  // ring's index is always 0), then merged and folded.
  pm.addPass(createSCCPPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  addNotBuiltRemark(pm, "make_ttgir", kMakeTTGIRPasses);
}

/// AMD's make_llir, all of Triton 3.6's (enable-line-info aside: locations
/// are kept as they are).
void buildMakeLLIRHip(OpPassManager &pm, const Target &target) {
  triton::amdgpu::TritonAMDGPUUpdateAsyncWaitCountOptions waits;
  waits.archGenerationName = target.arch;
  pm.addPass(triton::amdgpu::createTritonAMDGPUUpdateAsyncWaitCount(waits));
  triton::amdgpu::OptimizeAMDLDSUsageOptions lds;
  lds.targetArch = target.arch;
  pm.addPass(triton::amdgpu::createOptimizeAMDLDSUsage(lds));
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createAllocateAMDGPUSharedMemory());
  ConvertTritonAMDGPUToLLVMOptions lowering;
  lowering.arch = target.arch;
  // The canonicalizer right after removes what it leaves out.
  lowering.forwardPackedElements = true;
  pm.addPass(createConvertTritonAMDGPUToLLVM(lowering));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createConvertBuiltinFuncToLLVM());
}

/// The canonicalizer of the lowered (LLVM dialect) module, configured for its
/// size: one sweep of the worklist, top down, and no region simplification.
/// The module is large (every unrolled element an op) and the default
/// configuration walks it again after a sweep that changed anything, and
/// computes liveness over all of it for region simplification, although
/// LLVM's O3 removes the same dead block arguments and blocks just after.
/// The PTX of every kernel compile_ptx_check.py compiles is the same as with
/// the default configuration; the MLIR stage takes 13% less summed over 120
/// of them (docs/CompileSpeed.md).
std::unique_ptr<Pass> createLoweredCanonicalizerPass() {
  GreedyRewriteConfig config;
  config.setMaxIterations(1)
      .setUseTopDownTraversal(true)
      .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  return createCanonicalizerPass(config);
}

void buildMakeLLIR(OpPassManager &pm, const TritonPipelineOptions &options) {
  Target target;
  if (!checkTarget(pm, options, target))
    return;
  if (target.backend == Backend::Hip)
    return buildMakeLLIRHip(pm, target);
  // Ours, before the loops become branches: it admits multicast loads in
  // scf.for loops alone.
  if (options.tmaMulticast)
    pm.addPass(triton::nvidia_gpu::createTritonNvidiaGPUTMAMulticast());
  pm.addPass(triton::gpu::createTritonGPUCombineTensorSelectAndIf());
  pm.addPass(createTritonGPUAllocateWarpGroups());
  pm.addPass(createSCFToControlFlowPass());
  // Stands in for allocate-shared-memory-nv, which differs only by asking the
  // NVIDIA target for the scratch of target-specific lowerings; on every
  // corpus kernel the sizes equal Triton 3.6's (allocation-corpus.test).
  // Our conversions take several rounds at once where shared memory freed
  // before them has room (Allocation.h); compat=3.6 keeps 3.6's one tile.
  pm.addPass(createAllocateSharedMemoryPass(
      /*roundsInRoom=*/options.compat.empty()));
  pm.addPass(createGlobalScratchAllocationPass());
  ConvertTritonGPUToLLVMOptions lowering;
  lowering.computeCapability = target.computeCapability;
  lowering.ptxVersion = 87;
  // The canonicalizer right after removes what it leaves out.
  lowering.forwardPackedElements = true;
  pm.addPass(createConvertTritonGPUToLLVM(lowering));
  pm.addPass(createLoweredCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createConvertNVGPUToLLVM());
  pm.addPass(createConvertWarpSpecializeToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createLoweredCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createConvertNVVMToLLVMPass());
}

} // namespace

void mlir::triton::buildMakeTTIRPipeline(OpPassManager &pm,
                                         const TritonPipelineOptions &options) {
  Target target;
  if (!checkTarget(pm, options, target))
    return;
  bool isHip = target.backend == Backend::Hip;
  pm.addPass(createInlinerPass());
  pm.addPass(createTritonRewriteTensorPointer());
  // TMA descriptors exist from sm_90 on; below that, and on AMD, descriptors
  // become pointer arithmetic.
  // On sm_90, TMA moves blocks but cannot gather or scatter rows (sm_100
  // can), and TMA reductions are not built: a kernel doing either gets
  // pointer accesses (atomics for reductions) for all its descriptors.
  if (isHip || target.computeCapability < 90) {
    pm.addPass(createTritonRewriteTensorDescriptorToPointer());
  } else {
    TritonRewriteTensorDescriptorToPointerOptions gatherOnly;
    gatherOnly.onlyGatherScatter = true;
    pm.addPass(createTritonRewriteTensorDescriptorToPointer(gatherOnly));
  }
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTritonCombineOps());
  pm.addPass(createTritonReorderBroadcast());
  pm.addPass(createCSEPass());
  if (isHip)
    pm.addPass(createTritonLoopInvariantCodeMotion());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createTritonLoopUnroll());
}

void mlir::triton::registerTritonPipelines() {
  PassPipelineRegistration<TritonPipelineOptions>(
      "triton-make-ttir",
      "Triton 3.6's make_ttir for the target: inline, "
      "triton-rewrite-tensor-pointer, "
      "[triton-rewrite-tensor-descriptor-to-pointer "
      "below sm_90 and on AMD; from sm_90 only where descriptors gather, "
      "scatter or reduce], canonicalize, triton-combine, "
      "triton-reorder-broadcast, cse, [triton-licm on AMD], symbol-dce, "
      "triton-loop-unroll",
      buildMakeTTIRPipeline);
  PassPipelineRegistration<TritonPipelineOptions>(
      "triton-make-ttgir",
      "Triton 3.6's make_ttgir, in part: (decompose-dot-scaled), "
      "convert-triton-to-tritongpu, "
      "tritongpu-coalesce, tritongpu-F32DotTC, "
      "[on sm_90 with num-ctas > 1] triton-nvidia-gpu-plan-cta, "
      "tritongpu-remove-layout-conversions, "
      "tritongpu-optimize-thread-locality, tritongpu-accelerate-matmul [on AMD "
      "tritonamdgpu-accelerate-matmul], "
      "tritongpu-remove-layout-conversions, [on NVIDIA] "
      "tritongpu-optimize-dot-operands, "
      "[on sm_90] triton-nvidia-optimize-descriptor-encoding, "
      "[on sm_90, ours, not under compat=3.6] "
      "tritongpu-transpose-narrow-operands, "
      "[on AMD: tritonamdgpu-optimize-epilogue, "
      "tritonamdgpu-optimize-dot-operands, "
      "tritonamdgpu-hoist-layout-conversions, canonicalize, triton-licm, "
      "canonicalize, tritonamdgpu-schedule-loops, tritonamdgpu-pipeline, "
      "canonicalize, tritongpu-remove-layout-conversions], "
      "[on NVIDIA: triton-loop-aware-cse, "
      "canonicalize, triton-licm, canonicalize, "
      "tritongpu-combine-tensor-select-and-if, "
      "tritongpu-assign-latencies, tritongpu-schedule-loops, "
      "tritongpu-pipeline, "
      "canonicalize, triton-loop-aware-cse, [on sm_8x] tritongpu-prefetch, "
      "tritongpu-optimize-dot-operands, "
      "canonicalize, tritongpu-coalesce-async-copy, [on sm_90] "
      "triton-nvidia-tma-lowering, "
      "tritongpu-remove-layout-conversions], "
      "tritongpu-reduce-data-duplication and [on NVIDIA] "
      "tritongpu-reorder-instructions, triton-loop-aware-cse, symbol-dce, "
      "triton-nvidia-gpu-fence-insertion, [on sm_90] "
      "triton-nvidia-mma-lowering, sccp, cse, canonicalize [on AMD "
      "[on gfx942] tritonamdgpu-in-thread-transpose, "
      "tritongpu-remove-layout-conversions, "
      "tritonamdgpu-reorder-instructions, [on gfx942 with num_stages > 1] "
      "tritonamdgpu-block-pingpong, "
      "tritonamdgpu-canonicalize-pointers, canonicalize, "
      "tritonamdgpu-convert-buffer-ops, tritonamdgpu-fold-true-cmpi, "
      "canonicalize, cse, symbol-dce] run; "
      "hoist-mbarrier-lifecycle and the rest are NOT BUILT YET (running "
      "it emits a "
      "remark naming them)",
      buildMakeTTGIR);
  PassPipelineRegistration<TritonPipelineOptions>(
      "triton-make-llir",
      "Triton 3.6's make_llir: tritongpu-combine-tensor-select-and-if, "
      "tritongpu-allocate-warp-groups, convert-scf-to-cf, allocate-shared-memory, "
      "tritongpu-global-scratch-memory-allocation, "
      "convert-triton-gpu-to-llvm, "
      "canonicalize, cse, convert-nv-gpu-to-llvm, "
      "convert-warp-specialize-to-llvm, reconcile-unrealized-casts, "
      "canonicalize, cse, symbol-dce, convert-nvvm-to-llvm for cuda targets "
      "(both canonicalizers one top-down sweep without region "
      "simplification); "
      "for hip targets: "
      "tritonamdgpu-update-async-wait-count, optimize-amd-lds-usage, "
      "convert-scf-to-cf, convert-index-to-llvm, "
      "allocate-amdgpu-shared-memory, "
      "convert-triton-amdgpu-to-llvm, canonicalize, cse, convert-cf-to-llvm, "
      "convert-arith-to-llvm, canonicalize, cse, symbol-dce, "
      "convert-builtin-func-to-llvm",
      buildMakeLLIR);
  PassPipelineRegistration<TritonPipelineOptions>(
      "triton-to-llvm",
      "make_ttir, make_ttgir and make_llir in a row (as far as each is built)",
      [](OpPassManager &pm, const TritonPipelineOptions &options) {
        buildMakeTTIRPipeline(pm, options);
        buildMakeTTGIR(pm, options);
        buildMakeLLIR(pm, options);
      });
}

LogicalResult mlir::triton::setMaxRegisters(ModuleOp module, int maxnreg) {
  if (maxnreg < 1 || maxnreg > kMaxnregLimit)
    return emitError(module.getLoc(), "maxnreg ")
           << maxnreg << " is not a register count a thread can be given (1-"
           << kMaxnregLimit << ")";
  auto given = module->getAttrOfType<IntegerAttr>("ttg.maxnreg");
  if (given && given.getInt() != maxnreg)
    return emitError(module.getLoc(), "the module's ttg.maxnreg (")
           << given.getInt() << ") differs from the maxnreg asked for ("
           << maxnreg << ")";
  module->setAttr(
      "ttg.maxnreg",
      IntegerAttr::get(IntegerType::get(module.getContext(), 32), maxnreg));
  return success();
}
