//===- ScanOpToLLVM.cpp - tt.scan as registers, shuffles and scratch ------===//
//
// An inclusive scan along `axis` (from the last element when `reverse`).
// The axis coordinate of an element is the xor of register, lane and warp
// bits (AxisBits); from its least significant bit up, the supported layouts
// have some register bits (R0), then all the lane bits that move along the
// axis (L), then register and warp bits in any order (H). A block is the
// set of elements that share their H bits. Then:
//  1. in the thread: each run of registers that differ only in R0 bits (a
//     chunk) is scanned in order;
//  2. in the warp: Hillis-Steele over the lanes of the chunks' totals
//     (log2 steps of an indexed shuffle from `d` lanes back), then the
//     prefix of the lanes before adds into every element of the chunk; a
//     block's total is now at its last lane;
//  3. over H: when H holds registers only, a running prefix of the blocks'
//     totals (read from the last lane) goes into the later blocks; when
//     warps take part, every warp writes its blocks' totals to the op's
//     scratch as [block index][element of the other dimensions], one
//     barrier, and each thread builds the running prefix of the totals in
//     scan order, taking for each chunk the prefix at its block's index (its
//     register bits are known, its warp bits selected at run time).
// Every combine keeps the scan order (earlier elements as the first
// operand), so an associative but non-commutative region is exact.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ReduceScanUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

