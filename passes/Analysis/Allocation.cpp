//===- Allocation.cpp - Shared-memory allocation of a kernel --------------===//

#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/PaddedScratch.h"
#include "passes/Analysis/SwizzledScratch.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/CTATiles.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;
using mlir::triton::gpu::LinearLayout;

namespace {

// Shared memory holds at least a byte per element; pointers take 8.
int64_t bytesOf(Type type) {
  if (isa<PointerType>(type))
    return 8;
  unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 64;
  return std::max<int64_t>(1, (bits + 7) / 8);
}

int64_t product(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// The elements of a buffer of `elements` laid out with `padded`'s padding:
/// each interval adds its padding after every whole interval but the last
/// (nothing follows the last element).
int64_t paddedElements(ttg::PaddedSharedEncodingAttr padded,
                       int64_t elements) {
  int64_t total = elements;
  for (auto [interval, padding] :
       llvm::zip(padded.getIntervals(), padded.getPaddings())) {
    int64_t intervals = elements / interval;
    if (elements % interval == 0)
      --intervals;
    total += std::max<int64_t>(0, intervals) * padding;
  }
  return total;
}

/// The bytes of `type`'s buffer each CTA holds: in a cluster, its tile.
int64_t bytesPerCTA(ttg::MemDescType type) {
  ArrayRef<int64_t> shape = type.getAllocShape();
  int64_t elements = product(shape);
  if (auto padded =
          dyn_cast<ttg::PaddedSharedEncodingAttr>(type.getEncoding()))
    elements = paddedElements(padded, elements);
  int64_t bytes = elements * bytesOf(type.getElementType());
  int64_t rank = ttg::getEncodingRank(type.getEncoding());
  if (rank > 0 && rank <= static_cast<int64_t>(shape.size()))
    if (std::optional<LinearLayout> layout =
            ttg::toLinearLayout(shape.take_back(rank), type.getEncoding()))
      bytes /= ttg::getCTASplitCount(*layout);
  return bytes;
}

std::optional<LinearLayout> layoutOf(RankedTensorType type) {
  if (!type || !type.getEncoding())
    return std::nullopt;
  return ttg::toLinearLayout(type.getShape(), type.getEncoding());
}

// How many distinct warps (and CTAs) a layout spreads along `axis`: 2 to the
// number of warp and block bases that move along it.
int64_t warpsAlongAxis(const LinearLayout &layout, unsigned axis) {
  int64_t count = 1;
  for (StringRef dim : {"warp", "block"}) {
    if (!layout.hasInDim(dim))
      continue;
    for (const LinearLayout::Basis &basis : layout.getBases(dim))
      if (axis < basis.size() && basis[axis] != 0)
        count *= 2;
  }
  return count;
}

// The flat element indices of a layout's bases of input dimension `dim`.
SmallVector<int64_t> flatBasesOf(const LinearLayout &layout, StringRef dim) {
  SmallVector<int64_t> flat;
  if (!layout.hasInDim(dim))
    return flat;
  ArrayRef<LinearLayout::OutDim> outs = layout.getOutDims();
  for (const LinearLayout::Basis &basis : layout.getBases(dim)) {
    int64_t index = 0;
    for (size_t d = 0; d < outs.size(); ++d)
      index = index * outs[d].size + basis[d];
    flat.push_back(index);
  }
  return flat;
}

// Every hardware point of `layout`, as (warp and CTA id, flat element index).
// Dimensions are powers of two, so a flat index is the xor of its bases'
// flat indices.
bool forEachPoint(const LinearLayout &layout,
                  llvm::function_ref<void(int64_t, int64_t)> fn) {
  auto flatBases = [&](ArrayRef<StringRef> dims) {
    SmallVector<int64_t> flat;
    for (StringRef dim : dims)
      llvm::append_range(flat, flatBasesOf(layout, dim));
    return flat;
  };
  SmallVector<int64_t> inThread = flatBases({"register", "lane"});
  SmallVector<int64_t> acrossWarps = flatBases({"warp", "block"});
  // Large layouts are not enumerated; the caller then assumes the worst.
  if (inThread.size() + acrossWarps.size() > 24)
    return false;
  auto combine = [](ArrayRef<int64_t> bases, uint64_t bits) {
    int64_t index = 0;
    for (size_t i = 0; i < bases.size(); ++i)
      if (bits >> i & 1)
        index ^= bases[i];
    return index;
  };
  for (uint64_t w = 0; w < (1ull << acrossWarps.size()); ++w) {
    int64_t warpPart = combine(acrossWarps, w);
    for (uint64_t t = 0; t < (1ull << inThread.size()); ++t)
      fn(static_cast<int64_t>(w), warpPart ^ combine(inThread, t));
  }
  return true;
}

// Whether every element each warp needs under `dst` is already held by that
// same warp under `src`: then registers and lane shuffles suffice.
bool staysInWarps(const LinearLayout &src, const LinearLayout &dst) {
  int64_t numElems = src.getTotalOutDimSize();
  if (numElems != dst.getTotalOutDimSize() || numElems > (1 << 22))
    return false;
  std::vector<uint64_t> holders(numElems, 0);
  bool fits = true;
  bool enumerated = forEachPoint(src, [&](int64_t warp, int64_t elem) {
    if (warp >= 64)
      fits = false;
    else
      holders[elem] |= 1ull << warp;
  });
  if (!enumerated || !fits)
    return false;
  bool local = true;
  enumerated = forEachPoint(dst, [&](int64_t warp, int64_t elem) {
    if (warp >= 64 || !(holders[elem] >> warp & 1))
      local = false;
  });
  return enumerated && local;
}


// Whether lane shuffles are worth it for a conversion that stays within
// warps. Seen as a permutation of the register and lane index bits (register
// bits repeating others dropped, the shorter side padded, bits that hold no
// element on one side paired in order with those of the other), each source
// register bit sent to a lane bit starts a run of lanes that one round of
// selects and shuffles moves; with two or more such runs the selects
// multiply, and a store, a barrier and a load cost less (Triton's rule too).
// Conversions that are not such a permutation keep the shuffles.
bool shufflesPay(const LinearLayout &src, const LinearLayout &dst) {
  auto registers = [](const LinearLayout &l) {
    SmallVector<int64_t> regs;
    for (int64_t basis : flatBasesOf(l, "register"))
      if (basis != 0)
        regs.push_back(basis);
    return regs;
  };
  SmallVector<int64_t> srcRegs = registers(src), dstRegs = registers(dst);
  SmallVector<int64_t> srcLanes = flatBasesOf(src, "lane"),
                       dstLanes = flatBasesOf(dst, "lane");
  size_t numRegs = std::max(srcRegs.size(), dstRegs.size());
  size_t numLanes = std::max(srcLanes.size(), dstLanes.size());
  srcRegs.resize(numRegs, 0);
  dstRegs.resize(numRegs, 0);
  srcLanes.resize(numLanes, 0);
  dstLanes.resize(numLanes, 0);
  // Input bits numbered registers first, then lanes.
  SmallVector<int64_t> srcBits(srcRegs), dstBits(dstRegs);
  srcBits.append(srcLanes);
  dstBits.append(dstLanes);
  size_t numBits = srcBits.size();
  SmallVector<int> target(numBits, -1);
  SmallVector<size_t> srcFree, dstFree;
  for (size_t i = 0; i < numBits; ++i) {
    if (srcBits[i] == 0 && dstBits[i] == 0)
      target[i] = static_cast<int>(i);
    else if (srcBits[i] == 0)
      srcFree.push_back(i);
    else if (dstBits[i] == 0)
      dstFree.push_back(i);
    if (srcBits[i] == 0)
      continue;
    for (size_t j = 0; j < numBits; ++j)
      if (dstBits[j] == srcBits[i]) {
        target[i] = static_cast<int>(j);
        break;
      }
    if (target[i] < 0)
      return true;
  }
  for (auto [from, to] : llvm::zip(srcFree, dstFree))
    target[from] = static_cast<int>(to);
  int registerToLane = 0;
  for (size_t i = 0; i < numRegs; ++i)
    if (target[i] >= static_cast<int>(numRegs))
      ++registerToLane;
  return registerToLane < 2;
}

// The bytes of a cross-warp exchange along `axis`: the shape with `axis`
// narrowed to one slot per warp along it, for each operand's element.
int64_t acrossWarpsBytes(ValueRange srcs, unsigned axis) {
  auto type = dyn_cast<RankedTensorType>(srcs.front().getType());
  std::optional<LinearLayout> layout = layoutOf(type);
  if (!layout)
    return 0;
  int64_t warps = warpsAlongAxis(*layout, axis);
  if (warps == 1)
    return 0;
  SmallVector<int64_t> shape(type.getShape());
  shape[axis] = std::min<int64_t>(shape[axis], warps);
  int64_t bytesPerElem = 0;
  for (Value src : srcs)
    bytesPerElem += bytesOf(getElementTypeOrSelf(src.getType()));
  return product(shape) * bytesPerElem;
}

// A scan along `axis` across warps keeps one total per block: the elements
// that share the warp bits and the register bits above the lowest lane or
// warp bit along the axis (registers repeating the warps' tile add blocks).
int64_t scanBytes(ScanOp scan) {
  int64_t bytes = acrossWarpsBytes(scan.getSrcs(), scan.getAxis());
  if (bytes == 0)
    return 0;
  auto type = cast<RankedTensorType>(scan.getSrcs().front().getType());
  std::optional<LinearLayout> layout = layoutOf(type);
  unsigned axis = scan.getAxis();
  int32_t lowestThreadBit = INT32_MAX;
  for (StringRef dim : {"lane", "warp"})
    for (const LinearLayout::Basis &basis : layout->getBases(dim))
      if (basis[axis] != 0)
        lowestThreadBit = std::min(lowestThreadBit, basis[axis]);
  int64_t blocksPerWarp = 1;
  for (const LinearLayout::Basis &basis : layout->getBases("register"))
    if (basis[axis] > lowestThreadBit)
      blocksPerWarp *= 2;
  return bytes * blocksPerWarp;
}

/// The module's `ttg.target`, empty where it has none.
StringRef targetOf(ModuleOp module) {
  auto target = module ? module->getAttrOfType<StringAttr>(ttg::kTargetAttrName)
                       : nullptr;
  return target ? target.getValue() : StringRef();
}

/// A conversion's scratch bytes, and the rounds in which the tensor goes
/// through them (one tile a round; 1 where it goes through whole).
struct ConvertScratch {
  int64_t bytes = 0, rounds = 1;
};

ConvertScratch convertScratch(ttg::ConvertLayoutOp cvt) {
  auto srcType = cast<RankedTensorType>(cvt.getSrc().getType());
  if (!cvtNeedsSharedMemory(srcType, cast<RankedTensorType>(cvt.getType())))
    return {};
  // One round of Triton's swizzled scratch (per CTA of a cluster), or
  // its padded tile (an AMD attribute). The NVIDIA lowering, not AMD's,
  // may store and load matrices: ldmatrix from sm_75, stmatrix from
  // sm_90 (a module without a target is taken as sm_90, as the NVIDIA
  // lowering's compute-capability option defaults to; Triton 3.6's passes
  // default to 80: docs/Compatibility.md, deliberate differences).
  auto dstType = cast<RankedTensorType>(cvt.getType());
  int64_t bytes = bytesOf(srcType.getElementType());
  auto module = cvt->getParentOfType<ModuleOp>();
  ScratchMatrices matrices;
  if (!targetOf(module).starts_with("hip:")) {
    int capability = ttg::getCudaComputeCapability(module);
    if (capability == 0)
      capability = 90;
    matrices.loads = capability >= 75;
    matrices.stores = capability >= 90;
  }
  int64_t rounds = 1;
  if (std::optional<int64_t> elements = getConvertScratchElements(
          srcType, dstType, bytes * 8, cvt->hasAttr(kPaddedScratchAttrName),
          matrices, &rounds))
    return {*elements * bytes, rounds};
  int64_t split = 1;
  if (std::optional<LinearLayout> layout = layoutOf(srcType))
    split = ttg::getCTASplitCount(*layout);
  return {product(srcType.getShape()) * bytes / split, 1};
}

} // namespace

bool mlir::triton::cvtNeedsSharedMemory(RankedTensorType srcType,
                                        RankedTensorType dstType) {
  std::optional<LinearLayout> src = layoutOf(srcType), dst = layoutOf(dstType);
  // Registers and lane shuffles suffice only when each warp (and CTA) keeps
  // its part of the tensor: same warp and block bases, and every element a
  // warp needs already in it. Like Triton, a warp does not pick its part
  // out of a copy broadcast to all warps; that goes through memory, as do
  // permutations that would take too many selects (shufflesPay).
  auto basesOr = [](const LinearLayout &l, StringRef dim) {
    return l.hasInDim(dim) ? l.getBases(dim) : ArrayRef<LinearLayout::Basis>();
  };
  return !(src && dst &&
           (*src == *dst || (basesOr(*src, "warp") == basesOr(*dst, "warp") &&
                             basesOr(*src, "block") == basesOr(*dst, "block") &&
                             staysInWarps(*src, *dst) &&
                             shufflesPay(*src, *dst))));
}

int64_t mlir::triton::getScratchSizeInBytes(Operation *op) {
  if (isa<ttng::TensormapCreateOp>(op))
    return 128;
  if (auto reduce = dyn_cast<ReduceOp>(op))
    return acrossWarpsBytes(reduce.getSrcs(), reduce.getAxis());
  if (auto scan = dyn_cast<ScanOp>(op))
    return scanBytes(scan);
  if (auto cvt = dyn_cast<ttg::ConvertLayoutOp>(op))
    return convertScratch(cvt).bytes;
  // A gather whose elements all stay within their warp is lowered with
  // shuffles and needs nothing; any other goes through
  // shared memory: the source, whole.
  if (auto gather = dyn_cast<GatherOp>(op)) {
    auto srcType = cast<RankedTensorType>(gather.getSrc().getType());
    std::optional<LinearLayout> src = layoutOf(srcType);
    std::optional<LinearLayout> indices =
        layoutOf(cast<RankedTensorType>(gather.getIndices().getType()));
    if (src && indices &&
        ttg::isWarpLocalGather(*src, *indices, gather.getAxis()))
      return 0;
    return product(srcType.getShape()) * bytesOf(srcType.getElementType());
  }
  // The bins, counted in shared memory; at least a warp's worth of them,
  // the size Triton 3.6 reserves, so the kernel's `shared` bytes (launch
  // metadata) are 3.6's.
  if (auto histogram = dyn_cast<HistogramOp>(op)) {
    auto resultType = cast<RankedTensorType>(histogram.getType());
    int64_t threadsPerWarp = 32;
    if (auto module = op->getParentOfType<ModuleOp>())
      if (auto attr =
              module->getAttrOfType<IntegerAttr>(ttg::kThreadsPerWarpAttrName))
        threadsPerWarp = attr.getInt();
    return std::max(product(resultType.getShape()), threadsPerWarp) *
           bytesOf(resultType.getElementType());
  }
  // An atomic whose old value is used, performed by one thread per element
  // while several hold it (a scalar, or a layout that repeats elements),
  // hands the value to the others through memory.
  if (isa<AtomicRMWOp, AtomicCASOp>(op)) {
    Value result = op->getResult(0);
    if (result.use_empty())
      return 0;
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type)
      return bytesOf(result.getType());
    std::optional<LinearLayout> layout = layoutOf(type);
    if (layout && layout->isInjective())
      return 0;
    return product(type.getShape()) * bytesOf(type.getElementType());
  }
  return 0;
}

