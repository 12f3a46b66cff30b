//===- Ops.cpp - Verifiers, builders and effects of tt ops ----------------===//

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_OP_CLASSES
#include "dialects/Triton/IR/TritonOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType,
             Float8E5M2FNUZType>(type);
}

/// `order` is a permutation of [0, rank).
static bool isPermutation(ArrayRef<int32_t> order, int64_t rank) {
  if (static_cast<int64_t>(order.size()) != rank)
    return false;
  SmallVector<bool> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || d >= rank || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "[";
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

//===----------------------------------------------------------------------===//
// Casts
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  Type srcElt = getElementTypeOrSelf(getSrc().getType());
  Type dstElt = getElementTypeOrSelf(getType());
  if (isTensorPointerType(srcElt) != isTensorPointerType(dstElt))
    return emitOpError("cannot cast between a block pointer and another type");
  // The wording of the two checks below is Triton's, which its users' tests
  // look for; the types follow.
  if (isa<PointerType>(srcElt) != isa<PointerType>(dstElt))
    return emitOpError("Cannot bitcast pointer to non-pointer type: ")
           << srcElt << " to " << dstElt;
  unsigned srcBits = getElementBitWidth(srcElt),
           dstBits = getElementBitWidth(dstElt);
  if (srcBits != dstBits)
    return emitOpError("Cannot bitcast data-type of size ")
           << srcBits << " to data-type of size " << dstBits << " (" << srcElt
           << " to " << dstElt << ")";
  return success();
}

LogicalResult FpToFpOp::verify() {
  Type srcElt = getElementTypeOrSelf(getSrc().getType());
  Type dstElt = getElementTypeOrSelf(getType());
  if (dstElt.getIntOrFloatBitWidth() < srcElt.getIntOrFloatBitWidth() &&
      !getRounding())
    return emitOpError("requires a rounding mode to narrow ")
           << srcElt << " to " << dstElt;
  return success();
}

//===----------------------------------------------------------------------===//
// Pointers, loads and stores
//===----------------------------------------------------------------------===//

LogicalResult AdvanceOp::verify() {
  auto block = cast<RankedTensorType>(
      cast<PointerType>(getPtr().getType()).getPointeeType());
  if (static_cast<int64_t>(getOffsets().size()) != block.getRank())
    return emitOpError("expects ")
           << block.getRank() << " offsets for a block of rank "
           << block.getRank() << ", got " << getOffsets().size();
  return success();
}

/// Rules shared by loads and stores on boundary checks and block pointers.
static LogicalResult verifyBoundaryCheck(Operation *op, Type ptrType,
                                         ArrayRef<int32_t> boundaryCheck,
                                         bool hasMask) {
  if (!isTensorPointerType(ptrType)) {
    if (!boundaryCheck.empty())
      return op->emitOpError("takes 'boundaryCheck' only with a block pointer");
    return success();
  }
  // A load may take a mask over the block besides its bounds (LICM guards a
  // hoisted load by "the loop runs" that way); a store may not.
  if (hasMask && !isa<LoadOp>(op))
    return op->emitOpError(
        "takes no mask with a block pointer; use 'boundaryCheck'");
  int64_t rank =
      cast<RankedTensorType>(cast<PointerType>(ptrType).getPointeeType())
          .getRank();
  for (int32_t d : boundaryCheck)
    if (d < 0 || d >= rank)
      return op->emitOpError("has boundary check on dimension ")
             << d << ", outside a block of rank " << rank;
  return success();
}

LogicalResult LoadOp::verify() {
  if (failed(verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck(),
                                 getMask() != nullptr)))
    return failure();
  if (getPadding() && !isTensorPointerType(getPtr().getType()))
    return emitOpError("takes 'padding' only with a block pointer");
  if (getOther() && !getMask())
    return emitOpError("takes 'other' only together with a mask");
  return success();
}

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other, CacheModifier cache,
                   EvictionPolicy evict, bool isVolatile) {
  build(builder, state, getPointeeType(ptr.getType()), ptr, mask, other,
        /*boundaryCheck=*/ArrayRef<int32_t>{}, /*padding=*/PaddingOptionAttr(),
        cache, evict, isVolatile);
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must stay where it is, even when its value is unused.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

LogicalResult StoreOp::verify() {
  return verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck(),
                             getMask() != nullptr);
}

