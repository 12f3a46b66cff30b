//===- Dialect.h - The ttg dialect: dialect, layouts, types, ops ----------===//

#ifndef DIALECTS_TRITONGPU_IR_DIALECT_H
#define DIALECTS_TRITONGPU_IR_DIALECT_H

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
namespace triton {
namespace gpu {

/// A list of basis vectors, one per bit of an input dimension of a linear
/// layout (`CGALayout = [[0, 1]]`, `lane = [[1, 0], [2, 0]]`).
struct BasisList {
  llvm::SmallVector<llvm::SmallVector<int32_t>> bases;

  BasisList() = default;
  explicit BasisList(llvm::SmallVector<llvm::SmallVector<int32_t>> bases)
      : bases(std::move(bases)) {}
  bool empty() const { return bases.empty(); }
  size_t size() const { return bases.size(); }
  bool operator==(const BasisList &other) const { return bases == other.bases; }
  bool operator!=(const BasisList &other) const { return !(*this == other); }
};

inline llvm::hash_code hash_value(const BasisList &list) {
  llvm::hash_code code = llvm::hash_value(list.bases.size());
  for (const auto &basis : list.bases)
    code = llvm::hash_combine(
        code, llvm::hash_combine_range(basis.begin(), basis.end()));
  return code;
}

class LinearLayoutCache;

/// The side-effect resource of shared memory.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};

} // namespace gpu
} // namespace triton
} // namespace mlir

#include "dialects/TritonGPU/IR/TritonGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/TritonGPU/IR/TritonGPUAttrDefs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/TritonGPU/IR/TritonGPUTypes.h.inc"

#define GET_OP_CLASSES
#include "dialects/TritonGPU/IR/TritonGPUOps.h.inc"

namespace mlir {
namespace triton {
namespace gpu {

/// Names of the module attributes that describe the launch.
constexpr llvm::StringLiteral kNumWarpsAttrName = "ttg.num-warps";
constexpr llvm::StringLiteral kNumCTAsAttrName = "ttg.num-ctas";
constexpr llvm::StringLiteral kThreadsPerWarpAttrName = "ttg.threads-per-warp";
constexpr llvm::StringLiteral kTargetAttrName = "ttg.target";

/// The compute capability of a module whose ttg.target is `cuda:NN`; 0 for
/// any other target or none.
int getCudaComputeCapability(Operation *module);

/// A distributed encoding: blocked, slice, dot operand, MMA or linear.
bool isDistributedEncoding(Attribute encoding);
/// A shared-memory encoding: swizzled or NVMMA shared.
bool isSharedEncoding(Attribute encoding);
/// An MMA result encoding: NVIDIA MMA, AMD MFMA or AMD WMMA.
bool isMmaEncoding(Attribute encoding);
/// The rank of the tensors `encoding` describes; -1 where it cannot tell.
int64_t getEncodingRank(Attribute encoding);
/// The warps per CTA of an encoding that fixes them (blocked, MMA, linear);
/// -1 otherwise.
int64_t getEncodingNumWarps(Attribute encoding);
/// The threads per warp of an encoding that fixes them (blocked, linear);
/// -1 otherwise.
int64_t getEncodingThreadsPerWarp(Attribute encoding);
/// The CTAs an encoding spans (2^bases of its CGA layout); -1 where unknown.
int64_t getEncodingNumCTAs(Attribute encoding);

/// The CGA layout Triton gives `numCTAs` CTAs by default: split along dim0.
BasisList getDefaultCGALayout(unsigned numCTAs, unsigned rank);
/// The blocked layout of `shape` with `sizePerThread` and `order` that
/// spreads `threadsPerWarp` lanes and `numWarps` warps from the fastest
/// dimension outwards (Triton's BlockedEncodingAttr::get of a shape).
BlockedEncodingAttr
getBlockedEncoding(MLIRContext *context, ArrayRef<int64_t> shape,
                   ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order,
                   unsigned numWarps, unsigned threadsPerWarp,
                   unsigned numCTAs);
/// `half` with a new fastest dimension of two elements, both held by one
/// thread: the layout of tt.join's result and of tt.split's source.
BlockedEncodingAttr getPairEncoding(BlockedEncodingAttr half);
/// The layout convert-triton-to-tritongpu gives a tensor of `shape`: one
/// element per thread, row-major order.
BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *context,
                                              ArrayRef<int64_t> shape,
                                              unsigned numWarps,
                                              unsigned threadsPerWarp,
                                              unsigned numCTAs);

} // namespace gpu
} // namespace triton
} // namespace mlir

#endif // DIALECTS_TRITONGPU_IR_DIALECT_H
