//===- Options.cpp - Command-line options of triton-translate -------------===//

#include "translate/Options.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"

using namespace mlir::triton;

namespace {
struct Options {
  llvm::cl::opt<std::string> arch{
      "arch",
      llvm::cl::desc(
          "sm_90a, sm_80, gfx942 or gfx942 (default: from ttg.target)"),
      llvm::cl::init("")};
  llvm::cl::opt<int> ptxVersion{
      "ptx-version", llvm::cl::desc("PTX ISA version times ten (default 87)"),
      llvm::cl::init(87)};
  llvm::cl::opt<std::string> ptxas{"ptxas", llvm::cl::desc("path of ptxas"),
                                   llvm::cl::init(TRITON_DEFAULT_PTXAS)};
  llvm::cl::opt<std::string> lld{"lld",
                                 llvm::cl::desc("path of ld.lld (LLD 22)"),
                                 llvm::cl::init(TRITON_DEFAULT_LLD)};
  llvm::cl::opt<std::string> metadata{
      "metadata",
      llvm::cl::desc("write the kernel's launch metadata (JSON) to this file"),
      llvm::cl::init("")};
  llvm::cl::opt<std::string> params{
      "params",
      llvm::cl::desc("the kernel's signature in Triton's spelling, e.g. "
                     "'*fp32,*fp32,i32' (default: from the module)"),
      llvm::cl::init("")};
  llvm::cl::opt<int> shared{
      "shared",
      llvm::cl::desc("shared memory bytes, where the module has no ttg.shared"),
      llvm::cl::init(-1)};
};
llvm::ManagedStatic<Options> options;
} // namespace

void mlir::triton::registerTranslateOptions() { *options; }

TranslateOptions mlir::triton::getTranslateOptions() {
  return {options->arch,     options->ptxVersion, options->ptxas, options->lld,
          options->metadata, options->params,     options->shared};
}
