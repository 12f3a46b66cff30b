//===- FuncOpToLLVM.cpp - Functions, returns and calls --------------------===//
//
// A tt.func becomes an llvm.func whose parameters are the converted
// parameters followed by two `!llvm.ptr<1>`: the global scratch and profile
// scratch pointers of Triton 3.6's kernel ABI. Device functions get them too:
// a call passes the caller's global scratch from the offset the global
// scratch allocation gave the call on (the callee's scratch is part of the
// caller's), and the caller's profile scratch. A device function also takes, before those, the base of
// its shared memory (`!llvm.ptr<3>`): the caller's base plus the offset the
// allocation gave the call (the callee's memory is the call's scratch), as
// Triton 3.6 passes it. Public functions returning nothing are kernels.
//
//===----------------------------------------------------------------------===//

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/TMA.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

/// Whether `op` becomes a kernel: a public function returning nothing (PTX
/// entries cannot return).
bool isKernelFunc(FuncOp op) {
  return op.isPublic() && op.getFunctionType().getNumResults() == 0;
}

/// The LLVM result type of a function returning `results`: void, the one
/// converted type, or a struct of them.
Type getPackedResultType(const TypeConverter &converter, TypeRange results) {
  MLIRContext *context =
      &static_cast<const LLVMTypeConverter &>(converter).getContext();
  if (results.empty())
    return LLVM::LLVMVoidType::get(context);
  SmallVector<Type> converted;
  for (Type type : results)
    converted.push_back(converter.convertType(type));
  if (converted.size() == 1)
    return converted.front();
  return LLVM::LLVMStructType::getLiteral(context, converted);
}

/// Triton's spelling of a parameter type in a kernel signature (`*fp32`,
/// `i32`, `fp16`, ...); empty for types a signature cannot hold.
std::string spellSignatureType(Type type) {
  if (auto pointer = dyn_cast<PointerType>(type)) {
    std::string pointee = spellSignatureType(pointer.getPointeeType());
    return pointee.empty() ? "" : "*" + pointee;
  }
  if (auto integer = dyn_cast<IntegerType>(type))
    return (integer.isUnsigned() ? "u" : "i") +
           std::to_string(integer.getWidth());
  if (type.isF16())
    return "fp16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "fp32";
  if (type.isF64())
    return "fp64";
  // A TMA descriptor, passed by value (Triton's launcher spelling).
  if (isa<TensorDescType>(type))
    return "nvTmaDesc";
  if (isa<Float8E4M3FNType>(type))
    return "fp8e4nv";
  if (isa<Float8E5M2Type>(type))
    return "fp8e5";
  if (isa<Float8E4M3FNUZType>(type))
    return "fp8e4b8";
  if (isa<Float8E5M2FNUZType>(type))
    return "fp8e5b16";
  return "";
}

/// The parameter attribute marking a pointer parameter as a host-made TMA
/// descriptor passed by value (Triton's spelling, value 1).
constexpr StringLiteral kNvTmaDescAttr = "tt.nv_tma_desc";

/// Whether kernel parameter `i` of `op` is a TMA descriptor passed by value:
/// a tensor descriptor, or a pointer marked `tt.nv_tma_desc = 1`.
bool isByValueTMADescriptor(FuncOp op, unsigned i) {
  if (isa<TensorDescType>(op.getFunctionType().getInput(i)))
    return true;
  auto mark = op.getArgAttrOfType<IntegerAttr>(i, kNvTmaDescAttr);
  return mark && mark.getInt() == 1;
}

