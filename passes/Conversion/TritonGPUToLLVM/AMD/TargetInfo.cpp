//===- TargetInfo.cpp - The AMD answers to the lowering's questions -------===//

#include "passes/Conversion/TritonGPUToLLVM/AMD/TargetInfo.h"
#include "passes/Conversion/TritonGPUToLLVM/AMD/DPP.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::amd;

Value TargetInfo::getThreadId(OpBuilder &b, Location loc) const {
  // The range lets LLVM see that register and thread bits of an index are
  // disjoint, as on NVIDIA.
  auto range = LLVM::ConstantRangeAttr::get(b.getContext(), 32, 0, numThreads);
  return ROCDL::ThreadIdXOp::create(b, loc, b.getI32Type(), range);
}

Value TargetInfo::getProgramId(OpBuilder &b, Location loc, int axis) const {
  Type i32 = b.getI32Type();
  switch (axis) {
  case 0:
    return ROCDL::BlockIdXOp::create(b, loc, i32);
  case 1:
    return ROCDL::BlockIdYOp::create(b, loc, i32);
  default:
    return ROCDL::BlockIdZOp::create(b, loc, i32);
  }
}

Value TargetInfo::getNumPrograms(OpBuilder &b, Location loc, int axis) const {
  // The workgroup count: a call to ockl's __ockl_get_num_groups (a size_t),
  // which reads it from the kernel's implicit arguments (code object v5).
  Type i64 = b.getI64Type();
  Value count;
  switch (axis) {
  case 0:
    count = ROCDL::GridDimXOp::create(b, loc, i64);
    break;
  case 1:
    count = ROCDL::GridDimYOp::create(b, loc, i64);
    break;
  default:
    count = ROCDL::GridDimZOp::create(b, loc, i64);
    break;
  }
  return LLVM::TruncOp::create(b, loc, b.getI32Type(), count);
}

Value TargetInfo::permute(OpBuilder &b, Location loc, Value value,
                          Value lane) const {
  // ds_bpermute addresses lanes in bytes: lane * 4. On gfx9 it reaches all 64
  // lanes of the wave.
  Value address =
      LLVM::ShlOp::create(b, loc, lane, createI32Constant(b, loc, 2));
  return ROCDL::DsBpermuteOp::create(b, loc, b.getI32Type(), address, value);
}

namespace {

using namespace mlir::triton::amd::dpp;

int quadPerm(int l0, int l1, int l2, int l3) {
  return kQuadPerm | l0 | l1 << 2 | l2 << 4 | l3 << 6;
}

/// `value` as the i32 cross-lane operations move (a narrower integer or
/// float sign-extended from its bits), and back.
Value toLaneWord(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  if (!isa<IntegerType>(type))
    value = LLVM::BitcastOp::create(b, loc, b.getIntegerType(bits), value);
  if (bits < 32)
    value = LLVM::SExtOp::create(b, loc, b.getI32Type(), value);
  return value;
}
Value fromLaneWord(OpBuilder &b, Location loc, Value word, Type type) {
  unsigned bits = type.getIntOrFloatBitWidth();
  if (bits < 32)
    word = LLVM::TruncOp::create(b, loc, b.getIntegerType(bits), word);
  if (!isa<IntegerType>(type))
    word = LLVM::BitcastOp::create(b, loc, type, word);
  return word;
}

} // namespace

