//===- AtomicOpToLLVM.cpp - tt.atomic_rmw and tt.atomic_cas as PTX atom ---===//
//
// Each element is updated by exactly one thread (common/AtomicUtility.h says
// which, and how old values reach the other threads holding the element),
// with one predicated
//   atom.global.<scope>.<sem>.<op>.<type>   (cas: atom.global.<sem>.<scope>)
// (the qualifiers in Triton 3.6's order; ptxas takes them in any order)
// (the mask is the predicate; masked-off elements read 0).
//
// bf16 adds before sm_90 (PTX has no such atom there) are LLVM atomicrmw
// instructions in a block entered under the predicate, which LLVM expands
// into a compare-and-swap loop, as Triton 3.6 does.
//
// Float max and min have no PTX atom: like Triton's frontend, a value with a
// clear sign bit takes the signed integer max (min) of the bits, one with the
// sign bit set the unsigned integer min (max), which orders IEEE floats.
//
// A scalar acquire or relaxed add of a constant zero (integer or float) only
// reads: as in Triton 3.6 it is an `nvg.ld_acquire` of the same ordering
// and scope (a load of the global memory's current value; spin-waits on a
// flag are written this way), which -convert-nv-gpu-to-llvm makes a
// `ld.global.<scope>.<sem>`.
//
//===----------------------------------------------------------------------===//

#include "dialects/NVGPU/IR/Dialect.h"
#include "dialects/Triton/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/ElementwiseUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/AtomicUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Vectorization.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia;

namespace {

StringRef getSemanticName(MemSemantic sem) {
  switch (sem) {
  case MemSemantic::RELAXED:
    return "relaxed";
  case MemSemantic::ACQUIRE:
    return "acquire";
  case MemSemantic::RELEASE:
    return "release";
  case MemSemantic::ACQUIRE_RELEASE:
    return "acq_rel";
  }
  return "acq_rel";
}

StringRef getScopeName(MemSyncScope scope) {
  switch (scope) {
  case MemSyncScope::GPU:
    return "gpu";
  case MemSyncScope::CTA:
    return "cta";
  case MemSyncScope::SYSTEM:
    return "sys";
  }
  return "gpu";
}

/// PTX register constraint of a value of `bits`.
StringRef getConstraint(unsigned bits) {
  return bits == 64 ? "l" : bits == 32 ? "r" : "h";
}

/// One predicated atom instruction on integer registers of `bits`; returns
/// the old value (0 where `predicate` is false).
Value emitAtom(OpBuilder &b, Location loc, StringRef qualifiers, unsigned bits,
               Value ptr, ArrayRef<Value> values, Value predicate) {
  StringRef reg = getConstraint(bits);
  std::string constraints = ("=" + reg + ",l").str();
  std::string sources;
  for (unsigned i = 0; i < values.size(); ++i) {
    constraints += ("," + reg).str();
    sources += llvm::formatv(", ${0}", i + 2).str();
  }
  constraints += ",b";
  std::string text =
      llvm::formatv("mov.u{0} $0, 0x0;\n\t@${1} atom.{2} $0, [ $1 + 0 ]{3};",
                    std::max(16u, bits), values.size() + 2, qualifiers, sources)
          .str();
  SmallVector<Value> operands{ptr};
  operands.append(values.begin(), values.end());
  operands.push_back(predicate);
  return createInlinePtx(b, loc, b.getIntegerType(bits), operands, text,
                         constraints,
                         /*hasSideEffects=*/true)[0];
}

/// How a tt.atomic_rmw of one element type becomes PTX.
struct RMWInstruction {
  std::string opAndType;              // e.g. "add.u32"; empty for float max/min
  std::string positiveOp, negativeOp; // float max/min: integer ops by sign
  bool viaLLVM = false; // an llvm.atomicrmw, which LLVM expands (bf16 fadd
                        // before sm_90: a compare-and-swap loop)
};

FailureOr<RMWInstruction> getRMWInstruction(AtomicRMWOp op, Type elementType,
                                            int computeCapability) {
  unsigned bits = elementType.getIntOrFloatBitWidth();
  bool isFloat = isa<FloatType>(elementType);
  std::string width = std::to_string(bits);
  auto unsupported = [&]() -> FailureOr<RMWInstruction> {
    return op.emitError() << "tt.atomic_rmw "
                          << stringifyRMWOp(op.getAtomicRmwOp()) << " on "
                          << elementType
                          << " is not supported yet by the LLVM lowering";
  };
  RMWInstruction instruction;
  switch (op.getAtomicRmwOp()) {
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
    if (bits < 32)
      return unsupported();
    instruction.opAndType =
        (stringifyRMWOp(op.getAtomicRmwOp()) + ".b" + width).str();
    return instruction;
  case RMWOp::ADD:
    if (bits < 32)
      return unsupported();
    instruction.opAndType = "add.u" + width;
    return instruction;
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    if (bits < 32)
      return unsupported();
    instruction.opAndType =
        (op.getAtomicRmwOp() == RMWOp::UMAX ? "max.u" : "min.u") + width;
    return instruction;
  case RMWOp::MAX:
  case RMWOp::MIN: {
    if (bits < 32)
      return unsupported();
    bool isMax = op.getAtomicRmwOp() == RMWOp::MAX;
    if (!isFloat) {
      instruction.opAndType = (isMax ? "max.s" : "min.s") + width;
      return instruction;
    }
    instruction.positiveOp = (isMax ? "max.s" : "min.s") + width;
    instruction.negativeOp = (isMax ? "min.u" : "max.u") + width;
    return instruction;
  }
  case RMWOp::XCHG:
    if (bits < 32)
      return unsupported();
    instruction.opAndType = "exch.b" + width;
    return instruction;
  case RMWOp::FADD:
    if (elementType.isF32() || elementType.isF64()) {
      instruction.opAndType = "add.f" + width;
      return instruction;
    }
    if (elementType.isF16()) {
      instruction.opAndType = "add.noftz.f16";
      return instruction;
    }
    if (elementType.isBF16()) {
      // PTX adds bf16 atomically from sm_90; before, LLVM's atomicrmw (a
      // compare-and-swap loop), as Triton 3.6 does.
      if (computeCapability < 90)
        instruction.viaLLVM = true;
      else
        instruction.opAndType = "add.noftz.bf16";
      return instruction;
    }
    return unsupported();
  }
  return unsupported();
}

/// The per-element atomics of a tt.atomic_rmw or tt.atomic_cas, and the
/// hand-out of old values through shared memory.
template <typename SourceOp>
struct AtomicPatternBase : ConvertOpToLLVMPattern<SourceOp> {
  AtomicPatternBase(LLVMTypeConverter &converter, const TargetInfoBase &target,
                    int computeCapability)
      : ConvertOpToLLVMPattern<SourceOp>(converter), target(target),
        computeCapability(computeCapability) {}

