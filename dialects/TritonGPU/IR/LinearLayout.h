//===- LinearLayout.h - Linear layouts over GF(2) ---------------*- C++ -*-===//
//
// A linear layout maps named input dimensions (register, lane, warp, block;
// offset and block for shared memory) to named output dimensions (dim0,
// dim1, ...). Every dimension has a power-of-two size; an input index is
// mapped to the XOR of the basis vectors of its set bits. Layout encodings
// become linear layouts (LinearLayoutConversions.h), and questions such as
// "which register holds element (i, j)" become compositions and inversions.
//
//===----------------------------------------------------------------------===//

#ifndef DIALECTS_TRITONGPU_IR_LINEARLAYOUT_H
#define DIALECTS_TRITONGPU_IR_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
namespace triton {
namespace gpu {

/// A linear map from named power-of-two input dimensions to named
/// power-of-two output dimensions.
class LinearLayout {
public:
  /// One basis vector per bit of an input dimension, one entry per output
  /// dimension (in the order of the output dimensions).
  using Basis = std::vector<int32_t>;
  struct InDim {
    std::string name;
    std::vector<Basis> bases;
  };
  struct OutDim {
    std::string name;
    int32_t size;
  };
  /// A value of each named dimension.
  using Point = llvm::SmallVector<std::pair<std::string, int32_t>>;

  /// The layout with no dimensions.
  LinearLayout() = default;
  static LinearLayout empty() { return LinearLayout(); }
  /// Input dimensions with their bases and output dimensions with their
  /// sizes. Returns std::nullopt when a basis has the wrong length, a size is
  /// not a power of two or a basis does not fit its output dimension.
  static std::optional<LinearLayout> get(std::vector<InDim> inDims,
                                         std::vector<OutDim> outDims);
  /// Same, with each output size the smallest power of two above every basis
  /// entry of that dimension.
  static std::optional<LinearLayout>
  getWithInferredSizes(std::vector<InDim> inDims,
                       llvm::ArrayRef<std::string> outDimNames);
  /// `inDim` of `size` mapped one to one onto `outDim` of `size`.
  static LinearLayout identity1D(int32_t size, llvm::StringRef inDim,
                                 llvm::StringRef outDim);
  /// Every index of `inDim` (of `size`) mapped to 0 of `outDim` (of size 1).
  static LinearLayout zeros1D(int32_t size, llvm::StringRef inDim,
                              llvm::StringRef outDim);

  llvm::ArrayRef<InDim> getInDims() const { return inDims; }
  llvm::ArrayRef<OutDim> getOutDims() const { return outDims; }
  llvm::SmallVector<std::string> getInDimNames() const;
  llvm::SmallVector<std::string> getOutDimNames() const;
  bool hasInDim(llvm::StringRef name) const { return findIn(name) >= 0; }
  bool hasOutDim(llvm::StringRef name) const { return findOut(name) >= 0; }
  /// log2 of the size of an input dimension (0 when it is absent).
  int32_t getInDimSizeLog2(llvm::StringRef name) const;
  int32_t getInDimSize(llvm::StringRef name) const {
    return int32_t(1) << getInDimSizeLog2(name);
  }
  /// The size of an output dimension (1 when it is absent).
  int32_t getOutDimSize(llvm::StringRef name) const;
  int32_t getOutDimSizeLog2(llvm::StringRef name) const;
  int64_t getTotalInDimSize() const;
  int64_t getTotalOutDimSize() const;
  /// The bases of input dimension `name` (empty when it is absent).
  llvm::ArrayRef<Basis> getBases(llvm::StringRef name) const;

  /// The output point of an input point; absent input dimensions are 0.
  Point apply(llvm::ArrayRef<std::pair<std::string, int32_t>> ins) const;

  /// The product: input and output dimensions are merged; where both layouts
  /// have an output dimension, `other`'s values land above this one's.
  LinearLayout operator*(const LinearLayout &other) const;
  LinearLayout &operator*=(const LinearLayout &other) {
    return *this = *this * other;
  }
  /// `outer` after this layout: this layout's outputs are `outer`'s inputs.
  /// std::nullopt when an output dimension of this layout is larger than the
  /// matching input dimension of `outer`.
  std::optional<LinearLayout> compose(const LinearLayout &outer) const;
  /// The inverse of a bijective layout; std::nullopt otherwise.
  std::optional<LinearLayout> invert() const;
  /// `outer`^-1 after this layout, for an invertible `outer` with the same
  /// outputs: maps this layout's inputs to `outer`'s inputs.
  std::optional<LinearLayout> invertAndCompose(const LinearLayout &outer) const;

  /// The same layout with the output dimensions in `order` (a permutation of
  /// the output names).
  LinearLayout transposeOuts(llvm::ArrayRef<std::string> order) const;
  /// The same layout with the input dimensions in `order`.
  LinearLayout transposeIns(llvm::ArrayRef<std::string> order) const;

  /// The rank of the layout's matrix over GF(2).
  int32_t getRank() const;
  bool isSurjective() const;
  bool isInjective() const;
  bool isInvertible() const { return isSurjective() && isInjective(); }

  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }
  /// `register = [[0, 1]], lane = [...] -> dim0 = 16, dim1 = 8`.
  std::string toString() const;

private:
  int findIn(llvm::StringRef name) const;
  int findOut(llvm::StringRef name) const;
  /// The matrix of the layout: one column per input bit (input dimensions in
  /// order), one row per output bit; column c as a bit mask of out bits.
  std::vector<uint64_t> getColumns() const;

  std::vector<InDim> inDims;
  std::vector<OutDim> outDims;
};

/// The span of some vectors over GF(2) (bit masks of up to 64 bits), kept in
/// echelon form so that membership and the combination giving a vector are
/// cheap to find.
class GF2Span {
public:
  /// Adds `v` as vector number `size()`; false (and nothing added) when `v`
  /// is already in the span.
  bool insert(uint64_t v);
  /// The combination of the inserted vectors giving `v` (bit i: vector i),
  /// or nullopt when `v` is outside the span.
  std::optional<uint64_t> decompose(uint64_t v) const;
  bool contains(uint64_t v) const { return decompose(v).has_value(); }
  /// The number of inserted (independent) vectors.
  unsigned size() const { return inserted.size(); }
  uint64_t vector(unsigned i) const { return inserted[i]; }

private:
  struct Row {
    uint64_t value; // highest set bit is the pivot
    uint64_t combination;
  };
  llvm::SmallVector<Row> rows; // pivots descending
  llvm::SmallVector<uint64_t> inserted;
};

/// The coordinates every register holds in the first thread (lane, warp and
/// block 0), in register order: a register's coordinates in any thread are
/// these xor that thread's part.
llvm::SmallVector<llvm::SmallVector<int32_t>>
getRegisterPart(const LinearLayout &layout);

/// Whether a tt.gather along `axis` of a tensor in the distributed layout
/// `src` by indices in `indices` (the result's layout too) stays within each
/// warp: every source element a result element can name (the same
/// coordinates off the axis, any coordinate on it) is held by some register
/// of some lane of the warp and CTA that holds the result element. Exact for
/// layouts over register, lane, warp and block; false for anything else
/// (other input dimensions, sizes that differ, more than 64 coordinate bits).
bool isWarpLocalGather(const LinearLayout &src, const LinearLayout &indices,
                       unsigned axis);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // DIALECTS_TRITONGPU_IR_LINEARLAYOUT_H
