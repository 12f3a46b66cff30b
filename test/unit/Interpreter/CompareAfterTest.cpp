//===- CompareAfterTest.cpp - Pipelines and comparisons of --compare-after ===//
//
// The pipeline text --compare-after accepts (MLIR's textual form or
// triton-opt's flags) and the first difference two runs' buffers report.
//
//===----------------------------------------------------------------------===//

#include "interpreter/CompareAfter.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::triton::interp;

namespace {

TEST(ComparePipeline, TextualFormIsKept) {
  EXPECT_EQ(toPassPipelineText("canonicalize,cse"), "canonicalize,cse");
  EXPECT_EQ(toPassPipelineText("  triton-combine  "), "triton-combine");
}

TEST(ComparePipeline, ModuleAnchorIsDropped) {
  EXPECT_EQ(toPassPipelineText("builtin.module(inline,triton-combine)"),
            "inline,triton-combine");
  // Unbalanced: left for the pipeline parser to report.
  EXPECT_EQ(toPassPipelineText("builtin.module(inline"),
            "builtin.module(inline");
}

TEST(ComparePipeline, TritonOptFlagsBecomeAPipeline) {
  EXPECT_EQ(toPassPipelineText("-inline -triton-combine"),
            "inline,triton-combine");
  EXPECT_EQ(toPassPipelineText("-triton-make-ttgir='target=cuda:90 "
                               "num-warps=8' --cse"),
            "triton-make-ttgir{target=cuda:90 num-warps=8},cse");
  EXPECT_EQ(toPassPipelineText("-triton-make-ttir=target=cuda:90"),
            "triton-make-ttir{target=cuda:90}");
}

class CompareBuffers : public ::testing::Test {
protected:
  /// A memory holding one f32 buffer `p` of shape 2x2 and one i32 buffer.
  Memory memory(float p01, int32_t q1) {
    Memory m;
    Buffer p;
    p.name = "p";
    p.dtype = "f32";
    p.elemType = Float32Type::get(&ctx);
    p.shape = {2, 2};
    float values[4] = {1.0f, p01, 3.0f, 4.0f};
    p.bytes.resize(sizeof values);
    std::memcpy(p.bytes.data(), values, sizeof values);
    m.add(p);
    Buffer q;
    q.name = "q";
    q.dtype = "i32";
    q.elemType = IntegerType::get(&ctx, 32);
    q.shape = {2};
    int32_t ints[2] = {7, q1};
    q.bytes.resize(sizeof ints);
    std::memcpy(q.bytes.data(), ints, sizeof ints);
    m.add(q);
    return m;
  }

  MLIRContext ctx;
};

TEST_F(CompareBuffers, EqualRunsHaveNoDifference) {
  EXPECT_FALSE(firstDifference(memory(2, 8), memory(2, 8), {}));
}

TEST_F(CompareBuffers, FirstDifferenceNamesBufferIndexAndValues) {
  std::optional<std::string> diff =
      firstDifference(memory(2, 8), memory(2.5f, 9), {});
  ASSERT_TRUE(diff);
  EXPECT_EQ(*diff, "buffer 'p' differs at index [0, 1]: 2 before the "
                   "pipeline, 2.5 after it");
  diff = firstDifference(memory(2, 8), memory(2, -9), {});
  ASSERT_TRUE(diff);
  EXPECT_EQ(*diff,
            "buffer 'q' differs at index [1]: 8 before the pipeline, -9 after "
            "it");
}

TEST_F(CompareBuffers, ToleranceIsRelativeAndAbsolute) {
  Tolerance rel{/*rel=*/0.3, /*abs=*/0};
  EXPECT_FALSE(firstDifference(memory(2, 8), memory(2.5f, 8), rel));
  Tolerance abs{/*rel=*/0, /*abs=*/0.1};
  EXPECT_TRUE(firstDifference(memory(2, 8), memory(2.5f, 8), abs));
  // Integers are compared exactly whatever the tolerance.
  EXPECT_TRUE(firstDifference(memory(2, 8), memory(2, 9), rel));
}

TEST_F(CompareBuffers, NaNMatchesNaNOnlyWithATolerance) {
  float nan = std::nanf("");
  EXPECT_FALSE(firstDifference(memory(nan, 8), memory(nan, 8), {}));
  EXPECT_FALSE(
      firstDifference(memory(nan, 8), memory(-nan, 8), Tolerance{0, 1e-6}));
  // Bit for bit, a NaN of another sign is another value.
  EXPECT_TRUE(firstDifference(memory(nan, 8), memory(-nan, 8), {}));
}

TEST_F(CompareBuffers, InternalBuffersAreNotCompared) {
  Memory a = memory(2, 8), b = memory(3, 8);
  a.buffers()[0].internal = b.buffers()[0].internal = true;
  EXPECT_FALSE(firstDifference(a, b, {}));
}

} // namespace
