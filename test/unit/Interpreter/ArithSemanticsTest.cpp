//===- ArithSemanticsTest.cpp - Op semantics corners of the interpreter ---===//
//
// Runs one-op kernels through the interpreter's public API and checks the
// numeric corners the reference interpreter defines (and, where the GPU
// differs, what the GPU does): C division and remainder of negative integers,
// shifts by signedness and by the bit width, umulhi, NaN handling of
// max/min/clamp, saturating float-to-int casts.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Conversions.h"
#include "interpreter/Interpreter.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::interp;

namespace {

class ArithSemantics : public ::testing::Test {
protected:
  ArithSemantics() {
    ctx.loadDialect<TritonDialect, arith::ArithDialect, math::MathDialect>();
  }

  /// Runs `%r = BODY` (using %a, %b, %c of type TY) and returns %r's bytes.
  std::vector<uint8_t> run(const std::string &ty, const std::string &body,
                           const std::vector<TensorRef> &scalars,
                           std::string resTy = "") {
    if (resTy.empty())
      resTy = ty;
    std::string src =
        "tt.func public @k(%out: !tt.ptr<" + resTy + ">, %a: " + ty +
        ", %b: " + ty + ", %c: " + ty + ") {\n  %r = " + body +
        "\n  tt.store %out, %r : !tt.ptr<" + resTy + ">\n  tt.return\n}\n";
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(src, &ctx);
    EXPECT_TRUE(module) << src;
    if (!module)
      return {};
    Memory memory;
    Buffer out;
    out.name = "out";
    out.bytes.assign(8, 0);
    SmallVector<KernelArg, 4> args;
    KernelArg o;
    o.isBuffer = true;
    o.buffer = memory.add(out);
    args.push_back(o);
    for (const TensorRef &s : scalars) {
      KernelArg a;
      a.scalar = s;
      args.push_back(a);
    }
    Operation *kernel = findKernel(*module, "k");
    std::string printed;
    llvm::raw_string_ostream os(printed);
    EXPECT_TRUE(succeeded(runKernel(*module, kernel, {1}, args, memory, os)));
    return memory.buffers()[0].bytes;
  }

  int64_t runInt(const std::string &ty, const std::string &body, int64_t a,
                 int64_t b = 0, int64_t c = 0) {
    unsigned w = std::stoi(ty.substr(1));
    auto bytes = run(ty, body,
                     {Tensor::ofInts({}, wrapInt(a, w)),
                      Tensor::ofInts({}, wrapInt(b, w)),
                      Tensor::ofInts({}, wrapInt(c, w))});
    int64_t v = 0;
    std::memcpy(&v, bytes.data(), std::max(1u, w / 8));
    return wrapInt(v, w);
  }

  float runF32(const std::string &body, float a, float b = 0, float c = 0,
               std::string resTy = "") {
    auto bytes = run("f32", body,
                     {Tensor::ofFloats({}, a), Tensor::ofFloats({}, b),
                      Tensor::ofFloats({}, c)},
                     resTy);
    float v;
    std::memcpy(&v, bytes.data(), 4);
    return v;
  }

