//===- Options.cpp - Defaults of the translations' options ----------------===//
//
// The paths come from the configuration (translate/CMakeLists.txt), so they
// are resolved here rather than in the header every user includes.
//
//===----------------------------------------------------------------------===//

#include "translate/Options.h"

std::string mlir::triton::getDefaultPtxasPath() { return TRITON_DEFAULT_PTXAS; }

std::string mlir::triton::getDefaultLldPath() { return TRITON_DEFAULT_LLD; }

std::string mlir::triton::getDefaultLibdevicePath() {
  return TRITON_DEFAULT_LIBDEVICE;
}
