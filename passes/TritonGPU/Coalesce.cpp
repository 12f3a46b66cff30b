//===- Coalesce.cpp - The -tritongpu-coalesce pass ------------------------===//

#include "passes/TritonGPU/Passes.h"

#include "passes/Analysis/AxisInfo.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

#include <limits>
#include <numeric>

namespace mlir {
namespace triton {
namespace gpu {
#define GEN_PASS_DEF_TRITONGPUCOALESCE
#include "passes/TritonGPU/Passes.h.inc"
} // namespace gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The pointer operand of a memory access on a tensor of pointers, or null.
Value getTensorPointer(Operation *op) {
  Value ptr = TypeSwitch<Operation *, Value>(op)
                  .Case<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp>(
                      [](auto access) { return access.getPtr(); })
                  .Default([](Operation *) { return Value(); });
  if (!ptr || !isa<RankedTensorType>(ptr.getType()))
    return Value();
  return ptr;
}

int64_t getModuleInt(ModuleOp module, StringRef name, int64_t fallback) {
  if (auto attr = module->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return fallback;
}

/// The dimensions of `ptr` from the most contiguous; on a tie the lower
/// dimension comes first, as in Triton 3.6 (a pointer whose contiguity is
/// hidden on every dimension, say by `% N` of an unspecialized N, is walked
/// along dimension 0: the K-major B operand of the AMD corpus matmuls).
SmallVector<unsigned> getContiguityOrder(Value ptr,
                                         const ModuleAxisInfo &axis) {
  AxisInfo info = axis.get(ptr);
  SmallVector<unsigned> order(cast<RankedTensorType>(ptr.getType()).getRank());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) {
    return info.getContiguity(a) > info.getContiguity(b);
  });
  return order;
}

/// The bits of the elements a tensor of pointers points to, a byte at least.
int64_t getElementBits(RankedTensorType ptrType) {
  Type pointee = cast<PointerType>(ptrType.getElementType()).getPointeeType();
  return std::max<unsigned>(8, pointee.getIntOrFloatBitWidth());
}

/// The elements a thread can move at once through `ptr` along `fastest`:
/// what its alignment and contiguity allow, at most 16 bytes.
int64_t getVectorElements(Value ptr, unsigned fastest,
                          const ModuleAxisInfo &axis) {
  auto type = cast<RankedTensorType>(ptr.getType());
  AxisInfo info = axis.get(ptr);
  int64_t elementBits = getElementBits(type);
  int64_t alignedElements =
      std::max<int64_t>(1, info.getDivisibility(fastest) / (elementBits / 8));
  int64_t contiguous =
      std::min(info.getContiguity(fastest), type.getDimSize(fastest));
  return std::min({alignedElements, contiguous, 128 / elementBits});
}

/// The ops connected to `op` through use-def edges either way (operands'
/// defining ops, block arguments aside; results' users; ops nested in the
/// regions of those reached): the set MLIR's getSlice gives with
/// omitBlockArguments, gathered with a worklist, since getSlice recurses once
/// per op of a dependency chain and overflowed the stack on long chains.
/// Unordered: the caller only takes maxima and minima over it.
SmallVector<Operation *> connectedOps(Operation *op) {
  llvm::SetVector<Operation *> reached;
  reached.insert(op);
  for (unsigned next = 0; next < reached.size(); ++next) {
    Operation *current = reached[next];
    for (Value operand : current->getOperands())
      if (Operation *def = operand.getDefiningOp())
        reached.insert(def);
    for (Operation *user : current->getUsers())
      reached.insert(user);
    current->walk([&](Operation *nested) { reached.insert(nested); });
  }
  return reached.takeVector();
}

/// The layout that coalesces the access `op` through `ptr`. A load takes
/// the widest vector among the accesses connected to it by def-use chains
/// (either way; not from a block's arguments to its op) whose pointers have
/// its shape and contiguity order, so that it keeps the layout of the loads
/// and stores around it: an fp16 row quantized to fp8 is read 16 elements a
/// thread, as the fp8 store writes it, with no conversion between. That is
/// 3.6's rule, with one exception: a contiguous load that cannot move its
/// own 16 bytes at once (unaligned) keeps its own width when a store
/// connected to it is narrower than that widest vector. Stores keep their
/// own width, so widening such a load would only spread a warp's scalar
/// loads apart and convert before the store (layer-norm backward, whose
/// rows are all unaligned but the weights: one conversion instead of
/// three). Where every connected store is that wide (a causal
/// convolution's shifted taps feeding an aligned store) the load widens as
/// in 3.6. A gather (elements all apart) widens freely: a binary search's
/// probes in a while loop then need no conversion, as in 3.6.
BlockedEncodingAttr getCoalescedEncoding(Operation *op, Value ptr,
                                         const ModuleAxisInfo &axis,
                                         int numWarps, int threadsPerWarp,
                                         int numCTAs) {
  auto type = cast<RankedTensorType>(ptr.getType());
  SmallVector<unsigned> order = getContiguityOrder(ptr, axis);
  unsigned fastest = order[0];
  int64_t own = getVectorElements(ptr, fastest, axis);
  int64_t perThread = own;
  if (isa<LoadOp>(op) && ptr.getDefiningOp()) {
    bool fullVector = own == 128 / getElementBits(type);
    bool gather = axis.get(ptr).getContiguity(fastest) == 1;
    int64_t narrowestStore = std::numeric_limits<int64_t>::max();
    for (Operation *other : connectedOps(op)) {
      Value otherPtr = getTensorPointer(other);
      if (!otherPtr || other == op ||
          cast<RankedTensorType>(otherPtr.getType()).getShape() !=
              type.getShape() ||
          getContiguityOrder(otherPtr, axis) != order)
        continue;
      int64_t width = getVectorElements(otherPtr, fastest, axis);
      perThread = std::max(perThread, width);
      if (!isa<LoadOp>(other))
        narrowestStore = std::min(narrowestStore, width);
    }
    if (!gather && !fullVector && narrowestStore < perThread)
      perThread = own;
  }
  // No thread takes more than its share of the tensor.
  int64_t share =
      std::max<int64_t>(1, type.getNumElements() / (numWarps * threadsPerWarp));
  perThread = std::max<int64_t>(1, std::min(perThread, share));

  SmallVector<unsigned> sizePerThread(type.getRank(), 1);
  sizePerThread[fastest] = perThread;
  return getBlockedEncoding(op->getContext(), type.getShape(), sizePerThread,
                            order, numWarps, threadsPerWarp, numCTAs);
}

/// The layout of a block moved through a tensor descriptor: the block is
/// contiguous along its last dimension and TMA aligns it to 16 bytes, so it
/// is coalesced as a pointer access known that far would be (Triton 3.6's
/// layout for descriptor loads and stores).
BlockedEncodingAttr getDescriptorBlockEncoding(MLIRContext *context,
                                               RankedTensorType block,
                                               int numWarps, int threadsPerWarp,
                                               int numCTAs) {
  int64_t rank = block.getRank();
  SmallVector<unsigned> order;
  for (int64_t dim = rank; dim-- > 0;)
    order.push_back(dim);
  int64_t elementBits = std::max<unsigned>(8, block.getElementTypeBitWidth());
  int64_t perThread =
      std::min<int64_t>(128 / elementBits, block.getShape().back());
  int64_t share = std::max<int64_t>(1, block.getNumElements() /
                                           (numWarps * threadsPerWarp));
  SmallVector<unsigned> sizePerThread(rank, 1);
  sizePerThread.back() = std::max<int64_t>(1, std::min(perThread, share));
  return getBlockedEncoding(context, block.getShape(), sizePerThread, order,
                            numWarps, threadsPerWarp, numCTAs);
}

/// Moves `op`'s tensor operands to `encoding`, runs it there, and moves its
/// results back. Every tensor operand gets a ttg.convert_layout, one that
/// changes nothing included (later passes fold those away): the access then
/// always reads values defined right before it, in the pass's output as in
/// Triton's, whose tests match that shape.
void coalesce(Operation *op, BlockedEncodingAttr encoding) {
  OpBuilder builder(op);
  for (OpOperand &operand : op->getOpOperands()) {
    auto tensor = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!tensor)
      continue;
    operand.set(ConvertLayoutOp::create(builder, op->getLoc(),
                                        tensor.cloneWithEncoding(encoding),
                                        operand.get()));
  }
  builder.setInsertionPointAfter(op);
  for (OpResult result : op->getResults()) {
    auto tensor = dyn_cast<RankedTensorType>(result.getType());
    if (!tensor || tensor.getEncoding() == encoding)
      continue;
    result.setType(tensor.cloneWithEncoding(encoding));
    auto back = ConvertLayoutOp::create(builder, op->getLoc(), tensor, result);
    result.replaceAllUsesExcept(back, back);
  }
}

