//===- Compile.cpp - Triton IR to PTX, cubin, AMDGCN from C ---------------===//
//
// The same library calls as triton-compile and triton-translate: the named
// pipelines, then translateForTarget, collectMetadata and emitPTX /
// emitAMDGCN of translate/.
//
//===----------------------------------------------------------------------===//

#include "bindings/c/triton-c/Compile.h"
#include "bindings/c/triton-c/Passes.h"
#include "passes/Pipelines/Pipelines.h"

#include "translate/DeviceEmission.h"
#include "translate/LLVMDiagnostics.h"
#include "translate/Metadata.h"
#include "translate/Options.h"
#include "translate/Registration.h"
#include "translate/TargetCheck.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace mlir;
using namespace mlir::triton;

TritonCompileOptions tritonCompileOptionsDefault(void) {
  TritonCompileOptions options;
  options.target = "cuda:90";
  options.numWarps = 4;
  options.numCtas = 1;
  options.numStages = 3;
  options.ptxVersion = 87;
  options.ptxas = nullptr;
  options.maxnreg = 0;
  options.nvjitlink = nullptr;
  return options;
}

namespace {

bool isNvidiaOutput(TritonDeviceOutput output) {
  return output == TritonDeviceOutputPTX || output == TritonDeviceOutputCubin;
}

/// The architecture a target names, as the translations take it (cuda:90
/// is sm_90a, as triton-translate reads ttg.target); failure after a
/// diagnostic when it does not fit `output`.
FailureOr<DeviceTarget> resolveTarget(StringRef targetName,
                                      TritonDeviceOutput output,
                                      Location loc) {
  DeviceTarget target;
  target.nvidia = isNvidiaOutput(output);
  static const char *names[] = {"PTX", "a cubin", "AMDGCN assembly",
                                "an HSA code object"};
  target.output = names[output];
  StringRef rest = targetName;
  if (rest.consume_front("cuda:") && target.nvidia)
    target.arch = rest == "90" ? "sm_90a" : ("sm_" + rest).str();
  else if (rest.consume_front("hip:") && !target.nvidia)
    target.arch = rest.str();
  if (target.arch.empty() ||
      (target.nvidia ? !isNvidiaArch(target.arch)
                     : !isSupportedAMDArch(target.arch)))
    return emitError(loc, "target '")
           << targetName << "' cannot be compiled to " << target.output
           << " (cuda:80 or cuda:90 for PTX and cubins, hip:gfx942 or "
              "hip:gfx90a for AMDGCN and HSA code objects)";
  return target;
}

TranslateOptions translateOptionsOf(const TritonCompileOptions &options) {
  TranslateOptions translate;
  translate.ptxVersion = options.ptxVersion;
  if (options.ptxas && *options.ptxas)
    translate.ptxas = options.ptxas;
  if (options.nvjitlink && *options.nvjitlink)
    translate.nvJitLink = options.nvjitlink;
  return translate;
}

void send(MlirStringCallback callback, StringRef text, void *userData) {
  if (callback)
    callback(mlirStringRefCreate(text.data(), text.size()), userData);
}

/// Emits the LLVM-dialect `module`: `assembly` gets PTX or AMDGCN text,
/// `binary` the cubin or HSA code object, `metadata` the JSON; only what a
/// non-null pointer asks for is made (PTX always, for a cubin).
LogicalResult emit(ModuleOp module, const TritonCompileOptions &options,
                   bool nvidia, std::string *assembly, std::string *binary,
                   std::string *metadata) {
  Location loc = module.getLoc();
  FailureOr<DeviceTarget> target = resolveTarget(
      options.target ? options.target : "",
      nvidia ? (binary ? TritonDeviceOutputCubin : TritonDeviceOutputPTX)
             : (binary ? TritonDeviceOutputHsaco : TritonDeviceOutputAMDGCN),
      loc);
  if (failed(target) || failed(checkLLVMDialectModule(module)))
    return failure();
  if (!nvidia && options.nvjitlink && *options.nvjitlink)
    return emitError(loc, "nvjitlink assembles cubins, an option of cuda "
                          "targets (not '")
           << options.target << "')";
  TranslateOptions translate = translateOptionsOf(options);
  llvm::LLVMContext llvmContext;
  LLVMDiagnosticScope diagnostics(llvmContext, loc);
  std::unique_ptr<llvm::Module> llvmModule =
      translateForTarget(module, *target, llvmContext);
  if (!llvmModule)
    return failure();
  auto fail = [&](llvm::Error error) -> LogicalResult {
    // What LLVM reported through its context explains the failure best.
    if (failed(diagnostics.flushErrors())) {
      llvm::consumeError(std::move(error));
      return failure();
    }
    return emitError(diagnostics.getLocation(),
                     llvm::toString(std::move(error)));
  };
  // Metadata is read before codegen, while the kernel's attributes are intact.
  if (metadata) {
    auto collected = collectMetadata(
        *llvmModule, module, nvidia ? "cuda" : "hip", target->arch,
        nvidia ? std::optional<int>(translate.ptxVersion) : std::nullopt,
        translate.params, translate.shared);
    if (!collected)
      return fail(collected.takeError());
    llvm::raw_string_ostream json(*metadata);
    printMetadata(*collected, json);
  }
  int64_t shared = getSharedBytes(module, translate.shared);
  if (nvidia) {
    std::string cubin;
    llvm::Expected<std::string> ptx =
        emitPTX(*llvmModule, target->arch, translate, /*optimize=*/true,
                shared, binary ? &cubin : nullptr);
    if (!ptx)
      return fail(ptx.takeError());
    if (assembly)
      *assembly = std::move(*ptx);
    if (binary)
      *binary = std::move(cubin);
  } else {
    // The object is generated from a copy: codegen changes the module.
    std::unique_ptr<llvm::Module> copy;
    if (assembly && binary)
      copy = llvm::CloneModule(*llvmModule);
    if (assembly) {
      auto text = emitAMDGCN(*llvmModule, target->arch, /*object=*/false,
                             translate);
      if (!text)
        return fail(text.takeError());
      *assembly = std::move(*text);
    }
    if (binary) {
      auto object = emitAMDGCN(copy ? *copy : *llvmModule, target->arch,
                               /*object=*/true, translate);
      if (!object)
        return fail(object.takeError());
      auto hsaco = linkHsaco(*object, translate.lld);
      if (!hsaco)
        return fail(hsaco.takeError());
      *binary = std::move(*hsaco);
    }
  }
  // Errors LLVM reported without stopping: the code it went on to produce
  // is not kept.
  return diagnostics.flushErrors();
}

} // namespace

