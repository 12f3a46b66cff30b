//===- TargetInfo.h - The NVIDIA answers to the lowering's questions ------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_TARGETINFO_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_TARGETINFO_H

#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"

namespace mlir {
namespace triton {
namespace nvidia {

class TargetInfo : public TargetInfoBase {
public:
  /// `warpSize` is the module's ttg.threads-per-warp: 32 on the hardware;
  /// other powers of two only in IR that is never compiled for a GPU (the
  /// translation to PTX refuses it), which the lowering handles alike.
  /// `numCTAs` is the module's ttg.num-ctas: the CTAs of one program, a
  /// cluster (sm_90 on).
  TargetInfo(int computeCapability, int ptxVersion, int numThreads,
             int warpSize = 32, int numCTAs = 1)
      : computeCapability(computeCapability), ptxVersion(ptxVersion),
        numThreads(numThreads), warpSize(warpSize), numCTAs(numCTAs) {}

  int getComputeCapability() const { return computeCapability; }
  int getPtxVersion() const { return ptxVersion; }

  int getWarpSize() const override { return warpSize; }
  std::string getArchName() const override {
    return "sm_" + std::to_string(computeCapability);
  }
  /// The opt-in maximum of dynamic shared memory per block (CUDA's
  /// cudaDevAttrMaxSharedMemoryPerBlockOptin): 227 KiB on sm_90, 163 KiB on
  /// sm_80.
  int64_t getMaxSharedMemoryPerBlock() const override {
    return computeCapability >= 90 ? 232448 : 166912;
  }
  Value getThreadId(OpBuilder &b, Location loc) const override;
  Value getProgramId(OpBuilder &b, Location loc, int axis) const override;
  Value getNumPrograms(OpBuilder &b, Location loc, int axis) const override;
  Value getClusterCTAId(OpBuilder &b, Location loc) const override;
  Value shuffleXor(OpBuilder &b, Location loc, Value value,
                   int mask) const override;
  Value shuffleIdx(OpBuilder &b, Location loc, Value value,
                   Value lane) const override;
  Value shuffleUp(OpBuilder &b, Location loc, Value value, int delta,
                  int width) const override;
  Value reduceWarp(OpBuilder &b, Location loc, Value value,
                   Operation *combiner) const override;
  void barrier(OpBuilder &b, Location loc) const override;
  void warpBarrier(OpBuilder &b, Location loc) const override;
  void markKernel(LLVM::LLVMFuncOp func, int numThreads) const override;
  bool canLoadMatrices() const override { return computeCapability >= 75; }
  SmallVector<Value> loadMatrices(OpBuilder &b, Location loc, Value rowAddress,
                                  bool transpose,
                                  unsigned count = 4) const override;
  bool canStoreMatrices() const override { return computeCapability >= 90; }
  void storeMatrices(OpBuilder &b, Location loc, Value rowAddress,
                     ValueRange words, bool transpose) const override;

  /// The CTAs of one program (the module's ttg.num-ctas).
  int getNumCTAs() const { return numCTAs; }

private:
  int computeCapability;
  int ptxVersion;
  int numThreads;
  int warpSize;
  int numCTAs;
};

} // namespace nvidia
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_TARGETINFO_H
