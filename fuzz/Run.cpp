//===- Run.cpp - Fuzz target: triton-run ----------------------------------===//
//
// The input's first line is a grid and argument specs separated by spaces,
// as triton-run's --grid and --arg take them ("2 x=fp32[64]:rand(1) n=i32:64");
// the rest is the module. Runs its first public kernel in the interpreter
// under a small step and memory budget (the budgets' own errors are right
// answers). Specs that read files (file(...)) are dropped: the fuzzer must
// not wander the file system.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzCommon.h"
#include "interpreter/Driver.h"
#include "passes/Triton/RestoreSourceNames.h"

#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::triton;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  auto [header, body] = fuzz::asText(data, size).split('\n');
  interp::RunOptions options;
  llvm::SmallVector<llvm::StringRef> words;
  header.split(words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  if (words.empty())
    return 0;
  options.grid = words.front().str();
  for (llvm::StringRef word : llvm::drop_begin(words))
    if (!word.contains("file("))
      options.args.push_back(word.str());
  // A few thousand times the steps of a test kernel's program, and a budget
  // well under libFuzzer's 2 GiB: running out of either is an error, fine.
  options.maxSteps = "200000";
  options.maxMemory = "256M";
  llvm::Expected<interp::RunPlan> plan = interp::planRun(options);
  if (!plan) {
    llvm::consumeError(plan.takeError());
    return 0;
  }
  std::unique_ptr<MLIRContext> context = fuzz::makeContext();
  OwningOpRef<ModuleOp> module = fuzz::parseModule(body, *context);
  if (!module)
    return 0;
  // Arguments are named after their SSA names in the text, as in triton-run.
  PassManager names(context.get(), ModuleOp::getOperationName());
  names.addPass(createRestoreSourceNamesPass("fuzz-input", body.str()));
  if (failed(names.run(*module)))
    return 0;
  if (llvm::Error error =
          interp::runModule(*module, options, *plan, llvm::nulls()))
    llvm::consumeError(std::move(error));
  return 0;
}
