//===- Dialect.cpp - The amdg dialect -------------------------------------===//

#include "dialects/TritonAMDGPU/IR/Dialect.h"

#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

#include <set>

using namespace mlir;
using namespace mlir::triton::amdgpu;
using mlir::triton::gpu::LinearLayout;

#include "dialects/TritonAMDGPU/IR/TritonAMDGPUDialect.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/TritonAMDGPU/IR/TritonAMDGPUOps.cpp.inc"

void TritonAMDGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/TritonAMDGPU/IR/TritonAMDGPUOps.cpp.inc"
      >();
}

std::string mlir::triton::amdgpu::getTargetArch(ModuleOp module,
                                                StringRef option) {
  if (!option.empty())
    return option.str();
  auto target = module->getAttrOfType<StringAttr>(triton::gpu::kTargetAttrName);
  if (!target || !target.getValue().starts_with("hip:"))
    return "";
  return target.getValue().drop_front(4).str();
}

//===----------------------------------------------------------------------===//
// Register selection between distributed layouts
//===----------------------------------------------------------------------===//

/// The linear layout of a distributed tensor type, or a diagnostic saying
/// that its encoding has none yet.
static std::optional<LinearLayout>
layoutOf(Operation *op, RankedTensorType type, StringRef role) {
  std::optional<LinearLayout> layout;
  if (type.getEncoding())
    layout = triton::gpu::toLinearLayout(type.getShape(), type.getEncoding());
  if (!layout)
    op->emitError() << "the " << role << " layout " << type.getEncoding()
                    << " has no linear layout here yet (not supported yet)";
  return layout;
}

/// Triton 3.6's rule for amdg.extract_slice and amdg.concat, which only
/// select registers: every result register's element, moved into the
/// source (`toSource`, which also names the source it comes from), is held
/// by a register of that source in the same thread, and both layouts give
/// lanes and warps the same bases. Emits the reason on `op` when not.
static LogicalResult verifySelectsRegisters(
    Operation *op, const LinearLayout &src, const LinearLayout &dst,
    function_ref<void(SmallVectorImpl<int32_t> &)> toSource) {
  std::set<SmallVector<int32_t>> held;
  for (SmallVector<int32_t> &coords : triton::gpu::getRegisterPart(src))
    held.insert(std::move(coords));
  for (SmallVector<int32_t> &coords : triton::gpu::getRegisterPart(dst)) {
    toSource(coords);
    if (held.count(coords))
      continue;
    InFlightDiagnostic diag = op->emitError(
        "No source register holds the element for destination index [");
    llvm::interleaveComma(coords, diag);
    return diag << "]";
  }
  auto sameBases = [&](StringRef dim) {
    return llvm::equal(src.getBases(dim), dst.getBases(dim));
  };
  if (!sameBases("lane") || !sameBases("warp"))
    return op->emitError("Lane and warp dim basis must match between source "
                         "and destination layout.");
  return success();
}

//===----------------------------------------------------------------------===//
// ExtractSliceOp
//===----------------------------------------------------------------------===//

LogicalResult ExtractSliceOp::verify() {
  auto srcTy = cast<RankedTensorType>(getSource().getType());
  auto dstTy = cast<RankedTensorType>(getResult().getType());
  if (srcTy.getElementType() != dstTy.getElementType())
    return emitError("result element type must match source element type");
  if (srcTy.getRank() != dstTy.getRank())
    return emitError("result rank must be equal to source rank");
  ArrayRef<int64_t> offsets = getStaticOffsets();
  if (offsets.size() != size_t(srcTy.getRank()))
    return emitError() << "expected " << srcTy.getRank()
                       << " offsets, one per dimension, but got "
                       << offsets.size();
  std::optional<LinearLayout> src = layoutOf(*this, srcTy, "source");
  std::optional<LinearLayout> dst = layoutOf(*this, dstTy, "result");
  if (!src || !dst)
    return failure();
  for (int64_t d = 0, e = srcTy.getRank(); d < e; ++d) {
    int64_t srcSize = srcTy.getDimSize(d), dstSize = dstTy.getDimSize(d);
    if (dstSize > srcSize)
      return emitError("result shape cannot exceed source shape")
             << " at dimension " << d;
    if (offsets[d] < 0 || offsets[d] + dstSize > srcSize)
      return emitError("invalid offset") << " at dimension " << d;
  }
  return verifySelectsRegisters(*this, *src, *dst,
                                [&](SmallVectorImpl<int32_t> &coords) {
                                  for (auto [c, offset] :
                                       llvm::zip(coords, offsets))
                                    c += offset;
                                });
}

