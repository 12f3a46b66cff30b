//===- Registration.cpp - Translations of triton-translate ----------------===//
//
// LLVM-dialect modules (make_llir's output) or textual LLVM IR in; LLVM IR,
// PTX, cubin, AMDGCN assembly or an HSA code object out, with the launch
// metadata JSON beside it on request.
//
//===----------------------------------------------------------------------===//

#include "translate/Registration.h"

#include "dialects/InitAllDialects.h"
#include "opt-tool/common/TextNesting.h"
#include "translate/DeviceEmission.h"
#include "translate/LLVMDiagnostics.h"
#include "translate/Metadata.h"
#include "translate/Options.h"
#include "translate/TargetCheck.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/ParseUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::triton;

/// Whether `op` may sit directly in a module being translated: symbols and
/// module metadata. Translation hands any other top-level op an IRBuilder
/// with no insertion block, and one that emits an instruction (an intrinsic
/// call, say) crashes there.
static bool isModuleLevelOp(Operation *op) {
  return isa<LLVM::LLVMFuncOp, LLVM::GlobalOp, LLVM::GlobalCtorsOp,
             LLVM::GlobalDtorsOp, LLVM::AliasOp, LLVM::IFuncOp, LLVM::ComdatOp,
             LLVM::ModuleFlagsOp, LLVM::LinkerOptionsOp>(op);
}

