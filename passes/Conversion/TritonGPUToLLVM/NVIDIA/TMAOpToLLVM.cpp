//===- TMAOpToLLVM.cpp - mbarriers, TMA copies and TMA descriptors --------===//
//
// mbarrier ops are issued by thread 0 of the CTA (init, inval, expect,
// arrive) and waited on by every thread (a try_wait loop on the phase
// parity). A TMA copy of a descriptor's block is cut into boxes
// (getTMABoxShape); box i is issued by one elected lane of warp
// i % num_warps, its shared address the buffer layout's offset of the box's
// first element. Where the boxes the warps issue together are evenly spaced
// (in coordinates and in the buffer), that round is one instruction whose
// box follows from the warp id, rather than one predicated
// instruction per box, each of which ptxas gives its own address moves.
// The lowering checks, basis by basis, that the layout places the box's
// elements where TMA's swizzle puts them, so a buffer layout TMA cannot
// fill is an error, not wrong data. TMA stores are bulk groups, waited on
// by ttng.async_tma_store_wait. In a CTA cluster each CTA copies its tile
// of the block (boxes over the tile, coordinates moved by the tile start of
// its cluster rank) and waits on its own mbarriers, whose inits are
// released to the cluster. A load marked by -triton-nvidia-gpu-tma-multicast
// into a buffer the CTAs hold copies of is split among the copies: each
// issues its share of the boxes with .multicast::cluster to every copy's
// same buffer and mbarrier offsets (each still expects the whole tile's
// bytes). ttng.tensormap_create builds the
// 128-byte descriptor in shared scratch with warp 0 (zero fill, then thread
// 0's tensormap.replace of every field) and copies it to global memory with
// the release fence; every thread acquires it (tensormap_fenceproxy_acquire)
// after a CTA barrier, so any warp may issue copies through it.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/TMA.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/ElementwiseUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// PTX with side effects and no outputs. Its result is `!llvm.void`, as
/// Triton 3.6's PTX builder makes these statements (the LLVM translation
/// gives a void call either way).
void emitPtx(OpBuilder &b, Location loc, ValueRange operands, StringRef text,
             StringRef constraints) {
  MLIRContext *context = b.getContext();
  LLVM::InlineAsmOp::create(
      b, loc, TypeRange(LLVM::LLVMVoidType::get(context)), operands,
      b.getStringAttr(text), b.getStringAttr(constraints),
      /*has_side_effects=*/b.getUnitAttr(), /*is_align_stack=*/UnitAttr(),
      LLVM::TailCallKindAttr::get(context, LLVM::TailCallKind::None),
      LLVM::AsmDialectAttr::get(context, LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/b.getArrayAttr({}));
}

/// "[ $n + 0 ]": an address operand as Triton's PTX builder spells it.
std::string addressOperand(unsigned n) {
  return llvm::formatv("[ ${0} + 0 ]", n).str();
}

/// A PTX immediate as Triton's PTX builder spells it (hexadecimal).
std::string immediate(int64_t value) {
  return llvm::formatv("{0:x}", value).str();
}

Value emitAnd(OpBuilder &b, Location loc, Value x, Value y) {
  return y ? LLVM::AndOp::create(b, loc, x, y).getResult() : x;
}

Value emitEq(OpBuilder &b, Location loc, Value x, int64_t value) {
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, x,
                              createI32Constant(b, loc, value));
}

/// The first byte of the buffer a memdesc views (its view offset included).
Value getBufferAddress(OpBuilder &b, Location loc, Value converted,
                       ttg::MemDescType type) {
  SharedMemoryObject object = unpackSharedMemoryObject(b, loc, converted);
  std::string reason;
  std::optional<SharedMemoryLayout> layout =
      SharedMemoryLayout::get(type, reason);
  if (!layout || object.offsets.empty())
    return object.base;
  Value offset = layout->emitViewOffset(b, loc, object.offsets);
  if (!offset)
    return object.base;
  Type element = IntegerType::get(
      b.getContext(), type.getElementType().getIntOrFloatBitWidth());
  return LLVM::GEPOp::create(b, loc, object.base.getType(), element,
                             object.base, ValueRange{offset});
}