/// The element types an atomic read-modify-write supports.
static LogicalResult verifyAtomicElementType(Operation *op, RMWOp kind,
                                             Type elt) {
  bool isInt = isa<IntegerType>(elt) && elt.getIntOrFloatBitWidth() >= 16;
  bool isFloat = isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(elt);
  switch (kind) {
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::ADD:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    if (!isInt)
      return op->emitOpError("'")
             << stringifyRMWOp(kind)
             << "' needs integer values of 16 bits or more, got " << elt;
    return success();
  case RMWOp::FADD:
    if (!isFloat)
      return op->emitOpError("'fadd' needs floating-point values, got ") << elt;
    return success();
  case RMWOp::MAX:
  case RMWOp::MIN:
  case RMWOp::XCHG:
    if (!isInt && !isFloat)
      return op->emitOpError("'")
             << stringifyRMWOp(kind)
             << "' needs integer or floating-point values, got " << elt;
    return success();
  }
  return success();
}

LogicalResult AtomicRMWOp::verify() {
  return verifyAtomicElementType(*this, getAtomicRmwOp(),
                                 getElementTypeOrSelf(getVal().getType()));
}

LogicalResult AtomicCASOp::verify() {
  Type elt = getElementTypeOrSelf(getVal().getType());
  unsigned bits = elt.getIntOrFloatBitWidth();
  if (!(bits == 16 || bits == 32 || bits == 64))
    return emitOpError("needs 16-, 32- or 64-bit values, got ") << elt;
  if (getResult().getType() != getVal().getType())
    return emitOpError("result type ")
           << getResult().getType() << " differs from the value type "
           << getVal().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  // A 0-d tensor holds one value, as a scalar does; Triton accepts both.
  auto tensor = dyn_cast<RankedTensorType>(getSrc().getType());
  if (tensor && tensor.getRank() != 0)
    return emitOpError("splats a scalar or a 0-d tensor, got ")
           << getSrc().getType();
  return success();
}

LogicalResult UnsplatOp::verify() {
  if (getSrc().getType().getNumElements() != 1)
    return emitOpError("source tensor must have exactly one element, got ")
           << getSrc().getType();
  return success();
}

LogicalResult UnsplatOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          ValueRange operands, DictionaryAttr,
                                          OpaqueProperties, RegionRange,
                                          SmallVectorImpl<Type> &inferred) {
  auto tensor = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!tensor)
    return emitOptionalError(loc, "'tt.unsplat' needs a tensor operand");
  inferred.push_back(tensor.getElementType());
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto src = getSrc().getType();
  auto result = getType();
  int64_t axis = getAxis();
  if (axis < 0 || axis > src.getRank())
    return emitOpError("axis ")
           << axis << " is outside [0, " << src.getRank() << "]";
  SmallVector<int64_t> expected(src.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape ")
           << shapeString(result.getShape()) << " should be "
           << shapeString(expected);
  return success();
}

LogicalResult ReshapeOp::verify() {
  if (getSrc().getType().getNumElements() != getType().getNumElements())
    return emitOpError(
               "number of src and dst elements of reshape must be the same: ")
           << getSrc().getType().getNumElements() << " to "
           << getType().getNumElements();
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto src = dyn_cast<RankedTensorType>(getSrc().getType());
  auto result = dyn_cast<RankedTensorType>(getType());
  if (!src || !result)
    return emitOpError(
        "broadcasts a tensor to a tensor; splat scalars with tt.splat");
  if (src.getRank() != result.getRank())
    return emitOpError("rank of source must be same as rank of result, got ")
           << src.getRank() << " and " << result.getRank();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(src.getShape(), result.getShape()))) {
    auto [s, r] = pair;
    if (s != r && s != 1)
      return emitOpError("Different dimensions at index ")
             << i
             << " between source and result.  Broadcast requires the source "
                "dimension to be 1. (source "
             << s << ", result " << r << ")";
  }
  return success();
}

