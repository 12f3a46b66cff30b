//===- WGMMADotOpToLLVM.cpp - ttng.warp_group_dot on wgmma (MMA v3) -------===//
//
// A warp-group dot in an #ttg.nvidia_mma version 3 layout issues, per
// warpgroup (4 warps), one `nvg.wgmma` per 64 x N accumulator tile
// (N the layout's instrShape[1]) and K step (instrShape[2]): A comes from
// shared memory through a matrix descriptor (WGMMADescriptor.h) or from
// registers, B from shared memory. The accumulator registers of a tile are
// the instruction's D fragment: d[i] at row 8 * (i / 2 % 2) + lane / 4 (+ 16
// per warp) and column (i % 2) + 2 * (lane % 4) + 8 * (i / 4), which is the
// order the v3 linear layout gives its registers; they are gathered by
// their constant coordinates, so repetitions over M and N (registers) and
// warpgroups (warps, whose offsets go into the descriptors) come out alike.
// The nvg ops are written as inline PTX by -convert-nv-gpu-to-llvm (Triton
// 3.6's split); there the accumulators are in/out operands of the asm, so
// nothing reads them before the asm that produces them. One wgmma.fence
// comes before the
// instructions and one commit_group after; a synchronous dot then waits for
// its group at once.
//
// fp8 dots into f32 with maxNumImpreciseAcc at or below K (Triton 3.6's
// split accumulation) sum chunks of K steps into a partial accumulator
// started from zero, wait for them, and add each chunk's partial sum to the
// accumulator with fp32 adds; such a dot is complete when it returns.
//
// ttng.warp_group_dot_wait is one `nvg.wgmma_wait_group` on a struct of
// its tensor operands' registers (an inline asm whose outputs are tied to
// its inputs once lowered): uses of the results cannot move above the wait.
// ttng.fence_async_shared is `fence.proxy.async.shared::{cta,cluster}`.
//
//===----------------------------------------------------------------------===//

#include "dialects/NVGPU/IR/Dialect.h"
#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/CTATiles.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/WGMMADescriptor.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;
namespace ttn = mlir::triton::nvgpu;
using ttg::LinearLayout;

namespace {

constexpr int64_t kTileM = 64; // rows of one warpgroup's instruction

/// The wgmma flavour of an element-type combination.
struct WgmmaKind {
  ttn::WGMMAEltType a, b, c; // the PTX kinds: .c.a.b
  int64_t instrK;
  bool transposable;    // 16-bit inputs: operands may be MN-major
  bool scaleImmediates; // imm-scale-a/b (all but integer inputs)
  bool packedF16;       // f16 accumulators travel as f16x2 registers
};

std::optional<std::string> getWgmmaTypeName(Type type,
                                            ttng::WarpGroupDotOp op) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return op.getInputPrecision() == InputPrecision::TF32
               ? std::optional<std::string>("tf32")
               : std::nullopt;
  if (isa<Float8E4M3FNType>(type))
    return "e4m3";
  if (isa<Float8E5M2Type>(type))
    return "e5m2";
  if (type.isInteger(8))
    return "s8";
  return std::nullopt;
}

FailureOr<WgmmaKind> getWgmmaKind(ttng::WarpGroupDotOp op, Type a, Type b,
                                  Type acc) {
  std::optional<std::string> aName = getWgmmaTypeName(a, op),
                             bName = getWgmmaTypeName(b, op);
  auto unsupported = [&]() {
    return op.emitError() << "ttng.warp_group_dot of " << a << " and " << b
                          << " into " << acc
                          << (a.isF32() ? " (input precision other than tf32)"
                                        : "")
                          << " is not supported by wgmma";
  };
  if (!aName || !bName)
    return unsupported();
  bool fp8 = a.getIntOrFloatBitWidth() == 8 && !a.isInteger(8);
  // Only the two fp8 formats mix; every other kind takes one type for both.
  if (*aName != *bName && !(fp8 && !b.isInteger(8)))
    return unsupported();
  WgmmaKind kind;
  unsigned bits = a.getIntOrFloatBitWidth();
  kind.instrK = 256 / bits;
  kind.transposable = bits == 16;
  kind.scaleImmediates = !a.isInteger(8);
  kind.packedF16 = acc.isF16();
  std::string accName;
  if (acc.isF32() && !a.isInteger(8))
    accName = "f32";
  else if (acc.isF16() && (a.isF16() || fp8))
    accName = "f16";
  else if (acc.isInteger(32) && a.isInteger(8))
    accName = "s32";
  else
    return unsupported();
  kind.a = *ttn::symbolizeWGMMAEltType(*aName);
  kind.b = *ttn::symbolizeWGMMAEltType(*bName);
  kind.c = *ttn::symbolizeWGMMAEltType(accName);
  return kind;
}

/// The basis vectors of `layout`'s input dimension `dim`, as (row, column).
SmallVector<std::array<int32_t, 2>> getBases2D(const LinearLayout &layout,
                                               StringRef dim) {
  SmallVector<std::array<int32_t, 2>> bases;
  for (const LinearLayout::Basis &basis : layout.getBases(dim))
    bases.push_back({basis[0], basis[1]});
  return bases;
}

