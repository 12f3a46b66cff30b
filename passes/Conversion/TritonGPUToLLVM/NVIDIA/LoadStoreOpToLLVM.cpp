//===- LoadStoreOpToLLVM.cpp - Global loads and stores as PTX -------------===//
//
// A thread loads or stores its elements `width` at a time (Vectorization.h)
// with one predicated `ld.global` / `st.global` of up to four 32-bit words
// each, written as inline PTX in Triton 3.6's words: every destination word
// is first set to `other` (zero without one), then the load predicated by the
// mask overwrites it. (Unmasked, ptxas drops the dead move.) Eviction hints
// also name an L2 policy made by `createpolicy`. Elements that several
// threads (or registers) hold are stored by one of them only; a thread's
// registers that axis info proves read one address are loaded once.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// How `width` elements of `elementBits` travel: `words` registers of
/// `wordBits` (32, or 16/8 for accesses narrower than a word).
struct AccessShape {
  unsigned words;
  unsigned wordBits;
  unsigned elementsPerWord;
};

AccessShape getAccessShape(unsigned width, unsigned elementBits) {
  unsigned totalBits = width * elementBits;
  // 64-bit elements travel one per 64-bit word.
  unsigned wordBits = elementBits == 64 ? 64 : std::min(32u, totalBits);
  return {totalBits / wordBits, wordBits, wordBits / elementBits};
}

/// PTX register constraint of a word.
StringRef getConstraint(unsigned wordBits) {
  return wordBits == 64 ? "l" : wordBits == 32 ? "r" : "h";
}
/// The PTX type the access uses for a word.
StringRef getPtxWordType(unsigned wordBits) {
  return wordBits == 64   ? "b64"
         : wordBits == 32 ? "b32"
         : wordBits == 16 ? "b16"
                          : "b8";
}
/// 8-bit words live in 16-bit registers.
unsigned getRegisterBits(unsigned wordBits) { return std::max(16u, wordBits); }

std::string getCacheSuffix(CacheModifier cache, bool isLoad) {
  switch (cache) {
  case CacheModifier::CA:
    return isLoad ? ".ca" : "";
  case CacheModifier::CG:
    return ".cg";
  case CacheModifier::CV:
    return isLoad ? ".cv" : "";
  case CacheModifier::WB:
    return isLoad ? "" : ".wb";
  case CacheModifier::CS:
    return ".cs";
  case CacheModifier::WT:
    return isLoad ? "" : ".wt";
  default:
    return "";
  }
}

/// The qualifier of an access that names an L2 policy register.
constexpr StringLiteral l2Suffix = ".L2::cache_hint";

/// PTX has two forms of ld/st: with a cache operator (.ca, .cg, ...) or with
/// an L1 eviction priority, never both; a cache operator the access writes
/// (`cacheSuffix`) wins.
std::string getEvictionSuffix(EvictionPolicy evict, StringRef cacheSuffix) {
  if (!cacheSuffix.empty())
    return "";
  switch (evict) {
  case EvictionPolicy::EVICT_FIRST:
    return ".L1::evict_first";
  case EvictionPolicy::EVICT_LAST:
    return ".L1::evict_last";
  default:
    return "";
  }
}

Value createAsm(OpBuilder &b, Location loc, Type resultType,
                ValueRange operands, StringRef text, StringRef constraints) {
  MLIRContext *context = b.getContext();
  auto op = LLVM::InlineAsmOp::create(
      b, loc, resultType ? TypeRange(resultType) : TypeRange(), operands,
      b.getStringAttr(text), b.getStringAttr(constraints),
      /*has_side_effects=*/b.getUnitAttr(),
      /*is_align_stack=*/UnitAttr(),
      LLVM::TailCallKindAttr::get(context, LLVM::TailCallKind::None),
      LLVM::AsmDialectAttr::get(context, LLVM::AsmDialect::AD_ATT),
      b.getArrayAttr({}));
  return resultType ? op.getResult(0) : Value();
}

} // namespace

Value mlir::triton::nvidia::createL2Policy(OpBuilder &b, Location loc,
                                           EvictionPolicy evict) {
  if (evict != EvictionPolicy::EVICT_FIRST &&
      evict != EvictionPolicy::EVICT_LAST)
    return Value();
  std::string text =
      llvm::formatv("mov.u64 $0, 0x0;\n\tcreatepolicy.fractional.L2::{0}.b64 "
                    "$0, 1.0;",
                    evict == EvictionPolicy::EVICT_FIRST ? "evict_first"
                                                         : "evict_last")
          .str();
  return createAsm(b, loc, b.getI64Type(), {}, text, "=l");
}

