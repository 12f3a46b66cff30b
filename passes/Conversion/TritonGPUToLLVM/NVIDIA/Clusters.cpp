//===- Clusters.cpp - Lowering a program that runs on several CTAs --------===//
//
// With ttg.num-ctas = N > 1 a program runs on a cluster of N CTAs (sm_90 on):
// its id counts clusters, and a layout's "block" bases place elements in the
// cluster's CTAs, each CTA computing its part (or, where a block basis is
// zero, its own copy). What lowers so far: index arithmetic, element-wise
// ops, global loads and stores (copies stored by one CTA), atomics whose old
// values are not read back across CTAs, reductions and scans along
// dimensions the CTAs do not split, views and FMA dots whose CTAs hold what
// they compute from, layout conversions (within each CTA's tile, or between
// CTAs through distributed shared memory: ClusterConvertLayoutOpToLLVM.cpp),
// and shared memory where each CTA holds its own tile (or copy) of a buffer:
// local loads and stores, cp.async copies and wgmma operands (lowerings check
// the tiles and refuse, located, what would reach another CTA's shared
// memory), each CTA's own mbarriers, and TMA copies of each CTA's tile. Every
// other op is a located "not supported yet" here, before any of the module
// is rewritten.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Clusters.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// Whether `type`'s layout holds copies of elements in several CTAs (a block
/// basis of zero).
bool copiedAcrossCTAs(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return true; // a scalar: every CTA of the program has it
  std::optional<ttg::LinearLayout> layout = getDistributedLayout(tensor);
  if (!layout || !layout->hasInDim("block"))
    return false;
  return llvm::any_of(
      layout->getBases("block"), [](const ttg::LinearLayout::Basis &basis) {
        return llvm::all_of(basis, [](int32_t v) { return v == 0; });
      });
}

/// The block bases of `type`'s layout (none for one CTA or no layout).
SmallVector<ttg::LinearLayout::Basis> blockBases(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  std::optional<ttg::LinearLayout> layout =
      tensor ? getDistributedLayout(tensor) : std::nullopt;
  if (!layout || !layout->hasInDim("block"))
    return {};
  return SmallVector<ttg::LinearLayout::Basis>(layout->getBases("block"));
}

/// Why a dot on FMAs (a blocked accumulator) or on mma.sync (MMA v2) cannot
/// run in each CTA on its own; empty when it can. Both lowerings index the
/// registers each thread holds, so each CTA computes its tile of D from the
/// rows of A and columns of B it holds: the CTA bits must move D's rows as
/// they move A's, D's columns as they move B's, and neither operand along K.
std::string whyNotPerCTA(DotOp dot) {
  auto dType = cast<RankedTensorType>(dot.getType());
  auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding());
  if (!isa<ttg::BlockedEncodingAttr>(dType.getEncoding()) &&
      !(mma && mma.getVersionMajor() == 2))
    return "on other than a blocked or mma.sync accumulator (the "
           "tensor-core dots of sm_90 are ttng.warp_group_dot)";
  SmallVector<ttg::LinearLayout::Basis> d = blockBases(dType),
                                        a = blockBases(dot.getA().getType()),
                                        b = blockBases(dot.getB().getType());
  if (a.size() != d.size() || b.size() != d.size())
    return "whose operands' layouts lack the accumulator's CTAs";
  unsigned rank = dType.getRank();
  for (auto [dBasis, aBasis, bBasis] : llvm::zip(d, a, b)) {
    ttg::LinearLayout::Basis wantA = dBasis, wantB = dBasis;
    wantA[rank - 1] = 0; // A: rows (and batches) as D's, whole along K
    wantB[rank - 2] = 0; // B: columns (and batches) as D's, whole along K
    if (aBasis != wantA || bBasis != wantB)
      return "whose operands' CTA tiles are not the rows and columns of the "
             "accumulator's (the operands would cross CTAs)";
  }
  return "";
}