namespace {

/// Registers of a thread that differ only in the R0 bits.
struct Chunk {
  int32_t high; // its register-owned H bits, as a block index
  SmallVector<std::pair<int32_t, int>>
      members;      // (R0 part of the axis coordinate, register)
  ValueTuple total; // inclusive prefix at its last element
};

/// Registers of a thread with the same coordinates off the axis.
struct Row {
  Coords key;
  SmallVector<Chunk> chunks;
};

struct ScanOpConversion : ConvertOpToLLVMPattern<ScanOp> {
  ScanOpConversion(TritonGPUToLLVMTypeConverter &converter,
                   const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    bool reverse = op.getReverse();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    std::optional<LinearLayout> layout = getDistributedLayout(srcType);
    if (!layout)
      return op.emitError()
             << "tt.scan of a tensor in layout " << srcType.getEncoding()
             << " is not supported yet by the LLVM lowering";
    if (!op.getCombineOp().hasOneBlock())
      return op.emitError(
          "tt.scan whose combine region has control flow is not supported yet "
          "by the LLVM lowering");
    Block &combine = op.getCombineOp().front();
    std::string whyNot;
    FailureOr<AxisBits> bits = analyzeAxis(*layout, axis, whyNot);
    if (succeeded(bits) && !hasSupportedOrder(*bits))
      whyNot = "a lane bit moves along the axis above a warp bit or a register "
               "bit that is "
               "not among the lowest";
    if (failed(bits) || !whyNot.empty())
      return op.emitError()
             << "tt.scan along axis " << axis << " of layout "
             << srcType.getEncoding()
             << " is not supported yet by the LLVM lowering: " << whyNot;
    const TypeConverter &converter = *getTypeConverter();
    ArrayRef<AxisBits::Owner> owners = bits->owners;
    unsigned numBits = owners.size();
    unsigned r0 = 0;
    while (r0 < numBits && owners[r0].dim == HardwareDim::Register)
      ++r0;
    unsigned k = r0;
    while (k < numBits && owners[k].dim == HardwareDim::Lane)
      ++k;
    unsigned numLaneBits = k - r0;
    SmallVector<std::pair<unsigned, unsigned>> warpToBlock;
    for (unsigned p = k; p < numBits; ++p)
      if (owners[p].dim == HardwareDim::Warp)
        warpToBlock.push_back({owners[p].bit, p - k});
    SmallVector<Type> llvmTypes;
    for (Value src : op.getSrcs())
      llvmTypes.push_back(
          getLLVMElementType(converter, getElementTypeOrSelf(src.getType())));
    std::optional<int64_t> offset = getAllocationOffset(op);
    if (!warpToBlock.empty()) {
      if (!offset)
        return op.emitError(
            "tt.scan across warps needs its shared-memory scratch: run "
            "-allocate-shared-memory first");
      int64_t slots = (int64_t(1) << (numBits - k)) * getNumRows(op);
      if (ScratchTuple::getSizeInBytes(llvmTypes, slots) >
          getScratchSizeInBytes(op))
        return op.emitError(
            "tt.scan whose block totals exceed the scratch the allocation "
            "gives it is not supported yet by the LLVM lowering");
    }

    SmallVector<SmallVector<Value>> elements;
    for (Value converted : adaptor.getSrcs())
      elements.push_back(unpackLLElements(loc, converted, rewriter));
    auto apply = [&](ValueRange acc, ValueRange cur) {
      return emitCombine(rewriter, loc, combine, converter, acc, cur);
    };

    // Rows and chunks; a register repeating another's element takes its
    // result.
    SmallVector<SmallVector<int32_t>> regCoords = getRegisterPart(*layout);
    unsigned numRegs = regCoords.size();
    SmallVector<int> representative(numRegs);
    std::map<Coords, int> firstHolder;
    SmallVector<Row> rows;
    std::map<Coords, unsigned> rowOf;
    for (auto [reg, coords] : llvm::enumerate(regCoords)) {
      auto [held, fresh] = firstHolder.try_emplace(Coords(coords), reg);
      representative[reg] = held->second;
      if (!fresh)
        continue;
      Coords key = dropAxis(coords, axis);
      auto [it, inserted] = rowOf.try_emplace(key, rows.size());
      if (inserted)
        rows.push_back({key, {}});
      Row &row = rows[it->second];
      int32_t x = coords[axis];
      int32_t high = x >> k;
      auto chunk = llvm::find_if(
          row.chunks, [&](const Chunk &c) { return c.high == high; });
      if (chunk == row.chunks.end()) {
        row.chunks.push_back({high, {}, {}});
        chunk = std::prev(row.chunks.end());
      }
      chunk->members.push_back({x & ((1 << r0) - 1), static_cast<int>(reg)});
    }
    // Scan order: by axis coordinate, backwards when reversed.
    for (Row &row : rows) {
      llvm::sort(row.chunks, [&](const Chunk &a, const Chunk &b) {
        return reverse ? a.high > b.high : a.high < b.high;
      });
      for (Chunk &chunk : row.chunks) {
        llvm::sort(chunk.members);
        if (reverse)
          std::reverse(chunk.members.begin(), chunk.members.end());
      }
    }

    SmallVector<ValueTuple> results(numRegs);
    // 1. Within the thread.
    for (Row &row : rows)
      for (Chunk &chunk : row.chunks) {
        ValueTuple acc;
        for (auto [position, reg] : chunk.members) {
          ValueTuple cur;
          for (const SmallVector<Value> &operand : elements)
            cur.push_back(operand[reg]);
          acc = acc.empty() ? cur : apply(acc, cur);
          results[reg] = acc;
        }
        chunk.total = acc;
      }

    // 2. Within the warp.
    std::optional<LaneAndWarp> thread;
    auto getThread = [&]() -> LaneAndWarp {
      if (!thread)
        thread = getLaneAndWarp(rewriter, loc, target);
      return *thread;
    };
    // The lane holding lane-axis index `index` (i32, taken modulo the lane
    // count along the axis) and the calling lane's other lane bits.
    SmallVector<std::pair<unsigned, unsigned>> laneToIndex, indexToLane;
    for (unsigned j = 0; j < numLaneBits; ++j) {
      laneToIndex.push_back({owners[r0 + j].bit, j});
      indexToLane.push_back({j, owners[r0 + j].bit});
    }
    int32_t laneMask = 0;
    for (auto [bit, j] : laneToIndex)
      laneMask |= 1 << bit;
    int32_t lastIndex = (1 << numLaneBits) - 1;
    Value laneIndex, scanLaneIndex, otherLaneBits;
    auto laneHolding = [&](Value index) -> Value {
      Value bitsOfIndex = moveBits(rewriter, loc, index, indexToLane);
      return LLVM::OrOp::create(rewriter, loc, otherLaneBits, bitsOfIndex);
    };
    auto laneBackBy = [&](int32_t distance) -> Value {
      // `distance` positions earlier in scan order.
      Value delta = createI32Constant(rewriter, loc, distance);
      Value index =
          reverse
              ? LLVM::AddOp::create(rewriter, loc, laneIndex, delta).getResult()
              : LLVM::SubOp::create(rewriter, loc, laneIndex, delta)
                    .getResult();
      return laneHolding(index);
    };
    auto shuffleTuple = [&](ValueRange values, Value lane) {
      ValueTuple shuffled;
      for (Value value : values)
        shuffled.push_back(shuffleIdxAny(rewriter, loc, target, value, lane));
      return shuffled;
    };
    // A forward scan whose lane-axis index is the lane's low bits in order
    // reads lane - d of its segment: shfl.up, no lane arithmetic.
    bool lowLanes = !reverse;
    for (unsigned j = 0; j < numLaneBits; ++j)
      lowLanes &= owners[r0 + j].bit == j;
    auto shuffleTupleUp = [&](ValueRange values, int32_t distance) {
      ValueTuple shuffled;
      for (Value value : values)
        shuffled.push_back(shuffleUpAny(rewriter, loc, target, value, distance,
                                        1 << numLaneBits));
      return shuffled;
    };
    if (numLaneBits > 0) {
      Value lane = getThread().lane;
      laneIndex = moveBits(rewriter, loc, lane, laneToIndex);
      scanLaneIndex =
          reverse
              ? LLVM::XOrOp::create(rewriter, loc, laneIndex,
                                    createI32Constant(rewriter, loc, lastIndex))
                    .getResult()
              : laneIndex;
      otherLaneBits = LLVM::AndOp::create(
          rewriter, loc, lane, createI32Constant(rewriter, loc, ~laneMask));
      SmallVector<int32_t> distances; // 2^i, per step i
      SmallVector<Value> laneBack;    // lane 2^i back, per step i (shfl.idx)
      SmallVector<Value> reachesBack; // whether that lane exists
      for (int32_t d = 1; d <= lastIndex; d <<= 1) {
        distances.push_back(d);
        if (!lowLanes)
          laneBack.push_back(laneBackBy(d));
        reachesBack.push_back(LLVM::ICmpOp::create(
            rewriter, loc, LLVM::ICmpPredicate::uge, scanLaneIndex,
            createI32Constant(rewriter, loc, d)));
      }
      auto earlierBy = [&](ValueRange values, unsigned step) {
        return lowLanes ? shuffleTupleUp(values, distances[step])
                        : shuffleTuple(values, laneBack[step]);
      };
      Value hasPrevious = reachesBack.front();
      for (Row &row : rows)
        for (Chunk &chunk : row.chunks) {
          ValueTuple total = chunk.total;
          for (auto [step, reaches] : llvm::enumerate(reachesBack)) {
            ValueTuple earlier = earlierBy(total, step);
            total = selectTuple(rewriter, loc, reaches, apply(earlier, total),
                                total);
          }
          // The lanes before this one, into every element but the last
          // (whose prefix is the total just computed).
          ValueTuple before = earlierBy(total, 0);
          for (auto [position, reg] : llvm::drop_end(chunk.members))
            results[reg] =
                selectTuple(rewriter, loc, hasPrevious,
                            apply(before, results[reg]), results[reg]);
          results[chunk.members.back().second] = total;
          chunk.total = total;
        }
    }

    // 3. Over the blocks.
    if (k < numBits) {
      // A block's total: its last lane's inclusive prefix.
      Value lastLane;
      if (numLaneBits > 0)
        lastLane = laneHolding(
            createI32Constant(rewriter, loc, reverse ? 0 : lastIndex));
      for (Row &row : rows)
        for (Chunk &chunk : row.chunks)
          if (numLaneBits > 0)
            chunk.total = shuffleTuple(chunk.total, lastLane);

      if (warpToBlock.empty()) {
        // Every block is in the thread.
        for (Row &row : rows) {
          ValueTuple prefix = row.chunks.front().total;
          for (Chunk &chunk : llvm::drop_begin(row.chunks)) {
            for (auto [position, reg] : chunk.members)
              results[reg] = apply(prefix, results[reg]);
            prefix = apply(prefix, chunk.total);
          }
        }
      } else {
        scanAcrossWarps(op, rewriter, *layout, rows, warpToBlock, numBits - k,
                        llvmTypes, *offset, combine, getThread(), results);
      }
    }

    SmallVector<Value> packed;
    for (auto [operand, result] : llvm::enumerate(op.getResult())) {
      SmallVector<Value> values;
      for (unsigned reg = 0; reg < numRegs; ++reg)
        values.push_back(results[representative[reg]][operand]);
      packed.push_back(
          packLLElements(loc, &converter, values, rewriter, result.getType()));
    }
    rewriter.replaceOp(op, packed);
    return success();
  }

private:
  /// R0, then every lane bit, then the rest.
  static bool hasSupportedOrder(const AxisBits &bits) {
    unsigned p = 0, n = bits.owners.size();
    while (p < n && bits.owners[p].dim == HardwareDim::Register)
      ++p;
    while (p < n && bits.owners[p].dim == HardwareDim::Lane)
      ++p;
    for (; p < n; ++p)
      if (bits.owners[p].dim == HardwareDim::Lane)
        return false;
    return true;
  }

