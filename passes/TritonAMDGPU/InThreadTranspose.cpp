//===- InThreadTranspose.cpp - -tritonamdgpu-in-thread-transpose ---------===//
//
// A dot operand stored to LDS from a global load that is contiguous along M
// (A) or N (B) is read back along K, the other dimension: the LDS layout
// follows the load, so the MFMA operand reads of kWidth consecutive K
// elements are scalar, and lanes collide on banks. Here each thread instead
// loads a block that is also several elements deep along K, transposes it in
// its own registers (`amdg.in_thread_transpose`, no data leaves the thread)
// and stores it K-contiguous into an `#ttg.amd_rotating_shared` buffer, whose
// rotating swizzle keeps both the stores and the reads spread over the banks.
//
// The LDS buffers of one operand form a web: the allocations, stores and
// reads of its slots, the memdesc_index views and the scf values that carry
// them through loops and branches. The whole web changes layout at once, or
// nothing does (direct-to-LDS copies, views other than memdesc_index,
// function arguments and unknown users leave it alone).
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUINTHREADTRANSPOSE
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// The LDS web of one dot operand and the global loads that fill it.
struct LdsWeb {
  /// Every memdesc value of the web (op results, loop and branch values).
  llvm::SetVector<Value> buffers;
  /// The local_allocs with a source and the local_stores writing the web.
  llvm::SetVector<Operation *> writers;
  /// The tt.loads whose values the writers store.
  llvm::SetVector<Operation *> loads;
};

/// Grows `web.buffers` from the buffer a local_load reads to every memdesc
/// value it can be, following the values' definitions and uses through
/// memdesc_index and scf.for / scf.if / scf.while. Fails on anything the
/// rewrite could not retype consistently.
class WebCollector {
public:
  explicit WebCollector(LdsWeb &web) : web(web) {}

  LogicalResult collect(Value root) {
    worklist.push_back(root);
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (!web.buffers.insert(value))
        continue;
      if (failed(visitDefinition(value)) || failed(visitUses(value)))
        return failure();
    }
    return success();
  }

