//===- Registration.cpp - Translations of triton-translate ------------------===//

#include "translate/Registration.h"

#include "dialects/InitAllDialects.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// triton-translate takes LLVM-dialect modules (make_llir's output); anything
/// else is reported at the first op that is not LLVM, NVVM or ROCDL.
static LogicalResult checkLLVMDialectModule(ModuleOp module) {
  Operation *offending = nullptr;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == module.getOperation())
      return WalkResult::advance();
    StringRef ns = op->getDialect() ? op->getDialect()->getNamespace() : "";
    if (ns == "llvm" || ns == "nvvm" || ns == "rocdl")
      return WalkResult::advance();
    offending = op;
    return WalkResult::interrupt();
  });
  if (!offending)
    return success();
  module.getContext()->printOpOnDiagnostic(false);
  return offending->emitError("expected an LLVM-dialect module (the output of "
                              "make_llir), found '")
         << offending->getName() << "'";
}

static void registerDialectTranslations(DialectRegistry &registry) {
  // Triton IR parses too, so that handing in TTIR gives a precise diagnostic.
  triton::registerTritonDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
}

void mlir::triton::registerTritonTranslations() {
  TranslateFromMLIRRegistration mlirToLLVMIR(
      "mlir-to-llvmir", "translate an LLVM-dialect module to LLVM IR",
      [](Operation *op, raw_ostream &output) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        if (failed(checkLLVMDialectModule(module)))
          return failure();
        llvm::LLVMContext llvmContext;
        std::unique_ptr<llvm::Module> llvmModule =
            translateModuleToLLVMIR(module, llvmContext);
        if (!llvmModule)
          return module.emitError("failed to translate the module to LLVM IR");
        llvmModule->print(output, nullptr);
        return success();
      },
      registerDialectTranslations);
}
