//===- Buffers.cpp - The memory a kernel runs against ---------------------===//

#include "interpreter/Buffers.h"
#include "interpreter/Conversions.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace mlir::triton::interp;

Tensor mlir::triton::interp::valuesOf(const Buffer &b) {
  Tensor t;
  t.shape = b.shape;
  ElemType e = classify(b.elemType);
  unsigned bytes = storageBytes(b.elemType);
  int64_t n = t.numel();
  bool isUnsigned = !b.dtype.empty() && b.dtype[0] == 'u';
  if (e.isFloat) {
    t.isFloat = true;
    t.floats.resize(n);
    for (int64_t i = 0; i < n; ++i) {
      uint64_t bits = 0;
      std::memcpy(&bits, b.bytes.data() + i * bytes, bytes);
      t.floats[i] = bitsToFloat(bits, e.kind);
    }
  } else {
    t.ints.resize(n);
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = 0;
      std::memcpy(&v, b.bytes.data() + i * bytes, bytes);
      t.ints[i] =
          isUnsigned ? (int64_t)asUnsigned(v, e.width) : wrapInt(v, e.width);
    }
  }
  return t;
}

size_t Memory::add(Buffer buffer) {
  buffer.base = next;
  // A gap of at least 64 KiB after each buffer keeps neighbours apart.
  int64_t size = (int64_t)buffer.bytes.size();
  next += ((size + 255) / 256) * 256 + (int64_t(1) << 16);
  bufs.push_back(std::move(buffer));
  last = nullptr;
  return bufs.size() - 1;
}

Buffer *Memory::findSlow(int64_t addr, int64_t size) {
  for (Buffer &b : bufs) {
    if (addr >= b.base && addr + size <= b.base + (int64_t)b.bytes.size()) {
      last = &b;
      return &b;
    }
  }
  return nullptr;
}

std::string Memory::describeNear(int64_t addr) const {
  const Buffer *best = nullptr;
  int64_t bestDist = 0;
  for (const Buffer &b : bufs) {
    int64_t end = b.base + (int64_t)b.bytes.size();
    int64_t d =
        addr < b.base ? b.base - addr : (addr >= end ? addr - end + 1 : 0);
    if (!best || d < bestDist) {
      best = &b;
      bestDist = d;
    }
  }
  if (!best)
    return "no buffer is bound";
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "nearest buffer '" << best->name << "' spans ["
     << llvm::format_hex(best->base, 0) << ", "
     << llvm::format_hex(best->base + (int64_t)best->bytes.size(), 0) << ")";
  return s;
}
