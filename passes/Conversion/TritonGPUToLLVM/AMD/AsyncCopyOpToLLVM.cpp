//===- AsyncCopyOpToLLVM.cpp - Direct-to-LDS copies on gfx942 -------------===//
//
// ttg.async_copy_global_to_local and amdg.buffer_load_to_local as gfx942's
// LDS-DMA loads (`global_load_lds_dword`, `buffer_load_dword ... lds`): each
// lane of a wave reads 4 bytes from its own address, and the hardware writes
// lane j's 4 bytes to LDS at one wave-uniform address (M0) plus 4 * j. The
// instruction cannot scatter, so a copy lowers where, for every group of
// registers, the wave's 4-byte pieces fill one aligned block of 64 slots:
// the lanes' slots are then a permutation of 0..63 (the identity for a plain
// row-major layout, an XOR pattern for a swizzled one). Where it is not the
// identity, lane j loads the piece that belongs in slot j: its address
// comes from the lane that holds it (ds_bpermute), and so does its mask bit
// (a ballot). 1- and 2-byte pieces would be widened to 4 by the hardware and
// overwrite their neighbours, wider ones do not exist on gfx942 (gfx90a has
// no LDS-DMA from global memory at all). Where a copy cannot be made of
// these, the pattern does not apply and the op fails to legalize at its
// location.
//
// A masked-off piece is not loaded (a branch, or for a buffer load an
// out-of-range offset, which the hardware turns into zeros); with `other`,
// the lane holding it stores `other` into its slot instead, since the
// skipped load writes nothing there. ttg.async_commit_group needs no
// instruction (the hardware counts the loads themselves); ttg.async_wait
// waits until every outstanding load has landed (vmcnt 0), which covers any
// number of groups the op allows to stay in flight; amdg.async_wait counts
// instructions, so it waits for exactly its number.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonAMDGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/MemoryAccess.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/common/ElementUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"
#include "passes/TritonAMDGPU/LDSLimits.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
using ttg::LinearLayout;

namespace {

/// Inverts a square matrix over GF(2) given by its columns (bit i of
/// `columns[k]` is row i of column k); nullopt when it is singular.
std::optional<SmallVector<uint64_t>> invertGF2(ArrayRef<uint64_t> columns) {
  unsigned n = columns.size();
  // Row-reduce [A | I] stored as rows: row i holds A's row i (bits 0..n-1)
  // and the identity's row i (bits n..2n-1).
  SmallVector<uint64_t> rows(n, 0);
  for (unsigned i = 0; i < n; ++i) {
    for (unsigned k = 0; k < n; ++k)
      if (columns[k] >> i & 1)
        rows[i] |= uint64_t(1) << k;
    rows[i] |= uint64_t(1) << (n + i);
  }
  for (unsigned col = 0; col < n; ++col) {
    unsigned pivot = col;
    while (pivot < n && !(rows[pivot] >> col & 1))
      ++pivot;
    if (pivot == n)
      return std::nullopt;
    std::swap(rows[col], rows[pivot]);
    for (unsigned i = 0; i < n; ++i)
      if (i != col && (rows[i] >> col & 1))
        rows[i] ^= rows[col];
  }
  // Rows now hold [I | A^-1]; return A^-1's columns.
  SmallVector<uint64_t> inverse(n, 0);
  for (unsigned i = 0; i < n; ++i)
    for (unsigned k = 0; k < n; ++k)
      if (rows[i] >> (n + k) & 1)
        inverse[k] |= uint64_t(1) << i;
  return inverse;
}

/// Applies a GF(2) matrix (columns) to a constant vector.
uint64_t applyGF2(ArrayRef<uint64_t> columns, uint64_t vector) {
  uint64_t result = 0;
  for (auto [k, column] : llvm::enumerate(columns))
    if (vector >> k & 1)
      result ^= column;
  return result;
}

/// How the LDS-DMA loads of one wave cover a copy into shared memory.
struct LdsDmaPlan {
  SharedMemoryLayout layout;
  LinearLayout distributed;
  OffsetMap map;
  VectorPlan vectors;
  Type sharedType;
  /// The bytes one lane moves per LDS-DMA load (amdgpu::ldsDmaBytes).
  unsigned pieceBytes = 4;
  /// Elements per piece.
  unsigned vector = 1;
  /// log2 of the wave's lanes: the slot bits one instruction covers.
  unsigned slotBits = 0;
  /// Columns of the inverse of the lanes' slot matrix: the bits of the lane
  /// holding the piece for slot bit k. Empty where the slots are the lanes.
  SmallVector<uint64_t> sourceLane;

