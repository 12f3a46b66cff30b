//===- ParseVerify.cpp - Fuzz target: any text as a module ----------------===//
//
// Parses and verifies the input as a module of all our dialects, then prints
// it in both the custom and the generic form (custom printers run on
// whatever their verifiers let through).
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzCommon.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::triton;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::unique_ptr<MLIRContext> context = fuzz::makeContext();
  OwningOpRef<ModuleOp> module =
      fuzz::parseModule(fuzz::asText(data, size), *context);
  if (!module)
    return 0;
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os);
  module->print(os, OpPrintingFlags().printGenericOpForm());
  return 0;
}
