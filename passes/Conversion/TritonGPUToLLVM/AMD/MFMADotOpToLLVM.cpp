//===- MFMADotOpToLLVM.cpp - tt.dot on AMD matrix cores (v_mfma) ----------===//
//
// A dot in #ttg.amd_mfma issues one MFMA per nonK x nonK tile of the
// accumulator a warp holds and per K step of the instruction. The CDNA ISA
// gives the per-lane fragments (lane l, nonK = 32 or 16, G = 64 / nonK lane
// groups):
//   A: row l % nonK, K elements kBase * (l / nonK) + [0, kBase)
//   B: column l % nonK, the same K elements
//   D: column l % nonK, element i at row R(i) + 4 * (l / nonK), where
//      R(i) = 8 * (i / 4) + i % 4 for 32x32 (16 elements), i for 16x16 (4)
// A transposed layout (lanes along M, registers along N) is the same
// instruction computing D^T = B^T A^T: B's fragment goes first.
//
// The 64x4 and 4x64 tiles are the 16-block 4x4 instructions (lane l in
// block l / 4, row / column l % 4 of that block; D element i at row i)
// whose first source is broadcast from block ABID to all 16 (CBSZ = 4): the
// narrow operand (A of 4x64, B of 64x4, first once transposed) holds 16 K
// groups over its lanes like any MFMA operand, the wide one 64 rows over
// its lanes and, in registers, the K of each group; instruction g of a run
// of 16 broadcasts group g and takes the wide operand's run for it. 4x64 is
// untransposed and 64x4 transposed, so that the narrow one is first.
//
// The operand and accumulator registers are found from their linear layouts:
// the lanes (and warps) of each layout are checked to be exactly the
// instruction's, so that the constant (register) part of an element's
// coordinates names it. With kWidth = n * kBase, a lane holds kWidth
// consecutive K elements of a tile spanning kWidth * G, and instruction j of
// the n takes elements [j * kBase, (j + 1) * kBase) of each lane: the K
// order within the tile is permuted alike for A and B, which the sum does
// not see. With kWidth shorter than kBase (xf32's pairs from kWidth = 1),
// one instruction takes kBase / kWidth runs of each lane, a tile of the lane
// groups apart, and covers kBase * G elements of K.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"
#include "passes/TritonAMDGPU/MfmaInstructions.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

using Coords = std::pair<int32_t, int32_t>;
using Bases = std::vector<ttg::LinearLayout::Basis>;

/// The register of each (non-K, K) of an operand (A is (M, K), B (K, N)).
std::map<Coords, int> indexOperand(const ttg::LinearLayout &layout, bool isB) {
  std::map<Coords, int> index;
  for (auto [reg, coords] : llvm::enumerate(getRegisterPart(layout)))
    index.try_emplace(
        isB ? Coords{coords[1], coords[0]} : Coords{coords[0], coords[1]}, reg);
  return index;
}

/// The instruction's lane bases for an operand: the rows (columns of B) over
/// the low lanes, then the K groups, kWidth apart.
Bases operandLanes(unsigned nonK, unsigned kWidth, bool isB) {
  Bases lanes;
  for (int32_t row = 1; row < int32_t(nonK); row *= 2)
    lanes.push_back(isB ? ttg::LinearLayout::Basis{0, row}
                        : ttg::LinearLayout::Basis{row, 0});
  for (int32_t k = kWidth; k < int32_t(kWidth * 64 / nonK); k *= 2)
    lanes.push_back(isB ? ttg::LinearLayout::Basis{k, 0}
                        : ttg::LinearLayout::Basis{0, k});
  return lanes;
}

/// The instruction's lane bases for the result: columns (rows when
/// transposed), `laneSide` of them, over the low lanes, then groups of 4
/// along the other side.
Bases resultLanes(unsigned laneSide, bool transposed) {
  Bases lanes;
  auto basis = [&](int32_t alongLanes, int32_t alongRegs) {
    return transposed ? ttg::LinearLayout::Basis{alongLanes, alongRegs}
                      : ttg::LinearLayout::Basis{alongRegs, alongLanes};
  };
  for (int32_t i = 1; i < int32_t(laneSide); i *= 2)
    lanes.push_back(basis(i, 0));
  for (int32_t group = 4; group < int32_t(4 * 64 / laneSide); group *= 2)
    lanes.push_back(basis(0, group));
  return lanes;
}

/// R(i): the offset of result element i along the registers' side, which
/// spans `regSide` (32, 16 or 4).
int32_t resultOffset(unsigned regSide, int i) {
  return regSide == 32 ? 8 * (i / 4) + i % 4 : i;
}