  bool isPermuted() const { return !sourceLane.empty(); }
  int64_t slotSpan() const {
    return (static_cast<int64_t>(vector) << slotBits) - 1;
  }
};

/// The plan for copying a tensor of `srcType`'s layout into `memType` with
/// pieces whose global side is contiguous over `globalWidth` elements, or
/// failure with the reason.
FailureOr<LdsDmaPlan> planLdsDma(const TritonGPUToLLVMTypeConverter &converter,
                                 RankedTensorType srcType,
                                 ttg::MemDescType memType, unsigned globalWidth,
                                 const amd::TargetInfo &target,
                                 std::string &reason) {
  if (target.getArch() != "gfx942") {
    reason = "no LDS-DMA load from global memory on this GPU";
    return failure();
  }
  std::optional<SharedMemoryLayout> layout =
      SharedMemoryLayout::get(memType, reason);
  if (!layout)
    return failure();
  std::optional<LinearLayout> distributed = getDistributedLayout(srcType);
  if (!distributed || distributed->getInDimSize("block") != 1) {
    reason = "a tensor without a single-CTA distributed layout";
    return failure();
  }
  LdsDmaPlan plan{*layout, *distributed, {}, {}, {}};
  plan.sharedType = getSharedElementType(converter, memType.getElementType());
  unsigned elementBytes = getSharedElementBytes(plan.sharedType);
  plan.pieceBytes = amdgpu::ldsDmaBytes(target.getArch());
  if (elementBytes > plan.pieceBytes || plan.pieceBytes % elementBytes != 0) {
    reason = "elements wider than " + std::to_string(plan.pieceBytes) +
             " bytes";
    return failure();
  }
  plan.vector = plan.pieceBytes / elementBytes;
  // The global side: `vector` contiguous, aligned elements under one mask.
  if (globalWidth < plan.vector) {
    reason = "pieces of fewer than " + std::to_string(plan.pieceBytes) +
             " bytes";
    return failure();
  }

  // The shared side: registers 0 .. vector-1 consecutive and nothing else
  // (other registers, warps, the view's run-time offset) touching the
  // offset bits inside a piece.
  plan.map = layout->mapDistributed(*distributed);
  int64_t viewBits = layout->getViewOffsetMask();
  plan.vectors = planVectors(plan.map, plan.vector, viewBits);
  for (unsigned i = 0; i < plan.vectors.registerBits.size(); ++i)
    if (plan.vectors.registerBits[i] != i) {
      reason = "registers not contiguous";
      return failure();
    }
  if (plan.vectors.elements() != plan.vector) {
    reason = "pieces of fewer than " + std::to_string(plan.pieceBytes) +
             " bytes";
    return failure();
  }
  unsigned waveLanes = target.getWarpSize();
  plan.slotBits = llvm::Log2_32(waveLanes);
  if (plan.map.lanes.size() != plan.slotBits) {
    reason = "a layout of another lane count";
    return failure();
  }
  // The lanes fill one block of slots: each lane basis moves within the
  // block, and together they reach every slot (an invertible matrix).
  int64_t span = plan.slotSpan();
  SmallVector<uint64_t> laneSlots;
  bool identity = true;
  for (auto [i, offset] : llvm::enumerate(plan.map.lanes)) {
    if (offset & ~span || offset % plan.vector != 0) {
      reason = "lanes outside one block of 64 consecutive 4-byte slots";
      return failure();
    }
    laneSlots.push_back(offset / plan.vector);
    identity &= laneSlots.back() == uint64_t(1) << i;
  }
  // The view's offset chooses the block, at run time: it must not move a
  // piece within it. Registers and warps may: a permutation, constant for a
  // register, chosen by the warp's id for a warp.
  if (viewBits & span) {
    reason = "the view's offset interleaves with the lanes' slots";
    return failure();
  }
  bool movesWithinBlock = false;
  for (auto [bit, offset] : llvm::enumerate(plan.map.registers))
    if (bit >= plan.vectors.registerBits.size() && (offset & span))
      movesWithinBlock = true;
  for (int64_t offset : plan.map.warps) {
    if (offset % plan.vector != 0) {
      reason = "warps that split a 4-byte piece";
      return failure();
    }
    if (offset & span)
      movesWithinBlock = true;
  }
  if (identity && !movesWithinBlock)
    return plan;
  std::optional<SmallVector<uint64_t>> inverse = invertGF2(laneSlots);
  if (!inverse) {
    reason = "lanes that do not fill a block of 64 slots";
    return failure();
  }
  plan.sourceLane = std::move(*inverse);
  return plan;
}

/// Per-register facts and values the two copy patterns share.
struct LdsDmaPiece {
  unsigned reg;
  /// The LDS address of slot 0 of the wave's block.
  Value waveDst;
  /// The lane whose piece this lane loads (i32); null where it is its own.
  Value sourceLane;
  /// The mask bit of that piece; null where unmasked.
  Value mask;
  /// True in the one thread that writes elements several threads hold;
  /// null where none are held twice.
  Value owner;
};

/// Emits the loads of a copy. Per piece this lane loads, `fetch` gives its
/// global address (for register `reg`, from lane `sourceLane` where that is
/// not null) and `issue` loads it; then, with `others`, the lane holding a
/// masked-off piece stores `other` into its slot.
void emitLdsDmaCopy(ConversionPatternRewriter &rewriter, Location loc,
                    const LdsDmaPlan &plan, Value memDesc,
                    const amd::TargetInfo &target, ArrayRef<Value> masks,
                    ArrayRef<Value> others,
                    function_ref<Value(unsigned, Value)> fetch,
                    function_ref<void(const LdsDmaPiece &, Value)> issue) {
  SharedMemoryObject object = unpackSharedMemoryObject(rewriter, loc, memDesc);
  LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
  Value owner =
      getUniqueOwnerPredicate(rewriter, loc, plan.distributed, thread);
  Value view = plan.layout.emitViewOffset(rewriter, loc, object.offsets);
  int64_t viewBits = plan.layout.getViewOffsetMask();
  // The wave's part of the address: the lane bits left out (lane 0's), and
  // the warps' moves within the block (a permutation, below).
  int64_t span = plan.slotSpan();
  OffsetMap waveMap = plan.map;
  for (int64_t &offset : waveMap.warps)
    offset &= ~span;
  LaneAndWarp lane0{createI32Constant(rewriter, loc, 0), thread.warp};
  ThreadOffset waveOffset =
      emitThreadOffset(rewriter, loc, waveMap, lane0, view, viewBits);
  // The thread's own offsets, for the `other` stores.
  std::optional<ThreadOffset> ownOffset;
  if (!others.empty())
    ownOffset =
        emitThreadOffset(rewriter, loc, plan.map, thread, view, viewBits);
  // For a permutation, the part of the source lane that the run-time ids
  // decide: sourceLane applied to the destination lane's bits and to the
  // slots the warp's bits move to.
  Value laneSource;
  if (plan.isPermuted()) {
    laneSource = createI32Constant(rewriter, loc, 0);
    auto addTerm = [&](Value id, unsigned bit, uint64_t column) {
      if (!column)
        return;
      Value masked = LLVM::AndOp::create(
          rewriter, loc, id,
          createI32Constant(rewriter, loc, int64_t(1) << bit));
      Value set =
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, masked,
                               createI32Constant(rewriter, loc, 0));
      Value zero = createI32Constant(rewriter, loc, 0);
      Value columnBits = createI32Constant(rewriter, loc, column);
      Value term = LLVM::SelectOp::create(rewriter, loc, set, columnBits, zero);
      laneSource = LLVM::XOrOp::create(rewriter, loc, laneSource, term);
    };
    for (auto [k, column] : llvm::enumerate(plan.sourceLane))
      addTerm(thread.lane, k, column);
    for (auto [bit, offset] : llvm::enumerate(plan.map.warps))
      addTerm(thread.warp, bit,
              applyGF2(plan.sourceLane, (offset & span) / plan.vector));
  }

