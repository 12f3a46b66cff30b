//===- ShapeOpLayouts.h - Layouts across ops that keep data in place -*- C++
//-*-===//
//
// The layout on the other side of an op that moves no data between threads:
// tt.trans (dimensions permuted), tt.join / tt.split (a pair dimension added
// or removed) and ttg.fp4_to_fp (two values of a byte in one thread), as
// linear layouts. The ttg module check compares the layouts written in the IR
// against these; passes use them to pick the layout on the other side.
//
//===----------------------------------------------------------------------===//

#ifndef DIALECTS_TRITONGPU_IR_SHAPEOPLAYOUTS_H
#define DIALECTS_TRITONGPU_IR_SHAPEOPLAYOUTS_H

#include "dialects/TritonGPU/IR/LinearLayout.h"

#include "mlir/Support/LLVM.h"

namespace mlir {
namespace triton {
namespace gpu {

/// `layout` with its output dimensions permuted: result dimension i is
/// source dimension order[i] (tt.trans).
std::optional<LinearLayout> transposedLayout(const LinearLayout &layout,
                                             ArrayRef<int32_t> order);

/// `layout` with a new last dimension of size 2 whose two elements sit in
/// consecutive registers of one thread (tt.join's result).
std::optional<LinearLayout> joinedLayout(const LinearLayout &layout);

/// The inverse of joinedLayout (tt.split's results): null when the last
/// dimension, of size 2, is not one register basis alone.
std::optional<LinearLayout> splitLayout(const LinearLayout &layout);

/// ttg.fp4_to_fp's result layout for a source layout: `axis` doubled, the
/// two values of a byte in consecutive registers (a new first register
/// basis), every other basis pointing twice as far along `axis`.
std::optional<LinearLayout> unpackedLayout(const LinearLayout &layout,
                                           unsigned axis);

/// The inverse of unpackedLayout (the source layout a result layout needs):
/// null when no register basis is one step along `axis` alone, or another
/// basis points an odd distance along it.
std::optional<LinearLayout> packedLayout(const LinearLayout &layout,
                                         unsigned axis);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // DIALECTS_TRITONGPU_IR_SHAPEOPLAYOUTS_H