/// Whether the first bases of `actual` are `expected`.
bool startsWith(ArrayRef<std::array<int32_t, 2>> actual,
                ArrayRef<std::array<int32_t, 2>> expected) {
  return actual.size() >= expected.size() &&
         llvm::equal(actual.take_front(expected.size()), expected);
}

/// One 64 x N accumulator tile of the calling warpgroup: its origin among
/// the registers' constant coordinates and its registers in D-fragment order.
struct AccumulatorTile {
  int32_t row, col;
  SmallVector<int> registers;
};

/// The registers of an operand in registers by their constant (row, K).
using RegisterIndex = std::map<std::pair<int32_t, int32_t>, int>;

Value packI32(OpBuilder &b, Location loc, ArrayRef<Value> elements) {
  if (elements.size() == 1)
    return LLVM::BitcastOp::create(b, loc, b.getI32Type(), elements[0]);
  auto vectorType =
      VectorType::get({int64_t(elements.size())}, elements[0].getType());
  Value vector = LLVM::UndefOp::create(b, loc, vectorType);
  for (auto [i, element] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(b, loc, vector, element,
                                           createI32Constant(b, loc, i));
  return LLVM::BitcastOp::create(b, loc, b.getI32Type(), vector);
}

SmallVector<Value> unpackI32(OpBuilder &b, Location loc, Value word,
                             Type elementType, unsigned count) {
  if (count == 1)
    return {LLVM::BitcastOp::create(b, loc, elementType, word)};
  Value vector = LLVM::BitcastOp::create(
      b, loc, VectorType::get({int64_t(count)}, elementType), word);
  SmallVector<Value> elements;
  for (unsigned i = 0; i < count; ++i)
    elements.push_back(LLVM::ExtractElementOp::create(
        b, loc, vector, createI32Constant(b, loc, i)));
  return elements;
}

/// `values` as the fields of a `type` struct.
Value packStruct(OpBuilder &b, Location loc, LLVM::LLVMStructType type,
                 ArrayRef<Value> values) {
  Value packed = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, value] : llvm::enumerate(values))
    packed = LLVM::InsertValueOp::create(b, loc, packed, value, i);
  return packed;
}

/// `nvg.wgmma_wait_group pendings` with `values` flowing through it (each
/// register an output of the wait tied to its input once
/// -convert-nv-gpu-to-llvm writes it); returns the values after the wait.
/// Consecutive 16-bit floats go through as one 32-bit register: an f16
/// accumulator's halves, unpacked from the wgmma's registers before the
/// wait, are then packed back into those same registers (LLVM folds the
/// pair away), so nothing reads them before the wait; read one by one they
/// make ptxas wait early and serialize the wgmmas (C7517, C7514).
SmallVector<Value> emitWaitGroup(OpBuilder &b, Location loc, int pendings,
                                 ArrayRef<Value> values) {
  if (values.empty()) {
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, pendings);
    return {};
  }
  // Registers as the wait's struct holds them: f32, f64 and integers of 16
  // bits or more as they are, narrower ones widened, 16-bit float pairs as
  // i32, single ones as i16, pointers as i64. `groups` holds the first value
  // of each register and how many values it carries.
  Type i16 = b.getI16Type(), i64 = b.getI64Type();
  SmallVector<Value> operands;
  SmallVector<Type> types;
  SmallVector<std::pair<size_t, unsigned>> groups;
  auto isHalfFloat = [](Type type) {
    return isa<FloatType>(type) && type.getIntOrFloatBitWidth() == 16;
  };
  for (size_t i = 0; i < values.size();) {
    Value value = values[i];
    Type type = value.getType();
    Value operand = value;
    unsigned count = 1;
    if (isHalfFloat(type) && i + 1 < values.size() &&
        values[i + 1].getType() == type) {
      operand = packI32(b, loc, {value, values[i + 1]});
      count = 2;
    } else if (isa<LLVM::LLVMPointerType>(type)) {
      operand = LLVM::PtrToIntOp::create(b, loc, i64, value);
    } else if (isa<FloatType>(type) && !type.isF32() && !type.isF64()) {
      operand = LLVM::BitcastOp::create(
          b, loc, b.getIntegerType(type.getIntOrFloatBitWidth()), value);
    }
    if (operand.getType().getIntOrFloatBitWidth() < 16)
      operand = LLVM::ZExtOp::create(b, loc, i16, operand);
    operands.push_back(operand);
    types.push_back(operand.getType());
    groups.push_back({i, count});
    i += count;
  }
  auto structType = LLVM::LLVMStructType::getLiteral(b.getContext(), types);
  Value waited = ttn::WGMMAWaitGroupOp::create(
      b, loc, packStruct(b, loc, structType, operands), pendings);
  SmallVector<Value> results;
  for (auto [index, group] : llvm::enumerate(groups)) {
    Value result = LLVM::ExtractValueOp::create(b, loc, waited, index);
    Type type = values[group.first].getType();
    if (group.second == 2) {
      llvm::append_range(results, unpackI32(b, loc, result, type, 2));
      continue;
    }
    if (isa<LLVM::LLVMPointerType>(type))
      result = LLVM::IntToPtrOp::create(b, loc, type, result);
    else if (result.getType() != type) {
      unsigned bits = type.getIntOrFloatBitWidth();
      if (bits < 16)
        result = LLVM::TruncOp::create(b, loc, b.getIntegerType(bits), result);
      if (isa<FloatType>(type))
        result = LLVM::BitcastOp::create(b, loc, type, result);
    }
    results.push_back(result);
  }
  return results;
}

