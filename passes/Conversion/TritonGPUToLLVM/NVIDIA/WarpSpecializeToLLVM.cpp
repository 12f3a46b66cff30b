//===- WarpSpecializeToLLVM.cpp - ttg.warp_specialize as warp branches ----===//
//
// -convert-warp-specialize-to-llvm: after the NVIDIA lowering has turned the
// code inside every ttg.warp_specialize into LLVM, each kernel becomes one
// program for all of its warps (ttg.total-num-warps). The kernel's own warps
// run its code; the other warps wait in a "switch loop" and are sent by the
// default warps, through a state byte per warp in shared memory, to the
// partition they are to run, then back to wait, and finally out.
//
//   ^header:  warp = tid.x / 32 (made warp-uniform); default warps -> ^entry
//   ^switch:  barrier 1 (all threads); state = smem[state + warp - N]
//             switch state: partition blocks, exit, else ^idle
//   ^idle:    barrier 1; barrier 1; br ^switch  (a ttg.warp_specialize whose
//             partitions leave this warp out still meets both barriers)
//   partition: read captures; barrier 1; ...; barrier 1; br ^switch
//   default warps at a ttg.warp_specialize: write states and captures;
//             barrier 1 (release); barrier 1 (captures read); default region;
//             barrier 1 (join)
//   before each return: every state = exit; barrier 1
//
// Barrier 0 is the default warps' own, 2.. the partitions' (a CTA has 16).
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/NVIDIA/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/Passes.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TypeConverter.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_CONVERTWARPSPECIALIZETOLLVM
#include "passes/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace {

// Named barriers: the default warps', the one every thread meets at, then
// one per partition of an op (partitions of one op run at the same time).
constexpr unsigned kDefaultBarrier = 0;
constexpr unsigned kAllBarrier = 1;
constexpr unsigned kFirstPartitionBarrier = 2;
constexpr unsigned kNumBarriers = 16;
// The fewest registers setmaxnreg allows; the most a thread can have.
constexpr int kMinRegisters = 24;
constexpr int kMaxRegisters = 256;
// At most this many pure ops are recomputed in a partition in place of a
// capture.
constexpr size_t kMaxRecomputedOps = 16;

SmallVector<Region *> partitionRegions(ttg::WarpSpecializeOp op) {
  SmallVector<Region *> regions;
  if (ttg::WarpSpecializePartitionsOp partitions = op.getPartitionOp())
    for (Region &region : partitions.getPartitionRegions())
      regions.push_back(&region);
  return regions;
}

Value i32Const(OpBuilder &b, Location loc, int64_t value) {
  return createI32Constant(b, loc, value);
}
Value i8Const(OpBuilder &b, Location loc, int64_t value) {
  return createIntConstant(b, loc, b.getI8Type(), value);
}

/// Every thread of the CTA meets at barrier 1.
void barrierAll(OpBuilder &b, Location loc) {
  LLVM::CallIntrinsicOp::create(
      b, loc, b.getStringAttr("llvm.nvvm.barrier.cta.sync.all"),
      ValueRange{i32Const(b, loc, kAllBarrier)});
}

/// The threads of one warp group meet at barrier `id` (one warp needs no
/// barrier, only a warp sync).
void barrierGroup(OpBuilder &b, Location loc, unsigned id, int threads) {
  if (threads == 32) {
    NVVM::SyncWarpOp::create(b, loc, i32Const(b, loc, -1));
    return;
  }
  Value count = i32Const(b, loc, threads);
  NVVM::BarrierOp::create(b, loc, Type(), i32Const(b, loc, id), count, {},
                          Value());
}

void setRegisters(OpBuilder &b, Location loc, int from, int to) {
  from = std::min(from, kMaxRegisters);
  to = std::min(to, kMaxRegisters);
  NVVM::SetMaxRegisterOp::create(b, loc, to,
                                 to < from ? NVVM::SetMaxRegisterAction::decrease
                                           : NVVM::SetMaxRegisterAction::increase);
}

//===----------------------------------------------------------------------===//
// Types: the lowering leaves the op with its TTGIR types behind casts.
//===----------------------------------------------------------------------===//

