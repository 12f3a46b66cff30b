//===- ConvertTritonAMDGPUToLLVM.cpp - The AMD lowering pass --------------===//
//
// Lowers a TTGIR module for a gfx9 GPU to the LLVM and ROCDL dialects, as the
// NVIDIA pass does: shared-memory barriers on the structured form, scf to cf,
// then every TTGIR, arith, math and cf op in one full conversion, with the
// shared patterns (common/) and the AMD ones (loads, stores, buffer ops, ocml
// math).
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/Membar.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/Passes.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/FMADotOpToLLVM.h"
#include "passes/Conversion/TritonGPUToLLVM/common/FpConversion.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToROCDL/MathToROCDL.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_CONVERTTRITONAMDGPUTOLLVM
#include "passes/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

/// The GPU to lower for: the option, else the module's `ttg.target`
/// (`hip:gfx942`); empty after a located error.
std::string getArch(ModuleOp module, StringRef option) {
  std::string arch = triton::amdgpu::getTargetArch(module, option);
  if (arch.empty()) {
    module.emitError()
        << "no AMD GPU to lower for: give gfx-arch, or a module ttg.target "
           "of the form hip:gfx942";
    return "";
  }
  if (arch != "gfx942" && arch != "gfx90a") {
    module.emitError() << "AMD GPU '" << arch
                       << "' is not supported yet by the LLVM lowering: "
                          "expected gfx942 or gfx90a";
    return "";
  }
  return arch;
}

