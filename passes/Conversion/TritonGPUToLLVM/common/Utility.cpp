//===- Utility.cpp - Helpers of the TTGIR to LLVM lowering ----------------===//

#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/WarpSpecializeUtility.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/Membar.h"

#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

namespace {
thread_local bool forwardPackedElements = false;

/// The struct built of undef and `elements` inserted in order, at `b`'s
/// insertion point.
Value buildInsertChain(OpBuilder &b, Location loc,
                       LLVM::LLVMStructType structType, ValueRange elements) {
  Value result = LLVM::UndefOp::create(b, loc, structType);
  for (auto [i, element] : llvm::enumerate(elements))
    result = LLVM::InsertValueOp::create(b, loc, result, element, i);
  return result;
}

/// The elements of a struct whose every field an insertvalue chain sets (the
/// last insert into a field wins, as an extract would see), else none.
std::optional<SmallVector<Value>> forwardInsertChain(Value value,
                                                     unsigned size) {
  SmallVector<Value> elements(size);
  unsigned known = 0;
  while (known < size) {
    auto insert = value.getDefiningOp<LLVM::InsertValueOp>();
    if (!insert || insert.getPosition().size() != 1)
      return std::nullopt;
    Value &element = elements[insert.getPosition().front()];
    if (!element) {
      element = insert.getValue();
      ++known;
    }
    value = insert.getContainer();
  }
  return elements;
}
} // namespace

ForwardPackedElements::ForwardPackedElements(bool enabled)
    : previous(forwardPackedElements) {
  forwardPackedElements = enabled;
}

ForwardPackedElements::~ForwardPackedElements() {
  forwardPackedElements = previous;
}

bool mlir::triton::isPackedElements(UnrealizedConversionCastOp cast) {
  return cast->hasAttr(kPackedElementsAttrName);
}

void mlir::triton::materializePackedElements(Operation *root) {
  SmallVector<UnrealizedConversionCastOp> placeholders;
  root->walk([&](UnrealizedConversionCastOp cast) {
    if (isPackedElements(cast))
      placeholders.push_back(cast);
  });
  // A placeholder may hold another's struct (a struct of structs): the
  // readers go first, so that a placeholder only they read is dead by then.
  for (UnrealizedConversionCastOp placeholder : llvm::reverse(placeholders)) {
    Value packed = placeholder.getResult(0);
    if (!packed.use_empty()) {
      OpBuilder b(placeholder);
      packed.replaceAllUsesWith(buildInsertChain(
          b, placeholder.getLoc(), cast<LLVM::LLVMStructType>(packed.getType()),
          placeholder.getInputs()));
    }
    placeholder.erase();
  }
}

SmallVector<Value> mlir::triton::unpackLLElements(Location loc, Value value,
                                                  OpBuilder &b) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(value.getType());
  if (!structType)
    return {value};
  unsigned size = structType.getBody().size();
  if (forwardPackedElements) {
    if (auto cast = value.getDefiningOp<UnrealizedConversionCastOp>())
      if (isPackedElements(cast))
        return llvm::to_vector(cast.getInputs());
    if (std::optional<SmallVector<Value>> elements =
            forwardInsertChain(value, size))
      return std::move(*elements);
  }
  SmallVector<Value> elements;
  for (unsigned i = 0; i < size; ++i)
    elements.push_back(LLVM::ExtractValueOp::create(b, loc, value, i));
  return elements;
}

Value mlir::triton::packLLElements(Location loc, const TypeConverter *converter,
                                   ValueRange elements, OpBuilder &b,
                                   Type type) {
  Type llvmType = converter->convertType(type);
  auto structType = dyn_cast<LLVM::LLVMStructType>(llvmType);
  if (!structType) {
    assert(elements.size() == 1 && "a scalar packs one element");
    return elements.front();
  }
  assert(structType.getBody().size() == elements.size() &&
         "element count mismatch");
  if (!forwardPackedElements)
    return buildInsertChain(b, loc, structType, elements);
  auto cast = UnrealizedConversionCastOp::create(b, loc, structType, elements);
  cast->setAttr(kPackedElementsAttrName, b.getUnitAttr());
  return cast.getResult(0);
}

