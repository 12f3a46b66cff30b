//===- TransposeNarrowOperands.cpp - -tritongpu-transpose-narrow-operands ===//
//
// wgmma reads 8-bit operands (int8, fp8) only K-major from shared memory,
// and ldmatrix transposes only 16-bit elements. A loaded 8-bit operand that
// is MN-major in memory (B stored K x N with N contiguous, A stored with M
// contiguous) reaches wgmma in Triton 3.6 through registers stored byte by
// byte into the K-major buffer, and the pipeliner cannot copy its load ahead
// (the buffer's order is not the load's). This pass stages such an operand
// instead: the load goes into a buffer of its own (MN-major) order, which
// the pipeliner turns into a multi-buffered cp.async copy like any 16-bit
// operand's (for a tt.descriptor_load, a TMA copy into the descriptor's
// MN-major layout), and the consumer warps then load it in a layout where each
// thread holds 4 x 4 byte blocks (four 32-bit words along MN) and store it
// K-major (four 32-bit words along K): a byte transpose in registers
// between two vectorized shared-memory accesses. mma.sync operands (sm_80)
// take the same route into a K-major buffer that ldmatrix reads.
//
// The lanes of that layout step along K and MN together (lane bit i moves
// 4 << i along both), so that both the load from the MN-major swizzled
// buffer and the store into the K-major swizzled one spread a warp's words
// over the banks (conflict-free for 128-byte swizzles, two-way for 64-byte).
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "passes/TritonGPU/Passes.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUTRANSPOSENARROWOPERANDS
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The operand index (0 for A, 1 for B) of `alloc` in the warp-group dots
/// that read it; std::nullopt when it has another user or the dots disagree.
std::optional<unsigned> dotOperandIndex(LocalAllocOp alloc) {
  std::optional<unsigned> index;
  for (OpOperand &use : alloc.getResult().getUses()) {
    auto dot = dyn_cast<nvidia_gpu::WarpGroupDotOp>(use.getOwner());
    if (!dot || use.getOperandNumber() > 1)
      return std::nullopt;
    if (index && *index != use.getOperandNumber())
      return std::nullopt;
    index = use.getOperandNumber();
  }
  return index;
}

/// The register layout in which the staged operand moves from its MN-major
/// buffer to the K-major one: registers 0, 1 step 1, 2 along MN (one 32-bit
/// load) and registers 2, 3 along K (one 32-bit store); lane bit i steps
/// 4 << i along both dimensions where both are that long; warps and the
/// remaining registers take what is left, K first.
LinearEncodingAttr getTransposingLayout(MLIRContext *context,
                                        ArrayRef<int64_t> shape, unsigned kDim,
                                        unsigned numWarps) {
  unsigned mnDim = 1 - kDim;
  auto basis = [&](int64_t k, int64_t mn) {
    SmallVector<int32_t> b(2, 0);
    b[kDim] = k;
    b[mnDim] = mn;
    return b;
  };
  SmallVector<SmallVector<int32_t>> registers = {basis(0, 1), basis(0, 2),
                                                 basis(1, 0), basis(2, 0)};
  SmallVector<SmallVector<int32_t>> lanes;
  // The pure directions still to cover: K's bits first (those the diagonal
  // lanes share with MN), then MN's.
  SmallVector<SmallVector<int32_t>> rest;
  int64_t k = 4, mn = 4;
  for (int i = 0; i < 5; ++i, k *= 2, mn *= 2) {
    bool hasK = k < shape[kDim], hasMN = mn < shape[mnDim];
    if (!hasK && !hasMN)
      break;
    lanes.push_back(basis(hasK ? k : 0, hasMN ? mn : 0));
    if (hasK && hasMN)
      rest.push_back(basis(k, 0));
  }
  for (; k < shape[kDim]; k *= 2)
    rest.push_back(basis(k, 0));
  for (; mn < shape[mnDim]; mn *= 2)
    rest.push_back(basis(0, mn));
  // A tile too small for five diagonal steps gives its lanes what is left
  // (or repeats it where nothing is).
  while (lanes.size() < 5) {
    if (rest.empty()) {
      lanes.push_back(basis(0, 0));
      continue;
    }
    lanes.push_back(rest.front());
    rest.erase(rest.begin());
  }
  SmallVector<SmallVector<int32_t>> warps;
  for (unsigned w = 1; w < numWarps; w *= 2) {
    if (rest.empty()) {
      warps.push_back(basis(0, 0));
      continue;
    }
    warps.push_back(rest.front());
    rest.erase(rest.begin());
  }
  llvm::append_range(registers, rest);
  return LinearEncodingAttr::get(context, BasisList(registers),
                                 BasisList(lanes), BasisList(warps),
                                 BasisList());
}

