//===- TMABarriers.cpp - The mbarriers of pipelined TMA loads -------------===//

#include "passes/TritonGPU/Pipeline/TMABarriers.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::pipeline;

/// The body ops that wait for `load`: its users, or for a load that only
/// fills a local_alloc (the buffer replaces it), the alloc's users.
static void addWaitingUsers(Operation *load, Block *body,
                            DenseSet<Operation *> &users) {
  for (Operation *user : load->getUsers()) {
    if (isa<LocalAllocOp>(user) && user->getBlock() == body) {
      for (Operation *allocUser : user->getUsers())
        if (Operation *inBody = body->findAncestorOpInBlock(*allocUser))
          users.insert(inBody);
      continue;
    }
    if (Operation *inBody = body->findAncestorOpInBlock(*user))
      users.insert(inBody);
  }
}

SmallVector<SmallVector<Operation *>>
pipeline::groupLoadsByBarrier(Block *body, ArrayRef<Operation *> tmaLoads,
                              const DenseMap<Operation *, int> &numBuffers,
                              const CoarseSchedule &schedule) {
  SmallVector<SmallVector<Operation *>> groups;
  DenseSet<Operation *> grouped;
  DenseSet<Operation *> candidates(tmaLoads.begin(), tmaLoads.end());
  for (Operation *first : tmaLoads) {
    if (grouped.count(first))
      continue;
    SmallVector<Operation *> group{first};
    grouped.insert(first);
    DenseSet<Operation *> users;
    addWaitingUsers(first, body, users);
    auto at = schedule.lookup(first);
    int buffers = numBuffers.lookup(first);
    for (Operation *op = first->getNextNode(); op; op = op->getNextNode()) {
      if (users.count(op) || grouped.count(op))
        break;
      if (!candidates.count(op))
        continue;
      if (numBuffers.lookup(op) != buffers)
        break;
      if (schedule.lookup(op) != at)
        continue;
      group.push_back(op);
      grouped.insert(op);
      addWaitingUsers(op, body, users);
    }
    groups.push_back(std::move(group));
  }
  return groups;
}

Value pipeline::createSlotView(OpBuilder &builder, Location loc, Value alloc,
                               Value index) {
  auto type = cast<MemDescType>(alloc.getType());
  auto viewType =
      MemDescType::get(type.getShape().drop_front(), type.getElementType(),
                       type.getEncoding(), type.getMemorySpace(),
                       /*mutableMemory=*/true);
  return MemDescIndexOp::create(builder, loc, viewType, alloc, index);
}

Value pipeline::createBarriers(OpBuilder &builder, Location loc, int count,
                              int numCTAs) {
  MLIRContext *context = builder.getContext();
  // One 8-byte barrier per slot, unswizzled. In a cluster every CTA holds
  // its own copy of the array (each CTA's copies arrive on its own
  // barriers): CGA bases all zero, as 3.6's pipeliner lays them out.
  BasisList copies(SmallVector<SmallVector<int32_t>>(
      llvm::Log2_32(std::max(numCTAs, 1)), SmallVector<int32_t>{0}));
  auto encoding = SwizzledSharedEncodingAttr::get(context, 1, 1, 1, {0}, copies);
  auto type = MemDescType::get({count, 1}, builder.getI64Type(), encoding,
                               SharedMemorySpaceAttr::get(context),
                               /*mutableMemory=*/true);
  Value barriers =
      LocalAllocOp::create(builder, loc, type, Value(), IntegerAttr());
  for (int i = 0; i < count; ++i) {
    Value index = arith::ConstantIntOp::create(builder, loc, i, 32);
    nvidia_gpu::InitBarrierOp::create(
        builder, loc, createSlotView(builder, loc, barriers, index), 1);
  }
  return barriers;
}

void pipeline::destroyBarriers(OpBuilder &builder, Location loc,
                               Value barriers) {
  int64_t count = cast<MemDescType>(barriers.getType()).getShape().front();
  for (int64_t i = 0; i < count; ++i) {
    Value index = arith::ConstantIntOp::create(builder, loc, i, 32);
    nvidia_gpu::InvalBarrierOp::create(
        builder, loc, createSlotView(builder, loc, barriers, index));
  }
  LocalDeallocOp::create(builder, loc, barriers);
}
