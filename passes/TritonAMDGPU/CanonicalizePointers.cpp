//===- CanonicalizePointers.cpp - Pointers as scalar base plus offsets ----===//
//
// Buffer instructions need a load's or store's pointers as one scalar base
// plus a tensor of offsets. This pass follows every pointer argument of a
// function through the IR as a pair (scalar base, offset) and rebuilds the
// pointer only where it is used by a memory operation (or an op the pass
// does not look through):
//
//   tt.splat/tt.broadcast/tt.expand_dims/ttg.convert_layout/
//   amdg.extract_slice   apply to the offset; the base is kept
//   tt.addptr            splits its offset into a uniform (scalar) part and
//                        the rest (the recursion over splat, constants,
//                        broadcast, expand_dims, addi and muli below)
//   scf.for/while/if, cf.br/cond_br, arith.select
//                        carry the pair: a pointer result, iteration
//                        argument or block argument becomes two
//
// The pair is a (base, offset) of a 1:N dialect conversion: patterns get
// both values of a converted operand through their adaptor.
//
// Two policies, by what is known about the argument:
// - `tt.pointer_range = 32` (every offset into the buffer fits in 32 bits):
//   the base stays the argument and all offsets are summed (in i32) into the
//   offset, uniform parts splatted. Any regrouping is exact because the true
//   sum fits in 32 bits.
// - otherwise (only with enable-large-tensor-ptr-canon): uniform parts bump
//   the scalar base and the offset is kept in 64 bits; it is narrowed back
//   to i32 where the only contribution was one i32 tensor added to a splat.
//
// The pass skips functions holding ub.poison (a poisoned pointer has no
// base) and remarks on a pointer argument with no use.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

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

namespace {

//===----------------------------------------------------------------------===//
// Integer offsets
//===----------------------------------------------------------------------===//

/// `value` (a scalar or a tensor) with element type `elementType`.
Type withElementType(Value value, Type elementType) {
  if (auto tensor = dyn_cast<RankedTensorType>(value.getType()))
    return tensor.clone(elementType);
  return elementType;
}

unsigned bitWidth(Value value) {
  return getElementTypeOrSelf(value.getType()).getIntOrFloatBitWidth();
}

/// Sign-extends or truncates `value` to elements of type `to`.
Value resize(RewriterBase &b, Location loc, Value value, Type to) {
  unsigned from = bitWidth(value), width = to.getIntOrFloatBitWidth();
  if (from == width)
    return value;
  Type type = withElementType(value, to);
  if (from < width)
    return b.createOrFold<arith::ExtSIOp>(loc, type, value);
  return b.createOrFold<arith::TruncIOp>(loc, type, value);
}

Value narrowTo32(RewriterBase &b, Location loc, Value value) {
  if (bitWidth(value) <= 32)
    return value;
  return resize(b, loc, value, b.getI32Type());
}

bool isScalarConstantInt(Value value) {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  return constant && isa<IntegerAttr>(constant.getValue());
}

bool isScalarZero(Value value) {
  auto constant = value.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return false;
  auto attr = dyn_cast<IntegerAttr>(constant.getValue());
  return attr && attr.getValue().isZero();
}

bool isTensorZero(Value value) {
  if (!isa<RankedTensorType>(value.getType()) ||
      !getElementTypeOrSelf(value.getType()).isInteger())
    return false;
  if (auto splat = value.getDefiningOp<SplatOp>())
    return isScalarZero(splat.getSrc());
  return matchPattern(value, m_Zero());
}

bool isZero(Value value) { return isScalarZero(value) || isTensorZero(value); }

Type widerElementType(Value a, Value b) {
  Type ta = getElementTypeOrSelf(a.getType());
  Type tb = getElementTypeOrSelf(b.getType());
  return ta.getIntOrFloatBitWidth() >= tb.getIntOrFloatBitWidth() ? ta : tb;
}

/// a + b for two scalars or two tensors, in the wider of their types; a
/// zero term is dropped.
Value addSameKind(RewriterBase &b, Location loc, Value lhs, Value rhs) {
  Type type = widerElementType(lhs, rhs);
  if (isZero(lhs))
    return resize(b, loc, rhs, type);
  if (isZero(rhs))
    return resize(b, loc, lhs, type);
  Value wideRhs = resize(b, loc, rhs, type);
  return b.createOrFold<arith::AddIOp>(loc, resize(b, loc, lhs, type), wideRhs);
}

/// splat(uniform) + varying, in the wider type.
Value addUniformToTensor(RewriterBase &b, Location loc, Value uniform,
                         Value varying) {
  Type type = widerElementType(uniform, varying);
  if (isScalarZero(uniform))
    return resize(b, loc, varying, type);
  Value scalar = resize(b, loc, uniform, type);
  Value tensor = resize(b, loc, varying, type);
  Value splat = SplatOp::create(b, loc, tensor.getType(), scalar);
  if (isTensorZero(varying))
    return splat;
  return b.createOrFold<arith::AddIOp>(loc, splat, tensor);
}

/// Splats met while splitting, by (scalar, tensor type), so that a sum can
/// reuse one instead of splatting the same scalar again.
using SplatCache = llvm::SmallMapVector<std::pair<Value, Type>, Value, 8>;

/// The scalar every element of `value` equals, where that is visible: the
/// source of a splat, a new constant for a uniform dense constant, or a
/// scalar block argument itself.
std::optional<Value> uniformScalar(RewriterBase &b, Location loc, Value value,
                                   SplatCache *splats = nullptr) {
  if (auto splat = value.getDefiningOp<SplatOp>()) {
    if (splats)
      (*splats)[{splat.getSrc(), splat.getType()}] = value;
    return splat.getSrc();
  }
  DenseIntElementsAttr dense;
  if (value.getDefiningOp<arith::ConstantOp>() &&
      matchPattern(value, m_Constant(&dense)) && dense.isSplat())
    return arith::ConstantOp::create(b, loc, dense.getSplatValue<IntegerAttr>())
        .getResult();
  if (isa<BlockArgument>(value) && !isa<RankedTensorType>(value.getType()))
    return value;
  return std::nullopt;
}

Value tensorZero(RewriterBase &b, Location loc, RankedTensorType type) {
  return arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(type, b.getZeroAttr(type.getElementType())));
}

