//===- AMDGPUEmission.cpp - LLVM IR to AMDGCN assembly and HSACO ----------===//

#include "translate/DeviceEmission.h"
#include "translate/LLVMCodegen.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/Support/Path.h"

using namespace llvm;

/// The ISA version number of the oclc library for `arch` (gfx942 -> 9402).
static std::optional<int> isaVersion(StringRef arch) {
  if (arch == "gfx942")
    return 9402;
  if (arch == "gfx90a")
    return 9010;
  return std::nullopt;
}

bool mlir::triton::isSupportedAMDArch(StringRef arch) {
  return isaVersion(arch).has_value();
}

static bool usesDeviceLibs(const Module &module) {
  for (const Function &function : module)
    if (function.isDeclaration() &&
        (function.getName().starts_with("__ocml_") ||
         function.getName().starts_with("__ockl_")))
      return true;
  return false;
}

/// Defines one oclc control constant unless the module has it already.
static void defineControl(Module &module, StringRef name, Type *type,
                          uint64_t value) {
  if (module.getNamedGlobal(name))
    return;
  auto *global = new GlobalVariable(
      module, type, /*isConstant=*/true, GlobalValue::LinkOnceODRLinkage,
      ConstantInt::get(type, value), name, nullptr, GlobalValue::NotThreadLocal,
      /*AddressSpace=*/4);
  global->setVisibility(GlobalValue::ProtectedVisibility);
  global->setUnnamedAddr(GlobalValue::UnnamedAddr::Local);
}

/// Debian's rocm-device-libs (ROCm 5.2) ships no oclc_isa_version_942.bc: the
/// control constants the oclc_*.bc files would provide are set in the module,
/// with the values Triton uses (no fast math, IEEE denormals, wave64).
static void defineOclcControls(Module &module, int isa) {
  Type *i8 = Type::getInt8Ty(module.getContext());
  Type *i32 = Type::getInt32Ty(module.getContext());
  defineControl(module, "__oclc_ABI_version", i32, 500);
  defineControl(module, "__oclc_ISA_version", i32, isa);
  defineControl(module, "__oclc_finite_only_opt", i8, 0);
  defineControl(module, "__oclc_unsafe_math_opt", i8, 0);
  defineControl(module, "__oclc_daz_opt", i8, 0);
  defineControl(module, "__oclc_correctly_rounded_sqrt32", i8, 1);
  defineControl(module, "__oclc_wavefrontsize64", i8, 1);
}

Expected<std::string> mlir::triton::emitAMDGCN(Module &module, StringRef arch,
                                               bool object,
                                               const TranslateOptions &options,
                                               bool optimize) {
  std::optional<int> isa = isaVersion(arch);
  if (!isa)
    return createStringError(inconvertibleErrorCode(),
                             "unsupported AMD architecture '" + arch +
                                 "': expected gfx942 or gfx90a");
  auto machine = createTargetMachine("amdgcn-amd-amdhsa", arch, "");
  if (!machine)
    return machine.takeError();
  setTarget(module, **machine);
  if (!module.getModuleFlag("amdhsa_code_object_version"))
    module.addModuleFlag(Module::Error, "amdhsa_code_object_version", 500);
  if (usesDeviceLibs(module)) {
    defineOclcControls(module, *isa);
    for (StringRef library : {"ocml.bc", "ockl.bc"}) {
      SmallString<256> path(TRITON_DEFAULT_ROCM_BITCODE_DIR);
      sys::path::append(path, library);
      if (Error error = linkBitcodeLibrary(module, path))
        return std::move(error);
    }
    // As Triton: the printf entry points stay calls, not copies of the
    // hostcall code at every print.
    for (Function &function : module)
      if (function.getName().starts_with("__ockl_printf") ||
          function.getName().starts_with("__ockl_fprintf")) {
        function.removeFnAttr(Attribute::AlwaysInline);
        function.addFnAttr(Attribute::NoInline);
      }
  }
  if (optimize)
    optimizeModule(module, **machine, options.llvmOptWithoutTarget);
  return generateCode(module, **machine,
                      object ? CodeGenFileType::ObjectFile
                             : CodeGenFileType::AssemblyFile);
}

Expected<std::string> mlir::triton::linkHsaco(StringRef object, StringRef lld) {
  return runToolOnFiles(lld, object, {"-shared", "{in}", "-o", "{out}"});
}
