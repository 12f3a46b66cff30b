//===- AtomicOpToLLVM.cpp - tt.atomic_rmw and tt.atomic_cas on AMD GPUs ---===//
//
// Each element is updated by exactly one thread (common/AtomicUtility.h says
// which, and how old values reach the other threads holding the element),
// with one LLVM `atomicrmw` or `cmpxchg` on the global pointer: the ordering
// is `sem` (relaxed is monotonic), the sync scope is `scope` (gpu is
// "agent", cta "workgroup", sys the system's, LLVM's default). AMD GPUs have
// no predicated instructions, so a masked or owner-only atomic runs under a
// branch and the masked-off path reads 0, as on NVIDIA.
//
// Float max and min: as on NVIDIA (and Triton's frontend), a value with a
// clear sign bit takes the signed integer max (min) of the bits, one with the
// sign bit set the unsigned integer min (max), which orders IEEE floats.
//
// f16 and bf16 float adds on pairs of consecutive, aligned elements a thread
// holds (the access width of the pointers, in a layout giving each element
// to one register of one thread) are one atomicrmw fadd of vector<2xf16>
// (vector<2xbf16>): gfx942's global_atomic_pk_add_f16/bf16, as Triton 3.6
// packs them. The pair runs where either element's mask holds; a masked-off
// element adds -0.0, which leaves every value as it is (x + -0.0 == x, signed
// zeros and NaNs included), and both halves lie in one aligned 4-byte word,
// so the access touches no page the other element's would not. (Triton 3.6
// takes the first element's mask for both.)
//
// Single f16/bf16 elements (access width 1) pair up across neighbouring
// lanes instead (lowerLanePairedHalfAdd): one packed atomic per pair where
// the run-time addresses allow, so half the lanes issue atomics.
//
// An acq_rel read-modify-write whose threads each do several atomics orders
// the thread's group as a whole, as Triton 3.6 does: release on the first,
// acquire on the last, relaxed between, so LLVM emits one cache writeback
// and one invalidate per thread instead of one per element. Only where a
// thread does all of its elements or none (no mask, or a mask that is the
// constant true): a masked-off first or last element would drop the
// ordering, so masked atomics keep acq_rel each.
//
// Read-modify-writes at agent or workgroup scope say that the memory is
// neither fine-grained nor remote (!amdgpu.no.fine.grained.memory,
// !amdgpu.no.remote.memory): Triton's tensors live in device memory, and
// without the promise LLVM turns global_atomic_add_f32 (and on gfx90a most
// integer atomics) into compare-and-swap loops. At system scope the memory
// may be host-visible, so the loops stay.
//
// The buffer atomics (amdg.buffer_atomic_rmw, amdg.buffer_atomic_cas) are
// the raw buffer atomic intrinsics on a resource over the base pointer,
// relaxed, with fences around them for their ordering, as Triton 3.6 emits
// them; a masked-off element's offset is out of range, so no branch.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/DPP.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/MemoryAccess.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/AtomicUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amd;