Value getBarrierAddress(OpBuilder &b, Location loc, Value converted) {
  return unpackSharedMemoryObject(b, loc, converted).base;
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

template <typename OpTy> struct BarrierPattern : ConvertOpToLLVMPattern<OpTy> {
  BarrierPattern(LLVMTypeConverter &converter, const nvidia::TargetInfo &target)
      : ConvertOpToLLVMPattern<OpTy>(converter), target(target) {}
  Value isThreadZero(OpBuilder &b, Location loc) const {
    return emitEq(b, loc, target.getThreadId(b, loc), 0);
  }
  /// `text` ($0 the predicate, $1 the barrier) issued by thread 0 where
  /// `pred` (may be null) holds; `op` is then gone.
  LogicalResult emitOnThreadZero(ConversionPatternRewriter &rewriter, OpTy op,
                                 Value alloc, Value pred,
                                 const Twine &text) const {
    Location loc = op.getLoc();
    Value barrier = getBarrierAddress(rewriter, loc, alloc);
    emitPtx(
        rewriter, loc,
        {emitAnd(rewriter, loc, isThreadZero(rewriter, loc), pred), barrier},
        text.str(), "b,r");
    rewriter.eraseOp(op);
    return success();
  }
  const nvidia::TargetInfo &target;
};

struct InitBarrierOpPattern : BarrierPattern<ttng::InitBarrierOp> {
  using BarrierPattern::BarrierPattern;
  LogicalResult
  matchAndRewrite(ttng::InitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // In a cluster, after the block's last init (Clusters.cpp admits inits
    // in the kernel's entry block alone, which every thread runs): the inits
    // are released to the cluster and every CTA waits for the others', so
    // that a copy or arrive from another CTA (multicast) never reaches a
    // barrier before its init.
    bool lastInit = !llvm::any_of(
        llvm::make_range(std::next(op->getIterator()), op->getBlock()->end()),
        [](Operation &next) { return isa<ttng::InitBarrierOp>(next); });
    bool clusterSync = target.getNumCTAs() > 1 && lastInit;
    if (failed(emitOnThreadZero(
            rewriter, op, adaptor.getAlloc(), Value(),
            llvm::formatv("@$0 mbarrier.init.shared::cta.b64 [$1], {0};",
                          op.getCount()))))
      return failure();
    if (clusterSync) {
      NVVM::FenceMbarrierInitOp::create(rewriter, loc);
      NVVM::ClusterArriveOp::create(rewriter, loc, rewriter.getUnitAttr());
      NVVM::ClusterWaitOp::create(rewriter, loc, rewriter.getUnitAttr());
    }
    return success();
  }
};

struct InvalBarrierOpPattern : BarrierPattern<ttng::InvalBarrierOp> {
  using BarrierPattern::BarrierPattern;
  LogicalResult
  matchAndRewrite(ttng::InvalBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return emitOnThreadZero(rewriter, op, adaptor.getAlloc(), Value(),
                            "@$0 mbarrier.inval.shared::cta.b64 [$1];");
  }
};

struct BarrierExpectOpPattern : BarrierPattern<ttng::BarrierExpectOp> {
  using BarrierPattern::BarrierPattern;
  LogicalResult
  matchAndRewrite(ttng::BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return emitOnThreadZero(
        rewriter, op, adaptor.getAlloc(), adaptor.getPred(),
        llvm::formatv("@$0 mbarrier.arrive.expect_tx.shared.b64 _, [$1], {0};",
                      op.getSize()));
  }
};

struct ArriveBarrierOpPattern : BarrierPattern<ttng::ArriveBarrierOp> {
  using BarrierPattern::BarrierPattern;
  LogicalResult
  matchAndRewrite(ttng::ArriveBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A count of 1 is the instruction's default.
    std::string count =
        op.getCount() > 1 ? llvm::formatv(", {0}", op.getCount()).str() : "";
    return emitOnThreadZero(rewriter, op, adaptor.getAlloc(), adaptor.getPred(),
                            "@$0 mbarrier.arrive.shared::cta.b64 _, [$1]" +
                                count + ";");
  }
};

/// Every thread arrives (cp.async tracks each thread's own copies), so this
/// is no thread-0 instruction.
struct AsyncCopyMbarrierArriveOpPattern
    : ConvertOpToLLVMPattern<ttng::AsyncCopyMbarrierArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::AsyncCopyMbarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    NVVM::CpAsyncMBarrierArriveOp::create(
        rewriter, loc, getBarrierAddress(rewriter, loc, adaptor.getBarrier()),
        op.getNoIncrement());
    rewriter.eraseOp(op);
    return success();
  }
};

