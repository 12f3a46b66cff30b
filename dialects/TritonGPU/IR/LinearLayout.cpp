//===- LinearLayout.cpp - Linear layouts over GF(2) -----------------------===//

#include "dialects/TritonGPU/IR/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir::triton::gpu;

static bool isPowerOf2(int64_t value) {
  return value > 0 && (value & (value - 1)) == 0;
}

std::optional<LinearLayout> LinearLayout::get(std::vector<InDim> inDims,
                                              std::vector<OutDim> outDims) {
  for (const OutDim &out : outDims)
    if (!isPowerOf2(out.size))
      return std::nullopt;
  for (const InDim &in : inDims)
    for (const Basis &basis : in.bases) {
      if (basis.size() != outDims.size())
        return std::nullopt;
      for (auto [value, out] : llvm::zip(basis, outDims))
        if (value < 0 || value >= out.size)
          return std::nullopt;
    }
  LinearLayout layout;
  layout.inDims = std::move(inDims);
  layout.outDims = std::move(outDims);
  return layout;
}

std::optional<LinearLayout>
LinearLayout::getWithInferredSizes(std::vector<InDim> inDims,
                                   llvm::ArrayRef<std::string> outDimNames) {
  std::vector<OutDim> outDims;
  for (auto [i, name] : llvm::enumerate(outDimNames)) {
    int32_t maxValue = 0;
    for (const InDim &in : inDims)
      for (const Basis &basis : in.bases)
        if (i < basis.size())
          maxValue = std::max(maxValue, basis[i]);
    int32_t size = maxValue <= 0 ? 1 : int32_t(llvm::NextPowerOf2(maxValue));
    outDims.push_back({name, size});
  }
  return get(std::move(inDims), std::move(outDims));
}

LinearLayout LinearLayout::identity1D(int32_t size, llvm::StringRef inDim,
                                      llvm::StringRef outDim) {
  LinearLayout layout;
  InDim in{inDim.str(), {}};
  for (int32_t bit = 1; bit < size; bit *= 2)
    in.bases.push_back({bit});
  layout.inDims.push_back(std::move(in));
  layout.outDims.push_back({outDim.str(), std::max<int32_t>(size, 1)});
  return layout;
}

LinearLayout LinearLayout::zeros1D(int32_t size, llvm::StringRef inDim,
                                   llvm::StringRef outDim) {
  LinearLayout layout;
  InDim in{inDim.str(), {}};
  for (int32_t bit = 1; bit < size; bit *= 2)
    in.bases.push_back({0});
  layout.inDims.push_back(std::move(in));
  layout.outDims.push_back({outDim.str(), 1});
  return layout;
}

int LinearLayout::findIn(llvm::StringRef name) const {
  for (auto [i, in] : llvm::enumerate(inDims))
    if (in.name == name)
      return i;
  return -1;
}

int LinearLayout::findOut(llvm::StringRef name) const {
  for (auto [i, out] : llvm::enumerate(outDims))
    if (out.name == name)
      return i;
  return -1;
}

llvm::SmallVector<std::string> LinearLayout::getInDimNames() const {
  llvm::SmallVector<std::string> names;
  for (const InDim &in : inDims)
    names.push_back(in.name);
  return names;
}

llvm::SmallVector<std::string> LinearLayout::getOutDimNames() const {
  llvm::SmallVector<std::string> names;
  for (const OutDim &out : outDims)
    names.push_back(out.name);
  return names;
}

int32_t LinearLayout::getInDimSizeLog2(llvm::StringRef name) const {
  int i = findIn(name);
  return i < 0 ? 0 : inDims[i].bases.size();
}

int32_t LinearLayout::getOutDimSize(llvm::StringRef name) const {
  int i = findOut(name);
  return i < 0 ? 1 : outDims[i].size;
}

int32_t LinearLayout::getOutDimSizeLog2(llvm::StringRef name) const {
  return llvm::Log2_32(getOutDimSize(name));
}

int64_t LinearLayout::getTotalInDimSize() const {
  int64_t size = 1;
  for (const InDim &in : inDims)
    size <<= in.bases.size();
  return size;
}

int64_t LinearLayout::getTotalOutDimSize() const {
  int64_t size = 1;
  for (const OutDim &out : outDims)
    size *= out.size;
  return size;
}

llvm::ArrayRef<LinearLayout::Basis>
LinearLayout::getBases(llvm::StringRef name) const {
  int i = findIn(name);
  if (i < 0)
    return {};
  return inDims[i].bases;
}