/// A shared-memory operand: its descriptors and the run-time part of their
/// start address (the buffer's address plus warpgroup and view offsets,
/// >> 4, an i32 to add the constant part to).
struct SharedOperand {
  nvidia::WgmmaOperandDescriptors descriptors;
  Value dynamicStart;

  /// The descriptor's low word is the run-time start plus the constant
  /// part's low word: the sum of the two starts is an address in shared
  /// memory (below 256 KiB) >> 4, so nothing carries out of the 14-bit
  /// field. The high word is a constant; the two are paired by a `mov.b64`
  /// LLVM cannot turn back into a 64-bit add, which costs ptxas two
  /// constant moves and a 64-bit add per descriptor instead of one add.
  Value getDescriptor(OpBuilder &b, Location loc, unsigned tile) const {
    uint64_t fixed =
        descriptors.fixedBits | uint64_t(descriptors.startBytes[tile] >> 4);
    Value low = dynamicStart;
    if (uint32_t fixedLow = uint32_t(fixed))
      low = LLVM::AddOp::create(b, loc, low,
                                createI32Constant(b, loc, int32_t(fixedLow)));
    Value high = createI32Constant(b, loc, int32_t(uint32_t(fixed >> 32)));
    auto pair = LLVM::InlineAsmOp::create(
        b, loc, b.getI64Type(), ValueRange{low, high}, "mov.b64 $0, {$1, $2};",
        "=l,r,r",
        /*has_side_effects=*/false, /*is_align_stack=*/false,
        LLVM::TailCallKind::None,
        LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
        b.getArrayAttr({}));
    return pair.getResult(0);
  }
};