/// Every thread spins until the phase with parity `phase` has completed;
/// a false `pred` skips the wait (a constant true one is no predicate).
/// sm_90 has mbarrier.try_wait, which suspends the thread for a while in
/// hardware; before it, test_wait polls and nanosleep backs off. The labels
/// are local to the braces, so copies of the statement (unrolled loops) do
/// not clash.
struct WaitBarrierOpPattern : BarrierPattern<ttng::WaitBarrierOp> {
  using BarrierPattern::BarrierPattern;
  LogicalResult
  matchAndRewrite(ttng::WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value barrier = getBarrierAddress(rewriter, loc, adaptor.getAlloc());
    SmallVector<Value> operands{barrier, adaptor.getPhase()};
    std::string constraints = "r,r";
    bool predicated = op.getPred() && !matchPattern(op.getPred(), m_One());
    if (predicated) {
      operands.push_back(adaptor.getPred());
      constraints += ",b";
    }
    bool tryWait = target.getComputeCapability() >= 90;
    std::string text = "{\n";
    if (predicated)
      text += "\t@!$2 bra.uni skipWait;\n";
    text += "\t.reg .pred complete;\n\twaitLoop:\n";
    text += tryWait
                ? "\tmbarrier.try_wait.parity.shared.b64 complete, [$0], $1;\n"
                : "\tmbarrier.test_wait.parity.shared.b64 complete, [$0], $1;\n"
                  "\t@!complete nanosleep.u32 20;\n";
    text += "\t@!complete bra.uni waitLoop;\n";
    if (predicated)
      text += "\tskipWait:\n";
    text += "}";
    emitPtx(rewriter, loc, operands, text, constraints);
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// TMA copies
//===----------------------------------------------------------------------===//

/// The boxes a TMA copy of a descriptor block is cut into: each one's
/// block coordinates and element offset in the shared buffer.
struct TMABox {
  SmallVector<int64_t> coords;
  int64_t offset;
};

/// TMA's byte offset of element `index` (row-major within the box) under
/// swizzle `swizzleBytes`: 16-byte chunk bits XOR the 128-byte row bits.
int64_t tmaSwizzledByte(int64_t byte, int64_t swizzleBytes) {
  if (swizzleBytes == 0)
    return byte;
  int64_t chunks = swizzleBytes / 16;
  return byte ^ (((byte >> 7) & (chunks - 1)) << 4);
}

/// The boxes of a copy of `block` to or from a buffer of `memType`, in
/// order (the smaller multicast box where `multicast`); fails (with `why`) when
/// TMA cannot move the block (whyNotTMABlock) or the buffer's layout does not
/// place a box's elements where TMA does. In a cluster the boxes cover the
/// calling CTA's tile of the block; `blockBases` then gets, per CTA bit, the
/// block coordinates that CTA's tile starts at (zero where the CTAs hold
/// copies).
FailureOr<SmallVector<TMABox>>
planBoxes(RankedTensorType block, ttg::MemDescType memType,
          SmallVector<SmallVector<int64_t>> &blockBases, std::string &why,
          bool multicast) {
  why = ttng::whyNotTMABlock(block);
  if (!why.empty())
    return failure();
  std::optional<SharedMemoryLayout> layout =
      SharedMemoryLayout::get(memType, why);
  if (!layout)
    return failure();
  // An NVMMA buffer (re-ranked when the block's leading unit dimensions are
  // dropped), or the unswizzled row-major block's own layout.
  Attribute expected = ttng::getTMABufferEncoding(block, memType.getShape());
  if (!expected && memType.getShape() == block.getShape())
    expected = block.getEncoding();
  if (!expected || memType.getEncoding() != expected) {
    why = "the buffer's layout is not the descriptor's";
    return failure();
  }
  SmallVector<int64_t> box = ttng::getTMABoxShape(block, multicast);
  if (box.empty()) {
    why = "its CTA tile is not a multiple of one box per CTA copy";
    return failure();
  }
  unsigned rank = block.getRank();
  // A buffer without the block's leading unit dimensions: offsets come from
  // the coordinates of the dimensions it has.
  unsigned dropped = rank - memType.getShape().size();
  // In a cluster, the CTA's tile: the layout's shape is the buffer's tile,
  // which must be the descriptor's.
  SmallVector<int64_t> shape(block.getShape());
  if (!layout->getBlockBases().empty()) {
    shape.resize(dropped);
    llvm::append_range(shape, layout->getShape());
    if (shape != ttng::getTMATileShape(block)) {
      why = "the buffer's CTA tile is not the descriptor's";
      return failure();
    }
  }
  blockBases.clear();
  for (const auto &basis : layout->getBlockBases()) {
    SmallVector<int64_t> coords(dropped, 0);
    coords.append(basis.begin(), basis.end());
    blockBases.push_back(std::move(coords));
  }
  auto offsetOf = [&](ArrayRef<int32_t> coords) {
    return layout->getOffset(coords.drop_front(dropped));
  };
  int64_t elementBytes = block.getElementTypeBitWidth() / 8;
  auto nvmma = dyn_cast<ttg::NVMMASharedEncodingAttr>(expected);
  int64_t swizzle = nvmma ? nvmma.getSwizzlingByteWidth() : 0;
  // The layout's offsets within a box, for every coordinate basis, against
  // TMA's.
  SmallVector<int32_t> zero(rank, 0);
  int64_t boxStride = 1;
  for (unsigned dim = rank; dim-- > 0;) {
    for (int64_t step = 1; step < box[dim]; step *= 2) {
      SmallVector<int32_t> coords = zero;
      coords[dim] = step;
      int64_t expected =
          tmaSwizzledByte(step * boxStride * elementBytes, swizzle);
      if (offsetOf(coords) * elementBytes != expected) {
        why = "the buffer's layout does not place elements where TMA's swizzle "
              "does";
        return failure();
      }
    }
    boxStride *= box[dim];
  }
  SmallVector<TMABox> boxes;
  SmallVector<int64_t> counts;
  int64_t total = 1;
  for (unsigned dim = 0; dim < rank; ++dim) {
    counts.push_back(shape[dim] / box[dim]);
    total *= counts.back();
  }
  for (int64_t i = 0; i < total; ++i) {
    SmallVector<int64_t> coords(rank);
    SmallVector<int32_t> coords32(rank);
    int64_t rest = i;
    for (unsigned dim = rank; dim-- > 0;) {
      coords[dim] = rest % counts[dim] * box[dim];
      coords32[dim] = coords[dim];
      rest /= counts[dim];
    }
    int64_t offset = offsetOf(coords32);
    // A box starts on a whole swizzle pattern (8 rows of the swizzle width).
    if (offset * elementBytes % std::max<int64_t>(16, 8 * swizzle) != 0) {
      why = "a box does not start on a whole swizzle pattern";
      return failure();
    }
    boxes.push_back({coords, offset});
  }
  return boxes;
}

/// "{$k, ..., $k+r-1}": TMA coordinates, innermost dimension first.
std::string coordOperands(unsigned first, unsigned rank) {
  std::string text = "{";
  for (unsigned i = 0; i < rank; ++i)
    text += (i ? ", $" : "$") + std::to_string(first + i);
  return text + "}";
}

/// The inline-asm constraints of `rank` i32 coordinates.
std::string coordConstraints(unsigned rank) {
  std::string text;
  for (unsigned i = 0; i < rank; ++i)
    text += ",r";
  return text;
}

/// The TMA coordinates of a box: the op's block coordinates plus the box's
/// offset in the block, innermost first.
SmallVector<Value> boxCoords(OpBuilder &b, Location loc, ValueRange blockCoords,
                             ArrayRef<int64_t> boxOffset) {
  SmallVector<Value> coords;
  for (unsigned dim = blockCoords.size(); dim-- > 0;) {
    Value coord = blockCoords[dim];
    if (boxOffset[dim] != 0)
      coord = LLVM::AddOp::create(b, loc, coord,
                                  createI32Constant(b, loc, boxOffset[dim]));
    coords.push_back(coord);
  }
  return coords;
}

/// Who issues a copy's boxes: box i goes to one elected lane of warp
/// i % numWarps. The warp id is the uniform one (getUniformWarpId), so ptxas
/// sees a warp-uniform condition, and elect.sync picks the lane (no lane id
/// to compute);
/// one shuffle per copy in a pipelined loop would cost the loop a shuffle
/// each.
struct BoxIssuers {
  BoxIssuers(OpBuilder &b, Location loc, const nvidia::TargetInfo &target,
             unsigned numWarps)
      : numWarps(numWarps) {
    warp = getUniformWarpId(b, loc, target);
    elected = NVVM::ElectSyncOp::create(b, loc, b.getI1Type(), Value());
  }

  /// Whether the calling thread issues box `i`.
  Value issues(OpBuilder &b, Location loc, unsigned i) const {
    return LLVM::AndOp::create(b, loc, elected,
                               emitEq(b, loc, warp, i % numWarps));
  }
  unsigned numWarps;
  Value warp, elected;
};

/// One TMA instruction of a copy: who issues it, the box's byte offset in
/// the buffer (i32) and its coordinates (innermost first).
struct BoxCopy {
  Value pred;
  Value byteOffset;
  SmallVector<Value> coords;
};

/// Whether boxes[k] - boxes[0] is k times boxes[1] - boxes[0], in the
/// buffer and in every coordinate.
bool isEvenlySpaced(ArrayRef<TMABox> boxes) {
  for (size_t k = 2; k < boxes.size(); ++k) {
    if (boxes[k].offset - boxes[0].offset !=
        int64_t(k) * (boxes[1].offset - boxes[0].offset))
      return false;
    for (size_t d = 0; d < boxes[0].coords.size(); ++d)
      if (boxes[k].coords[d] - boxes[0].coords[d] !=
          int64_t(k) * (boxes[1].coords[d] - boxes[0].coords[d]))
        return false;
  }
  return true;
}

/// The instructions that copy `boxes` of a block at `blockCoords`: per round
/// of numWarps boxes (warp w issuing the round's box w), one instruction
/// whose box is base + w * step when the round's boxes are evenly spaced,
/// else one per box.
SmallVector<BoxCopy> planBoxCopies(OpBuilder &b, Location loc,
                                   const BoxIssuers &issuers,
                                   ArrayRef<TMABox> boxes,
                                   ValueRange blockCoords,
                                   int64_t elementBytes) {
  SmallVector<BoxCopy> copies;
  for (size_t first = 0; first < boxes.size(); first += issuers.numWarps) {
    ArrayRef<TMABox> round = boxes.slice(
        first, std::min<size_t>(issuers.numWarps, boxes.size() - first));
    if (round.size() == 1 || !isEvenlySpaced(round)) {
      for (auto [k, box] : llvm::enumerate(round))
        copies.push_back({issuers.issues(b, loc, first + k),
                          createI32Constant(b, loc, box.offset * elementBytes),
                          boxCoords(b, loc, blockCoords, box.coords)});
      continue;
    }
    Value warp = issuers.warp;
    auto stepped = [&](int64_t base, int64_t step) -> Value {
      Value value =
          LLVM::MulOp::create(b, loc, warp, createI32Constant(b, loc, step));
      return base ? LLVM::AddOp::create(b, loc, value,
                                        createI32Constant(b, loc, base))
                  : value;
    };
    BoxCopy copy;
    Value inRound =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, warp,
                             createI32Constant(b, loc, round.size()));
    copy.pred = LLVM::AndOp::create(b, loc, issuers.elected, inRound);
    copy.byteOffset =
        stepped(round[0].offset * elementBytes,
                (round[1].offset - round[0].offset) * elementBytes);
    for (unsigned dim = blockCoords.size(); dim-- > 0;) {
      int64_t step = round[1].coords[dim] - round[0].coords[dim];
      Value coord = blockCoords[dim];
      if (step != 0)
        coord = LLVM::AddOp::create(b, loc, coord,
                                    stepped(round[0].coords[dim], step));
      else if (round[0].coords[dim] != 0)
        coord = LLVM::AddOp::create(
            b, loc, coord, createI32Constant(b, loc, round[0].coords[dim]));
      copy.coords.push_back(coord);
    }
    copies.push_back(std::move(copy));
  }
  return copies;
}

Value gepBytes(OpBuilder &b, Location loc, Value base, Value bytes) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{bytes});
}