/// An integer tensor offset as uniform (scalar) + varying (tensor) parts.
struct SplitOffset {
  Value uniform;
  Value varying;
};

/// Splits the i`width` tensor `offset`: splats and uniform constants are
/// uniform; sums and products split term by term and broadcast/expand_dims
/// apply to the varying part; anything else is varying.
SplitOffset splitOffset(RewriterBase &b, Location loc, Value offset,
                        unsigned width, SplatCache *splats = nullptr) {
  auto noUniform = [&]() -> SplitOffset {
    return {arith::ConstantIntOp::create(b, loc, 0, width), offset};
  };
  if (std::optional<Value> scalar = uniformScalar(b, loc, offset, splats))
    return {*scalar,
            tensorZero(b, loc, cast<RankedTensorType>(offset.getType()))};
  Operation *def = offset.getDefiningOp();
  if (!def)
    return noUniform();
  return llvm::TypeSwitch<Operation *, SplitOffset>(def)
      .Case([&](BroadcastOp op) -> SplitOffset {
        SplitOffset src = splitOffset(b, loc, op.getSrc(), width, splats);
        Value varying =
            BroadcastOp::create(b, loc,
                                cast<RankedTensorType>(op.getType())
                                    .clone(getElementTypeOrSelf(src.varying)),
                                src.varying);
        return {src.uniform, varying};
      })
      .Case([&](ExpandDimsOp op) -> SplitOffset {
        SplitOffset src = splitOffset(b, loc, op.getSrc(), width, splats);
        Value varying =
            ExpandDimsOp::create(b, loc,
                                 cast<RankedTensorType>(op.getType())
                                     .clone(getElementTypeOrSelf(src.varying)),
                                 src.varying, op.getAxis());
        return {src.uniform, varying};
      })
      .Case([&](arith::AddIOp op) -> SplitOffset {
        SplitOffset lhs = splitOffset(b, loc, op.getLhs(), width, splats);
        SplitOffset rhs = splitOffset(b, loc, op.getRhs(), width, splats);
        Value uniform = addSameKind(b, loc, lhs.uniform, rhs.uniform);
        Value varying = addSameKind(b, loc, lhs.varying, rhs.varying);
        return {uniform, varying};
      })
      .Case([&](arith::MulIOp op) -> SplitOffset {
        // (u1 + v1) * (u2 + v2) = u1*u2 + (v1*v2 + u1*v2 + v1*u2).
        SplitOffset lhs = splitOffset(b, loc, op.getLhs(), width, splats);
        SplitOffset rhs = splitOffset(b, loc, op.getRhs(), width, splats);
        Value uniform = arith::MulIOp::create(b, loc, lhs.uniform, rhs.uniform);
        Value lhsUniform =
            SplatOp::create(b, loc, lhs.varying.getType(), lhs.uniform);
        Value rhsUniform =
            SplatOp::create(b, loc, rhs.varying.getType(), rhs.uniform);
        Value both = arith::MulIOp::create(b, loc, lhs.varying, rhs.varying);
        Value left = arith::MulIOp::create(b, loc, lhsUniform, rhs.varying);
        Value right = arith::MulIOp::create(b, loc, lhs.varying, rhsUniform);
        Value partial = arith::AddIOp::create(b, loc, both, left);
        return {uniform, arith::AddIOp::create(b, loc, partial, right)};
      })
      .Default([&](Operation *) { return noUniform(); });
}

//===----------------------------------------------------------------------===//
// What is known about each (base, offset) pair
//===----------------------------------------------------------------------===//

/// Facts about one (base, offset) pair.
struct PairFacts {
  /// Attributes (tt.divisibility, ...) the rebuilt pointer carries.
  llvm::SmallMapVector<StringAttr, Attribute, 4> attrs;
  /// For a `tt.pointer_range = 32` argument: the argument itself, which
  /// stays the base.
  Value smallRoot;
  /// Whether a 64-bit offset may be truncated to i32 when rebuilt.
  bool narrowable = false;

  bool operator==(const PairFacts &other) const {
    return narrowable == other.narrowable && smallRoot == other.smallRoot &&
           llvm::equal(attrs, other.attrs);
  }
};

using Pair = std::pair<Value, Value>;

class PairTable {
public:
  /// The facts of `pair`, created on first use: a base that is a block
  /// argument takes the owner's `<name>_arg<i>` hints (and passes them on to
  /// an offset that is a block argument too); another base takes its
  /// defining op's attributes.
  PairFacts &get(Pair pair) {
    auto [it, inserted] = table.try_emplace(pair);
    if (inserted)
      seed(pair, it->second);
    return it->second;
  }

  PairFacts lookup(Pair pair) const { return table.lookup(pair); }

  /// `to` gets the facts of `from`.
  void inherit(Pair to, Pair from) {
    PairFacts facts = lookup(from);
    get(to) = facts;
  }

private:
  static void seed(Pair pair, PairFacts &facts) {
    auto [base, offset] = pair;
    auto arg = dyn_cast<BlockArgument>(base);
    if (!arg) {
      if (Operation *def = base.getDefiningOp())
        for (NamedAttribute attr : def->getDiscardableAttrs())
          facts.attrs[attr.getName()] = attr.getValue();
      return;
    }
    Operation *owner = arg.getOwner()->getParentOp();
    if (!owner)
      return;
    std::string suffix = llvm::formatv("_arg{0}", arg.getArgNumber()).str();
    for (NamedAttribute attr : llvm::to_vector(owner->getDiscardableAttrs())) {
      StringRef name = attr.getName().strref();
      if (!name.ends_with(suffix))
        continue;
      StringRef hint = name.drop_back(suffix.size());
      facts.attrs[StringAttr::get(owner->getContext(), hint)] = attr.getValue();
      if (auto offsetArg = dyn_cast<BlockArgument>(offset))
        owner->setAttr(
            llvm::formatv("{0}_arg{1}", hint, offsetArg.getArgNumber()).str(),
            attr.getValue());
    }
  }

  llvm::DenseMap<Pair, PairFacts> table;
};

