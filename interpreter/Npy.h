//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//
//
// Reads and writes version 1.0 .npy files in C order. bf16 is kept as its raw
// uint16 bits ('<u2') and fp8 as raw uint8 bits ('|u1'); i1 is '|b1'.
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_NPY_H
#define INTERPRETER_NPY_H

#include "interpreter/Buffers.h"

#include "llvm/Support/Error.h"

namespace mlir {
namespace triton {
namespace interp {

/// The .npy descr of a spec dtype name (f32 -> '<f4', bf16 -> '<u2', ...).
std::string npyDescr(llvm::StringRef dtype);
/// Writes `buffer` to `path`.
llvm::Error writeNpy(const Buffer &buffer, llvm::StringRef path);
/// Reads `path` into `buffer.bytes`; its descr must be `buffer.dtype`'s and
/// its element count the buffer's.
llvm::Error readNpy(Buffer &buffer, llvm::StringRef path);

} // namespace interp
} // namespace triton
} // namespace mlir

#endif // INTERPRETER_NPY_H