namespace {

LLVM::AtomicOrdering getOrdering(MemSemantic sem) {
  switch (sem) {
  case MemSemantic::RELAXED:
    return LLVM::AtomicOrdering::monotonic;
  case MemSemantic::ACQUIRE:
    return LLVM::AtomicOrdering::acquire;
  case MemSemantic::RELEASE:
    return LLVM::AtomicOrdering::release;
  case MemSemantic::ACQUIRE_RELEASE:
    return LLVM::AtomicOrdering::acq_rel;
  }
  return LLVM::AtomicOrdering::acq_rel;
}

/// A cmpxchg that fails only loads: it cannot release.
LLVM::AtomicOrdering getFailureOrdering(LLVM::AtomicOrdering success) {
  switch (success) {
  case LLVM::AtomicOrdering::release:
    return LLVM::AtomicOrdering::monotonic;
  case LLVM::AtomicOrdering::acq_rel:
    return LLVM::AtomicOrdering::acquire;
  default:
    return success;
  }
}

/// LLVM's AMDGPU sync scope names; the empty one is the system.
StringRef getSyncScope(MemSyncScope scope) {
  switch (scope) {
  case MemSyncScope::GPU:
    return "agent";
  case MemSyncScope::CTA:
    return "workgroup";
  case MemSyncScope::SYSTEM:
    return "";
  }
  return "agent";
}

/// How a tt.atomic_rmw of one element type becomes atomicrmw: one binary
/// operation, or (float max/min) two integer ones chosen by the value's sign.
struct RMWInstruction {
  std::optional<LLVM::AtomicBinOp> op;
  LLVM::AtomicBinOp positiveOp = LLVM::AtomicBinOp::max,
                    negativeOp = LLVM::AtomicBinOp::umin;
};

FailureOr<RMWInstruction> getRMWInstruction(AtomicRMWOp op, Type elementType) {
  bool isFloat = isa<FloatType>(elementType);
  unsigned bits = elementType.getIntOrFloatBitWidth();
  auto unsupported = [&]() -> FailureOr<RMWInstruction> {
    return op.emitError() << "tt.atomic_rmw "
                          << stringifyRMWOp(op.getAtomicRmwOp()) << " on "
                          << elementType
                          << " is not supported yet by the LLVM lowering";
  };
  if (bits < 8 || bits > 64)
    return unsupported();
  RMWInstruction instruction;
  switch (op.getAtomicRmwOp()) {
  case RMWOp::AND:
    instruction.op = LLVM::AtomicBinOp::_and;
    return instruction;
  case RMWOp::OR:
    instruction.op = LLVM::AtomicBinOp::_or;
    return instruction;
  case RMWOp::XOR:
    instruction.op = LLVM::AtomicBinOp::_xor;
    return instruction;
  case RMWOp::ADD:
    instruction.op = LLVM::AtomicBinOp::add;
    return instruction;
  case RMWOp::UMAX:
    instruction.op = LLVM::AtomicBinOp::umax;
    return instruction;
  case RMWOp::UMIN:
    instruction.op = LLVM::AtomicBinOp::umin;
    return instruction;
  case RMWOp::XCHG:
    instruction.op = LLVM::AtomicBinOp::xchg;
    return instruction;
  case RMWOp::MAX:
  case RMWOp::MIN: {
    bool isMax = op.getAtomicRmwOp() == RMWOp::MAX;
    if (!isFloat) {
      instruction.op = isMax ? LLVM::AtomicBinOp::max : LLVM::AtomicBinOp::min;
      return instruction;
    }
    instruction.positiveOp =
        isMax ? LLVM::AtomicBinOp::max : LLVM::AtomicBinOp::min;
    instruction.negativeOp =
        isMax ? LLVM::AtomicBinOp::umin : LLVM::AtomicBinOp::umax;
    return instruction;
  }
  case RMWOp::FADD:
    if (!isFloat || bits < 16)
      return unsupported();
    instruction.op = LLVM::AtomicBinOp::fadd;
    return instruction;
  }
  return unsupported();
}

/// `body` (returning an integer) where `predicate` holds, else 0; no branch
/// when the predicate is the constant true.
Value emitPredicated(RewriterBase &rewriter, Location loc, Value predicate,
                     Type type, function_ref<Value()> body) {
  if (matchPattern(predicate, m_One()))
    return body();
  return emitGuarded(rewriter, loc, predicate,
                     createIntConstant(rewriter, loc, type, 0), body);
}

/// Sets the orderings of a thread's atomics of one acq_rel op, one list per
/// element (or pair) in order: release, relaxed..., acquire.
void orderAsGroup(ArrayRef<SmallVector<LLVM::AtomicRMWOp, 2>> perElement) {
  if (perElement.size() < 2)
    return;
  for (auto [i, atomics] : llvm::enumerate(perElement))
    for (LLVM::AtomicRMWOp rmw : atomics)
      rmw.setOrdering(i == 0 ? LLVM::AtomicOrdering::release
                      : i + 1 == perElement.size()
                          ? LLVM::AtomicOrdering::acquire
                          : LLVM::AtomicOrdering::monotonic);
}

/// Marks `rmw` as one on device memory that is neither fine-grained nor
/// remote (see the file comment).
void markDeviceMemory(OpBuilder &b, LLVM::AtomicRMWOp rmw) {
  auto *rocdl = b.getContext()->getLoadedDialect<ROCDL::ROCDLDialect>();
  rocdl->getNoFineGrainedMemoryAttrHelper().setAttr(rmw, b.getUnitAttr());
  rocdl->getNoRemoteMemoryAttrHelper().setAttr(rmw, b.getUnitAttr());
}

struct AtomicRMWOpPattern : ConvertOpToLLVMPattern<AtomicRMWOp> {
  AtomicRMWOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target,
                     const AccessWidths &widths)
      : ConvertOpToLLVMPattern(converter), target(target), widths(widths) {}

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getVal().getType());
    FailureOr<RMWInstruction> instruction = getRMWInstruction(op, element);
    if (failed(instruction))
      return failure();
    Location loc = op.getLoc();
    std::optional<unsigned> count = getThreadElementCount(op.getType());
    if (!count)
      return rewriter.notifyMatchFailure(op, "layout without a linear layout");
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Type llvmElement = converter->convertElementType(element);
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getVal(), rewriter);
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks =
          unpackOperandElements(loc, adaptor.getMask(), *count, rewriter)[0];

    LLVM::AtomicOrdering ordering = getOrdering(op.getSem());
    StringRef scope = getSyncScope(op.getScope());
    bool deviceMemory = op.getScope() != MemSyncScope::SYSTEM;
    bool grouped = op.getSem() == MemSemantic::ACQUIRE_RELEASE &&
                   (!op.getMask() || matchPattern(op.getMask(), m_One()));
    if (succeeded(lowerPairedHalfAdd(op, ptrs, values, masks, llvmElement,
                                     ordering, scope, deviceMemory, grouped,
                                     rewriter)))
      return success();
    if (succeeded(lowerLanePairedHalfAdd(op, ptrs, values, masks, llvmElement,
                                         ordering, scope, deviceMemory,
                                         rewriter)))
      return success();
    // The atomics of each element the thread updates, in order (two for a
    // float max/min).
    SmallVector<SmallVector<LLVM::AtomicRMWOp, 2>> perElement;
    // One atomicrmw of `binOp` on the integer bits `value` (a float add on
    // the float they stand for); returns the old bits.
    auto atomic = [&](RewriterBase &b, LLVM::AtomicBinOp binOp, Value ptr,
                      Value value) {
      bool floatOp = binOp == LLVM::AtomicBinOp::fadd;
      if (floatOp)
        value = LLVM::BitcastOp::create(b, loc, llvmElement, value);
      auto rmw =
          LLVM::AtomicRMWOp::create(b, loc, binOp, ptr, value, ordering, scope);
      perElement.back().push_back(rmw);
      if (deviceMemory)
        markDeviceMemory(b, rmw);
      Value old = rmw.getRes();
      return floatOp ? bitcastToInt(b, loc, old) : old;
    };
    auto emit = [&](RewriterBase &b, Value ptr, ArrayRef<Value> operands,
                    Value predicate) {
      perElement.emplace_back();
      Value value = operands[0];
      Type intType = value.getType();
      if (instruction->op)
        return emitPredicated(b, loc, predicate, intType, [&] {
          return atomic(b, *instruction->op, ptr, value);
        });
      // Float max/min: one of two integer atomics, by the value's sign.
      Value negative =
          LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::slt, value,
                               createIntConstant(b, loc, intType, 0));
      Value positive =
          LLVM::XOrOp::create(b, loc, negative, createI1Constant(b, loc, true));
      Value positiveOld = emitPredicated(
          b, loc, LLVM::AndOp::create(b, loc, predicate, positive), intType,
          [&] { return atomic(b, instruction->positiveOp, ptr, value); });
      Value negativeOld = emitPredicated(
          b, loc, LLVM::AndOp::create(b, loc, predicate, negative), intType,
          [&] { return atomic(b, instruction->negativeOp, ptr, value); });
      return LLVM::SelectOp::create(b, loc, negative, negativeOld, positiveOld)
          .getResult();
    };
    if (failed(lowerAtomicElements(op, ptrs, {values}, masks, rewriter,
                                   *converter, target, emit)))
      return failure();
    if (grouped)
      orderAsGroup(perElement);
    return success();
  }

  /// An f16/bf16 fadd whose pointers' access width is at least 2, in a
  /// layout giving each element to one register of one thread: one
  /// vector<2x...> atomicrmw per pair (see the file comment for masks), the
  /// pair's old values extracted from its result.
  LogicalResult lowerPairedHalfAdd(AtomicRMWOp op, ArrayRef<Value> ptrs,
                                   ArrayRef<Value> values,
                                   ArrayRef<Value> masks, Type llvmElement,
                                   LLVM::AtomicOrdering ordering,
                                   StringRef scope, bool deviceMemory,
                                   bool grouped,
                                   ConversionPatternRewriter &rewriter) const {
    Type element = getElementTypeOrSelf(op.getVal().getType());
    auto it = widths.find(op);
    unsigned width = it == widths.end() ? 1 : it->second;
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (op.getAtomicRmwOp() != RMWOp::FADD || width < 2 ||
        !(element.isF16() || element.isBF16()) || !type)
      return failure();
    std::optional<gpu::LinearLayout> layout = getDistributedLayout(type);
    if (!layout || !layout->isInjective() || ptrs.size() % 2 != 0)
      return failure();
    Location loc = op.getLoc();
    auto pairType = VectorType::get({2}, llvmElement);
    Value zeroPair = LLVM::ZeroOp::create(rewriter, loc, pairType);
    SmallVector<SmallVector<LLVM::AtomicRMWOp, 2>> perPair;
    SmallVector<Value> old;
    auto isTrue = [](Value mask) { return matchPattern(mask, m_One()); };
    Value negativeZero;
    for (unsigned start = 0; start < ptrs.size(); start += 2) {
      // One mask for both (a mask constant over the pair is one value), else
      // each masked-off element adds -0.0 and the pair runs where either
      // mask holds.
      bool shared = masks.empty() || masks[start] == masks[start + 1] ||
                    (isTrue(masks[start]) && isTrue(masks[start + 1]));
      Value predicate;
      if (shared)
        predicate = masks.empty() ? Value() : masks[start];
      else if (!isTrue(masks[start]) && !isTrue(masks[start + 1]))
        predicate = LLVM::OrOp::create(rewriter, loc, masks[start],
                                       masks[start + 1]);
      Value pair = LLVM::UndefOp::create(rewriter, loc, pairType);
      for (unsigned i = 0; i < 2; ++i) {
        Value value = values[start + i];
        if (!shared && !isTrue(masks[start + i])) {
          if (!negativeZero)
            negativeZero = LLVM::ConstantOp::create(
                rewriter, loc, llvmElement,
                rewriter.getFloatAttr(llvmElement, -0.0));
          value = LLVM::SelectOp::create(rewriter, loc, masks[start + i],
                                         value, negativeZero);
        }
        pair = LLVM::InsertElementOp::create(rewriter, loc, pair, value,
                                             createI32Constant(rewriter, loc, i));
      }
      perPair.emplace_back();
      auto body = [&]() -> Value {
        auto rmw =
            LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::fadd,
                                      ptrs[start], pair, ordering, scope);
        if (deviceMemory)
          markDeviceMemory(rewriter, rmw);
        perPair.back().push_back(rmw);
        return rmw.getRes();
      };
      Value result = !predicate || isTrue(predicate)
                         ? body()
                         : emitGuarded(rewriter, loc, predicate, zeroPair, body);
      for (unsigned i = 0; i < 2; ++i)
        old.push_back(LLVM::ExtractElementOp::create(
            rewriter, loc, result, createI32Constant(rewriter, loc, i)));
    }
    if (grouped)
      orderAsGroup(perPair);
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), old,
                                          rewriter, type));
    return success();
  }

  /// An f16/bf16 fadd of single elements (access width 1) in a layout
  /// giving each element to one thread: lanes pair up, the even lane of each
  /// pair doing one vector<2x...> atomicrmw for both where, at run time,
  /// both are enabled and the odd lane's address is the next element of a
  /// 4-byte aligned pair (else two scalar atomics, the disabled side adding
  /// -0.0 at the enabled side's address); the odd lane's value comes over by
  /// DPP row_shl:1, its old value back by row_shr:1 (Triton 3.6's scheme:
  /// half the lanes issue atomics).
  LogicalResult lowerLanePairedHalfAdd(AtomicRMWOp op, ArrayRef<Value> ptrs,
                                       ArrayRef<Value> values,
                                       ArrayRef<Value> masks, Type llvmElement,
                                       LLVM::AtomicOrdering ordering,
                                       StringRef scope, bool deviceMemory,
                                       ConversionPatternRewriter &rewriter) const {
    Type element = getElementTypeOrSelf(op.getVal().getType());
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (op.getAtomicRmwOp() != RMWOp::FADD ||
        !(element.isF16() || element.isBF16()) || !type)
      return failure();
    std::optional<gpu::LinearLayout> layout = getDistributedLayout(type);
    if (!layout || !layout->isInjective())
      return failure();
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    auto pairType = VectorType::get({2}, llvmElement);
    auto i32x2 = VectorType::get({2}, i32);
    auto c32 = [&](int64_t v) { return createI32Constant(rewriter, loc, v); };
    auto c64 = [&](int64_t v) {
      return LLVM::ConstantOp::create(rewriter, loc, i64,
                                      rewriter.getI64IntegerAttr(v));
    };
    // DPP row_shl:1 (lane reads lane + 1) or row_shr:1 of an i32; a lane
    // without a source in its row keeps 0.
    auto move = [&](Value word, int control) -> Value {
      return dpp::move(rewriter, loc, c32(0), word, control);
    };
    auto move64 = [&](Value wide, int control) -> Value {
      Value halves = LLVM::BitcastOp::create(rewriter, loc, i32x2, wide);
      Value result = LLVM::UndefOp::create(rewriter, loc, i32x2);
      for (int h = 0; h < 2; ++h) {
        Value position = c32(h);
        Value half =
            LLVM::ExtractElementOp::create(rewriter, loc, halves, position);
        Value moved = move(half, control);
        result = LLVM::InsertElementOp::create(rewriter, loc, result, moved,
                                               position);
      }
      return LLVM::BitcastOp::create(rewriter, loc, i64, result);
    };
    auto rmw = [&](Value ptr, Value value) -> Value {
      auto atomic = LLVM::AtomicRMWOp::create(
          rewriter, loc, LLVM::AtomicBinOp::fadd, ptr, value, ordering, scope);
      if (deviceMemory)
        markDeviceMemory(rewriter, atomic);
      return atomic.getRes();
    };
    Value tid = target.getThreadId(rewriter, loc);
    Value one = c32(1), zero = c32(0);
    Value isOdd = LLVM::AndOp::create(rewriter, loc, tid, one);
    Value isEven = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                        isOdd, zero);
    Value allOnes = c64(-1);
    Value negativeZero = LLVM::ConstantOp::create(
        rewriter, loc, llvmElement, rewriter.getFloatAttr(llvmElement, -0.0));
    Value zeroPair = LLVM::ZeroOp::create(rewriter, loc, pairType);
    SmallVector<Value> old;
    for (auto [i, ptr] : llvm::enumerate(ptrs)) {
      Value enabled = masks.empty() ? createI1Constant(rewriter, loc, true)
                                    : masks[i];
      // A disabled lane's address reads as all ones.
      Value addr = LLVM::PtrToIntOp::create(rewriter, loc, i64, ptr);
      addr = LLVM::SelectOp::create(rewriter, loc, enabled, addr, allOnes);
      // The lane's value in its half of the pair (0 bits in the other, and
      // everywhere when disabled), the odd neighbour's half moved over.
      Value own = LLVM::InsertElementOp::create(rewriter, loc, zeroPair,
                                                values[i], isOdd);
      Value ownBits = LLVM::BitcastOp::create(rewriter, loc, i32, own);
      ownBits = LLVM::SelectOp::create(rewriter, loc, enabled, ownBits, c32(0));
      Value both =
          LLVM::OrOp::create(rewriter, loc, ownBits,
                             move(ownBits, dpp::kRowShl + 1));
      Value operand = LLVM::BitcastOp::create(rewriter, loc, pairType, both);
      Value rightAddr = move64(addr, dpp::kRowShl + 1);
      Value rightEnabled = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::ne, rightAddr, allOnes);
      // A disabled side adds -0.0, which changes nothing.
      Value sides[] = {enabled, rightEnabled};
      for (auto [half, on] : llvm::enumerate(sides)) {
        Value position = c32(half);
        Value value =
            LLVM::ExtractElementOp::create(rewriter, loc, operand, position);
        value = LLVM::SelectOp::create(rewriter, loc, on, value, negativeZero);
        operand = LLVM::InsertElementOp::create(rewriter, loc, operand, value,
                                                position);
      }
      Value three = c64(3), wideZero = c64(0), two = c64(2);
      Value lowBits = LLVM::AndOp::create(rewriter, loc, addr, three);
      Value aligned = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq, lowBits, wideZero);
      Value next = LLVM::AddOp::create(rewriter, loc, addr, two);
      Value adjacent = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::eq, rightAddr, next);
      Value bothOn = LLVM::AndOp::create(rewriter, loc, enabled, rightEnabled);
      Value pairable = LLVM::AndOp::create(rewriter, loc, aligned, adjacent);
      Value packed = LLVM::AndOp::create(rewriter, loc, bothOn, pairable);
      Value either = LLVM::OrOp::create(rewriter, loc, enabled, rightEnabled);
      Value issue = LLVM::AndOp::create(rewriter, loc, either, isEven);
      // Each side's address, the other's where it is disabled.
      Value right = LLVM::SelectOp::create(rewriter, loc, rightEnabled,
                                           rightAddr, addr);
      Value left = LLVM::SelectOp::create(rewriter, loc, enabled, addr, right);
      Type ptrType = ptr.getType();
      Value leftPtr = LLVM::IntToPtrOp::create(rewriter, loc, ptrType, left);
      Value rightPtr = LLVM::IntToPtrOp::create(rewriter, loc, ptrType, right);
      Value notPacked = LLVM::XOrOp::create(
          rewriter, loc, packed, createI1Constant(rewriter, loc, true));
      // Two guarded blocks, the packed atomic and the pair of scalar ones.
      Value result = emitGuarded(
          rewriter, loc, LLVM::AndOp::create(rewriter, loc, issue, packed),
          zeroPair, [&] { return rmw(leftPtr, operand); });
      Value scalar = emitGuarded(
          rewriter, loc, LLVM::AndOp::create(rewriter, loc, issue, notPacked),
          zeroPair, [&]() -> Value {
            Value pair = LLVM::UndefOp::create(rewriter, loc, pairType);
            Value lo = rmw(leftPtr, LLVM::ExtractElementOp::create(
                                        rewriter, loc, operand, c32(0)));
            Value hi = rmw(rightPtr, LLVM::ExtractElementOp::create(
                                         rewriter, loc, operand, c32(1)));
            pair = LLVM::InsertElementOp::create(rewriter, loc, pair, lo, c32(0));
            return LLVM::InsertElementOp::create(rewriter, loc, pair, hi, c32(1));
          });
      result = LLVM::SelectOp::create(rewriter, loc, packed, result, scalar);
      // The odd lane's old value: half 1 of its even neighbour's result.
      Value back = LLVM::BitcastOp::create(
          rewriter, loc, pairType,
          move(LLVM::BitcastOp::create(rewriter, loc, i32, result),
               dpp::kRowShr + 1));
      Value mine = LLVM::ExtractElementOp::create(rewriter, loc, result, c32(0));
      Value theirs = LLVM::ExtractElementOp::create(rewriter, loc, back, c32(1));
      old.push_back(LLVM::SelectOp::create(rewriter, loc, isEven, mine, theirs));
    }
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), old,
                                          rewriter, type));
    return success();
  }

  const TargetInfoBase &target;
  const AccessWidths &widths;
};

