//===- Registration.cpp - Translations of triton-translate ----------------===//
//
// LLVM-dialect modules (make_llir's output) or textual LLVM IR in; LLVM IR,
// PTX, cubin, AMDGCN assembly or an HSA code object out, with the launch
// metadata JSON beside it on request.
//
//===----------------------------------------------------------------------===//

#include "translate/Registration.h"

#include "dialects/InitAllDialects.h"
#include "translate/DeviceEmission.h"
#include "translate/Metadata.h"
#include "translate/Options.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

enum class Output { PTX, Cubin, AMDGCN, Hsaco };

bool isNvidia(Output output) {
  return output == Output::PTX || output == Output::Cubin;
}

/// triton-translate takes LLVM-dialect modules (make_llir's output); anything
/// else is reported at the first op that is not LLVM, NVVM or ROCDL.
LogicalResult checkLLVMDialectModule(ModuleOp module) {
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

void registerDialectTranslations(DialectRegistry &registry) {
  // Triton IR parses too, so that handing in TTIR gives a precise diagnostic.
  triton::registerTritonDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
}

/// The architecture to compile for: --arch, else the module's ttg.target,
/// else the default of the output kind.
FailureOr<std::string>
resolveArch(Output output, std::optional<ModuleOp> module, Location loc) {
  std::string arch = getTranslateOptions().arch;
  if (arch.empty() && module)
    if (auto target = (*module)->getAttrOfType<StringAttr>("ttg.target")) {
      StringRef text = target.getValue();
      if (text == "cuda:90")
        arch = "sm_90a";
      else if (text.consume_front("cuda:"))
        arch = ("sm_" + text).str();
      else if (text.consume_front("hip:"))
        arch = text.str();
    }
  if (arch.empty())
    arch = isNvidia(output) ? "sm_90a" : "gfx942";
  bool nvidiaArch = StringRef(arch).starts_with("sm_");
  if (nvidiaArch != isNvidia(output))
    return emitError(loc, "architecture '")
           << arch << "' does not fit " << (isNvidia(output) ? "PTX" : "AMDGCN")
           << " output";
  return arch;
}

/// Emits `llvmModule` as `output` and writes the metadata if asked to.
/// `optimize` is false for LLVM IR that has been through the optimizer already.
LogicalResult emitDevice(llvm::Module &llvmModule,
                         std::optional<ModuleOp> module, Output output,
                         raw_ostream &os, Location loc, bool optimize) {
  TranslateOptions options = getTranslateOptions();
  FailureOr<std::string> arch = resolveArch(output, module, loc);
  if (failed(arch))
    return failure();
  auto fail = [&](llvm::Error error) {
    return emitError(loc, llvm::toString(std::move(error)));
  };

  // Metadata is read before codegen, while the kernel's attributes are intact.
  std::optional<KernelMetadata> metadata;
  if (!options.metadataPath.empty()) {
    auto collected = collectMetadata(
        llvmModule, module, isNvidia(output) ? "cuda" : "hip", *arch,
        isNvidia(output) ? std::optional<int>(options.ptxVersion)
                         : std::nullopt,
        options.params, options.shared);
    if (!collected)
      return fail(collected.takeError());
    metadata = std::move(*collected);
  }

  // Shared memory per program, for the occupancy emitPTX weighs.
  int64_t shared = getSharedBytes(module, options.shared);
  llvm::Expected<std::string> code = [&]() -> llvm::Expected<std::string> {
    switch (output) {
    case Output::PTX:
      return emitPTX(llvmModule, *arch, options.ptxVersion, optimize,
                     options.ptxas, shared);
    case Output::Cubin: {
      auto ptx = emitPTX(llvmModule, *arch, options.ptxVersion, optimize,
                         options.ptxas, shared);
      if (!ptx)
        return ptx.takeError();
      return assembleCubin(*ptx, *arch, options.ptxas);
    }
    case Output::AMDGCN:
      return emitAMDGCN(llvmModule, *arch, /*object=*/false, optimize);
    case Output::Hsaco: {
      auto object = emitAMDGCN(llvmModule, *arch, /*object=*/true, optimize);
      if (!object)
        return object.takeError();
      return linkHsaco(*object, options.lld);
    }
    }
    llvm_unreachable("unknown output");
  }();
  if (!code)
    return fail(code.takeError());
  os << *code;
  if (metadata)
    if (llvm::Error error = writeMetadata(*metadata, options.metadataPath))
      return fail(std::move(error));
  return success();
}

/// MLIR LLVM-dialect input.
void registerFromMLIR(StringRef name, StringRef description, Output output) {
  TranslateFromMLIRRegistration registration(
      name, description,
      [output](Operation *op, raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        if (failed(checkLLVMDialectModule(module)))
          return failure();
        llvm::LLVMContext context;
        std::unique_ptr<llvm::Module> llvmModule =
            translateModuleToLLVMIR(module, context);
        if (!llvmModule)
          return module.emitError("failed to translate the module to LLVM IR");
        return emitDevice(*llvmModule, module, output, os, module.getLoc(),
                          /*optimize=*/true);
      },
      registerDialectTranslations);
}

/// Textual LLVM IR input: the reference's .llir files, which went through
/// Triton's O3 already, so only codegen runs (as in Triton after make_llir).
void registerFromLLVMIR(StringRef name, StringRef description, Output output) {
  TranslateRegistration registration(
      name, description,
      [output](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
               raw_ostream &os, MLIRContext *context) -> LogicalResult {
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        Location loc =
            FileLineColLoc::get(context, buffer->getBufferIdentifier(), 0, 0);
        llvm::LLVMContext llvmContext;
        llvm::SMDiagnostic error;
        std::unique_ptr<llvm::Module> llvmModule =
            llvm::parseIR(buffer->getMemBufferRef(), error, llvmContext);
        if (!llvmModule)
          return emitError(
              FileLineColLoc::get(context, buffer->getBufferIdentifier(),
                                  error.getLineNo(), error.getColumnNo() + 1),
              error.getMessage());
        return emitDevice(*llvmModule, std::nullopt, output, os, loc,
                          /*optimize=*/false);
      });
}

} // namespace

void mlir::triton::registerTritonTranslations() {
  registerTranslateOptions();
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
  registerFromMLIR("mlir-to-ptx",
                   "LLVM-dialect module to PTX (libdevice linked, O3)",
                   Output::PTX);
  registerFromMLIR("mlir-to-cubin",
                   "LLVM-dialect module to a cubin (through ptxas)",
                   Output::Cubin);
  registerFromMLIR("mlir-to-amdgcn", "LLVM-dialect module to AMDGCN assembly",
                   Output::AMDGCN);
  registerFromMLIR(
      "mlir-to-hsaco",
      "LLVM-dialect module to an HSA code object (through ld.lld -shared)",
      Output::Hsaco);
  registerFromLLVMIR("llvmir-to-ptx", "textual LLVM IR to PTX", Output::PTX);
  registerFromLLVMIR("llvmir-to-amdgcn", "textual LLVM IR to AMDGCN assembly",
                     Output::AMDGCN);
}
