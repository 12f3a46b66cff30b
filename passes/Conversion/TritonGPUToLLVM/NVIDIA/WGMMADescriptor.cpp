//===- WGMMADescriptor.cpp - wgmma matrix descriptors from layouts --------===//

#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/WGMMADescriptor.h"

#include "llvm/ADT/Twine.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia;

namespace {

/// One of the canonical layouts, by the byte offset (before swizzling) of
/// element (mn, k) from the tile's start. `t` elements make 16 bytes.
struct CanonicalLayout {
  bool mnMajor;
  unsigned swizzle;
  int64_t elementBytes;
  int64_t leading, stride;

  int64_t offset(int64_t mn, int64_t k) const {
    int64_t t = 16 / elementBytes;
    if (!mnMajor) {
      // Rows of K: 8 rows 16 bytes (or one swizzle width) apart, groups of 8
      // rows `stride` apart; without swizzling, 16-byte K chunks `leading`
      // apart.
      if (swizzle == 0)
        return (mn % 8) * 16 + (mn / 8) * stride + (k % t) * elementBytes +
               (k / t) * leading;
      return (mn % 8) * swizzle + (mn / 8) * stride + k * elementBytes;
    }
    // Rows of MN: 8 K rows 16 bytes (or one swizzle width) apart. Without
    // swizzling 16-byte MN chunks are `stride` apart and K groups `leading`;
    // swizzled, MN chunks of one swizzle width are `leading` apart and K
    // groups `stride`.
    if (swizzle == 0)
      return (mn % t) * elementBytes + (mn / t) * stride + (k % 8) * 16 +
             (k / 8) * leading;
    int64_t chunk = swizzle / elementBytes;
    return (mn % chunk) * elementBytes + (mn / chunk) * leading +
           (k % 8) * swizzle + (k / 8) * stride;
  }
};

/// The hardware's swizzle of an address: the 16-byte chunk index within a
/// 128-byte line XORed with the line index, over swizzle / 16 chunks.
int64_t swizzleAddress(int64_t address, unsigned swizzle) {
  if (swizzle < 32)
    return address;
  int64_t mask = swizzle / 16 - 1;
  return address ^ (((address >> 7) & mask) << 4);
}

unsigned getSwizzleMode(unsigned swizzle) {
  switch (swizzle) {
  case 128:
    return 1;
  case 64:
    return 2;
  case 32:
    return 3;
  default:
    return 0;
  }
}

bool isFieldValue(int64_t bytes) {
  return bytes >= 0 && bytes % 16 == 0 && bytes < (1 << 18);
}

} // namespace