/// Gives `op` (and its regions' arguments) the LLVM types of its values,
/// with casts to and from the old types that reconcile away afterwards.
void convertOpTypes(Operation *op, const TypeConverter &converter) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  for (OpOperand &operand : op->getOpOperands()) {
    Type type = converter.convertType(operand.get().getType());
    if (type && type != operand.get().getType())
      operand.set(UnrealizedConversionCastOp::create(b, loc, type, operand.get())
                      .getResult(0));
  }
  for (Region &region : op->getRegions()) {
    if (region.empty())
      continue;
    Block &entry = region.front();
    b.setInsertionPointToStart(&entry);
    for (unsigned i = 0, e = entry.getNumArguments(); i < e; ++i) {
      BlockArgument arg = entry.getArgument(i);
      Type type = converter.convertType(arg.getType());
      if (!type || type == arg.getType())
        continue;
      Type old = arg.getType();
      arg.setType(type);
      auto cast = UnrealizedConversionCastOp::create(b, arg.getLoc(), old, arg);
      arg.replaceAllUsesExcept(cast.getResult(0), cast);
    }
  }
  SmallVector<Type> resultTypes;
  for (Type type : op->getResultTypes()) {
    Type converted = converter.convertType(type);
    resultTypes.push_back(converted ? converted : type);
  }
  if (TypeRange(resultTypes) == op->getResultTypes())
    return;
  OperationState state(loc, op->getName(), op->getOperands(), resultTypes,
                       op->getAttrs());
  for (Region &region : op->getRegions())
    state.addRegion()->takeBody(region);
  b.setInsertionPoint(op);
  Operation *replacement = b.create(state);
  for (auto [oldResult, newResult] :
       llvm::zip(op->getResults(), replacement->getResults())) {
    auto cast = UnrealizedConversionCastOp::create(b, loc, oldResult.getType(),
                                                   newResult);
    oldResult.replaceAllUsesWith(cast.getResult(0));
  }
  op->erase();
}

//===----------------------------------------------------------------------===//
// Shared memory for states and captures
//===----------------------------------------------------------------------===//

/// An upper bound of a packed LLVM type's bytes (pointers counted as 8).
int64_t packedBytes(Type type) {
  if (auto structType = dyn_cast<LLVM::LLVMStructType>(type)) {
    int64_t bytes = 0;
    for (Type field : structType.getBody())
      bytes += packedBytes(field);
    return bytes;
  }
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return array.getNumElements() * packedBytes(array.getElementType());
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements() * packedBytes(vector.getElementType());
  if (isa<LLVM::LLVMPointerType>(type))
    return 8;
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  return 8;
}

/// Where the allocation pass gave no memory for the warps' states (on the
/// kernel) or an op's captures (on the op), both go after everything it
/// placed: the states live through the kernel, the captures only while the
/// partitions start, so all ops share one capture area.
void reserveMissingMemory(ModuleOp module, ArrayRef<LLVM::LLVMFuncOp> kernels,
                          int numWorkerWarps) {
  Builder b(module.getContext());
  int64_t shared = getModuleIntAttr(module, "ttg.shared", 0);
  int64_t end = shared;
  int64_t captureOffset = -1;
  for (LLVM::LLVMFuncOp kernel : kernels) {
    SmallVector<ttg::WarpSpecializeOp> ops;
    kernel.walk([&](ttg::WarpSpecializeOp op) { ops.push_back(op); });
    if (ops.empty())
      continue;
    if (!kernel->hasAttr("allocation.offset")) {
      kernel->setAttr("allocation.offset", b.getI32IntegerAttr(shared));
      end = std::max<int64_t>(end, shared + numWorkerWarps);
    }
    for (ttg::WarpSpecializeOp op : ops) {
      if (op.getExplicitCaptures().empty() || op->hasAttr("allocation.offset"))
        continue;
      int64_t bytes = 0;
      for (Type type : op.getExplicitCaptures().getTypes())
        bytes += packedBytes(type);
      if (captureOffset < 0)
        captureOffset = llvm::alignTo(shared + numWorkerWarps, 8);
      op->setAttr("allocation.offset", b.getI32IntegerAttr(captureOffset));
      end = std::max(end, captureOffset + bytes);
    }
  }
  if (end != shared)
    module->setAttr("ttg.shared", b.getI32IntegerAttr(end));
}