FunctionAllocation::FunctionAllocation(
    Operation *func, const llvm::DenseMap<Operation *, int64_t> &calleeSizes,
    ScratchSizeFn scratchSize, RoundTiles roundTiles) {
  collect(func, calleeSizes, scratchSize);
  place();
  holdMoreRounds(func, roundTiles);
}

void FunctionAllocation::collect(
    Operation *func, const llvm::DenseMap<Operation *, int64_t> &calleeSizes,
    ScratchSizeFn scratchSize) {
  // Number ops in program order; an op's subtree spans [first, last].
  llvm::DenseMap<Operation *, int64_t> first, last;
  int64_t counter = 0;
  std::function<void(Operation *)> number = [&](Operation *op) {
    first[op] = counter++;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &inner : block)
          number(&inner);
    last[op] = counter - 1;
  };
  number(func);
  // Liveness over the control-flow graph: make_llir lowers scf to cf before
  // allocating, and a buffer made before a loop and read in it must stay
  // live through the whole loop, back edge included, not just to its last
  // use in program order.
  Liveness liveness(func);
  // The regions of a ttg.warp_specialize run at once, on different warps:
  // a buffer or scratch used in any of them is live for the whole op, so
  // that none shares bytes with another region's.
  auto concurrentSpan = [&](Operation *op, int64_t &start, int64_t &end) {
    Operation *outermost = nullptr;
    for (Operation *parent = op->getParentOp(); parent && parent != func;
         parent = parent->getParentOp())
      if (isa<ttg::WarpSpecializeOp>(parent))
        outermost = parent;
    if (!outermost)
      return;
    start = std::min(start, first[outermost]);
    end = std::max(end, last[outermost]);
  };

  func->walk([&](Operation *op) {
    if (op == func)
      return;
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
      auto type = cast<ttg::MemDescType>(alloc.getType());
      if (!isa_and_nonnull<ttg::SharedMemorySpaceAttr>(type.getMemorySpace()))
        return;
      int64_t alignment = 16;
      if (auto nvmma =
              dyn_cast<ttg::NVMMASharedEncodingAttr>(type.getEncoding()))
        if (nvmma.getSwizzlingByteWidth() != 0)
          alignment = 1024; // the TMA/wgmma swizzle repeats every 1024 bytes
      // Live until the last use of the buffer or of any value that views it;
      // a use nested below the alloc's block holds the whole enclosing op.
      int64_t end = first[op];
      llvm::SetVector<Value> views;
      views.insert(alloc.getResult());
      for (size_t i = 0; i < views.size(); ++i) {
        for (OpOperand &use : views[i].getUses()) {
          Operation *user = use.getOwner();
          Operation *holder = op->getBlock()->findAncestorOpInBlock(*user);
          if (!holder)
            holder = user;
          end = std::max(end, last[holder]);
          for (Value result : user->getResults())
            if (isa<ttg::MemDescType>(result.getType()))
              views.insert(result);
          if (auto forOp = dyn_cast<scf::ForOp>(user))
            for (BlockArgument arg : forOp.getRegionIterArgs())
              if (isa<ttg::MemDescType>(arg.getType()))
                views.insert(arg);
          if (isa<scf::YieldOp>(user))
            for (Value result : user->getParentOp()->getResults())
              if (isa<ttg::MemDescType>(result.getType()))
                views.insert(result);
          if (auto branch = dyn_cast<BranchOpInterface>(user))
            if (auto arg =
                    branch.getSuccessorBlockArgument(use.getOperandNumber()))
              views.insert(*arg);
        }
      }
      for (Value view : views)
        for (Operation *live : liveness.resolveLiveness(view)) {
          Operation *holder = op->getBlock()->findAncestorOpInBlock(*live);
          end = std::max(end, last[holder ? holder : live]);
        }
      int64_t size = bytesPerCTA(type);
      int64_t start = first[op];
      concurrentSpan(op, start, end);
      buffers.push_back({op, true, size, alignment, start, end});
      return;
    }
    int64_t size = 0;
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      if (Operation *callee = call.resolveCallable())
        size = calleeSizes.lookup(callee);
    } else {
      size = scratchSize(op);
    }
    // A TMA descriptor is built in shared memory (128 bytes, 128-aligned)
    // before it is copied to global memory.
    int64_t alignment = isa<ttng::TensormapCreateOp>(op) ? 128 : 16;
    if (size > 0) {
      int64_t start = first[op], end = first[op];
      concurrentSpan(op, start, end);
      buffers.push_back({op, false, size, alignment, start, end});
    }
  });
}