class TritonGPUCoalescePass
    : public mlir::triton::gpu::impl::TritonGPUCoalesceBase<
          TritonGPUCoalescePass> {
public:
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    int numWarps = getModuleInt(module, "ttg.num-warps", 4);
    int threadsPerWarp = getModuleInt(module, "ttg.threads-per-warp", 32);
    int numCTAs = getModuleInt(module, "ttg.num-ctas", 1);
    ModuleAxisInfo axis(module);
    // Decide every layout before changing anything: the analysis describes
    // the IR as it was.
    SmallVector<std::pair<Operation *, BlockedEncodingAttr>> accesses;
    module.walk([&](Operation *op) {
      if (Value ptr = getTensorPointer(op))
        accesses.push_back({op, getCoalescedEncoding(op, ptr, axis, numWarps,
                                                     threadsPerWarp, numCTAs)});
      RankedTensorType block;
      if (auto load = dyn_cast<DescriptorLoadOp>(op))
        block = load.getType();
      else if (auto store = dyn_cast<DescriptorStoreOp>(op))
        block = cast<RankedTensorType>(store.getSrc().getType());
      if (block)
        accesses.push_back(
            {op, getDescriptorBlockEncoding(op->getContext(), block, numWarps,
                                            threadsPerWarp, numCTAs)});
    });
    for (auto [op, encoding] : accesses)
      coalesce(op, encoding);
  }
};

} // namespace