  /// The number of elements of the other dimensions.
  static int64_t getNumRows(ScanOp op) {
    auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
    return type.getNumElements() / type.getShape()[op.getAxis()];
  }

  /// Step 3 with warps among the H bits: blocks' totals through shared
  /// memory. `chunk.total` holds each block's total in every lane.
  void scanAcrossWarps(ScanOp op, ConversionPatternRewriter &rewriter,
                       const LinearLayout &layout, ArrayRef<Row> rows,
                       ArrayRef<std::pair<unsigned, unsigned>> warpToBlock,
                       unsigned numBlockBits, ArrayRef<Type> llvmTypes,
                       int64_t offset, Block &combine, LaneAndWarp thread,
                       SmallVectorImpl<ValueTuple> &results) const {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    bool reverse = op.getReverse();
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(op.getSrcs()[0].getType()).getShape();
    SmallVector<int64_t> rowShape(shape);
    rowShape.erase(rowShape.begin() + axis);
    int64_t numRows = getNumRows(op);
    int64_t numBlocks = int64_t(1) << numBlockBits;
    int64_t slots = numBlocks * numRows;
    auto apply = [&](ValueRange acc, ValueRange cur) {
      return emitCombine(rewriter, loc, combine, *getTypeConverter(), acc, cur);
    };

    SmallVector<Value> threadPart =
        emitThreadPart(rewriter, loc, layout, thread);
    threadPart.erase(threadPart.begin() + axis);
    Value warpBlockBits = moveBits(rewriter, loc, thread.warp, warpToBlock);
    ScratchTuple scratch(rewriter, loc, offset, llvmTypes, slots);
    // A block's slot is by its index in scan order.
    auto scanBlockIndex = [&](const Chunk &chunk) -> Value {
      Value index =
          LLVM::OrOp::create(rewriter, loc, warpBlockBits,
                             createI32Constant(rewriter, loc, chunk.high));
      if (reverse)
        index = LLVM::XOrOp::create(
            rewriter, loc, index,
            createI32Constant(rewriter, loc, numBlocks - 1));
      return index;
    };
    SmallVector<ScratchSlot> rowIndex;
    for (const Row &row : rows) {
      rowIndex.push_back(
          {flattenIndex(rewriter, loc,
                        combineCoords(rewriter, loc, threadPart, row.key),
                        rowShape),
           getFlatIndexAlignLog2(layout, axis, row.key, rowShape,
                                 static_cast<bool>(thread.block))});
      for (const Chunk &chunk : row.chunks) {
        Value rowCount = createI32Constant(rewriter, loc, numRows);
        Value slot = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, scanBlockIndex(chunk), rowCount),
            rowIndex.back().index);
        unsigned alignLog2 =
            std::min<unsigned>(rowIndex.back().indexAlignLog2,
                               llvm::countr_zero(uint64_t(numRows)));
        scratch.store(rewriter, loc, {slot, alignLog2}, chunk.total);
      }
    }
    target.barrier(rewriter, loc);