struct AtomicCASOpPattern : ConvertOpToLLVMPattern<AtomicCASOp> {
  AtomicCASOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getElementTypeOrSelf(op.getVal().getType());
    unsigned bits = element.getIntOrFloatBitWidth();
    if (bits < 8 || bits > 64)
      return op.emitError() << "tt.atomic_cas on " << element
                            << " is not supported yet by the LLVM lowering";
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getPtr(), rewriter);
    SmallVector<Value> compared =
        unpackLLElements(loc, adaptor.getCmp(), rewriter);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getVal(), rewriter);
    LLVM::AtomicOrdering ordering = getOrdering(op.getSem());
    StringRef scope = getSyncScope(op.getScope());
    auto emit = [&](RewriterBase &b, Value ptr, ArrayRef<Value> operands,
                    Value predicate) {
      return emitPredicated(
          b, loc, predicate, operands[0].getType(), [&]() -> Value {
            auto cas = LLVM::AtomicCmpXchgOp::create(
                b, loc, ptr, operands[0], operands[1], ordering,
                getFailureOrdering(ordering), scope);
            return LLVM::ExtractValueOp::create(b, loc, cas, 0);
          });
    };
    return lowerAtomicElements(op, ptrs, {compared, values}, {}, rewriter,
                               *converter, target, emit);
  }

  const TargetInfoBase &target;
};