LinearLayout::Point
LinearLayout::apply(llvm::ArrayRef<std::pair<std::string, int32_t>> ins) const {
  std::vector<int32_t> result(outDims.size(), 0);
  for (const auto &[name, value] : ins) {
    int i = findIn(name);
    if (i < 0)
      continue;
    for (auto [bit, basis] : llvm::enumerate(inDims[i].bases))
      if (value & (int32_t(1) << bit))
        for (size_t j = 0; j < basis.size(); ++j)
          result[j] ^= basis[j];
  }
  Point point;
  for (auto [out, value] : llvm::zip(outDims, result))
    point.push_back({out.name, value});
  return point;
}

LinearLayout LinearLayout::operator*(const LinearLayout &other) const {
  LinearLayout result;
  result.outDims = outDims;
  for (const OutDim &out : other.outDims) {
    int j = result.findOut(out.name);
    if (j < 0)
      result.outDims.push_back(out);
    else
      result.outDims[j].size *= out.size;
  }
  size_t numOut = result.outDims.size();
  for (const InDim &in : inDims) {
    InDim extended{in.name, {}};
    for (const Basis &basis : in.bases) {
      Basis b = basis;
      b.resize(numOut, 0);
      extended.bases.push_back(std::move(b));
    }
    result.inDims.push_back(std::move(extended));
  }
  for (const InDim &in : other.inDims) {
    int i = result.findIn(in.name);
    if (i < 0) {
      result.inDims.push_back({in.name, {}});
      i = result.inDims.size() - 1;
    }
    for (const Basis &basis : in.bases) {
      Basis b(numOut, 0);
      for (auto [j, out] : llvm::enumerate(other.outDims)) {
        int k = result.findOut(out.name);
        b[k] = basis[j] * getOutDimSize(out.name);
      }
      result.inDims[i].bases.push_back(std::move(b));
    }
  }
  return result;
}

std::optional<LinearLayout>
LinearLayout::compose(const LinearLayout &outer) const {
  for (const OutDim &out : outDims)
    if (out.size > outer.getInDimSize(out.name) ||
        (!outer.hasInDim(out.name) && out.size > 1))
      return std::nullopt;
  LinearLayout result;
  result.outDims = outer.outDims;
  for (const InDim &in : inDims) {
    InDim composed{in.name, {}};
    for (const Basis &basis : in.bases) {
      Point point;
      for (auto [out, value] : llvm::zip(outDims, basis))
        point.push_back({out.name, value});
      Basis b;
      for (const auto &[name, value] : outer.apply(point))
        b.push_back(value);
      composed.bases.push_back(std::move(b));
    }
    result.inDims.push_back(std::move(composed));
  }
  return result;
}

std::vector<uint64_t> LinearLayout::getColumns() const {
  std::vector<uint64_t> columns;
  int totalOutBits = 0;
  for (const OutDim &out : outDims)
    totalOutBits += llvm::Log2_32(out.size);
  if (totalOutBits > 64)
    return {};
  for (const InDim &in : inDims)
    for (const Basis &basis : in.bases) {
      uint64_t column = 0;
      int shift = 0;
      for (auto [value, out] : llvm::zip(basis, outDims)) {
        column |= uint64_t(value) << shift;
        shift += llvm::Log2_32(out.size);
      }
      columns.push_back(column);
    }
  return columns;
}

int32_t LinearLayout::getRank() const {
  // Elimination by leading bit: pivots[b] has its highest set bit at b.
  uint64_t pivots[64] = {};
  int32_t rank = 0;
  for (uint64_t column : getColumns()) {
    for (int bit = 63; bit >= 0 && column; --bit) {
      if (!(column >> bit & 1))
        continue;
      if (!pivots[bit]) {
        pivots[bit] = column;
        ++rank;
        column = 0;
      } else {
        column ^= pivots[bit];
      }
    }
  }
  return rank;
}

bool LinearLayout::isSurjective() const {
  int totalOutBits = 0;
  for (const OutDim &out : outDims)
    totalOutBits += llvm::Log2_32(out.size);
  return getRank() == totalOutBits;
}

bool LinearLayout::isInjective() const {
  int totalInBits = 0;
  for (const InDim &in : inDims)
    totalInBits += in.bases.size();
  return getRank() == totalInBits;
}