int64_t allocationOffset(Operation *op) {
  return getAllocationOffset(op).value_or(0);
}

//===----------------------------------------------------------------------===//
// Captures recomputed instead of passed
//===----------------------------------------------------------------------===//

/// The pure ops computing `capture` from the kernel's arguments and
/// constants, or failure when it depends on anything else.
LogicalResult collectRecomputable(LLVM::LLVMFuncOp kernel, Value capture,
                                  llvm::SetVector<Operation *> &ops) {
  llvm::SetVector<Value> pending;
  pending.insert(capture);
  for (size_t i = 0; i < pending.size(); ++i) {
    Value value = pending[i];
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() == &kernel.getBody().front())
        continue;
      return failure();
    }
    // Free of memory effects is enough (a division need not be
    // speculatable): the default warps computed the same op from the same
    // kernel arguments just before, so the partition's copy cannot trap.
    Operation *op = value.getDefiningOp();
    if (!isMemoryEffectFree(op) || op->getNumRegions() != 0)
      return failure();
    ops.insert(op);
    pending.insert(op->operand_begin(), op->operand_end());
  }
  return success(ops.size() <= kMaxRecomputedOps);
}

/// Drops the captures each partition can recompute (or use directly, kernel
/// arguments being visible everywhere once the partitions are spliced into
/// the kernel): fewer values go through shared memory and stay live.
void recomputeTrivialCaptures(LLVM::LLVMFuncOp kernel,
                              ArrayRef<ttg::WarpSpecializeOp> ops) {
  for (ttg::WarpSpecializeOp op : ops) {
    SmallVector<Region *> regions = partitionRegions(op);
    llvm::BitVector dropped(op->getNumOperands());
    for (auto [index, capture] : llvm::enumerate(op.getExplicitCaptures())) {
      llvm::SetVector<Operation *> ops;
      if (failed(collectRecomputable(kernel, capture, ops)))
        continue;
      dropped.set(index);
      ops = topologicalSort(ops);
      for (Region *region : regions) {
        OpBuilder b = OpBuilder::atBlockBegin(&region->front());
        IRMapping mapping;
        for (Operation *computed : ops)
          b.clone(*computed, mapping);
        region->getArgument(index).replaceAllUsesWith(
            mapping.lookupOrDefault(capture));
      }
    }
    op->eraseOperands(dropped);
    for (Region *region : regions)
      region->front().eraseArguments(dropped);
  }
}

//===----------------------------------------------------------------------===//
// The lowering of one kernel
//===----------------------------------------------------------------------===//

/// nvvm.barrier0 (what the lowering made of ttg.barrier) as the barrier of
/// the warp group it runs in.
LogicalResult rewriteBarriers(LLVM::LLVMFuncOp kernel,
                              ArrayRef<ttg::WarpSpecializeOp> ops,
                              int threadsPerWarp, int defaultWarps) {
  SmallVector<NVVM::Barrier0Op> outside;
  kernel.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<ttg::WarpSpecializePartitionsOp>(op))
      return WalkResult::skip();
    if (auto barrier = dyn_cast<NVVM::Barrier0Op>(op))
      outside.push_back(barrier);
    return WalkResult::advance();
  });
  for (NVVM::Barrier0Op barrier : outside) {
    OpBuilder b(barrier);
    barrierGroup(b, barrier.getLoc(), kDefaultBarrier,
                 defaultWarps * threadsPerWarp);
    barrier.erase();
  }
  for (ttg::WarpSpecializeOp op : ops) {
    for (auto [index, region] : llvm::enumerate(partitionRegions(op))) {
      unsigned id = kFirstPartitionBarrier + index;
      if (id >= kNumBarriers)
        return op.emitError() << "has " << partitionRegions(op).size()
                              << " partitions: at most "
                              << kNumBarriers - kFirstPartitionBarrier
                              << " fit the 16 named barriers";
      int threads = op.getPartitionNumWarps()[index] * threadsPerWarp;
      region->walk([&](NVVM::Barrier0Op barrier) {
        OpBuilder b(barrier);
        barrierGroup(b, barrier.getLoc(), id, threads);
        barrier.erase();
      });
    }
  }
  return success();
}

