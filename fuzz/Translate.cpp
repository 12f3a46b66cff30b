//===- Translate.cpp - Fuzz target: triton-translate ----------------------===//
//
// What triton-translate's mlir-to-ptx and mlir-to-amdgcn do with an
// LLVM-dialect module that verifies: the target checks, the translation to
// LLVM IR, LLVM's O3 and code generation, for sm_90a and gfx942 (PTX and
// assembly only: ptxas and ld.lld are separate programs).
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzCommon.h"
#include "translate/DeviceEmission.h"
#include "translate/LLVMDiagnostics.h"
#include "translate/Options.h"
#include "translate/Registration.h"
#include "translate/TargetCheck.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

using namespace mlir;
using namespace mlir::triton;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // As triton-translate: LLVM's fatal errors become diagnostics.
  installFatalErrorHandlers();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::unique_ptr<MLIRContext> context = fuzz::makeContext();
  DialectRegistry translations;
  registerBuiltinDialectTranslation(translations);
  registerLLVMDialectTranslation(translations);
  registerNVVMDialectTranslation(translations);
  registerROCDLDialectTranslation(translations);
  context->appendDialectRegistry(translations);
  OwningOpRef<ModuleOp> module =
      fuzz::parseModule(fuzz::asText(data, size), *context);
  if (!module || failed(checkLLVMDialectModule(*module)))
    return 0;
  static const TranslateOptions options;
  for (bool nvidia : {true, false}) {
    DeviceTarget target;
    target.nvidia = nvidia;
    target.arch = nvidia ? "sm_90a" : "gfx942";
    target.output = nvidia ? "PTX" : "AMDGCN assembly";
    llvm::LLVMContext llvmContext;
    LLVMDiagnosticScope diagnostics(llvmContext, module->getLoc());
    std::unique_ptr<llvm::Module> llvmModule =
        translateForTarget(*module, target, llvmContext);
    if (!llvmModule)
      continue;
    llvm::Expected<std::string> code =
        nvidia ? emitPTX(*llvmModule, target.arch, options)
               : emitAMDGCN(*llvmModule, target.arch, /*object=*/false, options);
    if (!code)
      llvm::consumeError(code.takeError());
    (void)diagnostics.flushErrors();
  }
  return 0;
}