/// The lowest offset from which `size` bytes at `alignment` meet no placed
/// buffer but `self` alive between `start` and `end`.
static int64_t firstFit(ArrayRef<FunctionAllocation::Buffer *> placed,
                        const FunctionAllocation::Buffer *self, int64_t size,
                        int64_t alignment, int64_t start, int64_t end) {
  int64_t offset = 0;
  bool moved = true;
  while (moved) {
    moved = false;
    offset = (offset + alignment - 1) / alignment * alignment;
    for (const FunctionAllocation::Buffer *other : placed) {
      if (other == self)
        continue;
      bool liveTogether = other->start <= end && start <= other->end;
      bool overlap =
          other->offset < offset + size && offset < other->offset + other->size;
      if (liveTogether && overlap) {
        offset = other->offset + other->size;
        moved = true;
        break;
      }
    }
  }
  return offset;
}

void FunctionAllocation::place() {
  // Largest first, then program order: a deterministic first fit.
  std::vector<Buffer *> order;
  for (Buffer &buffer : buffers)
    order.push_back(&buffer);
  std::stable_sort(order.begin(), order.end(), [](Buffer *a, Buffer *b) {
    if (a->size != b->size)
      return a->size > b->size;
    return a->start < b->start;
  });
  std::vector<Buffer *> placed;
  for (Buffer *buffer : order) {
    int64_t offset = firstFit(placed, buffer, buffer->size, buffer->alignment,
                              buffer->start, buffer->end);
    buffer->offset = offset;
    placed.push_back(buffer);
    totalSize = std::max(totalSize, offset + buffer->size);
  }
}