/// Where a module's layouts have `layoutLanes` lanes per warp, not the wave's
/// 64, any lowered op that reads the thread id would map its data to lanes
/// the layout does not describe: a located error at the first one.
LogicalResult checkNoLaneMapping(ModuleOp module, int layoutLanes,
                                 StringRef gfx) {
  WalkResult walk = module.walk([&](ROCDL::ThreadIdXOp op) {
    op.emitError() << "ttg.threads-per-warp = " << layoutLanes << " on " << gfx
                   << ": its waves have 64 threads; lowering an op that maps "
                      "elements to lanes is not supported yet for it";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

/// A located error at the first op left that is neither LLVM nor ROCDL.
LogicalResult checkFullyLowered(ModuleOp module) {
  WalkResult walk = module.walk([](Operation *op) {
    Dialect *dialect = op->getDialect();
    if (isa<ModuleOp, UnrealizedConversionCastOp>(op) ||
        (dialect && isa<LLVM::LLVMDialect, ROCDL::ROCDLDialect>(dialect)))
      return WalkResult::advance();
    op->emitError() << "failed to legalize operation '" << op->getName() << "'";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

struct ConvertTritonAMDGPUToLLVMPass
    : triton::impl::ConvertTritonAMDGPUToLLVMBase<
          ConvertTritonAMDGPUToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    // A file of several modules (the outer one without Triton's attributes)
    // converts each module on its own, with its own attributes, as 3.6 does.
    ModuleOp top = getOperation();
    SmallVector<ModuleOp> modules;
    if (!top->hasAttr(triton::gpu::kNumWarpsAttrName))
      llvm::append_range(modules, top.getOps<ModuleOp>());
    if (modules.empty())
      modules.push_back(top);
    for (ModuleOp module : modules)
      if (failed(convert(module)))
        return signalPassFailure();
  }

  LogicalResult convert(ModuleOp module) {
    MLIRContext *context = &getContext();
    std::string gfx = getArch(module, arch.empty() ? archUpstream : arch);
    if (gfx.empty())
      return failure();
    // A module may be laid out for warps of another size than the 64-thread
    // wave (upstream's tests use 32 on gfx942). Code that never asks which
    // thread it is (per-register math, scalars) means the same either way, so
    // only the ops that map data to lanes are refused, after the conversion.
    int layoutLanes =
        getModuleIntAttr(module, triton::gpu::kThreadsPerWarpAttrName, 64);
    if (failed(checkModuleLowerable(module, layoutLanes, "")))
      return failure();
    int numWarps = getModuleIntAttr(module, triton::gpu::kNumWarpsAttrName, 4);
    int threadsPerWarp = 64;
    int numThreads = numWarps * threadsPerWarp;
    amd::TargetInfo targetInfo(gfx, numThreads);
    if (failed(checkSharedMemoryFits(module, targetInfo)))
      return failure();
    // Triton's numerics ops become the arith and math ops they are here,
    // before the analyses below see the module.
    amd::rewriteElementwiseOpsToArith(module);

    if (failed(insertBarriersAndLowerSCF(module)))
      return failure();

    // Facts from axis info, taken on the TTGIR before it is rewritten.
    AccessWidths widths;
    ResultConstancies constancies;
    {
      ModuleAxisInfo axis(module);
      widths = computeAccessWidths(module, axis);
      amd::computeBufferAccessWidths(module, axis, widths);
      amd::computeAtomicAccessWidths(module, axis, widths);
      constancies = computeResultConstancies(module, axis);
    }
    declareGlobalSharedMemory(module);

    LowerToLLVMOptions options(context);
    options.overrideIndexBitwidth(32);
    TritonGPUToLLVMTypeConverter converter(context, options);

    RewritePatternSet patterns(context);
    populateFuncOpToLLVMPatterns(converter, patterns, targetInfo, numThreads);
    populateElementwiseOpToLLVMPatterns(converter, patterns, constancies,
                                        targetInfo);
    populateViewOpToLLVMPatterns(converter, patterns);
    // 3.6's AMD backend spells the blocked dot's float multiply-adds as
    // calls of llvm.fmuladd.<type> (the same LLVM IR as llvm.intr.fmuladd).
    populateFMADotOpToLLVMPatterns(
        converter, patterns,
        [](OpBuilder &b, Location loc, Value x, Value y, Value acc) -> Value {
          Type type = acc.getType();
          if (!isa<FloatType>(type))
            return LLVM::AddOp::create(b, loc, acc,
                                       LLVM::MulOp::create(b, loc, x, y));
          std::string name;
          llvm::raw_string_ostream os(name);
          os << "llvm.fmuladd." << type;
          return callIntrinsic(b, loc, name, type, ValueRange{x, y, acc});
        },
        /*benefit=*/2);
    populateDotOpToLLVMPatterns(converter, patterns);
    amd::populateMFMADotOpToLLVMPatterns(converter, patterns, gfx);
    populateSPMDOpToLLVMPatterns(converter, patterns, targetInfo);
    populateReduceOpToLLVMPatterns(converter, patterns, targetInfo);
    populateScanOpToLLVMPatterns(converter, patterns, targetInfo);
    populateConvertLayoutOpToLLVMPatterns(converter, patterns, targetInfo);
    populateMemoryOpToLLVMPatterns(converter, patterns, targetInfo);
    populateGatherOpToLLVMPatterns(converter, patterns, targetInfo);
    populateHistogramOpToLLVMPatterns(converter, patterns, targetInfo);
    amd::populateLoadStoreOpToLLVMPatterns(converter, patterns, targetInfo,
                                           widths);
    amd::populateBufferOpToLLVMPatterns(converter, patterns, targetInfo,
                                        widths);
    amd::populateAsyncCopyOpToLLVMPatterns(converter, patterns, targetInfo,
                                           widths);
    amd::populateBarrierOpToLLVMPatterns(converter, patterns, targetInfo);
    amd::populateWarpIdOpToLLVMPatterns(converter, patterns, targetInfo);
    amd::populateAtomicOpToLLVMPatterns(converter, patterns, targetInfo,
                                        widths);
    amd::populatePrintAssertOpToLLVMPatterns(converter, patterns, targetInfo);
    amd::populateExternElementwiseOpToLLVMPatterns(converter, patterns);
    populateMapElementwiseOpToLLVMPatterns(converter, patterns);
    amd::populateMathOpToLLVMPatterns(converter, patterns, ftz);
    amd::populateSliceConcatOpToLLVMPatterns(converter, patterns);
    // Float conversions (fp8 included) by the common emulation, but gfx942's
    // own fp8 formats (fnuz), which its cvt_pk instructions convert.
    std::unique_ptr<FpConversionTarget> fpTarget =
        amd::createFpConversionTarget(gfx);
    populateFpConversionOpToLLVMPatterns(converter, patterns, *fpTarget);
    // Scalar math: ocml where LLVM's AMDGPU backend has no instruction (added
    // first, so that it wins over the intrinsic of the same benefit).
    FailureOr<mlir::amdgpu::Chipset> chipset =
        mlir::amdgpu::Chipset::parse(gfx);
    populateMathToROCDLConversionPatterns(
        converter, patterns,
        succeeded(chipset) ? std::optional(*chipset) : std::nullopt);
    populateMathToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);

    ConversionTarget target(*context);
    target.addLegalDialect<LLVM::LLVMDialect, ROCDL::ROCDLDialect>();
    target.addIllegalDialect<TritonDialect, triton::gpu::TritonGPUDialect,
                             triton::amdgpu::TritonAMDGPUDialect,
                             arith::ArithDialect, math::MathDialect,
                             cf::ControlFlowDialect>();
    target.addIllegalOp<mlir::gpu::BarrierOp>();
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
    // A partial conversion, as upstream's: an illegal op that no pattern
    // lowers fails with "failed to legalize operation ... that was explicitly
    // marked illegal" at its location. Ops of other dialects that stay are
    // then an error at their location here, not a surprise for the LLVM
    // translation.
    ForwardPackedElements forwarding(forwardPackedElements);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return failure();
    materializePackedElements(module);
    if (failed(checkFullyLowered(module)))
      return failure();
    if (layoutLanes != threadsPerWarp &&
        failed(checkNoLaneMapping(module, layoutLanes, gfx)))
      return failure();
    return success();
  }
};

} // namespace