namespace {
/// A slice that is exactly one source of a concat is that source.
struct SliceOfConcat : OpRewritePattern<ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto concat = op.getSource().getDefiningOp<ConcatOp>();
    if (!concat || concat.getSources().empty())
      return failure();
    Value first = concat.getSources().front();
    if (first.getType() != op.getType())
      return failure();
    auto partTy = cast<RankedTensorType>(first.getType());
    auto wholeTy = cast<RankedTensorType>(concat.getType());
    // Row-major position of the slice in the grid of sources.
    int64_t index = 0;
    for (int64_t d = 0, e = partTy.getRank(); d < e; ++d) {
      int64_t part = partTy.getDimSize(d);
      if (op.getStaticOffsets()[d] % part != 0)
        return failure();
      index = index * (wholeTy.getDimSize(d) / part) +
              op.getStaticOffsets()[d] / part;
    }
    if (index >= int64_t(concat.getSources().size()))
      return failure();
    rewriter.replaceOp(op, concat.getSources()[index]);
    return success();
  }
};

/// A concat of one source is that source.
struct SingleSourceConcat : OpRewritePattern<ConcatOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ConcatOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSources().size() != 1 ||
        op.getSources().front().getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, op.getSources().front());
    return success();
  }
};
} // namespace

void ExtractSliceOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                 MLIRContext *context) {
  patterns.add<SliceOfConcat>(context);
}

//===----------------------------------------------------------------------===//
// ConcatOp
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::verify() {
  if (getSources().empty())
    return emitError() << "expected at least one source";
  auto srcTy = cast<RankedTensorType>(getSources().front().getType());
  auto dstTy = cast<RankedTensorType>(getResult().getType());
  if (srcTy.getRank() != dstTy.getRank())
    return emitError()
           << "Source and destination tensors must have the same rank.";
  int64_t tiles = 1;
  for (int64_t d = 0, e = srcTy.getRank(); d < e; ++d) {
    if (dstTy.getDimSize(d) % srcTy.getDimSize(d) != 0)
      return emitError() << "Source and destination tensor shapes don't match.";
    tiles *= dstTy.getDimSize(d) / srcTy.getDimSize(d);
  }
  if (tiles != int64_t(getSources().size()))
    return emitError() << "Number of source tiles (" << getSources().size()
                       << ") doesn't match required count (" << tiles << ").";
  for (Value source : getSources())
    if (source.getType() != srcTy)
      return emitError() << "All sources must have identical tensor types.";
  if (srcTy.getElementType() != dstTy.getElementType())
    return emitError()
           << "Element types of sources and destination must match.";
  std::optional<LinearLayout> src = layoutOf(*this, srcTy, "source");
  std::optional<LinearLayout> dst = layoutOf(*this, dstTy, "result");
  if (!src || !dst)
    return failure();
  // An element's place in its source tile (the sources fill the result's
  // grid of tiles in row-major order).
  return verifySelectsRegisters(*this, *src, *dst,
                                [&](SmallVectorImpl<int32_t> &coords) {
                                  for (auto [c, size] :
                                       llvm::zip(coords, srcTy.getShape()))
                                    c %= size;
                                });
}

void ConcatOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                           MLIRContext *context) {
  patterns.add<SingleSourceConcat>(context);
}

//===----------------------------------------------------------------------===//
// InThreadTransposeOp
//===----------------------------------------------------------------------===//

