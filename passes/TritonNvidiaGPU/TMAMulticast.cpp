//===- TMAMulticast.cpp - -triton-nvidia-gpu-tma-multicast ----------------===//
//
// Marks the TMA loads the lowering multicasts and places the cluster
// barriers that make it safe (its Passes.td entry says what and why).
//
// Where the barriers go: a pipelined loop refills stage s after the
// warp-group dot wait that retires the last dot reading s, so a peer may
// write s once this CTA has passed that wait. Each group of multicast loads
// (loads separated only by ops that neither read shared memory nor wait) gets
// a cluster arrive right after the last op before it that is not such an op
// (relaxed when that op is a warp-group dot wait: the wait itself retires
// the reads, and nothing in the loop reads shared memory through registers),
// and a cluster wait just before its first load. Every thread reaches both:
// the loads must sit in the kernel's body or in scf.for loops, whose trip
// counts every CTA of a program shares. Before each return an arrive and a
// wait keep every CTA alive until its peers have issued their last loads.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonNvidiaGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/TMA.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/bit.h"

namespace mlir {
namespace triton {
namespace nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUTMAMULTICAST
#include "passes/TritonNvidiaGPU/Passes.h.inc"
} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

/// Ops a peer's multicast may cross: they neither read shared memory nor
/// wait (views, mbarrier expects, and TMA loads, which write buffers only).
bool isTransparent(Operation *op) {
  return isMemoryEffectFree(op) ||
         isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp, ttng::BarrierExpectOp,
             ttng::AsyncTMACopyGlobalToLocalOp>(op);
}

/// A located refusal of a multicast TMA load that does not fit the form.
LogicalResult refuse(Operation *op, const Twine &why) {
  return op->emitError() << "TMA multicast (tma-multicast=true) of this load "
                         << why << " is not supported yet";
}

/// Whether every thread of the cluster reaches `op` as often as its peers
/// do: it sits in a kernel's body or in scf.for loops.
LogicalResult checkUniform(Operation *op) {
  for (Operation *parent = op->getParentOp(); !isa<FuncOp>(parent);
       parent = parent->getParentOp())
    if (!isa<scf::ForOp>(parent))
      return refuse(op, "under '" + parent->getName().getStringRef() +
                            "' (the cluster barrier ordering it must be "
                            "reached by every thread of the cluster)");
  auto func = op->getParentOfType<FuncOp>();
  if (!func.isPublic())
    return refuse(op, "in a device function (the cluster barrier before the "
                      "kernel's exit would not see it)");
  return success();
}

/// Where the descriptor `desc` (whose block has copies) comes from must let
/// its box shrink: a kernel parameter (the launch metadata's box) or a
/// tensormap written in the kernel, whose box operands are set here.
LogicalResult shrinkDescriptorBox(Operation *user, Value desc,
                                  DenseSet<Operation *> &rewritten) {
  auto block = cast<TensorDescType>(desc.getType()).getBlockType();
  if (isa<BlockArgument>(desc) &&
      isa<FuncOp>(desc.getParentRegion()->getParentOp()))
    return success();
  auto reinterpret = desc.getDefiningOp<ttng::ReinterpretTensorDescOp>();
  ttng::TensormapCreateOp create;
  if (reinterpret)
    if (auto func = reinterpret->getParentOfType<FuncOp>())
      func.walk([&](ttng::TensormapCreateOp op) {
        if (op.getDescPtr() == reinterpret.getRawDesc())
          create = op;
      });
  if (!create)
    return refuse(user, "through a descriptor that is neither a kernel "
                        "parameter nor a tensormap written in the kernel (its "
                        "box must shrink to each copy's share)");
  if (!rewritten.insert(create).second)
    return success();
  SmallVector<int64_t> box = ttng::getTMABoxShape(block, /*multicast=*/true);
  OpBuilder b(create);
  SmallVector<Value> dims;
  for (int64_t dim : llvm::reverse(box))
    dims.push_back(arith::ConstantIntOp::create(b, create.getLoc(), dim, 32));
  create.getBoxDimMutable().assign(dims);
  return success();
}

/// The cluster barriers of the loads in `loads` (in program order).
void placeBarriers(ArrayRef<ttng::AsyncTMACopyGlobalToLocalOp> loads) {
  DenseSet<Operation *> covered;
  for (ttng::AsyncTMACopyGlobalToLocalOp load : loads) {
    if (covered.contains(load))
      continue;
    for (Operation *next = load->getNextNode(); next && isTransparent(next);
         next = next->getNextNode())
      covered.insert(next);
    Operation *freeing = load->getPrevNode();
    while (freeing && isTransparent(freeing))
      freeing = freeing->getPrevNode();
    Block *block = load->getBlock();
    bool readsThroughRegisters = llvm::any_of(
        *block, [](Operation &op) { return isa<ttg::LocalLoadOp>(op); });
    OpBuilder b(load);
    if (freeing)
      b.setInsertionPointAfter(freeing);
    else
      b.setInsertionPointToStart(block);
    UnitAttr aligned = b.getUnitAttr();
    Location loc = load.getLoc();
    if (isa_and_nonnull<ttng::WarpGroupDotWaitOp>(freeing) &&
        !readsThroughRegisters)
      NVVM::ClusterArriveRelaxedOp::create(b, loc, aligned);
    else
      NVVM::ClusterArriveOp::create(b, loc, aligned);
    b.setInsertionPoint(load);
    NVVM::ClusterWaitOp::create(b, loc, aligned);
  }
}

class TMAMulticastPass
    : public mlir::triton::nvidia_gpu::impl::TritonNvidiaGPUTMAMulticastBase<TMAMulticastPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto numCTAs = module->getAttrOfType<IntegerAttr>(ttg::kNumCTAsAttrName);
    if (!numCTAs || numCTAs.getInt() <= 1)
      return;
    SmallVector<ttng::AsyncTMACopyGlobalToLocalOp> loads;
    DenseSet<Operation *> rewritten;
    bool refused = false;
    auto hasCopies = [](Value desc) {
      return ttng::getTMACopyBits(
                 cast<TensorDescType>(desc.getType()).getBlockType()) != 0;
    };
    module.walk([&](Operation *op) {
      Value desc;
      if (auto load = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op))
        desc = load.getDesc();
      else if (auto store = dyn_cast<ttng::AsyncTMACopyLocalToGlobalOp>(op))
        desc = store.getDesc();
      else if (auto reduce = dyn_cast<ttng::AsyncTMAReduceOp>(op))
        desc = reduce.getDesc();
      if (!desc || !hasCopies(desc))
        return;
      // Every user of such a descriptor sees the shrunken box.
      if (failed(shrinkDescriptorBox(op, desc, rewritten))) {
        refused = true;
        return;
      }
      auto load = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op);
      if (!load)
        return;
      RankedTensorType block = load.getDesc().getType().getBlockType();
      if (ttng::getTMABoxShape(block, /*multicast=*/true).empty()) {
        unsigned copies = 1u << llvm::popcount(ttng::getTMACopyBits(block));
        refused = true;
        (void)refuse(op, "whose CTA tile cannot be cut into a multiple of " +
                             Twine(copies) + " boxes (one share per copy)");
        return;
      }
      if (failed(checkUniform(op))) {
        refused = true;
        return;
      }
      load->setAttr(ttng::kTMAMulticastLoadAttrName,
                    UnitAttr::get(&getContext()));
      loads.push_back(load);
    });
    if (refused)
      return signalPassFailure();
    if (loads.empty())
      return;
    module->setAttr(ttng::kTMAMulticastAttrName, UnitAttr::get(&getContext()));
    placeBarriers(loads);
    // Before each kernel's returns, once per kernel with multicast loads.
    DenseSet<Operation *> kernels;
    for (ttng::AsyncTMACopyGlobalToLocalOp load : loads)
      kernels.insert(load->getParentOfType<FuncOp>());
    for (Operation *kernel : kernels)
      kernel->walk([&](ReturnOp ret) {
        OpBuilder b(ret);
        NVVM::ClusterArriveOp::create(b, ret.getLoc(), b.getUnitAttr());
        NVVM::ClusterWaitOp::create(b, ret.getLoc(), b.getUnitAttr());
      });
  }
};

} // namespace