  unsigned repeated = getBroadcastRegisterMask(plan.distributed);
  unsigned count = plan.distributed.getInDimSize("register");
  for (unsigned reg = 0; reg < count; ++reg) {
    if (reg & (plan.vectors.mask() | repeated))
      continue;
    int64_t regOffset = getRegisterOffset(plan.map, reg);
    Value offset = waveOffset.withRegister(rewriter, loc, regOffset & ~span);
    LdsDmaPiece piece{reg, Value(), Value(), Value(), owner};
    piece.waveDst = LLVM::GEPOp::create(rewriter, loc, object.base.getType(),
                                        plan.sharedType, object.base,
                                        ArrayRef<LLVM::GEPArg>{offset});
    Value mask = masks.empty() ? Value() : masks[reg];
    if (mask && matchPattern(mask, m_One()))
      mask = Value();
    if (plan.isPermuted()) {
      uint64_t slot = (regOffset & span) / plan.vector;
      uint64_t fixed = applyGF2(plan.sourceLane, slot);
      piece.sourceLane =
          fixed ? LLVM::XOrOp::create(rewriter, loc, laneSource,
                                      createI32Constant(rewriter, loc, fixed))
                      .getResult()
                : laneSource;
    }
    Value address = fetch(reg, piece.sourceLane);
    if (piece.sourceLane) {
      if (mask) {
        // The source lane's mask bit, from a ballot of the wave's bits.
        Value ballot =
            ROCDL::BallotOp::create(rewriter, loc, rewriter.getI64Type(), mask);
        Value shift = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI64Type(),
                                           piece.sourceLane);
        Value bits = LLVM::LShrOp::create(rewriter, loc, ballot, shift);
        mask = LLVM::TruncOp::create(rewriter, loc, rewriter.getI1Type(), bits);
      }
    }
    piece.mask = mask;
    issue(piece, address);