struct WarpGroupDotOpPattern : ConvertOpToLLVMPattern<ttng::WarpGroupDotOp> {
  WarpGroupDotOpPattern(TritonGPUToLLVMTypeConverter &converter,
                        const TargetInfoBase &target, int computeCapability)
      : ConvertOpToLLVMPattern(converter), target(target),
        computeCapability(computeCapability) {}

  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (computeCapability != 90)
      return op.emitError()
             << "ttng.warp_group_dot needs wgmma (compute capability 90), not "
             << computeCapability;
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding());
    if (!mma || mma.getVersionMajor() != 3)
      return op.emitError(
          "ttng.warp_group_dot with an accumulator outside an MMA version 3 "
          "layout is not supported yet by the LLVM lowering");
    Type aElem = getElementTypeOfOperand(op.getA().getType());
    Type bElem = op.getB().getType().getElementType();
    Type accElem = dType.getElementType();
    FailureOr<WgmmaKind> kind = getWgmmaKind(op, aElem, bElem, accElem);
    if (failed(kind))
      return failure();
    ArrayRef<unsigned> instr = mma.getInstrShape();
    if (instr.size() != 3 || instr[0] != 16 || instr[2] != kind->instrK ||
        instr[1] % 8 != 0 || instr[1] < 8 || instr[1] > 256 ||
        (aElem.isInteger(8) && instr[1] > 32 && instr[1] % 16))
      return op.emitError()
             << "ttng.warp_group_dot with instrShape [" << instr
             << "], not a wgmma shape for " << aElem << ", is not supported";
    int64_t instrN = instr[1], instrK = instr[2];
    int64_t k = dType.getShape().size() == 2
                    ? getShapeOfOperand(op.getA().getType())[1]
                    : 0;
    if (dType.getShape().size() != 2 || k % instrK != 0)
      return op.emitError() << "ttng.warp_group_dot with K = " << k
                            << ", not a multiple of the instruction's "
                            << instrK << ", is not supported";
    // fp8 products summed into an f32 accumulator lose precision inside
    // the tensor core; with maxNumImpreciseAcc at or below K they are summed
    // in chunks of K steps instead, each chunk's sum added to the
    // accumulator with fp32 adds (see getChunkSteps).
    bool fp8 = aElem.getIntOrFloatBitWidth() == 8 && !aElem.isInteger(8);
    int64_t kSteps = k / instrK;
    int64_t chunkSteps = kSteps;
    bool splitAccumulation =
        fp8 && accElem.isF32() && op.getMaxNumImpreciseAcc() <= k;
    if (splitAccumulation)
      chunkSteps = getChunkSteps(op.getMaxNumImpreciseAcc(), instrK);

    // The accumulator: lanes and the warps of a warpgroup as in the D fragment.
    std::optional<LinearLayout> dLayout = getDistributedLayout(dType);
    if (!dLayout)
      return op.emitError(
          "ttng.warp_group_dot accumulator without a linear layout is not "
          "supported yet by the LLVM lowering");
    // In a cluster each CTA computes its tile of D, from the rows of A and
    // the columns of B of that tile, which must be in its own shared memory
    // (tiles of A along M, of B along N, copies along K).
    std::vector<LinearLayout::Basis> aBlocks, bBlocks;
    if (dLayout->hasInDim("block") && dLayout->getInDimSize("block") != 1) {
      std::string reason;
      std::optional<SmallVector<int64_t>> tile =
          ttg::getCTATileShape(*dLayout, reason);
      if (!tile || !ttg::getCTATileLayout(*dLayout, *tile, reason))
        return op.emitError()
               << "ttng.warp_group_dot with an accumulator in " << reason
               << " is not supported yet by the LLVM lowering";
      for (const LinearLayout::Basis &basis : dLayout->getBases("block")) {
        aBlocks.push_back({basis[0], 0});
        bBlocks.push_back({0, basis[1]});
      }
    }
    auto laneBases = getBases2D(*dLayout, "lane");
    auto warpBases = getBases2D(*dLayout, "warp");
    if (!startsWith(laneBases, {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}) ||
        !startsWith(warpBases, {{16, 0}, {32, 0}}))
      return op.emitError(
          "ttng.warp_group_dot needs whole warpgroups (4 warps along M) "
          "holding the wgmma accumulator fragment");
    SmallVector<std::array<int32_t, 2>> groupBases(warpBases.begin() + 2,
                                                   warpBases.end());
    for (auto [row, col] : groupBases)
      if (row % kTileM != 0 || col % instrN != 0)
        return op.emitError(
            "ttng.warp_group_dot with warpgroups that do not start whole "
            "64 x N tiles is not supported yet by the LLVM lowering");
    FailureOr<SmallVector<AccumulatorTile>> tiles =
        getAccumulatorTiles(op, *dLayout, instrN);
    if (failed(tiles))
      return failure();

    Location loc = op.getLoc();
    // The warpgroup from the uniform warp id: the descriptors' start
    // addresses depend on it, and ptxas keeps them in uniform registers only
    // if it can tell; from tid / 128 it built them in vector registers and
    // moved each into a uniform one per wgmma (R2UR), 6.5 M of them in a
    // 16-warp attention.
    Value two = createI32Constant(rewriter, loc, 2);
    Value warpGroup = LLVM::LShrOp::create(
        rewriter, loc, getUniformWarpId(rewriter, loc, target), two);

    // Operand tiles: A per M tile and K step, B per N tile and K step.
    SmallVector<int32_t> rowTiles, colTiles;
    for (const AccumulatorTile &tile : *tiles) {
      if (!llvm::is_contained(rowTiles, tile.row))
        rowTiles.push_back(tile.row);
      if (!llvm::is_contained(colTiles, tile.col))
        colTiles.push_back(tile.col);
    }
    auto origins = [&](ArrayRef<int32_t> bases) {
      SmallVector<std::array<int64_t, 2>> result;
      for (int32_t base : bases)
        for (int64_t step = 0; step < kSteps; ++step)
          result.push_back({base, step * instrK});
      return result;
    };
    SmallVector<int32_t> rowOffsets, colOffsets;
    for (auto [row, col] : groupBases) {
      rowOffsets.push_back(row);
      colOffsets.push_back(col);
    }

    std::optional<SharedOperand> aShared;
    std::optional<RegisterIndex> aRegisters;
    SmallVector<Value> aValues;
    if (auto aMem = dyn_cast<ttg::MemDescType>(op.getA().getType())) {
      FailureOr<SharedOperand> operand = planSharedOperand(
          op, "A", aMem, adaptor.getA(), /*isB=*/false, kTileM, instrK,
          origins(rowTiles), rowOffsets, aBlocks, warpGroup, *kind, rewriter);
      if (failed(operand))
        return failure();
      aShared = *operand;
    } else {
      FailureOr<RegisterIndex> index = indexRegisterOperand(
          op, cast<RankedTensorType>(op.getA().getType()), groupBases, *kind);
      if (failed(index))
        return failure();
      aRegisters = *index;
      aValues = unpackLLElements(loc, adaptor.getA(), rewriter);
    }
    FailureOr<SharedOperand> bShared =
        planSharedOperand(op, "B", op.getB().getType(), adaptor.getB(),
                          /*isB=*/true, instrN, instrK, origins(colTiles),
                          colOffsets, bBlocks, warpGroup, *kind, rewriter);
    if (failed(bShared))
      return failure();

    SmallVector<Value> acc = unpackLLElements(loc, adaptor.getC(), rewriter);
    Value useC = adaptor.getUseC() ? adaptor.getUseC()
                                   : createI1Constant(rewriter, loc, true);
    Value alwaysC = createI1Constant(rewriter, loc, true);
    Value neverC = createI1Constant(rewriter, loc, false);
    // A fragments in registers, packed before the wgmma.fence that precedes
    // their wgmmas: a register a wgmma reads that is written after the fence
    // makes ptxas insert a warpgroup.arrive before that wgmma (C7519),
    // serializing the group.
    std::map<std::pair<int32_t, int64_t>, SmallVector<Value>> aFragments;
    auto packAFragments = [&](int64_t begin, int64_t end) -> LogicalResult {
      if (aShared)
        return success();
      for (int32_t row : rowTiles)
        for (int64_t step = begin; step < end; ++step) {
          FailureOr<SmallVector<Value>> regs =
              gatherRegisterFragment(op, rewriter, *aRegisters, aValues, row,
                                     step * instrK, instrK, aElem);
          if (failed(regs))
            return failure();
          aFragments[{row, step}] = *regs;
        }
      return success();
    };
    // The wgmmas of K steps [begin, end) of one tile into `fragment`, the
    // first scaling its input by `firstScale`.
    auto issueSteps = [&](const AccumulatorTile &tile,
                          SmallVector<Value> fragment, int64_t begin,
                          int64_t end,
                          Value firstScale) -> FailureOr<SmallVector<Value>> {
      unsigned rowTile = llvm::find(rowTiles, tile.row) - rowTiles.begin();
      unsigned colTile = llvm::find(colTiles, tile.col) - colTiles.begin();
      for (int64_t step = begin; step < end; ++step) {
        SmallVector<Value> aOperands;
        if (aShared)
          aOperands.push_back(
              aShared->getDescriptor(rewriter, loc, rowTile * kSteps + step));
        else
          aOperands = aFragments.at({tile.row, step});
        Value bDescriptor =
            bShared->getDescriptor(rewriter, loc, colTile * kSteps + step);
        bool aMnMajor = aShared && aShared->descriptors.mnMajor;
        fragment =
            emitWgmma(rewriter, loc, *kind, instrN, instrK, fragment, aOperands,
                      bDescriptor, step == begin ? firstScale : alwaysC,
                      aMnMajor, bShared->descriptors.mnMajor, accElem);
      }
      return fragment;
    };
    if (!splitAccumulation) {
      if (failed(packAFragments(0, kSteps)))
        return failure();
      // A zero accumulator is not read: the first K step does not scale its
      // input in (scale-d false), so no register is zeroed for it, between
      // the fence and the wgmma or anywhere.
      bool zeroC = isZeroConstant(op.getC());
      auto start = [&](const AccumulatorTile &tile) {
        if (!zeroC)
          return packAccumulator(rewriter, loc, acc, tile, *kind);
        Type reg = kind->packedF16 ? Type(rewriter.getI32Type()) : accElem;
        int64_t count =
            kind->packedF16 ? tile.registers.size() / 2 : tile.registers.size();
        return SmallVector<Value>(count,
                                  LLVM::UndefOp::create(rewriter, loc, reg));
      };
      // Every tile's input registers are packed (f16 pairs) before the
      // fence too, for the same reason as A's.
      SmallVector<SmallVector<Value>> starts;
      for (const AccumulatorTile &tile : *tiles)
        starts.push_back(start(tile));
      NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
      for (auto [tile, input] : llvm::zip(*tiles, starts)) {
        FailureOr<SmallVector<Value>> fragment =
            issueSteps(tile, input, 0, kSteps, zeroC ? neverC : useC);
        if (failed(fragment))
          return failure();
        unpackAccumulator(rewriter, loc, *fragment, acc, tile, *kind, accElem);
      }
      NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
      if (!op.getIsAsync())
        acc = emitWaitGroup(rewriter, loc, 0, acc);
    } else {
      // Tile by tile, chunk by chunk (the chunks' order fixes how the fp32
      // sums round; this one gives Triton 3.6's bits): the chunk's
      // wgmmas into a partial accumulator that its first wgmma starts from
      // zero (scale-d false), one group, a wait for it (the partial
      // registers tied through it, as they are read next), then acc +=
      // partial in fp32. One tile's partial is live at a time: all tiles'
      // at once (64 x 128 fp32 each) spilled beside the accumulator. The
      // first chunk adds to the input accumulator only where useC holds.
      // The dot is complete on return: an asynchronous one has nothing
      // left to wait for.
      if (failed(packAFragments(0, kSteps)))
        return failure();
      Type f32 = rewriter.getF32Type();
      for (const AccumulatorTile &tile : *tiles) {
        for (int64_t begin = 0; begin < kSteps; begin += chunkSteps) {
          int64_t end = std::min(kSteps, begin + chunkSteps);
          NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
          SmallVector<Value> start(tile.registers.size(),
                                   LLVM::UndefOp::create(rewriter, loc, f32));
          FailureOr<SmallVector<Value>> partials =
              issueSteps(tile, start, begin, end, neverC);
          if (failed(partials))
            return failure();
          NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
          *partials = emitWaitGroup(rewriter, loc, 0, *partials);
          for (auto [reg, partial] : llvm::zip(tile.registers, *partials)) {
            Value sum = LLVM::FAddOp::create(rewriter, loc, acc[reg], partial);
            acc[reg] = begin == 0 ? LLVM::SelectOp::create(rewriter, loc, useC,
                                                           sum, partial)
                                        .getResult()
                                  : sum;
          }
        }
      }
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), acc, rewriter, dType));
    return success();
  }