unsigned getNumWarps(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  return getModuleIntAttr(module, ttg::kNumWarpsAttrName, 4);
}

/// Whether a CTA bit's tile start is zero: the CTAs it tells apart hold
/// copies.
bool isCopyBasis(ArrayRef<int64_t> basis) {
  return llvm::all_of(basis, [](int64_t v) { return v == 0; });
}

/// `coords` moved to the calling CTA's tile: per CTA bit set in the
/// cluster rank, that bit's tile start (`blockBases`) added. Unchanged
/// outside clusters.
SmallVector<Value> tileCoords(OpBuilder &b, Location loc, ValueRange coords,
                              ArrayRef<SmallVector<int64_t>> blockBases,
                              const nvidia::TargetInfo &target) {
  SmallVector<Value> result(coords);
  if (llvm::all_of(blockBases, isCopyBasis))
    return result;
  Value rank = target.getClusterCTAId(b, loc);
  for (auto [bit, basis] : llvm::enumerate(blockBases)) {
    Value shifted =
        LLVM::LShrOp::create(b, loc, rank, createI32Constant(b, loc, bit));
    Value set =
        LLVM::AndOp::create(b, loc, shifted, createI32Constant(b, loc, 1));
    for (auto [dim, start] : llvm::enumerate(basis)) {
      if (start == 0)
        continue;
      Value offset =
          LLVM::MulOp::create(b, loc, set, createI32Constant(b, loc, start));
      result[dim] = LLVM::AddOp::create(b, loc, result[dim], offset);
    }
  }
  return result;
}

