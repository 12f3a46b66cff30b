//===- AxisValuesTest.cpp - An integer tensor's values along one axis -----===//
//
// getValuesAlongAxis on the tensor a small function returns: the masks
// Inductor and tl.sort build (ranges, expanded, broadcast, subtracted from
// one, compared), what makes a tensor vary along another dimension (a
// range or a constant there, a reshape that moves elements), and values
// that are not known (loads, poison shifts).
//
//===----------------------------------------------------------------------===//

#include "passes/Analysis/AxisValues.h"

#include "dialects/Triton/IR/Dialect.h"
#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::triton;

namespace {

class AxisValuesTest : public ::testing::Test {
protected:
  AxisValuesTest() {
    context.loadDialect<TritonDialect, gpu::TritonGPUDialect,
                        arith::ArithDialect>();
  }

  /// The values along `axis` of what `body` returns as `%m : type`, as
  /// int64 (sign-extended), or std::nullopt.
  std::optional<std::vector<int64_t>>
  valuesOf(const std::string &type, const std::string &body, unsigned axis) {
    std::string src = "tt.func @f(%p: !tt.ptr<i32>) -> " + type + " {\n" +
                      body + "\n  tt.return %m : " + type + "\n}\n";
    module = parseSourceString<ModuleOp>(src, &context);
    EXPECT_TRUE(module) << src;
    if (!module)
      return std::nullopt;
    Value result;
    module->walk([&](ReturnOp op) { result = op.getOperand(0); });
    std::optional<SmallVector<APInt>> values = getValuesAlongAxis(result, axis);
    if (!values)
      return std::nullopt;
    std::vector<int64_t> out;
    for (const APInt &value : *values)
      out.push_back(value.getBitWidth() == 1 ? value.getZExtValue()
                                             : value.getSExtValue());
    return out;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

using Values = std::vector<int64_t>;

// Inductor's left and right masks: 1 - arange(0, 2)[None, :, None] and the
// range itself, broadcast over the other dimensions.
TEST_F(AxisValuesTest, InductorPairMasks) {
  const char *common = R"(
  %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %e0 = tt.expand_dims %r {axis = 0 : i32} : tensor<2xi32> -> tensor<1x2xi32>
  %e = tt.expand_dims %e0 {axis = 2 : i32} : tensor<1x2xi32> -> tensor<1x2x1xi32>
  %one = arith.constant dense<1> : tensor<1x2x1xi32>)";
  EXPECT_EQ(valuesOf("tensor<8x2x4xi32>", std::string(common) + R"(
  %l = arith.subi %one, %e : tensor<1x2x1xi32>
  %m = tt.broadcast %l : tensor<1x2x1xi32> -> tensor<8x2x4xi32>)",
                     1),
            Values({1, 0}));
  EXPECT_EQ(valuesOf("tensor<8x2x4xi16>", std::string(common) + R"(
  %t = arith.trunci %e : tensor<1x2x1xi32> to tensor<1x2x1xi16>
  %m = tt.broadcast %t : tensor<1x2x1xi16> -> tensor<8x2x4xi16>)",
                     1),
            Values({0, 1}));
  // Asked along dimension 2: the mask varies along dimension 1, so nothing.
  EXPECT_EQ(valuesOf("tensor<8x2x4xi32>", std::string(common) + R"(
  %m = tt.broadcast %e : tensor<1x2x1xi32> -> tensor<8x2x4xi32>)",
                     2),
            std::nullopt);
}

TEST_F(AxisValuesTest, ComparisonsSelectsAndShifts) {
  const char *range = R"(
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %re = tt.expand_dims %r {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %three = arith.constant dense<3> : tensor<1x4xi32>)";
  EXPECT_EQ(valuesOf("tensor<1x4xi1>", std::string(range) + R"(
  %m = arith.cmpi eq, %re, %three : tensor<1x4xi32>)",
                     1),
            Values({0, 0, 0, 1}));
  EXPECT_EQ(valuesOf("tensor<1x4xi32>", std::string(range) + R"(
  %c = arith.cmpi slt, %re, %three : tensor<1x4xi32>
  %s = arith.shli %re, %three : tensor<1x4xi32>
  %m = arith.select %c, %s, %three : tensor<1x4xi1>, tensor<1x4xi32>)",
                     1),
            Values({0, 8, 16, 3}));
  // A shift by the width or more is poison: nothing known.
  EXPECT_EQ(valuesOf("tensor<1x4xi32>", std::string(range) + R"(
  %big = arith.constant dense<32> : tensor<1x4xi32>
  %m = arith.shrui %re, %big : tensor<1x4xi32>)",
                     1),
            std::nullopt);
}

TEST_F(AxisValuesTest, ConstantsAndReshapes) {
  // A constant varying along the axis only.
  EXPECT_EQ(valuesOf("tensor<2x3xi32>", R"(
  %m = arith.constant dense<[[5, 6, 7], [5, 6, 7]]> : tensor<2x3xi32>)",
                     1),
            Values({5, 6, 7}));
  // ... and one that varies along the other dimension too.
  EXPECT_EQ(valuesOf("tensor<2x3xi32>", R"(
  %m = arith.constant dense<[[5, 6, 7], [5, 6, 8]]> : tensor<2x3xi32>)",
                     1),
            std::nullopt);
  // A reshape adding unit dimensions keeps the axis.
  EXPECT_EQ(valuesOf("tensor<1x4x1xi32>", R"(
  %r = tt.make_range {end = 14 : i32, start = 10 : i32} : tensor<4xi32>
  %m = tt.reshape %r : tensor<4xi32> -> tensor<1x4x1xi32>)",
                     1),
            Values({10, 11, 12, 13}));
  // One that moves elements between dimensions does not.
  EXPECT_EQ(valuesOf("tensor<2x2xi32>", R"(
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %m = tt.reshape %r : tensor<4xi32> -> tensor<2x2xi32>)",
                     1),
            std::nullopt);
  // A range along another dimension.
  EXPECT_EQ(valuesOf("tensor<4x2xi32>", R"(
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %e = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %m = tt.broadcast %e : tensor<4x1xi32> -> tensor<4x2xi32>)",
                     1),
            std::nullopt);
}

TEST_F(AxisValuesTest, LoadedValuesAreUnknown) {
  EXPECT_EQ(valuesOf("tensor<4xi32>", R"(
  %s = tt.splat %p : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %m = tt.load %s : tensor<4x!tt.ptr<i32>>)",
                     0),
            std::nullopt);
  // A splat of a scalar that is not a constant.
  EXPECT_EQ(valuesOf("tensor<4xi32>", R"(
  %pid = tt.get_program_id x : i32
  %m = tt.splat %pid : i32 -> tensor<4xi32>)",
                     0),
            std::nullopt);
}

} // namespace