Value mlir::triton::createIntConstant(OpBuilder &b, Location loc, Type type,
                                      int64_t value) {
  return LLVM::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, value));
}

Value mlir::triton::createI32Constant(OpBuilder &b, Location loc,
                                      int64_t value) {
  return createIntConstant(b, loc, b.getI32Type(), value);
}

Value mlir::triton::createI1Constant(OpBuilder &b, Location loc, bool value) {
  return createIntConstant(b, loc, b.getI1Type(), value);
}

Value mlir::triton::createFloatConstant(OpBuilder &b, Location loc, Type type,
                                        double value) {
  return LLVM::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
}

Value mlir::triton::createZero(OpBuilder &b, Location loc, Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::ZeroOp::create(b, loc, type);
  if (isa<FloatType>(type))
    return createFloatConstant(b, loc, type, 0.0);
  return createIntConstant(b, loc, type, 0);
}

bool mlir::triton::isZeroConstant(Value value) {
  return matchPattern(value, m_Zero()) || matchPattern(value, m_PosZeroFloat());
}

LaneAndWarp mlir::triton::getLaneAndWarp(OpBuilder &b, Location loc,
                                         const TargetInfoBase &target) {
  Value tid = target.getThreadId(b, loc);
  int warpSize = target.getWarpSize();
  Value lane =
      LLVM::URemOp::create(b, loc, tid, createI32Constant(b, loc, warpSize));
  // Plain arithmetic on the thread id (no warp-uniform shuffle): it stays
  // free of side effects, so LLVM hoists it out of loops and shares it.
  Value warp =
      LLVM::UDivOp::create(b, loc, tid, createI32Constant(b, loc, warpSize));
  return {lane, warp, target.getClusterCTAId(b, loc)};
}

Value mlir::triton::getUniformWarpId(OpBuilder &b, Location loc,
                                     const TargetInfoBase &target) {
  Block *entry = &b.getInsertionBlock()
                      ->getParent()
                      ->getParentOfType<FunctionOpInterface>()
                      ->getRegion(0)
                      .front();
  // A partition of a ttg.warp_specialize has warps of its own: its warp id
  // is made at its entry.
  if (Block *partition = getPartitionEntry(b.getInsertionBlock()))
    entry = partition;
  constexpr StringLiteral kMarker = "tt.uniform_warp_id";
  for (Operation &op : *entry)
    if (op.hasAttr(kMarker))
      return op.getResult(0);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entry);
  LaneAndWarp thread = getLaneAndWarp(b, loc, target);
  Value warp =
      target.shuffleIdx(b, loc, thread.warp, createI32Constant(b, loc, 0));
  warp.getDefiningOp()->setAttr(kMarker, b.getUnitAttr());
  return warp;
}

/// Adds to `terms` the contribution of the bits of `index` whose bases are
/// `bases`, along output dimension `dim`: runs of bits whose bases are
/// consecutive powers of two become one shift-and-mask.
static void addThreadTerms(OpBuilder &b, Location loc, Value index,
                           ArrayRef<LinearLayout::Basis> bases, unsigned dim,
                           SmallVectorImpl<Value> &terms) {
  unsigned bit = 0;
  while (bit < bases.size()) {
    int32_t start = bases[bit][dim];
    if (start == 0) {
      ++bit;
      continue;
    }
    unsigned end = bit + 1;
    if (llvm::isPowerOf2_32(start))
      while (end < bases.size() && bases[end][dim] == (start << (end - bit)))
        ++end;
    unsigned length = end - bit;
    Value term = index;
    if (bit != 0)
      term = LLVM::LShrOp::create(b, loc, term, createI32Constant(b, loc, bit));
    term = LLVM::AndOp::create(b, loc, term,
                               createI32Constant(b, loc, (1 << length) - 1));
    if (llvm::isPowerOf2_32(start)) {
      unsigned shift = llvm::Log2_32(start);
      if (shift != 0)
        term =
            LLVM::ShlOp::create(b, loc, term, createI32Constant(b, loc, shift));
    } else {
      term =
          LLVM::MulOp::create(b, loc, term, createI32Constant(b, loc, start));
    }
    terms.push_back(term);
    bit = end;
  }
}

