//===- UpstreamFlags.h - Upstream Triton's pass flag spellings --*- C++ -*-===//

#ifndef PASSES_UPSTREAMFLAGS_H
#define PASSES_UPSTREAMFLAGS_H

namespace mlir {
namespace triton {

/// Makes upstream Triton 3.6's pass flags and option names work beside ours:
/// flags that name one of our passes differently become aliases of it, and
/// options that upstream spells differently are renamed before our passes
/// read them. Call after every pass is registered.
void registerUpstreamFlags();

} // namespace triton
} // namespace mlir

#endif // PASSES_UPSTREAMFLAGS_H
