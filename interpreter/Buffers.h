//===- Buffers.h - The memory a kernel runs against -------------*- C++ -*-===//
//
// Each buffer bound to a kernel lives at a made-up device address; buffers
// are 256-byte aligned and separated by unmapped gaps, so that every access
// can be checked: an address that falls outside all buffers, or straddles a
// buffer's end, or is not aligned to its element size, is reported with the
// offending address range instead of reading garbage.
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_BUFFERS_H
#define INTERPRETER_BUFFERS_H

#include "interpreter/Tensor.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace triton {
namespace interp {

/// One buffer: raw bytes in the element type's memory layout (bf16 and fp8
/// as their bit patterns).
struct Buffer {
  std::string name;
  std::string dtype; ///< the spec's dtype name (f32, bf16, f8e4nv, ...)
  mlir::Type elemType;
  llvm::SmallVector<int64_t, 4> shape;
  int64_t base = 0;
  std::vector<uint8_t> bytes;
  /// Made by the interpreter (the programs' global scratch), not bound by
  /// the user: never compared, printed or saved.
  bool internal = false;
};

/// The values of `buffer`'s elements (bf16 and fp8 decoded; unsigned dtypes
/// read as unsigned), shaped as the buffer.
Tensor valuesOf(const Buffer &buffer);

/// The buffers of one run.
class Memory {
public:
  Memory() = default;
  Memory(const Memory &o) : bufs(o.bufs), next(o.next) {}
  Memory &operator=(const Memory &o) {
    bufs = o.bufs;
    next = o.next;
    last = nullptr;
    return *this;
  }
  /// Adds `buffer`, gives it an address and returns its index.
  size_t add(Buffer buffer);
  /// The buffer holding [addr, addr+size), or null.
  Buffer *find(int64_t addr, int64_t size) {
    if (last && addr >= last->base &&
        addr + size <= last->base + (int64_t)last->bytes.size())
      return last;
    return findSlow(addr, size);
  }
  /// Where the host copy of [addr, addr+size) is, or null when out of bounds.
  uint8_t *translate(int64_t addr, int64_t size) {
    Buffer *b = find(addr, size);
    return b ? b->bytes.data() + (addr - b->base) : nullptr;
  }
  /// Describes the buffer nearest to `addr` for an error message.
  std::string describeNear(int64_t addr) const;
  std::vector<Buffer> &buffers() { return bufs; }
  const std::vector<Buffer> &buffers() const { return bufs; }

private:
  Buffer *findSlow(int64_t addr, int64_t size);
  std::vector<Buffer> bufs;
  Buffer *last = nullptr;
  int64_t next = int64_t(1) << 32;
};

} // namespace interp
} // namespace triton
} // namespace mlir

#endif // INTERPRETER_BUFFERS_H