  /// Emits the atomic of one element (integer operands of its width) under
  /// `predicate`; returns the old value as an integer.
  virtual Value emitElement(SourceOp op, Value ptr, ArrayRef<Value> operands,
                            Value predicate, OpBuilder &b) const = 0;

  /// Rewrites `op`: `ptrs`, `operands` (per operand, per register) and
  /// `masks` (empty without a mask) are the thread's elements.
  LogicalResult lower(SourceOp op, ArrayRef<Value> ptrs,
                      ArrayRef<SmallVector<Value>> operands,
                      ArrayRef<Value> masks,
                      ConversionPatternRewriter &rewriter) const {
    auto converter = static_cast<const TritonGPUToLLVMTypeConverter *>(
        this->getTypeConverter());
    auto emit = [&](OpBuilder &b, Value ptr, ArrayRef<Value> values,
                    Value predicate) {
      return emitElement(op, ptr, values, predicate, b);
    };
    // Old values go to shared memory with one predicated st.shared.
    auto store = [&](RewriterBase &b, Value address, Value value,
                     Value predicate) {
      unsigned bits = value.getType().getIntOrFloatBitWidth();
      std::string text =
          llvm::formatv("@$2 st.shared.b{0} [ $0 + 0 ], $1;", bits).str();
      std::string constraints = ("r," + getConstraint(bits) + ",b").str();
      createInlinePtx(b, op.getLoc(), {}, ValueRange{address, value, predicate},
                      text, constraints, /*hasSideEffects=*/true);
    };
    return lowerAtomicElements(op, ptrs, operands, masks, rewriter, *converter,
                               target, emit, store);
  }

