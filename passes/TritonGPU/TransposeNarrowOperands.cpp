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
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "passes/TritonGPU/Passes.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/CommandLine.h"

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

// On by default (make_ttgir runs the pass for cuda >= 80, not under
// compat=3.6; the swap needs wgmma): split into one product per K step and
// waited for before the yield, the swapped loop beats the staging into
// K-major slots on the H200 (docs/results/2026-12-03-8bit-split-1114.md:
// int8 1047.8 vs 942.2 TOP/s, fp8 1055.3 vs 972.8 TFLOP/s at 4096^3).
// -tritongpu-swap-narrow-operands=false keeps the staging.
static llvm::cl::opt<bool> swapNarrowOperands(
    "tritongpu-swap-narrow-operands",
    llvm::cl::desc("-tritongpu-transpose-narrow-operands computes a product "
                   "with an MN-major 8-bit B as C^T = B^T A^T, B^T from "
                   "registers (see swapOperands)"),
    llvm::cl::init(true));

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

/// The rows of the swapped product's A operand (B^T, rows along N) that
/// column bits 0, 1, ... of B stand for: two rows a thread holds in
/// registers first (so that each thread's four rows are four consecutive
/// columns: one 32-bit load of a K row of B), then the rows its lanes, its
/// warps and its other registers step. Nothing when the layout holds fewer
/// than two such register rows (or is not a permutation of the rows).
std::optional<SmallVector<int32_t>>
getRowsOfColumnBits(const LinearLayout &operand, int64_t rows) {
  auto pureRows = [&](StringRef dim) {
    SmallVector<int32_t> found;
    for (const LinearLayout::Basis &basis : operand.getBases(dim))
      if (basis[1] == 0 && basis[0] != 0)
        found.push_back(basis[0]);
    return found;
  };
  SmallVector<int32_t> registers = pureRows("register");
  if (registers.size() < 2)
    return std::nullopt;
  SmallVector<int32_t> order(registers.begin(), registers.begin() + 2);
  llvm::append_range(order, pureRows("lane"));
  llvm::append_range(order, pureRows("warp"));
  order.append(registers.begin() + 2, registers.end());
  int32_t seen = 0;
  for (int32_t row : order) {
    if (!llvm::isPowerOf2_32(row) || (seen & row))
      return std::nullopt;
    seen |= row;
  }
  if (int64_t(seen) + 1 != rows)
    return std::nullopt;
  return order;
}

/// The row of the swapped product standing for column `column` of B.
int32_t rowOfColumn(ArrayRef<int32_t> rowsOfBits, int32_t column) {
  int32_t row = 0;
  for (auto [bit, rowOfBit] : llvm::enumerate(rowsOfBits))
    if (column & (1 << bit))
      row ^= rowOfBit;
  return row;
}

/// A buffer of `shape` (rows, columns) in `encoding` seen transposed, its
/// columns permuted into rows by `rowsOfBits`: the #ttg.shared_linear
/// layout whose element (rowOfColumn(c), r) is the buffer's (r, c).
std::optional<SharedLinearEncodingAttr>
getPermutedTransposedView(ArrayRef<int64_t> shape, Attribute encoding,
                          ArrayRef<int32_t> rowsOfBits) {
  std::optional<LinearLayout> layout = toLinearLayout(shape, encoding);
  if (!layout || layout->getInDimSize("block") > 1)
    return std::nullopt;
  SmallVector<SmallVector<int32_t>> bases;
  for (const LinearLayout::Basis &basis : layout->getBases("offset"))
    bases.push_back({rowOfColumn(rowsOfBits, basis[1]), basis[0]});
  return SharedLinearEncodingAttr::get(encoding.getContext(),
                                       BasisList(bases), BasisList(),
                                       /*alignment=*/16);
}

/// A row-major swizzled buffer for an accumulator tile of `shape`: 16-byte
/// vectors whose index in a row is XORed with the row (mod 8), so that the
/// swapped product's registers (four consecutive columns of rows 2 apart
/// per lane) and a row-major register layout both reach every bank.
SwizzledSharedEncodingAttr getAccumulatorBuffer(MLIRContext *context,
                                                ArrayRef<int64_t> shape,
                                                Type element) {
  unsigned bytes = std::max(1u, element.getIntOrFloatBitWidth() / 8);
  unsigned vec = std::max(1u, 16 / bytes);
  unsigned vectorsPerRow = std::max<int64_t>(1, shape[1] / vec);
  return SwizzledSharedEncodingAttr::get(context, vec, 1,
                                         std::min(8u, vectorsPerRow), {1, 0},
                                         BasisList());
}