MlirLogicalResult tritonLowerToLLVM(MlirModule module,
                                    const TritonCompileOptions *options) {
  tritonRegisterPipelines();
  ModuleOp op = unwrap(module);
  if (options->maxnreg) {
    if (!options->target || !StringRef(options->target).starts_with("cuda:")) {
      emitError(op.getLoc(), "maxnreg is an option of cuda targets (not '")
          << (options->target ? options->target : "") << "')";
      return mlirLogicalResultFailure();
    }
    if (failed(setMaxRegisters(op, options->maxnreg)))
      return mlirLogicalResultFailure();
  }
  // TTGIR carries its warps (and layouts) already: make_llir alone.
  bool isTTGIR = op->hasAttr("ttg.num-warps");
  std::string pipeline =
      (llvm::Twine(isTTGIR ? "triton-make-llir" : "triton-to-llvm") +
       "{target=" + (options->target ? options->target : "") +
       " num-warps=" + llvm::Twine(options->numWarps) +
       " num-ctas=" + llvm::Twine(options->numCtas) +
       " num-stages=" + llvm::Twine(options->numStages) + "}")
          .str();
  return tritonRunPassPipeline(module,
                               mlirStringRefCreate(pipeline.data(),
                                                   pipeline.size()));
}

MlirLogicalResult tritonEmitDeviceCode(MlirModule module,
                                       TritonDeviceOutput output,
                                       const TritonCompileOptions *options,
                                       MlirStringCallback code,
                                       MlirStringCallback metadata,
                                       void *userData) {
  bool nvidia = isNvidiaOutput(output);
  bool binary = output == TritonDeviceOutputCubin ||
                output == TritonDeviceOutputHsaco;
  std::string codeText, json;
  if (failed(emit(unwrap(module), *options, nvidia,
                  binary ? nullptr : &codeText, binary ? &codeText : nullptr,
                  metadata ? &json : nullptr)))
    return wrap(failure());
  send(code, codeText, userData);
  if (metadata)
    send(metadata, json, userData);
  return wrap(success());
}

MlirLogicalResult tritonCompile(MlirModule module,
                                const TritonCompileOptions *options,
                                MlirStringCallback assembly,
                                MlirStringCallback binary,
                                MlirStringCallback metadata, void *userData) {
  StringRef target = options->target ? options->target : "";
  if (!target.starts_with("cuda:") && !target.starts_with("hip:")) {
    emitError(unwrap(module).getLoc(), "target '")
        << target << "' is not cuda:<arch> or hip:<arch>";
    return wrap(failure());
  }
  if (mlirLogicalResultIsFailure(tritonLowerToLLVM(module, options)))
    return wrap(failure());
  std::string text, bytes, json;
  if (failed(emit(unwrap(module), *options, target.starts_with("cuda:"),
                  &text, &bytes, &json)))
    return wrap(failure());
  send(assembly, text, userData);
  send(binary, bytes, userData);
  send(metadata, json, userData);
  return wrap(success());
}