void FunctionAllocation::holdMoreRounds(Operation *func,
                                        RoundTiles roundTiles) {
  // In program order, each conversion takes the most tiles (a power of two
  // dividing its rounds) that fit below the function's size, or those it
  // records; those placed before it keep theirs. Recorded tiles are placed
  // where the search put them, as they are tried in the same order.
  std::vector<Buffer *> all;
  for (Buffer &buffer : buffers)
    all.push_back(&buffer);
  bool search =
      roundTiles == RoundTiles::Search &&
      targetOf(func->getParentOfType<ModuleOp>()).starts_with("cuda:");
  for (Buffer &buffer : buffers) {
    auto cvt = dyn_cast<ttg::ConvertLayoutOp>(buffer.owner);
    if (buffer.explicitBuffer || !cvt)
      continue;
    auto attr = cvt->getAttrOfType<IntegerAttr>(kScratchTilesAttrName);
    bool recorded = bool(attr);
    int64_t most = recorded ? attr.getInt()
                   : search ? convertScratch(cvt).rounds
                            : 1;
    for (int64_t tiles = most; tiles > 1; tiles /= 2) {
      int64_t size = buffer.size * tiles;
      int64_t offset = firstFit(all, &buffer, size, buffer.alignment,
                                buffer.start, buffer.end);
      if (offset + size > totalSize && !recorded)
        continue;
      totalSize = std::max(totalSize, offset + size);
      buffer.offset = offset;
      buffer.size = size;
      buffer.tiles = tiles;
      break;
    }
  }
}

