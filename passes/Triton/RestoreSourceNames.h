//===- RestoreSourceNames.h - SSA names of region arguments -----*- C++ -*-===//
//
// Custom op syntax such as `scf.for %k = ... iter_args(%acc_5 = ...)` prints no
// location for the region arguments it defines, so a re-parsed file loses the
// NameLocs that `--mlir-use-nameloc-as-prefix` names them by, and every later
// name shifts. The pass here gives such arguments back a NameLoc made from the
// name they had in the source text, so triton-opt prints a file back as it read
// it.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITON_RESTORESOURCENAMES_H
#define PASSES_TRITON_RESTORESOURCENAMES_H

#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace mlir {
namespace triton {

/// A pass that names the region arguments parsed from `source` (a buffer
/// called `bufferName`) after their SSA names there: `%acc_5` becomes
/// NameLoc("acc"), the printer adding its own suffix again. Arguments named
/// `%argN`, or with a location of their own, are left alone.
std::unique_ptr<Pass> createRestoreSourceNamesPass(std::string bufferName,
                                                   std::string source);

} // namespace triton
} // namespace mlir

#endif // PASSES_TRITON_RESTORESOURCENAMES_H