SmallVector<Value> mlir::triton::emitThreadPart(OpBuilder &b, Location loc,
                                                const LinearLayout &layout,
                                                LaneAndWarp thread) {
  unsigned rank = layout.getOutDims().size();
  SmallVector<Value> coords;
  for (unsigned d = 0; d < rank; ++d) {
    SmallVector<Value> terms;
    if (layout.hasInDim("lane"))
      addThreadTerms(b, loc, thread.lane, layout.getBases("lane"), d, terms);
    if (layout.hasInDim("warp"))
      addThreadTerms(b, loc, thread.warp, layout.getBases("warp"), d, terms);
    if (thread.block && layout.hasInDim("block"))
      addThreadTerms(b, loc, thread.block, layout.getBases("block"), d, terms);
    Value coord = createI32Constant(b, loc, 0);
    for (auto [i, term] : llvm::enumerate(terms))
      coord =
          i == 0 ? term : LLVM::XOrOp::create(b, loc, coord, term).getResult();
    coords.push_back(coord);
  }
  return coords;
}

SmallVector<SmallVector<Value>>
mlir::triton::emitIndices(OpBuilder &b, Location loc,
                          const LinearLayout &layout, LaneAndWarp thread) {
  SmallVector<Value> threadPart = emitThreadPart(b, loc, layout, thread);
  SmallVector<SmallVector<int32_t>> regPart = getRegisterPart(layout);
  SmallVector<SmallVector<Value>> result;
  for (const SmallVector<int32_t> &reg : regPart) {
    SmallVector<Value> coords;
    for (auto [d, constant] : llvm::enumerate(reg)) {
      // The lowering's layouts put registers and threads on disjoint bits,
      // so xor is an or; LLVM proves it from the thread id's range.
      coords.push_back(constant == 0 ? threadPart[d]
                                     : LLVM::XOrOp::create(
                                           b, loc, threadPart[d],
                                           createI32Constant(b, loc, constant))
                                           .getResult());
    }
    result.push_back(std::move(coords));
  }
  return result;
}

Value mlir::triton::bitcastToInt(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (isa<IntegerType>(type))
    return value;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), value);
  unsigned width = type.getIntOrFloatBitWidth();
  return LLVM::BitcastOp::create(b, loc, b.getIntegerType(width), value);
}

static Value bitcastFromInt(OpBuilder &b, Location loc, Value value,
                            Type type) {
  if (value.getType() == type)
    return value;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(b, loc, type, value);
  return LLVM::BitcastOp::create(b, loc, type, value);
}

