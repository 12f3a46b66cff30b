//===- LinearLayoutConversionsTest.cpp - Encodings as linear layouts ------===//
//
// The linear layouts of the encodings the corpus uses, checked against the
// bases Triton 3.6 computes for them.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutCache.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

#include <atomic>
#include <thread>

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {
using Bases = std::vector<LinearLayout::Basis>;

class LinearLayoutConversionsTest : public ::testing::Test {
protected:
  LinearLayoutConversionsTest() { context.loadDialect<TritonGPUDialect>(); }

  std::optional<LinearLayout> convert(ArrayRef<int64_t> shape, StringRef text) {
    Attribute encoding = parseAttribute(text, &context);
    EXPECT_TRUE(encoding) << text.str();
    return toLinearLayout(shape, encoding);
  }

  static void expectBases(const LinearLayout &layout, StringRef dim,
                          Bases bases) {
    EXPECT_EQ(layout.getBases(dim), ArrayRef<LinearLayout::Basis>(bases))
        << dim.str() << " of " << layout.toString();
  }

  MLIRContext context;
};

constexpr StringLiteral kBlocked2D =
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
    "warpsPerCTA = [4, 1], order = [1, 0]}>";

TEST_F(LinearLayoutConversionsTest, BlockedTile) {
  std::optional<LinearLayout> layout = convert({32, 16}, kBlocked2D);
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {{0, 1}, {0, 2}});
  expectBases(*layout, "lane", {{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}});
  expectBases(*layout, "warp", {{8, 0}, {16, 0}});
  expectBases(*layout, "block", {});
  EXPECT_EQ(layout->getOutDimNames(),
            (SmallVector<std::string>{"dim0", "dim1"}));
  EXPECT_TRUE(layout->isInvertible());
}

TEST_F(LinearLayoutConversionsTest, BlockedRepeatsInRegisters) {
  std::optional<LinearLayout> layout = convert({64, 32}, kBlocked2D);
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {{0, 1}, {0, 2}, {0, 16}, {32, 0}});
  EXPECT_TRUE(layout->isInvertible());
}

TEST_F(LinearLayoutConversionsTest, BlockedBroadcastsWhenLarger) {
  std::optional<LinearLayout> layout = convert({16, 16}, kBlocked2D);
  ASSERT_TRUE(layout);
  expectBases(*layout, "warp", {{8, 0}, {0, 0}});
  EXPECT_TRUE(layout->isSurjective());
  EXPECT_FALSE(layout->isInjective());
}