/// Replaces `alloc` (in a loop's body, i32 induction variable) by a store of
/// `value` into one of two slots of a buffer allocated before the loop,
/// alternating between iterations: a dot reading one slot can then run on
/// while the next iteration transposes into the other, where a fresh buffer
/// per iteration would make the pipeliner wait for every dot. Returns false,
/// changing nothing, for other loops.
bool storeDoubleBuffered(LocalAllocOp alloc, Value value) {
  auto forOp = dyn_cast<scf::ForOp>(alloc->getParentOp());
  if (!forOp || !forOp.getInductionVar().getType().isInteger(32))
    return false;
  MemDescType type = alloc.getType();
  SmallVector<int64_t> slotsShape = {2};
  llvm::append_range(slotsShape, type.getShape());
  auto slotsType =
      MemDescType::get(slotsShape, type.getElementType(), type.getEncoding(),
                       type.getMemorySpace(), /*mutableMemory=*/true);
  Location loc = alloc.getLoc();
  OpBuilder outside(forOp);
  Value slots =
      LocalAllocOp::create(outside, loc, slotsType, Value(), IntegerAttr());
  outside.setInsertionPointAfter(forOp);
  LocalDeallocOp::create(outside, loc, slots);

  OpBuilder b(alloc);
  Value iv = forOp.getInductionVar();
  Value iteration = arith::DivSIOp::create(
      b, loc, arith::SubIOp::create(b, loc, iv, forOp.getLowerBound()),
      forOp.getStep());
  Value two = arith::ConstantIntOp::create(b, loc, 2, 32);
  Value slot = arith::RemSIOp::create(b, loc, iteration, two);
  auto viewType =
      MemDescType::get(type.getShape(), type.getElementType(),
                       type.getEncoding(), type.getMemorySpace(),
                       /*mutableMemory=*/true);
  Value view = MemDescIndexOp::create(b, loc, viewType, slots, slot);
  LocalStoreOp::create(b, loc, value, view);
  alloc.getResult().replaceAllUsesWith(view);
  alloc.erase();
  return true;
}

/// Whether `source`, loaded (tt.load or tt.descriptor_load) for an operand
/// with K along `kDim` that `user` in a loop makes of it, is a 2-D 8-bit
/// tile of at least 4 x 4 on one CTA whose registers lie MN-major (B
/// row-major, A column-major), in a loop that is not to be warp-specialized.
bool isMNMajorNarrowLoad(Value source, unsigned kDim, Operation *user) {
  auto forOp = user->getParentOfType<scf::ForOp>();
  if (!source || !forOp ||
      (!source.getDefiningOp<LoadOp>() &&
       !source.getDefiningOp<DescriptorLoadOp>()))
    return false;
  // A loop to be warp-specialized keeps 3.6's operand path: the partitioner
  // (nvgpu-warp-specialization, after this pass) assigns the loads to a
  // producer and does not know the staging's register round trip.
  for (Operation *loop = forOp; loop;
       loop = loop->getParentOfType<scf::ForOp>())
    if (loop->hasAttr("tt.warp_specialize"))
      return false;
  auto type = cast<RankedTensorType>(source.getType());
  Type element = type.getElementType();
  if (type.getRank() != 2 || !element.isIntOrFloat() ||
      element.getIntOrFloatBitWidth() != 8)
    return false;
  SmallVector<unsigned> order = getMemoryOrder(type);
  if (order.empty() || order[0] == kDim)
    return false;
  ArrayRef<int64_t> shape = type.getShape();
  if (shape[kDim] < 4 || shape[1 - kDim] < 4)
    return false;
  // One CTA only: the staging buffer and the register layout carry no CTA
  // split.
  std::optional<BasisList> cga = getCGALayoutOf(type.getEncoding());
  return cga && cga->bases.empty() &&
         user->getParentOfType<ModuleOp>()->getAttrOfType<IntegerAttr>(
             kNumWarpsAttrName);
}

/// `source` (an MN-major tile, isMNMajorNarrowLoad) stored into a buffer in
/// `stagingEncoding` and loaded back in the transposing layout.
Value loadTransposing(OpBuilder &b, Location loc, Value source, unsigned kDim,
                      Attribute stagingEncoding) {
  auto type = cast<RankedTensorType>(source.getType());
  MLIRContext *context = b.getContext();
  auto module = source.getDefiningOp()->getParentOfType<ModuleOp>();
  int64_t warps =
      module->getAttrOfType<IntegerAttr>(kNumWarpsAttrName).getInt();
  auto stagingType =
      MemDescType::get(type.getShape(), type.getElementType(), stagingEncoding,
                       SharedMemorySpaceAttr::get(context));
  Value staging = LocalAllocOp::create(b, loc, stagingType, source);
  auto registers = RankedTensorType::get(
      type.getShape(), type.getElementType(),
      getTransposingLayout(context, type.getShape(), kDim, warps));
  return LocalLoadOp::create(b, loc, registers, staging, Value());
}