/// base + offset as a pointer of `offset`'s shape.
Value rebuildPointer(RewriterBase &b, Location loc, Value base, Value offset,
                     const PairFacts &facts) {
  auto setAttrs = [&](Operation *op) {
    for (auto &[name, value] : facts.attrs)
      op->setAttr(name, value);
  };
  auto offsetType = dyn_cast<RankedTensorType>(offset.getType());
  if (!offsetType) {
    auto add = AddPtrOp::create(b, loc, base.getType(), base, offset);
    setAttrs(add);
    return add;
  }
  if (facts.narrowable)
    offset = narrowTo32(b, loc, offset);
  auto type = cast<RankedTensorType>(offset.getType()).clone(base.getType());
  Value splat = SplatOp::create(b, loc, type, base);
  auto add = AddPtrOp::create(b, loc, type, splat, offset);
  setAttrs(add);
  return add;
}

SmallVector<Value> flatten(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> values;
  for (ValueRange range : ranges)
    llvm::append_range(values, range);
  return values;
}

bool isPointerLike(Type type) {
  return isa<PointerType>(getElementTypeOrSelf(type));
}

//===----------------------------------------------------------------------===//
// Conversion patterns
//===----------------------------------------------------------------------===//

/// State shared by the patterns: the ops on pointer paths (each leaves the
/// set once rewritten, which makes it legal) and the pair facts.
struct Shared {
  llvm::SetVector<Operation *> pending;
  PairTable pairs;
};

template <typename OpTy> struct PairPattern : ConversionPattern {
  using Adaptor = typename OpTy::template GenericAdaptor<ArrayRef<ValueRange>>;

  PairPattern(MLIRContext *ctx, Shared &shared, PatternBenefit benefit = 1)
      : ConversionPattern(OpTy::getOperationName(), benefit, ctx),
        shared(shared) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const final {
    auto typed = cast<OpTy>(op);
    if (failed(rewrite(typed, Adaptor(operands, typed), rewriter)))
      return failure();
    shared.pending.remove(op);
    return success();
  }

  virtual LogicalResult rewrite(OpTy op, Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const = 0;

  Shared &shared;
};

/// Shape ops on a pointer tensor (splat, broadcast, expand_dims,
/// convert_layout, extract_slice) apply to the offset and keep the base.
/// A source that is a plain pointer (rebuilt by an earlier op) stays as is.
template <typename OpTy> struct ShapeOpPattern : PairPattern<OpTy> {
  using Base = PairPattern<OpTy>;
  using Base::Base;

  LogicalResult rewrite(OpTy op, typename Base::Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    ValueRange source = adaptor.getOperands()[0];
    if (source.size() != 2)
      return success();
    Value base = source[0], offset = source[1];
    if (!isa<PointerType>(base.getType()))
      return rewriter.notifyMatchFailure(op, "base is not a scalar pointer");
    auto resultType = cast<RankedTensorType>(op.getType());
    Type offsetElement = getElementTypeOrSelf(offset.getType());
    if (!offsetElement.isInteger())
      return rewriter.notifyMatchFailure(op, "offset is not an integer");
    if (!isa<SplatOp>(op) && !isa<RankedTensorType>(offset.getType()))
      return rewriter.notifyMatchFailure(op, "offset is not a tensor");
    Value newOffset =
        reshape(rewriter, op, offset, resultType.clone(offsetElement));
    rewriter.replaceOpWithMultiple(op, {{base, newOffset}});
    this->shared.pairs.inherit({base, newOffset}, {base, offset});
    return success();
  }

  static Value reshape(OpBuilder &b, OpTy op, Value offset,
                       RankedTensorType type) {
    if constexpr (std::is_same_v<OpTy, ExpandDimsOp>)
      return ExpandDimsOp::create(b, op.getLoc(), type, offset, op.getAxis());
    else if constexpr (std::is_same_v<OpTy, amdgpu::ExtractSliceOp>)
      return amdgpu::ExtractSliceOp::create(b, op.getLoc(), type, offset,
                                            op.getStaticOffsetsAttr());
    else
      return OpTy::create(b, op.getLoc(), type, offset);
  }
};

/// tt.addptr: a scalar step bumps the base; a uniform tensor step bumps the
/// base by its scalar; another tensor step is split, its uniform part bumping
/// the base and the rest added to the offset. For a small-tensor root the
/// base stays and everything is summed into an i32 offset instead.
struct AddPtrPattern : PairPattern<AddPtrOp> {
  using PairPattern::PairPattern;

  LogicalResult rewrite(AddPtrOp op, Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    ValueRange ptr = adaptor.getPtr();
    if (ptr.size() != 2)
      return success();
    if (adaptor.getOffset().size() != 1)
      return rewriter.notifyMatchFailure(op, "offset is a pointer pair");
    Value base = ptr[0], offset = ptr[1];
    Value step = adaptor.getOffset()[0];
    Location loc = op.getLoc();
    PairFacts facts = shared.pairs.lookup({base, offset});
    if (facts.smallRoot)
      return rewriteSmall(op, base, offset, step, facts, rewriter);

    // Only the hints that still describe a pointer of the same rank move to
    // the new base.
    SmallVector<NamedAttribute> hints;
    for (StringRef name : {"tt.divisibility", "tt.contiguity", "tt.constancy"})
      if (Attribute attr = op->getDiscardableAttr(name))
        hints.push_back(rewriter.getNamedAttr(name, attr));
    auto rank = [](Type type) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      return tensor ? tensor.getRank() : 1;
    };
    auto bump = [&](Value by) {
      auto add = AddPtrOp::create(rewriter, loc, base.getType(), base, by);
      if (rank(add.getType()) == rank(op.getType()))
        add->setDiscardableAttrs(hints);
      return add;
    };

    if (isa<PointerType>(op.getPtr().getType())) {
      AddPtrOp newBase = bump(step);
      rewriter.replaceOpWithMultiple(op, {{newBase, offset}});
      shared.pairs.inherit({newBase, offset}, {base, offset});
      return success();
    }
    if (std::optional<Value> scalar = uniformScalar(rewriter, loc, step)) {
      AddPtrOp newBase = bump(*scalar);
      rewriter.replaceOpWithMultiple(op, {{newBase, offset}});
      shared.pairs.inherit({newBase, offset}, {base, offset});
      return success();
    }

    SplitOffset split = splitOffset(rewriter, loc, step, bitWidth(step));
    AddPtrOp newBase = bump(split.uniform);
    bool narrowable = facts.narrowable;
    bool keepAttrs = true;
    Value newOffset = offset;
    if (!isTensorZero(split.varying)) {
      // Narrowing stays allowed while the offset is a splat plus one i32
      // tensor.
      narrowable = narrowable && offset.getDefiningOp<SplatOp>() &&
                   getElementTypeOrSelf(split.varying.getType()).isInteger(32);
      Value varying = resize(rewriter, loc, split.varying,
                             getElementTypeOrSelf(offset.getType()));
      newOffset = addSameKind(rewriter, loc, varying, offset);
      keepAttrs = false;
    }
    rewriter.replaceOpWithMultiple(op, {{newBase, newOffset}});
    PairFacts &next = shared.pairs.get({newBase, newOffset});
    next.narrowable = narrowable;
    if (keepAttrs)
      next.attrs = facts.attrs;
    return success();
  }

  /// Small-tensor roots: offset + step, both split, uniform parts summed as
  /// scalars and splatted once; splat-only terms join whichever side avoids
  /// a second splat of the same scalar.
  LogicalResult rewriteSmall(AddPtrOp op, Value base, Value offset, Value step,
                             const PairFacts &facts,
                             ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    SmallVector<Value> uniforms, varyings;
    SmallVector<std::pair<Value, Value>> splatTerms; // (tensor, scalar)
    SplatCache splats;
    for (Value term : {offset, step}) {
      if (term.getType().isIntOrIndex()) {
        uniforms.push_back(term);
      } else if (std::optional<Value> scalar =
                     uniformScalar(rewriter, loc, term, &splats)) {
        splatTerms.push_back({term, *scalar});
      } else {
        SplitOffset split =
            splitOffset(rewriter, loc, term, bitWidth(term), &splats);
        uniforms.push_back(split.uniform);
        varyings.push_back(split.varying);
      }
    }

    Value uniformSum, varyingSum;
    auto accumulate = [&](Value &sum, ArrayRef<Value> terms) {
      for (Value term : terms)
        sum = sum ? addSameKind(rewriter, loc, sum, term) : term;
    };
    while (true) {
      accumulate(uniformSum, uniforms);
      accumulate(varyingSum, varyings);
      if (splatTerms.empty())
        break;
      // A nonzero constant uniform sum takes splat terms as scalars (one
      // constant fold later); otherwise they stay tensors. They must stay
      // tensors when nothing else is, or the result would be a scalar.
      bool asScalars = isScalarConstantInt(uniformSum) &&
                       !isScalarZero(uniformSum) && !varyings.empty();
      uniforms.clear();
      varyings.clear();
      for (auto [tensor, scalar] : splatTerms)
        (asScalars ? uniforms : varyings)
            .push_back(asScalars ? scalar : tensor);
      splatTerms.clear();
    }

    Value newOffset = uniformSum;
    if (varyingSum) {
      if (Value splat = splats.lookup({uniformSum, varyingSum.getType()}))
        newOffset = addSameKind(rewriter, loc, splat, varyingSum);
      else
        newOffset = addUniformToTensor(rewriter, loc, uniformSum, varyingSum);
    }
    newOffset = narrowTo32(rewriter, loc, newOffset);
    // A value the conversion already replaced is known to later ops by its
    // replacement.
    if (Value remapped = rewriter.getRemappedValue(newOffset))
      newOffset = remapped;

    rewriter.replaceOpWithMultiple(op, {{base, newOffset}});
    PairFacts &next = shared.pairs.get({base, newOffset});
    next = facts;
    next.narrowable = false;
    return success();
  }
};