std::optional<LinearLayout> LinearLayout::invert() const {
  std::vector<uint64_t> columns = getColumns();
  size_t n = columns.size();
  int totalOutBits = 0;
  for (const OutDim &out : outDims)
    totalOutBits += llvm::Log2_32(out.size);
  if (n > 64 || int(n) != totalOutBits || !isInvertible())
    return std::nullopt;
  // Rows of the matrix (one per out bit, as masks of in bits), reduced to
  // the identity by Gauss-Jordan; `aug` records the row operations.
  std::vector<uint64_t> rows(n, 0), aug(n, 0);
  for (size_t r = 0; r < n; ++r) {
    aug[r] = uint64_t(1) << r;
    for (size_t c = 0; c < n; ++c)
      if (columns[c] >> r & 1)
        rows[r] |= uint64_t(1) << c;
  }
  for (size_t c = 0; c < n; ++c) {
    size_t pivot = c;
    while (pivot < n && !(rows[pivot] >> c & 1))
      ++pivot;
    if (pivot == n)
      return std::nullopt;
    std::swap(rows[c], rows[pivot]);
    std::swap(aug[c], aug[pivot]);
    for (size_t r = 0; r < n; ++r)
      if (r != c && (rows[r] >> c & 1)) {
        rows[r] ^= rows[c];
        aug[r] ^= aug[c];
      }
  }
  // Row c now reads: in bit c = XOR of the out bits in aug[c]. The inverse
  // maps out bit r to the in bits c with bit r set in aug[c].
  LinearLayout result;
  for (const InDim &in : inDims)
    result.outDims.push_back({in.name, int32_t(1) << in.bases.size()});
  size_t outBit = 0;
  for (const OutDim &out : outDims) {
    InDim inverted{out.name, {}};
    for (int bit = 0; bit < int(llvm::Log2_32(out.size)); ++bit, ++outBit) {
      Basis b(inDims.size(), 0);
      size_t inBit = 0;
      for (auto [i, in] : llvm::enumerate(inDims))
        for (size_t k = 0; k < in.bases.size(); ++k, ++inBit)
          if (aug[inBit] >> outBit & 1)
            b[i] |= int32_t(1) << k;
      inverted.bases.push_back(std::move(b));
    }
    result.inDims.push_back(std::move(inverted));
  }
  return result;
}

std::optional<LinearLayout>
LinearLayout::invertAndCompose(const LinearLayout &outer) const {
  std::optional<LinearLayout> inverse = outer.invert();
  if (!inverse)
    return std::nullopt;
  return compose(*inverse);
}

LinearLayout
LinearLayout::transposeOuts(llvm::ArrayRef<std::string> order) const {
  LinearLayout result;
  std::vector<int> perm;
  for (const std::string &name : order) {
    int j = findOut(name);
    if (j < 0)
      return *this;
    perm.push_back(j);
    result.outDims.push_back(outDims[j]);
  }
  if (perm.size() != outDims.size())
    return *this;
  for (const InDim &in : inDims) {
    InDim transposed{in.name, {}};
    for (const Basis &basis : in.bases) {
      Basis b;
      for (int j : perm)
        b.push_back(basis[j]);
      transposed.bases.push_back(std::move(b));
    }
    result.inDims.push_back(std::move(transposed));
  }
  return result;
}

LinearLayout
LinearLayout::transposeIns(llvm::ArrayRef<std::string> order) const {
  LinearLayout result;
  result.outDims = outDims;
  for (const std::string &name : order) {
    int i = findIn(name);
    if (i < 0)
      return *this;
    result.inDims.push_back(inDims[i]);
  }
  if (result.inDims.size() != inDims.size())
    return *this;
  return result;
}

bool LinearLayout::operator==(const LinearLayout &other) const {
  if (inDims.size() != other.inDims.size() ||
      outDims.size() != other.outDims.size())
    return false;
  for (auto [a, b] : llvm::zip(inDims, other.inDims))
    if (a.name != b.name || a.bases != b.bases)
      return false;
  for (auto [a, b] : llvm::zip(outDims, other.outDims))
    if (a.name != b.name || a.size != b.size)
      return false;
  return true;
}

std::string LinearLayout::toString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(inDims, os, [&](const InDim &in) {
    os << in.name << " = [";
    llvm::interleaveComma(in.bases, os, [&](const Basis &basis) {
      os << "[";
      llvm::interleaveComma(basis, os);
      os << "]";
    });
    os << "]";
  });
  os << " -> ";
  llvm::interleaveComma(outDims, os, [&](const OutDim &out) {
    os << out.name << " = " << out.size;
  });
  return text;
}

//===----------------------------------------------------------------------===//
// GF(2)
//===----------------------------------------------------------------------===//

static uint64_t pivotOf(uint64_t value) {
  return uint64_t(1) << (63 - llvm::countl_zero(value));
}