/// Why `op` cannot be lowered in a cluster yet; empty when it can.
std::string whyNotInCluster(Operation *op) {
  Dialect *dialect = op->getDialect();
  if (isa_and_nonnull<arith::ArithDialect, math::MathDialect, scf::SCFDialect,
                      cf::ControlFlowDialect, ub::UBDialect>(dialect))
    return "";
  // Assumptions about scalars and each CTA's own barrier (tl.debug_barrier:
  // the threads of one CTA, as 3.6 lowers it in clusters too).
  if (isa<LLVM::AssumeOp, mlir::gpu::BarrierOp>(op))
    return "";
  if (isa<ModuleOp, FuncOp, ReturnOp, CallOp, GetProgramIdOp, GetNumProgramsOp,
          MakeRangeOp, SplatOp, BroadcastOp, ExpandDimsOp, AddPtrOp, LoadOp,
          StoreOp, FpToFpOp, BitcastOp, IntToPtrOp, PtrToIntOp, ClampFOp,
          PreciseSqrtOp, PreciseDivFOp, MulhiUIOp, ExternElementwiseOp,
          ElementwiseInlineAsmOp, MapElementwiseOp, MapElementwiseReturnOp,
          ReduceOp, ReduceReturnOp, ScanOp, ScanReturnOp, AssertOp,
          ttg::ConvertLayoutOp>(op))
    return "";
  // Views: their lowerings select registers, and check that every CTA
  // (lane, warp) holds the elements the op names in it (ViewOpToLLVM.cpp).
  if (isa<TransOp, ReshapeOp, JoinOp, SplitOp>(op))
    return "";
  if (auto dot = dyn_cast<DotOp>(op))
    return whyNotPerCTA(dot);
  // Shared memory: each CTA holds its tile of a buffer (or a copy); the
  // lowerings refuse accesses that would reach another CTA's.
  if (isa<ttg::LocalAllocOp, ttg::LocalDeallocOp, ttg::LocalLoadOp,
          ttg::LocalStoreOp, ttg::MemDescIndexOp, ttg::MemDescSubsliceOp,
          ttg::MemDescTransOp, ttg::MemDescReshapeOp,
          ttg::AsyncCopyGlobalToLocalOp, ttg::AsyncCommitGroupOp,
          ttg::AsyncWaitOp, nvidia_gpu::WarpGroupDotOp,
          nvidia_gpu::WarpGroupDotWaitOp, nvidia_gpu::FenceAsyncSharedOp>(op))
    return "";
  // The cluster barriers -triton-nvidia-gpu-tma-multicast places around
  // multicast loads (it admits loads every thread of the cluster reaches).
  if (isa<NVVM::ClusterArriveOp, NVVM::ClusterArriveRelaxedOp,
          NVVM::ClusterWaitOp>(op))
    return "";
  // The program's own cluster barriers (every thread of the cluster reaches
  // them, as the kernel's author placed them).
  if (isa<nvidia_gpu::ClusterArriveOp, nvidia_gpu::ClusterWaitOp>(op))
    return "";
  // mbarriers: each CTA has its own (a barrier buffer is a copy per CTA)
  // and its TMA copies signal it. Their inits are released to the cluster
  // with a cluster-wide barrier that every thread must reach: inits in the
  // kernel's entry block alone.
  if (isa<nvidia_gpu::InitBarrierOp>(op)) {
    if (isa<FuncOp>(op->getParentOp()) && op->getBlock()->isEntryBlock())
      return "";
    return "outside the kernel's entry block (the cluster barrier after the "
           "inits must be reached by every thread)";
  }
  // TMA copies move each CTA's tile of the block (TMAOpToLLVM.cpp): the
  // descriptor's box is one tile's (the launch metadata's for host-made
  // descriptors; those made in the kernel are written by each CTA into its
  // own global scratch slice).
  if (isa<nvidia_gpu::InvalBarrierOp, nvidia_gpu::BarrierExpectOp,
          nvidia_gpu::WaitBarrierOp, nvidia_gpu::ArriveBarrierOp,
          nvidia_gpu::AsyncCopyMbarrierArriveOp,
          nvidia_gpu::AsyncTMACopyGlobalToLocalOp,
          nvidia_gpu::AsyncTMACopyLocalToGlobalOp, nvidia_gpu::AsyncTMAReduceOp,
          nvidia_gpu::TMAStoreWaitOp, nvidia_gpu::TensormapCreateOp,
          nvidia_gpu::TensormapFenceproxyAcquireOp,
          nvidia_gpu::ReinterpretTensorDescOp, ttg::GlobalScratchAllocOp>(op))
    return "";
  // An atomic's old value is handed to the threads holding copies of its
  // element through shared memory, which CTAs do not share here.
  if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
    Value result = op->getResult(0);
    if (result.use_empty() || !copiedAcrossCTAs(result.getType()))
      return "";
    return "whose old value is read by CTAs holding copies of its elements";
  }
  return "(it needs memory or barriers shared between the cluster's CTAs)";
}

} // namespace

LogicalResult
mlir::triton::nvidia::checkClusterLowerable(ModuleOp module,
                                            int computeCapability) {
  int numCTAs = getModuleIntAttr(module, ttg::kNumCTAsAttrName, /*fallback=*/1);
  if (numCTAs == 1)
    return success();
  if (computeCapability < 90)
    return module.emitError() << "ttg.num-ctas = " << numCTAs
                              << ": CTA clusters need sm_90 or later, not sm_"
                              << computeCapability;
  // 8 CTAs is the portable cluster size; larger ones need a launch attribute
  // this toolchain's launchers do not set.
  if (numCTAs < 1 || numCTAs > 8 || !llvm::isPowerOf2_32(numCTAs))
    return module.emitError() << "ttg.num-ctas = " << numCTAs
                              << " is not supported yet: clusters of 2, 4 "
                                 "or 8 CTAs lower";
  WalkResult walk = module.walk([&](Operation *op) {
    std::string why = whyNotInCluster(op);
    if (why.empty())
      return WalkResult::advance();
    op->emitError() << "lowering '" << op->getName()
                    << "' in a module with ttg.num-ctas > 1 (CTA clusters) "
                    << why << " is not supported yet";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}
