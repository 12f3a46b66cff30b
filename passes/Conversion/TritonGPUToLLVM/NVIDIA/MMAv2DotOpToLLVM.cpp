//===- MMAv2DotOpToLLVM.cpp - tt.dot on mma.sync (MMA version 2) ----------===//
//
// A dot in #ttg.nvidia_mma version 2 issues one `mma.sync.aligned` per
// 16 x 8 tile of the accumulator the warp holds (of each batch, for a 3-D
// dot, whose instrShape is [1, 16, 8]) and per K step of the
// instruction (16 for fp16/bf16 and fp64, 8 for tf32, 32 for int8 and fp8;
// before sm_90 an fp64 step is eight m8n8k4 instructions). Fragments
// are gathered by the constant (register) part of each element's coordinates in
// the operand and accumulator linear layouts; lane and warp add the same
// offsets to all of them, and those offsets are the instruction's own
// (row = lane / 4, column = kWidth * (lane % 4)). Within one K step a thread's
// two K groups are taken in increasing K; A and B use the same order, so a
// kWidth above the instruction's (fp16 from fp8, kWidth 4) only permutes K
// inside the step, which a sum does not see.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "llvm/Support/FormatVariadic.h"

#include <climits>
#include <map>
#include <tuple>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

/// The registers of an operand by (batch, row, K) of their constant
/// coordinates, rows and K as the operand's: A is (M, K), B is (K, N) and
/// indexed here as (N, K); the batch is 0 for a 2-D dot.
using OperandKey = std::tuple<int32_t, int32_t, int32_t>;
using OperandIndex = std::map<OperandKey, int>;

OperandIndex indexOperand(const ttg::LinearLayout &layout, bool isB) {
  OperandIndex index;
  for (auto [reg, coords] : llvm::enumerate(getRegisterPart(layout))) {
    size_t rank = coords.size();
    int32_t batch = rank == 3 ? coords[0] : 0;
    int32_t row = isB ? coords[rank - 1] : coords[rank - 2];
    int32_t k = isB ? coords[rank - 2] : coords[rank - 1];
    index.try_emplace({batch, row, k}, reg);
  }
  return index;
}

/// The elements of `row` of `batch` in the K step starting at `kStart`
/// (`instrK` long), in increasing K; empty if the layout lacks any.
SmallVector<int> getStepRegisters(const OperandIndex &index, int32_t batch,
                                  int32_t row, int64_t kStart, int64_t instrK) {
  SmallVector<int> regs;
  for (auto it = index.lower_bound({batch, row, static_cast<int32_t>(kStart)});
       it != index.end() && std::get<0>(it->first) == batch &&
       std::get<1>(it->first) == row &&
       std::get<2>(it->first) < kStart + instrK;
       ++it)
    regs.push_back(it->second);
  return regs;
}

/// One mma.sync's operand registers: the thread's elements of the tile's
/// row, of its row + 8 and of its column, in fragment order; `heldGroups`
/// of `groups` 32-bit groups hold elements, the rest are zeros (`padded`).
struct MmaStep {
  SmallVector<int> top, bottom, column;
  unsigned heldGroups;
  bool padded;
};

/// The `dim` coordinate of a basis of `layout`.
int32_t coordinate(const ttg::LinearLayout &layout,
                   const ttg::LinearLayout::Basis &basis, unsigned dim) {
  SmallVector<std::string> names = layout.getOutDimNames();
  for (auto [i, name] : llvm::enumerate(names))
    if (name == "dim" + std::to_string(dim))
      return basis[i];
  return 0;
}

/// Whether A (M, K) and B (K, N) split K alike over the threads: the first
/// two lane bits (the fragment's column pair) move K alone, by the same
/// amounts in A and B, and no other lane bit, warp or block moves K. Then
/// every thread holds the same K positions of its A rows and B columns.
bool splitKAlike(const ttg::LinearLayout &a, const ttg::LinearLayout &b,
                 unsigned rank) {
  unsigned kA = rank - 1, kB = rank - 2;
  auto movesOnly = [&](const ttg::LinearLayout &layout,
                       const ttg::LinearLayout::Basis &basis, unsigned keep) {
    for (unsigned d = 0; d < rank; ++d)
      if (d != keep && coordinate(layout, basis, d) != 0)
        return false;
    return true;
  };
  ArrayRef<ttg::LinearLayout::Basis> lanesA = a.getBases("lane"),
                                     lanesB = b.getBases("lane");
  if (lanesA.size() != lanesB.size() || lanesA.size() < 2)
    return false;
  for (auto [i, basisA] : llvm::enumerate(lanesA)) {
    int32_t k = coordinate(a, basisA, kA);
    if (k != coordinate(b, lanesB[i], kB))
      return false;
    if (i < 2 ? !movesOnly(a, basisA, kA) || !movesOnly(b, lanesB[i], kB)
              : k != 0)
      return false;
  }
  for (StringRef dim : {"warp", "block"}) {
    for (const ttg::LinearLayout::Basis &basis : a.getBases(dim))
      if (coordinate(a, basis, kA) != 0)
        return false;
    for (const ttg::LinearLayout::Basis &basis : b.getBases(dim))
      if (coordinate(b, basis, kB) != 0)
        return false;
  }
  return true;
}

