//===- TextNesting.h - Refusing text nested too deep to parse ---*- C++ -*-===//
//
// MLIR's parser recurses for each nested region, attribute and type, so text
// nested deeply enough overflows the stack (about 4000 nested `scf.if` or
// `[` with 8 MiB, fewer under AddressSanitizer). Kernels nest a few dozen
// levels; the tools refuse text nested deeper than kMaxTextNesting before
// parsing it, with a located error.
//
//===----------------------------------------------------------------------===//

#ifndef OPT_TOOL_COMMON_TEXTNESTING_H
#define OPT_TOOL_COMMON_TEXTNESTING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>

namespace mlir {
namespace triton {

constexpr unsigned kMaxTextNesting = 1024;

/// Where `text` (MLIR assembly) first nests deeper than kMaxTextNesting:
/// brackets, braces, parentheses and angle brackets together, strings and
/// `//` comments skipped, `->` not a bracket. Unbalanced closers only make
/// the count smaller, so valid text is never refused for them.
std::optional<size_t> findTooDeepNesting(llvm::StringRef text);

/// Reports (at the first bracket past the limit, through `sourceMgr`'s
/// diagnostic printer) when buffer `bufferId` nests too deep; false then.
/// MLIR bytecode always fits.
bool textNestingFits(llvm::SourceMgr &sourceMgr, unsigned bufferId);

} // namespace triton
} // namespace mlir

#endif // OPT_TOOL_COMMON_TEXTNESTING_H