private:
  LogicalResult visitDefinition(Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return visitBlockArgument(arg);
    Operation *def = value.getDefiningOp();
    unsigned i = cast<OpResult>(value).getResultNumber();
    if (auto alloc = dyn_cast<LocalAllocOp>(def)) {
      if (alloc.getSrc())
        web.writers.insert(alloc);
      return success();
    }
    if (auto index = dyn_cast<MemDescIndexOp>(def)) {
      worklist.push_back(index.getSrc());
      return success();
    }
    if (auto loop = dyn_cast<scf::ForOp>(def)) {
      pushForValues(loop, i);
      return success();
    }
    if (auto branch = dyn_cast<scf::IfOp>(def)) {
      worklist.push_back(branch.thenYield().getOperand(i));
      if (!branch.getElseRegion().empty())
        worklist.push_back(branch.elseYield().getOperand(i));
      return success();
    }
    if (auto loop = dyn_cast<scf::WhileOp>(def)) {
      pushWhileAfterValues(loop, i);
      return success();
    }
    return failure();
  }

  LogicalResult visitBlockArgument(BlockArgument arg) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (arg.getArgNumber() < loop.getNumInductionVars())
        return failure();
      pushForValues(loop, arg.getArgNumber() - loop.getNumInductionVars());
      return success();
    }
    if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
      if (arg.getOwner() == loop.getBeforeBody())
        pushWhileBeforeValues(loop, arg.getArgNumber());
      else
        pushWhileAfterValues(loop, arg.getArgNumber());
      return success();
    }
    // Function arguments: the callers' buffers are not ours to retype.
    return failure();
  }

  LogicalResult visitUses(Value value) {
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      unsigned n = use.getOperandNumber();
      if (isa<LocalLoadOp, LocalDeallocOp>(user))
        continue;
      if (auto store = dyn_cast<LocalStoreOp>(user)) {
        web.writers.insert(store);
        continue;
      }
      if (auto index = dyn_cast<MemDescIndexOp>(user)) {
        worklist.push_back(index.getResult());
        continue;
      }
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (n < loop.getNumControlOperands())
          return failure();
        pushForValues(loop, n - loop.getNumControlOperands());
        continue;
      }
      if (auto loop = dyn_cast<scf::WhileOp>(user)) {
        pushWhileBeforeValues(loop, n);
        continue;
      }
      if (auto condition = dyn_cast<scf::ConditionOp>(user)) {
        if (n == 0)
          return failure();
        pushWhileAfterValues(condition->getParentOfType<scf::WhileOp>(),
                             n - 1);
        continue;
      }
      if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        Operation *parent = yield->getParentOp();
        if (auto loop = dyn_cast<scf::ForOp>(parent))
          pushForValues(loop, n);
        else if (auto branch = dyn_cast<scf::IfOp>(parent))
          worklist.push_back(branch.getResult(n));
        else if (auto loop = dyn_cast<scf::WhileOp>(parent))
          pushWhileBeforeValues(loop, n);
        else
          return failure();
        continue;
      }
      // Direct-to-LDS copies (ttg.async_copy_global_to_local,
      // amdg.buffer_load_to_local) write the buffer in the global layout,
      // with no registers to transpose in; other views and ops are unknown.
      return failure();
    }
    return success();
  }

  /// The four values of iteration argument `i` of `loop`.
  void pushForValues(scf::ForOp loop, unsigned i) {
    worklist.push_back(loop.getInitArgs()[i]);
    worklist.push_back(loop.getRegionIterArgs()[i]);
    worklist.push_back(loop.getYieldedValues()[i]);
    worklist.push_back(loop.getResult(i));
  }
  /// The values of `loop`'s before-region argument `i`.
  void pushWhileBeforeValues(scf::WhileOp loop, unsigned i) {
    worklist.push_back(loop.getInits()[i]);
    worklist.push_back(loop.getBeforeArguments()[i]);
    worklist.push_back(loop.getYieldOp().getOperand(i));
  }
  /// The values of `loop`'s result `i` (its after-region argument `i`).
  void pushWhileAfterValues(scf::WhileOp loop, unsigned i) {
    worklist.push_back(loop.getConditionOp().getArgs()[i]);
    worklist.push_back(loop.getAfterArguments()[i]);
    worklist.push_back(loop.getResult(i));
  }

  LdsWeb &web;
  SmallVector<Value> worklist;
};

/// Adds to `loads` the tt.loads whose values reach `value` through scf
/// values; other producers (constants, arithmetic) are left as they are.
/// Fails where the value comes from a function argument.
LogicalResult findGlobalLoads(Value value, llvm::SetVector<Operation *> &loads,
                              llvm::DenseSet<Value> &seen) {
  if (!seen.insert(value).second)
    return success();
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *parent = arg.getOwner()->getParentOp();
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (arg.getArgNumber() < loop.getNumInductionVars())
        return success();
      unsigned i = arg.getArgNumber() - loop.getNumInductionVars();
      if (failed(findGlobalLoads(loop.getInitArgs()[i], loads, seen)))
        return failure();
      return findGlobalLoads(loop.getYieldedValues()[i], loads, seen);
    }
    if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
      unsigned i = arg.getArgNumber();
      if (arg.getOwner() != loop.getBeforeBody())
        return findGlobalLoads(loop.getConditionOp().getArgs()[i], loads,
                               seen);
      if (failed(findGlobalLoads(loop.getInits()[i], loads, seen)))
        return failure();
      return findGlobalLoads(loop.getYieldOp().getOperand(i), loads, seen);
    }
    return failure();
  }
  Operation *def = value.getDefiningOp();
  unsigned i = cast<OpResult>(value).getResultNumber();
  if (isa<LoadOp>(def)) {
    loads.insert(def);
    return success();
  }
  if (auto loop = dyn_cast<scf::ForOp>(def))
    return findGlobalLoads(loop.getYieldedValues()[i], loads, seen);
  if (auto branch = dyn_cast<scf::IfOp>(def)) {
    if (failed(findGlobalLoads(branch.thenYield().getOperand(i), loads, seen)))
      return failure();
    if (branch.getElseRegion().empty())
      return success();
    return findGlobalLoads(branch.elseYield().getOperand(i), loads, seen);
  }
  if (auto loop = dyn_cast<scf::WhileOp>(def))
    return findGlobalLoads(loop.getConditionOp().getArgs()[i], loads, seen);
  return success();
}