/// `value` ([rows, columns] in any layout) through a buffer of `storeAs`
/// (its own shape), read back as `type` (the other shape) from the same
/// bytes seen as `loadAs`. The buffer is allocated empty, stored, and freed
/// after the load: a buffer made from the value would be allocated as soon
/// as the value is (reorder-instructions moves it there), while the
/// pipeliner's buffers of the loop that makes the value are still held.
Value relabelThroughShared(OpBuilder &b, Location loc, Value value,
                           Attribute storeAs, RankedTensorType type,
                           Attribute loadAs) {
  auto source = cast<RankedTensorType>(value.getType());
  MLIRContext *context = b.getContext();
  auto smem = SharedMemorySpaceAttr::get(context);
  Value buffer = LocalAllocOp::create(
      b, loc,
      MemDescType::get(source.getShape(), source.getElementType(), storeAs,
                       smem, /*mutableMemory=*/true),
      Value(), IntegerAttr());
  LocalStoreOp::create(b, loc, value, buffer);
  Value view = MemDescReinterpretOp::create(
      b, loc,
      MemDescType::get(type.getShape(), type.getElementType(), loadAs, smem,
                       /*mutableMemory=*/true),
      buffer);
  Value loaded = LocalLoadOp::create(b, loc, type, view, Value());
  LocalDeallocOp::create(b, loc, buffer);
  return loaded;
}

