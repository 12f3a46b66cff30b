//===- ReduceScanScratchTest.cpp - Known alignment of scratch slots -------===//
//
// getFlatIndexAlignLog2: how many low bits of a thread's flat slot index are
// known to be zero from the layout's lane and warp bases and a register's
// constant. The reduce and scan lowerings put it on their scratch accesses
// so that LLVM's load-store vectorizer can join neighbouring slots.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/common/ReduceScanUtility.h"

#include "gtest/gtest.h"

using namespace mlir;
using mlir::triton::getFlatIndexAlignLog2;
using mlir::triton::gpu::LinearLayout;

namespace {

/// 64 x 128 with 4 registers along the columns, 32 lanes along the columns
/// (4 columns apart) and 4 warps along the rows: a column sum's layout.
LinearLayout columns() {
  std::optional<LinearLayout> layout = LinearLayout::get(
      {{"register", {{0, 1}, {0, 2}, {4, 0}, {8, 0}, {16, 0}, {32, 0}}},
       {"lane", {{0, 4}, {0, 8}, {0, 16}, {0, 32}, {0, 64}}},
       {"warp", {{1, 0}, {2, 0}}},
       {"block", {}}},
      {{"dim0", 64}, {"dim1", 128}});
  EXPECT_TRUE(layout);
  return *layout;
}

TEST(ReduceScanScratchTest, ReducedAxisLeftOut) {
  // Rows reduced: the slot is the column, a multiple of 4 for register 0,
  // of 1 and 2 for registers 1 and 2.
  EXPECT_EQ(getFlatIndexAlignLog2(columns(), 0u, {0}, {128}, false), 2u);
  EXPECT_EQ(getFlatIndexAlignLog2(columns(), 0u, {1}, {128}, false), 0u);
  EXPECT_EQ(getFlatIndexAlignLog2(columns(), 0u, {2}, {128}, false), 1u);
}

TEST(ReduceScanScratchTest, StridesCount) {
  // Columns reduced: the slot is the row; warps move it by 1 and 2.
  EXPECT_EQ(getFlatIndexAlignLog2(columns(), 1u, {0}, {64}, false), 0u);
  // Nothing left out: a row moves the index by 128, a lane by 4 at least.
  EXPECT_EQ(getFlatIndexAlignLog2(columns(), std::nullopt, {0, 0}, {64, 128},
                                  false),
            2u);
  // A constant row of 4 leaves the lanes' 4 the lowest.
  EXPECT_EQ(getFlatIndexAlignLog2(columns(), std::nullopt, {4, 0}, {64, 128},
                                  false),
            2u);
}

TEST(ReduceScanScratchTest, AlwaysZeroAndMismatch) {
  // Lanes and warps that all broadcast leave the index 0 for every thread.
  std::optional<LinearLayout> broadcast = LinearLayout::get(
      {{"register", {{1}, {2}}},
       {"lane", {{0}, {0}, {0}, {0}, {0}}},
       {"warp", {{0}, {0}}}},
      {{"dim0", 4}});
  ASSERT_TRUE(broadcast);
  EXPECT_EQ(getFlatIndexAlignLog2(*broadcast, std::nullopt, {0}, {4}, false),
            31u);
  // A shape that does not match the layout's dimensions says nothing.
  EXPECT_EQ(getFlatIndexAlignLog2(columns(), std::nullopt, {0}, {128}, false),
            0u);
}

} // namespace
