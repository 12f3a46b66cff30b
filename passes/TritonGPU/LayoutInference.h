//===- LayoutInference.h - Source layouts of shape ops ----------*- C++ -*-===//
//
// Which layout a reshape's or transpose's operand must have for the op to
// produce a given layout without moving data between threads: the result's
// linear layout with its coordinates mapped back, spelled as a #ttg.blocked
// layout when one has exactly that linear layout, else as #ttg.linear.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONGPU_LAYOUTINFERENCE_H
#define PASSES_TRITONGPU_LAYOUTINFERENCE_H

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayout.h"

namespace mlir {
namespace triton {
namespace gpu {

/// The encoding of a tensor of `shape` whose linear layout is `layout`: a
/// blocked encoding (as Triton would build it for this shape) when one
/// matches exactly, else #ttg.linear. Null for layouts over several CTAs.
Attribute encodingForLinearLayout(MLIRContext *context, ArrayRef<int64_t> shape,
                                  const LinearLayout &layout);

/// The operand layout of `op` (tt.reshape, tt.trans, tt.join, tt.split or
/// ttg.fp4_to_fp of a tensor) that gives
/// `resultEncoding` with each thread keeping its elements; null when there is
/// none we can name.
Attribute inferSourceEncoding(Operation *op, Attribute resultEncoding);

/// The result layout `op` (as above) produces from
/// an operand in `sourceEncoding` with each thread keeping its elements;
/// null when there is none we can name.
Attribute inferResultEncoding(Operation *op, Attribute sourceEncoding);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // PASSES_TRITONGPU_LAYOUTINFERENCE_H