  const TargetInfoBase &target;
  int computeCapability;
};

struct AtomicRMWOpPattern : AtomicPatternBase<AtomicRMWOp> {
  AtomicRMWOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target,
                     int computeCapability, int ptxVersion,
                     const AccessWidths &widths)
      : AtomicPatternBase(converter, target, computeCapability),
        ptxVersion(ptxVersion), widths(widths) {}

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getVal().getType());
    if (failed(getRMWInstruction(op, element, computeCapability)))
      return failure();
    Location loc = op.getLoc();
    std::optional<unsigned> count = getThreadElementCount(op.getType());
    if (!count)
      return rewriter.notifyMatchFailure(op, "layout without a linear layout");
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getVal(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks =
          unpackOperandElements(loc, adaptor.getMask(), *count, rewriter)[0];
    if (succeeded(lowerVectorAdd(op, ptrs, values, masks, rewriter)))
      return success();
    return lower(op, ptrs, {values}, masks, rewriter);
  }

  /// sm_90's vector float adds: an fadd whose old values nothing reads, in a
  /// layout giving each element to one register of one thread, adds `width`
  /// consecutive elements (the access width of the pointers, mask and
  /// layout) with one `atom...add.v<N>` (f32: 2 or 4; f16/bf16: up to 8).
  /// Without vector atomics (sm_80, or PTX before 8.1), halves go in pairs
  /// with one `atom...add.noftz.f16x2`.
  LogicalResult lowerVectorAdd(AtomicRMWOp op, ArrayRef<Value> ptrs,
                               ArrayRef<Value> values, ArrayRef<Value> masks,
                               ConversionPatternRewriter &rewriter) const {
    Type element = getElementTypeOrSelf(op.getVal().getType());
    auto it = widths.find(op);
    unsigned width = it == widths.end() ? 1 : it->second;
    bool half = element.isF16() || element.isBF16();
    bool vectorAtomics = computeCapability >= 90 && ptxVersion >= 81;
    if (op.getAtomicRmwOp() != RMWOp::FADD || width < 2 ||
        !(element.isF32() || half) || !op.getResult().use_empty())
      return failure();
    if (!vectorAtomics)
      return element.isF16()
                 ? lowerPairedHalfAdd(op, ptrs, values, masks, rewriter)
                 : failure();
    width = std::min(width, half ? 8u : 4u);
    auto type = dyn_cast<RankedTensorType>(op.getType());
    std::optional<gpu::LinearLayout> layout =
        type ? getDistributedLayout(type) : std::optional<gpu::LinearLayout>();
    if (!layout || !layout->isInjective() || ptrs.size() % width != 0)
      return failure();
    Location loc = op.getLoc();
    unsigned bits = element.getIntOrFloatBitWidth();
    std::string qualifiers =
        llvm::formatv("global.{0}.{1}.add{2}.v{3}.{4}",
                      getScopeName(op.getScope()), getSemanticName(op.getSem()),
                      half ? ".noftz" : "", width,
                      element.isF32()   ? "f32"
                      : element.isF16() ? "f16"
                                        : "bf16")
            .str();
    StringRef reg = getConstraint(bits);
    for (unsigned start = 0; start < ptrs.size(); start += width) {
      std::string outs, ins, constraints;
      for (unsigned i = 0; i < width; ++i) {
        outs += llvm::formatv("{0}${1}", i ? ", " : "", i).str();
        constraints += ("=" + reg + ",").str();
      }
      SmallVector<Value> operands{ptrs[start]};
      constraints += "l";
      for (unsigned i = 0; i < width; ++i) {
        ins += llvm::formatv("{0}${1}", i ? ", " : "", width + 1 + i).str();
        constraints += ("," + reg).str();
        operands.push_back(bitcastToInt(rewriter, loc, values[start + i]));
      }
      Value predicate =
          masks.empty() ? createI1Constant(rewriter, loc, true) : masks[start];
      operands.push_back(predicate);
      constraints += ",b";
      std::string text =
          llvm::formatv("@${0} atom.{1} {{{2}}, [ ${3} + 0 ], {{{4}};",
                        2 * width + 1, qualifiers, outs, width, ins)
              .str();
      createInlinePtx(rewriter, loc,
                      SmallVector<Type>(width, rewriter.getIntegerType(bits)),
                      operands, text, constraints, /*hasSideEffects=*/true);
    }
    // Nothing reads the old values: the result is a placeholder of zeros.
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Value zero = LLVM::ZeroOp::create(rewriter, loc,
                                      converter->convertElementType(element));
    rewriter.replaceOp(op, packLLElements(loc, converter,
                                          SmallVector<Value>(ptrs.size(), zero),
                                          rewriter, type));
    return success();
  }

  /// Two consecutive halves per `atom...add.noftz.f16x2` (the caller checked
  /// the width, the type, and that nothing reads the old values).
  LogicalResult lowerPairedHalfAdd(AtomicRMWOp op, ArrayRef<Value> ptrs,
                                   ArrayRef<Value> values,
                                   ArrayRef<Value> masks,
                                   ConversionPatternRewriter &rewriter) const {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    std::optional<gpu::LinearLayout> layout =
        type ? getDistributedLayout(type) : std::optional<gpu::LinearLayout>();
    if (!layout || !layout->isInjective() || ptrs.size() % 2 != 0)
      return failure();
    Location loc = op.getLoc();
    std::string qualifiers = ("global." + getScopeName(op.getScope()) + "." +
                              getSemanticName(op.getSem()) + ".add.noftz.f16x2")
                                 .str();
    Type i32 = rewriter.getI32Type();
    for (unsigned start = 0; start < ptrs.size(); start += 2) {
      // The pair in one register, the first half in the low bits.
      Value low = LLVM::ZExtOp::create(
          rewriter, loc, i32, bitcastToInt(rewriter, loc, values[start]));
      Value high = LLVM::ZExtOp::create(
          rewriter, loc, i32, bitcastToInt(rewriter, loc, values[start + 1]));
      high = LLVM::ShlOp::create(rewriter, loc, high,
                                 createI32Constant(rewriter, loc, 16));
      Value pair = LLVM::OrOp::create(rewriter, loc, low, high);
      Value predicate =
          masks.empty() ? createI1Constant(rewriter, loc, true) : masks[start];
      emitAtom(rewriter, loc, qualifiers, 32, ptrs[start], pair, predicate);
    }
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Value zero = LLVM::ZeroOp::create(rewriter, loc, rewriter.getF16Type());
    rewriter.replaceOp(op, packLLElements(loc, converter,
                                          SmallVector<Value>(ptrs.size(), zero),
                                          rewriter, type));
    return success();
  }

  /// Whether `op` only reads: a scalar acquire or relaxed add of a constant
  /// zero at the CTA, GPU or system scope.
  static bool isLoadInDisguise(AtomicRMWOp op) {
    if (isa<RankedTensorType>(op.getType()))
      return false;
    if (op.getSem() != MemSemantic::ACQUIRE &&
        op.getSem() != MemSemantic::RELAXED)
      return false;
    if (op.getAtomicRmwOp() != RMWOp::ADD && op.getAtomicRmwOp() != RMWOp::FADD)
      return false;
    auto constant = op.getVal().getDefiningOp<arith::ConstantOp>();
    if (!constant)
      return false;
    if (auto value = dyn_cast<FloatAttr>(constant.getValue()))
      return value.getValue().isZero();
    if (auto value = dyn_cast<IntegerAttr>(constant.getValue()))
      return value.getValue().isZero();
    return false;
  }

  Value emitElement(AtomicRMWOp op, Value ptr, ArrayRef<Value> operands,
                    Value predicate, OpBuilder &b) const override {
    Location loc = op.getLoc();
    Type element = getElementTypeOrSelf(op.getVal().getType());
    if (isLoadInDisguise(op)) {
      auto sem = op.getSem() == MemSemantic::ACQUIRE
                     ? nvgpu::MemSemantic::ACQUIRE
                     : nvgpu::MemSemantic::RELAXED;
      nvgpu::MemSyncScope scope = nvgpu::MemSyncScope::GPU;
      if (op.getScope() == MemSyncScope::CTA)
        scope = nvgpu::MemSyncScope::CTA;
      else if (op.getScope() == MemSyncScope::SYSTEM)
        scope = nvgpu::MemSyncScope::SYSTEM;
      return nvgpu::LoadAcquireOp::create(b, loc, operands[0].getType(), ptr,
                                          predicate, sem, scope);
    }
    RMWInstruction instruction =
        *getRMWInstruction(op, element, computeCapability);
    std::string prefix = ("global." + getScopeName(op.getScope()) + "." +
                          getSemanticName(op.getSem()) + ".")
                             .str();
    unsigned bits = element.getIntOrFloatBitWidth();
    if (instruction.viaLLVM)
      return emitLLVMAtomic(op, ptr, operands[0], predicate, b);
    if (!instruction.opAndType.empty())
      return emitAtom(b, loc, prefix + instruction.opAndType, bits, ptr,
                      operands, predicate);
    // Float max/min: one of two integer atomics, by the value's sign.
    Value value = operands[0];
    Value negative =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt, value,
                             createIntConstant(b, loc, value.getType(), 0));
    Value positivePredicate = LLVM::AndOp::create(
        b, loc, predicate,
        LLVM::XOrOp::create(b, loc, negative, createI1Constant(b, loc, true)));
    Value negativePredicate = LLVM::AndOp::create(b, loc, predicate, negative);
    Value positiveOld = emitAtom(b, loc, prefix + instruction.positiveOp, bits,
                                 ptr, value, positivePredicate);
    Value negativeOld = emitAtom(b, loc, prefix + instruction.negativeOp, bits,
                                 ptr, value, negativePredicate);
    return LLVM::SelectOp::create(b, loc, negative, negativeOld, positiveOld);
  }

  /// One `llvm.atomicrmw` (fadd of a float `value` given as an integer) in
  /// a block entered where `predicate` holds; 0 elsewhere.
  Value emitLLVMAtomic(AtomicRMWOp op, Value ptr, Value value, Value predicate,
                       OpBuilder &b) const {
    auto &rewriter = static_cast<RewriterBase &>(b);
    Location loc = op.getLoc();
    Type intType = value.getType();
    Type floatType = getElementTypeOrSelf(op.getVal().getType());
    LLVM::AtomicOrdering ordering = LLVM::AtomicOrdering::acq_rel;
    switch (op.getSem()) {
    case MemSemantic::RELAXED:
      ordering = LLVM::AtomicOrdering::monotonic;
      break;
    case MemSemantic::ACQUIRE:
      ordering = LLVM::AtomicOrdering::acquire;
      break;
    case MemSemantic::RELEASE:
      ordering = LLVM::AtomicOrdering::release;
      break;
    case MemSemantic::ACQUIRE_RELEASE:
      break;
    }
    // NVPTX's names of the scopes ("" is the system).
    StringRef scope = op.getScope() == MemSyncScope::CTA      ? "block"
                      : op.getScope() == MemSyncScope::SYSTEM ? ""
                                                              : "device";
    Value zero = createIntConstant(b, loc, intType, 0);
    return emitGuarded(rewriter, loc, predicate, zero, [&]() -> Value {
      Value operand = LLVM::BitcastOp::create(b, loc, floatType, value);
      Value old = LLVM::AtomicRMWOp::create(b, loc, LLVM::AtomicBinOp::fadd,
                                            ptr, operand, ordering, scope);
      return LLVM::BitcastOp::create(b, loc, intType, old);
    });
  }

  int ptxVersion;
  const AccessWidths &widths;
};

struct AtomicCASOpPattern : AtomicPatternBase<AtomicCASOp> {
  using AtomicPatternBase::AtomicPatternBase;

  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> compared =
        unpackLLElements(loc, adaptor.getCmp(), rewriter);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getVal(), rewriter);
    return lower(op, ptrs, {compared, values}, {}, rewriter);
  }

  Value emitElement(AtomicCASOp op, Value ptr, ArrayRef<Value> operands,
                    Value predicate, OpBuilder &b) const override {
    unsigned bits =
        getElementTypeOrSelf(op.getVal().getType()).getIntOrFloatBitWidth();
    std::string qualifiers =
        ("global." + getSemanticName(op.getSem()) + "." +
         getScopeName(op.getScope()) + ".cas.b" + Twine(bits))
            .str();
    return emitAtom(b, op.getLoc(), qualifiers, bits, ptr, operands, predicate);
  }
};

} // namespace

void mlir::triton::nvidia::populateAtomicOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target, int computeCapability, int ptxVersion,
    const AccessWidths &widths) {
  patterns.add<AtomicRMWOpPattern>(converter, target, computeCapability,
                                   ptxVersion, widths);
  patterns.add<AtomicCASOpPattern>(converter, target, computeCapability);
}