/// `value` (8 to 64 bits, any type) through `shuffle32`, a warp shuffle of
/// one i32: narrower values widened, 64-bit ones in two halves.
static Value shuffleAnyWidth(OpBuilder &b, Location loc, Value value,
                             llvm::function_ref<Value(Value)> shuffle32) {
  Type type = value.getType();
  Value bits = bitcastToInt(b, loc, value);
  unsigned width = cast<IntegerType>(bits.getType()).getWidth();
  Type i32 = b.getI32Type();
  if (width == 32)
    return bitcastFromInt(b, loc, shuffle32(bits), type);
  if (width < 32) {
    Value wide = LLVM::ZExtOp::create(b, loc, i32, bits);
    Value narrow =
        LLVM::TruncOp::create(b, loc, bits.getType(), shuffle32(wide));
    return bitcastFromInt(b, loc, narrow, type);
  }
  assert(width == 64 && "shuffles of 8 to 64 bits");
  Type i64 = b.getI64Type();
  Value low = LLVM::TruncOp::create(b, loc, i32, bits);
  Value high = LLVM::TruncOp::create(
      b, loc, i32,
      LLVM::LShrOp::create(b, loc, bits, createIntConstant(b, loc, i64, 32)));
  low = LLVM::ZExtOp::create(b, loc, i64, shuffle32(low));
  high = LLVM::ZExtOp::create(b, loc, i64, shuffle32(high));
  Value joined = LLVM::OrOp::create(
      b, loc, low,
      LLVM::ShlOp::create(b, loc, high, createIntConstant(b, loc, i64, 32)));
  return bitcastFromInt(b, loc, joined, type);
}

Value mlir::triton::shuffleXorAny(OpBuilder &b, Location loc,
                                  const TargetInfoBase &target, Value value,
                                  int mask) {
  return shuffleAnyWidth(b, loc, value, [&](Value word) {
    return target.shuffleXor(b, loc, word, mask);
  });
}

Value mlir::triton::shuffleIdxAny(OpBuilder &b, Location loc,
                                  const TargetInfoBase &target, Value value,
                                  Value lane) {
  return shuffleAnyWidth(b, loc, value, [&](Value word) {
    return target.shuffleIdx(b, loc, word, lane);
  });
}

Value mlir::triton::shuffleUpAny(OpBuilder &b, Location loc,
                                 const TargetInfoBase &target, Value value,
                                 int delta, int width) {
  return shuffleAnyWidth(b, loc, value, [&](Value word) {
    return target.shuffleUp(b, loc, word, delta, width);
  });
}

Value TargetInfoBase::shuffleUp(OpBuilder &b, Location loc, Value value,
                                int delta, int width) const {
  Value laneMask = createI32Constant(b, loc, getWarpSize() - 1);
  Value lane = LLVM::AndOp::create(b, loc, getThreadId(b, loc), laneMask);
  Value start = LLVM::AndOp::create(b, loc, lane,
                                    createI32Constant(b, loc, ~(width - 1)));
  Value below =
      LLVM::SubOp::create(b, loc, lane, createI32Constant(b, loc, delta));
  Value inside =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::sge, below, start);
  Value source = LLVM::SelectOp::create(b, loc, inside, below, lane);
  return shuffleIdx(b, loc, value, source);
}

std::optional<int64_t> mlir::triton::getAllocationOffset(Operation *op) {
  if (auto offset = op->getAttrOfType<IntegerAttr>("allocation.offset"))
    return offset.getInt();
  return std::nullopt;
}

bool mlir::triton::isDeviceFunction(LLVM::LLVMFuncOp func) {
  return func.getLinkage() == LLVM::Linkage::Internal &&
         func.getNumArguments() >= kDeviceFunctionExtraParams;
}

Value mlir::triton::getSharedMemoryBase(OpBuilder &b, Location loc,
                                        int64_t offset) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  // A device function's memory starts where its caller placed it: the base
  // it was given (the first of its trailing parameters). A kernel's starts at
  // @global_smem.
  Value base;
  if (Block *block = b.getInsertionBlock()) {
    Operation *parent = block->getParentOp();
    auto func = dyn_cast_or_null<LLVM::LLVMFuncOp>(parent);
    if (!func && parent)
      func = parent->getParentOfType<LLVM::LLVMFuncOp>();
    if (func && isDeviceFunction(func) && !func.getBody().empty())
      base = func.getArgument(func.getNumArguments() -
                              kDeviceFunctionExtraParams);
  }
  if (!base)
    base = LLVM::AddressOfOp::create(b, loc, ptrType, kGlobalSharedMemoryName);
  // Offset 0 too, as Triton writes it (LLVM folds it away).
  return LLVM::GEPOp::create(
      b, loc, ptrType, b.getI8Type(), base,
      ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)});
}

