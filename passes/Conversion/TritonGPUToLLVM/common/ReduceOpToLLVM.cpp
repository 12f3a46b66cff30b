//===- ReduceOpToLLVM.cpp - tt.reduce as registers, shuffles and scratch --===//
//
// A reduction along `axis` runs in up to three steps, each only when the
// source layout spreads the axis over that level:
//  1. in the thread: registers holding the same output element (same
//     coordinates but along the axis) combine in axis order;
//  2. in the warp: butterfly shuffles over the lane bits that move along the
//     axis, each lane combining (own, other). A commutative region (one
//     commutative op) takes the highest lane bit first, as Triton does, so a
//     float sum has Triton's association and bits. Any other region takes
//     the lowest first: the lane with the axis bits clear then ends with the
//     in-order result, which the region reads from it (one index shuffle),
//     so every lane holds the same bits (a uniform scalar, one value per
//     scratch slot);
//  3. across warps: every warp writes its partials to the op's scratch as
//     [warp index along the axis][output element], one barrier, and each
//     thread reads back the partials of its output elements and combines
//     them: as Triton's butterfly (farthest warps first) for a commutative
//     region, in warp order (neighbours first) for any other.
// No barrier follows step 3: a later write of the same scratch is ordered
// by Membar, which treats the op as reading and writing its scratch.
// When the axis runs through registers, then lanes, then warps, every
// combine keeps the elements' order, so an associative but non-commutative
// region is exact; registers repeating the CTA's tile along the axis are
// combined first within the thread, as Triton does (exact for commutative
// regions, which Triton assumes).
// The result comes out in the register order of its own layout (a slice of
// the source's), found by matching coordinates; a 1-D source reduces to a
// scalar that every thread holds. A sum of one-hot products (OneHotSum.h)
// takes the same three steps as a selection: the register, the lane and
// the warp holding the selected element.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Conversion/TritonGPUToLLVM/common/OneHotSum.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ReduceScanUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

#include <set>

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

