//===- TMALowering.cpp - Tensor-descriptor ops to TMA ---------------------===//
//
// The tensor-descriptor ops the pipeliner did not turn into asynchronous
// copies become synchronous TMA sequences here (one shared buffer and one
// mbarrier per load), and descriptors made in the kernel are written into
// per-program global scratch. See Passes.td for the exact sequences.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonNvidiaGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/TMA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace triton {
namespace nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUTMALOWERING
#include "passes/TritonNvidiaGPU/Passes.h.inc"
} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

namespace {

/// The block type of a descriptor, checked for TMA; null after an error.
RankedTensorType getTMABlock(Operation *op, Value desc) {
  RankedTensorType block = cast<TensorDescType>(desc.getType()).getBlockType();
  std::string why = whyNotTMABlock(block);
  if (!why.empty()) {
    op->emitError() << "'" << op->getName() << "' cannot use TMA: " << why;
    return {};
  }
  return block;
}

/// A one-element mbarrier in shared memory, initialized for one arrival.
Value createBarrier(OpBuilder &b, Location loc, unsigned numCTAs) {
  MLIRContext *context = b.getContext();
  auto encoding = SwizzledSharedEncodingAttr::get(
      context, 1, 1, 1, {0}, getDefaultCGALayout(numCTAs, 1));
  auto type = MemDescType::get({1}, b.getI64Type(), encoding,
                               SharedMemorySpaceAttr::get(context),
                               /*mutableMemory=*/true);
  Value barrier = LocalAllocOp::create(b, loc, type, Value(), IntegerAttr());
  InitBarrierOp::create(b, loc, barrier, 1);
  return barrier;
}

LogicalResult lowerLoad(DescriptorLoadOp load, unsigned numCTAs) {
  RankedTensorType block = getTMABlock(load, load.getDesc());
  if (!block)
    return failure();
  // An unswizzled #ttg.swizzled_shared block is for stores (Triton 3.6
  // refuses TMA loads into anything but an NVMMA buffer too).
  if (!getTMAEncoding(block))
    return load.emitError()
           << "'" << load->getName()
           << "' cannot use TMA: a TMA load needs a #ttg.nvmma_shared block, "
              "got "
           << block.getEncoding();
  OpBuilder b(load);
  Location loc = load.getLoc();
  MLIRContext *context = b.getContext();
  // The buffer has the load's shape: the block's, or the block without the
  // leading unit dimensions the frontend folds a reshape into.
  ArrayRef<int64_t> shape = load.getType().getShape();
  NVMMASharedEncodingAttr encoding = getTMABufferEncoding(block, shape);
  if (!encoding)
    return load.emitError() << "a descriptor load of " << block << " as "
                            << load.getType() << " is not supported yet";
  auto bufferType = MemDescType::get(shape, block.getElementType(), encoding,
                                     SharedMemorySpaceAttr::get(context),
                                     /*mutableMemory=*/true);
  Value buffer =
      LocalAllocOp::create(b, loc, bufferType, Value(), IntegerAttr());
  Value barrier = createBarrier(b, loc, numCTAs);
  Value truePred = arith::ConstantIntOp::create(b, loc, 1, 1);
  BarrierExpectOp::create(b, loc, barrier, getTMATileBytes(block), truePred);
  AsyncTMACopyGlobalToLocalOp::create(b, loc, load.getDesc(), load.getIndices(),
                                      buffer, barrier, truePred,
                                      load.getCache(), load.getEvict(),
                                      /*isVolatile=*/false);
  Value phase = arith::ConstantIntOp::create(b, loc, 0, 32);
  WaitBarrierOp::create(b, loc, barrier, phase, Value(), ValueRange());
  InvalBarrierOp::create(b, loc, barrier);
  // A block only put back into shared memory in the buffer's own layout
  // (a wgmma operand, say) is read there directly: no round trip through
  // registers, and no generic-proxy write for wgmma to fence. The copy's
  // readers are dots, loads, and the waits that keep a dot's operands alive
  // (whose results take the buffer's type).
  for (Operation *user : llvm::make_early_inc_range(load->getUsers())) {
    auto alloc = dyn_cast<LocalAllocOp>(user);
    if (!alloc || alloc.getType().getEncoding() != bufferType.getEncoding() ||
        alloc.getType().getShape() != bufferType.getShape() ||
        !llvm::all_of(alloc->getUsers(), [](Operation *op) {
          return isa<WarpGroupDotOp, WarpGroupDotWaitOp, LocalLoadOp>(op);
        }))
      continue;
    SmallVector<WarpGroupDotWaitOp> waits;
    for (Operation *reader : alloc->getUsers())
      if (auto wait = dyn_cast<WarpGroupDotWaitOp>(reader))
        if (!llvm::is_contained(waits, wait))
          waits.push_back(wait);
    alloc.replaceAllUsesWith(buffer);
    alloc.erase();
    for (WarpGroupDotWaitOp wait : waits)
      for (auto [operand, result] :
           llvm::zip(wait->getOperands(), wait->getResults()))
        result.setType(operand.getType());
  }
  if (!load->use_empty()) {
    Value result = LocalLoadOp::create(b, loc, load.getType(), buffer);
    load.replaceAllUsesWith(result);
  }
  load.erase();
  return success();
}

/// A descriptor store or reduction: the block goes into shared memory in the
/// descriptor's layout, is fenced for the async proxy, and TMA writes
/// (`AsyncTMACopyLocalToGlobalOp`) or combines (`AsyncTMAReduceOp`) it into
/// global memory; the wait lets the buffer be reused.
template <typename OpTy>
LogicalResult
lowerStore(OpTy store,
           function_ref<void(OpBuilder &, Location, Value buffer)> write) {
  RankedTensorType block = getTMABlock(store, store.getDesc());
  if (!block)
    return failure();
  OpBuilder b(store);
  Location loc = store.getLoc();
  auto bufferType = MemDescType::get(
      block.getShape(), block.getElementType(), block.getEncoding(),
      SharedMemorySpaceAttr::get(b.getContext()));
  Value buffer =
      LocalAllocOp::create(b, loc, bufferType, store.getSrc(), IntegerAttr());
  FenceAsyncSharedOp::create(b, loc, /*bCluster=*/false);
  write(b, loc, buffer);
  TMAStoreWaitOp::create(b, loc, 0);
  store.erase();
  return success();
}

/// The TMA descriptor of `make` in 128 bytes of global scratch.
LogicalResult lowerMakeDescriptor(MakeTensorDescOp make) {
  if (!getTMABlock(make, make.getResult()))
    return failure();
  OpBuilder b(make);
  Value desc = writeTensormap(b, make, [&](OpBuilder &b) -> Value {
    return GlobalScratchAllocOp::create(
        b, make.getLoc(), PointerType::get(b.getI8Type(), 1), /*nbytes=*/128,
        /*alignment=*/128);
  });
  if (!desc)
    return failure();
  make.replaceAllUsesWith(desc);
  make.erase();
  return success();
}

struct TMALoweringPass
    : triton::nvidia_gpu::impl::TritonNvidiaGPUTMALoweringBase<
          TMALoweringPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    unsigned numCTAs = 1;
    if (auto attr = module->getAttrOfType<IntegerAttr>(kNumCTAsAttrName))
      numCTAs = attr.getInt();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<DescriptorLoadOp, DescriptorStoreOp, MakeTensorDescOp,
              DescriptorGatherOp, DescriptorScatterOp, DescriptorReduceOp>(op))
        ops.push_back(op);
    });
    bool failed = false;
    for (Operation *op : ops) {
      LogicalResult result =
          llvm::TypeSwitch<Operation *, LogicalResult>(op)
              .Case([&](DescriptorLoadOp load) {
                return lowerLoad(load, numCTAs);
              })
              .Case([&](DescriptorStoreOp store) {
                return lowerStore(store, [&](OpBuilder &b, Location loc,
                                             Value buffer) {
                  AsyncTMACopyLocalToGlobalOp::create(
                      b, loc, store.getDesc(), store.getIndices(), buffer);
                });
              })
              .Case([&](DescriptorReduceOp reduce) {
                return lowerStore(reduce, [&](OpBuilder &b, Location loc,
                                              Value buffer) {
                  AsyncTMAReduceOp::create(b, loc, reduce.getKind(),
                                           reduce.getDesc(),
                                           reduce.getIndices(), buffer);
                });
              })
              .Case([&](MakeTensorDescOp make) {
                return lowerMakeDescriptor(make);
              })
              .Default([&](Operation *other) {
                return other->emitError()
                       << "'" << other->getName()
                       << "' through TMA is not supported yet on this target "
                          "(sm_90 has no row gathers or scatters; make_ttir "
                          "turns the descriptors of a kernel using them into "
                          "pointers)";
              });
      failed |= mlir::failed(result);
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