private:
  /// K steps per partial accumulation, counted so that the sums round as
  /// Triton 3.6's do: each
  /// wgmma adds instrK products to a running count and the partial sum is
  /// added to the accumulator at the first step where the count reaches
  /// maxNumImpreciseAcc (or at the last step). A limit that is not a
  /// multiple of instrK therefore rounds up, and one below instrK still
  /// takes one whole wgmma per chunk.
  static int64_t getChunkSteps(int64_t maxNumImpreciseAcc, int64_t instrK) {
    if (maxNumImpreciseAcc <= instrK)
      return 1;
    return (maxNumImpreciseAcc + instrK - 1) / instrK;
  }

  static Type getElementTypeOfOperand(Type type) {
    if (auto mem = dyn_cast<ttg::MemDescType>(type))
      return mem.getElementType();
    return cast<RankedTensorType>(type).getElementType();
  }
  static ArrayRef<int64_t> getShapeOfOperand(Type type) {
    if (auto mem = dyn_cast<ttg::MemDescType>(type))
      return mem.getShape();
    return cast<RankedTensorType>(type).getShape();
  }

  /// The calling warpgroup's 64 x N tiles, each register in one of them at
  /// its D-fragment position.
  static FailureOr<SmallVector<AccumulatorTile>>
  getAccumulatorTiles(ttng::WarpGroupDotOp op, const LinearLayout &layout,
                      int64_t instrN) {
    std::map<std::pair<int32_t, int32_t>, SmallVector<int>> byOrigin;
    for (auto [reg, coords] : llvm::enumerate(getRegisterPart(layout))) {
      int32_t row = coords[0], col = coords[1];
      int32_t inRow = row % kTileM, inCol = col % instrN;
      if ((inRow != 0 && inRow != 8) || inCol % 8 > 1)
        return op.emitError(
            "ttng.warp_group_dot accumulator registers outside the wgmma "
            "fragment are not supported yet by the LLVM lowering");
      auto &regs = byOrigin
                       .try_emplace({row - inRow, col - inCol},
                                    SmallVector<int>(instrN / 2, -1))
                       .first->second;
      int slot = (inCol / 8) * 4 + (inRow / 8) * 2 + inCol % 8;
      if (regs[slot] != -1)
        return op.emitError(
            "ttng.warp_group_dot accumulator with repeated elements is not "
            "supported yet by the LLVM lowering");
      regs[slot] = reg;
    }
    SmallVector<AccumulatorTile> tiles;
    for (auto &[origin, regs] : byOrigin) {
      if (llvm::is_contained(regs, -1))
        return op.emitError(
            "ttng.warp_group_dot accumulator without whole 64 x N tiles per "
            "warpgroup is not supported yet by the LLVM lowering");
      tiles.push_back({origin.first, origin.second, regs});
    }
    return tiles;
  }

  /// Descriptors for an operand in shared memory, with the run-time part of
  /// their start: buffer address, warpgroup offset (`groupOffsets`, the
  /// operand's M or N coordinate per warpgroup bit) and view offset.
  FailureOr<SharedOperand> planSharedOperand(
      ttng::WarpGroupDotOp op, StringRef name, ttg::MemDescType type,
      Value converted, bool isB, int64_t mnSize, int64_t kSize,
      ArrayRef<std::array<int64_t, 2>> origins, ArrayRef<int32_t> groupOffsets,
      ArrayRef<LinearLayout::Basis> blocks, Value warpGroup,
      const WgmmaKind &kind, OpBuilder &b) const {
    auto fail = [&](const Twine &why) {
      return op.emitError()
             << "ttng.warp_group_dot operand " << name << " in " << why
             << " is not supported yet by the LLVM lowering";
    };
    auto encoding = dyn_cast<ttg::NVMMASharedEncodingAttr>(type.getEncoding());
    if (!encoding)
      return fail("a shared layout other than #ttg.nvmma_shared");
    std::string reason;
    std::optional<SharedMemoryLayout> layout =
        SharedMemoryLayout::get(type, reason);
    if (!layout)
      return fail(reason);
    if (!llvm::equal(layout->getBlockBases(), blocks))
      return fail("a buffer whose CTA tiles are not those of the "
                  "accumulator's (distributed shared memory)");
    nvidia::WgmmaOperandShape shape;
    shape.isB = isB;
    shape.elementBytes =
        std::max(1u, type.getElementType().getIntOrFloatBitWidth() / 8);
    shape.swizzleBytes = encoding.getSwizzlingByteWidth();
    shape.mnSize = mnSize;
    shape.kSize = kSize;
    SmallVector<int64_t> groupElementOffsets;
    int64_t runtimeMask = layout->getViewOffsetMask();
    for (int32_t offset : groupOffsets) {
      SmallVector<int32_t> coords = isB ? SmallVector<int32_t>{0, offset}
                                        : SmallVector<int32_t>{offset, 0};
      int64_t elements = offset ? layout->getOffset(coords) : 0;
      groupElementOffsets.push_back(elements);
      runtimeMask |= elements;
    }
    std::optional<nvidia::WgmmaOperandDescriptors> descriptors =
        nvidia::planDescriptors(*layout, shape, origins, runtimeMask, reason);
    if (!descriptors)
      return fail(reason);
    if (descriptors->mnMajor && !kind.transposable)
      return fail(llvm::Twine(
          "a transposed (M/N-major) layout, which wgmma reads only for "
          "16-bit types,"));

    Location loc = op.getLoc();
    SharedMemoryObject object = unpackSharedMemoryObject(b, loc, converted);
    Value elements = layout->emitViewOffset(b, loc, object.offsets);
    for (auto [bit, offset] : llvm::enumerate(groupElementOffsets)) {
      if (offset == 0)
        continue;
      Value shifted = warpGroup;
      if (bit != 0)
        shifted = LLVM::LShrOp::create(b, loc, warpGroup,
                                       createI32Constant(b, loc, bit));
      Value set =
          LLVM::AndOp::create(b, loc, shifted, createI32Constant(b, loc, 1));
      Value term =
          LLVM::MulOp::create(b, loc, set, createI32Constant(b, loc, offset));
      elements = elements
                     ? LLVM::XOrOp::create(b, loc, elements, term).getResult()
                     : term;
    }
    Type i32 = b.getI32Type();
    Value address = LLVM::PtrToIntOp::create(b, loc, i32, object.base);
    if (elements)
      address = LLVM::AddOp::create(
          b, loc, address,
          LLVM::MulOp::create(b, loc, elements,
                              createI32Constant(b, loc, shape.elementBytes)));
    Value fieldMask = createI32Constant(b, loc, 0x3FFF);
    Value field = LLVM::AndOp::create(
        b, loc,
        LLVM::LShrOp::create(b, loc, address, createI32Constant(b, loc, 4)),
        fieldMask);
    return SharedOperand{*descriptors, field};
  }

  /// Indexes A in registers after checking that its lanes and warps are the
  /// wgmma A fragment's: lanes % 4 along K (one 32-bit register each), lanes
  /// / 4 along M, warps 16 rows apart, warpgroups as the accumulator's; in a
  /// cluster its CTAs hold the rows of the accumulator's (whole along K).
  static FailureOr<RegisterIndex>
  indexRegisterOperand(ttng::WarpGroupDotOp op, RankedTensorType type,
                       ArrayRef<std::array<int32_t, 2>> groupBases,
                       const WgmmaKind &kind) {
    std::optional<LinearLayout> layout = getDistributedLayout(type);
    int32_t perRegister = 32 / type.getElementTypeBitWidth();
    SmallVector<std::array<int32_t, 2>> warps = {{16, 0}, {32, 0}};
    for (auto [row, col] : groupBases)
      warps.push_back({row, 0});
    std::optional<LinearLayout> acc =
        getDistributedLayout(cast<RankedTensorType>(op.getD().getType()));
    auto ctaBases = [](const LinearLayout &l) {
      return l.hasInDim("block") ? getBases2D(l, "block")
                                 : SmallVector<std::array<int32_t, 2>>();
    };
    SmallVector<std::array<int32_t, 2>> accRows;
    if (acc)
      for (auto [row, col] : ctaBases(*acc))
        accRows.push_back({row, 0});
    if (!layout || !acc || ctaBases(*layout) != accRows ||
        getBases2D(*layout, "lane") !=
            ArrayRef<std::array<int32_t, 2>>({{0, perRegister},
                                              {0, 2 * perRegister},
                                              {1, 0},
                                              {2, 0},
                                              {4, 0}}) ||
        getBases2D(*layout, "warp") != ArrayRef<std::array<int32_t, 2>>(warps))
      return op.emitError(
          "ttng.warp_group_dot operand A in registers whose layout is not the "
          "wgmma A fragment (kWidth other than 32 / bit width?) is not "
          "supported yet by the LLVM lowering");
    RegisterIndex index;
    for (auto [reg, coords] : llvm::enumerate(getRegisterPart(*layout)))
      index.try_emplace({coords[0], coords[1]}, reg);
    return index;
  }

  /// The four 32-bit registers of A for the tile at `row`, K step at `k0`:
  /// (row, k0), (row + 8, k0), (row, k0 + K/2), (row + 8, k0 + K/2), each
  /// 32 bits of consecutive K.
  static FailureOr<SmallVector<Value>>
  gatherRegisterFragment(ttng::WarpGroupDotOp op, OpBuilder &b,
                         const RegisterIndex &index, ArrayRef<Value> values,
                         int32_t row, int64_t k0, int64_t instrK,
                         Type elementType) {
    Location loc = op.getLoc();
    int32_t perRegister = 32 / elementType.getIntOrFloatBitWidth();
    SmallVector<Value> regs;
    for (int q = 0; q < 4; ++q) {
      SmallVector<Value> elements;
      for (int32_t e = 0; e < perRegister; ++e) {
        auto it = index.find(
            {row + 8 * (q % 2), int32_t(k0 + (q / 2) * (instrK / 2) + e)});
        if (it == index.end())
          return op.emitError(
              "ttng.warp_group_dot operand A in registers that lack part of a "
              "wgmma fragment is not supported yet by the LLVM lowering");
        elements.push_back(values[it->second]);
      }
      regs.push_back(packI32(b, loc, elements));
    }
    return regs;
  }

  /// The D fragment of a tile as the instruction's registers.
  static SmallVector<Value> packAccumulator(OpBuilder &b, Location loc,
                                            ArrayRef<Value> acc,
                                            const AccumulatorTile &tile,
                                            const WgmmaKind &kind) {
    SmallVector<Value> fragment;
    if (!kind.packedF16) {
      for (int reg : tile.registers)
        fragment.push_back(acc[reg]);
      return fragment;
    }
    for (size_t i = 0; i < tile.registers.size(); i += 2)
      fragment.push_back(packI32(
          b, loc, {acc[tile.registers[i]], acc[tile.registers[i + 1]]}));
    return fragment;
  }

  static void unpackAccumulator(OpBuilder &b, Location loc,
                                ArrayRef<Value> fragment,
                                SmallVectorImpl<Value> &acc,
                                const AccumulatorTile &tile,
                                const WgmmaKind &kind, Type accElem) {
    if (!kind.packedF16) {
      for (auto [i, reg] : llvm::enumerate(tile.registers))
        acc[reg] = fragment[i];
      return;
    }
    for (auto [i, word] : llvm::enumerate(fragment)) {
      SmallVector<Value> halves = unpackI32(b, loc, word, accElem, 2);
      acc[tile.registers[2 * i]] = halves[0];
      acc[tile.registers[2 * i + 1]] = halves[1];
    }
  }

  /// One nvg.wgmma (-convert-nv-gpu-to-llvm writes the wgmma.mma_async);
  /// returns the new fragment. Where scale-d is the constant false the
  /// accumulator is not read and the op gets none (the instruction's scale-d
  /// is then the immediate 0 and no input register is tied to an output,
  /// as in Triton 3.6); otherwise `fragment` goes in as its tied input.
  static SmallVector<Value>
  emitWgmma(OpBuilder &b, Location loc, const WgmmaKind &kind, int64_t instrN,
            int64_t instrK, ArrayRef<Value> fragment, ArrayRef<Value> aOperands,
            Value bDescriptor, Value scaleD, bool aMnMajor, bool bMnMajor,
            Type accElem) {
    MLIRContext *context = b.getContext();
    Type regType =
        accElem.isF32() ? Type(b.getF32Type()) : Type(b.getI32Type());
    auto structType = LLVM::LLVMStructType::getLiteral(
        context, SmallVector<Type>(fragment.size(), regType));
    Value c;
    if (!matchPattern(scaleD, m_Zero()))
      c = packStruct(b, loc, structType, fragment);
    Value a = aOperands.front();
    if (aOperands.size() != 1)
      a = packStruct(
          b, loc,
          LLVM::LLVMStructType::getLiteral(
              context, SmallVector<Type>(aOperands.size(), b.getI32Type())),
          aOperands);
    // Row-major A and column-major B are K-major, wgmma's default.
    auto wgmma = ttn::WGMMAOp::create(
        b, loc, structType, a, bDescriptor, scaleD, c, kTileM, instrN, instrK,
        kind.c, kind.a, kind.b,
        aMnMajor ? ttn::WGMMALayout::col : ttn::WGMMALayout::row,
        bMnMajor ? ttn::WGMMALayout::row : ttn::WGMMALayout::col);
    SmallVector<Value> result;
    for (unsigned i = 0; i < fragment.size(); ++i)
      result.push_back(LLVM::ExtractValueOp::create(b, loc, wgmma, i));
    return result;
  }

  const TargetInfoBase &target;
  int computeCapability;
};

