//===- Pipelines.cpp - Fuzz target: make_ttgir and make_llir --------------===//
//
// Runs make_ttgir then make_llir, as triton-opt's pipelines, for cuda:90 and
// for hip:gfx942 on each input that parses and verifies (a failing pass or
// verifier is a diagnostic, the right answer; only crashes are findings).
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzCommon.h"
#include "passes/InitAllPasses.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::triton;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  registerTritonPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::unique_ptr<MLIRContext> context = fuzz::makeContext();
  OwningOpRef<ModuleOp> module =
      fuzz::parseModule(fuzz::asText(data, size), *context);
  if (!module)
    return 0;
  for (const char *target : {"cuda:90", "hip:gfx942"}) {
    OwningOpRef<ModuleOp> copy = module->clone();
    PassManager pm(context.get(), ModuleOp::getOperationName());
    std::string pipeline = std::string("triton-make-ttgir{target=") + target +
                           "},triton-make-llir{target=" + target + "}";
    if (failed(parsePassPipeline(pipeline, pm)))
      __builtin_trap(); // the pipelines are ours: a typo, not a finding
    (void)pm.run(*copy);
  }
  return 0;
}
