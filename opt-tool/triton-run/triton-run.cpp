//===- triton-run.cpp - Run Triton IR on the CPU --------------------------===//
//
// triton-run FILE [--kernel NAME] --grid X[,Y[,Z]] --arg SPEC... [--print NAME]
//            [--save NAME=PATH.npy]... [--compare-after=PIPELINE
//            [--rtol R] [--atol A]] [--max-steps N] [--max-memory SIZE]
//
// Every spec is checked before anything runs. With --compare-after the kernel
// runs, the pipeline transforms a copy of the module, the copy runs on the
// same inputs, and the first buffer element that differs fails the run. A
// run that spends its step or memory budget stops with an error at the op it
// reached (exit status 1). The
// work is the interpreter library's (interpreter/Driver.h); this file reads
// the command line and the input.
//
//===----------------------------------------------------------------------===//

#include "dialects/InitAllDialects.h"
#include "interpreter/Driver.h"
#include "opt-tool/common/TextNesting.h"
#include "passes/InitAllPasses.h"
#include "passes/Triton/RestoreSourceNames.h"
#include "test/lib/InitTestPasses.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdlib>
#include <malloc.h>

using namespace mlir;
namespace cl = llvm::cl;
namespace interp = mlir::triton::interp;

static cl::opt<std::string>
    inputFilename(cl::Positional, cl::desc("<input file>"), cl::init("-"));
static cl::opt<std::string> kernelName("kernel", cl::desc("the tt.func to run"),
                                       cl::init(""));
static cl::opt<std::string> gridSpec("grid", cl::desc("programs: X[,Y[,Z]]"),
                                     cl::init(""));
static cl::list<std::string> argSpecs(
    "arg",
    cl::desc("NAME=DTYPE[D0,...][{shape=..,pad=nan}]:INIT or NAME=TYPE:VALUE"));
static cl::list<std::string>
    printNames("print", cl::desc("print buffer NAME after the run"));
static cl::list<std::string>
    saveSpecs("save", cl::desc("NAME=PATH.npy: save a buffer after the run"));
static cl::opt<std::string> compareAfter(
    "compare-after",
    cl::desc("run again after this pass pipeline (textual, or triton-opt flags "
             "such as '-triton-combine -canonicalize') and compare"),
    cl::init(""));
static cl::opt<double> relTol("rtol",
                              cl::desc("relative tolerance of --compare-after"),
                              cl::init(0.0));
static cl::opt<double> absTol("atol",
                              cl::desc("absolute tolerance of --compare-after"),
                              cl::init(0.0));
static cl::opt<std::string> maxSteps(
    "max-steps",
    cl::desc("stop with an error after N steps (ops run, terminators "
             "included, over the whole grid; each run of --compare-after "
             "has its own); default 1000000000"),
    cl::value_desc("N"), cl::init(""));
static cl::opt<std::string> maxMemory(
    "max-memory",
    cl::desc("stop with an error when the run would hold more than SIZE "
             "bytes (buffers, shared memory and values, 8 bytes an element; "
             "K, M, G, T suffixes are powers of 1024); default 8G"),
    cl::value_desc("SIZE"), cl::init(""));

/// Prints `error` (unless the diagnostics already said it all); exit status 1.
static int fail(llvm::Error error) {
  std::string message = llvm::toString(std::move(error));
  if (!message.empty())
    llvm::errs() << "triton-run: error: " << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // Each program of the grid allocates its tensors and frees them all at its
  // end; with glibc's defaults the freed top of the heap goes back to the OS
  // and the next program faults the same pages in again (a fifth of a
  // softmax run). Keep freed memory, and serve the input buffers from it too.
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  cl::ParseCommandLineOptions(argc, argv, "Triton IR interpreter\n");
  interp::RunOptions options;
  options.kernelName = kernelName;
  options.grid = gridSpec;
  options.args.assign(argSpecs.begin(), argSpecs.end());
  options.print.assign(printNames.begin(), printNames.end());
  options.save.assign(saveSpecs.begin(), saveSpecs.end());
  options.compareAfter = compareAfter;
  options.tolerance = {relTol, absTol};
  options.toleranceGiven =
      relTol.getNumOccurrences() || absTol.getNumOccurrences();
  options.reportKernelTime = std::getenv("TRITON_RUN_TIMING") != nullptr;
  options.maxSteps = maxSteps;
  options.maxMemory = maxMemory;
  llvm::Expected<interp::RunPlan> plan = interp::planRun(options);
  if (!plan)
    return fail(plan.takeError());
  // Only a comparison needs the passes: a plain run skips registering them.
  if (!options.compareAfter.empty()) {
    mlir::triton::registerTritonPasses();
    mlir::triton::test::registerTestPasses();
  }

  DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  std::string error;
  auto file = openInputFile(inputFilename, &error);
  if (!file)
    return fail(llvm::createStringError(error));
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  if (!triton::textNestingFits(sourceMgr, sourceMgr.getMainFileID()))
    return 1;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  // Arguments are named after their name locations; written without any,
  // they are named after their SSA names in the text, as triton-opt does.
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  PassManager names(&context, ModuleOp::getOperationName());
  names.addPass(mlir::triton::createRestoreSourceNamesPass(
      buffer->getBufferIdentifier().str(), buffer->getBuffer().str()));
  if (failed(names.run(*module)))
    return 1;
  if (llvm::Error e = interp::runModule(*module, options, *plan, llvm::outs()))
    return fail(std::move(e));
  return 0;
}