/// wgmma takes its A operand from registers too, and there the K-major
/// fragments of an MN-major tile cost no shared-memory transpose. So a
/// product C = A B in a loop (C carried by the loop), with B an 8-bit
/// MN-major load and A K-major in shared memory, becomes C^T = B^T A^T:
/// B is staged in its own order (the pipeliner copies it ahead), each
/// thread loads it as 4 x 4 byte blocks (32-bit loads along N, LLVM's
/// byte permutes make them K-major fragments), and A^T is A's buffer seen
/// transposed (K-major as wgmma's B). A fragment's rows of one thread are
/// not consecutive, so the swapped product runs on B^T's rows permuted
/// (getRowsOfColumnBits); both the permutation and the transposition are
/// views of shared memory (#ttg.shared_linear), the operand's on the
/// staging buffer and the result's on a buffer the accumulator passes
/// through once after the loop. Returns whether it rewrote `dot`.
bool swapOperands(nvidia_gpu::WarpGroupDotOp dot) {
  auto forOp = dyn_cast<scf::ForOp>(dot->getParentOp());
  auto bAlloc = dot.getB().getDefiningOp<LocalAllocOp>();
  auto aType = dyn_cast<MemDescType>(dot.getA().getType());
  if (!forOp || !bAlloc || !bAlloc.getSrc() || !bAlloc->hasOneUse() ||
      !aType || dot.getUseC() || dot.getIsAsync())
    return false;
  auto aEncoding = dyn_cast<NVMMASharedEncodingAttr>(aType.getEncoding());
  if (!aEncoding || aEncoding.getTransposed() || aEncoding.getFp4Padded() ||
      !aEncoding.getCGALayout().bases.empty() || aType.getRank() != 2)
    return false;
  Value bSource = bAlloc.getSrc();
  if (!bSource.getDefiningOp<LoadOp>() ||
      !isMNMajorNarrowLoad(bSource, /*kDim=*/0, bAlloc))
    return false;
  // The accumulator is the loop's, read by this product only.
  auto acc = dyn_cast<BlockArgument>(dot.getC());
  if (!acc || acc.getOwner() != forOp.getBody() || acc.getArgNumber() == 0 ||
      !acc.hasOneUse() || !dot->hasOneUse())
    return false;
  unsigned iterIndex = acc.getArgNumber() - 1;
  Operation *yield = forOp.getBody()->getTerminator();
  if (*dot->getUsers().begin() != yield ||
      yield->getOperand(iterIndex) != dot.getResult())
    return false;
  auto cType = cast<RankedTensorType>(dot.getType());
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(cType.getEncoding());
  if (!mma || mma.getVersionMajor() != 3 || mma.getWarpsPerCTA().size() != 2 ||
      mma.getWarpsPerCTA()[1] != 1 || !mma.getCGALayout().bases.empty())
    return false;
  auto bType = cast<RankedTensorType>(bSource.getType());
  int64_t m = cType.getShape()[0], n = cType.getShape()[1],
          k = bType.getShape()[0];
  unsigned warps = mma.getWarpsPerCTA()[0];
  // The swapped product is N x M: wgmma N = M (at most 256 per
  // instruction, a multiple of 16 for 8-bit types), K in steps of 32.
  int64_t instrN = std::min<int64_t>(m, 256);
  if (m % instrN || instrN % 16 || k % 32 || n % 32)
    return false;
  MLIRContext *context = dot.getContext();
  auto swappedMma = NvidiaMmaEncodingAttr::get(
      context, 3, 0, {warps, 1}, BasisList(),
      {16, unsigned(instrN), 32});
  auto operandEncoding = DotOperandEncodingAttr::get(context, 0, swappedMma,
                                                     /*kWidth=*/4);
  Type element = bType.getElementType();
  auto operandType = RankedTensorType::get({n, k}, element, operandEncoding);
  std::optional<LinearLayout> operandLayout =
      toLinearLayout(operandType.getShape(), operandEncoding);
  if (!operandLayout)
    return false;
  std::optional<SmallVector<int32_t>> rowsOfBits =
      getRowsOfColumnBits(*operandLayout, n);
  if (!rowsOfBits)
    return false;
  // The staging buffer: rows of B (K) of N bytes, 32-byte vectors XORed
  // with (row / 4) % 4. A warp's 32-bit loads take K rows 4 apart (the
  // fragment's lanes % 4) and 32 consecutive bytes of each: four rows in
  // four different 32-byte columns, every bank once; the copies' 16-byte
  // pieces of a row stay conflict-free.
  auto staging = SwizzledSharedEncodingAttr::get(
      context, 32, 4, std::min<unsigned>(4, std::max<int64_t>(1, n / 32)),
      {1, 0}, BasisList());
  std::optional<SharedLinearEncodingAttr> operandView =
      getPermutedTransposedView(bType.getShape(), staging, *rowsOfBits);
  Type accElement = cType.getElementType();
  auto accBuffer = getAccumulatorBuffer(context, {m, n}, accElement);
  std::optional<SharedLinearEncodingAttr> accView =
      getPermutedTransposedView({m, n}, accBuffer, *rowsOfBits);
  if (!operandView || !accView)
    return false;

  Location loc = dot.getLoc();
  auto smem = SharedMemorySpaceAttr::get(context);
  OpBuilder b(bAlloc);
  Value stage = LocalAllocOp::create(
      b, loc, MemDescType::get(bType.getShape(), element, staging, smem),
      bSource);
  Value view = MemDescReinterpretOp::create(
      b, loc, MemDescType::get({n, k}, element, *operandView, smem), stage);
  b.setInsertionPoint(dot);
  auto aTransposed = NVMMASharedEncodingAttr::get(
      context, aEncoding.getSwizzlingByteWidth(), /*transposed=*/true,
      aEncoding.getElementBitWidth(), /*fp4Padded=*/false, BasisList(), 2);
  Value aView = MemDescTransOp::create(
      b, loc,
      MemDescType::get({aType.getShape()[1], aType.getShape()[0]},
                       aType.getElementType(), aTransposed, smem,
                       aType.getMutableMemory()),
      dot.getA(), ArrayRef<int32_t>{1, 0});
  auto swappedType = RankedTensorType::get({n, m}, accElement, swappedMma);

  // The loop carries C^T (rows permuted) from an initial value made so.
  Value init = forOp.getInitArgs()[iterIndex];
  OpBuilder before(forOp);
  Value swappedInit;
  DenseElementsAttr splat;
  if (matchPattern(init, m_Constant(&splat)) && splat.isSplat())
    swappedInit = arith::ConstantOp::create(
        before, loc, swappedType,
        DenseElementsAttr::get(swappedType,
                               splat.getSplatValue<Attribute>()));
  else
    swappedInit = relabelThroughShared(before, loc, init, accBuffer,
                                       swappedType, *accView);
  forOp.getInitArgsMutable()[iterIndex].assign(swappedInit);
  acc.setType(swappedType);
  // One product per wgmma K step (32), each after the loads of its own
  // fragments: the byte permutes of step j + 1 run while the tensor cores
  // do step j (a single product loads every fragment first, and the
  // tensor cores wait for all of it: 984 against 1040 TOP/s for int8 on
  // the H200). The chain's accumulator stays in the wgmma's registers.
  Value chained = acc;
  for (int64_t offset = 0; offset < k; offset += 32) {
    auto slice = [&](Value buffer, ArrayRef<int64_t> shape,
                     ArrayRef<int32_t> offsets) -> Value {
      auto type = cast<MemDescType>(buffer.getType());
      return MemDescSubsliceOp::create(
          b, loc,
          MemDescType::get(context, shape, element, type.getEncoding(), smem,
                           type.getMutableMemory(), type.getShape()),
          buffer, offsets);
    };
    Value fragments = LocalLoadOp::create(
        b, loc, RankedTensorType::get({n, 32}, element, operandEncoding),
        slice(view, {n, 32}, {0, int32_t(offset)}), Value());
    chained = nvidia_gpu::WarpGroupDotOp::create(
        b, loc, swappedType, fragments,
        slice(aView, {32, m}, {int32_t(offset), 0}), chained,
        /*useC=*/Value(), dot.getInputPrecision(),
        dot.getMaxNumImpreciseAcc(), /*isAsync=*/false);
  }
  dot.getResult().replaceAllUsesWith(chained);
  dot.erase();
  bAlloc.erase();
  Value result = forOp.getResult(iterIndex);
  result.setType(swappedType);

  // After the loop: elementwise ops of the result alone (a truncation to
  // the output type) run on C^T as they are; then one pass through shared
  // memory gives C in the layout its user converts it to.
  OpBuilder after(forOp->getBlock(), std::next(forOp->getIterator()));
  Value current = result;
  while (current.hasOneUse()) {
    Operation *user = *current.getUsers().begin();
    if (!user->hasTrait<OpTrait::Elementwise>() || !isMemoryEffectFree(user) ||
        user->getNumOperands() != 1 || user->getNumResults() != 1 ||
        user->getBlock() != forOp->getBlock())
      break;
    auto userType = cast<RankedTensorType>(user->getResult(0).getType());
    after.setInsertionPoint(user);
    Operation *clone = after.clone(*user);
    clone->setOperand(0, current);
    clone->getResult(0).setType(RankedTensorType::get(
        {n, m}, userType.getElementType(), swappedMma));
    // The op's users move to the clone (they are retyped or relabeled
    // next), and the op goes.
    user->getResult(0).replaceAllUsesWith(clone->getResult(0));
    user->erase();
    current = clone->getResult(0);
  }
  auto currentType = cast<RankedTensorType>(current.getType());
  Attribute target = mma;
  ConvertLayoutOp convert;
  if (current.hasOneUse())
    convert = dyn_cast<ConvertLayoutOp>(*current.getUsers().begin());
  if (convert)
    target = convert.getType().getEncoding();
  if (Operation *def = current.getDefiningOp())
    after.setInsertionPointAfter(def);
  else
    after.setInsertionPointAfter(forOp);
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : current.getUses())
    uses.push_back(&use);
  auto resultType =
      RankedTensorType::get({m, n}, currentType.getElementType(), target);
  auto outBuffer =
      getAccumulatorBuffer(context, {m, n}, currentType.getElementType());
  Value relabeled = relabelThroughShared(
      after, loc, current,
      *getPermutedTransposedView({m, n}, outBuffer, *rowsOfBits), resultType,
      outBuffer);
  if (convert) {
    convert.getResult().replaceAllUsesWith(relabeled);
    convert.erase();
  } else {
    for (OpOperand *use : uses)
      use->set(relabeled);
  }
  return true;
}

class TritonGPUTransposeNarrowOperandsPass
    : public mlir::triton::gpu::impl::TritonGPUTransposeNarrowOperandsBase<
          TritonGPUTransposeNarrowOperandsPass> {
public:
  using Base::Base;
  void runOnOperation() override {
    SmallVector<nvidia_gpu::WarpGroupDotOp> dots;
    getOperation().walk(
        [&](nvidia_gpu::WarpGroupDotOp dot) { dots.push_back(dot); });
    if (swapNarrowOperands)
      for (nvidia_gpu::WarpGroupDotOp dot : dots)
        swapOperands(dot);
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