  MLIRContext ctx;
};

TEST_F(ArithSemantics, SignedDivisionTruncatesTowardZero) {
  EXPECT_EQ(runInt("i32", "arith.divsi %a, %b : i32", -7, 2), -3);
  EXPECT_EQ(runInt("i32", "arith.divsi %a, %b : i32", 7, -2), -3);
  EXPECT_EQ(runInt("i32", "arith.divsi %a, %b : i32", -7, -2), 3);
  EXPECT_EQ(runInt("i32", "arith.remsi %a, %b : i32", -7, 2), -1);
  EXPECT_EQ(runInt("i32", "arith.remsi %a, %b : i32", 7, -2), 1);
  EXPECT_EQ(runInt("i8", "arith.divsi %a, %b : i8", -128, -1), -128); // wraps
  EXPECT_EQ(runInt("i8", "arith.remsi %a, %b : i8", -128, -1), 0);
}

TEST_F(ArithSemantics, UnsignedDivisionReadsBitsUnsigned) {
  EXPECT_EQ(runInt("i32", "arith.divui %a, %b : i32", -1, 2), 0x7fffffff);
  EXPECT_EQ(runInt("i32", "arith.remui %a, %b : i32", -1, 10),
            5); // 4294967295 % 10
}

TEST_F(ArithSemantics, DivisionByZeroIsLikePtx) {
  EXPECT_EQ(runInt("i32", "arith.divsi %a, %b : i32", 5, 0), -1);
  EXPECT_EQ(runInt("i32", "arith.divui %a, %b : i32", 5, 0), -1);
  EXPECT_EQ(runInt("i32", "arith.remsi %a, %b : i32", 5, 0), 5);
}

TEST_F(ArithSemantics, ShiftsBySignedness) {
  EXPECT_EQ(runInt("i32", "arith.shrsi %a, %b : i32", -8, 1), -4);
  EXPECT_EQ(runInt("i32", "arith.shrui %a, %b : i32", -8, 1), 0x7ffffffc);
  EXPECT_EQ(runInt("i32", "arith.shli %a, %b : i32", 0x40000001, 1),
            (int32_t)0x80000002);
  EXPECT_EQ(runInt("i8", "arith.shrsi %a, %b : i8", -128, 7), -1);
  // Amounts of at least the width: PTX clamps them.
  EXPECT_EQ(runInt("i32", "arith.shli %a, %b : i32", 1, 32), 0);
  EXPECT_EQ(runInt("i32", "arith.shrui %a, %b : i32", -1, 40), 0);
  EXPECT_EQ(runInt("i32", "arith.shrsi %a, %b : i32", -5, 33), -1);
}

TEST_F(ArithSemantics, MulHiUnsigned) {
  EXPECT_EQ(runInt("i32", "tt.mulhiui %a, %b : i32", -1, -1),
            (int32_t)0xfffffffe);
  EXPECT_EQ(runInt("i32", "tt.mulhiui %a, %b : i32", 0x10000, 0x10000), 1);
  EXPECT_EQ(runInt("i64", "tt.mulhiui %a, %b : i64", -1, 2), 1);
  EXPECT_EQ(runInt("i32", "tt.mulhiui %a, %b : i32", 123456789, 12345), 354);
}

TEST_F(ArithSemantics, MaxMinNaN) {
  float nan = std::nanf("");
  EXPECT_EQ(runF32("arith.maxnumf %a, %b : f32", nan, 1.0f), 1.0f);
  EXPECT_EQ(runF32("arith.minnumf %a, %b : f32", 2.0f, nan), 2.0f);
  EXPECT_TRUE(std::isnan(runF32("arith.maximumf %a, %b : f32", nan, 1.0f)));
  EXPECT_TRUE(std::isnan(runF32("arith.minimumf %a, %b : f32", 1.0f, nan)));
  EXPECT_TRUE(std::signbit(runF32("arith.minimumf %a, %b : f32", 0.0f, -0.0f)));
  EXPECT_FALSE(
      std::signbit(runF32("arith.maximumf %a, %b : f32", -0.0f, 0.0f)));
}

TEST_F(ArithSemantics, ClampNaN) {
  float nan = std::nanf("");
  EXPECT_TRUE(std::isnan(
      runF32("tt.clampf %a, %b, %c, propagateNan = all : f32", nan, -1, 1)));
  // The H200 returns the upper bound (measured, int-corners.test).
  EXPECT_EQ(
      runF32("tt.clampf %a, %b, %c, propagateNan = none : f32", nan, -1, 1),
      1.0f);
  EXPECT_EQ(
      runF32("tt.clampf %a, %b, %c, propagateNan = all : f32", 5.0f, -1, 1),
      1.0f);
  EXPECT_EQ(
      runF32("tt.clampf %a, %b, %c, propagateNan = none : f32", -5.0f, -1, 1),
      -1.0f);
}

TEST_F(ArithSemantics, FloatToIntSaturates) {
  auto bytes = run("f32", "arith.fptosi %a : f32 to i32",
                   {Tensor::ofFloats({}, 3e9), Tensor::ofFloats({}, 0),
                    Tensor::ofFloats({}, 0)},
                   "i32");
  int32_t v;
  std::memcpy(&v, bytes.data(), 4);
  EXPECT_EQ(v, 2147483647);
  bytes = run("f32", "arith.fptosi %a : f32 to i32",
              {Tensor::ofFloats({}, -2.7), Tensor::ofFloats({}, 0),
               Tensor::ofFloats({}, 0)},
              "i32");
  std::memcpy(&v, bytes.data(), 4);
  EXPECT_EQ(v, -2);
}

TEST_F(ArithSemantics, FloatArithmeticRoundsToF32) {
  EXPECT_EQ(runF32("arith.addf %a, %b : f32", 1.0f, 1e-8f), 1.0f);
  EXPECT_EQ(runF32("arith.divf %a, %b : f32", 1.0f, 3.0f), 1.0f / 3.0f);
  EXPECT_EQ(runF32("tt.precise_divf %a, %b : f32", 2.0f, 3.0f), 2.0f / 3.0f);
  EXPECT_EQ(runF32("tt.precise_sqrt %a : f32", 2.0f), std::sqrt(2.0f));
}

} // namespace
