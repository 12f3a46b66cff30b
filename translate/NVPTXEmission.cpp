//===- NVPTXEmission.cpp - LLVM IR to PTX and cubin -------------------------===//

#include "translate/DeviceEmission.h"
#include "translate/LLVMCodegen.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/IR/Constants.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static bool usesLibdevice(const Module &module) {
  for (const Function &function : module)
    if (function.isDeclaration() && function.getName().starts_with("__nv_"))
      return true;
  return false;
}

Expected<std::string> mlir::triton::emitPTX(Module &module, StringRef arch, int ptxVersion,
                                            bool optimize) {
  std::string features = "+ptx" + std::to_string(ptxVersion);
  auto machine = createTargetMachine("nvptx64-nvidia-cuda", arch, features);
  if (!machine)
    return machine.takeError();
  setTarget(module, **machine);
  // Flush fp32 denormals in libdevice's code paths, as Triton compiles it.
  if (!module.getModuleFlag("nvvm-reflect-ftz"))
    module.addModuleFlag(Module::Override, "nvvm-reflect-ftz", 1);
  if (usesLibdevice(module))
    if (Error error = linkBitcodeLibrary(module, TRITON_DEFAULT_LIBDEVICE))
      return std::move(error);
  if (optimize)
    optimizeModule(module, **machine);
  return generateCode(module, **machine, CodeGenFileType::AssemblyFile);
}

Expected<std::string> mlir::triton::assembleCubin(StringRef ptx, StringRef arch,
                                                  StringRef ptxas) {
  SmallString<128> ptxFile, cubinFile;
  if (std::error_code ec = sys::fs::createTemporaryFile("triton", "ptx", ptxFile))
    return createStringError(ec, "cannot create a temporary file");
  if (std::error_code ec = sys::fs::createTemporaryFile("triton", "cubin", cubinFile))
    return createStringError(ec, "cannot create a temporary file");
  auto cleanup = make_scope_exit([&] {
    sys::fs::remove(ptxFile);
    sys::fs::remove(cubinFile);
  });
  {
    std::error_code ec;
    raw_fd_ostream out(ptxFile, ec);
    if (ec)
      return createStringError(ec, "cannot write " + ptxFile);
    out << ptx;
  }
  std::string gpuName = ("--gpu-name=" + arch).str();
  if (Error error = runTool(ptxas, {"-lineinfo", gpuName, ptxFile, "-o", cubinFile}))
    return std::move(error);
  ErrorOr<std::unique_ptr<MemoryBuffer>> cubin = MemoryBuffer::getFile(cubinFile);
  if (!cubin)
    return createStringError(cubin.getError(), "ptxas wrote no cubin");
  return (*cubin)->getBuffer().str();
}
