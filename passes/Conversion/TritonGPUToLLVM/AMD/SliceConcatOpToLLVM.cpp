//===- SliceConcatOpToLLVM.cpp - amdg ops that only select registers ------===//
//
// Both ops' verifiers (Triton 3.6's rule) make source and result give lanes
// and warps the same bases and find, for every result register of the first
// thread, a source register holding its element: the lowering only selects
// registers. Which one is found from the layouts: with lane, warp and block
// zero, a result register names a coordinate; moved into the source (plus
// the slice's offsets, or into the concat's source tile) it names the source
// register with that coordinate.
//
// amdg.in_thread_transpose keeps every element in its thread (its verifier
// checks that only the register bases change): each result register is the
// source register with the same coordinate.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

namespace {

using Coords = SmallVector<int32_t>;

/// Checks that `source` and `result` give lanes, warps and blocks the same
/// coordinates, i.e. that selecting registers is a correct lowering.
bool sameThreadPart(const LinearLayout &source, const LinearLayout &result) {
  for (StringRef dim : {"lane", "warp", "block"}) {
    ArrayRef<LinearLayout::Basis> sourceBases, resultBases;
    if (source.hasInDim(dim))
      sourceBases = source.getBases(dim);
    if (result.hasInDim(dim))
      resultBases = result.getBases(dim);
    if (sourceBases.size() != resultBases.size())
      return false;
    for (auto [s, r] : llvm::zip(sourceBases, resultBases))
      if (!llvm::equal(s, r))
        return false;
  }
  return true;
}

/// The first register of `layout` holding each coordinate (a broadcast
/// layout holds some several times; any copy has the value).
std::map<Coords, int> registersByCoords(const LinearLayout &layout) {
  std::map<Coords, int> byCoords;
  for (auto [reg, coords] : llvm::enumerate(getRegisterPart(layout)))
    byCoords.try_emplace(Coords(coords), reg);
  return byCoords;
}

struct ExtractSliceOpPattern
    : ConvertOpToLLVMPattern<triton::amdgpu::ExtractSliceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::amdgpu::ExtractSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSource().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> source = getDistributedLayout(sourceType);
    std::optional<LinearLayout> result = getDistributedLayout(resultType);
    if (!source || !result)
      return op.emitError("amdg.extract_slice needs distributed layouts on "
                          "source and result");
    if (!sameThreadPart(*source, *result))
      return op.emitError("amdg.extract_slice: source and result layouts "
                          "place threads differently");
    std::map<Coords, int> sourceRegs = registersByCoords(*source);
    ArrayRef<int64_t> offsets = op.getStaticOffsets();
    Location loc = op.getLoc();
    SmallVector<Value> elements =
        unpackLLElements(loc, adaptor.getSource(), rewriter);
    SmallVector<Value> results;
    for (const SmallVector<int32_t> &coords : getRegisterPart(*result)) {
      Coords at(coords);
      for (auto [c, offset] : llvm::zip(at, offsets))
        c += offset;
      auto it = sourceRegs.find(at);
      if (it == sourceRegs.end())
        return op.emitError("amdg.extract_slice: a result register has no "
                            "source register holding its element");
      results.push_back(elements[it->second]);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }
};

struct ConcatOpPattern : ConvertOpToLLVMPattern<triton::amdgpu::ConcatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::amdgpu::ConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<RankedTensorType>(op.getSources()[0].getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> source = getDistributedLayout(sourceType);
    std::optional<LinearLayout> result = getDistributedLayout(resultType);
    if (!source || !result)
      return op.emitError("amdg.concat needs distributed layouts on sources "
                          "and result");
    if (!sameThreadPart(*source, *result))
      return op.emitError("amdg.concat: sources and result layouts place "
                          "threads differently");
    std::map<Coords, int> sourceRegs = registersByCoords(*source);
    ArrayRef<int64_t> part = sourceType.getShape();
    ArrayRef<int64_t> whole = resultType.getShape();
    Location loc = op.getLoc();
    SmallVector<SmallVector<Value>> elements;
    for (Value source : adaptor.getSources())
      elements.push_back(unpackLLElements(loc, source, rewriter));
    SmallVector<Value> results;
    for (const SmallVector<int32_t> &coords : getRegisterPart(*result)) {
      // The sources fill the grid of tiles in row-major order.
      int64_t index = 0;
      Coords inTile(coords);
      for (size_t d = 0; d < part.size(); ++d) {
        index = index * (whole[d] / part[d]) + coords[d] / part[d];
        inTile[d] = coords[d] % part[d];
      }
      auto it = sourceRegs.find(inTile);
      if (index >= int64_t(elements.size()) || it == sourceRegs.end())
        return op.emitError("amdg.concat: a result register has no source "
                            "register holding its element");
      results.push_back(elements[index][it->second]);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }
};

struct InThreadTransposeOpPattern
    : ConvertOpToLLVMPattern<triton::amdgpu::InThreadTransposeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(triton::amdgpu::InThreadTransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = op.getType();
    std::optional<LinearLayout> source =
        getDistributedLayout(op.getSrc().getType());
    std::optional<LinearLayout> result = getDistributedLayout(resultType);
    if (!source || !result || !sameThreadPart(*source, *result))
      return op.emitError("amdg.in_thread_transpose: source and result "
                          "layouts place threads differently");
    std::map<Coords, int> sourceRegs = registersByCoords(*source);
    Location loc = op.getLoc();
    SmallVector<Value> elements =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> results;
    for (const SmallVector<int32_t> &coords : getRegisterPart(*result)) {
      auto it = sourceRegs.find(Coords(coords));
      if (it == sourceRegs.end())
        return op.emitError("amdg.in_thread_transpose: a result register has "
                            "no source register holding its element");
      results.push_back(elements[it->second]);
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, resultType));
    return success();
  }
};

} // namespace

void mlir::triton::amd::populateSliceConcatOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ExtractSliceOpPattern, ConcatOpPattern,
               InThreadTransposeOpPattern>(converter);
}