struct MFMADotOpPattern : ConvertOpToLLVMPattern<DotOp> {
  MFMADotOpPattern(LLVMTypeConverter &converter, StringRef arch)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2), arch(arch.str()) {}

  /// The operand of one instruction: `elements` (LLVM values) as the
  /// intrinsic takes them (a scalar, a vector, or an integer of their bits).
  Value packOperand(OpBuilder &b, Location loc, ArrayRef<Value> elements,
                    Type element) const {
    if (elements.size() == 1)
      return elements[0];
    Type llvmElement = elements[0].getType();
    auto vectorType = VectorType::get({int64_t(elements.size())}, llvmElement);
    Value vector = LLVM::UndefOp::create(b, loc, vectorType);
    for (auto [i, value] : llvm::enumerate(elements))
      vector = LLVM::InsertElementOp::create(b, loc, vector, value,
                                             createI32Constant(b, loc, i));
    Type target;
    if (element.isBF16())
      target = VectorType::get({int64_t(elements.size())}, b.getI16Type());
    else if (isa<IntegerType>(llvmElement))
      target = b.getIntegerType(8 * elements.size());
    else
      return vector;
    return LLVM::BitcastOp::create(b, loc, target, vector);
  }

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A priority raised for this dot (s_setprio right before it) takes effect
    // after its first MFMA: a wave arriving at the dot then waits on that
    // low-priority instruction while another runs its MFMAs at high
    // priority, instead of breaking into their run (Triton 3.6's placement).
    // Looked up before this pattern adds anything in front of the dot.
    auto setPrio = dyn_cast_or_null<ROCDL::SetPrioOp>(op->getPrevNode());
    auto dType = cast<RankedTensorType>(op.getType());
    auto mfma = dyn_cast<ttg::AMDMfmaEncodingAttr>(dType.getEncoding());
    if (!mfma)
      return failure();
    // A layout of an older MFMA version (v2 on gfx942) names the older
    // version's instruction, which the newer architecture runs as long as it
    // kept it (checked below, once the operand types are known).
    unsigned archVersion = amdgpu::getMfmaVersion(arch);
    unsigned version = mfma.getVersion();
    if (version > archVersion || version < 2)
      return op.emitError()
             << "an #ttg.amd_mfma layout of version " << version << " on "
             << arch << " (MFMA version " << archVersion
             << ") is not supported yet by the LLVM lowering";
    ArrayRef<unsigned> shape = mfma.getInstrShape();
    bool transposed = mfma.getIsTransposed();
    bool square = shape.size() >= 2 && shape[0] == shape[1] &&
                  (shape[0] == 32 || shape[0] == 16);
    // The broadcast operand must be the instruction's first source.
    bool broadcast = shape.size() >= 2 &&
                     ((shape[0] == 4 && shape[1] == 64 && !transposed) ||
                      (shape[0] == 64 && shape[1] == 4 && transposed));
    if (dType.getRank() != 2 || (!square && !broadcast))
      return op.emitError(
          "tt.dot on MFMA is supported by the LLVM lowering for 2-D 32x32 and "
          "16x16 instructions, 4x64 untransposed and 64x4 transposed only, "
          "not yet for others");
    unsigned mDim = shape[0], nDim = shape[1];
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    Type aElem = aType.getElementType(), bElem = bType.getElementType();
    Type accElem = dType.getElementType();
    // Transposed, B's fragment is the instruction's first source: a mixed
    // fp8 x bf8 dot is then bf8.fp8.
    std::optional<amdgpu::MfmaInstruction> instr =
        amdgpu::selectMfmaInstruction(
            version, mDim, nDim, transposed ? bElem : aElem,
            transposed ? aElem : bElem,
            op.getInputPrecision() == InputPrecision::TF32);
    bool intDot = aElem.isInteger(8);
    if (instr && version != archVersion) {
      std::optional<amdgpu::MfmaInstruction> current =
          amdgpu::selectMfmaInstruction(
              archVersion, mDim, nDim, transposed ? bElem : aElem,
              transposed ? aElem : bElem,
              op.getInputPrecision() == InputPrecision::TF32);
      if (!current || current->name != instr->name)
        return op.emitError()
               << "an #ttg.amd_mfma layout of version " << version << " for "
               << aElem << " x " << bElem << " on " << arch
               << " names " << instr->name
               << ", which MFMA version " << archVersion << " does not have";
    }
    if (!instr || !(intDot ? accElem.isInteger(32) : accElem.isF32()))
      return op.emitError()
             << "tt.dot of " << aElem << " x " << bElem << " into " << accElem
             << " on MFMA (" << arch << ", " << mDim << "x" << nDim
             << ") is not supported yet by the LLVM lowering";
    auto aEnc = dyn_cast<ttg::DotOperandEncodingAttr>(aType.getEncoding());
    auto bEnc = dyn_cast<ttg::DotOperandEncodingAttr>(bType.getEncoding());
    if (!aEnc || !bEnc || aEnc.getKWidth() != bEnc.getKWidth() ||
        (aEnc.getKWidth() % instr->kBase != 0 &&
         (broadcast || instr->kBase % aEnc.getKWidth() != 0)))
      return op.emitError()
             << "tt.dot on MFMA with operands other than #ttg.dot_op of one "
                "kWidth, a multiple or a divisor of "
             << instr->kBase << ", is not supported yet by the LLVM lowering";
    unsigned kWidth = aEnc.getKWidth();
    std::optional<ttg::LinearLayout> aLayout = getDistributedLayout(aType);
    std::optional<ttg::LinearLayout> bLayout = getDistributedLayout(bType);
    std::optional<ttg::LinearLayout> dLayout = getDistributedLayout(dType);
    if (!aLayout || !bLayout || !dLayout)
      return rewriter.notifyMatchFailure(
          op, "operand layouts without linear layouts");
    // Lanes as the instruction's; warps of A along M and of B along N as
    // the accumulator's, each broadcast along the other side.
    // A tensor smaller than the instruction's tile holds it wrapped: the
    // instruction's bases past the tensor's shape are zero (those lanes
    // repeat others), and its elements are read and written modulo the
    // shape.
    auto sameBases = [](ArrayRef<ttg::LinearLayout::Basis> bases,
                        Bases expected, ArrayRef<int64_t> shape) {
      for (ttg::LinearLayout::Basis &basis : expected)
        for (auto [c, size] : llvm::zip(basis, shape))
          if (c >= size)
            c = 0;
      return bases == ArrayRef<ttg::LinearLayout::Basis>(expected);
    };
    ArrayRef<int64_t> dShape = dType.getShape();
    bool lanesMatch =
        sameBases(aLayout->getBases("lane"),
                  operandLanes(mDim, kWidth, false), aType.getShape()) &&
        sameBases(bLayout->getBases("lane"),
                  operandLanes(nDim, kWidth, true), bType.getShape()) &&
        sameBases(dLayout->getBases("lane"),
                  resultLanes(transposed ? mDim : nDim, transposed), dShape);
    ArrayRef<ttg::LinearLayout::Basis> aWarps = aLayout->getBases("warp");
    ArrayRef<ttg::LinearLayout::Basis> bWarps = bLayout->getBases("warp");
    ArrayRef<ttg::LinearLayout::Basis> dWarps = dLayout->getBases("warp");
    bool warpsMatch =
        aWarps.size() == dWarps.size() && bWarps.size() == dWarps.size();
    for (size_t w = 0; warpsMatch && w < dWarps.size(); ++w)
      warpsMatch = aWarps[w] == ttg::LinearLayout::Basis{dWarps[w][0], 0} &&
                   bWarps[w] == ttg::LinearLayout::Basis{0, dWarps[w][1]};
    if (!lanesMatch || !warpsMatch)
      return op.emitError(
          "tt.dot on MFMA whose operand or accumulator layouts do not hold "
          "whole instruction fragments (a tile smaller than the warps' "
          "instructions?) is not supported yet by the LLVM lowering");

    Location loc = op.getLoc();
    SmallVector<Value> a = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> acc = unpackLLElements(loc, adaptor.getC(), rewriter);
    std::map<Coords, int> aIndex = indexOperand(*aLayout, false);
    std::map<Coords, int> bIndex = indexOperand(*bLayout, true);
    // Registers of the accumulator by coordinates (a broadcast layout holds
    // some element in several).
    std::map<Coords, SmallVector<int>> dIndex;
    for (auto [reg, coords] : llvm::enumerate(getRegisterPart(*dLayout)))
      dIndex[{coords[0], coords[1]}].push_back(reg);

    // The accumulator tiles (M, N bases) and their registers, in the
    // instruction's element order.
    int numOut = mDim * nDim / 64;
    std::map<Coords, SmallVector<Coords>> tiles;
    for (const auto &[coords, regs] : dIndex) {
      Coords base{coords.first & ~int32_t(mDim - 1),
                  coords.second & ~int32_t(nDim - 1)};
      if (tiles.count(base))
        continue;
      SmallVector<Coords> elements;
      for (int i = 0; i < numOut; ++i) {
        int32_t offset = resultOffset(transposed ? nDim : mDim, i);
        Coords at = transposed ? Coords{base.first, base.second + offset}
                               : Coords{base.first + offset, base.second};
        at = {at.first & int32_t(dShape[0] - 1),
              at.second & int32_t(dShape[1] - 1)};
        if (!dIndex.count(at))
          return op.emitError(
              "an MFMA accumulator layout without whole instruction tiles per "
              "thread is not supported yet by the LLVM lowering");
        elements.push_back(at);
      }
      tiles.emplace(base, std::move(elements));
    }

    Type accType =
        intDot ? Type(rewriter.getI32Type()) : Type(rewriter.getF32Type());
    auto resultType = VectorType::get({numOut}, accType);
    std::map<Coords, Value> accVectors;
    for (const auto &[base, elements] : tiles) {
      Value vector = LLVM::UndefOp::create(rewriter, loc, resultType);
      for (auto [i, at] : llvm::enumerate(elements))
        vector = LLVM::InsertElementOp::create(
            rewriter, loc, vector, acc[dIndex[at].front()],
            createI32Constant(rewriter, loc, i));
      accVectors[base] = vector;
    }

    // Lane group 0's K offset of the instruction's element j: consecutive
    // within a run of kWidth; with runs shorter than kBase, the next run of
    // the same lane, one tile of the lane groups further (A and B alike).
    unsigned groups = 64 / std::min(mDim, nDim);
    auto kOffset = [&](unsigned j) -> int64_t {
      if (kWidth >= instr->kBase)
        return j;
      return int64_t(j / kWidth) * kWidth * groups + j % kWidth;
    };
    // The kBase elements of `row` for the instruction at K `kStart`, packed;
    // null if the layout lacks one.
    auto gather = [&](const std::map<Coords, int> &index,
                      ArrayRef<Value> values, int32_t row, int64_t kStart,
                      Type element) -> Value {
      SmallVector<Value> elements;
      for (unsigned j = 0; j < instr->kBase; ++j) {
        auto it = index.find({row, int32_t(kStart + kOffset(j))});
        if (it == index.end())
          return Value();
        elements.push_back(values[it->second]);
      }
      return packOperand(rewriter, loc, elements, element);
    };
    int64_t k = aType.getShape()[1];
    int64_t kTile = std::max<unsigned>(kWidth, instr->kBase) * groups;
    std::string name = "rocdl." + instr->name;
    Operation *firstMfma = nullptr;
    Value zero = createI32Constant(rewriter, loc, 0);
    // The broadcast forms' 16 blocks: CBSZ = log2(16), ABID = the block.
    unsigned blocks = broadcast ? 16 : 1;
    Value cbsz = createI32Constant(rewriter, loc, broadcast ? 4 : 0);
    for (int64_t kOuter = 0; kOuter < k; kOuter += kTile) {
      for (unsigned sub = 0; sub < std::max(1u, kWidth / instr->kBase);
           ++sub) {
        int64_t kStart = kOuter + sub * instr->kBase;
        for (unsigned block = 0; block < blocks; ++block) {
          // Block `block` of the narrow operand holds K from kStart +
          // block * kWidth; the wide operand supplies that run itself.
          int64_t aStart = kStart, bStart = kStart;
          (mDim == 4 ? bStart : aStart) += block * kWidth;
          Value abid =
              block == 0 ? zero : createI32Constant(rewriter, loc, block);
          for (auto &[base, vector] : accVectors) {
            Value aOperand = gather(aIndex, a, base.first, aStart, aElem);
            Value bOperand = gather(bIndex, b, base.second, bStart, bElem);
            if (!aOperand || !bOperand)
              return op.emitError(
                  "tt.dot operand layouts that do not hold whole MFMA "
                  "fragments are not supported yet by the LLVM lowering");
            OperationState state(loc, name);
            if (transposed)
              std::swap(aOperand, bOperand);
            state.addOperands({aOperand, bOperand, vector, cbsz, abid, zero});
            state.addTypes(resultType);
            Operation *mfma = rewriter.create(state);
            if (!firstMfma)
              firstMfma = mfma;
            vector = mfma->getResult(0);
          }
        }
      }
    }
    for (const auto &[base, elements] : tiles) {
      for (auto [i, at] : llvm::enumerate(elements)) {
        Value element =
            LLVM::ExtractElementOp::create(rewriter, loc, accVectors[base],
                                           createI32Constant(rewriter, loc, i));
        for (int reg : dIndex[at])
          acc[reg] = element;
      }
    }
    if (setPrio && firstMfma)
      rewriter.moveOpAfter(setPrio, firstMfma);
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), acc, rewriter, dType));
    return success();
  }

  std::string arch;
};

} // namespace

void mlir::triton::amd::populateMFMADotOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    StringRef arch) {
  patterns.add<MFMADotOpPattern>(converter, arch);
}
