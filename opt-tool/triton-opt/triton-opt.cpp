//===- triton-opt.cpp - The Triton IR optimizer driver --------------------===//
//
// mlir-opt for Triton IR: parses, verifies, transforms and prints TTIR/TTGIR.
//
//===----------------------------------------------------------------------===//

#include "dialects/InitAllDialects.h"
#include "opt-tool/common/TritonOptMain.h"
#include "passes/InitAllPasses.h"
#include "test/lib/InitTestPasses.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"

static bool keepSourceNames;
static llvm::cl::opt<bool, /*ExternalStorage=*/true> keepSourceNamesFlag(
    "keep-source-names",
    llvm::cl::desc("Name region arguments after their SSA names in the input "
                   "(so that a file prints back as it was read)"),
    llvm::cl::location(keepSourceNames), llvm::cl::init(true));

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  mlir::triton::registerTritonPasses();
  mlir::triton::test::registerTestPasses();
  return mlir::asMainReturnCode(mlir::triton::tritonOptMain(
      argc, argv, "Triton IR optimizer driver\n", registry, keepSourceNames));
}