namespace {

/// The registers of a thread that reduce into one output element.
struct Group {
  Coords key; // coordinates without the axis
  SmallVector<std::pair<int32_t, int>>
      members; // (coordinate along the axis, register)
  ValueTuple acc;
};

struct ReduceOpConversion : ConvertOpToLLVMPattern<ReduceOp> {
  ReduceOpConversion(TritonGPUToLLVMTypeConverter &converter,
                     const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    auto srcType = dyn_cast<RankedTensorType>(op.getSrcs()[0].getType());
    if (!srcType)
      return op.emitError(
          "tt.reduce of scalars is not supported yet by the LLVM lowering");
    std::optional<LinearLayout> layout = getDistributedLayout(srcType);
    if (!layout)
      return op.emitError()
             << "tt.reduce of a tensor in layout " << srcType.getEncoding()
             << " is not supported yet by the LLVM lowering";
    if (!op.getCombineOp().hasOneBlock())
      return op.emitError(
          "tt.reduce whose combine region has control flow is not supported "
          "yet by the LLVM lowering");
    Block &combine = op.getCombineOp().front();
    std::string whyNot;
    FailureOr<AxisBits> bits = analyzeAxis(*layout, axis, whyNot);
    if (failed(bits))
      return op.emitError()
             << "tt.reduce along axis " << axis << " of layout "
             << srcType.getEncoding()
             << " is not supported yet by the LLVM lowering: " << whyNot;
    const TypeConverter &converter = *getTypeConverter();

    // The registers of a thread that reduce together; a register repeating
    // an element held already (a broadcast register basis) is left out.
    SmallVector<Group> groups;
    std::map<Coords, unsigned> groupOf;
    std::set<Coords> held;
    for (auto [reg, coords] : llvm::enumerate(getRegisterPart(*layout))) {
      if (!held.insert(Coords(coords)).second)
        continue;
      Coords key = dropAxis(coords, axis);
      auto [it, inserted] = groupOf.try_emplace(key, groups.size());
      if (inserted)
        groups.push_back({key, {}, {}});
      groups[it->second].members.push_back(
          {coords[axis], static_cast<int>(reg)});
    }

    // Where each result register comes from.
    bool scalarResult = !isa<RankedTensorType>(op.getResult()[0].getType());
    std::optional<LinearLayout> resultLayout;
    SmallVector<Coords> resultCoords;
    if (scalarResult) {
      resultCoords.push_back({});
    } else {
      auto resultType = cast<RankedTensorType>(op.getResult()[0].getType());
      resultLayout = getDistributedLayout(resultType);
      if (!resultLayout)
        return op.emitError() << "tt.reduce with a result in layout "
                              << resultType.getEncoding()
                              << " is not supported yet by the LLVM lowering";
      for (const SmallVector<int32_t> &coords : getRegisterPart(*resultLayout))
        resultCoords.push_back(Coords(coords));
    }
    SmallVector<Type> llvmTypes;
    for (Value src : op.getSrcs())
      llvmTypes.push_back(
          getLLVMElementType(converter, getElementTypeOrSelf(src.getType())));
    SmallVector<unsigned> warpBits = bits->bitsOf(HardwareDim::Warp);
    std::optional<int64_t> offset = getAllocationOffset(op);
    if (warpBits.empty()) {
      if (!scalarResult && !sameThreadPart(*layout, *resultLayout, axis))
        return op.emitError(
            "tt.reduce whose result layout is not the slice of its source "
            "layout along the axis is not supported yet by the LLVM lowering");
      for (const Coords &coords : resultCoords)
        if (!groupOf.count(coords))
          return op.emitError(
              "tt.reduce whose result layout gives a thread elements it did "
              "not reduce is not supported yet by the LLVM lowering");
    } else {
      if (!offset)
        return op.emitError(
            "tt.reduce across warps needs its shared-memory scratch: run "
            "-allocate-shared-memory first");
      int64_t slots = (int64_t(1) << warpBits.size()) * getNumOutputs(op);
      if (ScratchTuple::getSizeInBytes(llvmTypes, slots) >
          getScratchSizeInBytes(op))
        return op.emitError(
            "tt.reduce whose partials exceed the scratch the allocation gives "
            "it is not supported yet by the LLVM lowering");
    }

    SmallVector<SmallVector<Value>> elements;
    for (Value converted : adaptor.getSrcs())
      elements.push_back(unpackLLElements(loc, converted, rewriter));
    auto tupleAt = [&](int reg) {
      ValueTuple tuple;
      for (const SmallVector<Value> &operand : elements)
        tuple.push_back(operand[reg]);
      return tuple;
    };
    auto apply = [&](ValueRange acc, ValueRange cur) {
      return emitCombine(rewriter, loc, combine, converter, acc, cur);
    };

    // A one-hot sum only selects (OneHotSum.h): steps 1 and 2 then move the
    // selected element instead of combining, and step 3 reads the partial
    // of the warp holding it instead of combining all warps' partials.
    // `selectedWarp`: the warp slot of the selected element, where it is one.
    std::optional<int64_t> selectedWarp;
    if (std::optional<OneHotSum> oneHot = matchOneHotSum(op))
      if (succeeded(
              selectOneHot(rewriter, loc, *oneHot, *bits, llvmTypes, groups)))
        selectedWarp = getWarpSlot(*bits, oneHot->index);
    bool selected = selectedWarp.has_value();

    // 1. Within the thread, in axis order.
    for (Group &group :
         selected ? MutableArrayRef<Group>() : MutableArrayRef<Group>(groups)) {
      llvm::sort(group.members);
      group.acc = tupleAt(group.members.front().second);
      for (auto [coord, reg] : llvm::drop_begin(group.members))
        group.acc = apply(group.acc, tupleAt(reg));
    }

    // 2. Within the warp. Lane bits that do not move along the axis hold
    //    other outputs or copies, and take no part. Bits go from the lowest
    //    axis bit up, each lane combining its value with its partner's as
    //    (own, other): the lane with every axis bit clear combines the
    //    earlier elements first at every step, so it ends with the in-order
    //    result. A region that is one commutative op gives every lane that
    //    result; any other region's result is then read from that lane, one
    //    shuffle per value (cheaper than ordering each pair in both lanes).
    SmallVector<unsigned> laneBits;
    if (!selected)
      laneBits = bits->bitsOf(HardwareDim::Lane);
    bool commutative = isCommutativeCombine(combine);
    std::optional<LaneAndWarp> thread;
    if ((!laneBits.empty() && !commutative) || !warpBits.empty())
      thread = getLaneAndWarp(rewriter, loc, target);
    // A commutative region combines the highest lane bit first, as Triton
    // does (the same association, so a float sum has Triton's bits); any
    // other region the lowest first, which keeps the elements in order.
    // (Highest lane bit, not highest axis bit: a linear layout may give the
    // axis to the lane bits in another order.)
    SmallVector<unsigned> laneOrder(laneBits);
    if (commutative)
      llvm::sort(laneOrder, std::greater<unsigned>());
    // A reduction over every lane of the warp by one op the target reduces
    // in a single instruction (NVIDIA's redux.sync) needs no shuffles.
    bool wholeWarp = commutative && elements.size() == 1 &&
                     laneBits.size() == llvm::Log2_32(target.getWarpSize());
    if (wholeWarp && !groups.empty()) {
      Operation *combiner =
          combine.getTerminator()->getOperand(0).getDefiningOp();
      SmallVector<Value> reduced;
      for (Group &group : groups) {
        Value value =
            target.reduceWarp(rewriter, loc, group.acc.front(), combiner);
        if (!value)
          break;
        reduced.push_back(value);
      }
      if (reduced.size() == groups.size()) {
        for (auto [group, value] : llvm::zip(groups, reduced))
          group.acc = {value};
        laneOrder.clear();
      }
    }
    // One output's shuffles after another's, as Triton orders them.
    for (Group &group : groups)
      for (unsigned bit : laneOrder) {
        ValueTuple other;
        for (Value value : group.acc)
          other.push_back(
              shuffleXorAny(rewriter, loc, target, value, 1 << bit));
        group.acc = apply(group.acc, other);
      }
    if (!commutative && !laneBits.empty()) {
      uint32_t axisLanes = 0;
      for (unsigned bit : laneBits)
        axisLanes |= 1u << bit;
      Value first =
          LLVM::AndOp::create(rewriter, loc, thread->lane,
                              createI32Constant(rewriter, loc, ~axisLanes));
      for (Group &group : groups)
        for (Value &value : group.acc)
          value = shuffleIdxAny(rewriter, loc, target, value, first);
    }

    // 3. Across warps, or straight from the registers.
    SmallVector<ValueTuple> outputs;
    if (warpBits.empty()) {
      for (const Coords &coords : resultCoords)
        outputs.push_back(groups[groupOf[coords]].acc);
    } else {
      outputs = reduceAcrossWarps(
          op, rewriter, *layout, resultLayout, resultCoords, warpBits, groups,
          llvmTypes, *offset, combine, commutative, *thread, selectedWarp);
    }

    SmallVector<Value> results;
    for (auto [k, result] : llvm::enumerate(op.getResult())) {
      SmallVector<Value> values;
      for (const ValueTuple &output : outputs)
        values.push_back(output[k]);
      results.push_back(
          packLLElements(loc, &converter, values, rewriter, result.getType()));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

private:
  /// Whether the result's lanes and warps hold the source's elements with the
  /// axis dropped, so each thread's outputs are in its own registers.
  static bool sameThreadPart(const LinearLayout &source,
                             const LinearLayout &result, unsigned axis) {
    for (StringRef dim : {"lane", "warp"}) {
      ArrayRef<LinearLayout::Basis> sourceBases = source.getBases(dim);
      ArrayRef<LinearLayout::Basis> resultBases = result.getBases(dim);
      if (sourceBases.size() != resultBases.size())
        return false;
      for (auto [s, r] : llvm::zip(sourceBases, resultBases))
        if (dropAxis(Coords(s.begin(), s.end()), axis) !=
            Coords(r.begin(), r.end()))
          return false;
    }
    return true;
  }

  /// Steps 1 and 2 of a one-hot sum: each group takes the element at the
  /// selected coordinate along the axis, from the register whose axis bits
  /// are the coordinate's, then from the lane whose axis bits are (one
  /// shuffle a lane bit, each lane keeping its own value where its bit is
  /// the coordinate's). The shuffles move the unmasked values, the same for
  /// every mask, so the sums of a pair's two elements share them once LLVM
  /// merges identical shuffles. Where warps split the axis, each warp ends
  /// with its own candidate, and step 3 reads the right warp's. Fails,
  /// creating nothing, where the selected tensors are not converted yet.
  LogicalResult selectOneHot(ConversionPatternRewriter &rewriter, Location loc,
                             const OneHotSum &oneHot, const AxisBits &bits,
                             ArrayRef<Type> llvmTypes,
                             MutableArrayRef<Group> groups) const {
    SmallVector<Value> converted;
    for (const OneHotSum::Operand &operand : oneHot.operands) {
      Value value = rewriter.getRemappedValue(operand.selected);
      if (!value)
        return failure();
      converted.push_back(value);
    }
    int64_t registerPart = 0;
    SmallVector<std::pair<unsigned, bool>> laneSteps; // (lane bit, wanted)
    for (auto [p, owner] : llvm::enumerate(bits.owners)) {
      bool set = (oneHot.index >> p) & 1;
      if (owner.dim == HardwareDim::Register)
        registerPart |= int64_t(set) << p;
      else if (owner.dim == HardwareDim::Lane)
        laneSteps.push_back({owner.bit, set});
      // Warp bits: step 3 reads the partial of the warp holding it.
    }
    SmallVector<int> picks;
    for (const Group &group : groups) {
      auto it = llvm::find_if(group.members, [&](const auto &member) {
        return member.first == registerPart;
      });
      if (it == group.members.end())
        return failure();
      picks.push_back(it->second);
    }

    SmallVector<SmallVector<Value>> elements;
    for (Value value : converted)
      elements.push_back(unpackLLElements(loc, value, rewriter));
    Value lane;
    if (!laneSteps.empty())
      lane = getLaneAndWarp(rewriter, loc, target).lane;
    SmallVector<Value> keepOwn;
    for (auto [bit, wanted] : laneSteps) {
      Value mask = createI32Constant(rewriter, loc, 1 << bit);
      Value own = LLVM::AndOp::create(rewriter, loc, lane, mask);
      keepOwn.push_back(LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq, own,
          wanted ? mask : createI32Constant(rewriter, loc, 0)));
    }
    for (auto [group, reg] : llvm::zip(groups, picks)) {
      ValueTuple acc;
      for (const SmallVector<Value> &operand : elements)
        acc.push_back(operand[reg]);
      for (auto [step, keep] : llvm::zip(laneSteps, keepOwn)) {
        ValueTuple other;
        for (Value value : acc)
          other.push_back(
              shuffleXorAny(rewriter, loc, target, value, 1 << step.first));
        acc = selectTuple(rewriter, loc, keep, acc, other);
      }
      for (auto [value, operand, type] :
           llvm::zip(acc, oneHot.operands, llvmTypes)) {
        if (operand.extension == OneHotSum::Extension::Sign)
          value = LLVM::SExtOp::create(rewriter, loc, type, value);
        else if (operand.extension == OneHotSum::Extension::Zero)
          value = LLVM::ZExtOp::create(rewriter, loc, type, value);
      }
      group.acc = acc;
    }
    return success();
  }

  /// For a one-hot sum at `index` along the axis, the slot of step 3's
  /// scratch that holds the partial of the warp holding it: the index's warp
  /// bits, in the order step 3 numbers the warps along the axis (by the axis
  /// bit each moves).
  static int64_t getWarpSlot(const AxisBits &bits, int64_t index) {
    int64_t slot = 0;
    unsigned j = 0;
    for (auto [p, owner] : llvm::enumerate(bits.owners))
      if (owner.dim == HardwareDim::Warp)
        slot |= ((index >> p) & 1) << j++;
    return slot;
  }

  /// The number of elements of the result (1 for a scalar).
  static int64_t getNumOutputs(ReduceOp op) {
    auto type = cast<RankedTensorType>(op.getSrcs()[0].getType());
    return type.getNumElements() / type.getShape()[op.getAxis()];
  }

  /// Step 3: partials through shared memory. Returns one tuple per result
  /// register. With `onlyWarp` (a one-hot sum), each output is that warp's
  /// partial, read alone.
  SmallVector<ValueTuple>
  reduceAcrossWarps(ReduceOp op, ConversionPatternRewriter &rewriter,
                    const LinearLayout &layout,
                    const std::optional<LinearLayout> &resultLayout,
                    ArrayRef<Coords> resultCoords, ArrayRef<unsigned> warpBits,
                    ArrayRef<Group> groups, ArrayRef<Type> llvmTypes,
                    int64_t offset, Block &combine, bool commutative,
                    LaneAndWarp thread, std::optional<int64_t> onlyWarp) const {
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(op.getSrcs()[0].getType()).getShape();
    SmallVector<int64_t> outShape(shape);
    outShape.erase(outShape.begin() + axis);
    int64_t numOutputs = getNumOutputs(op);
    int64_t numWarps = int64_t(1) << warpBits.size();
    int64_t slots = numWarps * numOutputs;

    SmallVector<std::pair<unsigned, unsigned>> moves;
    for (auto [j, bit] : llvm::enumerate(warpBits))
      moves.push_back({bit, static_cast<unsigned>(j)});
    Value warpAlongAxis = moveBits(rewriter, loc, thread.warp, moves);
    SmallVector<Value> threadPart =
        emitThreadPart(rewriter, loc, layout, thread);
    threadPart.erase(threadPart.begin() + axis);
    ScratchTuple scratch(rewriter, loc, offset, llvmTypes, slots);

    Value warpBase =
        LLVM::MulOp::create(rewriter, loc, warpAlongAxis,
                            createI32Constant(rewriter, loc, numOutputs));
    bool withBlock = static_cast<bool>(thread.block);
    for (const Group &group : groups) {
      Value output = flattenIndex(
          rewriter, loc, combineCoords(rewriter, loc, threadPart, group.key),
          outShape);
      unsigned alignLog2 =
          std::min<unsigned>(getFlatIndexAlignLog2(layout, axis, group.key,
                                                   outShape, withBlock),
                             llvm::countr_zero(uint64_t(numOutputs)));
      scratch.store(
          rewriter, loc,
          {LLVM::AddOp::create(rewriter, loc, warpBase, output), alignLog2},
          group.acc);
    }
    target.barrier(rewriter, loc);

    SmallVector<Value> resultThreadPart;
    if (resultLayout)
      resultThreadPart = emitThreadPart(rewriter, loc, *resultLayout, thread);
    std::map<Coords, ValueTuple> done;
    SmallVector<ValueTuple> outputs;
    for (const Coords &coords : resultCoords) {
      auto it = done.find(coords);
      if (it != done.end()) {
        outputs.push_back(it->second);
        continue;
      }
      Value output = flattenIndex(
          rewriter, loc, combineCoords(rewriter, loc, resultThreadPart, coords),
          outShape);
      unsigned alignLog2 =
          resultLayout ? getFlatIndexAlignLog2(*resultLayout, std::nullopt,
                                               coords, outShape, withBlock)
                       : 31;
      SmallVector<ValueTuple> partials;
      if (onlyWarp) {
        // A selection: the partial of the warp holding the element.
        ValueTuple partial = scratch.load(
            rewriter, loc, {output, alignLog2, *onlyWarp * numOutputs});
        done[coords] = partial;
        outputs.push_back(partial);
        continue;
      }
      for (int64_t w = 0; w < numWarps; ++w)
        partials.push_back(scratch.load(
            rewriter, loc, {output, alignLog2, w * numOutputs}));
      if (commutative) {
        // Triton's butterfly over the partials, the farthest warps first:
        // ((p0 + p4) + (p2 + p6)) + ((p1 + p5) + (p3 + p7)) for eight.
        for (int64_t half = numWarps / 2; half >= 1; half /= 2)
          for (int64_t i = 0; i < half; ++i)
            partials[i] =
                emitCombine(rewriter, loc, combine, *getTypeConverter(),
                            partials[i], partials[i + half]);
      } else {
        // Neighbours first: a tree in warp order.
        for (int64_t half = 1; half < numWarps; half *= 2)
          for (int64_t i = 0; i < numWarps; i += 2 * half)
            partials[i] =
                emitCombine(rewriter, loc, combine, *getTypeConverter(),
                            partials[i], partials[i + half]);
      }
      done[coords] = partials.front();
      outputs.push_back(partials.front());
    }
    return outputs;
  }

  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::populateReduceOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<ReduceOpConversion>(converter, target);
}
