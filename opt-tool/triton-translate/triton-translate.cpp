//===- triton-translate.cpp - Triton IR translation driver ----------------===//
//
// mlir-translate for Triton: LLVM-dialect modules to LLVM IR and device code.
// The flags fill the options the translation library takes.
//
//===----------------------------------------------------------------------===//

#include "translate/LLVMDiagnostics.h"
#include "translate/Options.h"
#include "translate/Registration.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "llvm/Support/CommandLine.h"

using llvm::cl::desc;
using llvm::cl::location;
template <typename T> using Flag = llvm::cl::opt<T, /*ExternalStorage=*/true>;

/// Filled while mlirTranslateMain parses the command line, read by the
/// translations when they run; the defaults are TranslateOptions's.
static mlir::triton::TranslateOptions options;

static Flag<std::string>
    arch("arch",
         desc("sm_90a, sm_80, gfx942 or gfx90a (default: from the "
              "module's ttg.target, else sm_90a or gfx942)"),
         location(options.arch));
static Flag<int> ptxVersion("ptx-version",
                            desc("PTX ISA version times ten (default 87)"),
                            location(options.ptxVersion));
static Flag<std::string> ptxas("ptxas", desc("path of ptxas"),
                               location(options.ptxas));
static Flag<std::string>
    nvJitLink("nvjitlink",
              desc("assemble cubins in this process through this nvJitLink "
                   "library (a path, or a name the dynamic loader finds) "
                   "instead of ptxas"),
              location(options.nvJitLink));
static Flag<std::string> lld("lld", desc("path of ld.lld (LLD 22)"),
                             location(options.lld));
static Flag<std::string>
    metadata("metadata",
             desc("write the kernel's launch metadata (JSON) to this file"),
             location(options.metadataPath));
static Flag<std::string>
    params("params",
           desc("the kernel's signature in Triton's spelling, e.g. "
                "'*fp32,*fp32,i32' (default: from the module)"),
           location(options.params));
static Flag<int>
    shared("shared",
           desc("shared memory bytes, where the module has no ttg.shared"),
           location(options.shared));
static Flag<bool> llvmOptWithoutTarget(
    "llvm-opt-without-target",
    desc("run LLVM's O3 pipeline without the target's cost model and with SLP "
         "vectorization, as Triton does for NVIDIA"),
    location(options.llvmOptWithoutTarget));
static Flag<bool> disableRecomputeAfterLoops(
    "disable-recompute-after-loops",
    desc("keep thread-index values computed before loops live through them"),
    location(options.disableRecomputeAfterLoops));

int main(int argc, char **argv) {
  // LLVM's fatal errors during emission become a diagnostic and exit status
  // 1, not an abort with a stack dump.
  mlir::triton::installFatalErrorHandlers();
  mlir::triton::registerTritonTranslations(options);
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "Triton IR translation driver\n"));
}