std::optional<WgmmaOperandDescriptors> mlir::triton::nvidia::planDescriptors(
    const SharedMemoryLayout &layout, const WgmmaOperandShape &shape,
    ArrayRef<std::array<int64_t, 2>> origins, int64_t runtimeOffsetMask,
    std::string &reason) {
  ArrayRef<int64_t> view = layout.getShape();
  if (view.size() != 2) {
    reason = "a buffer view that is not 2-D";
    return std::nullopt;
  }
  if (shape.swizzleBytes != 0 && shape.swizzleBytes != 32 &&
      shape.swizzleBytes != 64 && shape.swizzleBytes != 128) {
    reason = "a swizzle other than 0, 32, 64 or 128 bytes";
    return std::nullopt;
  }
  int64_t eb = shape.elementBytes;
  int64_t mnExtent = shape.isB ? view[1] : view[0];
  int64_t kExtent = shape.isB ? view[0] : view[1];
  auto byteOffset = [&](int64_t mn, int64_t k) {
    SmallVector<int32_t> coords =
        shape.isB ? SmallVector<int32_t>{int32_t(k), int32_t(mn)}
                  : SmallVector<int32_t>{int32_t(mn), int32_t(k)};
    return layout.getOffset(coords) * eb;
  };

  WgmmaOperandDescriptors result;
  bool kContiguous = kExtent > 1 && byteOffset(0, 1) == eb;
  bool mnContiguous = mnExtent > 1 && byteOffset(1, 0) == eb;
  if (!kContiguous && !mnContiguous) {
    reason = "a shared layout in which neither M/N nor K is contiguous";
    return std::nullopt;
  }
  result.mnMajor = !kContiguous;
  unsigned swizzle = shape.swizzleBytes;
  if (!result.mnMajor && swizzle != 0 && shape.kSize * eb > swizzle) {
    reason = "a K step wider than the swizzle";
    return std::nullopt;
  }

  std::optional<CanonicalLayout> canonical;
  // The bits of the addresses the hardware forms before swizzling them.
  int64_t unswizzledMask = 0;
  for (auto [mn0, k0] : origins) {
    if (mn0 + shape.mnSize > mnExtent || k0 + shape.kSize > kExtent) {
      reason = "an instruction tile outside the buffer";
      return std::nullopt;
    }
    int64_t start = byteOffset(mn0, k0);
    auto step = [&](int64_t dmn, int64_t dk, bool used) -> int64_t {
      return used ? byteOffset(mn0 + dmn, k0 + dk) - start : 0;
    };
    int64_t t = 16 / eb, chunk = swizzle / eb;
    CanonicalLayout tile{result.mnMajor, swizzle, eb, 0, 0};
    if (!result.mnMajor) {
      tile.stride = step(8, 0, shape.mnSize > 8);
      if (swizzle == 0)
        tile.leading = step(0, t, shape.kSize > t);
    } else if (swizzle == 0) {
      tile.stride = step(t, 0, shape.mnSize > t);
      tile.leading = step(0, 8, shape.kSize > 8);
    } else {
      tile.leading = step(chunk, 0, shape.mnSize > chunk);
      tile.stride = step(0, 8, shape.kSize > 8);
    }
    if (!isFieldValue(start) || !isFieldValue(tile.leading) ||
        !isFieldValue(tile.stride)) {
      reason = "a tile whose start or strides are not multiples of 16 bytes "
               "below 256 KiB";
      return std::nullopt;
    }
    if (canonical && (canonical->leading != tile.leading ||
                      canonical->stride != tile.stride)) {
      reason = "tiles with different strides";
      return std::nullopt;
    }
    canonical = tile;
    for (int64_t mn = 0; mn < shape.mnSize; ++mn)
      for (int64_t k = 0; k < shape.kSize; ++k) {
        int64_t expected = byteOffset(mn0 + mn, k0 + k);
        if (swizzleAddress(start + tile.offset(mn, k), swizzle) != expected) {
          reason = (llvm::Twine("a shared layout that is not a canonical wgmma "
                                "layout (element (") +
                    llvm::Twine(mn0 + mn) + ", " + llvm::Twine(k0 + k) +
                    ") of " + (shape.isB ? "B" : "A") + ")")
                       .str();
          return std::nullopt;
        }
        unswizzledMask |= start + tile.offset(mn, k);
      }
    result.startBytes.push_back(start);
  }

  // Run-time offsets R (layout offsets, XOR-linear like the layout) are
  // added to the start address, and the hardware swizzles the sum. When R
  // misses every bit of the unswizzled addresses, the sum is an XOR, so the
  // hardware reads swizzle(a) ^ swizzle(R); the layout means swizzle(a) ^ R.
  // They agree when the swizzle leaves R alone: R has none of the line bits
  // (7 and up, one per XORed chunk bit) that the swizzle reads. Offsets
  // within a swizzle line (a warpgroup's half of a 128-byte row) pass.
  int64_t runtimeBytes = runtimeOffsetMask * eb;
  int64_t lineBits = swizzle ? (swizzle / 16 - 1) << 7 : 0;
  if ((runtimeBytes & 15) != 0 || (runtimeBytes & lineBits) != 0 ||
      (runtimeBytes & unswizzledMask) != 0) {
    reason = "warpgroup or view offsets that are not whole swizzle patterns";
    return std::nullopt;
  }
  if (canonical)
    result.fixedBits = (uint64_t(canonical->leading >> 4) << 16) |
                       (uint64_t(canonical->stride >> 4) << 32) |
                       (uint64_t(getSwizzleMode(swizzle)) << 62);
  return result;
}
