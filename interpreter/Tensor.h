//===- Tensor.h - Runtime values of the interpreter -------------*- C++ -*-===//
//
// Every runtime value (a scalar is a tensor of rank 0) is a dense array.
// Integers and pointers are held as int64_t, sign-extended from their width
// (i1 is held as 0 or 1); floats of every width are held as double, always
// rounded to their element type, so that one loop serves every width. Block
// pointers and tensor descriptors carry their own small records.
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_TENSOR_H
#define INTERPRETER_TENSOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace mlir {
namespace triton {
namespace interp {

/// A block pointer (tt.make_tensor_ptr) or a tensor descriptor.
struct BlockPtr {
  int64_t base = 0;
  llvm::SmallVector<int64_t, 4> shape, strides, offsets, blockShape;
  bool isDescriptor = false;
  bool padNan = false;
  /// A descriptor read from a TMA descriptor in memory (what
  /// ttng.reinterpret_tensor_descriptor makes) holds only the address of its
  /// 128 bytes and its block shape: the rest is read from memory at each use,
  /// as TMA reads it when a copy is issued.
  int64_t tensorMap = 0;
  /// Read from a TMA descriptor: its box (in block order), data type code and
  /// swizzle code, which copies check against the descriptor's type. An empty
  /// box means the descriptor did not come from memory.
  llvm::SmallVector<int64_t, 4> box;
  int tmaDataType = -1;
  int tmaSwizzle = -1;
};

/// A dense runtime value.
struct Tensor {
  llvm::SmallVector<int64_t, 4> shape;
  bool isFloat = false;
  std::vector<int64_t> ints;
  std::vector<double> floats;
  std::shared_ptr<BlockPtr> block;

  int64_t numel() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
  int64_t size() const { return isFloat ? floats.size() : ints.size(); }
  static std::shared_ptr<Tensor> ofInts(llvm::ArrayRef<int64_t> shape,
                                        int64_t fill = 0) {
    auto t = std::make_shared<Tensor>();
    t->shape.assign(shape.begin(), shape.end());
    t->ints.assign(t->numel(), fill);
    return t;
  }
  static std::shared_ptr<Tensor> ofFloats(llvm::ArrayRef<int64_t> shape,
                                          double fill = 0) {
    auto t = std::make_shared<Tensor>();
    t->shape.assign(shape.begin(), shape.end());
    t->isFloat = true;
    t->floats.assign(t->numel(), fill);
    return t;
  }
  static std::shared_ptr<Tensor> like(const Tensor &o,
                                      llvm::ArrayRef<int64_t> shape) {
    return o.isFloat ? ofFloats(shape) : ofInts(shape);
  }
};

using TensorRef = std::shared_ptr<const Tensor>;
using TensorPtr = std::shared_ptr<Tensor>;

} // namespace interp
} // namespace triton
} // namespace mlir

#endif // INTERPRETER_TENSOR_H
