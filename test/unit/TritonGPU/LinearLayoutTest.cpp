//===- LinearLayoutTest.cpp - Unit tests of LinearLayout ------------------===//

#include "dialects/TritonGPU/IR/LinearLayout.h"

#include "gtest/gtest.h"

using namespace mlir::triton::gpu;

namespace {
using Bases = std::vector<LinearLayout::Basis>;
using Outs = std::vector<LinearLayout::OutDim>;

TEST(LinearLayoutTest, Identity1D) {
  LinearLayout layout = LinearLayout::identity1D(8, "lane", "dim0");
  EXPECT_EQ(layout.getBases("lane"),
            llvm::ArrayRef<LinearLayout::Basis>(Bases{{1}, {2}, {4}}));
  EXPECT_EQ(layout.getOutDimSize("dim0"), 8);
  EXPECT_TRUE(layout.isInvertible());
}

TEST(LinearLayoutTest, Zeros1DBroadcasts) {
  LinearLayout layout = LinearLayout::zeros1D(4, "warp", "dim1");
  EXPECT_EQ(layout.getInDimSize("warp"), 4);
  EXPECT_EQ(layout.getOutDimSize("dim1"), 1);
  EXPECT_TRUE(layout.isSurjective());
  EXPECT_FALSE(layout.isInjective());
}

TEST(LinearLayoutTest, ProductStacksSharedOutputsAbove) {
  LinearLayout layout = LinearLayout::identity1D(4, "register", "dim0") *
                        LinearLayout::identity1D(8, "lane", "dim0") *
                        LinearLayout::identity1D(2, "lane", "dim1");
  EXPECT_EQ(layout.getOutDimSize("dim0"), 32);
  EXPECT_EQ(layout.getOutDimSize("dim1"), 2);
  EXPECT_EQ(layout.getBases("register"),
            llvm::ArrayRef<LinearLayout::Basis>(Bases{{1, 0}, {2, 0}}));
  EXPECT_EQ(layout.getBases("lane"), llvm::ArrayRef<LinearLayout::Basis>(Bases{
                                         {4, 0}, {8, 0}, {16, 0}, {0, 1}}));
}

TEST(LinearLayoutTest, ApplyXorsBases) {
  std::optional<LinearLayout> layout = LinearLayout::get(
      {{"offset", {{0, 1}, {1, 2}}}}, Outs{{"dim0", 2}, {"dim1", 4}});
  ASSERT_TRUE(layout);
  LinearLayout::Point out = layout->apply({{"offset", 3}});
  EXPECT_EQ(out[0].second, 1);
  EXPECT_EQ(out[1].second, 3);
}

TEST(LinearLayoutTest, GetRejectsBadBases) {
  EXPECT_FALSE(LinearLayout::get({{"lane", {{8}}}}, Outs{{"dim0", 4}}));
  EXPECT_FALSE(LinearLayout::get({{"lane", {{1, 0}}}}, Outs{{"dim0", 4}}));
  EXPECT_FALSE(LinearLayout::get({{"lane", {{1}}}}, Outs{{"dim0", 3}}));
}

TEST(LinearLayoutTest, InferredOutputSizes) {
  std::vector<std::string> names = {"dim0", "dim1"};
  std::optional<LinearLayout> layout =
      LinearLayout::getWithInferredSizes({{"block", {{0, 4}}}}, names);
  ASSERT_TRUE(layout);
  EXPECT_EQ(layout->getOutDimSize("dim0"), 1);
  EXPECT_EQ(layout->getOutDimSize("dim1"), 8);
}

TEST(LinearLayoutTest, ComposeAppliesOuterAfterInner) {
  // A swizzle of a 4x4 tile, then a transpose of it.
  std::optional<LinearLayout> swizzle =
      LinearLayout::get({{"offset", {{0, 1}, {0, 2}, {1, 1}, {2, 2}}}},
                        Outs{{"dim0", 4}, {"dim1", 4}});
  std::optional<LinearLayout> transpose = LinearLayout::get(
      {{"dim0", {{0, 1}, {0, 2}}}, {"dim1", {{1, 0}, {2, 0}}}},
      Outs{{"dim0", 4}, {"dim1", 4}});
  ASSERT_TRUE(swizzle && transpose);
  std::optional<LinearLayout> composed = swizzle->compose(*transpose);
  ASSERT_TRUE(composed);
  for (int32_t offset = 0; offset < 16; ++offset) {
    LinearLayout::Point inner = swizzle->apply({{"offset", offset}});
    LinearLayout::Point outer = transpose->apply(
        {{inner[0].first, inner[0].second}, {inner[1].first, inner[1].second}});
    EXPECT_EQ(composed->apply({{"offset", offset}}), outer);
  }
}

TEST(LinearLayoutTest, ComposeRejectsTooSmallOuter) {
  LinearLayout inner = LinearLayout::identity1D(8, "lane", "dim0");
  LinearLayout outer = LinearLayout::identity1D(4, "dim0", "x");
  EXPECT_FALSE(inner.compose(outer));
}

TEST(LinearLayoutTest, InvertRoundTrips) {
  std::optional<LinearLayout> layout =
      LinearLayout::get({{"register", {{0, 1}, {8, 0}}},
                         {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                         {"warp", {{16, 0}}}},
                        Outs{{"dim0", 32}, {"dim1", 8}});
  ASSERT_TRUE(layout && layout->isInvertible());
  std::optional<LinearLayout> inverse = layout->invert();
  ASSERT_TRUE(inverse);
  EXPECT_EQ(inverse->getInDimNames(),
            (llvm::SmallVector<std::string>{"dim0", "dim1"}));
  EXPECT_EQ(inverse->getOutDimSize("lane"), 32);
  for (int32_t reg = 0; reg < 4; ++reg)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t warp = 0; warp < 2; ++warp) {
        LinearLayout::Point out =
            layout->apply({{"register", reg}, {"lane", lane}, {"warp", warp}});
        LinearLayout::Point back = inverse->apply(out);
        EXPECT_EQ(back,
                  (LinearLayout::Point{
                      {"register", reg}, {"lane", lane}, {"warp", warp}}));
      }
  std::optional<LinearLayout> identity = layout->compose(*inverse);
  ASSERT_TRUE(identity);
  EXPECT_EQ(identity->getBases("lane")[2], (LinearLayout::Basis{0, 4, 0}));
}

TEST(LinearLayoutTest, InvertRejectsBroadcasts) {
  LinearLayout layout = LinearLayout::identity1D(4, "lane", "dim0") *
                        LinearLayout::zeros1D(2, "warp", "dim0");
  EXPECT_FALSE(layout.isInjective());
  EXPECT_FALSE(layout.invert());
}

TEST(LinearLayoutTest, InvertAndComposeMapsBetweenLayouts) {
  // Which register of `dst` holds what register of `src` holds.
  LinearLayout src = LinearLayout::identity1D(4, "register", "dim0");
  std::optional<LinearLayout> dst =
      LinearLayout::get({{"register", {{2}, {1}}}}, Outs{{"dim0", 4}});
  ASSERT_TRUE(dst);
  std::optional<LinearLayout> conversion = src.invertAndCompose(*dst);
  ASSERT_TRUE(conversion);
  EXPECT_EQ(conversion->getBases("register"),
            llvm::ArrayRef<LinearLayout::Basis>(Bases{{2}, {1}}));
}

TEST(LinearLayoutTest, TransposeOutsPermutesEntries) {
  LinearLayout layout = LinearLayout::identity1D(2, "lane", "dim1") *
                        LinearLayout::identity1D(4, "lane", "dim0");
  LinearLayout transposed = layout.transposeOuts({"dim0", "dim1"});
  EXPECT_EQ(transposed.getOutDimNames(),
            (llvm::SmallVector<std::string>{"dim0", "dim1"}));
  EXPECT_EQ(transposed.getBases("lane"),
            llvm::ArrayRef<LinearLayout::Basis>(Bases{{0, 1}, {1, 0}, {2, 0}}));
  EXPECT_NE(transposed, layout);
  EXPECT_EQ(transposed.transposeOuts({"dim1", "dim0"}), layout);
}
} // namespace
