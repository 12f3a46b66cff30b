//===- triton-llvm-opt.cpp - Triton's LLVM IR passes on textual IR --------===//
//
// A small `opt` for the passes that the toolchain runs on LLVM IR around
// LLVM's own pipeline (translate/LLVMPasses.h): reads LLVM IR (text or
// bitcode), runs the passes named on the command line in their order, checks
// the module and prints it as text.
//
//   triton-llvm-opt -break-struct-phi-nodes kernel.ll
//   triton-llvm-opt -passes='freeze-masked-div-rem,simplifycfg' kernel.ll
//
//===----------------------------------------------------------------------===//

#include "translate/LLVMPasses.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/TargetParser/Triple.h"

#include <optional>

using namespace llvm;

namespace {

cl::opt<std::string> inputFilename(cl::Positional,
                                   cl::desc("<input LLVM IR or bitcode>"),
                                   cl::init("-"), cl::value_desc("filename"));
cl::opt<std::string> outputFilename("o", cl::desc("Output file (default: -)"),
                                    cl::value_desc("filename"), cl::init("-"));
cl::opt<std::string> dataLayout("data-layout",
                                cl::desc("Data layout to give the module"),
                                cl::value_desc("layout-string"));
cl::opt<std::string> targetTriple("mtriple",
                                  cl::desc("Target triple to give the module"));

/// The passes by flag; a flag may be given more than once and the passes run
/// in the order of their flags, before those of -passes.
enum class TritonPass { BreakStructPhiNodes, FreezeMaskedDivRem };
cl::list<TritonPass> passFlags(
    cl::desc("Passes:"),
    cl::values(
        clEnumValN(TritonPass::BreakStructPhiNodes, "break-struct-phi-nodes",
                   "Split phis of structs into a phi per field"),
        clEnumValN(TritonPass::FreezeMaskedDivRem, "freeze-masked-div-rem",
                   "Freeze phi divisors that may be zero or undef (masked "
                   "loads)")));

cl::opt<std::string> passPipeline(
    "passes",
    cl::desc("A textual pipeline of LLVM's passes and the ones above, e.g. "
             "'break-struct-phi-nodes,instcombine'"),
    cl::value_desc("pipeline"));

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "Triton's LLVM IR passes on textual LLVM IR\n");
  const char *tool = argv[0];

  LLVMContext context;
  SMDiagnostic error;
  auto setDataLayout = [](StringRef, StringRef) -> std::optional<std::string> {
    if (dataLayout.empty())
      return std::nullopt;
    return dataLayout.getValue();
  };
  std::unique_ptr<Module> module =
      parseIRFile(inputFilename, error, context, ParserCallbacks(setDataLayout));
  if (!module) {
    error.print(tool, errs());
    return 1;
  }
  if (!targetTriple.empty())
    module->setTargetTriple(Triple(Triple::normalize(targetTriple)));

  LoopAnalysisManager loopAnalyses;
  FunctionAnalysisManager functionAnalyses;
  CGSCCAnalysisManager cgsccAnalyses;
  ModuleAnalysisManager moduleAnalyses;
  PassBuilder builder;
  mlir::triton::registerTritonLLVMPasses(builder);
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(cgsccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, cgsccAnalyses,
                               moduleAnalyses);

  // The passes given by flag first, in their order, then -passes.
  ModulePassManager passes;
  FunctionPassManager functionPasses;
  for (TritonPass pass : passFlags) {
    switch (pass) {
    case TritonPass::BreakStructPhiNodes:
      functionPasses.addPass(mlir::triton::BreakStructPhiNodesPass());
      break;
    case TritonPass::FreezeMaskedDivRem:
      functionPasses.addPass(mlir::triton::FreezeMaskedDivRemPass());
      break;
    }
  }
  if (!functionPasses.isEmpty())
    passes.addPass(createModuleToFunctionPassAdaptor(std::move(functionPasses)));
  if (!passPipeline.empty()) {
    if (Error err = builder.parsePassPipeline(passes, passPipeline)) {
      WithColor::error(errs(), tool)
          << "in -passes='" << passPipeline << "': " << toString(std::move(err))
          << "\n";
      return 1;
    }
  }
  passes.run(*module, moduleAnalyses);

  if (verifyModule(*module, &errs())) {
    WithColor::error(errs(), tool)
        << inputFilename << ": the module is broken after the passes\n";
    return 1;
  }

  std::error_code ec;
  ToolOutputFile out(outputFilename, ec, sys::fs::OF_TextWithCRLF);
  if (ec) {
    WithColor::error(errs(), tool)
        << "cannot open '" << outputFilename << "': " << ec.message() << "\n";
    return 1;
  }
  out.os() << *module;
  out.keep();
  return 0;
}
