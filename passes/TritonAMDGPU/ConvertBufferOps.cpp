//===- ConvertBufferOps.cpp - Loads and stores as AMD buffer ops ----------===//
//
// A buffer instruction addresses memory as a scalar base (held in a buffer
// resource) plus a per-lane unsigned 32-bit byte offset. A tt.load or
// tt.store whose pointers are a splatted scalar pointer plus a tensor of i32
// offsets becomes amdg.buffer_load / amdg.buffer_store when the offsets are
// provably non-negative and their byte offsets fit in 31 bits; out-of-range
// lanes then cannot wrap to another address. Anything else stays as it is.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "passes/TritonAMDGPU/OffsetRange.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonAMDGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"

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

/// The scalar base and the offsets of `ptr` = addptr(splat(base), offsets)
/// when they qualify for a buffer access of `elementBytes`-byte elements.
std::optional<std::pair<Value, Value>> getBufferAddress(Value ptr,
                                                        int64_t elementBytes) {
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
  std::optional<SignedRange> range = getSignedRange(offsets);
  if (!range || range->lo < 0 || range->hi > INT32_MAX / elementBytes)
    return std::nullopt;
  return std::make_pair(splat.getSrc(), offsets);
}

int64_t getElementBytes(Type tensor) {
  Type element = getElementTypeOrSelf(tensor);
  if (auto pointer = dyn_cast<PointerType>(element))
    element = pointer.getPointeeType();
  if (!element.isIntOrFloat())
    return 0;
  return std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
}

/// Rewrites `load` into a buffer load; returns whether it did.
bool convertLoad(LoadOp load) {
  // Volatile accesses and block pointers keep their own lowering.
  if (load.getIsVolatile() || !isa<RankedTensorType>(load.getPtr().getType()))
    return false;
  int64_t bytes = getElementBytes(load.getType());
  if (bytes == 0)
    return false;
  auto address = getBufferAddress(load.getPtr(), bytes);
  if (!address)
    return false;
  OpBuilder b(load);
  auto buffer = BufferLoadOp::create(
      b, load.getLoc(), load.getType(), address->first, address->second,
      /*stride=*/Value(), load.getCache(), load.getMask(), load.getOther());
  load.replaceAllUsesWith(buffer.getResult());
  load.erase();
  return true;
}

/// Rewrites `store` into a buffer store; returns whether it did.
bool convertStore(StoreOp store) {
  if (!isa<RankedTensorType>(store.getPtr().getType()))
    return false;
  int64_t bytes = getElementBytes(store.getValue().getType());
  if (bytes == 0)
    return false;
  auto address = getBufferAddress(store.getPtr(), bytes);
  if (!address)
    return false;
  OpBuilder b(store);
  BufferStoreOp::create(b, store.getLoc(), store.getValue(), address->first,
                        address->second,
                        /*stride=*/Value(), store.getCache(), store.getMask());
  store.erase();
  return true;
}

/// Buffer instructions exist on the CDNA GPUs targeted here.
bool hasBufferOps(StringRef arch) {
  return arch == "gfx90a" || arch == "gfx942";
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
    // Collect first: the rewrites erase the ops.
    SmallVector<Operation *> accesses;
    module.walk([&](Operation *op) {
      if (isa<LoadOp, StoreOp>(op))
        accesses.push_back(op);
    });
    for (Operation *op : accesses) {
      if (auto load = dyn_cast<LoadOp>(op))
        convertLoad(load);
      else
        convertStore(cast<StoreOp>(op));
    }
  }
};

} // namespace
