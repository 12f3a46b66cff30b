//===- TargetInfo.h - What the GPU lowering asks of a target ----*- C++ -*-===//
//
// The shared lowering of TTGIR to LLVM is written against this interface; the
// NVIDIA and AMD backends answer it with their intrinsics.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_TARGETINFO_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_TARGETINFO_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

#include <string>

namespace mlir {
namespace triton {

class TargetInfoBase {
public:
  virtual ~TargetInfoBase() = default;

  /// Threads per warp (wave).
  virtual int getWarpSize() const = 0;
  /// The architecture's name as users spell it (`sm_90`, `gfx942`).
  virtual std::string getArchName() const = 0;
  /// The most shared memory (LDS) one program may use, in bytes: a kernel
  /// asking for more would only fail at launch.
  virtual int64_t getMaxSharedMemoryPerBlock() const = 0;
  /// The thread's index within its program (x only: Triton launches 1-D
  /// blocks), i32.
  virtual Value getThreadId(OpBuilder &b, Location loc) const = 0;
  /// The program's index along `axis` (0, 1, 2) of the grid, i32.
  virtual Value getProgramId(OpBuilder &b, Location loc, int axis) const = 0;
  /// The grid's size along `axis`, i32.
  virtual Value getNumPrograms(OpBuilder &b, Location loc, int axis) const = 0;
  /// Where a program runs on a cluster of CTAs (ttg.num-ctas > 1), the
  /// calling CTA's rank in it, i32 (the layouts' "block" index); null where a
  /// program is one CTA.
  virtual Value getClusterCTAId(OpBuilder &b, Location loc) const {
    return {};
  }
  /// `value` (an i32) from lane `lane ^ mask` of the warp.
  virtual Value shuffleXor(OpBuilder &b, Location loc, Value value,
                           int mask) const = 0;
  /// `value` (an i32) from lane `lane` of the warp.
  virtual Value shuffleIdx(OpBuilder &b, Location loc, Value value,
                           Value lane) const = 0;
  /// `value` (an i32) from the lane `delta` below in the caller's aligned
  /// segment of `width` lanes; lanes within `delta` of the segment's start
  /// keep their own. By default a shuffleIdx.
  virtual Value shuffleUp(OpBuilder &b, Location loc, Value value, int delta,
                          int width) const;
  /// The reduction of `value` over every lane of the warp by `combiner` (a
  /// commutative arith op of two scalars) in one instruction, every lane
  /// getting the result; null where the target has none for it (the caller
  /// then shuffles).
  virtual Value reduceWarp(OpBuilder &b, Location loc, Value value,
                           Operation *combiner) const {
    return {};
  }
  /// Whether shared-memory accesses move vectors of the element type itself
  /// (AMD: vector<Nxf16>) rather than of integers of its width, packed into
  /// 32-bit words beyond four narrow elements (NVIDIA).
  virtual bool sharedAccessesKeepElementType() const { return false; }
  /// A barrier of all threads of the program, ordering shared-memory accesses.
  virtual void barrier(OpBuilder &b, Location loc) const = 0;
  /// A barrier of the threads of one warp, enough when each warp reads only
  /// what its own threads wrote; the program-wide barrier where the target
  /// has none narrower.
  virtual void warpBarrier(OpBuilder &b, Location loc) const {
    barrier(b, loc);
  }
  /// Marks `func` as a kernel launched with `numThreads` threads per program.
  virtual void markKernel(LLVM::LLVMFuncOp func, int numThreads) const = 0;
  /// Whether loadMatrices works: one, two or four 8 x 8 matrices of 16-bit
  /// elements per warp, each row 16 contiguous bytes of shared memory at an
  /// address that one lane supplies (NVIDIA's ldmatrix).
  virtual bool canLoadMatrices() const { return false; }
  /// Lane l supplies `rowAddress` for row l % 8 of matrix l / 8 (lanes past
  /// the `count` matrices are ignored); word j (an i32 of two elements) of
  /// lane t is matrix j's row t / 4, elements 2 (t % 4) and 2 (t % 4) + 1,
  /// or with `transpose` its column t / 4, rows 2 (t % 4) and 2 (t % 4) + 1.
  virtual SmallVector<Value> loadMatrices(OpBuilder &b, Location loc,
                                          Value rowAddress, bool transpose,
                                          unsigned count = 4) const {
    llvm_unreachable("the target has no matrix loads");
  }
  /// Whether storeMatrices works (NVIDIA's stmatrix, sm_90 on).
  virtual bool canStoreMatrices() const { return false; }
  /// The inverse of loadMatrices: lane l supplies `rowAddress` for row l % 8
  /// of matrix l / 8, and `words` (four i32, two elements each) as
  /// loadMatrices would have returned them.
  virtual void storeMatrices(OpBuilder &b, Location loc, Value rowAddress,
                             ValueRange words, bool transpose) const {
    llvm_unreachable("the target has no matrix stores");
  }
};

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_TARGETINFO_H