/// Registers while waiting (`idle`) and in the kernel's own code
/// (`kernel`): waiting warps give up all they can, the default warps take
/// it, up to 256.
struct RegisterPlan {
  int start = 0;
  int idle = -1;
  int kernel = -1;
};

RegisterPlan planRegisters(ModuleOp module, int defaultWarps, int totalWarps) {
  RegisterPlan plan;
  plan.start = getModuleIntAttr(module, "ttg.maxnreg", 0);
  if (plan.start == 0 || totalWarps == defaultWarps)
    return plan;
  int workers = totalWarps - defaultWarps;
  plan.idle = kMinRegisters;
  int extra = (plan.start - plan.idle) * workers / defaultWarps;
  plan.kernel = (plan.start + extra) / 8 * 8;
  if (plan.kernel > kMaxRegisters) {
    plan.kernel = kMaxRegisters;
    int given = (plan.kernel - plan.start) * defaultWarps / workers;
    plan.idle = (plan.start - given) / 8 * 8;
  }
  return plan;
}

/// A packed struct of the captures at the op's capture memory, field i.
Value captureSlot(OpBuilder &b, Location loc, ttg::WarpSpecializeOp op,
                  Type structType, int32_t index) {
  Value base = getSharedMemoryBase(b, loc, allocationOffset(op));
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  return LLVM::GEPOp::create(b, loc, ptrType, structType, base,
                             ArrayRef<LLVM::GEPArg>{0, index});
}

/// Partition entry: registers, captures from shared memory, then the
/// barrier after which the default warps may reuse that memory; each
/// warp_return meets the default warps' join and goes back to wait.
void lowerPartitions(ttg::WarpSpecializeOp op, Block *switchLoop,
                     const RegisterPlan &plan) {
  std::optional<ArrayRef<int32_t>> actual = op.getActualRegisters();
  for (auto [index, region] : llvm::enumerate(partitionRegions(op))) {
    Block &entry = region->front();
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    Location loc = op.getLoc();
    if (actual && plan.idle > 0)
      setRegisters(b, loc, plan.idle, (*actual)[index + 1]);
    if (entry.getNumArguments() != 0) {
      auto structType = LLVM::LLVMStructType::getLiteral(
          b.getContext(), llvm::to_vector(entry.getArgumentTypes()),
          /*isPacked=*/true);
      for (BlockArgument arg : entry.getArguments()) {
        Value slot = captureSlot(b, loc, op, structType, arg.getArgNumber());
        Value value = LLVM::LoadOp::create(b, loc, arg.getType(), slot,
                                           /*alignment=*/1);
        arg.replaceAllUsesWith(value);
      }
      entry.eraseArguments(0, entry.getNumArguments());
    }
    barrierAll(b, loc);
    region->walk([&](ttg::WarpReturnOp ret) {
      OpBuilder b(ret);
      barrierAll(b, ret.getLoc());
      if (actual && plan.idle > 0)
        setRegisters(b, ret.getLoc(), (*actual)[index + 1], plan.idle);
      LLVM::BrOp::create(b, ret.getLoc(), ValueRange(), switchLoop);
      ret.erase();
    });
  }
}

/// Stores `states[i]` for each worker warp i.
void storeStates(OpBuilder &b, Location loc, LLVM::LLVMFuncOp kernel,
                 ArrayRef<int32_t> states) {
  Value base = getSharedMemoryBase(b, loc, allocationOffset(kernel));
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  for (auto [warp, state] : llvm::enumerate(states)) {
    Value slot = LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), base,
                                     ArrayRef<LLVM::GEPArg>{int32_t(warp)});
    LLVM::StoreOp::create(b, loc, i8Const(b, loc, state), slot);
  }
}