/// The new block signature of `block` whose arguments get `incoming`, with
/// the facts of each incoming pair moved to the new pair of arguments.
void convertBlockArgs(Block *block, ArrayRef<ValueRange> incoming,
                      unsigned firstArg, ConversionPatternRewriter &rewriter,
                      PairTable &pairs) {
  TypeConverter::SignatureConversion conversion(block->getNumArguments());
  for (unsigned i = 0; i < firstArg; ++i)
    conversion.addInputs(i, block->getArgument(i).getType());
  for (auto [i, values] : llvm::enumerate(incoming))
    conversion.addInputs(firstArg + i, llvm::to_vector(values.getTypes()));
  Block *newBlock = rewriter.applySignatureConversion(block, conversion);
  unsigned position = firstArg;
  for (ValueRange values : incoming) {
    if (values.size() == 2)
      pairs.inherit({newBlock->getArgument(position),
                     newBlock->getArgument(position + 1)},
                    {values[0], values[1]});
    position += values.size();
  }
}

/// The results of a rebuilt region op, grouped as its old results were, with
/// the facts of each pair taken from the matching incoming pair.
SmallVector<ValueRange> groupResults(ResultRange results,
                                     ArrayRef<ValueRange> incoming,
                                     PairTable &pairs) {
  SmallVector<ValueRange> groups;
  unsigned position = 0;
  for (ValueRange values : incoming) {
    ValueRange group = results.slice(position, values.size());
    if (values.size() == 2)
      pairs.inherit({group[0], group[1]}, {values[0], values[1]});
    groups.push_back(group);
    position += values.size();
  }
  return groups;
}

struct ForPattern : PairPattern<scf::ForOp> {
  using PairPattern::PairPattern;

  LogicalResult rewrite(scf::ForOp op, Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    ArrayRef<ValueRange> inits = adaptor.getInitArgs();
    convertBlockArgs(op.getBody(), inits, /*firstArg=*/1, rewriter,
                     shared.pairs);
    auto newFor = scf::ForOp::create(rewriter, op.getLoc(),
                                     adaptor.getLowerBound().front(),
                                     adaptor.getUpperBound().front(),
                                     adaptor.getStep().front(), flatten(inits));
    newFor->setAttrs(op->getAttrs());
    rewriter.eraseBlock(newFor.getBody());
    rewriter.inlineRegionBefore(op.getRegion(), newFor.getRegion(),
                                newFor.getRegion().end());
    rewriter.replaceOpWithMultiple(
        op, groupResults(newFor->getResults(), inits, shared.pairs));
    return success();
  }
};

