//===- BuiltinFuncToLLVM.cpp - Triton's __triton_hip_* helpers inlined ----===//
//
// Triton's HIP library (and kernels through tt.extern_elementwise) call
// helpers named `__triton_hip_*` that have no body anywhere: they stand for
// short LLVM sequences which the backend writes in place of each call, after
// the rest of make_llir. Each helper is replaced by its sequence; the
// declaration goes once nothing calls it. A call of an unknown
// `__triton_hip_*` name is a located error (no library defines it, so it
// would fail at link time instead). Then, as 3.6, the module goes through
// the greedy rewrite driver (folding, dead code, constants merged, regions
// simplified).
//
//   iabs(x)           llvm.intr.abs(x) (INT_MIN stays INT_MIN)
//   fabs(x)           llvm.intr.fabs(x)
//   llrint(x)         fptosi(llvm.intr.rint(x))
//   fast_fdividef(a,b) a * llvm.amdgcn.rcp.f32(b)
//   fast_expf(x)      exp2(x * log2 e): llvm.amdgcn.exp2.f32 with ftz (it
//                     flushes denormals), else llvm.exp2.f32
//   fast_tanhf(x)     copysign(1 - 2 / (e^(2|x|) + 1), x), with that exp (the
//                     form that cannot overflow for large |x|)
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/Passes.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_CONVERTBUILTINFUNCTOLLVM
#include "passes/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;

namespace {

constexpr StringLiteral kPrefix = "__triton_hip_";

Value f32Constant(OpBuilder &b, Location loc, double value) {
  return LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                  b.getF32FloatAttr(value));
}

/// e^x for f32 `x`, as Triton's fast_expf computes it.
Value fastExp(OpBuilder &b, Location loc, Value x, bool ftz) {
  Value scaled =
      LLVM::FMulOp::create(b, loc, x, f32Constant(b, loc, 1.4426950408889634));
  return callIntrinsic(b, loc, ftz ? "llvm.amdgcn.exp2.f32" : "llvm.exp2.f32",
                       b.getF32Type(), scaled);
}

/// The sequence for `call` of helper `name` (without the prefix), or null
/// when the helper is unknown or called with other types than it takes.
Value expand(OpBuilder &b, LLVM::CallOp call, StringRef name, bool ftz) {
  Location loc = call.getLoc();
  ValueRange args = call.getArgOperands();
  if (call.getNumResults() != 1)
    return {};
  Type result = call.getResult().getType();
  auto isF32 = [&](Value v) { return v.getType().isF32(); };
  if (name == "iabs" && args.size() == 1 && isa<IntegerType>(result) &&
      args[0].getType() == result)
    return LLVM::AbsOp::create(b, loc, result, args[0],
                               /*is_int_min_poison=*/false);
  if (name == "fabs" && args.size() == 1 && isa<FloatType>(result) &&
      args[0].getType() == result)
    return LLVM::FAbsOp::create(b, loc, result, args[0]);
  if (name == "llrint" && args.size() == 1 &&
      isa<FloatType>(args[0].getType()) && isa<IntegerType>(result)) {
    // llvm.llrint does not select on AMDGPU; rint then a conversion does.
    Value rounded = LLVM::RintOp::create(b, loc, args[0].getType(), args[0]);
    return LLVM::FPToSIOp::create(b, loc, result, rounded);
  }
  if (name == "fast_fdividef" && args.size() == 2 && isF32(args[0]) &&
      isF32(args[1]) && result.isF32()) {
    Value reciprocal =
        callIntrinsic(b, loc, "llvm.amdgcn.rcp.f32", result, args[1]);
    return LLVM::FMulOp::create(b, loc, args[0], reciprocal);
  }
  if (name == "fast_expf" && args.size() == 1 && isF32(args[0]) &&
      result.isF32())
    return fastExp(b, loc, args[0], ftz);
  if (name == "fast_tanhf" && args.size() == 1 && isF32(args[0]) &&
      result.isF32()) {
    Value x = args[0];
    Value magnitude = LLVM::FAbsOp::create(b, loc, result, x);
    Value twice =
        LLVM::FMulOp::create(b, loc, magnitude, f32Constant(b, loc, 2.0));
    Value exp = fastExp(b, loc, twice, ftz);
    Value plusOne = LLVM::FAddOp::create(b, loc, exp, f32Constant(b, loc, 1.0));
    Value ratio =
        LLVM::FDivOp::create(b, loc, f32Constant(b, loc, 2.0), plusOne);
    Value positive =
        LLVM::FSubOp::create(b, loc, f32Constant(b, loc, 1.0), ratio);
    return callIntrinsic(b, loc, "llvm.copysign.f32", result,
                         ValueRange{positive, x});
  }
  return {};
}

struct ConvertBuiltinFuncToLLVMPass
    : public triton::impl::ConvertBuiltinFuncToLLVMBase<
          ConvertBuiltinFuncToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::CallOp> calls;
    module.walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (callee && callee->starts_with(kPrefix))
        calls.push_back(call);
    });
    bool failedAny = false;
    llvm::SmallSetVector<StringRef, 4> replaced;
    for (LLVM::CallOp call : calls) {
      StringRef callee = *call.getCallee();
      OpBuilder builder(call);
      Value value = expand(builder, call, callee.drop_front(kPrefix.size()),
                           ftz);
      if (!value) {
        call.emitError() << "'" << callee
                         << "' is not a Triton HIP helper of this signature "
                            "(known: iabs, fabs, llrint, fast_fdividef, "
                            "fast_expf, fast_tanhf)";
        failedAny = true;
        continue;
      }
      call.getResult().replaceAllUsesWith(value);
      call.erase();
      replaced.insert(callee);
    }
    if (failedAny)
      return signalPassFailure();
    // Declarations nothing calls any more.
    for (StringRef name : replaced) {
      auto decl = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
      if (decl && decl.isExternal() &&
          SymbolTable::symbolKnownUseEmpty(decl, module))
        decl.erase();
    }
    // 3.6's pass makes its replacements through the greedy rewrite driver
    // over the whole module, which also folds, removes dead operations,
    // merges equal constants (hoisted to the top of their region) and
    // simplifies regions and blocks; the last step of make_llir leaves the
    // module so tidied here too.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Aggressive);
    if (failed(applyPatternsGreedily(
            module, FrozenRewritePatternSet(RewritePatternSet(&getContext())),
            config)))
      return signalPassFailure();
  }
};

} // namespace
