//===- DecomposeDotScaled.cpp - The -triton-decompose-dot-scaled pass -----===//
//
// Sm_80 and sm_90 tensor cores have no block-scaled instructions: a
// `tt.dot_scaled` becomes element upcasts, the scales multiplied in, and a
// plain `tt.dot` on bf16 (f16 when an operand is f16). The upcasts are
// ordinary TTIR ops (bit arithmetic for fp4, fp_to_fp for fp8, join/reshape
// to unpack two fp4 per byte), so layout assignment and the lowering treat
// them like any elementwise code.
//
//===----------------------------------------------------------------------===//

#include "passes/Triton/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_TRITONDECOMPOSEDOTSCALED
#include "passes/Triton/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Builds the ops of one decomposition at one place.
class Decomposer {
public:
  Decomposer(DotScaledOp op) : b(op), loc(op.getLoc()), op(op) {}

  /// With `transposeScaledB`, a dot scaled on b alone is computed
  /// transposed (see run).
  LogicalResult run(bool transposeScaledB);

private:
  RankedTensorType like(Value v, Type element) {
    return RankedTensorType::get(cast<RankedTensorType>(v.getType()).getShape(),
                                 element);
  }
  Value constant(Value like, int64_t value) {
    auto type = cast<RankedTensorType>(like.getType());
    return arith::ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(type,
                               b.getIntegerAttr(type.getElementType(), value)));
  }
  Value shr(Value v, int64_t n) {
    return arith::ShRUIOp::create(b, loc, v, constant(v, n));
  }
  Value shl(Value v, int64_t n) {
    return arith::ShLIOp::create(b, loc, v, constant(v, n));
  }
  Value bits(Value v, int64_t mask) {
    return arith::AndIOp::create(b, loc, v, constant(v, mask));
  }

  Value fp4ToBF16(Value nibbles);
  Value unpackFP4(Value packed, int dim);
  FailureOr<Value> decode(Value operand, ScaleDotElemType type, bool kPack,
                          int kDim, FloatType target);
  Value scaleFactors(Value scale, int64_t k, bool transposed, FloatType target);
  Value e8m0Factors(Value scale, FloatType target);
  Value spreadScales(Value factor, int64_t k, bool transposed);
  FailureOr<Value> operand(Value v, Value scale, ScaleDotElemType type,
                           bool kPack, int kDim, FloatType computeType,
                           StringRef name);
  Value transposed2(Value v);
  /// The one of the last two dimensions of `v` that is not `dim`.
  static int otherDim(Value v, int dim) {
    int rank = cast<RankedTensorType>(v.getType()).getRank();
    return dim == rank - 1 ? rank - 2 : rank - 1;
  }

  OpBuilder b;
  Location loc;
  DotScaledOp op;
};

/// e2m1 values (sign, two exponent bits, one mantissa bit in the low nibble of
/// i16 elements) as bf16: 2^(e-1) * (1 + m/2), or m/2 when e is 0.
Value Decomposer::fp4ToBF16(Value nibbles) {
  Value sign = shl(bits(shr(nibbles, 3), 1), 15);
  Value exponent = bits(shr(nibbles, 1), 3);
  Value mantissa = bits(nibbles, 1);
  Value normal = arith::OrIOp::create(
      b, loc,
      shl(arith::AddIOp::create(b, loc, exponent, constant(exponent, 126)), 7),
      shl(mantissa, 6));
  // 0.5 is bf16 0x3F00; 0 stays 0.
  Value subnormal =
      arith::MulIOp::create(b, loc, mantissa, constant(mantissa, 0x3F00));
  Value isSubnormal = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            exponent, constant(exponent, 0));
  Value magnitude =
      arith::SelectOp::create(b, loc, isSubnormal, subnormal, normal);
  Value word = arith::OrIOp::create(b, loc, sign, magnitude);
  return BitcastOp::create(b, loc, like(word, b.getBF16Type()), word);
}