/// The instructions of a TMA copy of `op`'s descriptor block at `coords`
/// to or from (`direction`) a buffer of `memType`; a located error when TMA
/// cannot move it. In a cluster each CTA copies its tile; where
/// `refuseCopies`, a block the CTAs hold copies of is refused (each CTA
/// would apply it: a reduction would count it once per CTA).
FailureOr<SmallVector<BoxCopy>>
planTMACopy(Operation *op, RankedTensorType block, ttg::MemDescType memType,
            StringRef direction, ValueRange coords, OpBuilder &b,
            const nvidia::TargetInfo &target, bool refuseCopies = false) {
  std::string why;
  SmallVector<SmallVector<int64_t>> blockBases;
  FailureOr<SmallVector<TMABox>> boxes = planBoxes(
      block, memType, blockBases, why, ttng::isTMAMulticastModule(op));
  if (failed(boxes))
    return op->emitError() << "TMA copy " << direction
                           << " this buffer is not supported: " << why;
  if (refuseCopies && llvm::any_of(blockBases, isCopyBasis))
    return op->emitError()
           << "a TMA reduction from a buffer every CTA of the cluster holds a "
              "copy of is not supported yet";
  Location loc = op->getLoc();
  BoxIssuers issuers(b, loc, target, getNumWarps(op));
  return planBoxCopies(b, loc, issuers, *boxes,
                       tileCoords(b, loc, coords, blockBases, target),
                       block.getElementTypeBitWidth() / 8);
}

/// A multicast load (-triton-nvidia-gpu-tma-multicast marked it): its
/// instructions and the 16-bit mask of the CTAs each one writes.
struct MulticastCopy {
  SmallVector<BoxCopy> copies;
  Value ctaMask;
};

/// The instructions of a multicast load of `block` at `coords` into a buffer
/// of `memType` the CTAs hold copies of. The copy bits of the cluster rank
/// (CTA bits whose tile start is zero), packed, number the copies: copy c of
/// k issues share c of the tile's boxes (boxes [c n/k, (c+1) n/k)), which
/// every copy receives at the same buffer and mbarrier offsets (the mask:
/// the ranks that differ from the caller's in copy bits alone). The shares
/// must be one share moved by a constant step (in coordinates and in the
/// buffer); a located error otherwise.
FailureOr<MulticastCopy> planMulticastCopy(Operation *op,
                                           RankedTensorType block,
                                           ttg::MemDescType memType,
                                           ValueRange coords, OpBuilder &b,
                                           const nvidia::TargetInfo &target) {
  std::string why;
  SmallVector<SmallVector<int64_t>> blockBases;
  FailureOr<SmallVector<TMABox>> boxes =
      planBoxes(block, memType, blockBases, why, /*multicast=*/true);
  if (failed(boxes))
    return op->emitError() << "TMA copy into this buffer is not supported: "
                           << why;
  unsigned copyBits = 0;
  for (auto [bit, basis] : llvm::enumerate(blockBases))
    if (isCopyBasis(basis))
      copyBits |= 1u << bit;
  size_t numCopies = size_t(1) << llvm::popcount(copyBits);
  ArrayRef<TMABox> all = *boxes;
  if (copyBits == 0 || all.size() % numCopies != 0)
    return op->emitError() << "TMA multicast of a load into a buffer that "
                           << numCopies << " CTAs hold copies of, in "
                           << all.size()
                           << " boxes, is not supported yet (one share of "
                              "boxes per copy)";
  size_t share = all.size() / numCopies;
  TMABox step = all[0];
  if (numCopies > 1 && share < all.size()) {
    step.offset = all[share].offset - all[0].offset;
    for (size_t d = 0; d < step.coords.size(); ++d)
      step.coords[d] = all[share].coords[d] - all[0].coords[d];
  }
  for (size_t c = 0; c < numCopies; ++c)
    for (size_t j = 0; j < share; ++j) {
      const TMABox &box = all[c * share + j];
      bool moved = box.offset == all[j].offset + int64_t(c) * step.offset;
      for (auto [d, coord] : llvm::enumerate(box.coords))
        moved &= coord == all[j].coords[d] + int64_t(c) * step.coords[d];
      if (!moved)
        return op->emitError()
               << "TMA multicast of a load whose shares of boxes are not one "
                  "share moved by a constant step is not supported yet";
    }
  Location loc = op->getLoc();
  Value rank = target.getClusterCTAId(b, loc);
  auto i32 = [&](int64_t v) { return createI32Constant(b, loc, v); };
  // This CTA's copy number: its rank's copy bits, packed.
  Value index = i32(0);
  unsigned packed = 0;
  for (unsigned bit = 0; bit < 32; ++bit) {
    if (!(copyBits & (1u << bit)))
      continue;
    Value shifted = LLVM::LShrOp::create(b, loc, rank, i32(bit));
    Value one = i32(1);
    Value set = LLVM::AndOp::create(b, loc, shifted, one);
    Value placed = LLVM::ShlOp::create(b, loc, set, i32(packed++));
    index = LLVM::OrOp::create(b, loc, index, placed);
  }
  // The copies' ranks: the caller's with its copy bits cleared, plus every
  // combination of them; (sum of 1 << s) << that rank.
  uint32_t pattern = 0;
  for (unsigned s = copyBits;; s = (s - 1) & copyBits) {
    pattern |= 1u << s;
    if (s == 0)
      break;
  }
  Value first = LLVM::AndOp::create(b, loc, rank, i32(~int64_t(copyBits)));
  Value mask = LLVM::ShlOp::create(b, loc, i32(pattern), first);
  MulticastCopy result;
  result.ctaMask = LLVM::TruncOp::create(b, loc, b.getI16Type(), mask);
  SmallVector<Value> shareCoords =
      tileCoords(b, loc, coords, blockBases, target);
  for (size_t d = 0; d < shareCoords.size(); ++d)
    if (step.coords[d] != 0)
      shareCoords[d] = LLVM::AddOp::create(
          b, loc, shareCoords[d],
          LLVM::MulOp::create(b, loc, index, i32(step.coords[d])));
  int64_t elementBytes = block.getElementTypeBitWidth() / 8;
  BoxIssuers issuers(b, loc, target, getNumWarps(op));
  result.copies = planBoxCopies(b, loc, issuers, all.take_front(share),
                                shareCoords, elementBytes);
  if (step.offset != 0) {
    Value shift =
        LLVM::MulOp::create(b, loc, index, i32(step.offset * elementBytes));
    for (BoxCopy &copy : result.copies)
      copy.byteOffset = LLVM::AddOp::create(b, loc, copy.byteOffset, shift);
  }
  return result;
}