/// The value a writer stores.
Value storedValue(Operation *writer) {
  if (auto alloc = dyn_cast<LocalAllocOp>(writer))
    return alloc.getSrc();
  return cast<LocalStoreOp>(writer).getSrc();
}

/// How many elements along `dim` one thread could hold of a tensor in
/// `blocked` once the lanes and warps along `dim` keep their counts.
int64_t roomPerThread(RankedTensorType type, BlockedEncodingAttr blocked,
                      unsigned dim) {
  int64_t spread = int64_t(blocked.getThreadsPerWarp()[dim]) *
                   blocked.getWarpsPerCTA()[dim];
  return std::max<int64_t>(1, type.getShape()[dim] / spread);
}

RankedTensorType withEncoding(Type type, Attribute encoding) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               encoding);
}

/// The web of `read`'s buffer, when the in-thread transpose applies to it:
/// `read` gives an MFMA operand, every buffer of the web is swizzled, every
/// writer stores a 2-D blocked tensor whose fastest dimension is not K,
/// and the loads feeding them are alike and leave a thread room for at least
/// two elements along K.
std::optional<LdsWeb> matchWeb(LocalLoadOp read, unsigned kDim) {
  LdsWeb web;
  WebCollector collector(web);
  if (failed(collector.collect(read.getSrc())) || web.writers.empty())
    return std::nullopt;
  for (Value buffer : web.buffers)
    if (!isa<SwizzledSharedEncodingAttr>(
            cast<MemDescType>(buffer.getType()).getEncoding()))
      return std::nullopt;
  llvm::DenseSet<Value> seen;
  for (Operation *writer : web.writers) {
    auto type = cast<RankedTensorType>(storedValue(writer).getType());
    auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding());
    if (!blocked || type.getRank() != 2 || blocked.getOrder()[0] == kDim)
      return std::nullopt;
    if (failed(findGlobalLoads(storedValue(writer), web.loads, seen)))
      return std::nullopt;
  }
  if (web.loads.empty())
    return std::nullopt;
  Type loadType = web.loads.front()->getResult(0).getType();
  for (Operation *load : web.loads)
    if (load->getResult(0).getType() != loadType)
      return std::nullopt;
  // The stores convert their values to the loads' new layout: same shape.
  auto tensor = cast<RankedTensorType>(loadType);
  for (Operation *writer : web.writers)
    if (cast<RankedTensorType>(storedValue(writer).getType()).getShape() !=
        tensor.getShape())
      return std::nullopt;
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(tensor.getEncoding());
  if (!blocked || tensor.getRank() != 2 ||
      roomPerThread(tensor, blocked, kDim) < 2)
    return std::nullopt;
  return web;
}

/// The loads' layout with each thread's block extended along K: up to the
/// room the tensor leaves and to 64 bits (a ds_write_b64 per row after the
/// transpose), lanes and warps redistributed as Triton 3.6 does for a new
/// blocked layout.
BlockedEncodingAttr widenAlongK(RankedTensorType type, unsigned kDim) {
  auto blocked = cast<BlockedEncodingAttr>(type.getEncoding());
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  int64_t depth = std::min<int64_t>(roomPerThread(type, blocked, kDim),
                                    std::max(1u, 64 / bits));
  SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
  sizePerThread[kDim] = unsigned(depth);
  unsigned numWarps = 1, threadsPerWarp = 1;
  for (unsigned w : blocked.getWarpsPerCTA())
    numWarps *= w;
  for (unsigned t : blocked.getThreadsPerWarp())
    threadsPerWarp *= t;
  unsigned numCTAs = 1u << blocked.getCGALayout().bases.size();
  return getBlockedEncoding(type.getContext(), type.getShape(), sizePerThread,
                            blocked.getOrder(), numWarps, threadsPerWarp,
                            numCTAs);
}