/// Two fp4 per byte (low nibble first) along `dim` of an i8 tensor (2-D, or
/// 3-D batched), as bf16 with that dimension doubled.
Value Decomposer::unpackFP4(Value packed, int dim) {
  Type i16 = b.getI16Type();
  Value low =
      arith::ExtUIOp::create(b, loc, like(packed, i16), bits(packed, 15));
  Value high = arith::ExtUIOp::create(b, loc, like(packed, i16),
                                      bits(shr(packed, 4), 15));
  Value lowF = fp4ToBF16(low), highF = fp4ToBF16(high);
  ArrayRef<int64_t> shape = cast<RankedTensorType>(packed.getType()).getShape();
  int rank = shape.size();
  Type bf16 = b.getBF16Type();
  SmallVector<int64_t> joinedShape(shape);
  joinedShape.push_back(2);
  Value joined = JoinOp::create(
      b, loc, RankedTensorType::get(joinedShape, bf16), lowF, highF);
  if (dim != rank - 1) {
    // [..., d, ..., 2] -> [..., d, 2, ...]: the pair index goes next to the
    // packed dimension before the two merge.
    SmallVector<int32_t> order;
    SmallVector<int64_t> movedShape;
    for (int i = 0; i < rank; ++i) {
      order.push_back(i);
      movedShape.push_back(shape[i]);
      if (i == dim) {
        order.push_back(rank);
        movedShape.push_back(2);
      }
    }
    joined = TransOp::create(b, loc, RankedTensorType::get(movedShape, bf16),
                             joined, b.getDenseI32ArrayAttr(order));
  }
  SmallVector<int64_t> unpacked(shape);
  unpacked[dim] *= 2;
  return ReshapeOp::create(b, loc, RankedTensorType::get(unpacked, bf16),
                           joined, /*allow_reorder=*/false,
                           /*efficient_layout=*/false);
}

/// The operand's values as `target` (bf16 or f32; exact for every format).
FailureOr<Value> Decomposer::decode(Value operand, ScaleDotElemType type,
                                    bool kPack, int kDim, FloatType target) {
  Value value;
  switch (type) {
  case ScaleDotElemType::E2M1:
    value = unpackFP4(operand, kPack ? kDim : otherDim(operand, kDim));
    break;
  case ScaleDotElemType::E4M3:
  case ScaleDotElemType::E5M2: {
    Type fp8 = type == ScaleDotElemType::E4M3
                   ? Type(b.getType<Float8E4M3FNType>())
                   : Type(b.getType<Float8E5M2Type>());
    Type element = cast<RankedTensorType>(operand.getType()).getElementType();
    if (element.isInteger(8))
      operand = BitcastOp::create(b, loc, like(operand, fp8), operand);
    else if (element != fp8)
      return op.emitError()
             << "an " << stringifyScaleDotElemType(type)
             << " operand must hold " << fp8 << " or i8, not " << element;
    return Value(FpToFpOp::create(b, loc, like(operand, target), operand,
                                  RoundingModeAttr()));
  }
  case ScaleDotElemType::BF16:
  case ScaleDotElemType::FP16:
    value = operand;
    break;
  default:
    return op.emitError() << "tt.dot_scaled with "
                          << stringifyScaleDotElemType(type)
                          << " operands (fp6) is not supported yet";
  }
  if (cast<RankedTensorType>(value.getType()).getElementType() == target)
    return value;
  return Value(arith::ExtFOp::create(b, loc, like(value, target), value));
}

/// Scales [(batch,) rows, k / group] as factors of type `target` (bf16 or
/// f32, both with f32's exponent range) spread over each group's k,
/// [(batch,) rows, k] (transposed: [(batch,) k, rows]): E8M0 bytes are
/// 2^(s - 127) (255 is NaN), e4m3 values themselves.
Value Decomposer::scaleFactors(Value scale, int64_t k, bool transposed,
                               FloatType target) {
  Value factor;
  if (isa<FloatType>(getElementTypeOrSelf(scale.getType()))) {
    // e4m3 scales (NVFP4's, blocks of 16) are the factors themselves; bf16
    // and f32 hold every e4m3 value (NaN too).
    factor = FpToFpOp::create(b, loc, like(scale, target), scale,
                              RoundingModeAttr());
  } else {
    factor = e8m0Factors(scale, target);
  }
  return spreadScales(factor, k, transposed);
}

