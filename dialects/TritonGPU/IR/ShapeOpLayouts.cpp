//===- ShapeOpLayouts.cpp - Layouts across ops that keep data in place ----===//

#include "dialects/TritonGPU/IR/ShapeOpLayouts.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {

/// `layout`'s bases, each rewritten by `map` (which may drop one by
/// returning false), over the output dimensions `outDims`.
std::optional<LinearLayout>
rebuild(const LinearLayout &layout, std::vector<LinearLayout::OutDim> outDims,
        llvm::function_ref<bool(StringRef, LinearLayout::Basis &)> map) {
  std::vector<LinearLayout::InDim> inDims;
  for (const LinearLayout::InDim &in : layout.getInDims()) {
    LinearLayout::InDim mapped{in.name, {}};
    for (LinearLayout::Basis basis : in.bases)
      if (map(in.name, basis))
        mapped.bases.push_back(std::move(basis));
    inDims.push_back(std::move(mapped));
  }
  return LinearLayout::get(std::move(inDims), std::move(outDims));
}

/// A copy of `layout` with a new first register basis `first` (the register
/// dimension is added when the layout has none).
std::optional<LinearLayout> withFirstRegister(const LinearLayout &layout,
                                              LinearLayout::Basis first) {
  std::vector<LinearLayout::InDim> inDims(layout.getInDims().begin(),
                                          layout.getInDims().end());
  auto reg = llvm::find_if(inDims, [](const LinearLayout::InDim &in) {
    return in.name == "register";
  });
  if (reg == inDims.end())
    reg = inDims.insert(inDims.begin(), LinearLayout::InDim{"register", {}});
  reg->bases.insert(reg->bases.begin(), std::move(first));
  return LinearLayout::get(std::move(inDims), std::vector<LinearLayout::OutDim>(
                                                  layout.getOutDims().begin(),
                                                  layout.getOutDims().end()));
}

std::vector<LinearLayout::OutDim> outDimsOf(ArrayRef<int32_t> sizes) {
  std::vector<LinearLayout::OutDim> outDims;
  for (auto [d, size] : llvm::enumerate(sizes))
    outDims.push_back({"dim" + std::to_string(d), size});
  return outDims;
}

SmallVector<int32_t> outSizes(const LinearLayout &layout) {
  SmallVector<int32_t> sizes;
  for (const LinearLayout::OutDim &out : layout.getOutDims())
    sizes.push_back(out.size);
  return sizes;
}

} // namespace

std::optional<LinearLayout>
mlir::triton::gpu::transposedLayout(const LinearLayout &layout,
                                    ArrayRef<int32_t> order) {
  SmallVector<int32_t> sizes = outSizes(layout), permuted;
  if (order.size() != sizes.size())
    return std::nullopt;
  for (int32_t d : order)
    permuted.push_back(sizes[d]);
  return rebuild(layout, outDimsOf(permuted),
                 [&](StringRef, LinearLayout::Basis &basis) {
                   LinearLayout::Basis from = basis;
                   for (auto [i, d] : llvm::enumerate(order))
                     basis[i] = from[d];
                   return true;
                 });
}

std::optional<LinearLayout>
mlir::triton::gpu::joinedLayout(const LinearLayout &layout) {
  SmallVector<int32_t> sizes = outSizes(layout);
  sizes.push_back(2);
  std::optional<LinearLayout> widened =
      rebuild(layout, outDimsOf(sizes), [](StringRef, LinearLayout::Basis &b) {
        b.push_back(0);
        return true;
      });
  if (!widened)
    return std::nullopt;
  LinearLayout::Basis pair(sizes.size(), 0);
  pair.back() = 1;
  return withFirstRegister(*widened, std::move(pair));
}

std::optional<LinearLayout>
mlir::triton::gpu::splitLayout(const LinearLayout &layout) {
  SmallVector<int32_t> sizes = outSizes(layout);
  if (sizes.empty() || sizes.back() != 2)
    return std::nullopt;
  sizes.pop_back();
  unsigned last = sizes.size();
  bool found = false, bad = false;
  std::optional<LinearLayout> narrowed = rebuild(
      layout, outDimsOf(sizes), [&](StringRef in, LinearLayout::Basis &b) {
        if (b[last] != 0) {
          bool alone = llvm::count(b, 0) == static_cast<long>(last);
          bad |= in != "register" || !alone || found;
          found = true;
          return false;
        }
        b.pop_back();
        return true;
      });
  if (!found || bad)
    return std::nullopt;
  return narrowed;
}

std::optional<LinearLayout>
mlir::triton::gpu::unpackedLayout(const LinearLayout &layout, unsigned axis) {
  SmallVector<int32_t> sizes = outSizes(layout);
  if (axis >= sizes.size())
    return std::nullopt;
  sizes[axis] *= 2;
  std::optional<LinearLayout> doubled =
      rebuild(layout, outDimsOf(sizes), [&](StringRef, LinearLayout::Basis &b) {
        b[axis] *= 2;
        return true;
      });
  if (!doubled)
    return std::nullopt;
  LinearLayout::Basis pair(sizes.size(), 0);
  pair[axis] = 1;
  return withFirstRegister(*doubled, std::move(pair));
}

std::optional<LinearLayout>
mlir::triton::gpu::packedLayout(const LinearLayout &layout, unsigned axis) {
  SmallVector<int32_t> sizes = outSizes(layout);
  if (axis >= sizes.size() || sizes[axis] % 2)
    return std::nullopt;
  sizes[axis] /= 2;
  bool found = false, bad = false;
  std::optional<LinearLayout> halved = rebuild(
      layout, outDimsOf(sizes), [&](StringRef in, LinearLayout::Basis &b) {
        if (b[axis] % 2 == 0) {
          b[axis] /= 2;
          return true;
        }
        // The step from the low to the high nibble of a byte: one register,
        // one element along `axis`, taken once.
        bool unit = b[axis] == 1 &&
                    llvm::count(b, 0) == static_cast<long>(b.size() - 1);
        bad |= in != "register" || !unit || found;
        found = true;
        return false;
      });
  if (!found || bad)
    return std::nullopt;
  return halved;
}
