//===- TritonOptMain.cpp - The main loop of triton-opt --------------------===//

#include "opt-tool/common/TritonOptMain.h"
#include "passes/Triton/RestoreSourceNames.h"

#include "mlir/IR/Dialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

LogicalResult mlir::triton::tritonOptMain(int argc, char **argv,
                                          StringRef toolName,
                                          DialectRegistry &registry,
                                          const bool &keepSourceNames) {
  auto [inputFilename, outputFilename] =
      registerAndParseCLIOptions(argc, argv, toolName, registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();

  if (config.shouldShowDialects()) {
    llvm::outs() << "Available Dialects: ";
    llvm::interleave(registry.getDialectNames(), llvm::outs(), ",");
    llvm::outs() << "\n";
    return success();
  }
  if (config.shouldListPasses()) {
    printRegisteredPasses();
    return success();
  }

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return failure();
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return failure();
  }

  if (keepSourceNames) {
    std::string bufferName = file->getBufferIdentifier().str();
    std::string source = file->getBuffer().str();
    MlirOptMainConfig userPipeline = config;
    config.setPassPipelineSetupFn(
        [userPipeline, bufferName, source](PassManager &pm) -> LogicalResult {
          pm.addPass(createRestoreSourceNamesPass(bufferName, source));
          return userPipeline.setupPassPipeline(pm);
        });
  }

  if (failed(MlirOptMain(output->os(), std::move(file), registry, config)))
    return failure();
  output->keep();
  return success();
}