LogicalResult CatOp::verify() {
  auto lhs = getLhs().getType();
  auto result = getType();
  if (lhs.getRank() != result.getRank())
    return emitOpError("needs operands and result of the same rank");
  if (result.getNumElements() != 2 * lhs.getNumElements())
    return emitOpError(
               "result must hold the elements of both operands: expected ")
           << 2 * lhs.getNumElements() << " elements, got "
           << result.getNumElements();
  return success();
}

LogicalResult JoinOp::verify() {
  auto lhs = getLhs().getType();
  auto result = getType();
  SmallVector<int64_t> expected(lhs.getShape());
  expected.push_back(2);
  // "(32, 2), but got 64": Triton's wording, which its users' tests match.
  if (result.getShape() != ArrayRef<int64_t>(expected)) {
    auto diag = emitOpError("result shape must be (");
    llvm::interleaveComma(expected, diag);
    diag << "), but got ";
    llvm::interleaveComma(result.getShape(), diag);
    return diag;
  }
  if (lhs.getEncoding() && !result.getEncoding())
    return emitOpError("result encoding must be specified: the operands have ")
           << lhs.getEncoding();
  if (result.getElementType() != lhs.getElementType())
    return emitOpError("result element type must be the operands' ")
           << lhs.getElementType();
  return success();
}

LogicalResult SplitOp::verify() {
  // Triton infers split's results from its source and, where they cannot be
  // or differ from those written, reports both the cause and "failed to
  // infer returned types" (its users' tests expect the two errors). Ours say
  // what was expected, after Triton's words.
  auto failedToInfer = [&] {
    return emitOpError("failed to infer returned types");
  };
  auto src = getSrc().getType();
  if (src.getRank() == 0 || src.getShape().back() != 2) {
    emitOpError("splits a last dimension of size 2, got shape ")
        << shapeString(src.getShape());
    return failedToInfer();
  }
  auto out = getOutLHS().getType();
  auto mismatch = [&](StringRef detail) {
    SmallVector<int64_t> expectedShape(src.getShape().drop_back());
    auto expected = RankedTensorType::get(expectedShape, src.getElementType(),
                                          out.getEncoding());
    emitOpError("inferred type(s) ")
        << expected << ", " << expected
        << " are incompatible with return type(s) of operation " << out << ", "
        << out << ": " << detail;
    return failedToInfer();
  };
  if (out.getShape() != src.getShape().drop_back())
    return mismatch((Twine("result shape ") + shapeString(out.getShape()) +
                     " should be " + shapeString(src.getShape().drop_back()))
                        .str());
  if (out.getElementType() != src.getElementType()) {
    std::string detail;
    llvm::raw_string_ostream os(detail);
    os << "result element type must be the source's '" << src.getElementType()
       << "'";
    return mismatch(detail);
  }
  return success();
}