LogicalResult mlir::triton::checkLLVMDialectModule(ModuleOp module) {
  for (Operation &op : module.getBody()->getOperations()) {
    StringRef ns = op.getDialect() ? op.getDialect()->getNamespace() : "";
    bool ours = ns == "llvm" || ns == "nvvm" || ns == "rocdl";
    if (!ours || isModuleLevelOp(&op))
      continue; // a foreign op gets the diagnostic below
    module.getContext()->printOpOnDiagnostic(false);
    return op.emitError("'")
           << op.getName()
           << "' at the top level of a module: only functions, globals, "
              "aliases, comdats, module flags and linker options may be there";
  }
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

namespace {

enum class Output { PTX, Cubin, AMDGCN, Hsaco };

bool isNvidia(Output output) {
  return output == Output::PTX || output == Output::Cubin;
}

void registerDialectTranslations(DialectRegistry &registry) {
  // Triton IR parses too, so that handing in TTIR gives a precise diagnostic.
  triton::registerTritonDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
}

/// TranslateFromMLIRRegistration with the text's nesting checked first: text
/// nested too deep for MLIR's parser is a located error, not a stack overflow
/// (opt-tool/common/TextNesting.h). Parsed as MLIR's wrapper does: into an
/// implicit module, verified.
void registerFromParsedMLIR(
    StringRef name, StringRef description,
    std::function<LogicalResult(Operation *, raw_ostream &)> function) {
  TranslateRegistration registration(
      name, description,
      [function](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
                 raw_ostream &os, MLIRContext *context) -> LogicalResult {
        if (!textNestingFits(*sourceMgr, sourceMgr->getMainFileID()))
          return failure();
        DialectRegistry registry;
        registerDialectTranslations(registry);
        context->appendDialectRegistry(registry);
        OwningOpRef<Operation *> op = parseSourceFileForTool(
            sourceMgr, ParserConfig(context), /*insertImplicitModule=*/true);
        if (!op || failed(verify(*op)))
          return failure();
        return function(op.get(), os);
      });
}

StringRef getOutputName(Output output) {
  switch (output) {
  case Output::PTX:
    return "PTX";
  case Output::Cubin:
    return "a cubin";
  case Output::AMDGCN:
    return "AMDGCN assembly";
  case Output::Hsaco:
    return "an HSA code object";
  }
  llvm_unreachable("unknown output");
}

/// The device code to emit: `output` for --arch, else for the module's
/// ttg.target where it names the same vendor, else for the output's default.
FailureOr<DeviceTarget> resolveTarget(Output output,
                                      std::optional<ModuleOp> module,
                                      Location loc,
                                      const TranslateOptions &options) {
  DeviceTarget target;
  target.nvidia = isNvidia(output);
  target.output = getOutputName(output).str();
  target.arch = options.arch;
  if (target.arch.empty() && module)
    if (auto lowered = (*module)->getAttrOfType<StringAttr>("ttg.target")) {
      StringRef text = lowered.getValue();
      if (target.nvidia && text == "cuda:90")
        target.arch = "sm_90a";
      else if (target.nvidia && text.consume_front("cuda:"))
        target.arch = ("sm_" + text).str();
      else if (!target.nvidia && text.consume_front("hip:"))
        target.arch = text.str();
    }
  if (target.arch.empty())
    target.arch = target.nvidia ? "sm_90a" : "gfx942";
  StringRef arch = target.arch;
  if (arch.starts_with("sm_") != target.nvidia)
    return emitError(loc, "architecture '")
           << arch << "' does not fit " << (target.nvidia ? "PTX" : "AMDGCN")
           << " output";
  if (target.nvidia && !isNvidiaArch(arch))
    return emitError(loc, "unsupported NVIDIA architecture '")
           << arch << "': expected sm_ and a number, e.g. sm_90a or sm_80";
  if (!target.nvidia && !isSupportedAMDArch(arch))
    return emitError(loc, "unsupported AMD architecture '")
           << arch << "': expected gfx942 or gfx90a";
  return target;
}

/// Emits `llvmModule` as `output` for `target` and writes the metadata if
/// asked to. `optimize` is false for LLVM IR that has been through the
/// optimizer already.
LogicalResult emitDevice(llvm::Module &llvmModule,
                         std::optional<ModuleOp> module, Output output,
                         const DeviceTarget &target, raw_ostream &os,
                         LLVMDiagnosticScope &diagnostics, bool optimize,
                         const TranslateOptions &options) {
  Location loc = diagnostics.getLocation();
  auto fail = [&](llvm::Error error) -> LogicalResult {
    // What LLVM reported through its context explains the failure best.
    if (failed(diagnostics.flushErrors())) {
      llvm::consumeError(std::move(error));
      return failure();
    }
    return emitError(loc, llvm::toString(std::move(error)));
  };

  // Metadata is read before codegen, while the kernel's attributes are intact.
  std::optional<KernelMetadata> metadata;
  if (!options.metadataPath.empty()) {
    auto collected = collectMetadata(
        llvmModule, module, target.nvidia ? "cuda" : "hip", target.arch,
        target.nvidia ? std::optional<int>(options.ptxVersion) : std::nullopt,
        options.params, options.shared);
    if (!collected)
      return fail(collected.takeError());
    metadata = std::move(*collected);
  }

  // Shared memory per program, for the occupancy emitPTX weighs.
  int64_t shared = getSharedBytes(module, options.shared);
  StringRef arch = target.arch;
  llvm::Expected<std::string> code = [&]() -> llvm::Expected<std::string> {
    switch (output) {
    case Output::PTX:
      return emitPTX(llvmModule, arch, options, optimize, shared);
    case Output::Cubin: {
      auto ptx = emitPTX(llvmModule, arch, options, optimize, shared);
      if (!ptx)
        return ptx.takeError();
      return assembleCubin(*ptx, arch, options);
    }
    case Output::AMDGCN:
      return emitAMDGCN(llvmModule, arch, /*object=*/false, options, optimize);
    case Output::Hsaco: {
      auto object =
          emitAMDGCN(llvmModule, arch, /*object=*/true, options, optimize);
      if (!object)
        return object.takeError();
      return linkHsaco(*object, options.lld);
    }
    }
    llvm_unreachable("unknown output");
  }();
  if (!code)
    return fail(code.takeError());
  // Errors LLVM reported without stopping (an unsupported construct): the
  // code it went on to produce is not kept.
  if (failed(diagnostics.flushErrors()))
    return failure();
  os << *code;
  if (metadata)
    if (llvm::Error error = writeMetadata(*metadata, options.metadataPath))
      return fail(std::move(error));
  return success();
}

/// MLIR LLVM-dialect input.
void registerFromMLIR(StringRef name, StringRef description, Output output,
                      const TranslateOptions &options) {
  registerFromParsedMLIR(
      name, description,
      [output, options = &options](Operation *op,
                                   raw_ostream &os) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        if (failed(checkLLVMDialectModule(module)))
          return failure();
        FailureOr<DeviceTarget> target =
            resolveTarget(output, module, module.getLoc(), *options);
        if (failed(target))
          return failure();
        llvm::LLVMContext context;
        LLVMDiagnosticScope diagnostics(context, module.getLoc());
        std::unique_ptr<llvm::Module> llvmModule =
            translateForTarget(module, *target, context);
        if (!llvmModule)
          return failure();
        return emitDevice(*llvmModule, module, output, *target, os, diagnostics,
                          /*optimize=*/true, *options);
      });
}

/// Textual LLVM IR input: the reference's .llir files, which went through
/// Triton's O3 already, so only codegen runs (as in Triton after make_llir).
void registerFromLLVMIR(StringRef name, StringRef description, Output output,
                        const TranslateOptions &options) {
  TranslateRegistration registration(
      name, description,
      [output, options = &options](
          const std::shared_ptr<llvm::SourceMgr> &sourceMgr, raw_ostream &os,
          MLIRContext *context) -> LogicalResult {
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        Location loc =
            FileLineColLoc::get(context, buffer->getBufferIdentifier(), 1, 1);
        FailureOr<DeviceTarget> target =
            resolveTarget(output, std::nullopt, loc, *options);
        if (failed(target))
          return failure();
        llvm::LLVMContext llvmContext;
        LLVMDiagnosticScope diagnostics(llvmContext, loc);
        llvm::SMDiagnostic error;
        std::unique_ptr<llvm::Module> llvmModule =
            llvm::parseIR(buffer->getMemBufferRef(), error, llvmContext);
        if (!llvmModule)
          return emitError(
              FileLineColLoc::get(context, buffer->getBufferIdentifier(),
                                  error.getLineNo(), error.getColumnNo() + 1),
              error.getMessage());
        if (std::optional<TargetMismatch> mismatch =
                findTargetMismatch(*llvmModule, *target))
          return emitError(
              locateMismatch(buffer->getMemBufferRef(), *mismatch, context),
              mismatch->message);
        return emitDevice(*llvmModule, std::nullopt, output, *target, os,
                          diagnostics, /*optimize=*/false, *options);
      });
}

} // namespace

