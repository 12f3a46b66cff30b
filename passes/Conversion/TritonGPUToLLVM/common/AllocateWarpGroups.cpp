//===- AllocateWarpGroups.cpp - Warps and registers of partitions ---------===//
//
// -tritongpu-allocate-warp-groups: every ttg.warp_specialize gets the warp ids
// its partitions run on (warpGroupStartIds), padded to whole warp groups so
// that every warp of a group can hand registers over with setmaxnreg (which
// acts per warp group), and, where registers were requested, the register
// count each group runs with (actualRegisters). The module learns how many
// warps a program launches (ttg.total-num-warps).
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Conversion/TritonGPUToLLVM/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace triton {
#define GEN_PASS_DEF_TRITONGPUALLOCATEWARPGROUPS
#include "passes/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace triton
} // namespace mlir

using namespace mlir;
namespace ttg = mlir::triton::gpu;

namespace {

constexpr int kWarpGroupSize = 4;
// The register file a program shares, per SM partition of a CTA (sm_90).
constexpr int kRegisterFile = 64 * 1024;
// setmaxnreg's smallest count; a default region left fewer is not worth it.
constexpr int kMinRegisters = 24;
// What a padding partition, which does nothing, asks for.
constexpr int kPaddingRegisters = 16;

int totalPartitionWarps(ttg::WarpSpecializeOp op) {
  int total = 0;
  for (int32_t warps : op.getPartitionNumWarps())
    total += warps;
  return total;
}

/// Appends empty partitions (powers of two, largest first) until the
/// partitions fill `numGroups` warp groups.
void padToWarpGroups(ttg::WarpSpecializeOp op, int numGroups) {
  int missing = numGroups * kWarpGroupSize - totalPartitionWarps(op);
  SmallVector<int32_t> padding;
  while (missing > 0) {
    int size = int(llvm::bit_floor(unsigned(missing)));
    padding.push_back(size);
    missing -= size;
  }
  if (padding.empty())
    return;

  // The partitions op has a fixed number of regions: build a new one that
  // takes the old regions and adds the padding.
  ttg::WarpSpecializePartitionsOp partitions = op.getPartitionOp();
  OperationState state(partitions.getLoc(), partitions->getName());
  for (Region &region : partitions.getPartitionRegions())
    state.addRegion()->takeBody(region);
  OpBuilder builder(op.getContext());
  for (size_t i = 0; i < padding.size(); ++i) {
    Block &body = state.addRegion()->emplaceBlock();
    for (Value capture : op.getExplicitCaptures())
      body.addArgument(capture.getType(), capture.getLoc());
    builder.setInsertionPointToStart(&body);
    ttg::WarpReturnOp::create(builder, op.getLoc());
  }
  builder.setInsertionPoint(partitions);
  builder.create(state);
  partitions.erase();

  SmallVector<int32_t> numWarps(op.getPartitionNumWarps());
  numWarps.append(padding.begin(), padding.end());
  op.setPartitionNumWarps(numWarps);
  if (std::optional<ArrayRef<int32_t>> requested = op.getRequestedRegisters()) {
    SmallVector<int32_t> registers(*requested);
    registers.append(padding.size(), kPaddingRegisters);
    op.setRequestedRegisters(registers);
  }
}

/// Start warp ids: larger partitions first (a stable order among equals),
/// numbered on from the default warps.
SmallVector<int32_t> assignStartIds(ttg::WarpSpecializeOp op,
                                    int defaultWarps) {
  ArrayRef<int32_t> numWarps = op.getPartitionNumWarps();
  SmallVector<unsigned> order = llvm::to_vector(llvm::seq<unsigned>(0, numWarps.size()));
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return numWarps[a] > numWarps[b];
  });
  SmallVector<int32_t> starts(numWarps.size());
  int next = defaultWarps;
  for (unsigned index : order) {
    starts[index] = next;
    next += numWarps[index];
  }
  return starts;
}