/// A kernel's tensor-descriptor parameters are 128-byte TMA descriptors
/// passed by value and kept in parameter space (grid constants), their
/// address the descriptor; `tt.tensordesc_meta` tells the launcher how to
/// encode each (Triton 3.6's launch metadata). Pointers marked
/// `tt.nv_tma_desc` are passed alike (the launcher copies the descriptor
/// they point to); their block is unknown, so they have no metadata.
void markTensorDescriptorParams(LLVM::LLVMFuncOp func, FuncOp op) {
  MLIRContext *context = func.getContext();
  Builder b(context);
  auto bytes = LLVM::LLVMArrayType::get(IntegerType::get(context, 8), 128);
  SmallVector<Attribute> metas;
  for (auto [i, input] : llvm::enumerate(op.getFunctionType().getInputs())) {
    if (!isByValueTMADescriptor(op, i))
      continue;
    func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(bytes));
    func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                    b.getI64IntegerAttr(64));
    func.setArgAttr(i, "nvvm.grid_constant", b.getUnitAttr());
    auto desc = dyn_cast<TensorDescType>(input);
    if (!desc)
      continue;
    RankedTensorType block = desc.getBlockType();
    std::optional<int> dataType =
        nvidia_gpu::getTMADataType(block.getElementType());
    if (!dataType || (!nvidia_gpu::getTMAEncoding(block) &&
                      !nvidia_gpu::isUnswizzledRowMajor(block.getEncoding(),
                                                        block.getRank())))
      continue;
    // Multicast loads move a share of the box (getTMABoxShape).
    SmallVector<int64_t> box =
        nvidia_gpu::getTMABoxShape(block, nvidia_gpu::isTMAMulticastModule(op));
    metas.push_back(b.getDictionaryAttr({
        b.getNamedAttr("swizzle", b.getI64IntegerAttr(
                                      nvidia_gpu::getTMASwizzleMode(
                                          block.getEncoding()))),
        b.getNamedAttr("elem_size",
                       b.getI64IntegerAttr(block.getElementTypeBitWidth() / 8)),
        b.getNamedAttr("elem_type", b.getI64IntegerAttr(*dataType)),
        b.getNamedAttr("block_size", b.getI64ArrayAttr(box)),
        b.getNamedAttr("fp4_padded", b.getBoolAttr(false)),
    }));
  }
  func->setAttr("tt.tensordesc_meta", b.getArrayAttr(metas));
}

struct FuncOpPattern : ConvertOpToLLVMPattern<FuncOp> {
  FuncOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target,
                int numThreads)
      : ConvertOpToLLVMPattern(converter), target(target),
        numThreads(numThreads) {}

  LogicalResult
  matchAndRewrite(FuncOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    MLIRContext *context = op.getContext();
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [i, input] : llvm::enumerate(type.getInputs())) {
      Type converted = converter.convertType(input);
      if (!converted)
        return op.emitError() << "parameter type " << input
                              << " has no LLVM form in this lowering";
      signature.addInputs(i, converted);
    }
    // A kernel is a public function returning nothing.
    bool isKernel = isKernelFunc(op);
    if (!isKernel)
      signature.addInputs(LLVM::LLVMPointerType::get(context, 3));
    auto globalPtr = LLVM::LLVMPointerType::get(context, 1);
    signature.addInputs(SmallVector<Type>(kKernelExtraParams, globalPtr));
    Type resultType = getPackedResultType(converter, type.getResults());
    if (!resultType)
      return op.emitError("a result type has no LLVM form in this lowering");
    auto llvmType =
        LLVM::LLVMFunctionType::get(resultType, signature.getConvertedTypes());

    // A descriptor passed by value lives in parameter space: only a kernel
    // has one, and its address is a generic pointer.
    for (unsigned i = 0; i < type.getNumInputs(); ++i) {
      if (!op.getArgAttr(i, kNvTmaDescAttr) ||
          isa<TensorDescType>(type.getInput(i)))
        continue;
      auto pointer = dyn_cast<PointerType>(type.getInput(i));
      if (!isByValueTMADescriptor(op, i) || !pointer ||
          pointer.getAddressSpace() != 0)
        return op.emitError()
               << "parameter " << i << ": " << kNvTmaDescAttr
               << " = 1 needs a pointer in address space 0 (!tt.ptr<i8, 0>)";
      if (!isKernel)
        return op.emitError()
               << "parameter " << i << ": " << kNvTmaDescAttr
               << " (a TMA descriptor passed by value) is only for kernels";
    }
    auto linkage = isKernel ? LLVM::Linkage::External : LLVM::Linkage::Internal;
    auto func = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getName(),
                                         llvmType, linkage);
    // Argument attributes Triton's frontend sets are facts for analyses, not
    // LLVM attributes; they are dropped here.
    // Device functions stay functions, as in Triton 3.6: make_ttir's inliner
    // has already inlined every call it may, so what is left was asked to be
    // a call (noinline = true) or is IR written with functions to keep.
    if (!isKernel)
      func.setNoInline(true);
    if (isKernel) {
      target.markKernel(func, numThreads);
      markTensorDescriptorParams(func, op);
      // The launch metadata's `params`: LLVM pointers forget their pointee.
      SmallVector<Attribute> params;
      for (auto [i, input] : llvm::enumerate(type.getInputs())) {
        std::string spelled = isByValueTMADescriptor(op, i)
                                  ? "nvTmaDesc"
                                  : spellSignatureType(input);
        if (spelled.empty()) {
          params.clear();
          break;
        }
        params.push_back(rewriter.getStringAttr(spelled));
      }
      if (params.size() == type.getNumInputs())
        func->setAttr("tt.params", rewriter.getArrayAttr(params));
    }
    if (op.isExternal()) {
      rewriter.eraseOp(op);
      return success();
    }
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(), converter,
                                           &signature)))
      return op.emitError(
          "the function body's block arguments have no LLVM form");
    rewriter.eraseOp(op);
    return success();
  }

  const TargetInfoBase &target;
  int numThreads;
};