/// The thread's elements of a row (or B's column) over all of K, in
/// increasing K: (K, register) pairs.
SmallVector<std::pair<int32_t, int>> allOfK(const OperandIndex &index,
                                            int32_t batch, int32_t row) {
  SmallVector<std::pair<int32_t, int>> elements;
  for (auto it = index.lower_bound({batch, row, INT32_MIN});
       it != index.end() && std::get<0>(it->first) == batch &&
       std::get<1>(it->first) == row;
       ++it)
    elements.push_back({std::get<2>(it->first), it->second});
  return elements;
}

/// The instructions of a tile whose operands hold K in runs (splitKAlike):
/// each takes the next `perStep` of the thread's K elements; empty if A's
/// rows and B's column do not hold the same, whole number of them, or hold
/// them at other K positions.
SmallVector<MmaStep> permutedSteps(const OperandIndex &aIndex,
                                   const OperandIndex &bIndex, int32_t batch,
                                   int32_t rowBase, int32_t colBase,
                                   unsigned perStep, unsigned groups) {
  SmallVector<std::pair<int32_t, int>> top = allOfK(aIndex, batch, rowBase),
                                       bottom =
                                           allOfK(aIndex, batch, rowBase + 8),
                                       column = allOfK(bIndex, batch, colBase);
  auto sameK = [&](ArrayRef<std::pair<int32_t, int>> other) {
    return llvm::equal(llvm::make_first_range(top),
                       llvm::make_first_range(other));
  };
  if (top.empty() || top.size() % perStep != 0 || !sameK(bottom) ||
      !sameK(column))
    return {};
  SmallVector<MmaStep> steps;
  for (size_t first = 0; first < top.size(); first += perStep) {
    auto slice = [&](ArrayRef<std::pair<int32_t, int>> all) {
      return SmallVector<int>(
          llvm::make_second_range(all.slice(first, perStep)));
    };
    steps.push_back({slice(top), slice(bottom), slice(column), groups, false});
  }
  return steps;
}

/// Packs `elements` (LLVM values of `bits` each, the first in the low bits)
/// into one i32: a vector of them bitcast, which the NVPTX backend turns into
/// one register move (and Triton 3.6 writes so).
Value packI32(OpBuilder &b, Location loc, ArrayRef<Value> elements,
              unsigned bits) {
  if (elements.size() == 1)
    return bitcastToInt(b, loc, elements[0]);
  auto vectorType = VectorType::get(elements.size(), elements[0].getType());
  Value vector = LLVM::UndefOp::create(b, loc, vectorType);
  for (auto [i, element] : llvm::enumerate(elements))
    vector = LLVM::InsertElementOp::create(b, loc, vector, element,
                                           createI32Constant(b, loc, i));
  return LLVM::BitcastOp::create(b, loc, b.getI32Type(), vector);
}

/// PTX's name of an 8-bit float type of mma.sync, if it is one.
std::optional<StringRef> getFp8Name(Type type) {
  if (isa<Float8E5M2Type>(type))
    return StringRef("e5m2");
  if (isa<Float8E4M3FNType>(type))
    return StringRef("e4m3");
  return std::nullopt;
}