Value mlir::triton::emitProgramLeaderPredicate(OpBuilder &b, Location loc,
                                               const TargetInfoBase &target) {
  Value zero = createI32Constant(b, loc, 0);
  Value leader = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                      target.getThreadId(b, loc), zero);
  if (Value block = target.getClusterCTAId(b, loc))
    leader = LLVM::AndOp::create(
        b, loc, leader,
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, block, zero));
  return leader;
}

Value mlir::triton::emitStoreOwnerPredicate(OpBuilder &b, Location loc,
                                            const LinearLayout &layout,
                                            const TargetInfoBase &target) {
  // A lane, warp or (in a cluster) CTA bit whose basis is zero moves to a
  // thread holding the same elements: the owner is the thread with all such
  // bits clear.
  Value predicate;
  LaneAndWarp thread;
  for (StringRef dim : {"lane", "warp", "block"}) {
    if (!layout.hasInDim(dim))
      continue;
    int32_t repeated = 0;
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(dim)))
      if (llvm::all_of(basis, [](int32_t v) { return v == 0; }))
        repeated |= 1 << bit;
    if (!repeated)
      continue;
    if (!thread.lane)
      thread = getLaneAndWarp(b, loc, target);
    Value index = dim == "lane"   ? thread.lane
                  : dim == "warp" ? thread.warp
                                  : thread.block;
    // One CTA per program: its block bases, if any, repeat nothing.
    if (!index)
      continue;
    Value bits =
        LLVM::AndOp::create(b, loc, index, createI32Constant(b, loc, repeated));
    Value isOwner = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                                         createI32Constant(b, loc, 0));
    predicate =
        predicate ? LLVM::AndOp::create(b, loc, predicate, isOwner).getResult()
                  : isOwner;
  }
  return predicate;
}

llvm::BitVector mlir::triton::getRepeatedRegisters(const LinearLayout &layout) {
  int count = 1;
  int32_t zeroBits = 0;
  if (layout.hasInDim("register")) {
    ArrayRef<LinearLayout::Basis> bases = layout.getBases("register");
    count = 1 << bases.size();
    for (auto [bit, basis] : llvm::enumerate(bases))
      if (llvm::all_of(basis, [](int32_t v) { return v == 0; }))
        zeroBits |= 1 << bit;
  }
  llvm::BitVector repeated(count);
  for (int r = 0; r < count; ++r)
    if (r & zeroBits)
      repeated.set(r);
  return repeated;
}

void mlir::triton::declareGlobalSharedMemory(ModuleOp module) {
  if (module.lookupSymbol(kGlobalSharedMemoryName))
    return;
  OpBuilder b(module.getBodyRegion());
  auto arrayType = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
  LLVM::GlobalOp::create(b, module.getLoc(), arrayType, /*isConstant=*/false,
                         LLVM::Linkage::External, kGlobalSharedMemoryName,
                         /*value=*/Attribute(), /*alignment=*/16,
                         /*addrSpace=*/3);
}

LogicalResult mlir::triton::insertBarriersAndLowerSCF(ModuleOp module) {
  if (module->hasAttr("ttg.shared")) {
    FailureOr<ModuleAllocation> allocation = ModuleAllocation::get(module);
    if (failed(allocation))
      return failure();
    insertSharedMemoryBarriers(module, *allocation);
  }
  MLIRContext *context = module.getContext();
  RewritePatternSet patterns(context);
  populateSCFToControlFlowConversionPatterns(patterns);
  // arith's rounding divisions (3.6's loop fusion writes ceildivsi for trip
  // counts) have no LLVM lowering of their own: expanded to plain arith.
  arith::populateCeilFloorDivExpandOpsPatterns(patterns);
  ConversionTarget target(*context);
  target.addIllegalDialect<scf::SCFDialect>();
  target.addIllegalOp<arith::CeilDivSIOp, arith::CeilDivUIOp,
                      arith::FloorDivSIOp>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(module, target, std::move(patterns));
}