/// Stages `alloc` (a K-major 8-bit wgmma operand stored from registers that
/// lie MN-major) through a buffer of the registers' own order; returns
/// whether it did.
bool stageOperand(LocalAllocOp alloc) {
  Value source = alloc.getSrc();
  auto sharedEncoding =
      dyn_cast<NVMMASharedEncodingAttr>(alloc.getType().getEncoding());
  std::optional<unsigned> opIdx = dotOperandIndex(alloc);
  if (!source || !sharedEncoding || !opIdx)
    return false;
  unsigned kDim = *opIdx == 0 ? 1 : 0;
  // The buffer is K-major (NVMMA's contiguous dimension is the last one
  // unless transposed).
  unsigned bufferFastest = sharedEncoding.getTransposed() ? 0 : 1;
  if (bufferFastest != kDim || !isMNMajorNarrowLoad(source, kDim, alloc))
    return false;
  auto type = cast<RankedTensorType>(source.getType());
  Attribute stagingEncoding = getNVMMASharedEncoding(
      alloc.getContext(), type.getShape(), getMemoryOrder(type),
      *getCGALayoutOf(type.getEncoding()), type.getElementType());
  // A TMA copy writes the tile in the descriptor's own (MN-major) layout:
  // the staging buffer takes it, so that the pipeliner copies straight into
  // it.
  if (auto descriptorLoad = source.getDefiningOp<DescriptorLoadOp>()) {
    auto tmaEncoding = dyn_cast_or_null<NVMMASharedEncodingAttr>(
        descriptorLoad.getDesc().getType().getBlockType().getEncoding());
    unsigned tmaFastest = tmaEncoding && tmaEncoding.getTransposed() ? 0 : 1;
    if (!tmaEncoding || tmaFastest == kDim)
      return false;
    stagingEncoding = tmaEncoding;
  }
  OpBuilder b(alloc);
  Value transposed =
      loadTransposing(b, alloc.getLoc(), source, kDim, stagingEncoding);
  if (!storeDoubleBuffered(alloc, transposed))
    alloc.getSrcMutable().assign(transposed);
  return true;
}

/// mma.sync (sm_80) reads 8-bit operands K-major too: ldmatrix gives each
/// thread four bytes along a row of the buffer, and for an MN-major tile
/// those are four bytes along MN, so Triton 3.6 loads such fragments byte by
/// byte. Stages the `ttg.convert_layout` of such a load to an mma v2 dot
/// operand like the wgmma operands: the load goes into a buffer of its own
/// order with the operand's swizzle (which the pipeliner fills ahead with
/// cp.async), is loaded back in the transposing layout, stored into a
/// K-major buffer with the operand's swizzle, and read from there as the
/// operand (ldmatrix). Returns whether it did.
bool stageMmaV2Operand(ConvertLayoutOp convert) {
  auto dotEncoding =
      dyn_cast<DotOperandEncodingAttr>(convert.getType().getEncoding());
  if (!dotEncoding || dotEncoding.getOpIdx() > 1 ||
      dotEncoding.getKWidth() != 4)
    return false;
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dotEncoding.getParent());
  if (!mma || mma.getVersionMajor() != 2)
    return false;
  Value source = convert.getSrc();
  unsigned kDim = dotEncoding.getOpIdx() == 0 ? 1 : 0;
  if (!source.getDefiningOp<LoadOp>() ||
      !isMNMajorNarrowLoad(source, kDim, convert))
    return false;
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<unsigned> kMajorOrder = {kDim, 1 - kDim};
  std::optional<SwizzledSharedEncodingAttr> staging =
      getDotOperandSharedLayout(type, dotEncoding);
  std::optional<SwizzledSharedEncodingAttr> kMajor =
      getDotOperandSharedLayout(type, dotEncoding, kMajorOrder);
  if (!staging || !kMajor)
    return false;
  OpBuilder b(convert);
  Location loc = convert.getLoc();
  Value transposed = loadTransposing(b, loc, source, kDim, *staging);
  auto kMajorType =
      MemDescType::get(type.getShape(), type.getElementType(), *kMajor,
                       SharedMemorySpaceAttr::get(b.getContext()));
  Value buffer = LocalAllocOp::create(b, loc, kMajorType, transposed);
  Value operand =
      LocalLoadOp::create(b, loc, convert.getType(), buffer, Value());
  convert.replaceAllUsesWith(operand);
  convert.erase();
  return true;
}

class TritonGPUTransposeNarrowOperandsPass
    : public mlir::triton::gpu::impl::TritonGPUTransposeNarrowOperandsBase<
          TritonGPUTransposeNarrowOperandsPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    SmallVector<LocalAllocOp> allocs;
    SmallVector<ConvertLayoutOp> converts;
    getOperation().walk([&](Operation *op) {
      if (auto alloc = dyn_cast<LocalAllocOp>(op))
        allocs.push_back(alloc);
      else if (auto convert = dyn_cast<ConvertLayoutOp>(op))
        converts.push_back(convert);
    });
    for (LocalAllocOp alloc : allocs)
      stageOperand(alloc);
    for (ConvertLayoutOp convert : converts)
      stageMmaV2Operand(convert);
  }
};

} // namespace
