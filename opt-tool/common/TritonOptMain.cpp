//===- TritonOptMain.cpp - The main loop of triton-opt --------------------===//

#include "opt-tool/common/TritonOptMain.h"
#include "opt-tool/common/TextNesting.h"
#include "passes/Triton/RestoreSourceNames.h"

#include "mlir/IR/Dialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// LLVM defines `-debug` only in builds with assertions; Debian's LLVM 22 has
/// none, yet upstream Triton's habits (and lit tests) pass it. Here it sets
/// the flag that LLVM_DEBUG output reads, so code built with debug output
/// prints it (to stderr) and a release build runs as without the flag.
static void registerDebugFlag() {
  if (llvm::cl::getRegisteredOptions().count("debug"))
    return;
  static llvm::cl::opt<bool, /*ExternalStorage=*/true> debug(
      "debug",
      llvm::cl::desc("Print LLVM_DEBUG output (code built without NDEBUG "
                     "only; accepted and without effect otherwise)"),
      llvm::cl::location(llvm::DebugFlag), llvm::cl::Hidden);
}

LogicalResult mlir::triton::tritonOptMain(int argc, char **argv,
                                          StringRef toolName,
                                          DialectRegistry &registry,
                                          const bool &keepSourceNames) {
  registerDebugFlag();
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
  {
    // Text nested too deep for MLIR's parser is a located error instead of
    // a stack overflow (the buffer is only borrowed for the diagnostic).
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(file->getMemBufferRef(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    if (!textNestingFits(sourceMgr, sourceMgr.getMainFileID()))
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