/// The default warps' side of one op: hand the states and captures over,
/// release the workers, run the default region, join them.
void lowerDefaultSide(ttg::WarpSpecializeOp op, LLVM::LLVMFuncOp kernel,
                      ArrayRef<int32_t> states, const RegisterPlan &plan) {
  Location loc = op.getLoc();
  Block *before = op->getBlock();
  Block *after = before->splitBlock(op);
  OpBuilder b = OpBuilder::atBlockEnd(before);
  storeStates(b, loc, kernel, states);
  if (!op.getExplicitCaptures().empty()) {
    auto structType = LLVM::LLVMStructType::getLiteral(
        b.getContext(), llvm::to_vector(op.getExplicitCaptures().getTypes()),
        /*isPacked=*/true);
    for (auto [index, capture] : llvm::enumerate(op.getExplicitCaptures()))
      LLVM::StoreOp::create(b, loc, capture,
                            captureSlot(b, loc, op, structType, index),
                            /*alignment=*/1);
  }
  std::optional<ArrayRef<int32_t>> actual = op.getActualRegisters();
  bool moveRegisters = actual && plan.kernel > 0;
  barrierAll(b, loc); // releases the workers
  if (moveRegisters)
    setRegisters(b, loc, plan.kernel, actual->front());
  barrierAll(b, loc); // the captures have been read
  Region &defaultRegion = op.getDefaultRegion();
  LLVM::BrOp::create(b, loc, ValueRange(), &defaultRegion.front());

  defaultRegion.walk([&](ttg::WarpYieldOp yield) {
    OpBuilder b(yield);
    barrierAll(b, yield.getLoc()); // the partitions are done
    if (moveRegisters)
      setRegisters(b, yield.getLoc(), actual->front(), plan.kernel);
    LLVM::BrOp::create(b, yield.getLoc(), yield.getValues(), after);
    yield.erase();
  });
  after->getParent()->getBlocks().splice(after->getIterator(),
                                         defaultRegion.getBlocks());
  SmallVector<Location> locs(op->getNumResults(), loc);
  after->addArguments(op->getResultTypes(), locs);
  op->replaceAllUsesWith(after->getArguments());
  op->erase();
}

