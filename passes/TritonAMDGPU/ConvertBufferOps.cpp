//===- ConvertBufferOps.cpp - Loads and stores as AMD buffer ops ----------===//
//
// A buffer instruction addresses memory as a scalar base (held in a buffer
// resource) plus a per-lane unsigned 32-bit byte offset. A tt.load or
// tt.store whose pointers are a splatted scalar pointer plus a tensor of i32
// offsets becomes amdg.buffer_load / amdg.buffer_store when the base is an
// argument marked `tt.pointer_range = 32` (a tensor below 2 GiB), or when the
// range analysis proves the offsets non-negative with byte offsets below
// 2^31; out-of-range lanes then cannot wrap to another address. Atomics at
// such addresses become the buffer atomics (amdg.buffer_atomic_rmw / _cas)
// where Triton 3.6 makes them. Anything else stays as it is.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "passes/TritonAMDGPU/RangeAnalysis.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUCONVERTBUFFEROPS
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amdgpu;

namespace {

/// Whether `value` is a tt.func argument marked `tt.pointer_range = 32` (or
/// less): the whole tensor behind it is below 2 GiB, so any in-bounds
/// access is a 32-bit byte offset from it.
bool isSmallTensorArgument(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return false;
  auto func = dyn_cast<FuncOp>(arg.getOwner()->getParentOp());
  if (!func || arg.getOwner() != &func.getBody().front())
    return false;
  auto range = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                  "tt.pointer_range");
  return range && range.getInt() <= 32;
}

/// Whether the analysis proves every offset non-negative and every byte
/// offset, to the end of its element, below 2^31.
bool hasSmallByteOffsets(const DataFlowSolver &solver, Value offsets,
                         int64_t elementBits) {
  std::optional<ConstantIntRanges> range = getKnownRange(solver, offsets);
  if (!range || range->smin().isNegative() || range->smax().isNegative())
    return false;
  int64_t lastByte =
      (elementBits * range->smax().getSExtValue() + elementBits + 7) / 8;
  return lastByte <= INT32_MAX;
}

struct BufferAddress {
  Value base;
  Value offsets;
};

/// The scalar base and the offsets of `ptr` = addptr(splat(base), offsets)
/// when they qualify for a buffer access: i32 offsets, and a base known to
/// address a small tensor (unless `analyzeSmall`) or offsets the range
/// analysis keeps within 2 GiB.
std::optional<BufferAddress>
getBufferAddress(Value ptr, const DataFlowSolver &solver, bool analyzeSmall) {
  auto add = ptr.getDefiningOp<AddPtrOp>();
  if (!add)
    return std::nullopt;
  auto splat = add.getPtr().getDefiningOp<SplatOp>();
  if (!splat || !isa<PointerType>(splat.getSrc().getType()))
    return std::nullopt;
  Value offsets = add.getOffset();
  auto offsetType = dyn_cast<RankedTensorType>(offsets.getType());
  if (!offsetType || !offsetType.getElementType().isInteger(32))
    return std::nullopt;
  BufferAddress address{splat.getSrc(), offsets};
  if (!analyzeSmall && isSmallTensorArgument(address.base))
    return address;
  Type element = getElementTypeOrSelf(add.getType());
  while (auto pointer = dyn_cast<PointerType>(element))
    element = pointer.getPointeeType();
  if (!element.isIntOrFloat() ||
      !hasSmallByteOffsets(solver, offsets, element.getIntOrFloatBitWidth()))
    return std::nullopt;
  return address;
}

/// The row stride of offsets built as `broadcast(splat(stride) * rows) +
/// cols` (either operand order), the form pointer canonicalization gives
/// 2-D blocks; buffer instructions can use it for swizzling. Null otherwise.
Value getRowStride(Value offsets) {
  auto add = offsets.getDefiningOp<arith::AddIOp>();
  if (!add)
    return Value();
  for (Value term : add->getOperands()) {
    auto broadcast = term.getDefiningOp<BroadcastOp>();
    if (!broadcast)
      continue;
    auto mul = broadcast.getSrc().getDefiningOp<arith::MulIOp>();
    if (!mul)
      continue;
    for (Value factor : mul->getOperands())
      if (auto splat = factor.getDefiningOp<SplatOp>())
        return splat.getSrc();
  }
  return Value();
}

bool isSplatOf(Value value, function_ref<bool(const APInt &)> pred) {
  DenseElementsAttr dense;
  if (!value || !matchPattern(value, m_Constant(&dense)) || !dense.isSplat())
    return false;
  if (auto floats = dyn_cast<DenseFPElementsAttr>(dense))
    return pred(floats.getSplatValue<APFloat>().bitcastToAPInt());
  if (auto ints = dyn_cast<DenseIntElementsAttr>(dense))
    return pred(ints.getSplatValue<APInt>());
  return false;
}