struct WhilePattern : PairPattern<scf::WhileOp> {
  using PairPattern::PairPattern;

  LogicalResult rewrite(scf::WhileOp op, Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    ArrayRef<ValueRange> inits = adaptor.getInits();
    // The after region receives what scf.condition forwards; the pass only
    // rewrites loops whose condition forwards the before arguments' types.
    if (TypeRange(op.getBeforeArguments()) != op.getResultTypes())
      return rewriter.notifyMatchFailure(op, "results differ from inits");
    convertBlockArgs(op.getBeforeBody(), inits, 0, rewriter, shared.pairs);
    convertBlockArgs(op.getAfterBody(), inits, 0, rewriter, shared.pairs);
    SmallVector<Value> flatInits = flatten(inits);
    auto newWhile = scf::WhileOp::create(
        rewriter, op.getLoc(), ValueRange(flatInits).getTypes(), flatInits);
    newWhile->setAttrs(op->getAttrs());
    rewriter.inlineRegionBefore(op.getBefore(), newWhile.getBefore(),
                                newWhile.getBefore().end());
    rewriter.inlineRegionBefore(op.getAfter(), newWhile.getAfter(),
                                newWhile.getAfter().end());
    rewriter.replaceOpWithMultiple(
        op, groupResults(newWhile->getResults(), inits, shared.pairs));
    return success();
  }
};

/// Marks on an scf.if whose yields were rewritten, and on a yield the
/// positions where a pair starts; the if is rewritten once both arms are.
constexpr llvm::StringLiteral kMarkPrefix = "__amdg_canonicalize_pointers.";
constexpr llvm::StringLiteral kThenDone =
    "__amdg_canonicalize_pointers.then_done";
constexpr llvm::StringLiteral kElseDone =
    "__amdg_canonicalize_pointers.else_done";
constexpr llvm::StringLiteral kPairStarts =
    "__amdg_canonicalize_pointers.pair_starts";

SmallVector<int64_t> pairStarts(ArrayRef<ValueRange> groups) {
  SmallVector<int64_t> starts;
  int64_t position = 0;
  for (ValueRange values : groups) {
    if (values.size() == 2)
      starts.push_back(position);
    position += values.size();
  }
  return starts;
}

struct YieldPattern : PairPattern<scf::YieldOp> {
  using PairPattern::PairPattern;

  LogicalResult rewrite(scf::YieldOp op, Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp>(parent))
      return rewriter.notifyMatchFailure(op, "parent carries no pairs");
    // In place: a second yield in the block would confuse the parent's
    // rewrite.
    SmallVector<Value> values = flatten(adaptor.getOperands());
    rewriter.modifyOpInPlace(op, [&] {
      op.getResultsMutable().clear();
      op.getResultsMutable().append(values);
    });
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      bool inThen = op->getBlock() == ifOp.thenBlock();
      rewriter.modifyOpInPlace(ifOp, [&] {
        ifOp->setDiscardableAttr(inThen ? kThenDone : kElseDone,
                                 rewriter.getUnitAttr());
      });
      op->setDiscardableAttr(
          kPairStarts,
          rewriter.getDenseI64ArrayAttr(pairStarts(adaptor.getOperands())));
    }
    return success();
  }
};

struct IfPattern : PairPattern<scf::IfOp> {
  using PairPattern::PairPattern;

  LogicalResult rewrite(scf::IfOp op, Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    auto starts = [](scf::YieldOp yield) {
      auto attr = yield->getAttrOfType<DenseI64ArrayAttr>(kPairStarts);
      return attr ? SmallVector<int64_t>(attr.asArrayRef())
                  : SmallVector<int64_t>();
    };
    SmallVector<int64_t> thenStarts = starts(op.thenYield());
    if (!op.elseBlock() || starts(op.elseYield()) != thenStarts ||
        op.thenYield().getOperandTypes() != op.elseYield().getOperandTypes())
      return rewriter.notifyMatchFailure(op, "arms carry different pairs");
    auto newIf =
        scf::IfOp::create(rewriter, op.getLoc(),
                          op.thenYield().getOperandTypes(), op.getCondition(),
                          /*withElseRegion=*/true);
    rewriter.inlineBlockBefore(op.thenBlock(), newIf.thenBlock(),
                               newIf.thenBlock()->begin());
    rewriter.inlineBlockBefore(op.elseBlock(), newIf.elseBlock(),
                               newIf.elseBlock()->begin());
    SmallVector<ValueRange> groups;
    ResultRange results = newIf.getResults();
    llvm::SmallDenseSet<int64_t> isStart(thenStarts.begin(), thenStarts.end());
    for (unsigned i = 0; i < results.size();) {
      unsigned size = isStart.contains(i) ? 2 : 1;
      if (size == 2)
        shared.pairs.inherit({results[i], results[i + 1]},
                             {newIf.thenYield().getOperand(i),
                              newIf.thenYield().getOperand(i + 1)});
      groups.push_back(results.slice(i, size));
      i += size;
    }
    rewriter.replaceOpWithMultiple(op, groups);
    return success();
  }
};

struct ConditionPattern : PairPattern<scf::ConditionOp> {
  using PairPattern::PairPattern;

  LogicalResult rewrite(scf::ConditionOp op, Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> values = flatten(adaptor.getArgs());
    rewriter.modifyOpInPlace(op, [&] {
      op.getArgsMutable().clear();
      op.getArgsMutable().append(values);
    });
    return success();
  }
};

/// A block reached by a branch carries pairs in its arguments. Every
/// predecessor passes pairs at the same positions (findMixedMerge checks it
/// before the conversion starts).
struct BranchPattern : PairPattern<cf::BranchOp> {
  using PairPattern::PairPattern;