bool mlir::triton::gpu::GF2Span::insert(uint64_t v) {
  uint64_t original = v, combination = 0;
  for (const Row &row : rows)
    if (v & pivotOf(row.value)) {
      v ^= row.value;
      combination ^= row.combination;
    }
  if (v == 0)
    return false;
  combination ^= uint64_t(1) << inserted.size();
  auto it = llvm::find_if(
      rows, [&](const Row &r) { return pivotOf(r.value) < pivotOf(v); });
  rows.insert(it, Row{v, combination});
  inserted.push_back(original);
  return true;
}

std::optional<uint64_t>
mlir::triton::gpu::GF2Span::decompose(uint64_t v) const {
  uint64_t combination = 0;
  for (const Row &row : rows)
    if (v & pivotOf(row.value)) {
      v ^= row.value;
      combination ^= row.combination;
    }
  if (v != 0)
    return std::nullopt;
  return combination;
}

bool mlir::triton::gpu::isWarpLocalGather(const LinearLayout &src,
                                          const LinearLayout &indices,
                                          unsigned axis) {
  llvm::ArrayRef<LinearLayout::OutDim> srcOuts = src.getOutDims();
  llvm::ArrayRef<LinearLayout::OutDim> idxOuts = indices.getOutDims();
  if (axis >= srcOuts.size() || srcOuts.size() != idxOuts.size())
    return false;
  // Coordinates of the source's shape as bit vectors, dimension after
  // dimension; the indices' coordinates off the axis fit them too.
  std::vector<int> shift;
  int totalBits = 0;
  for (auto [d, out] : llvm::enumerate(srcOuts)) {
    if (out.name != idxOuts[d].name ||
        (d != axis && out.size != idxOuts[d].size))
      return false;
    shift.push_back(totalBits);
    totalBits += llvm::Log2_32(out.size);
  }
  if (totalBits > 64)
    return false;
  const llvm::StringRef hardware[] = {"register", "lane", "warp", "block"};
  for (const LinearLayout *layout : {&src, &indices})
    for (const LinearLayout::InDim &in : layout->getInDims())
      if (!llvm::is_contained(hardware, in.name))
        return false;
  for (llvm::StringRef dim : {"lane", "warp", "block"})
    if (src.getInDimSize(dim) != indices.getInDimSize(dim))
      return false;
  auto flat = [&](const LinearLayout::Basis &basis, bool offAxis) {
    uint64_t bits = 0;
    for (auto [d, value] : llvm::enumerate(basis))
      if (!(offAxis && d == axis))
        bits |= uint64_t(value) << shift[d];
    return bits;
  };

  // The span of what one warp's registers and lanes hold (of warp and CTA 0;
  // another's is this span moved by its warp and block bases).
  GF2Span span;
  for (llvm::StringRef dim : {"register", "lane"})
    for (const LinearLayout::Basis &basis : src.getBases(dim))
      span.insert(flat(basis, false));
  // Result element (r, l, w, b) names the elements I(r, l, w, b) with the
  // axis coordinate replaced; warp w of CTA b holds S(r', l', w, b). All is
  // linear, so checking bases suffices: the whole axis is in one warp's
  // span; so are the indices' register and lane bases off the axis; and a
  // warp or block basis moves the indices' coordinates off the axis as it
  // moves the source's, up to that span.
  for (int bit = 0; bit < int(llvm::Log2_32(srcOuts[axis].size)); ++bit)
    if (!span.contains(uint64_t(1) << (shift[axis] + bit)))
      return false;
  for (llvm::StringRef dim : {"register", "lane"})
    for (const LinearLayout::Basis &basis : indices.getBases(dim))
      if (!span.contains(flat(basis, true)))
        return false;
  for (llvm::StringRef dim : {"warp", "block"}) {
    llvm::ArrayRef<LinearLayout::Basis> srcBases = src.getBases(dim);
    for (auto [k, basis] : llvm::enumerate(indices.getBases(dim)))
      if (!span.contains(flat(basis, true) ^ flat(srcBases[k], false)))
        return false;
  }
  return true;
}

llvm::SmallVector<llvm::SmallVector<int32_t>>
mlir::triton::gpu::getRegisterPart(const LinearLayout &layout) {
  unsigned rank = layout.getOutDims().size();
  llvm::ArrayRef<LinearLayout::Basis> bases;
  if (layout.hasInDim("register"))
    bases = layout.getBases("register");
  llvm::SmallVector<llvm::SmallVector<int32_t>> result(
      size_t(1) << bases.size(), llvm::SmallVector<int32_t>(rank, 0));
  for (size_t reg = 0; reg < result.size(); ++reg)
    for (auto [bit, basis] : llvm::enumerate(bases))
      if (reg >> bit & 1)
        for (unsigned d = 0; d < rank; ++d)
          result[reg][d] ^= basis[d];
  return result;
}
