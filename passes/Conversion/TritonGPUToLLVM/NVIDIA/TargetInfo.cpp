//===- TargetInfo.cpp - The NVIDIA answers to the lowering's questions ----===//

#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/WarpSpecializeUtility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::nvidia;

Value TargetInfo::getThreadId(OpBuilder &b, Location loc) const {
  // The thread id masked to the program's thread count, as Triton 3.6 reads
  // it: LLVM sees the high bits are zero, so register and thread bits of an
  // index are disjoint (xor becomes `or disjoint`, adds need no carries); the
  // mask folds into the masks and shifts that take lane and warp apart.
  Type i32 = b.getI32Type();
  // In a ttg.warp_specialize partition, threads count from the partition's
  // first (its layouts cover its own warps only).
  if (std::optional<PartitionThreads> partition =
          getPartitionThreads(b.getInsertionBlock(), warpSize)) {
    Value tid = NVVM::ThreadIdXOp::create(b, loc, i32);
    Value relative = LLVM::SubOp::create(
        b, loc, tid, createI32Constant(b, loc, partition->firstThread));
    return LLVM::AndOp::create(
        b, loc, relative, createI32Constant(b, loc, partition->numThreads - 1));
  }
  if (!llvm::isPowerOf2_32(numThreads)) {
    auto range =
        LLVM::ConstantRangeAttr::get(b.getContext(), 32, 0, numThreads);
    return NVVM::ThreadIdXOp::create(b, loc, i32, range);
  }
  Value tid = NVVM::ThreadIdXOp::create(b, loc, i32);
  return LLVM::AndOp::create(b, loc, tid,
                             createI32Constant(b, loc, numThreads - 1));
}

namespace {
/// The i32 special register of `axis` (0, 1, 2): X, Y or Z.
template <typename X, typename Y, typename Z>
Value readAxis(OpBuilder &b, Location loc, int axis) {
  Type i32 = b.getI32Type();
  if (axis == 0)
    return X::create(b, loc, i32);
  if (axis == 1)
    return Y::create(b, loc, i32);
  return Z::create(b, loc, i32);
}
} // namespace

// A program of several CTAs is a cluster: its id and the grid's size count
// clusters (3.6's rule: %clusterid and %nclusterid when ttg.num-ctas > 1).
Value TargetInfo::getProgramId(OpBuilder &b, Location loc, int axis) const {
  if (numCTAs > 1)
    return readAxis<NVVM::ClusterIdXOp, NVVM::ClusterIdYOp, NVVM::ClusterIdZOp>(
        b, loc, axis);
  return readAxis<NVVM::BlockIdXOp, NVVM::BlockIdYOp, NVVM::BlockIdZOp>(b, loc,
                                                                        axis);
}

Value TargetInfo::getNumPrograms(OpBuilder &b, Location loc, int axis) const {
  if (numCTAs > 1)
    return readAxis<NVVM::ClusterDimXOp, NVVM::ClusterDimYOp,
                    NVVM::ClusterDimZOp>(b, loc, axis);
  return readAxis<NVVM::GridDimXOp, NVVM::GridDimYOp, NVVM::GridDimZOp>(b, loc,
                                                                        axis);
}

Value TargetInfo::getClusterCTAId(OpBuilder &b, Location loc) const {
  if (numCTAs == 1)
    return {};
  // The rank within the cluster, masked to the CTA count so that LLVM knows
  // its high bits are zero, as for the thread id.
  Value rank = NVVM::ClusterId::create(b, loc, b.getI32Type());
  return LLVM::AndOp::create(b, loc, rank,
                             createI32Constant(b, loc, numCTAs - 1));
}

Value TargetInfo::shuffleXor(OpBuilder &b, Location loc, Value value,
                             int mask) const {
  // One operand a statement: argument evaluation order is the compiler's.
  Value clamp = createI32Constant(b, loc, 0x1f);
  Value offset = createI32Constant(b, loc, mask);
  Value members = createI32Constant(b, loc, -1);
  return NVVM::ShflOp::create(b, loc, value.getType(), members, value, offset,
                              clamp, NVVM::ShflKind::bfly, UnitAttr());
}

Value TargetInfo::shuffleIdx(OpBuilder &b, Location loc, Value value,
                             Value lane) const {
  Value clamp = createI32Constant(b, loc, 0x1f);
  Value members = createI32Constant(b, loc, -1);
  return NVVM::ShflOp::create(b, loc, value.getType(), members, value, lane,
                              clamp, NVVM::ShflKind::idx, UnitAttr());
}

Value TargetInfo::shuffleUp(OpBuilder &b, Location loc, Value value, int delta,
                            int width) const {
  // shfl.sync.up: the segment size goes in c's bits 8-12, the clamp (the
  // segment's first lane) in its low bits, which are 0 for up.
  Value segment = createI32Constant(b, loc, (32 - width) << 8);
  Value offset = createI32Constant(b, loc, delta);
  Value members = createI32Constant(b, loc, -1);
  return NVVM::ShflOp::create(b, loc, value.getType(), members, value, offset,
                              segment, NVVM::ShflKind::up, UnitAttr());
}