/// The intrinsic (llvm.amdgcn.raw.ptr.buffer.atomic.*) of a buffer
/// read-modify-write and whether it works on the float the bits stand for.
FailureOr<std::pair<StringRef, bool>>
getBufferAtomicIntrinsic(triton::amdgpu::BufferAtomicRMWOp op,
                         Type elementType) {
  bool isFloat = isa<FloatType>(elementType);
  switch (op.getAtomicRmwOp()) {
  case RMWOp::AND:
    return std::make_pair(StringRef("and"), false);
  case RMWOp::OR:
    return std::make_pair(StringRef("or"), false);
  case RMWOp::XOR:
    return std::make_pair(StringRef("xor"), false);
  case RMWOp::ADD:
    return std::make_pair(StringRef("add"), false);
  case RMWOp::UMAX:
    return std::make_pair(StringRef("umax"), false);
  case RMWOp::UMIN:
    return std::make_pair(StringRef("umin"), false);
  case RMWOp::XCHG:
    return std::make_pair(StringRef("swap"), false);
  case RMWOp::FADD:
    if (isFloat)
      return std::make_pair(StringRef("fadd"), true);
    break;
  case RMWOp::MAX:
  case RMWOp::MIN: {
    bool isMax = op.getAtomicRmwOp() == RMWOp::MAX;
    // gfx90a and gfx942 have 64-bit float buffer max/min only.
    if (isFloat && elementType.getIntOrFloatBitWidth() != 64)
      break;
    if (isFloat)
      return std::make_pair(StringRef(isMax ? "fmax" : "fmin"), true);
    return std::make_pair(StringRef(isMax ? "smax" : "smin"), false);
  }
  }
  return op.emitError() << "amdg.buffer_atomic_rmw "
                        << stringifyRMWOp(op.getAtomicRmwOp()) << " on "
                        << elementType
                        << " is not supported by the LLVM lowering";
}

