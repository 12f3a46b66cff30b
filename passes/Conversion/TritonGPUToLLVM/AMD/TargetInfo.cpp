//===- TargetInfo.cpp - The AMD answers to the lowering's questions -------===//

#include "passes/Conversion/TritonGPUToLLVM/AMD/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amd;

Value TargetInfo::getThreadId(OpBuilder &b, Location loc) const {
  // The range lets LLVM see that register and thread bits of an index are
  // disjoint, as on NVIDIA.
  auto range = LLVM::ConstantRangeAttr::get(b.getContext(), 32, 0, numThreads);
  return ROCDL::ThreadIdXOp::create(b, loc, b.getI32Type(), range);
}

Value TargetInfo::getProgramId(OpBuilder &b, Location loc, int axis) const {
  Type i32 = b.getI32Type();
  switch (axis) {
  case 0:
    return ROCDL::BlockIdXOp::create(b, loc, i32);
  case 1:
    return ROCDL::BlockIdYOp::create(b, loc, i32);
  default:
    return ROCDL::BlockIdZOp::create(b, loc, i32);
  }
}

Value TargetInfo::getNumPrograms(OpBuilder &b, Location loc, int axis) const {
  // The workgroup count: a call to ockl's __ockl_get_num_groups (a size_t),
  // which reads it from the kernel's implicit arguments (code object v5).
  Type i64 = b.getI64Type();
  Value count;
  switch (axis) {
  case 0:
    count = ROCDL::GridDimXOp::create(b, loc, i64);
    break;
  case 1:
    count = ROCDL::GridDimYOp::create(b, loc, i64);
    break;
  default:
    count = ROCDL::GridDimZOp::create(b, loc, i64);
    break;
  }
  return LLVM::TruncOp::create(b, loc, b.getI32Type(), count);
}

Value TargetInfo::permute(OpBuilder &b, Location loc, Value value,
                          Value lane) const {
  // ds_bpermute addresses lanes in bytes: lane * 4. On gfx9 it reaches all 64
  // lanes of the wave.
  Value address =
      LLVM::ShlOp::create(b, loc, lane, createI32Constant(b, loc, 2));
  return ROCDL::DsBpermuteOp::create(b, loc, b.getI32Type(), address, value);
}

Value TargetInfo::shuffleXor(OpBuilder &b, Location loc, Value value,
                             int mask) const {
  assert(mask > 0 && mask < 64 && "a lane mask within the wave");
  Value laneMask = createI32Constant(b, loc, 63);
  Value lane = LLVM::AndOp::create(b, loc, getThreadId(b, loc), laneMask);
  Value source =
      LLVM::XOrOp::create(b, loc, lane, createI32Constant(b, loc, mask));
  return permute(b, loc, value, source);
}

Value TargetInfo::shuffleIdx(OpBuilder &b, Location loc, Value value,
                             Value lane) const {
  return permute(b, loc, value, lane);
}

void TargetInfo::barrier(OpBuilder &b, Location loc) const {
  // s_barrier alone orders execution, not memory: the workgroup-scope fences
  // make LLVM wait for this thread's LDS (and global) accesses before it and
  // keep later ones after it, as HIP's __syncthreads does.
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release, "workgroup");
  ROCDL::SBarrierOp::create(b, loc);
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire, "workgroup");
}

void TargetInfo::markKernel(LLVM::LLVMFuncOp func, int numThreads) const {
  MLIRContext *context = func.getContext();
  func->setAttr(ROCDL::ROCDLDialect::getKernelFuncAttrName(),
                UnitAttr::get(context));
  // Triton launches exactly num-warps * 64 threads; the backend budgets
  // registers for at most that many.
  func->setAttr(ROCDL::ROCDLDialect::getFlatWorkGroupSizeAttrName(),
                StringAttr::get(context, "1," + std::to_string(numThreads)));
}