LogicalResult lowerKernel(LLVM::LLVMFuncOp kernel, ModuleOp module,
                          const nvidia::TargetInfo &target) {
  SmallVector<ttg::WarpSpecializeOp> ops;
  kernel.walk([&](ttg::WarpSpecializeOp op) { ops.push_back(op); });
  if (ops.empty())
    return success();

  int threadsPerWarp = target.getWarpSize();
  int defaultWarps = getModuleIntAttr(module, ttg::kNumWarpsAttrName, 4);
  auto totalAttr = module->getAttrOfType<IntegerAttr>("ttg.total-num-warps");
  if (!totalAttr)
    return module.emitError("a module with ttg.warp_specialize needs "
                            "ttg.total-num-warps: run "
                            "-tritongpu-allocate-warp-groups first");
  int totalWarps = totalAttr.getInt();
  int workerWarps = totalWarps - defaultWarps;
  for (ttg::WarpSpecializeOp op : ops) {
    std::optional<ArrayRef<int32_t>> starts = op.getWarpGroupStartIds();
    if (!starts)
      return op.emitError("has no warpGroupStartIds: run "
                          "-tritongpu-allocate-warp-groups first");
    for (auto [start, warps] : llvm::zip(*starts, op.getPartitionNumWarps()))
      if (start < defaultWarps || start + warps > totalWarps)
        return op.emitError() << "partition warps " << start << " to "
                              << start + warps - 1
                              << " lie outside the worker warps "
                              << defaultWarps << " to " << totalWarps - 1;
  }
  if (failed(rewriteBarriers(kernel, ops, threadsPerWarp, defaultWarps)))
    return failure();
  RegisterPlan plan = planRegisters(module, defaultWarps, totalWarps);
  recomputeTrivialCaptures(kernel, ops);

  // The states: partition blocks numbered in order over all ops; each op
  // maps each worker warp to its partition's state or -1 (idle).
  SmallVector<Block *> stateBlocks;
  SmallVector<SmallVector<int32_t>> warpStates;
  for (ttg::WarpSpecializeOp op : ops) {
    SmallVector<int32_t> states(workerWarps, -1);
    for (auto [region, warps, start] :
         llvm::zip(partitionRegions(op), op.getPartitionNumWarps(),
                   *op.getWarpGroupStartIds())) {
      for (int w = 0; w < warps; ++w)
        states[start - defaultWarps + w] = stateBlocks.size();
      stateBlocks.push_back(&region->front());
    }
    warpStates.push_back(std::move(states));
  }
  int exitState = stateBlocks.size();
  // A state is a byte; 255 (-1) means idle.
  if (exitState >= 255)
    return kernel.emitError() << "has " << exitState
                              << " warp-specialized partitions: at most 254 "
                                 "fit the byte a warp's state is passed in";

  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  Type i32 = IntegerType::get(context, 32);
  auto ptrType = LLVM::LLVMPointerType::get(context, 3);
  Block *entry = &kernel.getBody().front();

  // ^header: which warp this is; the kernel's warps go on to its code.
  OpBuilder b(context);
  SmallVector<Location> argLocs;
  for (BlockArgument arg : entry->getArguments())
    argLocs.push_back(arg.getLoc());
  Block *header = b.createBlock(entry, entry->getArgumentTypes(), argLocs);
  Block *switchLoop = b.createBlock(entry);
  b.setInsertionPointToStart(header);
  Value tid = NVVM::ThreadIdXOp::create(b, loc, i32);
  Value warp = LLVM::UDivOp::create(b, loc, tid, i32Const(b, loc, threadsPerWarp));
  // Lane 0's warp id: ptxas then knows the branches below are warp-uniform.
  warp = target.shuffleIdx(b, loc, warp, i32Const(b, loc, 0));
  Value isDefault = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ult, warp,
                                         i32Const(b, loc, defaultWarps));
  LLVM::CondBrOp::create(b, loc, isDefault, entry, switchLoop);
  for (auto [newArg, oldArg] :
       llvm::zip(header->getArguments(), entry->getArguments()))
    oldArg.replaceAllUsesWith(newArg);
  entry->eraseArguments(0, entry->getNumArguments());
  if (plan.kernel > 0) {
    b.setInsertionPointToStart(entry);
    setRegisters(b, loc, plan.start, plan.kernel);
  }

  // ^switch: wait to be released, then go where the state says.
  b.setInsertionPointToStart(switchLoop);
  if (plan.idle > 0)
    setRegisters(b, loc, plan.start, plan.idle);
  barrierAll(b, loc);
  Value stateBase = getSharedMemoryBase(b, loc, allocationOffset(kernel));
  Value workerIndex =
      LLVM::SubOp::create(b, loc, warp, i32Const(b, loc, defaultWarps));
  Value stateSlot = LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(),
                                        stateBase, ValueRange{workerIndex});
  Value state = LLVM::LoadOp::create(b, loc, b.getI8Type(), stateSlot);

  for (ttg::WarpSpecializeOp op : ops)
    lowerPartitions(op, switchLoop, plan);
  Region::BlockListType &blocks = kernel.getBody().getBlocks();
  for (Block *block : llvm::reverse(stateBlocks))
    blocks.splice(std::next(switchLoop->getIterator()),
                  block->getParent()->getBlocks());

  // ^idle: a warp no partition of the op uses meets the release and the
  // captures-read barriers, then waits again. LLVM must not hoist code out
  // of this loop into the kernel entry: ptxas would keep it live in every
  // partition.
  Block *idle = new Block;
  blocks.insert(std::next(switchLoop->getIterator()), idle);
  b.setInsertionPointToStart(idle);
  barrierAll(b, loc);
  barrierAll(b, loc);
  auto latch = LLVM::BrOp::create(b, loc, ValueRange(), switchLoop);
  auto noLICM = LLVM::LoopLICMAttr::get(context, b.getBoolAttr(true), {});
  latch.setLoopAnnotationAttr(LLVM::LoopAnnotationAttr::get(
      context, {}, {}, {}, {}, {}, noLICM, {}, {}, {}, {}, {}, {}, {}, {}, {}));

  Block *exit = new Block;
  blocks.insert(std::next(idle->getIterator()), exit);
  b.setInsertionPointToStart(exit);
  LLVM::ReturnOp::create(b, loc, ValueRange());

  SmallVector<Block *> destinations(stateBlocks);
  destinations.push_back(exit);
  // The case values must have the selector's width (an i8).
  SmallVector<APInt> caseValues;
  for (size_t state = 0; state < destinations.size(); ++state)
    caseValues.push_back(APInt(8, state));
  b.setInsertionPointToEnd(switchLoop);
  LLVM::SwitchOp::create(b, loc, state, idle, ValueRange(), caseValues,
                         destinations,
                         SmallVector<ValueRange>(destinations.size()));

  for (auto [op, states] : llvm::zip(ops, warpStates))
    lowerDefaultSide(op, kernel, states, plan);

  // Before the kernel returns, the workers are sent out.
  SmallVector<int32_t> exitStates(workerWarps, exitState);
  kernel.walk([&](LLVM::ReturnOp ret) {
    if (ret->getBlock() == exit)
      return;
    OpBuilder b(ret);
    storeStates(b, ret.getLoc(), kernel, exitStates);
    barrierAll(b, ret.getLoc());
  });

  // The program now has every warp.
  kernel->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                  DenseI32ArrayAttr::get(context, {totalWarps * threadsPerWarp}));
  return success();
}

