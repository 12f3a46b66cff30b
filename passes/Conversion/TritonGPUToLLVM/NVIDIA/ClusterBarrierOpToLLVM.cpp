//===- ClusterBarrierOpToLLVM.cpp - ttng.cluster_arrive / cluster_wait ----===//
//
// The program's own cluster barriers: barrier.cluster.arrive (.relaxed) and
// barrier.cluster.wait, all threads aligned, as Triton 3.6 lowers them.
// Clusters exist from sm_90 on.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

template <typename OpTy>
struct ClusterBarrierPattern : ConvertOpToLLVMPattern<OpTy> {
  ClusterBarrierPattern(LLVMTypeConverter &converter, int computeCapability)
      : ConvertOpToLLVMPattern<OpTy>(converter),
        computeCapability(computeCapability) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (computeCapability < 90)
      return op.emitError() << op->getName()
                            << " needs sm_90 or newer (compute capability "
                            << computeCapability << ")";
    UnitAttr aligned = rewriter.getUnitAttr();
    if constexpr (std::is_same_v<OpTy, ttng::ClusterWaitOp>)
      rewriter.replaceOpWithNewOp<NVVM::ClusterWaitOp>(op, aligned);
    else if (op.getRelaxed())
      rewriter.replaceOpWithNewOp<NVVM::ClusterArriveRelaxedOp>(op, aligned);
    else
      rewriter.replaceOpWithNewOp<NVVM::ClusterArriveOp>(op, aligned);
    return success();
  }

  int computeCapability;
};

} // namespace

void mlir::triton::nvidia::populateClusterBarrierOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    int computeCapability) {
  patterns.add<ClusterBarrierPattern<ttng::ClusterArriveOp>,
               ClusterBarrierPattern<ttng::ClusterWaitOp>>(converter,
                                                            computeCapability);
}