Value TargetInfo::reduceWarp(OpBuilder &b, Location loc, Value value,
                             Operation *combiner) const {
  // redux.sync (sm_80 on) reduces 32-bit integers across the warp in one
  // instruction, where shuffles take five shuffle-and-combine steps.
  auto type = dyn_cast<IntegerType>(value.getType());
  if (computeCapability < 80 || warpSize != 32 || !type || type.getWidth() > 32)
    return {};
  std::optional<NVVM::ReduxKind> kind =
      llvm::TypeSwitch<Operation *, std::optional<NVVM::ReduxKind>>(combiner)
          .Case([](arith::AddIOp) { return NVVM::ReduxKind::ADD; })
          .Case([](arith::AndIOp) { return NVVM::ReduxKind::AND; })
          .Case([](arith::OrIOp) { return NVVM::ReduxKind::OR; })
          .Case([](arith::XOrIOp) { return NVVM::ReduxKind::XOR; })
          .Case([](arith::MinSIOp) { return NVVM::ReduxKind::MIN; })
          .Case([](arith::MaxSIOp) { return NVVM::ReduxKind::MAX; })
          .Case([](arith::MinUIOp) { return NVVM::ReduxKind::UMIN; })
          .Case([](arith::MaxUIOp) { return NVVM::ReduxKind::UMAX; })
          .Default([](Operation *) { return std::nullopt; });
  if (!kind)
    return {};
  Type i32 = b.getI32Type();
  Value wide = value;
  // Narrower integers widen so that the 32-bit operation orders and sums
  // them as their own: signed min/max sign-extend, the rest zero-extend
  // (an add's carries above the narrow width are cut off again).
  if (type.getWidth() < 32) {
    bool isSigned =
        *kind == NVVM::ReduxKind::MIN || *kind == NVVM::ReduxKind::MAX;
    wide = isSigned ? LLVM::SExtOp::create(b, loc, i32, value).getResult()
                    : LLVM::ZExtOp::create(b, loc, i32, value).getResult();
  }
  Value result = NVVM::ReduxOp::create(
      b, loc, i32, wide, *kind, createI32Constant(b, loc, -1), /*abs=*/false,
      /*nan=*/false);
  if (type.getWidth() < 32)
    result = LLVM::TruncOp::create(b, loc, type, result);
  return result;
}

void TargetInfo::barrier(OpBuilder &b, Location loc) const {
  NVVM::Barrier0Op::create(b, loc);
}

void TargetInfo::warpBarrier(OpBuilder &b, Location loc) const {
  // bar.warp.sync with every lane of the warp.
  NVVM::SyncWarpOp::create(b, loc, createI32Constant(b, loc, -1));
}

void TargetInfo::markKernel(LLVM::LLVMFuncOp func, int numThreads) const {
  MLIRContext *context = func.getContext();
  // The LLVM translation reads only the attribute's presence; its value is
  // Triton's spelling, an unsigned 1-bit 1.
  func->setAttr(
      NVVM::NVVMDialect::getKernelFuncAttrName(),
      IntegerAttr::get(IntegerType::get(context, 1, IntegerType::Unsigned), 1));
  func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                DenseI32ArrayAttr::get(context, {numThreads}));
  // A program on a cluster: the kernel says its cluster shape (PTX's
  // .explicitcluster and .reqnctapercluster, as Triton 3.6's PTX has them),
  // so that it runs only on clusters of that shape and ptxas knows it.
  if (numCTAs > 1)
    func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                  DenseI32ArrayAttr::get(context, {numCTAs, 1, 1}));
}

SmallVector<Value> TargetInfo::loadMatrices(OpBuilder &b, Location loc,
                                            Value rowAddress, bool transpose,
                                            unsigned count) const {
  // ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16, as the intrinsic
  // (a load LLVM may order against other memory accesses like any other).
  MLIRContext *context = b.getContext();
  Type i32 = b.getI32Type();
  Type resultType =
      count == 1 ? i32
                 : Type(LLVM::LLVMStructType::getLiteral(
                       context, SmallVector<Type>(count, i32)));
  Value matrices = NVVM::LdMatrixOp::create(
      b, loc, resultType, rowAddress, /*num=*/count,
      transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(context, 8, 8),
      NVVM::LdStMatrixEltType::B16);
  if (count == 1)
    return {matrices};
  SmallVector<Value> words;
  for (int64_t j = 0; j < count; ++j)
    words.push_back(LLVM::ExtractValueOp::create(b, loc, matrices, j));
  return words;
}

void TargetInfo::storeMatrices(OpBuilder &b, Location loc, Value rowAddress,
                               ValueRange words, bool transpose) const {
  // stmatrix.sync.aligned.m8n8.x4[.trans].shared.b16.
  NVVM::StMatrixOp::create(b, loc, rowAddress, words,
                           transpose ? NVVM::MMALayout::col
                                     : NVVM::MMALayout::row,
                           NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
                           NVVM::LdStMatrixEltType::B16);
}