namespace {

/// The splat integer constant `other` is, if it is one (moved into the
/// destination words as an immediate instead of a register).
std::optional<APInt> getSplatIntegerOther(LoadOp op) {
  DenseElementsAttr value;
  if (!op.getOther() ||
      !isa<IntegerType>(getElementTypeOrSelf(op.getOther().getType())) ||
      !matchPattern(op.getOther(), m_Constant(&value)) || !value.isSplat())
    return std::nullopt;
  return value.getSplatValue<APInt>();
}

/// Whether `count` elements of `type` fill a register of `registerBits`
/// as a vector (not i1, which travels as a byte, nor a pointer).
bool packsAsVector(Type type, unsigned count, unsigned registerBits) {
  if (count < 2 || type.isInteger(1) || !type.isIntOrFloat())
    return false;
  return count * type.getIntOrFloatBitWidth() == registerBits;
}

/// Packs `elements` (LLVM values of `elementBits` each) into one word.
/// Elements of one type that fill it go through a vector (insertelement,
/// then a bitcast), as Triton 3.6 packs them: LLVM then sees the lanes and
/// vectorizes the arithmetic that made them (two bf16 adds become one
/// add.bf16x2).
Value packWord(OpBuilder &b, Location loc, ArrayRef<Value> elements,
               unsigned wordBits) {
  Type wordType = b.getIntegerType(getRegisterBits(wordBits));
  Type elementType = elements.front().getType();
  if (packsAsVector(elementType, elements.size(), getRegisterBits(wordBits)) &&
      llvm::all_of(elements,
                   [&](Value v) { return v.getType() == elementType; })) {
    auto vectorType = VectorType::get(elements.size(), elementType);
    Value vector = LLVM::UndefOp::create(b, loc, vectorType);
    for (auto [i, element] : llvm::enumerate(elements))
      vector = LLVM::InsertElementOp::create(b, loc, vector, element,
                                             createI32Constant(b, loc, i));
    return LLVM::BitcastOp::create(b, loc, wordType, vector);
  }
  Value word;
  unsigned offset = 0;
  for (Value element : elements) {
    Value bits = bitcastToInt(b, loc, element);
    unsigned width = bits.getType().getIntOrFloatBitWidth();
    if (width == 1) {
      bits = LLVM::ZExtOp::create(b, loc, b.getI8Type(), bits);
      width = 8;
    }
    if (width < getRegisterBits(wordBits))
      bits = LLVM::ZExtOp::create(b, loc, wordType, bits);
    if (offset != 0)
      bits = LLVM::ShlOp::create(b, loc, bits,
                                 createIntConstant(b, loc, wordType, offset));
    word = word ? LLVM::OrOp::create(b, loc, word, bits).getResult() : bits;
    offset += width;
  }
  return word;
}

/// Splits a loaded word into `count` elements of `elementType` (LLVM type).
void unpackWord(OpBuilder &b, Location loc, Value word, unsigned count,
                Type elementType, unsigned elementBits,
                SmallVectorImpl<Value> &out) {
  Type bitsType = b.getIntegerType(elementBits);
  if (packsAsVector(elementType, count,
                    word.getType().getIntOrFloatBitWidth())) {
    Value vector = LLVM::BitcastOp::create(
        b, loc, VectorType::get(count, elementType), word);
    for (unsigned i = 0; i < count; ++i)
      out.push_back(LLVM::ExtractElementOp::create(
          b, loc, vector, createI32Constant(b, loc, i)));
    return;
  }
  for (unsigned i = 0; i < count; ++i) {
    Value bits = word;
    if (i != 0)
      bits = LLVM::LShrOp::create(
          b, loc, bits,
          createIntConstant(b, loc, word.getType(), i * elementBits));
    if (bits.getType() != bitsType)
      bits = LLVM::TruncOp::create(b, loc, bitsType, bits);
    if (elementType.isInteger(1))
      out.push_back(LLVM::TruncOp::create(b, loc, elementType, bits));
    else if (isa<LLVM::LLVMPointerType>(elementType))
      out.push_back(LLVM::IntToPtrOp::create(b, loc, elementType, bits));
    else if (bitsType != elementType)
      out.push_back(LLVM::BitcastOp::create(b, loc, elementType, bits));
    else
      out.push_back(bits);
  }
}

struct LoadOpPattern : ConvertOpToLLVMPattern<LoadOp> {
  LoadOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target,
                const AccessWidths &widths,
                const ResultConstancies &constancies)
      : ConvertOpToLLVMPattern(converter), target(target), widths(widths),
        constancies(constancies) {}

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<PointerType>(op.getPtr().getType()) &&
        isa<RankedTensorType>(
            cast<PointerType>(op.getPtr().getType()).getPointeeType()))
      return op.emitError(
          "tt.load of a block pointer reaches the LLVM lowering: run "
          "-triton-rewrite-tensor-pointer first");
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Type valueType = op.getType();
    Type elementType =
        converter->convertElementType(getElementTypeOrSelf(valueType));
    unsigned elementBits = getMemoryBitWidth(getElementTypeOrSelf(valueType));
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    if (adaptor.getOther())
      others = unpackLLElements(loc, adaptor.getOther(), rewriter);
    auto it = widths.find(op);
    unsigned width = it == widths.end() ? 1 : it->second;
    AccessShape shape = getAccessShape(width, elementBits);
    unsigned regBits = getRegisterBits(shape.wordBits);
    std::string suffix =
        (op.getIsVolatile() ? std::string(".volatile") : std::string()) +
        ".global" + getCacheSuffix(op.getCache(), true) +
        getEvictionSuffix(op.getEvict(), getCacheSuffix(op.getCache(), true));
    std::optional<APInt> splatOther = getSplatIntegerOther(op);
    // Registers whose pointer, mask and `other` axis info proves equal to
    // an earlier register's reuse its loaded value (a per-channel weight
    // gathered for each of a thread's consecutive elements: one access).
    // (Wider accesses keep every register: their blocks are already one load.)
    int count = static_cast<int>(ptrs.size());
    SmallVector<int> representatives =
        width == 1 ? getSharedRegisters(op, valueType, count, constancies)
                   : llvm::to_vector(llvm::seq<int>(0, count));
    SmallVector<Value> results;
    for (unsigned start = 0; start < ptrs.size(); start += width) {
      if (representatives[start] != static_cast<int>(start)) {
        results.push_back(results[representatives[start]]);
        continue;
      }
      // Text: a move of `other` (or 0) into each word, then the load,
      // predicated by the mask where there is one.
      bool masked = !masks.empty();
      std::string text, constraints;
      SmallVector<Value> operands;
      for (unsigned w = 0; w < shape.words; ++w)
        constraints += (constraints.empty() ? "=" : ",=") +
                       getConstraint(shape.wordBits).str();
      unsigned next = shape.words;
      for (unsigned w = 0; w < shape.words; ++w) {
        std::string source = "0x0";
        if (splatOther) {
          // The constant repeated over the move's register.
          APInt word = APInt::getZero(regBits);
          for (unsigned bit = 0; bit < regBits; bit += elementBits)
            word.insertBits(splatOther->zextOrTrunc(elementBits), bit);
          source = "0x" + llvm::toString(word, 16, /*Signed=*/false,
                                         /*formatAsCLiteral=*/false,
                                         /*UpperCase=*/false);
        } else if (!others.empty()) {
          ArrayRef<Value> words(others.begin() + start +
                                    w * shape.elementsPerWord,
                                shape.elementsPerWord);
          operands.push_back(packWord(rewriter, loc, words, shape.wordBits));
          constraints += "," + getConstraint(shape.wordBits).str();
          source = llvm::formatv("${0}", next++).str();
        }
        text +=
            llvm::formatv("mov.u{0} ${1}, {2};\n\t", regBits, w, source).str();
      }
      operands.push_back(ptrs[start]);
      constraints += ",l";
      unsigned ptrIndex = next++;
      std::string policy;
      if (Value l2Policy = nvidia::createL2Policy(rewriter, loc, op.getEvict())) {
        operands.push_back(l2Policy);
        constraints += ",l";
        policy = llvm::formatv(", ${0}", next++).str();
      }
      std::string guard;
      if (masked) {
        operands.push_back(masks[start]);
        constraints += ",b";
        guard = llvm::formatv("@${0} ", next++).str();
      }
      std::string destinations;
      for (unsigned w = 0; w < shape.words; ++w)
        destinations += llvm::formatv("{0}${1}", w ? ", " : "", w).str();
      std::string vector =
          shape.words > 1 ? llvm::formatv(".v{0}", shape.words).str() : "";
      text += llvm::formatv("{0}ld{1}{2}{3}.{4} {{ {5} }, [ ${6} + 0 ]{7};",
                            guard, suffix, policy.empty() ? "" : l2Suffix,
                            vector, getPtxWordType(shape.wordBits),
                            destinations, ptrIndex, policy)
                  .str();
      Type wordType_ = rewriter.getIntegerType(regBits);
      Type resultType =
          shape.words == 1
              ? wordType_
              : LLVM::LLVMStructType::getLiteral(
                    getContext(), SmallVector<Type>(shape.words, wordType_));
      Value loaded =
          createAsm(rewriter, loc, resultType, operands, text, constraints);
      for (unsigned w = 0; w < shape.words; ++w) {
        Value word =
            shape.words == 1
                ? loaded
                : LLVM::ExtractValueOp::create(rewriter, loc, loaded, w)
                      .getResult();
        unpackWord(rewriter, loc, word, shape.elementsPerWord, elementType,
                   elementBits, results);
      }
    }
    rewriter.replaceOp(
        op, packLLElements(loc, converter, results, rewriter, valueType));
    return success();
  }

  const TargetInfoBase &target;
  const AccessWidths &widths;
  const ResultConstancies &constancies;
};