struct AsyncTMACopyGlobalToLocalOpPattern
    : ConvertOpToLLVMPattern<ttng::AsyncTMACopyGlobalToLocalOp> {
  AsyncTMACopyGlobalToLocalOpPattern(LLVMTypeConverter &converter,
                                     const nvidia::TargetInfo &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(ttng::AsyncTMACopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType block = op.getDesc().getType().getBlockType();
    ttg::MemDescType memType = op.getResult().getType();
    // A multicast load: this CTA's share of the boxes, to every copy.
    bool multicast = op->hasAttr(ttng::kTMAMulticastLoadAttrName);
    FailureOr<SmallVector<BoxCopy>> copies;
    Value ctaMask;
    if (multicast) {
      FailureOr<MulticastCopy> plan = planMulticastCopy(
          op, block, memType, adaptor.getCoord(), rewriter, target);
      if (failed(plan))
        return failure();
      copies = std::move(plan->copies);
      ctaMask = plan->ctaMask;
    } else {
      copies = planTMACopy(op, block, memType, "into", adaptor.getCoord(),
                           rewriter, target);
    }
    if (failed(copies))
      return failure();
    Value buffer =
        getBufferAddress(rewriter, loc, adaptor.getResult(), memType);
    Value barrier = getBarrierAddress(rewriter, loc, adaptor.getBarrier());
    unsigned rank = block.getRank();
    // The load's L2 eviction policy, as a cache-policy operand after the
    // barrier (3.6 drops it; it costs one createpolicy per copy).
    Value policy = nvidia::createL2Policy(rewriter, loc, op.getEvict());
    // Operands: predicate, buffer, descriptor, coordinates, barrier, then
    // the CTA mask (multicast) and the cache policy.
    unsigned next = 4 + rank;
    std::string maskOperand =
        multicast ? llvm::formatv(", ${0}", next++).str() : "";
    std::string policyOperand =
        policy ? llvm::formatv(", ${0}", next++).str() : "";
    std::string text =
        llvm::formatv("@$0 cp.async.bulk.tensor.{0}d.shared::cluster.global."
                      "mbarrier::complete_tx::bytes{3}{4} [$1], [$2, {1}], "
                      "[${2}]{5}{6};",
                      rank, coordOperands(3, rank), 3 + rank,
                      multicast ? ".multicast::cluster" : "",
                      policy ? ".L2::cache_hint" : "", maskOperand,
                      policyOperand)
            .str();
    std::string constraints = "b,r,l" + coordConstraints(rank) + ",r" +
                              (multicast ? ",h" : "") + (policy ? ",l" : "");
    for (BoxCopy &copy : *copies) {
      SmallVector<Value> operands{
          emitAnd(rewriter, loc, copy.pred, adaptor.getPred()),
          gepBytes(rewriter, loc, buffer, copy.byteOffset), adaptor.getDesc()};
      llvm::append_range(operands, copy.coords);
      operands.push_back(barrier);
      if (multicast)
        operands.push_back(ctaMask);
      if (policy)
        operands.push_back(policy);
      emitPtx(rewriter, loc, operands, text, constraints);
    }
    rewriter.eraseOp(op);
    return success();
  }
  const nvidia::TargetInfo &target;
};

/// A buffer to a descriptor's block through TMA: stored
/// (`cp.async.bulk.tensor`, `reduction` empty) or combined into it
/// (`cp.reduce.async.bulk.tensor` with the reduction's PTX name), one bulk
/// group per thread.
template <typename OpT>
LogicalResult emitTMAStoreOrReduce(OpT op, Value desc, ValueRange coord,
                                   Value src, StringRef reduction,
                                   ConversionPatternRewriter &rewriter,
                                   const nvidia::TargetInfo &target) {
  Location loc = op.getLoc();
  RankedTensorType block = op.getDesc().getType().getBlockType();
  ttg::MemDescType memType = op.getSrc().getType();
  FailureOr<SmallVector<BoxCopy>> copies =
      planTMACopy(op, block, memType, "from", coord, rewriter, target,
                  /*refuseCopies=*/!reduction.empty());
  if (failed(copies))
    return failure();
  Value buffer = getBufferAddress(rewriter, loc, src, memType);
  unsigned rank = block.getRank();
  std::string instruction =
      reduction.empty()
          ? llvm::formatv("cp.async.bulk.tensor.{0}d.global.shared::cta", rank)
                .str()
          : llvm::formatv(
                "cp.reduce.async.bulk.tensor.{0}d.global.shared::cta.{1}."
                "tile",
                rank, reduction)
                .str();
  std::string text =
      llvm::formatv("@$0 {0}.bulk_group [$1, {1}], [${2}];", instruction,
                    coordOperands(2, rank), 2 + rank)
          .str();
  std::string constraints = "b,l" + coordConstraints(rank) + ",r";
  for (BoxCopy &copy : *copies) {
    SmallVector<Value> operands{copy.pred, desc};
    llvm::append_range(operands, copy.coords);
    operands.push_back(gepBytes(rewriter, loc, buffer, copy.byteOffset));
    emitPtx(rewriter, loc, operands, text, constraints);
  }
  // Threads that issued nothing commit an empty group.
  NVVM::CpAsyncBulkCommitGroupOp::create(rewriter, loc);
  rewriter.eraseOp(op);
  return success();
}

struct AsyncTMACopyLocalToGlobalOpPattern
    : ConvertOpToLLVMPattern<ttng::AsyncTMACopyLocalToGlobalOp> {
  AsyncTMACopyLocalToGlobalOpPattern(LLVMTypeConverter &converter,
                                     const nvidia::TargetInfo &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(ttng::AsyncTMACopyLocalToGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return emitTMAStoreOrReduce(op, adaptor.getDesc(), adaptor.getCoord(),
                                adaptor.getSrc(), "", rewriter, target);
  }
  const nvidia::TargetInfo &target;
};

/// ttng.async_tma_reduce: the PTX reduction of its kind (floats take add,
/// min and max; the bitwise kinds and inc/dec need integers).
struct AsyncTMAReduceOpPattern
    : ConvertOpToLLVMPattern<ttng::AsyncTMAReduceOp> {
  AsyncTMAReduceOpPattern(LLVMTypeConverter &converter,
                          const nvidia::TargetInfo &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(ttng::AsyncTMAReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    using K = DescriptorReduceKind;
    Type element = op.getSrc().getType().getElementType();
    K kind = op.getKind();
    if (isa<FloatType>(element) && kind != K::ADD && kind != K::MIN &&
        kind != K::MAX)
      return op.emitError()
             << "ttng.async_tma_reduce " << stringifyDescriptorReduceKind(kind)
             << " of " << element
             << " is not supported yet by the LLVM lowering";
    // The kinds print as PTX names them (add, min, max, inc, dec, and, or,
    // xor).
    return emitTMAStoreOrReduce(
        op, adaptor.getDesc(), adaptor.getCoord(), adaptor.getSrc(),
        stringifyDescriptorReduceKind(kind), rewriter, target);
  }

  const nvidia::TargetInfo &target;
};

struct TMAStoreWaitOpPattern : ConvertOpToLLVMPattern<ttng::TMAStoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::TMAStoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Waits until the shared memory of all but `pendings` groups has been
    // read (the buffers may be written again; the global writes may still
    // be in flight).
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkWaitGroupOp>(
        op, op.getPendings(), rewriter.getUnitAttr());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// TMA descriptors
//===----------------------------------------------------------------------===//

struct TensormapCreateOpPattern
    : ConvertOpToLLVMPattern<ttng::TensormapCreateOp> {
  TensormapCreateOpPattern(LLVMTypeConverter &converter,
                           const nvidia::TargetInfo &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(ttng::TensormapCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<int64_t> offset = getAllocationOffset(op);
    if (!offset)
      return op.emitError("ttng.tensormap_create without shared scratch: run "
                          "-allocate-shared-memory first");
    unsigned rank = op.getBoxDim().size();
    if (rank < 1 || rank > 5 || op.getGlobalDim().size() != rank ||
        op.getElementStride().size() != rank ||
        op.getGlobalStride().size() + 1 != rank)
      return op.emitError(
          "ttng.tensormap_create needs 1 to 5 dimensions, each with a box, "
          "global and element size, and a stride for all but the innermost");
    Value smem = getSharedMemoryBase(rewriter, loc, *offset);
    Value tid = target.getThreadId(rewriter, loc);
    Value inWarpZero =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult, tid,
                             createI32Constant(rewriter, loc, 32));
    Value isThreadZero = emitEq(rewriter, loc, tid, 0);
    // Warp 0 zeroes the 128 bytes, thread 0 writes the fields.
    Value word =
        LLVM::GEPOp::create(rewriter, loc, smem.getType(),
                            rewriter.getI32Type(), smem, ValueRange{tid});
    emitPtx(rewriter, loc, {inWarpZero, word}, "@$0 st.shared.b32 [$1], 0;",
            "b,r");
    NVVM::SyncWarpOp::create(rewriter, loc,
                             createI32Constant(rewriter, loc, -1));
    // One tensormap.replace of `field` (its dimension `ord`, if any) to
    // `value`, by thread 0; the descriptor is $0, the predicate last.
    auto replace = [&](StringRef field, std::optional<unsigned> ord,
                       Value value) {
      bool wide = value.getType().getIntOrFloatBitWidth() == 64;
      std::string ordText = ord ? immediate(*ord) + ", " : "";
      emitPtx(rewriter, loc, {smem, value, isThreadZero},
              llvm::formatv("@$2 tensormap.replace.tile.{0}.shared::cta.b1024."
                            "{1} {2}, {3}$1;",
                            field, wide ? "b64" : "b32", addressOperand(0),
                            ordText)
                  .str(),
              wide ? "r,l,b" : "r,r,b");
    };
    // The layout fields take immediates only.
    auto replaceImmediate = [&](StringRef field, int64_t value) {
      emitPtx(rewriter, loc, {smem, isThreadZero},
              llvm::formatv("@$1 tensormap.replace.tile.{0}.shared::cta.b1024."
                            "b32 {1}, {2};",
                            field, addressOperand(0), immediate(value))
                  .str(),
              "r,b");
    };
    Value address = adaptor.getGlobalAddress();
    replace("global_address", std::nullopt,
            LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                     address));
    replaceImmediate("rank", rank - 1);
    for (unsigned i = 0; i < rank; ++i)
      replace("box_dim", i, adaptor.getBoxDim()[i]);
    for (unsigned i = 0; i < rank; ++i)
      replace("global_dim", i, adaptor.getGlobalDim()[i]);
    for (unsigned i = 0; i + 1 < rank; ++i) {
      Value stride = adaptor.getGlobalStride()[i];
      // Up to PTX 8.5 the stride goes in shifted right by 4 (its 16-byte
      // units in the descriptor): a ptxas bug Triton 3.6 works around so.
      if (target.getPtxVersion() <= 85)
        stride = LLVM::AShrOp::create(
            rewriter, loc, stride,
            LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                     rewriter.getI64IntegerAttr(4)));
      replace("global_stride", i, stride);
    }
    for (unsigned i = 0; i < rank; ++i)
      replace("element_stride", i, adaptor.getElementStride()[i]);
    // `elem_type` is already PTX's numbering (getTMADataType).
    replaceImmediate("elemtype", op.getElemType());
    replaceImmediate("interleave_layout", op.getInterleaveLayout());
    replaceImmediate("swizzle_mode", op.getSwizzleMode());
    replaceImmediate("fill_mode", op.getFillMode());
    NVVM::SyncWarpOp::create(rewriter, loc,
                             createI32Constant(rewriter, loc, -1));
    // The copy to global memory is warp-collective (.sync.aligned): warp 0.
    // No CTA barrier: warp 0 also acquires the descriptor (below), and the
    // membar analysis orders the scratch against other shared accesses.
    emitPtx(rewriter, loc, {adaptor.getDescPtr(), smem, inWarpZero},
            "@$2 tensormap.cp_fenceproxy.global.shared::cta.tensormap::"
            "generic.release.gpu.sync.aligned " +
                addressOperand(0) + ", " + addressOperand(1) + ", " +
                immediate(128) + ";",
            "l,r,b");
    rewriter.eraseOp(op);
    return success();
  }
  const nvidia::TargetInfo &target;
};

/// Warp 0 acquires the descriptor for the tensormap proxy, then a CTA
/// barrier lets every warp issue TMA copies through it (one warp's fence and
/// a barrier cost less than a fence in every warp). The empty bulk group
/// committed and waited on after the fence works around a ptxas bug that
/// leaves out the fence after generic.acquire.gpu (Triton 3.6 does the same).
struct TensormapFenceproxyAcquireOpPattern
    : ConvertOpToLLVMPattern<ttng::TensormapFenceproxyAcquireOp> {
  TensormapFenceproxyAcquireOpPattern(LLVMTypeConverter &converter,
                                      const nvidia::TargetInfo &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}
  LogicalResult
  matchAndRewrite(ttng::TensormapFenceproxyAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value warpSize = createI32Constant(rewriter, loc, 32);
    Value inWarpZero =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ult,
                             target.getThreadId(rewriter, loc), warpSize);
    emitPtx(rewriter, loc, {adaptor.getDescPtr(), inWarpZero},
            "@$1 fence.proxy.tensormap::generic.acquire.gpu " +
                addressOperand(0) + ", " + immediate(128) +
                ";\n\t"
                "@$1 cp.async.bulk.commit_group;\n\t"
                "@$1 cp.async.bulk.wait_group.read 0;",
            "l,b");
    target.barrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
  const nvidia::TargetInfo &target;
};

struct ReinterpretTensorDescOpPattern
    : ConvertOpToLLVMPattern<ttng::ReinterpretTensorDescOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::ReinterpretTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type generic = LLVM::LLVMPointerType::get(getContext());
    Value raw = adaptor.getRawDesc();
    if (raw.getType() != generic)
      raw = LLVM::AddrSpaceCastOp::create(rewriter, op.getLoc(), generic, raw);
    rewriter.replaceOp(op, raw);
    return success();
  }
};

} // namespace

void mlir::triton::nvidia::populateTMAOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const nvidia::TargetInfo &target) {
  patterns.add<InitBarrierOpPattern, InvalBarrierOpPattern,
               BarrierExpectOpPattern, ArriveBarrierOpPattern,
               WaitBarrierOpPattern, AsyncTMACopyGlobalToLocalOpPattern,
               AsyncTMACopyLocalToGlobalOpPattern, AsyncTMAReduceOpPattern,
               TensormapCreateOpPattern, TensormapFenceproxyAcquireOpPattern>(
      converter, target);
  patterns.add<TMAStoreWaitOpPattern, ReinterpretTensorDescOpPattern,
               AsyncCopyMbarrierArriveOpPattern>(converter);
}
