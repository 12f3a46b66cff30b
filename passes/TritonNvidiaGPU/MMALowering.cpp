//===- MMALowering.cpp - -triton-nvidia-mma-lowering ----------------------===//
//
// Puts Blackwell's tcgen05 MMAs in the form the sm_100 lowering expects: a
// synchronous MMA becomes an asynchronous one waited for on an mbarrier of
// its own, and block scales in shared memory are copied to tensor memory,
// where tcgen05.mma reads them. See Passes.td for the exact sequences.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonNvidiaGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir {
namespace triton {
namespace nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUMMALOWERING
#include "passes/TritonNvidiaGPU/Passes.h.inc"
} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// Replaces the scale `operand` of `mma`, a buffer in shared memory, by a
/// tensor-memory copy of it: `rows` rows (the MMA's M or N) of as many bytes
/// as the scales need.
LogicalResult moveScaleToTensorMemory(TCGen5MMAScaledOp mma, OpOperand &operand,
                                      StringRef name, int64_t rows) {
  auto type = cast<MemDescType>(operand.get().getType());
  int64_t numElements = 1;
  for (int64_t dim : type.getShape())
    numElements *= dim;
  if (rows <= 0 || numElements % rows != 0)
    return mma.emitOpError()
           << "cannot spread the " << numElements << " scales of " << name
           << " over " << rows << " rows of tensor memory";
  // The CTA bases carry over only where the buffer keeps its shape; for a
  // reshaped one there is no split of the new shape to choose.
  SmallVector<int64_t> shape = {rows, numElements / rows};
  BasisList cga =
      cast<SwizzledSharedEncodingAttr>(type.getEncoding()).getCGALayout();
  if (!cga.empty() && type.getShape() != ArrayRef<int64_t>(shape))
    return mma.emitOpError()
           << "cannot move " << name
           << ", split over several CTAs, to tensor memory as " << rows << "x"
           << numElements / rows;
  MLIRContext *context = mma.getContext();
  auto tmemType = MemDescType::get(
      shape, type.getElementType(),
      TensorMemoryScalesEncodingAttr::get(
          context, cga, TensorMemoryScalesBlockRepOrder::mnThenK),
      TensorMemorySpaceAttr::get(context), /*mutableMemory=*/true);
  OpBuilder b(mma);
  Location loc = mma.getLoc();
  Value tmem =
      TMEMAllocOp::create(b, loc, tmemType, Type(), Value()).getResult();
  TMEMCopyOp::create(b, loc, operand.get(), tmem, Value());
  operand.set(tmem);
  return success();
}

bool isSwizzledSharedBuffer(Value value) {
  auto type = cast<MemDescType>(value.getType());
  return isa_and_nonnull<SharedMemorySpaceAttr>(type.getMemorySpace()) &&
         isa_and_nonnull<SwizzledSharedEncodingAttr>(type.getEncoding());
}

LogicalResult moveScalesToTensorMemory(TCGen5MMAScaledOp mma) {
  int64_t m = mma.getA().getType().getShape()[0];
  int64_t n = mma.getB().getType().getShape()[1];
  if (isSwizzledSharedBuffer(mma.getAScale()) &&
      failed(
          moveScaleToTensorMemory(mma, mma.getAScaleMutable(), "a_scale", m)))
    return failure();
  if (isSwizzledSharedBuffer(mma.getBScale()) &&
      failed(
          moveScaleToTensorMemory(mma, mma.getBScaleMutable(), "b_scale", n)))
    return failure();
  return success();
}

/// Makes a synchronous MMA asynchronous: it signals a fresh one-arrival
/// mbarrier, waited for (phase 0, where the MMA runs) right after it.
template <typename OpTy> void makeAsync(OpTy mma, unsigned numCTAs) {
  OpBuilder b(mma);
  Location loc = mma.getLoc();
  MLIRContext *context = b.getContext();
  Value truePred = arith::ConstantIntOp::create(b, loc, 1, 1);
  auto encoding = SwizzledSharedEncodingAttr::get(
      context, 1, 1, 1, {0}, getDefaultCGALayout(numCTAs, 1));
  auto barrierType = MemDescType::get({1}, b.getI64Type(), encoding,
                                      SharedMemorySpaceAttr::get(context),
                                      /*mutableMemory=*/true);
  Value barrier =
      LocalAllocOp::create(b, loc, barrierType, Value(), IntegerAttr());
  InitBarrierOp::create(b, loc, barrier, 1);
  mma.getBarriersMutable().append(barrier);
  mma.getBarrierPredsMutable().append(truePred);
  mma.setIsAsync(true);

  b.setInsertionPointAfter(mma);
  Value phase = arith::ConstantIntOp::create(b, loc, 0, 32);
  WaitBarrierOp::create(b, loc, barrier, phase, mma.getPred(), ValueRange());
  InvalBarrierOp::create(b, loc, barrier);
}

struct MMALoweringPass
    : triton::nvidia_gpu::impl::TritonNvidiaGPUMMALoweringBase<
          MMALoweringPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    unsigned numCTAs = 1;
    if (auto attr = module->getAttrOfType<IntegerAttr>(kNumCTAsAttrName))
      numCTAs = attr.getInt();
    SmallVector<Operation *> mmas;
    module.walk([&](Operation *op) {
      if (isa<TCGen5MMAOp, TCGen5MMAScaledOp>(op))
        mmas.push_back(op);
    });
    bool failed = false;
    for (Operation *op : mmas) {
      if (auto mma = dyn_cast<TCGen5MMAOp>(op)) {
        if (!mma.getIsAsync())
          makeAsync(mma, numCTAs);
        continue;
      }
      auto scaled = cast<TCGen5MMAScaledOp>(op);
      if (mlir::failed(moveScalesToTensorMemory(scaled))) {
        failed = true;
        continue;
      }
      if (!scaled.getIsAsync())
        makeAsync(scaled, numCTAs);
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