    // A chunk's block index is its register bits (known here) with the
    // thread's warp bits (known at run time): its prefix is one of the
    // running prefixes at the indices those warp bits can make, chosen by
    // comparing them. The running prefix over the blocks in scan order is
    // built once per row, each candidate taken as it passes.
    int64_t warpMask = 0;
    for (auto [warpBit, blockBit] : warpToBlock)
      warpMask |= int64_t(1) << blockBit;
    int64_t flip = reverse ? numBlocks - 1 : 0;
    std::map<int64_t, Value> isWarpPattern;
    auto warpIs = [&](int64_t pattern) {
      Value &cond = isWarpPattern[pattern];
      if (!cond)
        cond = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                    warpBlockBits,
                                    createI32Constant(rewriter, loc, pattern));
      return cond;
    };
    // The rows advance together, block by block: the totals of one block
    // for all rows are adjacent in the scratch and read together, and only
    // each row's running prefix (and the prefixes of its chunks still being
    // chosen) stays live.
    struct RowPrefix {
      // candidates[j]: (chunk, warp pattern) whose block is j in scan order.
      std::map<int64_t, SmallVector<std::pair<unsigned, int64_t>>> candidates;
      SmallVector<ValueTuple> before; // per chunk: the blocks before it
      ValueTuple prefix;              // blocks 0..j-1, in scan order
      int64_t last = 0;               // the last block a chunk may be
    };
    SmallVector<RowPrefix> prefixes(rows.size());
    int64_t lastOfAll = 0;
    for (auto [row, scan] : llvm::zip(rows, prefixes)) {
      for (auto [c, chunk] : llvm::enumerate(row.chunks))
        for (int64_t pattern = warpMask;; pattern = (pattern - 1) & warpMask) {
          scan.candidates[(pattern | chunk.high) ^ flip].push_back(
              {unsigned(c), pattern});
          if (pattern == 0)
            break;
        }
      scan.before.resize(row.chunks.size());
      scan.last = scan.candidates.empty() ? 0 : scan.candidates.rbegin()->first;
      lastOfAll = std::max(lastOfAll, scan.last);
    }
    for (int64_t j = 0; j <= lastOfAll; ++j)
      for (auto [scan, index] : llvm::zip(prefixes, rowIndex)) {
        if (j > scan.last)
          continue;
        if (j > 0)
          for (auto [c, pattern] : scan.candidates[j])
            scan.before[c] = scan.before[c].empty()
                                 ? scan.prefix
                                 : selectTuple(rewriter, loc, warpIs(pattern),
                                               scan.prefix, scan.before[c]);
        if (j == scan.last)
          continue;
        ValueTuple total = scratch.load(
            rewriter, loc, {index.index, index.indexAlignLog2, j * numRows});
        scan.prefix = scan.prefix.empty() ? total : apply(scan.prefix, total);
      }
    for (auto [row, scan] : llvm::zip(rows, prefixes))
      for (auto [c, chunk] : llvm::enumerate(row.chunks)) {
        if (scan.before[c].empty())
          continue; // always the first block
        Value zero = createI32Constant(rewriter, loc, 0);
        Value hasBefore =
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne,
                                 scanBlockIndex(chunk), zero);
        for (auto [position, reg] : chunk.members)
          results[reg] =
              selectTuple(rewriter, loc, hasBefore,
                          apply(scan.before[c], results[reg]), results[reg]);
      }
  }

  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::populateScanOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<ScanOpConversion>(converter, target);
}