/// A layout in the multi-line form Triton prints in diagnostics:
///  - register=1 -> (0, 1)
///    register=2 -> (1, 0)
///  - warp is a size 1 dimension
/// where out dims are: [dim0 (size 16), dim1 (size 8)]
static std::string describeLayout(const LinearLayout &layout) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (const auto &in : layout.getInDims()) {
    if (in.bases.empty()) {
      os << "\n - " << in.name << " is a size 1 dimension";
      continue;
    }
    for (auto [i, basis] : llvm::enumerate(in.bases)) {
      os << (i == 0 ? "\n - " : "\n   ") << in.name << "=" << (1 << i)
         << " -> (";
      llvm::interleaveComma(basis, os);
      os << ")";
    }
  }
  os << "\nwhere out dims are: [";
  llvm::interleaveComma(layout.getOutDims(), os,
                        [&](const LinearLayout::OutDim &out) {
                          os << out.name << " (size " << out.size << ")";
                        });
  os << "]";
  return text;
}

std::optional<LinearLayout> mlir::triton::amdgpu::getInThreadTransposedLayout(
    ArrayRef<int64_t> shape, triton::gpu::BlockedEncodingAttr blocked) {
  std::optional<LinearLayout> src = triton::gpu::toLinearLayout(shape, blocked);
  ArrayRef<unsigned> order = blocked.getOrder();
  if (!src || order.size() != 2)
    return std::nullopt;
  // The blocked layout's first register bases walk the thread's
  // sizePerThread block fastest along order[0]; the transposed layout walks
  // the same block fastest along order[1] and keeps every other basis.
  ArrayRef<unsigned> sizePerThread = blocked.getSizePerThread();
  std::vector<LinearLayout::Basis> tile;
  for (unsigned d : {order[1], order[0]})
    for (unsigned step = 1; step < sizePerThread[d]; step *= 2) {
      LinearLayout::Basis basis(2, 0);
      basis[d] = step;
      tile.push_back(basis);
    }
  std::vector<LinearLayout::InDim> inDims(src->getInDims().begin(),
                                          src->getInDims().end());
  for (auto &in : inDims)
    if (in.name == "register")
      for (size_t i = 0; i < tile.size() && i < in.bases.size(); ++i)
        in.bases[i] = tile[i];
  return LinearLayout::get(
      inDims, std::vector<LinearLayout::OutDim>(src->getOutDims().begin(),
                                                src->getOutDims().end()));
}

LogicalResult InThreadTransposeOp::verify() {
  auto srcTy = getSrc().getType();
  auto dstTy = getResult().getType();
  if (srcTy.getElementType() != dstTy.getElementType())
    return emitOpError("Expect input and output tensor to have same dtype");
  if (srcTy.getShape() != dstTy.getShape())
    return emitOpError("Expect equal input and output shapes");
  if (srcTy.getRank() != 2)
    return emitOpError("Expect 2d tensor");
  auto blocked =
      dyn_cast_or_null<triton::gpu::BlockedEncodingAttr>(srcTy.getEncoding());
  if (!blocked)
    return emitOpError("Expect input tensor in Blocked encoding");
  std::optional<LinearLayout> src = layoutOf(*this, srcTy, "source");
  std::optional<LinearLayout> dst = layoutOf(*this, dstTy, "result");
  if (!src || !dst)
    return failure();

  std::optional<LinearLayout> expected =
      getInThreadTransposedLayout(srcTy.getShape(), blocked);
  if (!expected || *expected != *dst)
    return emitOpError("Expect output layout to be transposed per thread: ")
           << (expected ? describeLayout(*expected) : std::string());
  return success();
}

LogicalResult BufferLoadToLocalOp::verify() {
  // Element i of the offsets fills element i of the buffer: one shape.
  ArrayRef<int64_t> offsets = getOffsets().getType().getShape();
  ArrayRef<int64_t> dest = getDest().getType().getShape();
  if (offsets != dest)
    return emitOpError("offsets of shape ")
           << getOffsets().getType() << " do not match the buffer "
           << getDest().getType();
  if (!getDest().getType().getMutableMemory())
    return emitOpError("copies into an immutable buffer");
  return success();
}