/// A buffer atomic's elements (lowerAtomicElements) between the fences that
/// give it its ordering (the instructions are relaxed), as Triton 3.6
/// places them: a release fence before the atomics, an acquire fence after.
LogicalResult lowerBufferAtomic(Operation *op, MemSemantic sem,
                                MemSyncScope scope, ArrayRef<Value> offsets,
                                ArrayRef<SmallVector<Value>> operands,
                                ArrayRef<Value> masks,
                                ConversionPatternRewriter &rewriter,
                                const TritonGPUToLLVMTypeConverter &converter,
                                const TargetInfoBase &target,
                                AtomicElementEmitter emit) {
  Location loc = op->getLoc();
  if (sem == MemSemantic::RELEASE || sem == MemSemantic::ACQUIRE_RELEASE)
    LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::release,
                          getSyncScope(scope));
  if (failed(lowerAtomicElements(op, offsets, operands, masks, rewriter,
                                 converter, target, emit,
                                 /*storeShared=*/nullptr,
                                 /*explicitOwner=*/true)))
    return failure();
  if (sem == MemSemantic::ACQUIRE || sem == MemSemantic::ACQUIRE_RELEASE)
    LLVM::FenceOp::create(rewriter, loc, LLVM::AtomicOrdering::acquire,
                          getSyncScope(scope));
  return success();
}