/// The registers each warp group of `op` runs with (default warps first), or
/// nothing when the op requests none, its partitions do not fill whole warp
/// groups, or too few registers would be left for the default warps.
std::optional<SmallVector<int32_t>>
assignRegisters(ttg::WarpSpecializeOp op, ArrayRef<int32_t> starts,
                int defaultWarps, int threadsPerWarp, int maxnreg) {
  std::optional<ArrayRef<int32_t>> requested = op.getRequestedRegisters();
  if (!requested || totalPartitionWarps(op) % kWarpGroupSize != 0)
    return std::nullopt;
  ArrayRef<int32_t> numWarps = op.getPartitionNumWarps();

  // Partitions in warp-id order; a new group starts at each multiple of 4.
  SmallVector<unsigned> order = llvm::to_vector(llvm::seq<unsigned>(0, numWarps.size()));
  llvm::sort(order, [&](unsigned a, unsigned b) { return starts[a] < starts[b]; });
  struct Group {
    SmallVector<unsigned> partitions;
    int registers = 0;
    int warps = 0;
  };
  SmallVector<Group> groups;
  for (unsigned index : order) {
    if (groups.empty() || starts[index] % kWarpGroupSize == 0)
      groups.emplace_back();
    Group &group = groups.back();
    group.partitions.push_back(index);
    group.registers =
        std::max<int>(group.registers, llvm::divideCeil((*requested)[index], 8) * 8);
    group.warps += numWarps[index];
  }

  // What the partitions' groups give up (or take) goes to the default warps.
  int64_t budget = int64_t(maxnreg) * defaultWarps * threadsPerWarp;
  for (const Group &group : groups)
    budget += int64_t(maxnreg - group.registers) * group.warps * threadsPerWarp;
  if (budget <= 0)
    return std::nullopt;
  int defaultRegisters = int(budget / (defaultWarps * threadsPerWarp)) / 8 * 8;
  if (defaultRegisters < kMinRegisters)
    return std::nullopt;

  SmallVector<int32_t> actual(1 + numWarps.size());
  actual[0] = defaultRegisters;
  for (const Group &group : groups)
    for (unsigned index : group.partitions)
      actual[1 + index] = group.registers;
  return actual;
}

struct AllocateWarpGroupsPass
    : triton::impl::TritonGPUAllocateWarpGroupsBase<AllocateWarpGroupsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<ttg::WarpSpecializeOp> ops;
    module.walk([&](ttg::WarpSpecializeOp op) { ops.push_back(op); });

    auto intAttr = [&](StringRef name, int fallback) {
      if (auto attr = module->getAttrOfType<IntegerAttr>(name))
        return int(attr.getInt());
      return fallback;
    };
    int defaultWarps = intAttr(ttg::kNumWarpsAttrName, 4);
    int threadsPerWarp = intAttr(ttg::kThreadsPerWarpAttrName, 32);

    // Every op is padded to the warp groups of the largest one: the program
    // launches them all, and all of them must be there to pass registers.
    int maxPartitionWarps = 0;
    for (ttg::WarpSpecializeOp op : ops)
      maxPartitionWarps = std::max(maxPartitionWarps, totalPartitionWarps(op));
    int numGroups = llvm::divideCeil(maxPartitionWarps, kWarpGroupSize);
    int totalWarps = defaultWarps + numGroups * kWarpGroupSize;

    // Registers per thread at launch: the user's ttg.maxnreg, else the
    // register file shared evenly by every warp (a multiple of 8).
    int maxnreg = intAttr("ttg.maxnreg", 0);
    if (maxnreg == 0)
      maxnreg = kRegisterFile / totalWarps / threadsPerWarp / 8 * 8;

    Builder builder(&getContext());
    for (ttg::WarpSpecializeOp op : ops) {
      padToWarpGroups(op, numGroups);
      SmallVector<int32_t> starts = assignStartIds(op, defaultWarps);
      op.setWarpGroupStartIds(starts);
      if (std::optional<SmallVector<int32_t>> actual = assignRegisters(
              op, starts, defaultWarps, threadsPerWarp, maxnreg)) {
        op.setActualRegisters(*actual);
        // ptxas needs the launch count to agree with the setmaxnreg counts.
        module->setAttr("ttg.maxnreg", builder.getI32IntegerAttr(maxnreg));
      }
    }
    module->setAttr("ttg.total-num-warps",
                    builder.getI32IntegerAttr(totalWarps));
  }
};

} // namespace