    if (others.empty() || matchPattern(masks[reg], m_One()))
      continue;
    // The piece's own lane stores `other` where its load was skipped.
    Value fill = LLVM::XOrOp::create(rewriter, loc, masks[reg],
                                     createI1Constant(rewriter, loc, true));
    if (owner)
      fill = LLVM::AndOp::create(rewriter, loc, fill, owner);
    SmallVector<Value> values;
    for (unsigned j = 0; j < plan.vector; ++j)
      values.push_back(
          toSharedValue(rewriter, loc, others[reg + j], plan.sharedType));
    Value own = ownOffset->withRegister(rewriter, loc, regOffset);
    emitIf(rewriter, loc, fill, [&]() {
      storeSharedVector(rewriter, loc, object.base, own, values,
                        plan.sharedType, target);
    });
  }
}

/// The elements of a tensor operand, or none.
SmallVector<Value> unpackOptional(ConversionPatternRewriter &rewriter,
                                  Location loc, Value value) {
  if (!value)
    return {};
  return unpackLLElements(loc, value, rewriter);
}

struct AsyncCopyGlobalToLocalOpPattern
    : ConvertOpToLLVMPattern<ttg::AsyncCopyGlobalToLocalOp> {
  AsyncCopyGlobalToLocalOpPattern(TritonGPUToLLVMTypeConverter &converter,
                                  const amd::TargetInfo &target,
                                  const AccessWidths &widths)
      : ConvertOpToLLVMPattern(converter), target(target), widths(widths) {}

  LogicalResult
  matchAndRewrite(ttg::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    // Axis info's width, or the pipeliner's `contiguity` for the load it
    // replaced.
    auto it = widths.find(op);
    unsigned globalWidth = it == widths.end() ? 1 : it->second;
    globalWidth = std::max<unsigned>(globalWidth, op.getContiguity());
    std::string reason;
    FailureOr<LdsDmaPlan> plan =
        planLdsDma(*converter, cast<RankedTensorType>(op.getSrc().getType()),
                   op.getResult().getType(), globalWidth, target, reason);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, reason);

    Location loc = op.getLoc();
    SmallVector<Value> ptrs = unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> masks = unpackOptional(rewriter, loc, adaptor.getMask());
    SmallVector<Value> others;
    if (adaptor.getMask())
      others = unpackOptional(rewriter, loc, adaptor.getOther());
    int32_t policy =
        amd::getCachePolicy(op.getCache(), /*isLoad=*/true, target.getArch());

    emitLdsDmaCopy(
        rewriter, loc, *plan, adaptor.getResult(), target, masks, others,
        [&](unsigned reg, Value sourceLane) {
          Value ptr = ptrs[reg];
          return sourceLane
                     ? shuffleIdxAny(rewriter, loc, target, ptr, sourceLane)
                     : ptr;
        },
        [&](const LdsDmaPiece &piece, Value ptr) {
          Value predicate = piece.mask;
          if (piece.owner)
            predicate = predicate ? LLVM::AndOp::create(rewriter, loc,
                                                        predicate, piece.owner)
                                        .getResult()
                                  : piece.owner;
          auto load = [&]() {
            ROCDL::GlobalLoadLDSOp::create(rewriter, loc, ptr, piece.waveDst,
                                           plan->pieceBytes, /*offset=*/0, policy,
                                           nullptr, nullptr, nullptr);
          };
          if (predicate)
            emitIf(rewriter, loc, predicate, load);
          else
            load();
        });
    rewriter.replaceOp(op, createI32Constant(rewriter, loc, 0));
    return success();
  }

  const amd::TargetInfo &target;
  const AccessWidths &widths;
};

