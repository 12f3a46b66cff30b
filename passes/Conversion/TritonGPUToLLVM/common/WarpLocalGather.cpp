//===- WarpLocalGather.cpp - tt.gather within warps, with shuffles --------===//
//
// Result register r of the thread in lane l of warp w needs the source
// element at its coordinates off the axis and the index on it. Which source
// register r' of which lane l' holds it is a linear function over GF(2) of
// the bits of r, l, w and the index: the element, less what warp w adds to
// the source's coordinates, written on a basis of what one warp's registers
// and lanes hold. The bits of r are known at compile time and fix part of
// r'; each source register the other bits can reach is shuffled from l',
// and the one r' names kept. No shared memory, no barrier: nothing leaves
// the warp.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/common/WarpLocalGather.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

Value mlir::triton::getGatherIndexI32(OpBuilder &b, Location loc, Value index) {
  unsigned width = index.getType().getIntOrFloatBitWidth();
  if (width > 32)
    return LLVM::TruncOp::create(b, loc, b.getI32Type(), index);
  if (width < 32)
    return LLVM::ZExtOp::create(b, loc, b.getI32Type(), index);
  return index;
}

/// The XOR of `columns[i]` over the set bits i of the i32 `value` (bits from
/// columns.size() on ignored), emitted as a lane's offset is: runs of bits
/// moving to consecutive bits become one shift-and-mask.
static Value emitLinearMap(OpBuilder &b, Location loc, Value value,
                           ArrayRef<int64_t> columns) {
  OffsetMap map;
  map.lanes.assign(columns.begin(), columns.end());
  return emitThreadOffset(b, loc, map, LaneAndWarp{value, Value()});
}

/// A basis of the span of `vectors` in which each vector's highest bit is set
/// in no other vector: that bit of an element tells whether the vector is in.
static SmallVector<uint64_t> getReducedBasis(ArrayRef<uint64_t> vectors) {
  auto pivot = [](uint64_t v) { return uint64_t(1) << llvm::Log2_64(v); };
  SmallVector<uint64_t> basis;
  for (uint64_t v : vectors) {
    for (uint64_t row : basis)
      if (v & pivot(row))
        v ^= row;
    if (v == 0)
      continue;
    for (uint64_t &row : basis)
      if (row & pivot(v))
        row ^= v;
    basis.push_back(v);
  }
  return basis;
}

namespace {

/// Where each bit of a result register, lane, warp and index moves the
/// holder of the element named: (register << laneBits | lane) of the source.
struct HolderMap {
  SmallVector<int64_t> registers, lanes, warps, index;
};

} // namespace

/// The holder map of a warp-local gather; nullopt when some element named
/// is not held in its warp (the layouts are not warp-local after all).
static std::optional<HolderMap> getHolderMap(const LinearLayout &src,
                                             const LinearLayout &result,
                                             ArrayRef<int64_t> srcShape,
                                             unsigned axis, unsigned laneBits) {
  // A basis of what warp 0 holds, each vector with its holder. Lanes come
  // first: where an element is in another lane and in another register too
  // (a broadcast layout), the lane is chosen, and lanes cost no shuffles.
  GF2Span held;
  SmallVector<int64_t> heldAt;
  for (auto [bit, flat] : llvm::enumerate(getFlatBases(src, "lane", srcShape)))
    if (held.insert(flat))
      heldAt.push_back(int64_t(1) << bit);
  for (auto [bit, flat] :
       llvm::enumerate(getFlatBases(src, "register", srcShape)))
    if (held.insert(flat))
      heldAt.push_back(int64_t(1) << (laneBits + bit));
  bool unheld = false;
  auto holderOf = [&](uint64_t flat) -> int64_t {
    std::optional<uint64_t> combination = held.decompose(flat);
    if (!combination) {
      unheld = true;
      return 0;
    }
    int64_t holder = 0;
    for (auto [i, at] : llvm::enumerate(heldAt))
      if (*combination >> i & 1)
        holder ^= at;
    return holder;
  };
  auto offAxis = [&](LinearLayout::Basis basis) {
    basis[axis] = 0;
    return flattenCoords(basis, srcShape);
  };
  // Result registers and lanes move by the coordinates they set off the
  // axis; a warp by those less what it adds to the source's; an index bit by
  // the coordinate it sets on the axis.
  HolderMap map;
  for (const LinearLayout::Basis &basis : result.getBases("register"))
    map.registers.push_back(holderOf(offAxis(basis)));
  for (const LinearLayout::Basis &basis : result.getBases("lane"))
    map.lanes.push_back(holderOf(offAxis(basis)));
  SmallVector<uint64_t> srcWarps = getFlatBases(src, "warp", srcShape);
  for (auto [k, basis] : llvm::enumerate(result.getBases("warp")))
    map.warps.push_back(
        k < srcWarps.size() ? holderOf(offAxis(basis) ^ srcWarps[k]) : 0);
  for (unsigned bit = 0; bit < log2Exact(srcShape[axis]); ++bit) {
    SmallVector<int32_t> coords(srcShape.size(), 0);
    coords[axis] = 1 << bit;
    map.index.push_back(holderOf(flattenCoords(coords, srcShape)));
  }
  if (unheld || srcWarps.size() != map.warps.size())
    return std::nullopt;
  return map;
}

