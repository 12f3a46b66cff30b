//===- TargetInfo.h - The AMD answers to the lowering's questions ---------===//
//
// gfx9 (CDNA) GPUs: wave64, ROCDL intrinsics for ids and cross-lane moves
// (DPP, ds_swizzle, ds_bpermute; whole-wave reductions in DPP steps),
// s_barrier between workgroup-scope fences, kernels as amdgpu_kernel
// functions with their flat workgroup size.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_TARGETINFO_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_TARGETINFO_H

#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"
#include "passes/TritonAMDGPU/LDSLimits.h"

#include <string>

namespace mlir {
namespace triton {
namespace amd {

class TargetInfo : public TargetInfoBase {
public:
  TargetInfo(std::string arch, int numThreads)
      : arch(std::move(arch)), numThreads(numThreads) {}

  /// The gfx name (gfx942, gfx90a).
  StringRef getArch() const { return arch; }

  int getWarpSize() const override { return 64; }
  std::string getArchName() const override { return arch; }
  /// LDS per workgroup (64 KiB on gfx90a and gfx942).
  int64_t getMaxSharedMemoryPerBlock() const override {
    return amdgpu::ldsBytesPerWorkgroup(arch);
  }
  Value getThreadId(OpBuilder &b, Location loc) const override;
  Value getProgramId(OpBuilder &b, Location loc, int axis) const override;
  Value getNumPrograms(OpBuilder &b, Location loc, int axis) const override;
  Value shuffleXor(OpBuilder &b, Location loc, Value value,
                   int mask) const override;
  Value shuffleIdx(OpBuilder &b, Location loc, Value value,
                   Value lane) const override;
  Value reduceWarp(OpBuilder &b, Location loc, Value value,
                   Operation *combiner) const override;
  bool sharedAccessesKeepElementType() const override { return true; }
  void barrier(OpBuilder &b, Location loc) const override;
  void markKernel(LLVM::LLVMFuncOp func, int numThreads) const override;

private:
  /// `value` (i32) from the lane whose index is `lane` (i32), via ds_bpermute.
  Value permute(OpBuilder &b, Location loc, Value value, Value lane) const;

  std::string arch;
  int numThreads;
};

} // namespace amd
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_TARGETINFO_H