  LogicalResult rewrite(cf::BranchOp op, Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    ArrayRef<ValueRange> operands = adaptor.getDestOperands();
    auto newOp = cf::BranchOp::create(rewriter, op.getLoc(), op.getDest(),
                                      flatten(operands));
    convertBlockArgs(op.getDest(), operands, 0, rewriter, shared.pairs);
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

struct CondBranchPattern : PairPattern<cf::CondBranchOp> {
  using PairPattern::PairPattern;

  LogicalResult rewrite(cf::CondBranchOp op, Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    ArrayRef<ValueRange> onTrue = adaptor.getTrueDestOperands();
    ArrayRef<ValueRange> onFalse = adaptor.getFalseDestOperands();
    auto newOp = cf::CondBranchOp::create(
        rewriter, op.getLoc(), op.getCondition(), op.getTrueDest(),
        flatten(onTrue), op.getFalseDest(), flatten(onFalse));
    convertBlockArgs(op.getTrueDest(), onTrue, 0, rewriter, shared.pairs);
    if (op.getFalseDest() != op.getTrueDest())
      convertBlockArgs(op.getFalseDest(), onFalse, 0, rewriter, shared.pairs);
    rewriter.replaceOp(op, newOp);
    return success();
  }
};

/// select of two pairs: a scalar select keeps the true side's offset (a
/// scalar pointer's offset is the root's zero); a tensor select selects base
/// and offset apart.
struct SelectPattern : PairPattern<arith::SelectOp> {
  using PairPattern::PairPattern;

  LogicalResult rewrite(arith::SelectOp op, Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    ValueRange onTrue = adaptor.getTrueValue(),
               onFalse = adaptor.getFalseValue();
    if (onTrue.size() != 2 || onFalse.size() != 2) {
      if (onTrue.size() != onFalse.size())
        return rewriter.notifyMatchFailure(op, "one side is not a pair");
      return success();
    }
    if (onTrue[1].getType() != onFalse[1].getType())
      return rewriter.notifyMatchFailure(op, "offsets of different types");
    Location loc = op.getLoc();
    if (!isa<RankedTensorType>(op.getType())) {
      auto base = arith::SelectOp::create(rewriter, loc, op.getCondition(),
                                          onTrue[0], onFalse[0]);
      rewriter.replaceOpWithMultiple(op, {{base, onTrue[1]}});
      shared.pairs.inherit({base, onTrue[1]}, {onTrue[0], onTrue[1]});
      return success();
    }
    auto base = arith::SelectOp::create(rewriter, loc, op.getCondition(),
                                        onTrue[0], onFalse[0]);
    auto offset = arith::SelectOp::create(rewriter, loc, op.getCondition(),
                                          onTrue[1], onFalse[1]);
    rewriter.replaceOpWithMultiple(op, {{base, offset}});
    PairFacts facts = shared.pairs.lookup({onTrue[0], onTrue[1]});
    if (!(facts == shared.pairs.lookup({onFalse[0], onFalse[1]})))
      facts.narrowable = false;
    shared.pairs.get({base, offset}) = facts;
    return success();
  }
};

/// The cast that stands for a pointer argument becomes the pair
/// (argument, zero).
struct ArgumentCastPattern : PairPattern<UnrealizedConversionCastOp> {
  ArgumentCastPattern(MLIRContext *ctx, Shared &shared)
      : PairPattern(ctx, shared, /*benefit=*/2) {}

  LogicalResult rewrite(UnrealizedConversionCastOp op, Adaptor adaptor,
                        ConversionPatternRewriter &rewriter) const override {
    if (!shared.pending.contains(op))
      return failure();
    if (op.use_empty()) {
      op->getParentOfType<FuncOp>().emitRemark(
          "expected at least 1 use of unrealized_cast");
      return success();
    }
    ArrayRef<ValueRange> operands = adaptor.getOperands();
    if (operands.size() != 2 || operands[0].size() != 1 ||
        operands[1].size() != 1)
      return rewriter.notifyMatchFailure(op, "not an argument cast");
    Value base = operands[0].front(), offset = operands[1].front();
    if (!isa<BlockArgument>(base) || !isScalarZero(offset))
      return rewriter.notifyMatchFailure(op, "not an argument cast");
    rewriter.replaceOpWithMultiple(op, {{base, offset}});
    return success();
  }
};

/// Any other op on a pointer path (loads, stores, atomics, casts, calls,
/// returns, ...) gets its pairs rebuilt as pointers, in operand order.
struct RebuildOperandsPattern : ConversionPattern {
  RebuildOperandsPattern(MLIRContext *ctx, Shared &shared)
      : ConversionPattern(MatchAnyOpTypeTag(), /*benefit=*/0, ctx),
        shared(shared) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!shared.pending.contains(op) || isa<UnrealizedConversionCastOp>(op))
      return failure();
    SmallVector<Value> rebuilt;
    bool changed = false;
    for (ValueRange values : operands) {
      if (values.size() != 2) {
        rebuilt.push_back(values.front());
        continue;
      }
      rebuilt.push_back(
          rebuildPointer(rewriter, op->getLoc(), values[0], values[1],
                         shared.pairs.lookup({values[0], values[1]})));
      changed = true;
    }
    if (changed)
      rewriter.modifyOpInPlace(op, [&] { op->setOperands(rebuilt); });
    shared.pending.remove(op);
    return success();
  }

  Shared &shared;
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Adds every op reached from `root` through pointer values: users,
/// loop iteration arguments, branch block arguments and, for a yield in an
/// scf.if, the if and its results.
void collectPointerUsers(Value root, llvm::SetVector<Operation *> &ops) {
  SmallVector<OpOperand *> worklist;
  llvm::DenseSet<OpOperand *> seen;
  auto pushUses = [&](Value value) {
    for (OpOperand &use : value.getUses())
      worklist.push_back(&use);
  };
  auto pushArgUses = [&](Block *block, int64_t argNumber) {
    if (argNumber >= 0 && argNumber < int64_t(block->getNumArguments()))
      pushUses(block->getArgument(argNumber));
  };
  pushUses(root);
  while (!worklist.empty()) {
    OpOperand *use = worklist.pop_back_val();
    if (!seen.insert(use).second || !isPointerLike(use->get().getType()))
      continue;
    Operation *op = use->getOwner();
    int64_t number = use->getOperandNumber();
    if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      pushArgUses(whileOp.getBeforeBody(), number);
      pushArgUses(whileOp.getAfterBody(), number);
    } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      pushArgUses(forOp.getBody(),
                  number - int64_t(forOp.getNumControlOperands()) + 1);
    } else if (auto br = dyn_cast<cf::BranchOp>(op)) {
      pushArgUses(br.getDest(), number);
    } else if (auto condBr = dyn_cast<cf::CondBranchOp>(op)) {
      // Operand 0 is the condition, then the true and the false operands.
      int64_t onTrue = condBr.getTrueDestOperands().size();
      if (number <= onTrue)
        pushArgUses(condBr.getTrueDest(), number - 1);
      else
        pushArgUses(condBr.getFalseDest(), number - 1 - onTrue);
    } else if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      ops.insert(yield);
      if (auto ifOp = dyn_cast<scf::IfOp>(yield->getParentOp()))
        op = ifOp;
    }
    ops.insert(op);
    for (Value result : op->getResults())
      pushUses(result);
  }
}