/// E8M0 exponent bytes as factors 2^(s - 127) of type `target` (255: NaN).
Value Decomposer::e8m0Factors(Value scale, FloatType target) {
  // The exponent field starts at the mantissa width; 2^-127 is below the
  // normal range, so it is the subnormal with the mantissa's top bit set.
  unsigned width = target.getWidth(),
           mantissa = target.getFPMantissaWidth() - 1;
  Type word = b.getIntegerType(width);
  Value wide = arith::ExtUIOp::create(b, loc, like(scale, word), scale);
  Value bitsOf = shl(wide, mantissa);
  Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, wide,
                                       constant(wide, 0));
  bitsOf = arith::SelectOp::create(
      b, loc, isZero, constant(wide, int64_t(1) << (mantissa - 1)), bitsOf);
  Value isNaN = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, wide,
                                      constant(wide, 255));
  bitsOf = arith::SelectOp::create(
      b, loc, isNaN,
      constant(wide, (int64_t(0x1FF) << (mantissa - 1)) &
                         ((int64_t(1) << width) - 1)),
      bitsOf);
  return BitcastOp::create(b, loc, like(bitsOf, target), bitsOf);
}

/// Factors [(batch,) rows, groups] spread over each group's share of `k`:
/// [(batch,) rows, k], or [(batch,) k, rows] when `transposed`.
Value Decomposer::spreadScales(Value factor, int64_t k, bool transposed) {
  auto factorType = cast<RankedTensorType>(factor.getType());
  Type target = factorType.getElementType();
  ArrayRef<int64_t> shape = factorType.getShape();
  int rank = shape.size();
  int64_t groups = shape.back(), group = k / groups;
  SmallVector<int64_t> expandedShape(shape);
  expandedShape.push_back(1);
  Value expanded = ExpandDimsOp::create(
      b, loc, RankedTensorType::get(expandedShape, target), factor, rank);
  expandedShape.back() = group;
  Value spread = BroadcastOp::create(
      b, loc, RankedTensorType::get(expandedShape, target), expanded);
  SmallVector<int64_t> flatShape(shape);
  flatShape.back() = k;
  Value flat = ReshapeOp::create(
      b, loc, RankedTensorType::get(flatShape, target), spread, false, false);
  if (!transposed)
    return flat;
  return transposed2(flat);
}

/// One operand in `computeType`, its scale applied. `kDim` is the operand's K
/// dimension (the last for a, the one before for b; a 3-D operand's first is
/// its batch). With bf16 the scaling is a bf16 product
/// (exact: a power of two, f32's exponent range); with f16 it runs in f32
/// and is rounded to f16 (a scaled value may overflow f16).
FailureOr<Value> Decomposer::operand(Value v, Value scale,
                                     ScaleDotElemType type, bool kPack,
                                     int kDim, FloatType computeType,
                                     StringRef name) {
  if (!scale &&
      cast<RankedTensorType>(v.getType()).getElementType() == computeType)
    return v;
  FloatType work = computeType.isBF16() ? computeType : b.getF32Type();
  FailureOr<Value> decoded = decode(v, type, kPack, kDim, work);
  if (failed(decoded))
    return failure();
  Value value = *decoded;
  if (scale) {
    auto valueShape = cast<RankedTensorType>(value.getType()).getShape();
    auto scaleShape = cast<RankedTensorType>(scale.getType()).getShape();
    int rank = valueShape.size();
    int64_t k = valueShape[kDim], rows = valueShape[otherDim(value, kDim)];
    bool batchMatches = rank == 2 || scaleShape[0] == valueShape[0];
    if ((int)scaleShape.size() != rank || !batchMatches ||
        scaleShape[rank - 2] != rows || scaleShape.back() == 0 ||
        k % scaleShape.back() != 0)
      return op.emitError()
             << "the scale of " << name << " has shape [" << scaleShape
             << "]; expected [" << (rank == 3 ? "batch, " : "") << rows
             << ", K / group] with K = " << k;
    value = arith::MulFOp::create(
        b, loc, value, scaleFactors(scale, k, kDim == rank - 2, work));
  }
  if (work == computeType)
    return value;
  return Value(
      arith::TruncFOp::create(b, loc, like(value, computeType), value));
}

