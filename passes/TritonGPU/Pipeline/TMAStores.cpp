//===- TMAStores.cpp - Descriptor stores left running into the next trip --===//
//
// A TMA store reads its shared-memory source asynchronously. Lowered on its
// own, a descriptor store waits for that read right after the copy; in a
// loop the wait can move to just before the next write of the same buffer,
// so the copy overlaps the rest of the iteration. One buffer per store
// type, made before the loop, is written each trip; a wait after the loop
// retires the last copies before the buffers are freed.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Pipeline/AsyncLoads.h"
#include "passes/TritonGPU/Pipeline/Pipeline.h"

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/TMA.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;
using namespace mlir::triton::gpu::pipeline;

namespace {

/// The shared buffer a pipelined `store` writes its block into: the
/// descriptor's layout at the stored shape; null when the store is left to
/// the TMA lowering.
MemDescType getStoreBufferType(DescriptorStoreOp store, scf::ForOp forOp) {
  if (!targetHasTMA(store))
    return {};
  // A descriptor made in the loop is a new tensormap each trip: one still
  // read by a copy in flight would be overwritten (3.6 multi-buffers the
  // tensormaps; ours keeps such stores synchronous).
  if (!forOp.isDefinedOutsideOfLoop(store.getDesc()))
    return {};
  RankedTensorType block = store.getDesc().getType().getBlockType();
  RankedTensorType src = store.getSrc().getType();
  if (src.getElementType() != block.getElementType())
    return {};
  Attribute encoding;
  if (isa_and_nonnull<NVMMASharedEncodingAttr>(block.getEncoding()))
    encoding = getTMABufferEncoding(block, src.getShape());
  else if (block.getEncoding() && isSharedEncoding(block.getEncoding()) &&
           block.getShape() == src.getShape())
    encoding = block.getEncoding();
  if (!encoding)
    return {};
  return MemDescType::get(src.getShape(), src.getElementType(), encoding,
                          SharedMemorySpaceAttr::get(store.getContext()),
                          /*mutableMemory=*/true);
}

} // namespace

void mlir::triton::gpu::pipeline::pipelineTMAStores(scf::ForOp forOp) {
  // The stores of this loop's body, not of loops nested in it (each loop
  // keeps its own buffers).
  SmallVector<std::pair<DescriptorStoreOp, MemDescType>> stores;
  forOp.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<scf::ForOp>(op))
      return WalkResult::skip();
    if (auto store = dyn_cast<DescriptorStoreOp>(op))
      if (MemDescType type = getStoreBufferType(store, forOp))
        stores.push_back({store, type});
    return WalkResult::advance();
  });
  if (stores.empty())
    return;
  // Stores of one buffer type share it: each waits for every earlier copy
  // before writing, so a shared buffer costs no overlap.
  llvm::MapVector<Type, Value> buffers;
  OpBuilder before(forOp);
  for (auto &[store, type] : stores) {
    Value &buffer = buffers[type];
    if (!buffer)
      buffer = LocalAllocOp::create(before, store.getLoc(), type, Value(),
                                    IntegerAttr());
  }
  for (auto &[store, type] : stores) {
    OpBuilder b(store);
    Location loc = store.getLoc();
    Value buffer = buffers.lookup(type);
    TMAStoreWaitOp::create(b, loc, 0);
    LocalStoreOp::create(b, loc, store.getSrc(), buffer);
    FenceAsyncSharedOp::create(b, loc, /*bCluster=*/false);
    AsyncTMACopyLocalToGlobalOp::create(b, loc, store.getDesc(),
                                        store.getIndices(), buffer);
    store.erase();
  }
  OpBuilder after(forOp->getContext());
  after.setInsertionPointAfter(forOp);
  TMAStoreWaitOp::create(after, forOp.getLoc(), 0);
  for (auto &entry : buffers)
    LocalDeallocOp::create(after, forOp.getLoc(), entry.second);
}