struct StoreOpPattern : ConvertOpToLLVMPattern<StoreOp> {
  StoreOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target,
                 const AccessWidths &widths)
      : ConvertOpToLLVMPattern(converter), target(target), widths(widths) {}

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<PointerType>(op.getPtr().getType()) &&
        isa<RankedTensorType>(
            cast<PointerType>(op.getPtr().getType()).getPointeeType()))
      return op.emitError(
          "tt.store to a block pointer reaches the LLVM lowering: run "
          "-triton-rewrite-tensor-pointer first");
    Location loc = op.getLoc();
    Type valueType = op.getValue().getType();
    unsigned elementBits = getMemoryBitWidth(getElementTypeOrSelf(valueType));
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getValue(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackLLElements(loc, adaptor.getMask(), rewriter);
    auto it = widths.find(op);
    unsigned width = it == widths.end() ? 1 : it->second;
    AccessShape shape = getAccessShape(width, elementBits);

    Value owner;
    llvm::BitVector redundant(ptrs.size());
    if (auto tensorType = dyn_cast<RankedTensorType>(valueType)) {
      if (std::optional<gpu::LinearLayout> layout =
              getDistributedLayout(tensorType)) {
        owner = emitStoreOwnerPredicate(rewriter, loc, *layout, target);
        redundant = getRepeatedRegisters(*layout);
      }
    } else {
      // A scalar store: every thread has the value; thread 0 stores it.
      owner = emitProgramLeaderPredicate(rewriter, loc, target);
    }
    std::string cacheSuffix = getCacheSuffix(op.getCache(), false);
    std::string suffix =
        ".global" + cacheSuffix + getEvictionSuffix(op.getEvict(), cacheSuffix);
    std::string vector =
        shape.words > 1 ? llvm::formatv(".v{0}", shape.words).str() : "";
    for (unsigned start = 0; start < ptrs.size(); start += width) {
      if (redundant.test(start))
        continue;
      SmallVector<Value> operands;
      std::string constraints, sources;
      for (unsigned w = 0; w < shape.words; ++w) {
        ArrayRef<Value> words(values.begin() + start +
                                  w * shape.elementsPerWord,
                              shape.elementsPerWord);
        operands.push_back(packWord(rewriter, loc, words, shape.wordBits));
        constraints += (w ? "," : "") + getConstraint(shape.wordBits).str();
        sources += llvm::formatv("{0}${1}", w ? ", " : "", w).str();
      }
      operands.push_back(ptrs[start]);
      constraints += ",l";
      std::string policy;
      if (Value l2Policy = nvidia::createL2Policy(rewriter, loc, op.getEvict())) {
        operands.push_back(l2Policy);
        constraints += ",l";
        policy = llvm::formatv(", ${0}", shape.words + 1).str();
      }
      Value predicate = masks.empty() ? Value() : masks[start];
      if (owner)
        predicate = predicate
                        ? LLVM::AndOp::create(rewriter, loc, predicate, owner)
                              .getResult()
                        : owner;
      if (!predicate)
        predicate = createI1Constant(rewriter, loc, true);
      operands.push_back(predicate);
      constraints += ",b";
      std::string text =
          llvm::formatv("@${0} st{1}{2}{3}.{4} [ ${5} + 0 ], {{ {6} }{7};",
                        operands.size() - 1, suffix,
                        policy.empty() ? "" : l2Suffix, vector,
                        getPtxWordType(shape.wordBits), shape.words, sources,
                        policy)
              .str();
      createAsm(rewriter, loc, Type(), operands, text, constraints);
    }
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfoBase &target;
  const AccessWidths &widths;
};

} // namespace

void mlir::triton::nvidia::populateLoadStoreOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target, const AccessWidths &widths,
    const ResultConstancies &constancies) {
  patterns.add<LoadOpPattern>(converter, target, widths, constancies);
  patterns.add<StoreOpPattern>(converter, target, widths);
}