struct ReturnOpPattern : ConvertOpToLLVMPattern<ReturnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ValueRange values = adaptor.getSrcs();
    if (values.size() <= 1) {
      rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, values);
      return success();
    }
    Type packedType =
        getPackedResultType(*getTypeConverter(), op.getSrcs().getTypes());
    Value packed = LLVM::UndefOp::create(rewriter, op.getLoc(), packedType);
    for (auto [i, value] : llvm::enumerate(values))
      packed =
          LLVM::InsertValueOp::create(rewriter, op.getLoc(), packed, value, i);
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, packed);
    return success();
  }
};

struct CallOpPattern : ConvertOpToLLVMPattern<CallOp> {
  CallOpPattern(LLVMTypeConverter &converter, const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}
  LogicalResult
  matchAndRewrite(CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto caller = op->getParentOfType<LLVM::LLVMFuncOp>();
    if (!caller || caller.getNumArguments() < kKernelExtraParams)
      return rewriter.notifyMatchFailure(op, "the caller is not converted yet");
    SmallVector<Value> operands(adaptor.getOperands());
    // A device function's memory is the call's scratch, at the caller's
    // base plus the call's offset (0 when the callee needs none).
    Operation *callee =
        SymbolTable::lookupNearestSymbolFrom(op, op.getCalleeAttr());
    bool calleeIsKernel = false;
    if (auto func = dyn_cast_or_null<FuncOp>(callee))
      calleeIsKernel = isKernelFunc(func);
    else if (auto func = dyn_cast_or_null<LLVM::LLVMFuncOp>(callee))
      calleeIsKernel = !isDeviceFunction(func);
    if (!calleeIsKernel)
      operands.push_back(getSharedMemoryBase(
          rewriter, op.getLoc(), getAllocationOffset(op).value_or(0)));
    // A callee needing global scratch gets the caller's, from the call's
    // offset in it on (the allocation's `ttg.global_scratch_memory_offset`);
    // another gets the caller's pointer as it is, unused.
    unsigned numArgs = caller.getNumArguments();
    if (auto offset =
            op->getAttrOfType<IntegerAttr>("ttg.global_scratch_memory_offset"))
      operands.push_back(getGlobalScratchPtr(rewriter, op.getLoc(), target,
                                             offset.getInt()));
    else
      operands.push_back(caller.getArgument(numArgs - 2));
    operands.push_back(caller.getArgument(numArgs - 1));
    Type resultType =
        getPackedResultType(*getTypeConverter(), op.getResultTypes());
    auto call = LLVM::CallOp::create(rewriter, op.getLoc(),
                                     isa<LLVM::LLVMVoidType>(resultType)
                                         ? TypeRange()
                                         : TypeRange(resultType),
                                     op.getCalleeAttr(), operands);
    if (op.getNumResults() <= 1) {
      rewriter.replaceOp(op, call.getResults());
      return success();
    }
    SmallVector<Value> results;
    for (unsigned i = 0; i < op.getNumResults(); ++i)
      results.push_back(LLVM::ExtractValueOp::create(rewriter, op.getLoc(),
                                                     call.getResult(), i));
    rewriter.replaceOp(op, results);
    return success();
  }

  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::populateFuncOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target, int numThreads) {
  patterns.add<FuncOpPattern>(converter, target, numThreads);
  patterns.add<ReturnOpPattern>(converter);
  patterns.add<CallOpPattern>(converter, target);
}