struct MMAv2DotOpPattern : ConvertOpToLLVMPattern<DotOp> {
  MMAv2DotOpPattern(LLVMTypeConverter &converter, int computeCapability,
                    int ptxVersion)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2),
        computeCapability(computeCapability), ptxVersion(ptxVersion) {}
  int computeCapability;
  int ptxVersion;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dType = cast<RankedTensorType>(op.getType());
    auto mma = dyn_cast<ttg::NvidiaMmaEncodingAttr>(dType.getEncoding());
    if (!mma)
      return failure();
    if (mma.getVersionMajor() != 2)
      return op.emitError(
          "tt.dot in an MMA version 3 (wgmma) layout is not supported yet by "
          "the LLVM lowering");
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    Type aElem = aType.getElementType(), accElem = dType.getElementType();
    Type bElem = bType.getElementType();
    // The instruction: K step, operand and accumulator PTX types.
    int64_t instrK;
    std::string types;
    // Before sm_90, fp64 goes through the 8 x 8 x 4 DMMA: each 16 x 8 x 16
    // step is eight of them (two row halves, four K quarters).
    bool f64Quarters = false;
    std::optional<StringRef> aFp8 = getFp8Name(aElem), bFp8 = getFp8Name(bElem);
    if (aElem.isF16() && accElem.isF32()) {
      instrK = 16;
      types = "m16n8k16.row.col.f32.f16.f16.f32";
    } else if (aElem.isF16() && accElem.isF16()) {
      instrK = 16;
      types = "m16n8k16.row.col.f16.f16.f16.f16";
    } else if (aElem.isBF16() && accElem.isF32()) {
      instrK = 16;
      types = "m16n8k16.row.col.f32.bf16.bf16.f32";
    } else if (aElem.isF32() && accElem.isF32()) {
      instrK = 8;
      types = "m16n8k8.row.col.f32.tf32.tf32.f32";
    } else if (aElem.isInteger(8) && accElem.isInteger(32)) {
      instrK = 32;
      types = "m16n8k32.row.col.s32.s8.s8.s32";
    } else if (aElem.isF64() && accElem.isF64()) {
      // DMMA: every operand element a 64-bit register of its own.
      instrK = 16;
      f64Quarters = computeCapability < 90;
      types = f64Quarters ? "m8n8k4.row.col.f64.f64.f64.f64"
                          : "m16n8k16.row.col.f64.f64.f64.f64";
    } else if (aFp8 && bFp8 && (accElem.isF32() || accElem.isF16())) {
      // 8-bit floats (sm_89 on; into f16 from PTX 8.7): the fragments of
      // the int8 instruction.
      if (computeCapability < 89)
        return op.emitError()
               << "tt.dot of " << aElem << " and " << bElem
               << " on mma.sync needs sm_89 or newer (compute capability "
               << computeCapability << ")";
      if (accElem.isF16() && ptxVersion < 87)
        return op.emitError()
               << "tt.dot of 8-bit floats into f16 on mma.sync needs PTX 8.7 "
                  "(ptx-version="
               << ptxVersion << ")";
      instrK = 32;
      std::string acc = accElem.isF32() ? "f32" : "f16";
      types =
          ("m16n8k32.row.col." + acc + "." + *aFp8 + "." + *bFp8 + "." + acc)
              .str();
    } else {
      return op.emitError()
             << "tt.dot of " << aElem << " into " << accElem
             << " on mma.sync is not supported yet by the LLVM lowering";
    }
    std::optional<ttg::LinearLayout> aLayout = getDistributedLayout(aType);
    std::optional<ttg::LinearLayout> bLayout = getDistributedLayout(bType);
    std::optional<ttg::LinearLayout> dLayout = getDistributedLayout(dType);
    if (!aLayout || !bLayout || !dLayout)
      return rewriter.notifyMatchFailure(
          op, "operand layouts without linear layouts");
    OperandIndex aIndex = indexOperand(*aLayout, false),
                 bIndex = indexOperand(*bLayout, true);
    unsigned bits = aElem.getIntOrFloatBitWidth();
    unsigned rank = dType.getRank();
    bool kPermutable =
        bits < 64 && splitKAlike(*aLayout, *bLayout, rank);
    int64_t k = aType.getShape()[rank - 1];

    Location loc = op.getLoc();
    SmallVector<Value> a = unpackLLElements(loc, adaptor.getA(), rewriter);
    SmallVector<Value> b = unpackLLElements(loc, adaptor.getB(), rewriter);
    SmallVector<Value> acc = unpackLLElements(loc, adaptor.getC(), rewriter);

    // Accumulator tiles: (batch, row base, column base) -> the four
    // registers (row, col), (row, col + 1), (row + 8, col), (row + 8,
    // col + 1); a batched (3-D) dot's batches are separate matrices.
    std::map<OperandKey, std::array<int, 4>> tiles;
    for (auto [reg, coords] : llvm::enumerate(getRegisterPart(*dLayout))) {
      int32_t batch = rank == 3 ? coords[0] : 0;
      int32_t row = coords[rank - 2], col = coords[rank - 1];
      auto &tile = tiles
                       .try_emplace({batch, row & ~8, col & ~1},
                                    std::array<int, 4>{-1, -1, -1, -1})
                       .first->second;
      tile[((row & 8) ? 2 : 0) + (col & 1)] = reg;
    }
    Type i32 = rewriter.getI32Type();
    bool accF16 = accElem.isF16();
    for (auto &[base, regs] : tiles) {
      if (llvm::is_contained(regs, -1))
        return op.emitError(
            "an MMA accumulator layout without whole 16x8 tiles per thread is "
            "not supported yet by the LLVM lowering");
      auto [batch, rowBase, colBase] = base;
      // A thread holds instrK / 4 elements of each row and K step, in
      // groups of one 32-bit register (one 64-bit register for fp64).
      unsigned perGroup = std::max(1u, 32 / bits);
      unsigned groups = instrK / 4 / perGroup;
      unsigned perStep = groups * perGroup;
      SmallVector<MmaStep> steps;
      bool whole = true;
      for (int64_t kStart = 0; kStart < k && whole; kStart += instrK) {
        MmaStep step{getStepRegisters(aIndex, batch, rowBase, kStart, instrK),
                     getStepRegisters(aIndex, batch, rowBase + 8, kStart,
                                      instrK),
                     getStepRegisters(bIndex, batch, colBase, kStart, instrK),
                     groups, false};
        // A K shorter than the instruction's (fp8 with K = 16 on the
        // K = 32 instruction) leaves the step's last groups without
        // elements: they are zeros, which add nothing to the sum.
        step.heldGroups = step.top.size() / perGroup;
        step.padded = bits < 64 && kStart + instrK > k &&
                      step.heldGroups < groups &&
                      step.top.size() % perGroup == 0 &&
                      step.bottom.size() == step.top.size() &&
                      step.column.size() == step.top.size();
        whole = step.padded || (step.top.size() == perStep &&
                                step.bottom.size() == perStep &&
                                step.column.size() == perStep);
        steps.push_back(std::move(step));
      }
      // Operands holding K in longer runs (kWidth 8 for 16-bit elements
      // upcast from 4 bits) feed each instruction the next elements of the
      // thread's K in increasing order: a permutation of K that A and B
      // share, which leaves the sum over K as it is.
      if (!whole && kPermutable) {
        steps = permutedSteps(aIndex, bIndex, batch, rowBase, colBase,
                              perStep, groups);
        whole = !steps.empty();
      }
      if (!whole)
        return op.emitError(
            "tt.dot operand layouts that do not hold whole mma.sync "
            "fragments are not supported yet by the LLVM lowering");
      for (const MmaStep &step : steps) {
        const SmallVector<int> &top = step.top, &bottom = step.bottom,
                               &column = step.column;
        unsigned heldGroups = step.heldGroups;
        bool padded = step.padded;
        auto pack = [&](ArrayRef<Value> values, ArrayRef<int> regs,
                        unsigned group) -> Value {
          if (group >= heldGroups && padded)
            return createI32Constant(rewriter, loc, 0);
          SmallVector<Value> elements;
          for (unsigned i = 0; i < perGroup; ++i)
            elements.push_back(values[regs[group * perGroup + i]]);
          return bits == 64 ? elements[0]
                            : packI32(rewriter, loc, elements, bits);
        };
        Type accReg =
            accF16 ? i32 : (accElem.isF32() || accElem.isF64() ? accElem : i32);
        std::string accConstraint = accElem.isF32()   ? "f"
                                    : accElem.isF64() ? "d"
                                                      : "r";
        std::string operandConstraint = bits == 64 ? "d" : "r";
        // One mma.sync of `aOps`, `bOps` and the accumulator registers
        // `accOps`; its results in their order.
        auto emitMma = [&](ValueRange aOps, ValueRange bOps,
                           ValueRange accOps) {
          unsigned numAcc = accOps.size();
          std::string outs, constraints;
          for (unsigned i = 0; i < numAcc; ++i) {
            outs += llvm::formatv("{0}${1}", i ? ", " : "", i).str();
            constraints += (i ? ",=" : "=") + accConstraint;
          }
          auto list = [&](unsigned first, unsigned count) {
            std::string text;
            for (unsigned i = 0; i < count; ++i)
              text += llvm::formatv("{0}${1}", i ? ", " : "", first + i).str();
            return text;
          };
          for (unsigned i = 0; i < aOps.size() + bOps.size(); ++i)
            constraints += "," + operandConstraint;
          for (unsigned i = 0; i < numAcc; ++i)
            constraints += "," + accConstraint;
          std::string text =
              llvm::formatv("mma.sync.aligned.{0} {{{1}}, {{{2}}, {{{3}}, "
                            "{{{4}};",
                            types, outs, list(numAcc, aOps.size()),
                            list(numAcc + aOps.size(), bOps.size()),
                            list(numAcc + aOps.size() + bOps.size(), numAcc))
                  .str();
          SmallVector<Value> operands(aOps);
          llvm::append_range(operands, bOps);
          llvm::append_range(operands, accOps);
          auto resultType = LLVM::LLVMStructType::getLiteral(
              getContext(), SmallVector<Type>(numAcc, accReg));
          auto asmOp = LLVM::InlineAsmOp::create(
              rewriter, loc, resultType, operands, text, constraints,
              /*has_side_effects=*/false,
              /*is_align_stack=*/false, LLVM::TailCallKind::None,
              LLVM::AsmDialectAttr::get(getContext(), LLVM::AsmDialect::AD_ATT),
              rewriter.getArrayAttr({}));
          SmallVector<Value> out;
          for (unsigned i = 0; i < numAcc; ++i)
            out.push_back(LLVM::ExtractValueOp::create(rewriter, loc,
                                                       asmOp.getResult(0), i));
          return out;
        };
        if (f64Quarters) {
          // m8n8k4: rows `row` (then `row + 8`) of the tile, K quarter j is
          // element j of the thread's row and column (k = 4 j + lane % 4),
          // the accumulator's two registers of that row half.
          for (unsigned j = 0; j < groups; ++j)
            for (unsigned half = 0; half < 2; ++half) {
              Value aOp = a[(half ? bottom : top)[j]];
              SmallVector<Value> out =
                  emitMma(aOp, b[column[j]],
                          {acc[regs[2 * half]], acc[regs[2 * half + 1]]});
              acc[regs[2 * half]] = out[0];
              acc[regs[2 * half + 1]] = out[1];
            }
          continue;
        }
        // A: for each K group, the row then the row + 8; B: each K group.
        SmallVector<Value> aOps, bOps, accOps;
        for (unsigned group = 0; group < groups; ++group) {
          aOps.push_back(pack(a, top, group));
          aOps.push_back(pack(a, bottom, group));
        }
        for (unsigned group = 0; group < groups; ++group)
          bOps.push_back(pack(b, column, group));
        if (accF16) {
          accOps.push_back(
              packI32(rewriter, loc, {acc[regs[0]], acc[regs[1]]}, 16));
          accOps.push_back(
              packI32(rewriter, loc, {acc[regs[2]], acc[regs[3]]}, 16));
        } else {
          for (int reg : regs)
            accOps.push_back(acc[reg]);
        }
        SmallVector<Value> out = emitMma(aOps, bOps, accOps);
        if (accF16) {
          Type f16 = rewriter.getF16Type();
          for (unsigned half = 0; half < 2; ++half) {
            Value word = out[half];
            Value low = LLVM::TruncOp::create(rewriter, loc,
                                              rewriter.getI16Type(), word);
            Value high = LLVM::TruncOp::create(
                rewriter, loc, rewriter.getI16Type(),
                LLVM::LShrOp::create(rewriter, loc, word,
                                     createI32Constant(rewriter, loc, 16)));
            acc[regs[2 * half]] =
                LLVM::BitcastOp::create(rewriter, loc, f16, low);
            acc[regs[2 * half + 1]] =
                LLVM::BitcastOp::create(rewriter, loc, f16, high);
          }
        } else {
          for (auto [i, reg] : llvm::enumerate(regs))
            acc[reg] = out[i];
        }
      }
    }
    rewriter.replaceOp(
        op, packLLElements(loc, getTypeConverter(), acc, rewriter, dType));
    return success();
  }
};

} // namespace

void mlir::triton::nvidia::populateMMAv2DotOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    int computeCapability, int ptxVersion) {
  patterns.add<MMAv2DotOpPattern>(converter, computeCapability, ptxVersion);
}
