//===- Options.h - Command-line options of triton-translate -----*- C++ -*-===//

#ifndef TRANSLATE_OPTIONS_H
#define TRANSLATE_OPTIONS_H

#include <string>

namespace mlir {
namespace triton {

/// What the device-code translations read from the command line.
struct TranslateOptions {
  std::string arch;  ///< sm_90a, sm_80, gfx942, gfx90a; empty: from the module
  int ptxVersion;    ///< PTX ISA version times ten (87 = 8.7)
  std::string ptxas; ///< path of ptxas
  std::string lld;   ///< path of ld.lld (LLD 22)
  std::string
      metadataPath; ///< where to write the metadata JSON; empty: nowhere
  std::string
      params; ///< comma-separated Triton signature, overriding the module's
  int shared; ///< shared-memory bytes when the module does not say; -1: unset
};

/// The options as given on the command line (registered with llvm::cl).
TranslateOptions getTranslateOptions();

/// Registers the options (idempotent).
void registerTranslateOptions();

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_OPTIONS_H
