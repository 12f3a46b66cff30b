//===- ConvertTritonGPUToLLVM.cpp - The NVIDIA lowering pass --------------===//
//
// Lowers a TTGIR module to the LLVM and NVVM dialects in two conversions:
// scf to cf (so loops and ifs become blocks whose arguments are converted like
// any value), then every TTGIR, arith, math and cf op at once, with the
// shared patterns (common/) and the NVIDIA ones (loads, stores, libdevice).
//
//===----------------------------------------------------------------------===//

#include "dialects/NVGPU/IR/Dialect.h"
#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/Membar.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Clusters.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/Passes.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/WarpSpecializeUtility.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_CONVERTTRITONGPUTOLLVM
#include "passes/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

struct ConvertTritonGPUToLLVMPass
    : triton::impl::ConvertTritonGPUToLLVMBase<ConvertTritonGPUToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A module holding only TTGIR modules (several inputs in one file, each
    // with its own attributes and target) lowers each of them.
    if (!module->hasAttr(triton::gpu::kNumWarpsAttrName)) {
      SmallVector<ModuleOp> inner(module.getOps<ModuleOp>());
      bool onlyModules =
          !inner.empty() &&
          llvm::hasSingleElement(module.getBodyRegion()) &&
          llvm::all_of(module.getBody()->getOperations(), [](Operation &op) {
            auto nested = dyn_cast<ModuleOp>(op);
            return nested &&
                   nested->hasAttr(triton::gpu::kNumWarpsAttrName);
          });
      if (onlyModules) {
        for (ModuleOp nested : inner)
          if (failed(lowerModule(nested)))
            return signalPassFailure();
        return;
      }
    }
    if (failed(lowerModule(module)))
      signalPassFailure();
  }

  LogicalResult lowerModule(ModuleOp module) {
    MLIRContext *context = &getContext();
    // Without an explicit compute-capability, a module made for `cuda:80` or
    // `cuda:90` (ttg.target) is lowered for that GPU; other targets keep the
    // option's default (their modules only use what every GPU has).
    int computeCapability = this->computeCapability;
    if (!this->computeCapability.hasValue()) {
      int capability = triton::gpu::getCudaComputeCapability(module);
      if (capability == 80 || capability == 90)
        computeCapability = capability;
    }
    if (computeCapability != 80 && computeCapability != 90) {
      module.emitError() << "compute-capability=" << computeCapability
                         << " is not supported: expected 80 or 90";
      return failure();
    }
    // The lowering is generic over the lane count: a module written for
    // 16- or 64-thread warps lowers too (lit tests of layouts do that); the
    // translation to PTX refuses anything but 32 (translate/TargetCheck).
    int threadsPerWarp =
        getModuleIntAttr(module, triton::gpu::kThreadsPerWarpAttrName, 32);
    if (threadsPerWarp < 1 || threadsPerWarp > 64 ||
        !llvm::isPowerOf2_32(threadsPerWarp)) {
      module.emitError() << "ttg.threads-per-warp = " << threadsPerWarp
                         << " is not a power of two from 1 to 64";
      return failure();
    }
    if (failed(checkModuleLowerable(module, threadsPerWarp, "",
                                    /*clusters=*/true)) ||
        failed(nvidia::checkClusterLowerable(module, computeCapability)))
      return failure();
    int numWarps = getModuleIntAttr(module, triton::gpu::kNumWarpsAttrName, 4);
    int numCTAs = getModuleIntAttr(module, triton::gpu::kNumCTAsAttrName, 1);

    nvidia::TargetInfo targetInfo(computeCapability, ptxVersion,
                                  numWarps * threadsPerWarp, threadsPerWarp,
                                  numCTAs);
    // The shared memory the allocation gave is checked against the GPU's
    // limit where code for it is made (translate/TargetCheck), as Triton 3.6
    // lowers any amount and refuses the kernel at launch.

    if (failed(insertBarriersAndLowerSCF(module)))
      return failure();

    // Facts from axis info, taken on the TTGIR before it is rewritten.
    AccessWidths widths;
    ResultConstancies constancies;
    {
      ModuleAxisInfo axis(module);
      widths = computeAccessWidths(module, axis);
      constancies = computeResultConstancies(module, axis);
    }
    declareGlobalSharedMemory(module);

    LowerToLLVMOptions options(context);
    options.overrideIndexBitwidth(32);
    TritonGPUToLLVMTypeConverter converter(context, options);

    RewritePatternSet patterns(context);
    populateFuncOpToLLVMPatterns(converter, patterns, targetInfo,
                                 numWarps * threadsPerWarp);
    populateElementwiseOpToLLVMPatterns(converter, patterns, constancies,
                                        targetInfo);
    populateViewOpToLLVMPatterns(converter, patterns);
    populateDotOpToLLVMPatterns(converter, patterns);
    populateSPMDOpToLLVMPatterns(converter, patterns, targetInfo);
    populateReduceOpToLLVMPatterns(converter, patterns, targetInfo);
    populateScanOpToLLVMPatterns(converter, patterns, targetInfo);
    nvidia::populateLoadStoreOpToLLVMPatterns(converter, patterns, targetInfo,
                                              widths, constancies);
    nvidia::populateMMAv2DotOpToLLVMPatterns(converter, patterns,
                                             computeCapability, ptxVersion);
    nvidia::populateWGMMADotOpToLLVMPatterns(converter, patterns, targetInfo,
                                             computeCapability);
    populateConvertLayoutOpToLLVMPatterns(converter, patterns, targetInfo);
    nvidia::populateClusterConvertLayoutOpToLLVMPatterns(converter, patterns,
                                                         targetInfo);
    populateMemoryOpToLLVMPatterns(converter, patterns, targetInfo);
    populateGatherOpToLLVMPatterns(converter, patterns, targetInfo);
    populateHistogramOpToLLVMPatterns(converter, patterns, targetInfo);
    nvidia::populateAsyncCopyOpToLLVMPatterns(converter, patterns, targetInfo,
                                              widths);
    std::unique_ptr<FpConversionTarget> fpTarget =
        nvidia::createFpConversionTarget(computeCapability);
    populateFpConversionOpToLLVMPatterns(converter, patterns, *fpTarget);
    nvidia::populateElementwiseOpToLLVMPatterns(converter, patterns,
                                                computeCapability);
    nvidia::populateMathOpToLLVMPatterns(converter, patterns);
    nvidia::populateAtomicOpToLLVMPatterns(
        converter, patterns, targetInfo, computeCapability, ptxVersion, widths);
    nvidia::populatePrintAssertOpToLLVMPatterns(converter, patterns,
                                                targetInfo);
    nvidia::populateTMAOpToLLVMPatterns(converter, patterns, targetInfo);
    nvidia::populateClusterBarrierOpToLLVMPatterns(converter, patterns,
                                                   computeCapability);
    // Scalar math: libdevice where LLVM's NVPTX backend has no instruction.
    populateLibDeviceConversionPatterns(converter, patterns, /*benefit=*/10);
    populateMathToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);

    ConversionTarget target(*context);
    // nvg ops (wgmma and its wait) are -convert-nv-gpu-to-llvm's to lower.
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect,
                           nvgpu::NVGPUDialect>();
    target.addIllegalDialect<TritonDialect, triton::gpu::TritonGPUDialect,
                             nvidia_gpu::TritonNvidiaGPUDialect,
                             arith::ArithDialect, math::MathDialect,
                             cf::ControlFlowDialect>();
    target.addIllegalOp<mlir::gpu::BarrierOp>();
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
    // ttg.warp_id is -convert-nv-gpu-to-llvm's to lower too (Triton 3.6's
    // split: it needs the enclosing warp-specialize partition).
    target.addLegalOp<triton::gpu::WarpIdOp>();
    // ttg.warp_specialize stays, its regions lowered, for
    // -convert-warp-specialize-to-llvm (Triton 3.6's split).
    target.addLegalOp<triton::gpu::WarpSpecializeOp,
                      triton::gpu::WarpSpecializePartitionsOp,
                      triton::gpu::WarpYieldOp, triton::gpu::WarpReturnOp>();
    // Ops of no registered dialect (lit tests' "use" ops, read with
    // -allow-unregistered-dialect) stay, as in Triton 3.6's partial
    // conversion.
    target.markUnknownOpDynamicallyLegal(
        [](Operation *op) { return !op->isRegistered(); });
    ForwardPackedElements forwarding(forwardPackedElements);
    // Full conversion: an op nothing lowers is an error at its location here,
    // not a surprise for the LLVM translation.
    if (failed(applyFullConversion(module, target, std::move(patterns))) ||
        failed(checkWarpGroupsAllocated(module)))
      return failure();

    // Patterns that hand a value of one converted type to another (a reduce
    // region's arguments, a tensor returned from a function) leave cast pairs
    // that cancel; folding them leaves a module of LLVM and NVVM ops only.
    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk([&](UnrealizedConversionCastOp cast) {
      if (!isPackedElements(cast))
        casts.push_back(cast);
    });
    reconcileUnrealizedCasts(casts);
    materializePackedElements(module);
    return success();
  }
};

} // namespace