/// `load` in `encoding`: its tensor operands converted to it, the result
/// converted back for its users.
void relayoutLoad(Operation *load, BlockedEncodingAttr encoding) {
  OpBuilder b(load);
  Location loc = load->getLoc();
  SmallVector<Value> operands;
  for (Value operand : load->getOperands())
    operands.push_back(
        isa<RankedTensorType>(operand.getType())
            ? Value(ConvertLayoutOp::create(
                  b, loc, withEncoding(operand.getType(), encoding), operand))
            : operand);
  Operation *widened = b.clone(*load);
  widened->setOperands(operands);
  Value result = widened->getResult(0);
  Type original = result.getType();
  result.setType(withEncoding(original, encoding));
  Value back = ConvertLayoutOp::create(b, loc, original, result);
  load->getResult(0).replaceAllUsesWith(back);
  load->erase();
}

/// Stores through `writer` the transposed registers: the value converted to
/// the widened load layout, then transposed in each thread.
void transposeBeforeStore(Operation *writer, BlockedEncodingAttr encoding,
                          Attribute transposed) {
  OpBuilder b(writer);
  Location loc = writer->getLoc();
  Value value = storedValue(writer);
  Value widened = ConvertLayoutOp::create(
      b, loc, withEncoding(value.getType(), encoding), value);
  Value swapped = amdgpu::InThreadTransposeOp::create(
      b, loc, withEncoding(value.getType(), transposed), widened);
  writer->setOperand(0, swapped);
}

void transposeOperand(LocalLoadOp read) {
  auto type = cast<RankedTensorType>(read.getType());
  auto dot = dyn_cast_or_null<DotOperandEncodingAttr>(type.getEncoding());
  if (!dot || !isa<AMDMfmaEncodingAttr>(dot.getParent()) || type.getRank() != 2)
    return;
  unsigned kDim = dot.getOpIdx() == 0 ? 1 : 0;
  std::optional<LdsWeb> web = matchWeb(read, kDim);
  if (!web)
    return;
  auto loadType = cast<RankedTensorType>(web->loads.front()->getResult(0).getType());
  BlockedEncodingAttr widened = widenAlongK(loadType, kDim);
  std::optional<LinearLayout> transposedLayout =
      amdgpu::getInThreadTransposedLayout(loadType.getShape(), widened);
  // The buffer: K contiguous, the swizzle 3.6 gives a K-contiguous operand.
  SmallVector<unsigned> order = {kDim, 1 - kDim};
  std::optional<SwizzledSharedEncodingAttr> swizzle =
      getDotOperandSharedLayout(type, dot, order);
  if (!transposedLayout || !swizzle)
    return;
  MLIRContext *context = read.getContext();
  auto toBases = [&](StringRef dim) {
    BasisList list;
    if (transposedLayout->hasInDim(dim))
      for (const LinearLayout::Basis &basis : transposedLayout->getBases(dim))
        list.bases.emplace_back(basis.begin(), basis.end());
    return list;
  };
  Attribute transposed =
      LinearEncodingAttr::get(context, toBases("register"), toBases("lane"),
                              toBases("warp"), toBases("block"));
  Attribute rotating = AMDRotatingSharedEncodingAttr::get(
      context, swizzle->getVec(), swizzle->getPerPhase(),
      swizzle->getMaxPhase(), order, swizzle->getCGALayout());

  for (Operation *load : web->loads)
    relayoutLoad(load, widened);
  for (Operation *writer : web->writers)
    transposeBeforeStore(writer, widened, transposed);
  for (Value buffer : web->buffers) {
    auto memdesc = cast<MemDescType>(buffer.getType());
    buffer.setType(MemDescType::get(
        context, memdesc.getShape(), memdesc.getElementType(), rotating,
        memdesc.getMemorySpace(), memdesc.getMutableMemory(),
        memdesc.getAllocShape()));
  }
}

struct InThreadTransposePass
    : public amdgpu::impl::TritonAMDGPUInThreadTransposeBase<
          InThreadTransposePass> {
  void runOnOperation() override {
    SmallVector<LocalLoadOp> reads;
    getOperation().walk([&](LocalLoadOp read) { reads.push_back(read); });
    // A web transposed for one read is no longer swizzled: the other reads
    // of the same buffers leave it alone.
    for (LocalLoadOp read : reads)
      transposeOperand(read);
  }
};

} // namespace