/// The pointer values the conversion turns into pairs, with the offset
/// width of their root (32 for small-tensor roots, else 64), starting from
/// `roots`: results of the ops that forward a pair (shape ops, tt.addptr on
/// a pair, arith.select of two alike pairs) and the values a loop, an scf.if
/// or a branch receives from a pair.
using PairWidths = llvm::DenseMap<Value, unsigned>;
PairWidths collectPairValues(ArrayRef<std::pair<Value, unsigned>> roots) {
  PairWidths pairs;
  SmallVector<Value> worklist;
  unsigned width = 0;
  auto add = [&](Value value) {
    if (isPointerLike(value.getType()) &&
        pairs.try_emplace(value, width).second)
      worklist.push_back(value);
  };
  auto addArg = [&](Block *block, int64_t number) {
    if (number >= 0 && number < int64_t(block->getNumArguments()))
      add(block->getArgument(number));
  };
  for (auto [root, rootWidth] : roots) {
    width = rootWidth;
    add(root);
  }
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    width = pairs.lookup(value);
    for (OpOperand &use : value.getUses()) {
      Operation *op = use.getOwner();
      int64_t number = use.getOperandNumber();
      if (isa<SplatOp, BroadcastOp, ExpandDimsOp, gpu::ConvertLayoutOp,
              amdgpu::ExtractSliceOp>(op) ||
          (isa<AddPtrOp>(op) && number == 0)) {
        add(op->getResult(0));
      } else if (auto select = dyn_cast<arith::SelectOp>(op)) {
        if (pairs.lookup(select.getTrueValue()) ==
            pairs.lookup(select.getFalseValue()))
          add(select.getResult());
      } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
        int64_t i = number - int64_t(forOp.getNumControlOperands());
        if (i >= 0) {
          addArg(forOp.getBody(), i + 1);
          add(forOp->getResult(i));
        }
      } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
        addArg(whileOp.getBeforeBody(), number);
        addArg(whileOp.getAfterBody(), number);
        if (number < int64_t(whileOp->getNumResults()))
          add(whileOp->getResult(number));
      } else if (auto yield = dyn_cast<scf::YieldOp>(op)) {
        if (isa<scf::IfOp>(yield->getParentOp()))
          add(yield->getParentOp()->getResult(number));
      } else if (auto br = dyn_cast<cf::BranchOp>(op)) {
        addArg(br.getDest(), number);
      } else if (auto condBr = dyn_cast<cf::CondBranchOp>(op)) {
        int64_t onTrue = condBr.getTrueDestOperands().size();
        if (number >= 1 && number <= onTrue)
          addArg(condBr.getTrueDest(), number - 1);
        else if (number > onTrue)
          addArg(condBr.getFalseDest(), number - 1 - onTrue);
      }
    }
  }
  return pairs;
}

/// An op where a pair and a plain pointer would meet in one value (a loop
/// argument, an scf.if result, a block argument): the rewrite would give
/// them different types there. Null when there is none.
Operation *findMixedMerge(FuncOp func, const PairWidths &pairs) {
  auto differ = [&](Value a, Value b) {
    return isPointerLike(a.getType()) && pairs.lookup(a) != pairs.lookup(b);
  };
  Operation *mixed = nullptr;
  func.walk([&](Operation *op) {
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
      for (auto [init, arg, next] :
           llvm::zip(forOp.getInitArgs(), forOp.getRegionIterArgs(),
                     yield.getResults()))
        if (differ(init, arg) || differ(init, next))
          mixed = op;
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      if (ifOp.elseBlock())
        for (auto [a, b] : llvm::zip(ifOp.thenYield().getResults(),
                                     ifOp.elseYield().getResults()))
          if (differ(a, b))
            mixed = op;
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      auto hasPair = [&](ValueRange values) {
        return llvm::any_of(values, [&](Value v) { return pairs.contains(v); });
      };
      if (!hasPair(whileOp.getInits()) && !hasPair(whileOp.getResults()))
        return;
      auto yield = cast<scf::YieldOp>(whileOp.getAfterBody()->getTerminator());
      ValueRange forwarded = whileOp.getConditionOp().getArgs();
      if (TypeRange(whileOp.getBeforeArguments()) != whileOp.getResultTypes() ||
          yield.getNumOperands() != whileOp.getInits().size()) {
        mixed = op;
        return;
      }
      for (auto [init, next, out] :
           llvm::zip(whileOp.getInits(), yield.getResults(), forwarded))
        if (differ(init, next) || differ(init, out))
          mixed = op;
    } else if (isa<RegionBranchTerminatorOpInterface>(op) ||
               op->getNumSuccessors() == 0) {
      return;
    } else {
      // Block arguments: every predecessor passes pairs at the same places.
      bool branch = isa<cf::BranchOp, cf::CondBranchOp>(op);
      for (unsigned s = 0; s < op->getNumSuccessors(); ++s) {
        Block *dest = op->getSuccessor(s);
        for (BlockArgument arg : dest->getArguments())
          for (Block *pred : dest->getPredecessors()) {
            auto iface = dyn_cast<BranchOpInterface>(pred->getTerminator());
            if (!iface)
              continue;
            for (unsigned ps = 0;
                 ps < pred->getTerminator()->getNumSuccessors(); ++ps) {
              if (pred->getTerminator()->getSuccessor(ps) != dest)
                continue;
              Value in = iface.getSuccessorOperands(ps)[arg.getArgNumber()];
              if (in && (differ(in, arg) || (!branch && pairs.contains(in))))
                mixed = op;
            }
          }
      }
    }
  });
  return mixed;
}