LogicalResult mlir::triton::lowerWarpLocalGather(
    GatherOp op, Value src, Value indices, const LinearLayout &srcLayout,
    const LinearLayout &resultLayout,
    const TritonGPUToLLVMTypeConverter &converter, const TargetInfoBase &target,
    ConversionPatternRewriter &rewriter) {
  Location loc = op.getLoc();
  Type elementType =
      converter.convertElementType(op.getType().getElementType());
  unsigned elementBits = 0;
  if (isa<LLVM::LLVMPointerType>(elementType))
    elementBits = 64;
  else if (elementType && elementType.isIntOrFloat())
    elementBits = elementType.getIntOrFloatBitWidth();
  if (elementBits == 0 || (elementBits > 32 && elementBits != 64))
    return op.emitError("tt.gather of ")
           << op.getType().getElementType()
           << " within warps is not supported yet by the LLVM lowering "
              "(shuffles move up to "
              "32 bits, or 64)";
  int warpSize = target.getWarpSize();
  unsigned laneBits = llvm::Log2_32(warpSize);
  // Holders are packed in an i32 (the top bit left clear).
  if (srcLayout.getInDimSize("lane") != warpSize ||
      laneBits + srcLayout.getInDimSizeLog2("register") > 30)
    return op.emitError("tt.gather within warps of a layout with ")
           << srcLayout.getInDimSize("lane") << " lanes and "
           << srcLayout.getInDimSize("register")
           << " registers is not supported yet by the LLVM lowering (the "
              "target's warp has "
           << warpSize << " lanes)";
  ArrayRef<int64_t> srcShape = op.getSrc().getType().getShape();
  std::optional<HolderMap> map =
      getHolderMap(srcLayout, resultLayout, srcShape, op.getAxis(), laneBits);
  if (!map)
    return op.emitError(
        "tt.gather names elements outside the warp that holds its result; "
        "it cannot be lowered with shuffles");

  // The source registers that the bits known only at run time reach.
  SmallVector<uint64_t> varying;
  for (ArrayRef<int64_t> columns :
       {ArrayRef(map->lanes), ArrayRef(map->warps), ArrayRef(map->index)})
    for (int64_t column : columns)
      varying.push_back(uint64_t(column) >> laneBits);
  SmallVector<uint64_t> registerBasis = getReducedBasis(varying);

  // The calling thread's part, when it has one (lanes and warps that move
  // only along the axis do not move the holder).
  Value threadPart;
  auto nonzero = [](int64_t column) { return column != 0; };
  if (llvm::any_of(map->lanes, nonzero) || llvm::any_of(map->warps, nonzero)) {
    OffsetMap threadMap;
    threadMap.lanes = map->lanes;
    threadMap.warps = map->warps;
    threadPart = emitThreadOffset(rewriter, loc, threadMap,
                                  getLaneAndWarp(rewriter, loc, target));
  }
  SmallVector<Value> values = unpackLLElements(loc, src, rewriter);
  SmallVector<Value> indexValues = unpackLLElements(loc, indices, rewriter);
  // A register that repeats another's element (and index) repeats its result.
  unsigned repeated = 0;
  for (auto [bit, basis] : llvm::enumerate(resultLayout.getBases("register")))
    if (llvm::all_of(basis, [](int32_t v) { return v == 0; }))
      repeated |= 1u << bit;
  SmallVector<Value> results;
  for (auto [reg, index] : llvm::enumerate(indexValues)) {
    if (reg & repeated) {
      results.push_back(results[reg & ~repeated]);
      continue;
    }
    int64_t fixed = 0;
    for (auto [bit, column] : llvm::enumerate(map->registers))
      if (reg >> bit & 1)
        fixed ^= column;
    Value holder = emitLinearMap(
        rewriter, loc, getGatherIndexI32(rewriter, loc, index), map->index);
    if (threadPart)
      holder = LLVM::XOrOp::create(rewriter, loc, holder, threadPart);
    if (fixed != 0)
      holder = LLVM::XOrOp::create(rewriter, loc, holder,
                                   createI32Constant(rewriter, loc, fixed));
    uint64_t fixedRegister = uint64_t(fixed) >> laneBits;
    Value lane = holder;
    if (!registerBasis.empty() || fixedRegister != 0)
      lane =
          LLVM::AndOp::create(rewriter, loc, holder,
                              createI32Constant(rewriter, loc, warpSize - 1));
    // Candidate m: the fixed register XOR the basis vectors of m's bits.
    SmallVector<Value> candidates;
    for (unsigned m = 0; m < (1u << registerBasis.size()); ++m) {
      uint64_t sourceRegister = fixedRegister;
      for (auto [i, vector] : llvm::enumerate(registerBasis))
        if (m >> i & 1)
          sourceRegister ^= vector;
      candidates.push_back(
          shuffleIdxAny(rewriter, loc, target, values[sourceRegister], lane));
    }
    // A basis vector is in the register read where its pivot bit differs
    // from the fixed register's: halve the candidates on it, lowest first.
    for (uint64_t vector : registerBasis) {
      unsigned pivot = llvm::Log2_64(vector);
      Value mask =
          createI32Constant(rewriter, loc, int64_t(1) << (laneBits + pivot));
      Value bit = LLVM::AndOp::create(rewriter, loc, holder, mask);
      Value set =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, bit,
                               createI32Constant(rewriter, loc, 0));
      bool fixedSet = fixedRegister >> pivot & 1;
      SmallVector<Value> halved;
      for (unsigned m = 0; m < candidates.size(); m += 2)
        halved.push_back(LLVM::SelectOp::create(
            rewriter, loc, set, candidates[m + (fixedSet ? 0 : 1)],
            candidates[m + (fixedSet ? 1 : 0)]));
      candidates = std::move(halved);
    }
    results.push_back(candidates.front());
  }
  rewriter.replaceOp(
      op, packLLElements(loc, &converter, results, rewriter, op.getType()));
  return success();
}