void mlir::triton::registerTritonTranslations(const TranslateOptions &options) {
  registerFromParsedMLIR(
      "mlir-to-llvmir", "translate an LLVM-dialect module to LLVM IR",
      [](Operation *op, raw_ostream &output) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        if (failed(checkLLVMDialectModule(module)))
          return failure();
        llvm::LLVMContext llvmContext;
        LLVMDiagnosticScope diagnostics(llvmContext, module.getLoc());
        std::unique_ptr<llvm::Module> llvmModule =
            translateModuleToLLVMIR(module, llvmContext);
        if (!llvmModule)
          return module.emitError("failed to translate the module to LLVM IR");
        if (failed(diagnostics.flushErrors()))
          return failure();
        llvmModule->print(output, nullptr);
        return success();
      });
  registerFromMLIR("mlir-to-ptx",
                   "LLVM-dialect module to PTX (libdevice linked, O3)",
                   Output::PTX, options);
  registerFromMLIR("mlir-to-cubin",
                   "LLVM-dialect module to a cubin (through ptxas)",
                   Output::Cubin, options);
  registerFromMLIR("mlir-to-amdgcn", "LLVM-dialect module to AMDGCN assembly",
                   Output::AMDGCN, options);
  registerFromMLIR(
      "mlir-to-hsaco",
      "LLVM-dialect module to an HSA code object (through ld.lld -shared)",
      Output::Hsaco, options);
  registerFromLLVMIR("llvmir-to-ptx", "textual LLVM IR to PTX", Output::PTX,
                     options);
  registerFromLLVMIR("llvmir-to-amdgcn", "textual LLVM IR to AMDGCN assembly",
                     Output::AMDGCN, options);
}
