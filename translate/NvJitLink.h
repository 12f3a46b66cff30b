//===- NvJitLink.h - PTX -> cubin in-process through CUDA's nvJitLink -----===//
//
// CUDA's nvJitLink library assembles PTX in the calling process, so a
// compile does not pay for starting ptxas (about 10 ms of CPU for the
// smallest kernel). It assembles the PTX as relocatable code and then links
// it, so its cubins are not byte-identical to whole-program ptxas's (the
// scheduling control bits differ): it is chosen by a flag, never by default
// (docs/CompileSpeed.md). The library is loaded at run time, so the project
// neither needs CUDA's headers nor links against it.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSLATE_NVJITLINK_H
#define TRANSLATE_NVJITLINK_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
namespace triton {

/// The library `--nvjitlink` loads when given no path: libnvJitLink.so
/// beside `ptxas` in its CUDA toolkit (bin/../lib64), else libnvJitLink.so.13
/// or .so.12 from the dynamic loader's search path; the first that loads.
std::string findNvJitLink(llvm::StringRef ptxas);

/// Loads the nvJitLink library at `library` (a path, or a name the dynamic
/// loader searches for) once per process and checks that it has the
/// functions used here; later calls return the first call's answer.
llvm::Error loadNvJitLink(llvm::StringRef library);

/// PTX -> cubin for `arch` (sm_90a, sm_80, ...) by the nvJitLink library at
/// `library` (loaded by loadNvJitLink if it was not), with line tables where
/// `lineInfo`. Its info log (with ptxas's "Used N registers" lines) goes to
/// `messages`; the error log becomes the error. Safe to call from several
/// threads at once.
llvm::Expected<std::string> assembleWithNvJitLink(llvm::StringRef library,
                                                  llvm::StringRef ptx,
                                                  llvm::StringRef arch,
                                                  std::string *messages,
                                                  bool lineInfo = false);

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_NVJITLINK_H
