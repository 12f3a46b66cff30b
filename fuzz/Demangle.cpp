//===- Demangle.cpp - Fuzz target: the frontend-name demangler ------------===//
//
// Splits the input as a mangled function name of either scheme
// (passes/Specialize/Mangling.h), and checks each argument mangling it
// returns as a type mangling.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzCommon.h"
#include "passes/Specialize/Mangling.h"

using namespace mlir::triton;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef name = fuzz::asText(data, size);
  (void)mangling::parseScheme(name);
  (void)mangling::isTypeMangling(name);
  std::optional<mangling::DemangledName> parts = mangling::demangle(name);
  if (!parts)
    return 0;
  // What demangle splits off as an argument mangling must be one.
  for (const std::string &arg : parts->argManglings)
    if (!arg.empty() && !mangling::isTypeMangling(arg))
      __builtin_trap();
  return 0;
}