struct BufferLoadToLocalOpPattern
    : ConvertOpToLLVMPattern<triton::amdgpu::BufferLoadToLocalOp> {
  BufferLoadToLocalOpPattern(TritonGPUToLLVMTypeConverter &converter,
                             const amd::TargetInfo &target,
                             const AccessWidths &widths)
      : ConvertOpToLLVMPattern(converter), target(target), widths(widths) {}

  LogicalResult
  matchAndRewrite(triton::amdgpu::BufferLoadToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    auto it = widths.find(op);
    unsigned globalWidth = it == widths.end() ? 1 : it->second;
    std::string reason;
    FailureOr<LdsDmaPlan> plan =
        planLdsDma(*converter, op.getOffsets().getType(),
                   op.getDest().getType(), globalWidth, target, reason);
    if (failed(plan)) {
      return rewriter.notifyMatchFailure(op, reason);
    }

    Location loc = op.getLoc();
    amd::BufferOperands operands = amd::unpackBufferOperands(
        rewriter, loc, adaptor.getPtr(),
        op.getDest().getType().getElementType(), adaptor.getOffsets(), {},
        adaptor.getMask(), adaptor.getOther());
    const amd::BufferResource &buffer = operands.access;
    ArrayRef<Value> offsets = operands.offsets, masks = operands.masks,
                    others = operands.others;
    bool hasOther = !others.empty();
    int32_t policy =
        amd::getCachePolicy(op.getCache(), /*isLoad=*/true, target.getArch());

    emitLdsDmaCopy(
        rewriter, loc, *plan, adaptor.getDest(), target, masks, others,
        [&](unsigned reg, Value sourceLane) {
          Value offset = offsets[reg];
          return sourceLane
                     ? target.shuffleIdx(rewriter, loc, offset, sourceLane)
                     : offset;
        },
        [&](const LdsDmaPiece &piece, Value offset) {
          Value size = createI32Constant(rewriter, loc, plan->pieceBytes);
          auto load = [&](Value predicate) {
            // A masked-off piece reads out of range, which writes zeros.
            Value voffset = buffer.getOffset(rewriter, loc, offset, predicate);
            Value immediate = createI32Constant(rewriter, loc, 0);
            Value aux = createI32Constant(rewriter, loc, policy);
            Value scalar = createI32Constant(rewriter, loc, 0);
            ROCDL::RawPtrBufferLoadLdsOp::create(
                rewriter, loc, buffer.resource, piece.waveDst, size, voffset,
                scalar, immediate, aux, nullptr, nullptr, nullptr);
          };
          if (!hasOther) {
            if (piece.owner)
              emitIf(rewriter, loc, piece.owner, [&]() { load(piece.mask); });
            else
              load(piece.mask);
            return;
          }
          // With `other`, a masked-off slot gets `other` from its own lane:
          // the load must not write zeros there, so it is skipped.
          Value predicate =
              piece.owner ? piece.owner : createI1Constant(rewriter, loc, true);
          if (piece.mask)
            predicate =
                LLVM::AndOp::create(rewriter, loc, predicate, piece.mask);
          emitIf(rewriter, loc, predicate, [&]() { load(Value()); });
        });
    rewriter.replaceOp(op, createI32Constant(rewriter, loc, 0));
    return success();
  }

  const amd::TargetInfo &target;
  const AccessWidths &widths;
};

