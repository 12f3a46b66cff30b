//===- ArgSpec.cpp - Fuzz target: triton-run's argument specs -------------===//
//
// Parses the input as one --arg spec (interpreter/ArgSpecs.h) and, for a
// buffer of at most 2^16 elements that does not read a file, creates it
// (every generated initialiser runs).
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzCommon.h"
#include "interpreter/ArgSpecs.h"

using namespace mlir;
using namespace mlir::triton;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<interp::ArgSpec> spec =
      interp::parseArgSpec(fuzz::asText(data, size));
  if (!spec) {
    llvm::consumeError(spec.takeError());
    return 0;
  }
  if (!spec->isBuffer || llvm::StringRef(spec->init).starts_with("file("))
    return 0;
  int64_t elements = 1;
  for (int64_t dim : spec->shape)
    if (dim < 0 || (dim && elements > (int64_t(1) << 16) / dim))
      return 0;
    else
      elements *= dim;
  static std::unique_ptr<MLIRContext> context = fuzz::makeContext();
  llvm::Expected<interp::Buffer> buffer =
      interp::makeBuffer(context.get(), *spec, /*threads=*/1);
  if (!buffer)
    llvm::consumeError(buffer.takeError());
  return 0;
}