LogicalResult TransOp::verify() {
  auto src = getSrc().getType();
  ArrayRef<int32_t> order = getOrder();
  if (!isPermutation(order, src.getRank()))
    return emitOpError("order must be a permutation of [0, ")
           << src.getRank() << ")";
  SmallVector<int64_t> expected;
  for (int32_t d : order)
    expected.push_back(src.getDimSize(d));
  if (getType().getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape ")
           << shapeString(getType().getShape()) << " should be "
           << shapeString(expected);
  return success();
}

LogicalResult MakeRangeOp::verify() {
  // The bounds are i32: read them signed, as the frontend wrote them.
  int64_t start = getStartAttr().getInt(), end = getEndAttr().getInt();
  auto type = getType();
  // Triton's checks, in its order and with its words (its users' tests look
  // for them), then ours.
  if (start >= end)
    return emitOpError("start must be less than end, got start = ")
           << start << " and end = " << end;
  if (type.getRank() != 1)
    return emitOpError("return type must be a 1D tensor, got ") << type;
  if (type.getDimSize(0) != end - start)
    return emitOpError("number of elements in returned tensor, ")
           << type.getDimSize(0) << ", must match size of range [" << start
           << ", " << end << "), which has " << end - start << " elements";
  if (!type.getElementType().isInteger(32))
    return emitOpError("returned tensor must have i32 elements, got ") << type;
  if (!llvm::isPowerOf2_64(end - start))
    return emitOpError("range size ")
           << end - start << " must be a power of two";
  return success();
}

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

/// Shapes of a (batched) product: a [B,] M x K, b [B,] K x N, c [B,] M x N.
static LogicalResult verifyDotShapes(Operation *op, ArrayRef<int64_t> a,
                                     int64_t aK, ArrayRef<int64_t> b,
                                     int64_t bK, ArrayRef<int64_t> c) {
  size_t rank = a.size();
  if (rank != 2 && rank != 3)
    return op->emitOpError("operands must have rank 2 or 3, got ") << rank;
  if (b.size() != rank || c.size() != rank)
    return op->emitOpError("operands must all have rank ") << rank;
  if (aK != bK)
    return op->emitOpError("expected the last dimension of the first operand "
                           "to be equal to the second-to-last dimension of "
                           "the second operand: a has K = ")
           << aK << ", b has K = " << bK;
  if (rank == 3 && (a[0] != b[0] || a[0] != c[0]))
    return op->emitOpError("batch dimensions differ: ")
           << a[0] << ", " << b[0] << ", " << c[0];
  int64_t m = a[rank - 2], n = b[rank - 1];
  if (c[rank - 2] != m || c[rank - 1] != n)
    return op->emitOpError("accumulator shape ")
           << shapeString(c) << " should be " << m << "x" << n;
  return success();
}

LogicalResult DotOp::verify() {
  auto a = getA().getType(), b = getB().getType(), c = getC().getType();
  size_t rank = a.getRank();
  if (rank < 2)
    return emitOpError("operands must have rank 2 or 3, got ") << rank;
  if (failed(verifyDotShapes(
          *this, a.getShape(), a.getShape().back(), b.getShape(),
          b.getRank() >= 2 ? b.getDimSize(b.getRank() - 2) : -1, c.getShape())))
    return failure();
  Type aElt = a.getElementType(), bElt = b.getElementType(),
       cElt = c.getElementType();
  // Triton's words for the checks below come first: its users' tests match
  // them.
  if (getElementBitWidth(aElt) != getElementBitWidth(bElt))
    return emitOpError(
               "element types of operands A and B must have same bit width: ")
           << aElt << " and " << bElt;
  if (aElt != bElt && !(isFp8(aElt) && isFp8(bElt)))
    return emitOpError("operand element types differ: ")
           << aElt << " and " << bElt;
  if (bool(a.getEncoding()) != bool(b.getEncoding()))
    return emitOpError("mismatching encoding between A and B operands: one "
                       "has a layout, the other none");
  if (a.getEncoding() && !c.getEncoding())
    return emitOpError("miss encoding of C operand: the operands have "
                       "layouts, the accumulator none");
  if (isa<IntegerType>(aElt) != isa<IntegerType>(cElt))
    return emitOpError("accumulator element type ")
           << cElt << " does not suit operands of " << aElt;
  return success();
}

LogicalResult DotScaledOp::verify() {
  auto a = getA().getType(), b = getB().getType(), c = getC().getType();
  if (a.getRank() < 2 || b.getRank() < 2)
    return emitOpError("operands must have rank 2 or 3");
  // fp4 (e2m1) packs two values into each i8 along K when k-packed.
  auto kOf = [](RankedTensorType t, ScaleDotElemType elt, bool kPack,
                bool isLhs) {
    int64_t k = isLhs ? t.getShape().back() : t.getDimSize(t.getRank() - 2);
    return (elt == ScaleDotElemType::E2M1 && kPack) ? 2 * k : k;
  };
  SmallVector<int64_t> aShape(a.getShape()), bShape(b.getShape());
  if (getAElemType() == ScaleDotElemType::E2M1 && !getLhsKPack())
    aShape[a.getRank() - 2] *= 2;
  if (getBElemType() == ScaleDotElemType::E2M1 && !getRhsKPack())
    bShape[b.getRank() - 1] *= 2;
  int64_t k = kOf(a, getAElemType(), getLhsKPack(), true);
  if (failed(verifyDotShapes(*this, aShape, k, bShape,
                             kOf(b, getBElemType(), getRhsKPack(), false),
                             c.getShape())))
    return failure();
  // A scale covers a block of K: 32 values for E8M0 scales (i8), 16 for
  // e4m3 ones. Rows of a's scales are a's rows, rows of b's are b's columns.
  // Triton's words first: its users' tests match them.
  auto checkScale = [&](Value scale, int64_t rows, StringRef rowsName,
                        StringRef operand) -> LogicalResult {
    if (!scale)
      return success();
    auto type = cast<RankedTensorType>(scale.getType());
    int64_t rank = type.getRank();
    if (rank < 2 || type.getDimSize(rank - 2) != rows)
      return emitOpError("scales ")
             << rowsName << " dimension must match the operand " << rowsName
             << " dimension: the scales of " << operand << " are "
             << shapeString(type.getShape()) << ", expected " << rows
             << " rows";
    int64_t factor = isa<Float8E4M3FNType>(type.getElementType()) ? 16 : 32;
    if (type.getDimSize(rank - 1) != k / factor)
      return emitOpError("scales K dimension must match the operand K "
                         "divided by the scale factor: the scales of ")
             << operand << " are " << shapeString(type.getShape())
             << ", expected " << k / factor << " per row (K = " << k
             << ", one scale per " << factor << ")";
    return success();
  };
  int64_t cRank = c.getRank();
  if (failed(checkScale(getAScale(), c.getDimSize(cRank - 2), "M", "a")) ||
      failed(checkScale(getBScale(), c.getDimSize(cRank - 1), "N", "b")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Reduce, scan and map_elementwise
//===----------------------------------------------------------------------===//

SmallVector<RankedTensorType> ReduceOp::getInputTypes() {
  SmallVector<RankedTensorType> types;
  for (Value v : getSrcs())
    types.push_back(cast<RankedTensorType>(v.getType()));
  return types;
}

SmallVector<RankedTensorType> ScanOp::getInputTypes() {
  SmallVector<RankedTensorType> types;
  for (Value v : getSrcs())
    types.push_back(cast<RankedTensorType>(v.getType()));
  return types;
}

SmallVector<Type> ReduceOp::inferResultTypes(ValueRange srcs, int axis) {
  SmallVector<Type> types;
  for (Value v : srcs) {
    auto tensor = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> shape(tensor.getShape());
    shape.erase(shape.begin() + axis);
    if (shape.empty())
      types.push_back(tensor.getElementType());
    else
      types.push_back(RankedTensorType::get(shape, tensor.getElementType()));
  }
  return types;
}

void ReduceOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                     int axis) {
  build(builder, state, inferResultTypes(srcs, axis), srcs, axis);
}

void ScanOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                   int axis, bool reverse) {
  build(builder, state, srcs.getTypes(), srcs, axis, reverse);
}

/// Operands are tensors and `axis` is one of their dimensions.
static LogicalResult verifyAxisOperands(Operation *op, ValueRange srcs,
                                        int64_t axis) {
  if (srcs.empty())
    return op->emitOpError("needs at least one operand");
  for (Value v : srcs) {
    auto tensor = dyn_cast<RankedTensorType>(v.getType());
    if (!tensor)
      return op->emitOpError("operands must be tensors, got ") << v.getType();
    if (axis < 0 || axis >= tensor.getRank())
      return op->emitOpError("axis ")
             << axis << " is outside [0, " << tensor.getRank() << ")";
  }
  return success();
}

/// A combine region takes (acc..., next...) scalars of the operands' element
/// types and returns one scalar per operand.
static LogicalResult verifyCombineRegion(Operation *op, Region &region,
                                         TypeRange elementTypes) {
  if (region.empty())
    return op->emitOpError("needs a combine region");
  Block &block = region.front();
  size_t n = elementTypes.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("combine region must take ")
           << 2 * n << " arguments, got " << block.getNumArguments();
  for (unsigned i = 0; i < 2 * n; ++i)
    if (block.getArgument(i).getType() != elementTypes[i % n])
      return op->emitOpError("combine region argument ")
             << i << " has type " << block.getArgument(i).getType()
             << ", expected " << elementTypes[i % n];
  Operation *terminator = block.getTerminator();
  if (terminator->getNumOperands() != n)
    return op->emitOpError("combine region must return ")
           << n << " values, got " << terminator->getNumOperands();
  for (unsigned i = 0; i < n; ++i)
    if (terminator->getOperand(i).getType() != elementTypes[i])
      return op->emitOpError("combine region returns ")
             << terminator->getOperand(i).getType() << " at position " << i
             << ", expected " << elementTypes[i];
  return success();
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyAxisOperands(*this, getSrcs(), getAxis())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("has ") << getNumResults() << " results for "
                               << getSrcs().size() << " operands";
  for (auto [src, result] : llvm::zip(getSrcs(), getResult())) {
    auto tensor = cast<RankedTensorType>(src.getType());
    SmallVector<int64_t> shape(tensor.getShape());
    shape.erase(shape.begin() + getAxis());
    Type resultType = result.getType();
    if (shape.empty()) {
      if (resultType != tensor.getElementType())
        return emitOpError("reducing a 1-D tensor gives a scalar ")
               << tensor.getElementType() << ", got " << resultType;
      continue;
    }
    if (getElementTypeOrSelf(resultType) != tensor.getElementType())
      return emitOpError("operand types and result types must agree: result ")
             << resultType << " should have element type "
             << tensor.getElementType();
    auto resultTensor = dyn_cast<RankedTensorType>(resultType);
    if (!resultTensor || resultTensor.getShape() != ArrayRef<int64_t>(shape))
      return emitOpError("result type ")
             << resultType << " should have shape " << shapeString(shape)
             << " and element type " << tensor.getElementType();
  }
  return success();
}

static SmallVector<Type> elementTypesOf(ValueRange values) {
  SmallVector<Type> types;
  for (Value v : values)
    types.push_back(getElementTypeOrSelf(v.getType()));
  return types;
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombineRegion(*this, getCombineOp(), elementTypesOf(getSrcs()));
}

LogicalResult ScanOp::verify() {
  if (failed(verifyAxisOperands(*this, getSrcs(), getAxis())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("has ") << getNumResults() << " results for "
                               << getSrcs().size() << " operands";
  for (auto [src, result] : llvm::zip(getSrcs(), getResult()))
    if (src.getType() != result.getType())
      return emitOpError("operand types and result types must agree: result "
                         "type ")
             << result.getType() << " differs from operand type "
             << src.getType();
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombineRegion(*this, getCombineOp(), elementTypesOf(getSrcs()));
}

LogicalResult MapElementwiseOp::verify() {
  if (getPack() < 1)
    return emitOpError("pack must be positive, got ") << getPack();
  for (Value v : getSrcs())
    if (cast<RankedTensorType>(v.getType()).getNumElements() % getPack() != 0)
      return emitOpError("pack ")
             << getPack() << " does not divide the "
             << cast<RankedTensorType>(v.getType()).getNumElements()
             << " elements of an operand";
  return success();
}

LogicalResult MapElementwiseOp::verifyRegions() {
  Block &block = getScalarOp().front();
  unsigned pack = getPack();
  SmallVector<Type> argTypes, resultTypes;
  for (Type t : elementTypesOf(getSrcs()))
    argTypes.append(pack, t);
  for (Type t : elementTypesOf(getResult()))
    resultTypes.append(pack, t);
  if (block.getNumArguments() != argTypes.size())
    return emitOpError("region has wrong number of arguments: it must take ")
           << pack << " scalar(s) of each operand's element type, "
           << argTypes.size() << " in all";
  if (TypeRange(block.getArgumentTypes()) != TypeRange(argTypes))
    return emitOpError("argument types did not match: the region must take ")
           << pack << " scalar(s) of each operand's element type";
  // The region is evaluated per element, replicated elements included, with
  // no mask to keep a write to one of them: writes are rejected.
  WalkResult walk = getScalarOp().walk([&](Operation *op) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (effects && effects.hasEffect<MemoryEffects::Write>()) {
      op->emitOpError("Stores are not supported inside map_elementwise");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  for (Block &each : getScalarOp()) {
    auto ret = dyn_cast_or_null<MapElementwiseReturnOp>(
        each.empty() ? nullptr : &each.back());
    if (ret && TypeRange(ret->getOperandTypes()) != TypeRange(resultTypes))
      return ret->emitOpError(
                 "region return does not match map_elementwise result: the "
                 "region must return ")
             << pack << " scalar(s) of each result's element type";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// External code
//===----------------------------------------------------------------------===//

/// Impure external code may read and write any global memory.
template <typename OpT>
static void getExternalCodeEffects(
    OpT op, SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
                &effects) {
  if (op.getPure())
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getExternalCodeEffects(*this, effects);
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  getExternalCodeEffects(*this, effects);
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  int64_t pack = getPackedElement();
  if (pack < 1)
    return emitOpError("packed_element must be positive, got ") << pack;
  for (Type type :
       llvm::concat<Type>(getArgs().getTypes(), getResult().getTypes()))
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      if (tensor.getNumElements() % pack != 0)
        return emitOpError("packed_element ")
               << pack << " does not divide the " << tensor.getNumElements()
               << " elements of " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// Histogram, gather, print
//===----------------------------------------------------------------------===//

LogicalResult HistogramOp::verify() {
  if (getSrc().getType().getRank() != 1 || getType().getRank() != 1)
    return emitOpError("takes and returns 1-D tensors");
  if (getMask() && cast<ShapedType>(getMask().getType()).getShape() !=
                       getSrc().getType().getShape())
    return emitOpError("mask shape must match the source shape");
  return success();
}

LogicalResult GatherOp::verify() {
  auto src = getSrc().getType(), indices = getIndices().getType(),
       result = getType();
  int64_t axis = getAxis();
  // Checked in Triton's order, with its words (its users' tests look for
  // them), each followed by the values.
  if (result.getShape() != indices.getShape())
    return emitOpError("indices and output shapes must match: the result "
                       "must have the indices' shape ")
           << shapeString(indices.getShape());
  if (result.getEncoding() != indices.getEncoding())
    return emitOpError("indices and output encodings must match: ")
           << indices.getEncoding() << " and " << result.getEncoding();
  if (result.getElementType() != src.getElementType())
    return emitOpError("input and output element types must match: ")
           << src.getElementType() << " and " << result.getElementType();
  if (src.getRank() != indices.getRank())
    return emitOpError("input and indices ranks must match: ")
           << src.getRank() << " and " << indices.getRank();
  if (axis < 0 || axis >= src.getRank())
    return emitOpError("gather dimension must be less than the input rank: "
                       "axis ")
           << axis << " is outside [0, " << src.getRank() << ")";
  for (int64_t d = 0; d < src.getRank(); ++d)
    if (d != axis && src.getDimSize(d) != indices.getDimSize(d))
      return emitOpError("indices dimension ")
             << d << " must match the corresponding input dimension: "
             << indices.getDimSize(d) << " and " << src.getDimSize(d);
  return success();
}

LogicalResult PrintOp::verify() {
  // A print of its prefix alone may still carry the frontend's isSigned.
  if (!getArgs().empty() && getIsSigned().size() != getArgs().size())
    return emitOpError("'isSigned' needs one entry per argument: ")
           << getArgs().size() << " arguments, " << getIsSigned().size()
           << " entries";
  return success();
}

//===----------------------------------------------------------------------===//
// Block pointers and tensor descriptors
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorPtrOp::verify() {
  auto block =
      cast<RankedTensorType>(cast<PointerType>(getType()).getPointeeType());
  int64_t rank = block.getRank();
  if (static_cast<int64_t>(getShape().size()) != rank)
    return emitOpError("needs ")
           << rank << " sizes, strides and offsets for a block of rank " << rank
           << ", got " << getShape().size();
  Type pointee = cast<PointerType>(getBase().getType()).getPointeeType();
  if (pointee != block.getElementType())
    return emitOpError("base points to ")
           << pointee << " but the block holds " << block.getElementType();
  if (!isPermutation(getOrder(), rank))
    return emitOpError("order must be a permutation of [0, ") << rank << ")";
  return success();
}

LogicalResult MakeTensorDescOp::verify() {
  auto block = getType().getBlockType();
  int64_t rank = block.getRank();
  if (rank < 1 || rank > 5)
    return emitOpError("descriptor rank must be 1 to 5, got ") << rank;
  if (static_cast<int64_t>(getShape().size()) != rank)
    return emitOpError("needs ")
           << rank << " sizes and strides for a block of rank " << rank
           << ", got " << getShape().size();
  Type pointee = cast<PointerType>(getBase().getType()).getPointeeType();
  if (pointee != block.getElementType())
    return emitOpError("base points to ")
           << pointee << " but the block holds " << block.getElementType();
  return success();
}

/// A descriptor's block as loaded or stored: the block shape, or that shape
/// with leading dimensions of size 1 dropped.
static LogicalResult verifyDescriptorBlock(Operation *op, TensorDescType desc,
                                           size_t numIndices,
                                           RankedTensorType tensor) {
  auto block = desc.getBlockType();
  if (static_cast<int64_t>(numIndices) != block.getRank())
    return op->emitOpError("needs ")
           << block.getRank() << " indices, got " << numIndices;
  ArrayRef<int64_t> blockShape = block.getShape();
  int64_t drop = block.getRank() - tensor.getRank();
  if (drop > 0 && llvm::any_of(blockShape.take_front(drop),
                               [](int64_t d) { return d != 1; }))
    return op->emitOpError("ranked reduce load only allowed for unit "
                           "dimension leading dim: tensor shape ")
           << shapeString(tensor.getShape()) << ", descriptor block "
           << shapeString(blockShape);
  // A signed or unsigned block (a descriptor of si8) loads and stores the
  // signless integers of the same width.
  auto signless = [](Type type) -> Type {
    if (auto integer = dyn_cast<IntegerType>(type))
      return IntegerType::get(type.getContext(), integer.getWidth());
    return type;
  };
  if (signless(tensor.getElementType()) != signless(block.getElementType()))
    return op->emitOpError("tensor descriptor block and tensor types must "
                           "match: tensor element type ")
           << tensor.getElementType() << " differs from the descriptor's "
           << block.getElementType();
  if (drop < 0 || blockShape.drop_front(drop) != tensor.getShape())
    return op->emitOpError("tensor descriptor block and tensor types must "
                           "match: tensor shape ")
           << shapeString(tensor.getShape())
           << " does not match the descriptor block "
           << shapeString(blockShape);
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorBlock(*this, getDesc().getType(), getIndices().size(),
                               getType());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorBlock(*this, getDesc().getType(), getIndices().size(),
                               getSrc().getType());
}

LogicalResult DescriptorReduceOp::verify() {
  return verifyDescriptorBlock(*this, getDesc().getType(), getIndices().size(),
                               getSrc().getType());
}

/// Gather and scatter move rows of a 2-D descriptor whose block is 1 x N.
static LogicalResult verifyGatherScatter(Operation *op, TensorDescType desc,
                                         RankedTensorType xOffsets,
                                         RankedTensorType tensor) {
  auto block = desc.getBlockType();
  // Triton's words first (its users' tests look for them), then ours.
  if (block.getRank() != 2)
    return op->emitOpError("block must be a 2D tensor, but got ")
           << block << ": gather and scatter need a 1xN block";
  if (block.getDimSize(0) != 1)
    return op->emitOpError("block must have exactly 1 row, but got ")
           << block << ": gather and scatter need a 1xN block";
  if (xOffsets.getRank() != 1)
    return op->emitOpError("x offsets must be a 1D tensor, but got ")
           << xOffsets;
  if (tensor.getRank() != 2)
    return op->emitOpError("result must be a 2D tensor, but got ")
           << tensor << ", expected " << xOffsets.getDimSize(0) << "x"
           << block.getDimSize(1);
  if (tensor.getDimSize(0) != xOffsets.getDimSize(0))
    return op->emitOpError("result tensor must have as many rows as indices (")
           << xOffsets.getDimSize(0) << "), but got " << tensor;
  if (tensor.getDimSize(1) != block.getDimSize(1))
    return op->emitOpError("result tensor number of columns must match block (")
           << block.getDimSize(1) << "), but got " << tensor;
  if (tensor.getElementType() != block.getElementType())
    return op->emitOpError("result tensor element type must match block (")
           << block.getElementType() << "), but got " << tensor;
  return success();
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyGatherScatter(*this, getDesc().getType(),
                             getXOffsets().getType(), getType());
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyGatherScatter(*this, getDesc().getType(),
                             getXOffsets().getType(), getSrc().getType());
}