FailureOr<ModuleAllocation> ModuleAllocation::get(ModuleOp module,
                                                  ScratchSizeFn scratchSize,
                                                  RoundTiles roundTiles) {
  ModuleAllocation result;
  llvm::DenseMap<Operation *, int64_t> sizes;
  llvm::DenseSet<Operation *> active;
  SmallVector<FunctionOpInterface> funcs;
  module.walk([&](FunctionOpInterface func) { funcs.push_back(func); });
  // Depth-first over calls so that callees are sized first.
  std::function<LogicalResult(Operation *)> visit =
      [&](Operation *func) -> LogicalResult {
    if (sizes.count(func))
      return success();
    if (!active.insert(func).second)
      return func->emitError("shared-memory allocation does not support "
                             "recursive calls");
    WalkResult walk = func->walk([&](CallOpInterface call) {
      Operation *callee = call.resolveCallable();
      if (callee && failed(visit(callee)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    active.erase(func);
    FunctionAllocation allocation(func, sizes, scratchSize, roundTiles);
    sizes[func] = allocation.getSharedMemorySize();
    result.functions.try_emplace(func, std::move(allocation));
    return success();
  };
  for (FunctionOpInterface func : funcs) {
    if (failed(visit(func)))
      return failure();
    if (!func.isPrivate())
      result.maxSize = std::max(result.maxSize, sizes[func]);
  }
  return result;
}