struct AsyncCommitGroupOpPattern
    : ConvertOpToLLVMPattern<ttg::AsyncCommitGroupOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::AsyncCommitGroupOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, createI32Constant(rewriter, op.getLoc(), 0));
    return success();
  }
};

struct AsyncWaitOpPattern : ConvertOpToLLVMPattern<ttg::AsyncWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ttg::AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ROCDL::SWaitcntOp::create(rewriter, loc, amd::getVmcntWaitBits(0));
    rewriter.replaceOp(op, createI32Constant(rewriter, loc, 0));
    return success();
  }
};

/// amdg.async_wait: this wave's own loads first (at most num_inst still in
/// flight, and its LDS accesses done), then a workgroup barrier, since the
/// data other waves loaded is read too.
struct AMDAsyncWaitOpPattern
    : ConvertOpToLLVMPattern<triton::amdgpu::AsyncWaitOp> {
  AMDAsyncWaitOpPattern(TritonGPUToLLVMTypeConverter &converter,
                        const amd::TargetInfo &target)
      : ConvertOpToLLVMPattern(converter), target(target) {}

  LogicalResult
  matchAndRewrite(triton::amdgpu::AsyncWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned count =
        static_cast<unsigned>(std::max<int32_t>(0, op.getNumInst()));
    ROCDL::SWaitcntOp::create(rewriter, loc, amd::getVmcntWaitBits(count));
    ROCDL::SWaitcntOp::create(rewriter, loc, amd::getLgkmcntWaitBits(0));
    target.barrier(rewriter, loc);
    rewriter.replaceOp(op, createI32Constant(rewriter, loc, 0));
    return success();
  }

  const amd::TargetInfo &target;
};

/// Whether `token` is the result of an async wait on every path: directly,
/// or through block arguments (loops and branches after scf-to-cf) whose
/// every incoming value is.
bool comesFromAsyncWait(Value token, llvm::SmallPtrSetImpl<Value> &visiting) {
  if (Operation *def = token.getDefiningOp())
    return isa<ttg::AsyncWaitOp, triton::amdgpu::AsyncWaitOp>(def);
  auto arg = dyn_cast<BlockArgument>(token);
  if (!arg)
    return false;
  // A cycle adds no value that is not a wait's: assume it while inside it.
  if (!visiting.insert(token).second)
    return true;
  Block *block = arg.getOwner();
  if (block->isEntryBlock())
    return false;
  for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
    auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
    if (!branch)
      return false;
    SuccessorOperands operands =
        branch.getSuccessorOperands(it.getSuccessorIndex());
    Value incoming = operands[arg.getArgNumber()];
    if (!incoming || !comesFromAsyncWait(incoming, visiting))
      return false;
  }
  return true;
}

bool isLocalLoadAfterAsyncWait(Operation *op) {
  auto load = dyn_cast<ttg::LocalLoadOp>(op);
  if (!load || !load.getToken())
    return false;
  llvm::SmallPtrSet<Value, 8> visiting;
  return comesFromAsyncWait(load.getToken(), visiting);
}

} // namespace

bool mlir::triton::amd::isOrderedByAsyncWait(Operation *earlier,
                                             Operation *later) {
  auto isAsyncCopy = [](Operation *op) {
    return isa<ttg::AsyncCopyGlobalToLocalOp,
               triton::amdgpu::BufferLoadToLocalOp>(op);
  };
  if (isAsyncCopy(earlier) == isAsyncCopy(later))
    return false;
  return isLocalLoadAfterAsyncWait(earlier) || isLocalLoadAfterAsyncWait(later);
}

void mlir::triton::amd::populateAsyncCopyOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfo &target, const AccessWidths &widths) {
  patterns.add<AsyncCopyGlobalToLocalOpPattern, BufferLoadToLocalOpPattern>(
      converter, target, widths);
  patterns.add<AMDAsyncWaitOpPattern>(converter, target);
  patterns.add<AsyncCommitGroupOpPattern, AsyncWaitOpPattern>(converter);
}
