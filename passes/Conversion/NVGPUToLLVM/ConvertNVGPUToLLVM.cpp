//===- ConvertNVGPUToLLVM.cpp - nvg ops to inline PTX and NVVM ------------===//
//
// Rewrites each nvg op in place, after -convert-triton-gpu-to-llvm: wgmma
// and its wait as inline asm whose registers are struct fields (an input
// struct is taken apart into one asm operand per field; the asm returns the
// result struct), the warp index as a uniform shuffle, the cluster rank as
// NVVM, the acquiring load as inline asm, and the tensor-memory base as the
// kernel's allocation. Ops are collected first and rewritten one by one, so
// a failure names the op and stops the pass.
//
//===----------------------------------------------------------------------===//

#include "dialects/NVGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/NVGPUToLLVM/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_CONVERTNVGPUTOLLVM
#include "passes/Conversion/NVGPUToLLVM/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
namespace ttn = mlir::triton::nvgpu;
namespace ttg = mlir::triton::gpu;

namespace {

Value i32Constant(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

/// An inline asm statement in AT&T dialect, as the NVIDIA lowering writes
/// them (no operand attributes).
LLVM::InlineAsmOp createAsm(OpBuilder &b, Location loc, Type resultType,
                            ValueRange operands, StringRef text,
                            StringRef constraints, bool sideEffects) {
  return LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, text, constraints, sideEffects,
      /*is_align_stack=*/false, LLVM::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      b.getArrayAttr({}));
}

/// "$first,$first+1,...,$first+count-1".
std::string operandList(unsigned first, unsigned count) {
  std::string text;
  for (unsigned i = 0; i < count; ++i)
    text += llvm::formatv("{0}${1}", i ? "," : "", first + i).str();
  return text;
}

/// The fields of a struct value, as the asm's operands.
SmallVector<Value> unpackStruct(OpBuilder &b, Location loc, Value value) {
  SmallVector<Value> fields;
  auto type = cast<LLVM::LLVMStructType>(value.getType());
  for (unsigned i = 0, e = type.getBody().size(); i < e; ++i)
    fields.push_back(LLVM::ExtractValueOp::create(b, loc, value, i));
  return fields;
}

LogicalResult lowerWGMMA(ttn::WGMMAOp op, IRRewriter &b) {
  Location loc = op.getLoc();
  b.setInsertionPoint(op);
  auto resultType = cast<LLVM::LLVMStructType>(op.getType());
  unsigned numC = resultType.getBody().size();
  bool floatAcc = resultType.getBody().front().isF32();
  std::string constraints;
  for (unsigned i = 0; i < numC; ++i)
    constraints += floatAcc ? (i ? ",=f" : "=f") : (i ? ",=r" : "=r");
  SmallVector<Value> operands;
  unsigned next = numC;
  if (Value c = op.getOpC()) {
    operands = unpackStruct(b, loc, c);
    for (unsigned i = 0; i < numC; ++i)
      constraints += "," + std::to_string(i);
    next += numC;
  }
  std::string aText;
  if (isa<LLVM::LLVMStructType>(op.getOpA().getType())) {
    SmallVector<Value> regs = unpackStruct(b, loc, op.getOpA());
    aText = "{" + operandList(next, regs.size()) + "}";
    next += regs.size();
    for (size_t i = 0; i < regs.size(); ++i)
      constraints += ",r";
    llvm::append_range(operands, regs);
  } else {
    aText = "$" + std::to_string(next++);
    constraints += ",l";
    operands.push_back(op.getOpA());
  }
  std::string bText = "$" + std::to_string(next++);
  constraints += ",l";
  operands.push_back(op.getOpB());
  // scale-d: the predicate with an accumulator, else 0 (D = A * B).
  std::string scaleText = "0";
  if (op.getOpC()) {
    scaleText = "$" + std::to_string(next++);
    constraints += ",b";
    operands.push_back(op.getUseC());
  }
  ttn::WGMMAEltType a = op.getEltTypeA();
  std::string immediates;
  // imm-scale-a and imm-scale-b (1: not negated) exist for float kinds only.
  if (a != ttn::WGMMAEltType::s8)
    immediates += ", 1, 1";
  // imm-trans-a (A from shared memory only) and imm-trans-b: f16/bf16 only.
  if (a == ttn::WGMMAEltType::f16 || a == ttn::WGMMAEltType::bf16) {
    if (!isa<LLVM::LLVMStructType>(op.getOpA().getType()))
      immediates += op.getLayoutA() == ttn::WGMMALayout::col ? ", 1" : ", 0";
    immediates += op.getLayoutB() == ttn::WGMMALayout::row ? ", 1" : ", 0";
  }
  std::string text =
      llvm::formatv("wgmma.mma_async.sync.aligned.m{0}n{1}k{2}.{3}.{4}.{5} "
                    "{{{6}}, {7}, {8}, {9}{10};",
                    op.getM(), op.getN(), op.getK(),
                    ttn::stringifyWGMMAEltType(op.getEltTypeC()),
                    ttn::stringifyWGMMAEltType(a),
                    ttn::stringifyWGMMAEltType(op.getEltTypeB()),
                    operandList(0, numC), aText, bText, scaleText, immediates)
          .str();
  auto asmOp = createAsm(b, loc, resultType, operands, text, constraints,
                         /*sideEffects=*/true);
  b.replaceOp(op, asmOp.getResult(0));
  return success();
}

LogicalResult lowerWaitGroup(ttn::WGMMAWaitGroupOp op, IRRewriter &b) {
  Location loc = op.getLoc();
  b.setInsertionPoint(op);
  auto structType = cast<LLVM::LLVMStructType>(op.getType());
  Type i64 = b.getI64Type();
  // Pointers travel as 64-bit integers: the asm's registers are numbers.
  SmallVector<Value> operands = unpackStruct(b, loc, op.getInput());
  SmallVector<Type> asmFields;
  std::string outs, ins;
  for (auto [i, field] : llvm::enumerate(structType.getBody())) {
    std::string constraint;
    if (isa<LLVM::LLVMPointerType>(field)) {
      operands[i] = LLVM::PtrToIntOp::create(b, loc, i64, operands[i]);
      constraint = "l";
    } else if (field.isF32()) {
      constraint = "f";
    } else if (field.isF64()) {
      constraint = "d";
    } else {
      unsigned bits = field.getIntOrFloatBitWidth();
      constraint = bits == 16 ? "h" : bits == 32 ? "r" : "l";
    }
    asmFields.push_back(operands[i].getType());
    outs += (i ? ",=" : "=") + constraint;
    ins += "," + std::to_string(i);
  }
  unsigned count = structType.getBody().size();
  std::string text = llvm::formatv("// wait for regs: {0}\n\t"
                                   "wgmma.wait_group.sync.aligned {1};",
                                   operandList(0, count), op.getPendings())
                         .str();
  auto asmType = LLVM::LLVMStructType::getLiteral(b.getContext(), asmFields);
  Value result = createAsm(b, loc, asmType, operands, text, outs + ins,
                           /*sideEffects=*/true)
                     .getResult(0);
  if (asmType != structType) {
    Value packed = LLVM::UndefOp::create(b, loc, structType);
    for (auto [i, field] : llvm::enumerate(structType.getBody())) {
      Value value = LLVM::ExtractValueOp::create(b, loc, result, i);
      if (isa<LLVM::LLVMPointerType>(field))
        value = LLVM::IntToPtrOp::create(b, loc, field, value);
      packed = LLVM::InsertValueOp::create(b, loc, packed, value, i);
    }
    result = packed;
  }
  b.replaceOp(op, result);
  return success();
}

/// The warps of the code around `op` and the first thread of its warp
/// group: a ttg.warp_specialize partition's own count and start, else the
/// nearest `ttg.num-warps`.
FailureOr<std::pair<int, int>> getWarpContext(Operation *op) {
  for (Operation *child = op, *parent = op->getParentOp(); parent;
       child = parent, parent = parent->getParentOp()) {
    if (auto partitions = dyn_cast<ttg::WarpSpecializePartitionsOp>(parent)) {
      auto ws = cast<ttg::WarpSpecializeOp>(partitions->getParentOp());
      unsigned index = child->getParentRegion()->getRegionNumber();
      int startThread = 0;
      if (std::optional<ArrayRef<int32_t>> starts = ws.getWarpGroupStartIds())
        startThread = (*starts)[index] * 32;
      return std::make_pair(int(ws.getPartitionNumWarps()[index]), startThread);
    }
    if (auto warps = parent->getAttrOfType<IntegerAttr>("ttg.num-warps"))
      return std::make_pair(int(warps.getInt()), 0);
  }
  return op->emitError("ttg.warp_id outside a module with ttg.num-warps");
}

/// The i32 constant `value` at the start of the region that isolates `op`
/// (its function, or its ttg.warp_specialize partition), made once there:
/// code in a region that is not isolated (a ttg.warp_specialize's default
/// region) shares the function's, as Triton 3.6's greedy rewriter hoists and
/// merges constants.
Value hoistedI32Constant(IRRewriter &b, Operation *op, int64_t value) {
  Region *region = op->getParentRegion();
  while (!region->getParentOp()->hasTrait<OpTrait::IsIsolatedFromAbove>())
    region = region->getParentOp()->getParentRegion();
  Block &entry = region->front();
  for (Operation &existing : entry) {
    auto constant = dyn_cast<LLVM::ConstantOp>(existing);
    if (!constant)
      break;
    auto attr = dyn_cast<IntegerAttr>(constant.getValue());
    if (attr && attr.getType().isInteger(32) && attr.getInt() == value)
      return constant;
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&entry);
  return i32Constant(b, op->getLoc(), value);
}

LogicalResult lowerWarpId(ttg::WarpIdOp op, IRRewriter &b) {
  FailureOr<std::pair<int, int>> context = getWarpContext(op);
  if (failed(context))
    return failure();
  Location loc = op.getLoc();
  b.setInsertionPoint(op);
  if (context->first == 1) {
    b.replaceOp(op, i32Constant(b, loc, 0));
    return success();
  }
  Value warpSize = hoistedI32Constant(b, op, 32);
  Value start =
      context->second ? i32Constant(b, loc, context->second) : Value();
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  if (start)
    tid = LLVM::SubOp::create(b, loc, tid, start);
  Value warp = LLVM::UDivOp::create(b, loc, tid, warpSize);
  // Lane 0's value on every lane: ptxas can tell the result is warp-uniform
  // and keeps branches on it non-divergent.
  // One operand a statement: argument evaluation order is the compiler's.
  Value clamp = i32Constant(b, loc, 0x1f);
  Value lane = i32Constant(b, loc, 0);
  Value members = i32Constant(b, loc, -1);
  Value uniform =
      NVVM::ShflOp::create(b, loc, b.getI32Type(), members, warp, lane, clamp,
                           NVVM::ShflKind::idx, UnitAttr());
  b.replaceOp(op, uniform);
  return success();
}

LogicalResult lowerLoadAcquire(ttn::LoadAcquireOp op, IRRewriter &b) {
  Location loc = op.getLoc();
  b.setInsertionPoint(op);
  Type type = op.getType();
  unsigned bits = std::max(16u, type.getIntOrFloatBitWidth());
  unsigned loadBits = std::max(8u, type.getIntOrFloatBitWidth());
  std::string reg = bits == 64 ? "l" : bits == 32 ? "r" : "h";
  std::string scope = op.getScope() == ttn::MemSyncScope::SYSTEM
                          ? "sys"
                          : ttn::stringifyMemSyncScope(op.getScope()).str();
  std::string sem = ttn::stringifyMemSemantic(op.getSem()).str();
  SmallVector<Value> operands = {op.getAddr()};
  std::string constraints = "=" + reg + ",l";
  std::string predicate;
  if (op.getMask()) {
    operands.push_back(op.getMask());
    constraints += ",b";
    predicate = "@$2 ";
  }
  // The register starts at 0, so a thread whose mask is false reads 0.
  std::string text =
      llvm::formatv("mov.u{0} $0, 0x0;\n\t{1}ld.global.{2}.{3}.b{4} $0, "
                    "[ $1 + 0 ];",
                    bits, predicate, scope, sem, loadBits)
          .str();
  Type regType = b.getIntegerType(bits);
  Value value = createAsm(b, loc, regType, operands, text, constraints,
                          /*sideEffects=*/true)
                    .getResult(0);
  unsigned valueBits = type.getIntOrFloatBitWidth();
  if (valueBits < bits)
    value = LLVM::TruncOp::create(b, loc, b.getIntegerType(valueBits), value);
  if (value.getType() != type)
    value = LLVM::BitcastOp::create(b, loc, type, value);
  b.replaceOp(op, value);
  return success();
}

/// A predicated inline asm statement with side effects and no result.
void emitPredicatedAsm(OpBuilder &b, Location loc, StringRef text,
                       StringRef constraints, ValueRange operands) {
  createAsm(b, loc, LLVM::LLVMVoidType::get(b.getContext()), operands, text,
            constraints, /*sideEffects=*/true);
}

/// Allocates the module's tensor memory in `kernel` and replaces `bases`
/// with its address.
LogicalResult
lowerTensorMemoryBase(ModuleOp module,
                      ArrayRef<ttn::TensorMemoryBaseAddress> bases,
                      IRRewriter &b) {
  Operation *first = bases.front();
  auto kernel = first->getParentOfType<LLVM::LLVMFuncOp>();
  for (ttn::TensorMemoryBaseAddress base : bases)
    if (base->getParentOfType<LLVM::LLVMFuncOp>() != kernel || !kernel)
      return base.emitError("nvg.tensor_memory_base outside the kernel "
                            "that holds the others is not supported yet");
  if (!kernel->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
    return first->emitError(
        "nvg.tensor_memory_base in a device function is not supported yet: "
        "only a kernel allocates tensor memory");
  auto sizeAttr = module->getAttrOfType<IntegerAttr>("ttg.tensor_memory_size");
  if (!sizeAttr || sizeAttr.getInt() <= 0)
    return first->emitError(
        "nvg.tensor_memory_base needs the module's ttg.tensor_memory_size "
        "(run -triton-tensor-memory-allocation first)");
  auto smem = module.lookupSymbol<LLVM::GlobalOp>("global_smem");
  if (!smem)
    return first->emitError(
        "nvg.tensor_memory_base needs @global_smem to receive the "
        "allocated address");
  int64_t size = sizeAttr.getInt();
  MLIRContext *context = module.getContext();
  Location loc = kernel.getLoc();
  auto tmemPtr = LLVM::LLVMPointerType::get(context, 6);
  b.setInsertionPointToStart(&kernel.front());
  Value address;
  if (size > 512) {
    // More columns than an SM has: the front end reports it; the kernel
    // traps rather than run with a wrong allocation.
    LLVM::Trap::create(b, loc);
    address = LLVM::UndefOp::create(b, loc, tmemPtr);
  } else {
    // Two CTAs share an allocation when the module runs two per cluster.
    int numCTAs = 1;
    if (auto ctas = module->getAttrOfType<IntegerAttr>("ttg.num-ctas"))
      numCTAs = ctas.getInt();
    std::string group = numCTAs == 2 ? "2" : "1";
    // The first warp allocates (tcgen05.alloc is warp-wide) and writes the
    // address to shared memory, where every thread reads it.
    Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
    Value pred = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, tid,
                                      i32Constant(b, loc, 32));
    Value shared = LLVM::AddressOfOp::create(b, loc, smem);
    emitPredicatedAsm(b, loc,
                      llvm::formatv("@$0 tcgen05.alloc.cta_group::{0}.sync."
                                    "aligned.shared::cta.b32 [$1], {1};",
                                    group, size)
                          .str(),
                      "b,r", {pred, shared});
    NVVM::Barrier0Op::create(b, loc);
    Value word = LLVM::LoadOp::create(b, loc, b.getI32Type(), shared);
    NVVM::Barrier0Op::create(b, loc);
    address = LLVM::IntToPtrOp::create(b, loc, tmemPtr, word);
    emitPredicatedAsm(b, loc,
                      llvm::formatv("@$0 tcgen05.relinquish_alloc_permit."
                                    "cta_group::{0}.sync.aligned;",
                                    group)
                          .str(),
                      "b", {pred});
    // Freed before every return, once every warp is done with it.
    kernel.walk([&](LLVM::ReturnOp ret) {
      b.setInsertionPoint(ret);
      NVVM::Barrier0Op::create(b, ret.getLoc());
      emitPredicatedAsm(b, ret.getLoc(),
                        llvm::formatv("@$0 tcgen05.dealloc.cta_group::{0}."
                                      "sync.aligned.b32 $1, {1};",
                                      group, size)
                            .str(),
                        "b,r", {pred, address});
    });
  }
  for (ttn::TensorMemoryBaseAddress base : bases)
    b.replaceOp(base, address);
  return success();
}

struct ConvertNVGPUToLLVMPass
    : triton::impl::ConvertNVGPUToLLVMBase<ConvertNVGPUToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> ops;
    SmallVector<ttn::TensorMemoryBaseAddress> bases;
    module.walk([&](Operation *op) {
      if (auto base = dyn_cast<ttn::TensorMemoryBaseAddress>(op))
        bases.push_back(base);
      else if (isa_and_nonnull<ttn::NVGPUDialect>(op->getDialect()) ||
               isa<ttg::WarpIdOp>(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops) {
      LogicalResult result =
          llvm::TypeSwitch<Operation *, LogicalResult>(op)
              .Case([&](ttn::WGMMAOp op) { return lowerWGMMA(op, rewriter); })
              .Case([&](ttn::WGMMAWaitGroupOp op) {
                return lowerWaitGroup(op, rewriter);
              })
              .Case([&](ttg::WarpIdOp op) { return lowerWarpId(op, rewriter); })
              .Case([&](ttn::ClusterCTAIdOp op) {
                rewriter.setInsertionPoint(op);
                rewriter.replaceOpWithNewOp<NVVM::ClusterId>(
                    op, rewriter.getI32Type());
                return success();
              })
              .Case([&](ttn::LoadAcquireOp op) {
                return lowerLoadAcquire(op, rewriter);
              })
              .Default([](Operation *op) {
                return op->emitError()
                       << op->getName() << " is not supported yet by "
                       << "-convert-nv-gpu-to-llvm";
              });
      if (failed(result))
        return signalPassFailure();
    }
    if (!bases.empty() &&
        failed(lowerTensorMemoryBase(module, bases, rewriter)))
      return signalPassFailure();
  }
};

} // namespace
