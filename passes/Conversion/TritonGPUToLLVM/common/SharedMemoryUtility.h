//===- SharedMemoryUtility.h - Addressing shared memory from registers ----===//
//
// What the lowerings that move tensors through shared memory share: linear
// algebra over GF(2) on element indices (every shape is a power of two, so a
// row-major flat index is the concatenation of the coordinates' bits and a
// layout's basis vectors XOR into it), the element offsets a distributed
// layout's registers, lanes and warps reach in a buffer, the widest vector
// accesses those offsets allow, and the element types values take in memory.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_SHAREDMEMORYUTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_SHAREDMEMORYUTILITY_H

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayout.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/IR/Builders.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace triton {

using gpu::GF2Span;

/// log2 of a power of two.
unsigned log2Exact(int64_t value);

/// The row-major flat index of a coordinate vector of `shape` (powers of two).
uint64_t flattenCoords(llvm::ArrayRef<int32_t> coords,
                       llvm::ArrayRef<int64_t> shape);

/// The bases of input dimension `dim` of a distributed layout over `shape`
/// as flat indices (empty when the dimension is absent).
llvm::SmallVector<uint64_t> getFlatBases(const gpu::LinearLayout &layout,
                                         llvm::StringRef dim,
                                         llvm::ArrayRef<int64_t> shape);

/// Element offsets of a distributed layout's input bases in some buffer: the
/// offset of register r, lane l, warp w is the XOR of the offsets of their
/// set bits.
struct OffsetMap {
  llvm::SmallVector<int64_t> registers, lanes, warps;
};

/// The calling thread's part of the offset (lane and warp bits), i32.
Value emitThreadOffset(OpBuilder &b, Location loc, const OffsetMap &map,
                       LaneAndWarp thread);
/// The offset of a register (its constant part).
int64_t getRegisterOffset(const OffsetMap &map, unsigned reg);

/// The calling thread's part of an offset and the bits it can have set.
struct ThreadOffset {
  Value value;
  int64_t bits;
  /// The offset XOR a register's constant part. On the bits the thread part
  /// cannot set, XOR is addition, and those go in as an add: LLVM folds it
  /// into the address's immediate, so a thread's accesses share one base
  /// register instead of one XOR result each.
  Value withRegister(OpBuilder &b, Location loc, int64_t registerOffset) const;
};
/// emitThreadOffset with its bits, a view's run-time offset (`view`, may be
/// null; only `viewBits` set) XORed in.
ThreadOffset emitThreadOffset(OpBuilder &b, Location loc, const OffsetMap &map,
                              LaneAndWarp thread, Value view, int64_t viewBits);

/// How a thread accesses its registers as vectors: vector element j is
/// register `base | spread(j)`, where bit i of j becomes register bit
/// `registerBits[i]`; the vector's offset is the base register's.
struct VectorPlan {
  llvm::SmallVector<unsigned> registerBits;
  unsigned elements() const { return 1u << registerBits.size(); }
  /// The register bits a vector spans.
  unsigned mask() const;
  /// The register of element `j` of the vector starting at `base`.
  unsigned spread(unsigned base, unsigned j) const;
};

/// The widest vectors (at most `maxElements`) whose elements sit at
/// consecutive offsets: registers whose offsets are 1, 2, 4, ..., provided no
/// other basis (nor any bit in `extraOffsetMask`, offsets added at run time)
/// touches those offset bits, so every vector starts aligned.
VectorPlan planVectors(const OffsetMap &map, unsigned maxElements,
                       int64_t extraOffsetMask = 0);

/// Loads of a distributed layout's registers as 8 x 8 matrices of 16-bit
/// elements (TargetInfoBase::loadMatrices): three input bits of the layout
/// reach offsets 1, 2, 4 (a 16-byte row), three more pick the row, registers
/// 1 and 2 the matrix, and every other basis keeps rows 16-byte aligned.
/// Without transposition the row's elements are register 0 and lanes 0, 1,
/// the rows lanes 2..4 (the mma fragment of a row-major 8 x 8); transposed,
/// the row's elements are lanes 2..4 and the rows register 0, lanes 0, 1.
///
/// Untransposed, 8- and 32-bit elements go too: a 32-bit word of the
/// matrix holds four bytes (registers 0, 1) or one element, lanes 0, 1 pick
/// the word, lanes 2..4 the row, the next register bits the matrix (fp8 and
/// tf32 mma operands, fp32 accumulators). With fewer than two such register
/// bits, one access takes one or two matrices. Stores leave out registers
/// that repeat others (their bits are `registerBits`).
struct MatrixLoadPlan {
  bool transpose = false;
  unsigned elementBytes = 2;
  unsigned count = 4;      // matrices per load
  unsigned matrixBits = 2; // register bits picking them (repeats included)
  OffsetMap rowMap; // lane bits -> offsets of the row each lane supplies
  /// Stores: the register bits stored, in order (the planned map's).
  llvm::SmallVector<unsigned> registerBits;
};

/// The matrix loads for `map` (element offsets in a buffer, `viewOffsetMask`
/// the bits added at run time), or nullopt when the target has none or the
/// offsets do not form such matrices. `anyCount` also takes loads of one or
/// two matrices where the registers pick no more (a layout conversion does
/// where Triton 3.6 picked matrices for it: `.x1`, `.x2`).
std::optional<MatrixLoadPlan> planMatrixLoads(const OffsetMap &map,
                                              int64_t viewOffsetMask,
                                              Type sharedType,
                                              const TargetInfoBase &target,
                                              bool anyCount = false);

/// The same plan for matrix stores (TargetInfoBase::storeMatrices).
std::optional<MatrixLoadPlan> planMatrixStores(const OffsetMap &map,
                                               int64_t viewOffsetMask,
                                               Type sharedType,
                                               const TargetInfoBase &target,
                                               bool anyCount = false);

/// Stores every register of `map` (`values`, converted to `sharedType`)
/// with the planned matrix stores at `base`, the calling thread's rows at
/// `viewOffset` (i32, may be null; only `viewBits` set) further; registers
/// that repeat others are not stored again.
void emitMatrixStores(OpBuilder &b, Location loc, const MatrixLoadPlan &plan,
                      const OffsetMap &map, Value base, Value viewOffset,
                      int64_t viewBits, LaneAndWarp thread, Type sharedType,
                      llvm::ArrayRef<Value> values,
                      const TargetInfoBase &target);

/// Every register of `map` (1 << map.registers.size() values of
/// `registerType`) through the planned matrix loads from `base`, the
/// calling thread's rows at `viewOffset` (i32, may be null; only `viewBits`
/// set) further.
llvm::SmallVector<Value>
emitMatrixLoads(OpBuilder &b, Location loc, const MatrixLoadPlan &plan,
                const OffsetMap &map, Value base, Value viewOffset,
                int64_t viewBits, LaneAndWarp thread, Type sharedType,
                Type registerType, const TargetInfoBase &target);

/// Register bits whose basis is zero: such registers repeat another one.
unsigned getBroadcastRegisterMask(const gpu::LinearLayout &layout);

/// A predicate true in the one thread, among the lanes and warps holding
/// the same elements, that should write them; null when no two threads
/// hold the same elements.
Value getUniqueOwnerPredicate(OpBuilder &b, Location loc,
                              const gpu::LinearLayout &layout,
                              LaneAndWarp thread);

/// The LLVM type an element of `elementType` has in shared memory: i1 is a
/// byte, pointers are i64, 8-bit floats are i8, others as converted.
Type getSharedElementType(const TritonGPUToLLVMTypeConverter &converter,
                          Type elementType);
/// A register value (of the converted type) as its shared-memory type, and
/// back.
Value toSharedValue(OpBuilder &b, Location loc, Value value, Type sharedType);
Value fromSharedValue(OpBuilder &b, Location loc, Value value,
                      Type registerType);

/// #ttg.padded_shared's padding, one entry per interval: after every
/// 2^intervalLog2 elements, 2^paddingLog2 more are skipped.
struct SharedPadding {
  unsigned intervalLog2, paddingLog2;
  bool operator==(const SharedPadding &other) const {
    return intervalLog2 == other.intervalLog2 &&
           paddingLog2 == other.paddingLog2;
  }
};

/// Where element `offset` (i32, counted without padding) of the buffer at
/// `base` sits. Targets whose accesses keep the element type (AMD) address
/// shared memory in bytes through an inbounds i8 GEP, as 3.6 does: the LDS
/// instructions' immediate offsets are bytes. A padded buffer adds, per
/// interval, (offset >> log2 interval) << log2 padding, in bytes too.
Value getSharedAddress(OpBuilder &b, Location loc, Value base, Value offset,
                       Type sharedType, const TargetInfoBase &target,
                       llvm::ArrayRef<SharedPadding> padding = {});

/// Stores `values` (already of `sharedType`) as one access at element
/// `offset` (i32) of `base` (a shared pointer), aligned to the vector, of the
/// target's access type.
void storeSharedVector(OpBuilder &b, Location loc, Value base, Value offset,
                       llvm::ArrayRef<Value> values, Type sharedType,
                       const TargetInfoBase &target,
                       llvm::ArrayRef<SharedPadding> padding = {});
/// Loads `count` consecutive elements of `sharedType` from element `offset`.
llvm::SmallVector<Value>
loadSharedVector(OpBuilder &b, Location loc, Value base, Value offset,
                 unsigned count, Type sharedType, const TargetInfoBase &target,
                 llvm::ArrayRef<SharedPadding> padding = {});
/// The same two at an address already computed.
void storeSharedVectorAt(OpBuilder &b, Location loc, Value address,
                         llvm::ArrayRef<Value> values, Type sharedType,
                         const TargetInfoBase &target);
llvm::SmallVector<Value> loadSharedVectorAt(OpBuilder &b, Location loc,
                                            Value address, unsigned count,
                                            Type sharedType,
                                            const TargetInfoBase &target);

/// The bytes an element of `sharedType` takes.
unsigned getSharedElementBytes(Type sharedType);

/// How a !ttg.memdesc's elements sit in its buffer: the inverse of its shared
/// encoding's linear layout over the trailing dimensions of its alloc shape
/// (leading dimensions beyond the encoding's rank are whole buffers laid one
/// after another), so that view coordinates map to element offsets. A view
/// of part of a buffer (memdesc_subslice) carries coordinate offsets that are
/// multiples of its shape, so adding them is XORing them in.
class SharedMemoryLayout {
public:
  /// Fails (nullopt) for encodings without a linear layout or layouts that
  /// are not one to one; `reason` then says why. A #ttg.padded_shared
  /// buffer is described by its linear component (offsets without padding)
  /// and getPadding(); only callers that apply the padding to their
  /// addresses ask for it (`allowPadding`), for the others it fails.
  static std::optional<SharedMemoryLayout> get(gpu::MemDescType type,
                                               std::string &reason,
                                               bool allowPadding = false);

  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  llvm::ArrayRef<int64_t> getLayoutShape() const { return layoutShape; }
  /// The element offset of view coordinates (within the layout shape).
  int64_t getOffset(llvm::ArrayRef<int32_t> coords) const;
  /// The element offsets of a distributed layout's bases over the view
  /// (within the calling CTA's tile: see whyNotInOwnCTA).
  OffsetMap mapDistributed(const gpu::LinearLayout &layout) const;
  /// In a cluster, why a distributed layout's elements are not all in its
  /// CTA's tile (or copy) of the buffer, which mapDistributed needs; empty
  /// when they are (always so outside clusters).
  std::string whyNotInOwnCTA(const gpu::LinearLayout &layout) const;
  /// Per CTA bit of a cluster, the buffer coordinates its tile starts at
  /// (zero where the CTAs hold copies); empty outside clusters.
  llvm::ArrayRef<gpu::LinearLayout::Basis> getBlockBases() const {
    return blockBases;
  }
  /// The offset bits that the view's coordinate offsets can contribute.
  int64_t getViewOffsetMask() const;
  /// The offset the view's coordinate offsets (i32 each) contribute, i32;
  /// null when the view is a whole buffer.
  Value emitViewOffset(OpBuilder &b, Location loc,
                       llvm::ArrayRef<Value> coordOffsets) const;
  /// Elements of one buffer along the leading dimension (memdesc_index).
  int64_t getSliceElements() const;
  /// Whether the leading dimension is a plain run of whole buffers.
  bool isLeadingDimOuter() const;
  /// The padding of a #ttg.padded_shared buffer (empty otherwise).
  llvm::ArrayRef<SharedPadding> getPadding() const { return padding; }
  /// The most elements one access may span: a padded buffer's vectors stay
  /// within its smallest interval.
  unsigned getMaxVectorElements(unsigned elementBytes) const;

private:
  llvm::SmallVector<int64_t> shape, layoutShape;
  llvm::SmallVector<SharedPadding> padding;
  std::vector<gpu::LinearLayout::Basis> blockBases;
  GF2Span offsetBases; // offset bit i: flat index over layoutShape
};

/// The pieces of a memdesc's LLVM struct: base pointer and coordinate offsets.
struct SharedMemoryObject {
  Value base;
  llvm::SmallVector<Value> offsets;
};
SharedMemoryObject unpackSharedMemoryObject(OpBuilder &b, Location loc,
                                            Value value);
Value packSharedMemoryObject(OpBuilder &b, Location loc, Type structType,
                             const SharedMemoryObject &object);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_SHAREDMEMORYUTILITY_H