int mlir::triton::getModuleIntAttr(ModuleOp module, StringRef name,
                                   int fallback) {
  if (auto attr = module->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return fallback;
}

LogicalResult mlir::triton::checkModuleLowerable(ModuleOp module,
                                                 int threadsPerWarp,
                                                 const Twine &mismatch,
                                                 bool clusters) {
  if (!module->hasAttr(triton::gpu::kNumWarpsAttrName))
    return module.emitError(
        "the module has no ttg.num-warps: lower TTIR to TTGIR first "
        "(-convert-triton-to-tritongpu)");
  int threads = getModuleIntAttr(module, triton::gpu::kThreadsPerWarpAttrName,
                                 threadsPerWarp);
  if (threads != threadsPerWarp)
    return module.emitError()
           << "ttg.threads-per-warp = " << threads << " " << mismatch;
  if (!clusters &&
      getModuleIntAttr(module, triton::gpu::kNumCTAsAttrName, 1) != 1)
    return module.emitError(
        "lowering a module with ttg.num-ctas > 1 (CTA clusters) is not "
        "supported yet");
  // No target lowers block-scaled dots directly: make_ttgir decomposes them
  // on TTIR. Say so rather than fail to legalize.
  WalkResult scaled = module.walk([](triton::DotScaledOp op) {
    op.emitError(
        "tt.dot_scaled has no LLVM lowering: decompose it on the TTIR first "
        "(-triton-decompose-dot-scaled, which make_ttgir runs)");
    return WalkResult::interrupt();
  });
  return failure(scaled.wasInterrupted());
}

LogicalResult
mlir::triton::checkSharedMemoryFits(ModuleOp module,
                                    const TargetInfoBase &targetInfo) {
  int64_t shared = getModuleIntAttr(module, "ttg.shared", 0);
  int64_t limit = targetInfo.getMaxSharedMemoryPerBlock();
  if (shared <= limit)
    return success();
  return module.emitError()
         << "out of resource: shared memory, required " << shared
         << " bytes, the " << targetInfo.getArchName() << " limit per block is "
         << limit << " (fewer stages or smaller blocks need less)";
}

SmallVector<Value> mlir::triton::createInlineAsm(
    OpBuilder &b, Location loc, TypeRange resultTypes, ValueRange operands,
    StringRef text, StringRef constraints, bool hasSideEffects,
    bool withOperandAttrs) {
  MLIRContext *context = b.getContext();
  Type resultType;
  if (resultTypes.size() == 1)
    resultType = resultTypes.front();
  else if (resultTypes.size() > 1)
    resultType =
        LLVM::LLVMStructType::getLiteral(context, llvm::to_vector(resultTypes));
  auto op = LLVM::InlineAsmOp::create(
      b, loc, resultType ? TypeRange(resultType) : TypeRange(), operands,
      b.getStringAttr(text), b.getStringAttr(constraints),
      hasSideEffects ? b.getUnitAttr() : UnitAttr(),
      /*is_align_stack=*/UnitAttr(),
      LLVM::TailCallKindAttr::get(context, LLVM::TailCallKind::None),
      LLVM::AsmDialectAttr::get(context, LLVM::AsmDialect::AD_ATT),
      withOperandAttrs ? b.getArrayAttr({}) : ArrayAttr());
  SmallVector<Value> results;
  if (resultTypes.size() == 1)
    results.push_back(op.getResult(0));
  else
    for (unsigned i = 0; i < resultTypes.size(); ++i)
      results.push_back(
          LLVM::ExtractValueOp::create(b, loc, op.getResult(0), i));
  return results;
}