struct TritonAMDGPUCanonicalizePointersPass
    : public amdgpu::impl::TritonAMDGPUCanonicalizePointersBase<
          TritonAMDGPUCanonicalizePointersPass> {
  using Base::Base;

  /// The bit width of offsets into argument `i`'s buffer: 32 with
  /// `tt.pointer_range = 32`, else 64; 0 when it is not rewritten.
  unsigned offsetWidth(FuncOp func, unsigned i) {
    if (!isa<PointerType>(func.getArgument(i).getType()))
      return 0;
    unsigned width = 64;
    if (auto range = func.getArgAttrOfType<IntegerAttr>(i, "tt.pointer_range"))
      width = range.getInt();
    if (width == 64 && !enableLargeTensorPtrCanon)
      return 0;
    return width;
  }

  void runOnOperation() override {
    FuncOp func = getOperation();
    if (func.isExternal())
      return;
    WalkResult poisoned = func.walk([](ub::PoisonOp poison) {
      poison.emitRemark("skipping canonicalize-pointers due to ub.poison");
      return WalkResult::interrupt();
    });
    if (poisoned.wasInterrupted())
      return;

    SmallVector<std::pair<Value, unsigned>> roots;
    for (BlockArgument arg : func.getArguments())
      if (unsigned width = offsetWidth(func, arg.getArgNumber()))
        roots.push_back({arg, width});
    if (roots.empty())
      return;
    if (Operation *mixed = findMixedMerge(func, collectPairValues(roots))) {
      mixed->emitRemark("skipping canonicalize-pointers: pointers of the "
                        "function's arguments meet other pointers here");
      return;
    }

    // Each rewritten pointer argument is used through a cast of (argument,
    // zero offset), which the conversion turns into the first pair.
    Shared shared;
    IRRewriter rewriter(&getContext());
    rewriter.setInsertionPointToStart(&func.getBody().front());
    SmallVector<UnrealizedConversionCastOp> casts;
    for (BlockArgument arg : func.getArguments()) {
      unsigned width = offsetWidth(func, arg.getArgNumber());
      if (!width)
        continue;
      Value zero =
          arith::ConstantIntOp::create(rewriter, func.getLoc(), 0, width);
      auto cast = UnrealizedConversionCastOp::create(rewriter, arg.getLoc(),
                                                     TypeRange{arg.getType()},
                                                     ValueRange{arg, zero});
      rewriter.replaceAllUsesExcept(arg, cast.getResult(0), cast);
      PairFacts &facts = shared.pairs.get({arg, zero});
      facts.narrowable = true;
      if (width != 64)
        facts.smallRoot = arg;
      casts.push_back(cast);
    }
    for (UnrealizedConversionCastOp cast : casts) {
      shared.pending.insert(cast);
      collectPointerUsers(cast.getResult(0), shared.pending);
    }

    ConversionTarget target(getContext());
    auto isLegal = [&shared](Operation *op) -> bool {
      // An scf.if becomes illegal (to be rewritten) once both yields are.
      if (isa<scf::IfOp>(op))
        return !(op->hasAttr(kThenDone) && op->hasAttr(kElseDone));
      return !shared.pending.contains(op);
    };
    target.addDynamicallyLegalDialect<
        TritonDialect, gpu::TritonGPUDialect, amdgpu::TritonAMDGPUDialect,
        scf::SCFDialect, cf::ControlFlowDialect, arith::ArithDialect>(isLegal);
    // Ops of other dialects on a pointer path (ttng.tensormap_create, ...)
    // get their pairs rebuilt like any other; the rest stay untouched.
    target.markUnknownOpDynamicallyLegal(isLegal);

    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns
        .add<ShapeOpPattern<SplatOp>, ShapeOpPattern<BroadcastOp>,
             ShapeOpPattern<ExpandDimsOp>, ShapeOpPattern<gpu::ConvertLayoutOp>,
             ShapeOpPattern<amdgpu::ExtractSliceOp>, AddPtrPattern, ForPattern,
             WhilePattern, YieldPattern, IfPattern, ConditionPattern,
             BranchPattern, CondBranchPattern, SelectPattern,
             ArgumentCastPattern, RebuildOperandsPattern>(ctx, shared);
    ConversionConfig config;
    config.buildMaterializations = false;
    config.allowPatternRollback = false;
    if (failed(
            applyPartialConversion(func, target, std::move(patterns), config)))
      return signalPassFailure();

    // Casts left by the conversion stand for a pair used by an op that was
    // not rewritten; they become the rebuilt pointer.
    SmallVector<UnrealizedConversionCastOp> leftover;
    func.walk(
        [&](UnrealizedConversionCastOp cast) { leftover.push_back(cast); });
    for (UnrealizedConversionCastOp cast : leftover) {
      if (cast.use_empty()) {
        cast.erase();
        continue;
      }
      if (cast.getNumOperands() != 2 || cast.getNumResults() != 1 ||
          !isa<PointerType>(cast.getOperand(0).getType())) {
        cast.emitError("canonicalize-pointers left a cast it cannot resolve");
        return signalPassFailure();
      }
      rewriter.setInsertionPointAfter(cast);
      Value base = cast.getOperand(0), offset = cast.getOperand(1);
      Value pointer =
          isZero(offset) && !isa<RankedTensorType>(cast.getType(0))
              ? base
              : rebuildPointer(rewriter, cast.getLoc(), base, offset,
                               shared.pairs.lookup({base, offset}));
      rewriter.replaceAllUsesWith(cast.getResult(0), pointer);
      cast.erase();
    }

    func.walk([](Operation *op) {
      for (NamedAttribute attr : llvm::to_vector(op->getDiscardableAttrs()))
        if (attr.getName().strref().starts_with(kMarkPrefix))
          op->removeDiscardableAttr(attr.getName());
    });
    // The splits leave constants and partial sums nothing uses.
    func.walk<WalkOrder::PostOrder, ReverseIterator>([](Operation *op) {
      if (op->use_empty() && isOpTriviallyDead(op))
        op->erase();
    });
  }
};

} // namespace