/// `v` with its last two dimensions swapped.
Value Decomposer::transposed2(Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> shape(type.getShape());
  std::swap(shape[shape.size() - 1], shape[shape.size() - 2]);
  SmallVector<int32_t> order;
  for (int i = 0, e = shape.size(); i < e; ++i)
    order.push_back(i);
  std::swap(order[order.size() - 1], order[order.size() - 2]);
  return TransOp::create(b, loc,
                         RankedTensorType::get(shape, type.getElementType()),
                         v, b.getDenseI32ArrayAttr(order));
}

LogicalResult Decomposer::run(bool transposeScaledB) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  if (aType.getEncoding() || bType.getEncoding())
    return op.emitError(
        "-triton-decompose-dot-scaled runs on TTIR (tensors without layouts)");
  if (aType.getRank() != bType.getRank() ||
      (aType.getRank() != 2 && aType.getRank() != 3))
    return op.emitError("tt.dot_scaled operands must both be 2-D or 3-D");
  int rank = aType.getRank();
  ScaleDotElemType aElem = op.getAElemType(), bElem = op.getBElemType();
  bool f16 = aElem == ScaleDotElemType::FP16 || bElem == ScaleDotElemType::FP16;
  FloatType computeType =
      f16 ? FloatType(b.getF16Type()) : FloatType(b.getBF16Type());
  // Triton 3.6 (accelerate-matmul, NVIDIA) computes a dot whose scale is on
  // b alone as (b^T a^T)^T: the operand that is decoded and scaled in
  // registers becomes the dot's a, which wgmma reads from registers, and the
  // loaded one its b, read from shared memory where it was copied.
  bool swap = transposeScaledB && !op.getAScale() && op.getBScale();
  Value aSrc = op.getA(), bSrc = op.getB(), c = op.getC();
  Value aScale = op.getAScale(), bScale = op.getBScale();
  bool aPack = op.getLhsKPack(), bPack = op.getRhsKPack();
  StringRef aName = "a", bName = "b";
  if (swap) {
    std::swap(aSrc, bSrc);
    aSrc = transposed2(aSrc);
    bSrc = transposed2(bSrc);
    c = transposed2(c);
    std::swap(aScale, bScale);
    std::swap(aElem, bElem);
    std::swap(aPack, bPack);
    std::swap(aName, bName);
  }
  FailureOr<Value> a =
      operand(aSrc, aScale, aElem, aPack, rank - 1, computeType, aName);
  if (failed(a))
    return failure();
  FailureOr<Value> bv =
      operand(bSrc, bScale, bElem, bPack, rank - 2, computeType, bName);
  if (failed(bv))
    return failure();
  int64_t ka = cast<RankedTensorType>(a->getType()).getShape()[rank - 1];
  int64_t kb = cast<RankedTensorType>(bv->getType()).getShape()[rank - 2];
  if (ka != kb)
    return op.emitError() << aName << " unpacks to K = " << ka << " but "
                          << bName << " to K = " << kb;
  Value dot = DotOp::create(b, loc, c.getType(), *a, *bv, c,
                            InputPrecision::IEEE, 0);
  if (swap)
    dot = transposed2(dot);
  op.replaceAllUsesWith(dot);
  op.erase();
  return success();
}

struct DecomposeDotScaledPass
    : triton::impl::TritonDecomposeDotScaledBase<DecomposeDotScaledPass> {
  using TritonDecomposeDotScaledBase::TritonDecomposeDotScaledBase;
  void runOnOperation() override {
    SmallVector<DotScaledOp> ops;
    getOperation().walk([&](DotScaledOp op) { ops.push_back(op); });
    bool failed = false;
    for (DotScaledOp op : ops)
      failed |= mlir::failed(Decomposer(op).run(transposeScaledB));
    if (failed)
      signalPassFailure();
  }
};

} // namespace
