//===- ReduceScanUtility.h - What tt.reduce and tt.scan share ---*- C++ -*-===//
//
// Both ops combine elements along one axis of a distributed tensor with a
// scalar combine region. They need to know which register, lane and warp bits
// move an element along the axis, to inline the region on LLVM values, to
// move tuples of values (one per operand) through shuffles and shared
// memory, and to name an element of the other dimensions by a flat index.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_REDUCESCANUTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_REDUCESCANUTILITY_H

#include "dialects/TritonGPU/IR/LinearLayout.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"

#include "mlir/Transforms/DialectConversion.h"

#include <map>
#include <string>

namespace mlir {
namespace triton {

/// One value per operand of the op (the elements combined together).
using ValueTuple = SmallVector<Value, 2>;
/// Tensor coordinates, one per dimension.
using Coords = SmallVector<int32_t>;

/// The input dimensions of a distributed linear layout.
enum class HardwareDim { Register, Lane, Warp };

/// Where each bit of the coordinate along the reduced or scanned axis comes
/// from, for a layout whose every basis moves along the axis alone (by a
/// distinct power of two) or not at all, as blocked, slice and MMA layouts do.
struct AxisBits {
  struct Owner {
    HardwareDim dim;
    unsigned bit; // which bit of that input dimension
  };
  /// owners[p] moves the coordinate by 2^p; every p below log2 of the axis
  /// size has one.
  SmallVector<Owner> owners;

  /// The bits of `dim` (as indices into its bases) that move along the axis,
  /// in increasing order of the axis bit they move.
  SmallVector<unsigned> bitsOf(HardwareDim dim) const;
};

/// The axis bits of `layout`, or a message saying why the layout is not one
/// this lowering handles.
FailureOr<AxisBits> analyzeAxis(const gpu::LinearLayout &layout, unsigned axis,
                                std::string &whyNot);

/// The LLVM type an element of `type` takes (the type converter's element
/// type: small floats are integers).
Type getLLVMElementType(const TypeConverter &converter, Type type);

/// Inlines the single block of `combine` (a tt.reduce or tt.scan region) on
/// `acc` and `cur`; the cloned scalar ops are then lowered by the same
/// conversion. Returns the yielded values as LLVM values.
ValueTuple emitCombine(ConversionPatternRewriter &rewriter, Location loc,
                       Block &combine, const TypeConverter &converter,
                       ValueRange acc, ValueRange cur);

/// Whether swapping `acc` and `cur` cannot change what `combine` yields: each
/// result is one commutative op (arith.addf, arith.maxsi, ...) of the two
/// arguments of its operand.
bool isCommutativeCombine(Block &combine);

/// `cond ? a : b`, element by element.
ValueTuple selectTuple(OpBuilder &b, Location loc, Value cond, ValueRange a,
                       ValueRange b2);

/// A slot of the scratch: `index` (i32, per thread) plus `constant`, where
/// every thread's `index` is a multiple of 2^indexAlignLog2.
struct ScratchSlot {
  Value index;
  unsigned indexAlignLog2 = 0;
  int64_t constant = 0;
};

/// Scratch of the op: one region per operand, each holding `slots` elements,
/// regions of wider elements first so that every region is aligned.
///
/// Accesses carry the alignment the slot's known multiple gives, and the
/// constant is added to the pointer, not to the index: LLVM's known-bits
/// search stops a few instructions deep (a flattened thread index is often
/// deeper), and instcombine may fold a constant added to a masked thread
/// index into a non-disjoint `or`; either way the load-store vectorizer no
/// longer joins neighbouring slots.
class ScratchTuple {
public:
  /// `types` are the LLVM element types of the operands.
  ScratchTuple(OpBuilder &b, Location loc, int64_t offset, ArrayRef<Type> types,
               int64_t slots);
  /// Bytes the layout takes.
  static int64_t getSizeInBytes(ArrayRef<Type> types, int64_t slots);
  void store(OpBuilder &b, Location loc, const ScratchSlot &slot,
             ValueRange values) const;
  ValueTuple load(OpBuilder &b, Location loc, const ScratchSlot &slot) const;

private:
  /// The address of `slot` in operand `i`'s region, and its alignment.
  std::pair<Value, unsigned> address(OpBuilder &b, Location loc, unsigned i,
                                     const ScratchSlot &slot) const;

  SmallVector<Type> types;
  SmallVector<Value> bases;           // per operand, typed by its storage type
  SmallVector<int64_t> regionOffsets; // per operand, bytes into shared memory
};

/// log2 of the largest power of two that divides, for every thread, the
/// row-major index in `shape` of the coordinates `layout`'s lanes, warps and
/// (where `withBlock`) blocks give, dimension `dropped` of the layout left
/// out (shape has one dimension fewer then), each xor `regPart`'s constant.
/// 31 where that index is always 0; 0 (nothing known) where `shape` does
/// not have the layout's dimensions less `dropped`.
unsigned getFlatIndexAlignLog2(const gpu::LinearLayout &layout,
                               std::optional<unsigned> dropped,
                               ArrayRef<int32_t> regPart,
                               ArrayRef<int64_t> shape, bool withBlock);

/// The element size in shared memory of an LLVM type (i1 takes a byte,
/// pointers eight).
int64_t getSharedBytes(Type llvmType);

/// The row-major index of `coords` (runtime i32 values) in `shape`.
Value flattenIndex(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                   ArrayRef<int64_t> shape);

/// For each (from, to) pair, bit `from` of `value` (i32) moved to bit `to` of
/// the result; the result's other bits are 0. Runs of consecutive bits move
/// with one shift and mask.
Value moveBits(OpBuilder &b, Location loc, Value value,
               ArrayRef<std::pair<unsigned, unsigned>> moves);

/// `coords` with dimension `axis` removed.
Coords dropAxis(ArrayRef<int32_t> coords, unsigned axis);

/// The thread's coordinates with each register's constant part xored in:
/// `threadPart[d] ^ regPart[d]` as i32 values.
SmallVector<Value> combineCoords(OpBuilder &b, Location loc,
                                 ArrayRef<Value> threadPart,
                                 ArrayRef<int32_t> regPart);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_REDUCESCANUTILITY_H