/// Masks of all true and `other`s of all zero bits say nothing a buffer
/// access does not do anyway (masked-off lanes read zero).
Value dropAllTrue(Value mask) {
  return isSplatOf(mask, [](const APInt &v) { return v.isOne(); }) ? Value()
                                                                   : mask;
}
Value dropZero(Value other) {
  return isSplatOf(other, [](const APInt &v) { return v.isZero(); }) ? Value()
                                                                     : other;
}

/// f32 loads in a function with a tt.dot stay global loads, as in Triton
/// 3.6 (it works around an LLVM backend bug there).
bool isF32LoadNextToDot(LoadOp load) {
  if (!getElementTypeOrSelf(load.getType()).isF32())
    return false;
  auto func = load->getParentOfType<FuncOp>();
  if (!func)
    return true;
  return func.walk([](DotOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Rewrites `load` into a buffer load; returns whether it did.
bool convertLoad(LoadOp load, const DataFlowSolver &solver, bool analyzeSmall) {
  // Volatile accesses and block pointers keep their own lowering.
  if (load.getIsVolatile() || !isa<RankedTensorType>(load.getPtr().getType()))
    return false;
  if (isF32LoadNextToDot(load))
    return false;
  auto address = getBufferAddress(load.getPtr(), solver, analyzeSmall);
  if (!address)
    return false;
  OpBuilder b(load);
  auto buffer = BufferLoadOp::create(
      b, load.getLoc(), load.getType(), address->base, address->offsets,
      getRowStride(address->offsets), load.getCache(),
      dropAllTrue(load.getMask()), dropZero(load.getOther()));
  load.replaceAllUsesWith(buffer.getResult());
  load.erase();
  return true;
}

/// Rewrites `store` into a buffer store; returns whether it did.
bool convertStore(StoreOp store, const DataFlowSolver &solver,
                  bool analyzeSmall) {
  if (!isa<RankedTensorType>(store.getPtr().getType()))
    return false;
  auto address = getBufferAddress(store.getPtr(), solver, analyzeSmall);
  if (!address)
    return false;
  OpBuilder b(store);
  BufferStoreOp::create(b, store.getLoc(), store.getValue(), address->base,
                        address->offsets, getRowStride(address->offsets),
                        store.getCache(), dropAllTrue(store.getMask()));
  store.erase();
  return true;
}

/// Whether every element of `type` is held by one thread and register only
/// (no broadcast). An atomic's old value then needs no hand-over between
/// threads; the buffer atomics are converted only where it holds or the old
/// values are not used (the global atomics' lowering hands them over
/// through shared memory, which the allocation gives only to those).
bool holdsEachElementOnce(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.getEncoding())
    return false;
  std::optional<gpu::LinearLayout> layout =
      gpu::toLinearLayout(tensor.getShape(), tensor.getEncoding());
  return layout && layout->isInjective();
}

/// What both kinds of buffer atomic need, as Triton 3.6 checks it: an
/// address a buffer op can take, scope gpu or cta (a system-scope atomic
/// may reach host memory, which buffer atomics do not promise to keep
/// coherent), and an element of 32 or 64 bits (the instructions' widths;
/// 3.6 also takes f16 pairs for fadd, not built here).
std::optional<BufferAddress> getAtomicAddress(Value ptr, MemSyncScope scope,
                                              Value result,
                                              const DataFlowSolver &solver,
                                              bool analyzeSmall) {
  if (!isa<RankedTensorType>(ptr.getType()))
    return std::nullopt;
  if (scope != MemSyncScope::GPU && scope != MemSyncScope::CTA)
    return std::nullopt;
  unsigned bits = getElementTypeOrSelf(result.getType()).getIntOrFloatBitWidth();
  if (bits != 32 && bits != 64)
    return std::nullopt;
  if (!result.use_empty() && !holdsEachElementOnce(result.getType()))
    return std::nullopt;
  return getBufferAddress(ptr, solver, analyzeSmall);
}

/// Rewrites `rmw` into amdg.buffer_atomic_rmw; returns whether it did.
/// The operations of Triton 3.6: and, or, xor, add, fadd, umax, umin, xchg,
/// and max/min on floats (signed integer max/min stay global atomics, as
/// in 3.6; see below for f32).
bool convertAtomicRMW(AtomicRMWOp rmw, const DataFlowSolver &solver,
                      bool analyzeSmall) {
  Type element = getElementTypeOrSelf(rmw.getVal().getType());
  switch (rmw.getAtomicRmwOp()) {
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::ADD:
  case RMWOp::FADD:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
  case RMWOp::XCHG:
    break;
  case RMWOp::MAX:
  case RMWOp::MIN:
    // Float max/min of 64 bits only: gfx90a and gfx942 have no 32-bit float
    // buffer max/min (3.6 would convert an f32 one, which its frontend
    // never makes: it writes float max/min as integer atomics).
    if (!isa<FloatType>(element) || element.getIntOrFloatBitWidth() != 64)
      return false;
    break;
  }
  auto address = getAtomicAddress(rmw.getPtr(), rmw.getScope(),
                                  rmw.getResult(), solver, analyzeSmall);
  if (!address)
    return false;
  OpBuilder b(rmw);
  auto buffer = BufferAtomicRMWOp::create(
      b, rmw.getLoc(), rmw.getType(), rmw.getAtomicRmwOp(), address->base,
      address->offsets, rmw.getVal(), getRowStride(address->offsets),
      rmw.getSem(), rmw.getScope(), dropAllTrue(rmw.getMask()));
  rmw.replaceAllUsesWith(buffer.getResult());
  rmw.erase();
  return true;
}

/// Rewrites `cas` into amdg.buffer_atomic_cas (i32 and i64 only, as 3.6);
/// returns whether it did.
bool convertAtomicCAS(AtomicCASOp cas, const DataFlowSolver &solver,
                      bool analyzeSmall) {
  if (!getElementTypeOrSelf(cas.getVal().getType()).isInteger())
    return false;
  auto address = getAtomicAddress(cas.getPtr(), cas.getScope(),
                                  cas.getResult(), solver, analyzeSmall);
  if (!address)
    return false;
  OpBuilder b(cas);
  auto buffer = BufferAtomicCASOp::create(
      b, cas.getLoc(), cas.getType(), address->base, address->offsets,
      cas.getCmp(), cas.getVal(), getRowStride(address->offsets),
      cas.getSem(), cas.getScope());
  cas.replaceAllUsesWith(buffer.getResult());
  cas.erase();
  return true;
}

/// Buffer instructions exist on the CDNA GPUs targeted here.
bool hasBufferOps(StringRef arch) {
  return arch == "gfx90a" || arch == "gfx942" || arch == "gfx950";
}

struct TritonAMDGPUConvertBufferOpsPass
    : public amdgpu::impl::TritonAMDGPUConvertBufferOpsBase<
          TritonAMDGPUConvertBufferOpsPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string chosen =
        amdgpu::getTargetArch(module, arch.empty() ? archGenerationName : arch);
    if (chosen.empty()) {
      module.emitError(
          "tritonamdgpu-convert-buffer-ops: no gfx-arch option and no hip "
          "ttg.target on the module");
      return signalPassFailure();
    }
    if (!hasBufferOps(chosen))
      return;
    // Offset ranges, from the ops and the kernel's llvm.intr.assume facts.
    DataFlowSolver solver;
    TritonRangeAnalysis::loadInto(solver, module,
                                  &getAnalysis<DominanceInfo>());
    if (failed(solver.initializeAndRun(module)))
      return signalPassFailure();
    // Collect first: the rewrites erase the ops.
    SmallVector<Operation *> accesses;
    module.walk([&](Operation *op) {
      if (isa<LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp>(op))
        accesses.push_back(op);
    });
    // Buffer read-modify-writes as 3.6 gates them: gfx942 and gfx950 (the
    // lowering's coherence assumptions are CDNA3's); compare-and-swap on
    // every GPU with buffer ops.
    bool rmwAtomics =
        allowBufferAtomics && (chosen == "gfx942" || chosen == "gfx950");
    for (Operation *op : accesses) {
      if (auto load = dyn_cast<LoadOp>(op))
        convertLoad(load, solver, analyzeSmallTensorOfst);
      else if (auto store = dyn_cast<StoreOp>(op))
        convertStore(store, solver, analyzeSmallTensorOfst);
      else if (auto rmw = dyn_cast<AtomicRMWOp>(op)) {
        if (rmwAtomics)
          convertAtomicRMW(rmw, solver, analyzeSmallTensorOfst);
      } else {
        convertAtomicCAS(cast<AtomicCASOp>(op), solver,
                         analyzeSmallTensorOfst);
      }
    }
    // Blocks whose accesses became the same buffer op are merged, and what
    // the rewrites left unused is dropped, as a rewrite driver would.
    IRRewriter rewriter(module.getContext());
    (void)simplifyRegions(rewriter, module->getRegions(), /*mergeBlocks=*/true);
  }
};

} // namespace