/// amdg.buffer_atomic_rmw: one raw buffer atomic per element, by the
/// thread that owns it (common/AtomicUtility.h); a masked-off element gets
/// an out-of-range offset, where the hardware does nothing and returns 0.
struct BufferAtomicRMWOpPattern
    : ConvertOpToLLVMPattern<triton::amdgpu::BufferAtomicRMWOp> {
  BufferAtomicRMWOpPattern(LLVMTypeConverter &converter,
                           const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(triton::amdgpu::BufferAtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getElementTypeOrSelf(op.getValue().getType());
    auto intrinsic = getBufferAtomicIntrinsic(op, element);
    if (failed(intrinsic))
      return failure();
    auto [name, floatOp] = *intrinsic;
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    Type llvmElement = converter->convertElementType(element);
    BufferOperands operands =
        unpackBufferOperands(rewriter, loc, adaptor.getPtr(), element,
                             adaptor.getOffsets(), adaptor.getValue(),
                             adaptor.getMask());
    const BufferResource &access = operands.access;
    std::string intrinsicName =
        ("llvm.amdgcn.raw.ptr.buffer.atomic." + name).str();
    Value zero = createI32Constant(rewriter, loc, 0);
    auto emit = [&](RewriterBase &b, Value offset, ArrayRef<Value> operands,
                    Value predicate) -> Value {
      Value value = operands[0];
      Type type = floatOp ? llvmElement : value.getType();
      if (floatOp)
        value = LLVM::BitcastOp::create(b, loc, llvmElement, value);
      Value old = callIntrinsic(
          b, loc, intrinsicName, type,
          {value, access.resource,
           access.getOffset(b, loc, offset, predicate), zero, zero});
      return floatOp ? bitcastToInt(b, loc, old) : old;
    };
    return lowerBufferAtomic(op, op.getSem(), op.getScope(), operands.offsets,
                             operands.data, operands.masks, rewriter,
                             *converter, target, emit);
  }

  const TargetInfoBase &target;
};

/// amdg.buffer_atomic_cas: one raw buffer compare-and-swap per element, as
/// amdg.buffer_atomic_rmw. Spelled as Triton 3.6's: the new value and the
/// compared one each packed into a one-element vector (3.6's vectorized
/// buffer-op form) bitcast to the element, then rocdl's cmpswap op, new
/// value first.
struct BufferAtomicCASOpPattern
    : ConvertOpToLLVMPattern<triton::amdgpu::BufferAtomicCASOp> {
  BufferAtomicCASOpPattern(LLVMTypeConverter &converter,
                           const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(triton::amdgpu::BufferAtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type element = getElementTypeOrSelf(op.getVal().getType());
    unsigned bits = element.getIntOrFloatBitWidth();
    if (bits != 32 && bits != 64)
      return op.emitError() << "amdg.buffer_atomic_cas on " << element
                            << " is not supported by the LLVM lowering";
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    BufferOperands operands = unpackBufferOperands(
        rewriter, loc, adaptor.getPtr(), element, adaptor.getOffsets(),
        {adaptor.getVal(), adaptor.getCmp()});
    const BufferResource &access = operands.access;
    Value zero = createI32Constant(rewriter, loc, 0);
    auto emit = [&](RewriterBase &b, Value offset, ArrayRef<Value> operands,
                    Value predicate) -> Value {
      Type type = operands[0].getType();
      auto vectorType = VectorType::get({1}, type);
      SmallVector<Value> vectors;
      for (Value operand : operands) {
        Value undef = LLVM::UndefOp::create(b, loc, vectorType);
        Value index = createI32Constant(b, loc, 0);
        vectors.push_back(
            LLVM::InsertElementOp::create(b, loc, undef, operand, index));
      }
      Value value = LLVM::BitcastOp::create(b, loc, type, vectors[0]);
      Value compared = LLVM::BitcastOp::create(b, loc, type, vectors[1]);
      Value byteOffset = access.getOffset(b, loc, offset, predicate);
      return ROCDL::RawPtrBufferAtomicCmpSwap::create(
          b, loc, type, value, compared, access.resource, byteOffset, zero,
          zero, /*alias_scopes=*/nullptr, /*noalias_scopes=*/nullptr,
          /*tbaa=*/nullptr);
    };
    return lowerBufferAtomic(op, op.getSem(), op.getScope(), operands.offsets,
                             operands.data, {}, rewriter, *converter, target,
                             emit);
  }

  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::amd::computeAtomicAccessWidths(Operation *root,
                                                  const ModuleAxisInfo &axis,
                                                  AccessWidths &widths) {
  root->walk([&](AtomicRMWOp rmw) {
    Type element = getElementTypeOrSelf(rmw.getVal().getType());
    if (rmw.getAtomicRmwOp() == RMWOp::FADD &&
        (element.isF16() || element.isBF16()))
      widths[rmw] = computeAccessWidth(rmw.getPtr(), /*mask=*/nullptr, axis);
  });
}

void mlir::triton::amd::populateAtomicOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target, const AccessWidths &widths) {
  patterns.add<AtomicRMWOpPattern>(converter, target, widths);
  patterns.add<AtomicCASOpPattern, BufferAtomicRMWOpPattern,
               BufferAtomicCASOpPattern>(converter, target);
}