struct WarpGroupDotWaitOpPattern
    : ConvertOpToLLVMPattern<ttng::WarpGroupDotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::WarpGroupDotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Every tensor's registers go through one wait; buffers pass as they are.
    SmallVector<Value> values;
    SmallVector<unsigned> counts;
    for (auto [input, converted] :
         llvm::zip(op.getInputs(), adaptor.getInputs())) {
      if (!isa<RankedTensorType>(input.getType())) {
        counts.push_back(0);
        continue;
      }
      SmallVector<Value> elements = unpackLLElements(loc, converted, rewriter);
      counts.push_back(elements.size());
      llvm::append_range(values, elements);
    }
    SmallVector<Value> waited =
        emitWaitGroup(rewriter, loc, op.getPendings(), values);
    SmallVector<Value> results;
    unsigned next = 0;
    for (auto [input, converted, count] :
         llvm::zip(op.getInputs(), adaptor.getInputs(), counts)) {
      if (!isa<RankedTensorType>(input.getType())) {
        results.push_back(converted);
        continue;
      }
      results.push_back(packLLElements(
          loc, getTypeConverter(), ArrayRef<Value>(waited).slice(next, count),
          rewriter, input.getType()));
      next += count;
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct FenceAsyncSharedOpPattern
    : ConvertOpToLLVMPattern<ttng::FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttng::FenceAsyncSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::FenceProxyOp::create(
        rewriter, op.getLoc(), NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(
            getContext(), op.getBCluster() ? NVVM::SharedSpace::shared_cluster
                                           : NVVM::SharedSpace::shared_cta));
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::triton::nvidia::populateWGMMADotOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target, int computeCapability) {
  patterns.add<WarpGroupDotOpPattern>(converter, target, computeCapability);
  patterns.add<WarpGroupDotWaitOpPattern, FenceAsyncSharedOpPattern>(converter);
}