struct ConvertWarpSpecializeToLLVMPass
    : triton::impl::ConvertWarpSpecializeToLLVMBase<
          ConvertWarpSpecializeToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    LowerToLLVMOptions options(context);
    options.overrideIndexBitwidth(32);
    TritonGPUToLLVMTypeConverter converter(context, options);
    SmallVector<Operation *> typed;
    module.walk([&](Operation *op) {
      if (isa<ttg::WarpSpecializeOp, ttg::WarpSpecializePartitionsOp,
              ttg::WarpYieldOp>(op))
        typed.push_back(op);
    });
    for (Operation *op : typed)
      convertOpTypes(op, converter);
    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk([&](UnrealizedConversionCastOp cast) { casts.push_back(cast); });
    reconcileUnrealizedCasts(casts);

    // Warp specialization lives in kernels; a device function holding it
    // cannot give its callers' warps their partitions.
    WalkResult nested = module.walk([&](ttg::WarpSpecializeOp op) {
      auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
      if (!func || func.isPrivate() || isDeviceFunction(func)) {
        op.emitError("ttg.warp_specialize is supported in kernels only, "
                     "after the lowering to LLVM");
        return WalkResult::interrupt();
      }
      if (op->getParentOp() != func) {
        op.emitError("ttg.warp_specialize must be at the top level of its "
                     "kernel (scf lowered to cf) to be lowered");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (nested.wasInterrupted())
      return signalPassFailure();

    int threadsPerWarp =
        getModuleIntAttr(module, ttg::kThreadsPerWarpAttrName, 32);
    int defaultWarps = getModuleIntAttr(module, ttg::kNumWarpsAttrName, 4);
    int totalWarps =
        getModuleIntAttr(module, "ttg.total-num-warps", defaultWarps);
    nvidia::TargetInfo target(90, 87, defaultWarps * threadsPerWarp,
                              threadsPerWarp);
    SmallVector<LLVM::LLVMFuncOp> kernels;
    for (LLVM::LLVMFuncOp func : module.getOps<LLVM::LLVMFuncOp>())
      if (!func.isPrivate() && !func.isExternal())
        kernels.push_back(func);
    reserveMissingMemory(module, kernels, totalWarps - defaultWarps);
    // The launch's register count (.maxnreg), which the setmaxnreg counts
    // were planned from (ptxas would otherwise choose its own).
    if (auto maxnreg = module->getAttrOfType<IntegerAttr>("ttg.maxnreg"))
      for (LLVM::LLVMFuncOp kernel : kernels)
        kernel->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                        IntegerAttr::get(IntegerType::get(context, 32),
                                         maxnreg.getInt()));
    for (LLVM::LLVMFuncOp kernel : kernels)
      if (failed(lowerKernel(kernel, module, target)))
        return signalPassFailure();
  }
};

} // namespace