TEST_F(LinearLayoutConversionsTest, Blocked1D) {
  std::optional<LinearLayout> layout = convert(
      {1024}, "#ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], "
              "warpsPerCTA = [4], order = [0]}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {{1}, {2}, {512}});
  expectBases(*layout, "lane", {{4}, {8}, {16}, {32}, {64}});
  expectBases(*layout, "warp", {{128}, {256}});
}

TEST_F(LinearLayoutConversionsTest, BlockedWithCGALayout) {
  // Two CTAs split dim1: each holds a 128x32 half.
  std::optional<LinearLayout> layout =
      convert({128, 64},
              "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], "
              "warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[0, 1]]}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "block", {{0, 32}});
  expectBases(*layout, "lane", {{0, 8}, {0, 16}, {0, 0}, {0, 0}, {1, 0}});
  EXPECT_EQ(layout->getOutDimSize("dim0"), 128);
  EXPECT_EQ(layout->getOutDimSize("dim1"), 64);
  EXPECT_TRUE(layout->isSurjective());
}

TEST_F(LinearLayoutConversionsTest, BlockedWithBroadcastCGALayout) {
  std::optional<LinearLayout> layout =
      convert({64, 64},
              "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
              "warpsPerCTA = [8, 1], order = [1, 0], CGALayout = [[0, 0]]}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "block", {{0, 0}});
  EXPECT_TRUE(layout->isSurjective());
}

TEST_F(LinearLayoutConversionsTest, SliceDropsADimension) {
  std::optional<LinearLayout> layout =
      convert({32}, "#ttg.slice<{dim = 1, parent = " + kBlocked2D.str() + "}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {});
  expectBases(*layout, "lane", {{0}, {0}, {1}, {2}, {4}});
  expectBases(*layout, "warp", {{8}, {16}});
  std::optional<LinearLayout> rows =
      convert({16}, "#ttg.slice<{dim = 0, parent = " + kBlocked2D.str() + "}>");
  ASSERT_TRUE(rows);
  expectBases(*rows, "register", {{1}, {2}});
  expectBases(*rows, "lane", {{4}, {8}, {0}, {0}, {0}});
  expectBases(*rows, "warp", {{0}, {0}});
}

TEST_F(LinearLayoutConversionsTest, AmpereMma) {
  std::optional<LinearLayout> layout =
      convert({64, 8}, "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                       "warpsPerCTA = [4, 1], instrShape = [16, 8]}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {{0, 1}, {8, 0}});
  expectBases(*layout, "lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}});
  expectBases(*layout, "warp", {{16, 0}, {32, 0}});
  EXPECT_TRUE(layout->isInvertible());
}

TEST_F(LinearLayoutConversionsTest, HopperMma) {
  std::optional<LinearLayout> layout =
      convert({64, 64}, "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
                        "warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}});
  expectBases(*layout, "warp", {{16, 0}, {32, 0}});
  EXPECT_TRUE(layout->isInvertible());
}

TEST_F(LinearLayoutConversionsTest, AmpereDotOperandA) {
  std::optional<LinearLayout> layout =
      convert({16, 16},
              "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor "
              "= 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, "
              "8]}>, kWidth = 2}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {{0, 1}, {8, 0}, {0, 8}});
  expectBases(*layout, "lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}});
  expectBases(*layout, "warp", {{0, 0}, {0, 0}});
}

TEST_F(LinearLayoutConversionsTest, AmpereDotOperandB) {
  std::optional<LinearLayout> layout = convert(
      {16, 8}, "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor "
               "= 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, "
               "8]}>, kWidth = 2}>");
  ASSERT_TRUE(layout);
  // K (dim0) is contiguous: pairs of registers along K, lanes 0-3 along K.
  expectBases(*layout, "register", {{1, 0}, {8, 0}});
  expectBases(*layout, "lane", {{2, 0}, {4, 0}, {0, 1}, {0, 2}, {0, 4}});
  EXPECT_TRUE(layout->isSurjective());
}

TEST_F(LinearLayoutConversionsTest, FmaDotOperand) {
  std::optional<LinearLayout> layout = convert(
      {32, 8}, "#ttg.dot_op<{opIdx = 0, parent = " + kBlocked2D.str() + "}>");
  ASSERT_TRUE(layout);
  // Each thread holds the whole K extent (dim1) of its rows.
  expectBases(*layout, "register", {{0, 1}, {0, 2}, {0, 4}});
  expectBases(*layout, "lane", {{0, 0}, {0, 0}, {1, 0}, {2, 0}, {4, 0}});
}

TEST_F(LinearLayoutConversionsTest, LinearKeepsItsBases) {
  std::optional<LinearLayout> layout = convert(
      {32, 32}, "#ttg.linear<{register = [[0, 1], [0, 2], [0, 16], [8, 0], "
                "[16, 0]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], "
                "warp = [[0, 0], [0, 0]], block = []}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {{0, 1}, {0, 2}, {0, 16}, {8, 0}, {16, 0}});
  EXPECT_TRUE(layout->isSurjective());
}

TEST_F(LinearLayoutConversionsTest, LinearFitsOtherShapes) {
  // As Triton fits a linear layout to a tensor's shape: a lane or warp
  // component beyond a smaller dimension becomes 0 (that element repeats), a
  // register one is dropped (a register holding a copy would be wasted), and
  // registers repeat the spanned tile along a larger one.
  std::optional<LinearLayout> layout = convert(
      {16, 8}, "#ttg.linear<{register = [[0, 1], [16, 0]], lane = [[1, 0]], "
               "warp = [], block = []}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "register",
              {{0, 1}, {2, 0}, {4, 0}, {8, 0}, {0, 2}, {0, 4}});
  expectBases(*layout, "lane", {{1, 0}});
  // A slice of it takes it at size 1 along the sliced dimension.
  std::optional<LinearLayout> slice =
      convert({8}, "#ttg.slice<{dim = 0, parent = #ttg.linear<{register = [[0, "
                   "1], [16, 0]], "
                   "lane = [[1, 0]], warp = [], block = []}>}>");
  ASSERT_TRUE(slice);
  expectBases(*slice, "register", {{1}, {2}, {4}});
  expectBases(*slice, "lane", {{0}});
}

TEST_F(LinearLayoutConversionsTest, SwizzledShared) {
  std::optional<LinearLayout> layout = convert(
      {8, 64}, "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
               "order = [1, 0]}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "offset",
              {{0, 1},
               {0, 2},
               {0, 4},
               {0, 8},
               {0, 16},
               {0, 32},
               {1, 8},
               {2, 16},
               {4, 32}});
  EXPECT_TRUE(layout->isInvertible());
  // The swizzle: element (1, 0) lives at offset 64 + 8.
  std::optional<LinearLayout> inverse = layout->invert();
  ASSERT_TRUE(inverse);
  LinearLayout::Point offset = inverse->apply({{"dim0", 1}, {"dim1", 8}});
  EXPECT_EQ(offset[0].second, 64);
}

TEST_F(LinearLayoutConversionsTest, AMDRotatingShared) {
  // 8 rows of 4: the XOR each row's elements get is its phase (row % 4)
  // XORed with its block of 4 rows (row / 4), the table of Triton 3.6's
  // description of the layout.
  std::optional<LinearLayout> layout = convert(
      {8, 4}, "#ttg.amd_rotating_shared<{vec = 1, perPhase = 1, maxPhase = 4, "
              "order = [1, 0]}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "offset", {{0, 1}, {0, 2}, {1, 1}, {2, 2}, {4, 1}});
  std::optional<LinearLayout> inverse = layout->invert();
  ASSERT_TRUE(inverse);
  const int32_t rowXor[8] = {0, 1, 2, 3, 1, 0, 3, 2};
  for (int32_t row = 0; row < 8; ++row)
    for (int32_t col = 0; col < 4; ++col) {
      LinearLayout::Point offset =
          inverse->apply({{"dim0", row}, {"dim1", col}});
      EXPECT_EQ(offset[0].second, row * 4 + (col ^ rowXor[row]))
          << "element (" << row << ", " << col << ")";
    }
}

TEST_F(LinearLayoutConversionsTest, DistributedToSharedConversion) {
  // Where each register of a blocked tensor goes in a swizzled buffer.
  std::optional<LinearLayout> regs = convert({32, 16}, kBlocked2D);
  std::optional<LinearLayout> shared = convert(
      {32, 16}, "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, "
                "order = [1, 0]}>");
  ASSERT_TRUE(regs && shared);
  std::optional<LinearLayout> toOffsets =
      regs->invertAndCompose(shared->transposeIns({"offset", "block"}));
  ASSERT_TRUE(toOffsets);
  EXPECT_EQ(toOffsets->getOutDimNames(),
            (SmallVector<std::string>{"offset", "block"}));
  // Registers 0..3 of thread 0 hold a contiguous vector of row 0.
  expectBases(*toOffsets, "register", {{1, 0}, {2, 0}});
}

TEST_F(LinearLayoutConversionsTest, AmdMfma32x32) {
  std::optional<LinearLayout> layout =
      convert({64, 64},
              "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = "
              "[32, 32, 8], isTransposed = false}>");
  ASSERT_TRUE(layout);
  // Four consecutive rows per register group, a gap of four rows between.
  expectBases(*layout, "register", {{1, 0}, {2, 0}, {8, 0}, {16, 0}});
  expectBases(*layout, "lane",
              {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {4, 0}});
  expectBases(*layout, "warp", {{0, 32}, {32, 0}});
  EXPECT_TRUE(layout->isInvertible());
}

TEST_F(LinearLayoutConversionsTest, AmdMfmaTransposed16x16) {
  std::optional<LinearLayout> layout =
      convert({16, 16},
              "#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], instrShape = "
              "[16, 16, 16], isTransposed = true}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {{0, 1}, {0, 2}});
  expectBases(*layout, "lane",
              {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 4}, {0, 8}});
}

// The corpus gfx942 matmul's operands: each lane holds kWidth = 4
// consecutive K of one row of A (column of B), rows over lanes 0-31, the two
// K groups over lane 32; registers repeat along K, then along the non-K
// dimension past the two warps; warps broadcast along K.
constexpr StringLiteral kCorpusMfma = "#ttg.amd_mfma<{version = 3, warpsPerCTA "
                                      "= [2, 2], instrShape = [32, 32, 8], "
                                      "isTransposed = true}>";

TEST_F(LinearLayoutConversionsTest, AmdMfmaOperandA) {
  std::optional<LinearLayout> layout =
      convert({128, 64}, ("#ttg.dot_op<{opIdx = 0, parent = " + kCorpusMfma +
                          ", kWidth = 4}>")
                             .str());
  ASSERT_TRUE(layout);
  expectBases(*layout, "register",
              {{0, 1}, {0, 2}, {0, 8}, {0, 16}, {0, 32}, {64, 0}});
  expectBases(*layout, "lane",
              {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 4}});
  expectBases(*layout, "warp", {{0, 0}, {32, 0}});
}

TEST_F(LinearLayoutConversionsTest, AmdMfmaOperandB16x16) {
  // 16x16 instructions: rows over lanes 0-15, four K groups of kWidth = 8
  // (a tile of K 32, repeated once in registers).
  std::optional<LinearLayout> layout =
      convert({64, 32}, "#ttg.dot_op<{opIdx = 1, parent = "
                        "#ttg.amd_mfma<{version = 3, warpsPerCTA = "
                        "[1, 2], instrShape = [16, 16, 16], isTransposed = "
                        "false}>, kWidth = 8}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {{1, 0}, {2, 0}, {4, 0}, {32, 0}});
  expectBases(*layout, "lane",
              {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {8, 0}, {16, 0}});
  expectBases(*layout, "warp", {{0, 16}});
}

// The 16-block 4x4 instructions as a 4x64 tile (untransposed: registers
// along M, lanes along N) and a 64x4 tile (transposed: lanes along M). The
// narrow operand holds its 4 rows over lanes 0-3 and 16 K groups over the
// others; the 64-wide one its 64 rows over the lanes and, in registers,
// the 16 groups' K runs.
TEST_F(LinearLayoutConversionsTest, AmdMfma4x64) {
  constexpr StringLiteral mma = "#ttg.amd_mfma<{version = 3, warpsPerCTA = "
                                "[1, 1], instrShape = [4, 64, 64], "
                                "isTransposed = false}>";
  std::optional<LinearLayout> result = convert({4, 64}, mma);
  ASSERT_TRUE(result);
  expectBases(*result, "register", {{1, 0}, {2, 0}});
  expectBases(*result, "lane",
              {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}});
  std::optional<LinearLayout> a = convert(
      {4, 64},
      ("#ttg.dot_op<{opIdx = 0, parent = " + mma + ", kWidth = 4}>").str());
  ASSERT_TRUE(a);
  expectBases(*a, "register", {{0, 1}, {0, 2}});
  expectBases(*a, "lane", {{1, 0}, {2, 0}, {0, 4}, {0, 8}, {0, 16}, {0, 32}});
  std::optional<LinearLayout> b = convert(
      {64, 64},
      ("#ttg.dot_op<{opIdx = 1, parent = " + mma + ", kWidth = 4}>").str());
  ASSERT_TRUE(b);
  expectBases(*b, "register",
              {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}});
  expectBases(*b, "lane", {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}});
}

TEST_F(LinearLayoutConversionsTest, AmdMfma64x4Transposed) {
  std::optional<LinearLayout> layout =
      convert({64, 8}, "#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1], "
                       "instrShape = [64, 4, 64], isTransposed = true}>");
  ASSERT_TRUE(layout);
  expectBases(*layout, "register", {{0, 1}, {0, 2}, {0, 4}});
  expectBases(*layout, "lane",
              {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}});
}

TEST_F(LinearLayoutConversionsTest, UnsupportedInputs) {
  EXPECT_FALSE(convert({24, 16}, kBlocked2D));
  EXPECT_FALSE(convert({32}, kBlocked2D));
  EXPECT_FALSE(convert({32, 32},
                       "#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, "
                       "2], instrShape = [32, 32, 8], isTransposed = true, "
                       "elementBitWidth = 64}>"));
  EXPECT_FALSE(convert({32, 32},
                       "#ttg.amd_wmma<{version = 2, isTranspose = false, "
                       "ctaLayout = {warp = [[0, 1], [1, 0]]}}>"));
}
} // namespace

namespace {
class DefaultLayoutTest : public ::testing::Test {
protected:
  DefaultLayoutTest() { context.loadDialect<TritonGPUDialect>(); }
  std::string layoutOf(ArrayRef<int64_t> shape, unsigned numWarps,
                       unsigned threadsPerWarp, unsigned numCTAs) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << getDefaultBlockedEncoding(&context, shape, numWarps, threadsPerWarp,
                                    numCTAs);
    return text;
  }
  MLIRContext context;
};

TEST_F(DefaultLayoutTest, SpreadsLanesFromTheFastestDimension) {
  EXPECT_EQ(layoutOf({128, 64}, 4, 32, 1),
            "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
            "warpsPerCTA = [2, 2], order = [1, 0]}>");
  EXPECT_EQ(layoutOf({1024}, 4, 64, 1),
            "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], "
            "warpsPerCTA = [4], order = [0]}>");
  EXPECT_EQ(layoutOf({64, 4}, 4, 32, 1),
            "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], "
            "warpsPerCTA = [4, 1], order = [1, 0]}>");
}

TEST_F(DefaultLayoutTest, SplitsDim0OverCTAs) {
  EXPECT_EQ(layoutOf({1024}, 4, 32, 2),
            "#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], "
            "warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>");
}
} // namespace

namespace {
TEST_F(LinearLayoutConversionsTest, NvmmaShared128BSwizzle) {
  std::optional<LinearLayout> layout = convert(
      {16, 64}, "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = "
                "false, elementBitWidth = 16}>");
  ASSERT_TRUE(layout);
  // 64 halves per 128-byte row; rows XOR their index into the 16-byte vectors.
  expectBases(*layout, "offset",
              {{0, 1},
               {0, 2},
               {0, 4},
               {0, 8},
               {0, 16},
               {0, 32},
               {1, 8},
               {2, 16},
               {4, 32},
               {8, 0}});
  EXPECT_TRUE(layout->isInvertible());
}

TEST_F(LinearLayoutConversionsTest, NvmmaShared64BSwizzle) {
  // 64-byte rows: two rows per 128-byte line share a phase.
  std::optional<LinearLayout> layout = convert(
      {8, 32}, "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = "
               "false, elementBitWidth = 16}>");
  ASSERT_TRUE(layout);
  expectBases(
      *layout, "offset",
      {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 8}, {4, 16}});
  EXPECT_TRUE(layout->isInvertible());
}

TEST_F(LinearLayoutConversionsTest, NvmmaSharedRepeatsTheTmaBox) {
  // A 64x256 f16 buffer is four 64x64 boxes side by side.
  std::optional<LinearLayout> layout = convert(
      {64, 256}, "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = "
                 "false, elementBitWidth = 16}>");
  ASSERT_TRUE(layout);
  ArrayRef<LinearLayout::Basis> offsets = layout->getBases("offset");
  ASSERT_EQ(offsets.size(), 14u);
  EXPECT_EQ(offsets[12], (LinearLayout::Basis{0, 64}));
  EXPECT_EQ(offsets[13], (LinearLayout::Basis{0, 128}));
  EXPECT_TRUE(layout->isInvertible());
}

TEST_F(LinearLayoutConversionsTest, NvmmaSharedTransposed) {
  std::optional<LinearLayout> layout = convert(
      {64, 8}, "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = "
               "true, elementBitWidth = 16}>");
  ASSERT_TRUE(layout);
  // dim0 is contiguous.
  expectBases(*layout, "offset",
              {{1, 0},
               {2, 0},
               {4, 0},
               {8, 0},
               {16, 0},
               {32, 0},
               {8, 1},
               {16, 2},
               {32, 4}});
  EXPECT_FALSE(convert({64, 16}, "#ttg.nvmma_shared<{swizzlingByteWidth = 128, "
                                 "transposed = false, elementBitWidth = 16}>"));
}

// The results are kept per encoding and shape (LinearLayoutCache.h): asked
// again, in any order, each shape gets its own layout, and shapes without one
// stay without.
TEST_F(LinearLayoutConversionsTest, CachedPerShape) {
  Attribute encoding = parseAttribute(kBlocked2D, &context);
  LinearLayoutCache &cache =
      context.getLoadedDialect<TritonGPUDialect>()->getLinearLayoutCache();
  EXPECT_FALSE(cache.find({32, 16}, encoding));
  std::optional<LinearLayout> small = toLinearLayout({32, 16}, encoding);
  std::optional<LinearLayout> large = toLinearLayout({64, 32}, encoding);
  ASSERT_TRUE(small && large);
  EXPECT_FALSE(*small == *large);
  std::optional<std::optional<LinearLayout>> kept =
      cache.find({32, 16}, encoding);
  ASSERT_TRUE(kept && *kept);
  EXPECT_TRUE(**kept == *small);
  for (int round = 0; round < 2; ++round) {
    std::optional<LinearLayout> again = toLinearLayout({64, 32}, encoding);
    ASSERT_TRUE(again);
    EXPECT_TRUE(*again == *large);
    expectBases(*again, "register", {{0, 1}, {0, 2}, {0, 16}, {32, 0}});
    again = toLinearLayout({32, 16}, encoding);
    ASSERT_TRUE(again);
    expectBases(*again, "register", {{0, 1}, {0, 2}});
  }
  // Not a power of two, and the wrong rank: no layout, cached or not.
  EXPECT_FALSE(toLinearLayout({48, 16}, encoding));
  EXPECT_FALSE(toLinearLayout({32, 16, 2}, encoding));
  EXPECT_FALSE(toLinearLayout({32}, encoding));
}

// Passes run on several functions at once share the context's results.
TEST_F(LinearLayoutConversionsTest, CachedAcrossThreads) {
  SmallVector<Attribute> encodings = {
      parseAttribute(kBlocked2D, &context),
      parseAttribute("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed "
                     "= false, elementBitWidth = 16}>",
                     &context),
      parseAttribute("#ttg.slice<{dim = 1, parent = #ttg.blocked<{"
                     "sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
                     "warpsPerCTA = [4, 1], order = [1, 0]}>}>",
                     &context)};
  SmallVector<SmallVector<int64_t>> shapes = {{64, 64}, {64, 256}, {64}};
  // Computed in a context of its own, where nothing is kept yet.
  MLIRContext fresh;
  fresh.loadDialect<TritonGPUDialect>();
  SmallVector<std::optional<LinearLayout>> expected;
  for (auto [encoding, shape] : llvm::zip(encodings, shapes)) {
    std::string text;
    llvm::raw_string_ostream(text) << encoding;
    expected.push_back(toLinearLayout(shape, parseAttribute(text, &fresh)));
    ASSERT_TRUE(expected.back()) << text;
  }
  std::vector<std::thread> threads;
  std::atomic<int> mismatches = 0;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        size_t k = (i + t) % encodings.size();
        std::optional<LinearLayout> layout =
            toLinearLayout(shapes[k], encodings[k]);
        if (!layout || !(*layout == *expected[k]))
          ++mismatches;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(mismatches.load(), 0);
}
} // namespace
