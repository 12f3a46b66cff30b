//===- DeviceEmission.h - PTX, cubin, AMDGCN and HSACO emission -----------===//

#ifndef TRANSLATE_DEVICEEMISSION_H
#define TRANSLATE_DEVICEEMISSION_H

#include "translate/Options.h"
#include "translate/StageTimes.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
namespace triton {

/// LLVM IR -> PTX for `arch` (sm_90a, sm_80, ...) as Triton does it: triple
/// nvptx64-nvidia-cuda, features +ptx<options.ptxVersion>, libdevice linked
/// (only the functions used), nvvm-reflect-ftz set, LLVM O3, NVPTX codegen.
/// With `optimize` false (LLVM IR that went through Triton's optimizer, such
/// as the reference's .llir files) only codegen runs. Where options.ptxas
/// runs, a second code generation recomputes thread-index values after
/// loops, and is taken where ptxas's register counts then let more programs
/// (of `sharedBytes` each) run on a multiprocessor. Where `cubin` is given,
/// the returned PTX is assembled there too (`ptxas -v --gpu-name=<arch>`, by
/// options.ptxas, or by the nvJitLink library options.nvJitLink names; the
/// register counts' run of the variant kept gives it).
/// Modules may be emitted concurrently, each in its own LLVMContext. Where
/// `times` is given, the stages' times are added to it.
llvm::Expected<std::string> emitPTX(llvm::Module &module, llvm::StringRef arch,
                                    const TranslateOptions &options,
                                    bool optimize = true,
                                    int64_t sharedBytes = 0,
                                    std::string *cubin = nullptr,
                                    StageTimes *times = nullptr);

/// PTX -> cubin with line tables, through options.ptxas, or in-process
/// through the nvJitLink library options.nvJitLink names; the assembler's
/// messages become the error.
llvm::Expected<std::string> assembleCubin(llvm::StringRef ptx,
                                          llvm::StringRef arch,
                                          const TranslateOptions &options);

/// LLVM IR -> AMDGCN assembly (or an object file) for `arch` (gfx942,
/// gfx90a): triple amdgcn-amd-amdhsa, code object v5, ocml/ockl linked with
/// the oclc control constants set in the module, LLVM O3, AMDGPU codegen.
llvm::Expected<std::string> emitAMDGCN(llvm::Module &module,
                                       llvm::StringRef arch, bool object,
                                       const TranslateOptions &options,
                                       bool optimize = true);

/// Whether emitAMDGCN knows `arch` (gfx942, gfx90a).
bool isSupportedAMDArch(llvm::StringRef arch);

/// An AMDGPU object file -> HSA code object (`ld.lld -shared`).
llvm::Expected<std::string> linkHsaco(llvm::StringRef object,
                                      llvm::StringRef lld);

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_DEVICEEMISSION_H