Value TargetInfo::shuffleXor(OpBuilder &b, Location loc, Value value,
                             int mask) const {
  assert(mask > 0 && mask < 64 && "a lane mask within the wave");
  // Butterflies within a row are DPP moves: one quad permutation for 1 and
  // 2; for 4 and 8, a row shift each way, each written by the banks it
  // serves. Across rows of one half, ds_swizzle's bit mode (lane ^ 16 within
  // 32 lanes) needs no address; beyond, ds_bpermute. (Triton 3.6's choice.)
  switch (mask) {
  case 1:
    return dpp::move(b, loc, value, value, quadPerm(1, 0, 3, 2), kAllRows,
                     kAllBanks, false);
  case 2:
    return dpp::move(b, loc, value, value, quadPerm(2, 3, 0, 1), kAllRows,
                     kAllBanks, false);
  case 4:
  case 8: {
    // Banks 1 and 3 (4) or 2 and 3 (8) read from below, the others above.
    int below = mask == 4 ? 0xA : 0xC;
    Value down = dpp::move(b, loc, value, value, kRowShr + mask, kAllRows,
                           below, false);
    return dpp::move(b, loc, down, value, kRowShl + mask, kAllRows,
                     kAllBanks & ~below, false);
  }
  case 16:
    // Bit mode: and_mask 0x1F, or_mask 0, xor_mask 0x10.
    return ROCDL::DsSwizzleOp::create(b, loc, b.getI32Type(), value,
                                      createI32Constant(b, loc, 0x401F));
  default:
    break;
  }
  Value laneMask = createI32Constant(b, loc, 63);
  Value lane = LLVM::AndOp::create(b, loc, getThreadId(b, loc), laneMask);
  Value source =
      LLVM::XOrOp::create(b, loc, lane, createI32Constant(b, loc, mask));
  return permute(b, loc, value, source);
}

Value TargetInfo::reduceWarp(OpBuilder &b, Location loc, Value value,
                             Operation *combiner) const {
  // The whole wave in DPP steps (Triton 3.6's): row_shr 8, 4, 2, 1 leave
  // each row's reduction in its lane 15; row_bcast:15 (rows 1 and 3) and
  // row_bcast:31 carry it up to lane 63, which readlane hands to every lane.
  // The other lanes combine with values (or zeros) that never reach lane
  // 63.
  Type type = value.getType();
  if (combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      combiner->getOperand(0).getType() != type || !type.isIntOrFloat() ||
      type.getIntOrFloatBitWidth() > 32)
    return {};
  bool f32 = type.isF32();
  auto step = [&](Value acc, int control, int rowMask) {
    Value word = f32 ? acc : toLaneWord(b, loc, acc);
    Value moved =
        dpp::move(b, loc, word, word, control, rowMask, kAllBanks, true);
    if (!f32)
      moved = fromLaneWord(b, loc, moved, type);
    IRMapping mapping;
    mapping.map(combiner->getOperand(0), acc);
    mapping.map(combiner->getOperand(1), moved);
    return b.clone(*combiner, mapping)->getResult(0);
  };
  Value acc = value;
  for (int shift : {8, 4, 2, 1})
    acc = step(acc, kRowShr + shift, kAllRows);
  acc = step(acc, kRowBcast15, 0xA);
  acc = step(acc, kRowBcast31, kAllRows);
  Value word = toLaneWord(b, loc, acc);
  Value last = ROCDL::ReadlaneOp::create(b, loc, word.getType(), word,
                                         createI32Constant(b, loc, 63));
  return fromLaneWord(b, loc, last, type);
}

Value TargetInfo::shuffleIdx(OpBuilder &b, Location loc, Value value,
                             Value lane) const {
  return permute(b, loc, value, lane);
}

void TargetInfo::barrier(OpBuilder &b, Location loc) const {
  // s_barrier alone orders execution, not memory: rocdl.barrier is HIP's
  // __syncthreads, s_barrier between workgroup-scope release and acquire
  // fences, which make LLVM wait for this thread's LDS (and global) accesses
  // before it and keep later ones after it (Triton 3.6 emits this op).
  ROCDL::BarrierOp::create(b, loc);
}

void TargetInfo::markKernel(LLVM::LLVMFuncOp func, int numThreads) const {
  MLIRContext *context = func.getContext();
  func->setAttr(ROCDL::ROCDLDialect::getKernelFuncAttrName(),
                UnitAttr::get(context));
  // Triton launches exactly num-warps * 64 threads; the backend budgets
  // registers for at most that many.
  func->setAttr(ROCDL::ROCDLDialect::getFlatWorkGroupSizeAttrName(),
                StringAttr::get(context, "1," + std::to_string(numThreads)));
}
