//===- CanonicalizePointers.cpp - Pointers as scalar base plus offsets ----===//
//
// Buffer instructions need a load's or store's pointers as one scalar base
// plus a tensor of 32-bit offsets. Kernels often build them in steps
// (splat(p + row * stride) + cols, or splat(p) + (splat(start) + range)):
// this pass folds the uniform (splatted) parts of the offsets into the
// scalar base and sums the rest, so convert-buffer-ops sees
// addptr(splat(base), offsets) with offsets it can bound.
//
// Regrouping i32 offsets changes where the sums could wrap, so only
// pointers rooted at a function argument marked
// `tt.pointer_range = 32` (every offset into it fits in 32 bits) are
// rewritten; with enable-large-tensor-ptr-canon also other roots where the
// bounds of the parts show that no split or new sum wraps. Pointers
// carried through loops or branches are left as they are (not built yet).
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "passes/TritonAMDGPU/OffsetRange.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUCANONICALIZEPOINTERS
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amdgpu;

namespace {

/// A tensor of pointers as scalar root + scalar uniform offsets + tensor
/// offsets (all i32, in elements).
struct Decomposed {
  Value root;
  SmallVector<Value> uniform;
  SmallVector<Value> varying;
  /// The i32 tensor additions split apart.
  SmallVector<Value> sums;
};

/// Splits the i32 tensor `offset` into splatted scalars and the rest.
void splitOffset(Value offset, Decomposed &parts) {
  if (auto splat = offset.getDefiningOp<SplatOp>()) {
    parts.uniform.push_back(splat.getSrc());
    return;
  }
  if (auto add = offset.getDefiningOp<arith::AddIOp>()) {
    parts.sums.push_back(add);
    splitOffset(add.getLhs(), parts);
    splitOffset(add.getRhs(), parts);
    return;
  }
  parts.varying.push_back(offset);
}

bool isI32(Value value) {
  return getElementTypeOrSelf(value.getType()).isInteger(32);
}

/// Decomposes the scalar pointer `ptr` (a root plus i32 scalar steps).
bool decomposeScalar(Value ptr, Decomposed &parts) {
  while (auto add = ptr.getDefiningOp<AddPtrOp>()) {
    if (!isI32(add.getOffset()))
      return false;
    parts.uniform.push_back(add.getOffset());
    ptr = add.getPtr();
  }
  parts.root = ptr;
  return true;
}

/// Decomposes the tensor of pointers `ptr` built by splat and addptr.
bool decompose(Value ptr, Decomposed &parts) {
  while (auto add = ptr.getDefiningOp<AddPtrOp>()) {
    if (!isI32(add.getOffset()))
      return false;
    splitOffset(add.getOffset(), parts);
    ptr = add.getPtr();
  }
  auto splat = ptr.getDefiningOp<SplatOp>();
  return splat && decomposeScalar(splat.getSrc(), parts);
}

/// Whether offsets into what `root` points to are known to fit in 32 bits.
bool hasSmallRange(Value root) {
  auto arg = dyn_cast<BlockArgument>(root);
  if (!arg)
    return false;
  auto func = dyn_cast<FuncOp>(arg.getOwner()->getParentOp());
  if (!func || !arg.getOwner()->isEntryBlock())
    return false;
  auto range = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                  "tt.pointer_range");
  return range && range.getInt() == 32;
}

/// Whether regrouping is exact without tt.pointer_range: no addition split
/// apart or added wraps, by the bounds of the parts.
bool isExactRegrouping(const Decomposed &parts) {
  for (Value sum : parts.sums)
    if (!getSignedRange(sum))
      return false;
  int64_t lo = 0, hi = 0;
  for (Value part : parts.varying) {
    std::optional<SignedRange> range = getSignedRange(part);
    if (!range)
      return parts.varying.size() == 1;
    lo += range->lo;
    hi += range->hi;
    if (lo < INT32_MIN || hi > INT32_MAX)
      return false;
  }
  return true;
}

/// Whether `ptr` is already addptr(splat(scalar), offsets) with offsets
/// that hold no splatted part.
bool isCanonical(Value ptr) {
  auto add = ptr.getDefiningOp<AddPtrOp>();
  if (!add || !add.getPtr().getDefiningOp<SplatOp>() || !isI32(add.getOffset()))
    return false;
  Decomposed offsetParts;
  splitOffset(add.getOffset(), offsetParts);
  return offsetParts.uniform.empty() && offsetParts.varying.size() == 1;
}

/// Rebuilds the pointer operand `use` of a load or store as
/// addptr(splat(root + uniform...), sum of varying).
void canonicalize(OpOperand &use, bool everyRoot) {
  Value ptr = use.get();
  auto type = dyn_cast<RankedTensorType>(ptr.getType());
  if (!type)
    return;
  Decomposed parts;
  if (isCanonical(ptr) || !decompose(ptr, parts))
    return;
  if (!hasSmallRange(parts.root) && !(everyRoot && isExactRegrouping(parts)))
    return;
  OpBuilder b(use.getOwner());
  Location loc = ptr.getLoc();
  Value base = parts.root;
  for (Value step : llvm::reverse(parts.uniform))
    base = AddPtrOp::create(b, loc, base.getType(), base, step);
  auto offsetType = type.clone(b.getI32Type());
  Value offsets;
  for (Value part : llvm::reverse(parts.varying))
    offsets = offsets ? arith::AddIOp::create(b, loc, offsets, part).getResult()
                      : part;
  if (!offsets)
    offsets = arith::ConstantOp::create(
        b, loc, offsetType,
        DenseElementsAttr::get(offsetType, b.getI32IntegerAttr(0)));
  Value splat = SplatOp::create(b, loc, type, base);
  use.set(AddPtrOp::create(b, loc, type, splat, offsets));
}

struct TritonAMDGPUCanonicalizePointersPass
    : public amdgpu::impl::TritonAMDGPUCanonicalizePointersBase<
          TritonAMDGPUCanonicalizePointersPass> {
  using Base::Base;
  void runOnOperation() override {
    getOperation().walk([&](Operation *op) {
      if (auto load = dyn_cast<LoadOp>(op))
        canonicalize(load.getPtrMutable(), enableLargeTensorPtrCanon);
      else if (auto store = dyn_cast<StoreOp>(op))
        canonicalize(store.getPtrMutable(), enableLargeTensorPtrCanon);
    });
  }
};

} // namespace
