//===- ConversionsTest.cpp - Float formats of the interpreter -------------===//
//
// The rounding corners of the narrow float formats: round to nearest even,
// saturation like PTX `cvt.rn.satfinite` for fp8, overflow to infinity for
// fp16/bf16, subnormals, and the bit patterns of special values.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Conversions.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace mlir::triton::interp;

namespace {

double fp8(double x) { return roundFloat(x, FloatKind::F8E4M3FN, false, true); }
double e5(double x) { return roundFloat(x, FloatKind::F8E5M2, false, true); }
const double inf = std::numeric_limits<double>::infinity();

TEST(Fp8E4M3, RoundsToNearestEven) {
  EXPECT_EQ(fp8(1.0625), 1.0);  // halfway between 1.0 and 1.125: even is 1.0
  EXPECT_EQ(fp8(1.1875), 1.25); // halfway between 1.125 and 1.25: even is 1.25
  EXPECT_EQ(fp8(1.07), 1.125);  // above halfway
  EXPECT_EQ(fp8(-1.0625), -1.0);
  // The seed adds the first cut-off bit (half away from zero) instead.
  EXPECT_EQ(fp8(272.0), 256.0); // 256 + 16: halfway to 288, even is 256
}

TEST(Fp8E4M3, SaturatesLikeSatfinite) {
  EXPECT_EQ(fp8(448.0), 448.0);
  EXPECT_EQ(fp8(464.0), 448.0);
  EXPECT_EQ(fp8(1e6), 448.0);
  EXPECT_EQ(fp8(inf), 448.0);
  EXPECT_EQ(fp8(-inf), -448.0);
  EXPECT_TRUE(std::isnan(fp8(std::nan(""))));
}

TEST(Fp8E4M3, Subnormals) {
  const double minSub = std::ldexp(1.0, -9);
  EXPECT_EQ(fp8(minSub), minSub);
  EXPECT_EQ(fp8(std::ldexp(1.0, -10)), 0.0);            // tie: even is 0
  EXPECT_EQ(fp8(3 * std::ldexp(1.0, -11)), minSub);     // 0.75 of the step
  EXPECT_EQ(fp8(3 * std::ldexp(1.0, -10)), 2 * minSub); // tie: 1.5 -> 2
}

TEST(Fp8E4M3, BitPatterns) {
  EXPECT_EQ(floatToBits(448.0, FloatKind::F8E4M3FN), 0x7eu);
  EXPECT_EQ(floatToBits(-448.0, FloatKind::F8E4M3FN), 0xfeu);
  EXPECT_EQ(floatToBits(1.0, FloatKind::F8E4M3FN), 0x38u);
  EXPECT_EQ(floatToBits(std::ldexp(1.0, -9), FloatKind::F8E4M3FN), 0x01u);
  EXPECT_EQ(floatToBits(std::nan(""), FloatKind::F8E4M3FN), 0x7fu);
  EXPECT_TRUE(std::isnan(bitsToFloat(0x7f, FloatKind::F8E4M3FN)));
  EXPECT_EQ(bitsToFloat(0x7e, FloatKind::F8E4M3FN), 448.0);
  EXPECT_EQ(bitsToFloat(0x80, FloatKind::F8E4M3FN), -0.0);
  for (unsigned b = 0; b < 256; ++b) {
    double v = bitsToFloat(b, FloatKind::F8E4M3FN);
    if (!std::isnan(v))
      EXPECT_EQ(floatToBits(v, FloatKind::F8E4M3FN), b) << b;
  }
}

TEST(Fp8E5M2, SaturatesAndRounds) {
  EXPECT_EQ(e5(57344.0), 57344.0);
  EXPECT_EQ(e5(70000.0), 57344.0);
  EXPECT_EQ(e5(inf), 57344.0);
  EXPECT_EQ(roundFloat(70000.0, FloatKind::F8E5M2), inf); // without satfinite
  EXPECT_EQ(e5(1.125), 1.0); // tie between 1.0 and 1.25
  EXPECT_EQ(e5(1.375), 1.5); // tie between 1.25 and 1.5
  EXPECT_EQ(floatToBits(inf, FloatKind::F8E5M2), 0x7cu);
  for (unsigned b = 0; b < 256; ++b) {
    double v = bitsToFloat(b, FloatKind::F8E5M2);
    if (!std::isnan(v))
      EXPECT_EQ(floatToBits(v, FloatKind::F8E5M2), b) << b;
  }
}

TEST(Fp8Fnuz, OneNaNAndNoNegativeZero) {
  EXPECT_TRUE(std::isnan(bitsToFloat(0x80, FloatKind::F8E4M3FNUZ)));
  EXPECT_EQ(floatToBits(-0.0, FloatKind::F8E4M3FNUZ), 0u);
  EXPECT_EQ(roundFloat(1e9, FloatKind::F8E4M3FNUZ, false, true), 240.0);
}

TEST(Bf16, RoundsToNearestEvenAndTowardZero) {
  double one = 1.0, ulp = std::ldexp(1.0, -7);
  EXPECT_EQ(roundFloat(one + ulp / 2, FloatKind::BF16), one);
  EXPECT_EQ(roundFloat(one + 3 * ulp / 2, FloatKind::BF16), one + 2 * ulp);
  EXPECT_EQ(roundFloat(one + ulp * 0.99, FloatKind::BF16, /*rtz=*/true), one);
  EXPECT_EQ(roundFloat(-one - ulp * 0.99, FloatKind::BF16, /*rtz=*/true), -one);
  EXPECT_EQ(roundFloat(3.5e38, FloatKind::BF16), inf);
  EXPECT_EQ(floatToBits(1.0, FloatKind::BF16), 0x3f80u);
}

TEST(Fp16, OverflowAndSubnormals) {
  EXPECT_EQ(roundFloat(65504.0, FloatKind::F16), 65504.0);
  EXPECT_EQ(roundFloat(65519.0, FloatKind::F16), 65504.0);
  EXPECT_EQ(roundFloat(65520.0, FloatKind::F16), inf); // tie rounds to 2^16
  EXPECT_EQ(roundFloat(65520.0, FloatKind::F16, /*rtz=*/true), 65504.0);
  EXPECT_EQ(roundFloat(std::ldexp(1.0, -24), FloatKind::F16),
            std::ldexp(1.0, -24));
  EXPECT_EQ(roundFloat(std::ldexp(1.0, -25), FloatKind::F16), 0.0);
  EXPECT_EQ(floatToBits(std::ldexp(1.0, -24), FloatKind::F16), 1u);
  EXPECT_EQ(floatToBits(-2.0, FloatKind::F16), 0xc000u);
}

TEST(Fp32, RoundsThroughFloat) {
  EXPECT_EQ(roundFloat(1.0 + std::ldexp(1.0, -24), FloatKind::F32), 1.0);
  EXPECT_EQ(roundFloat(1.0 + 3 * std::ldexp(1.0, -24), FloatKind::F32),
            1.0 + std::ldexp(1.0, -22));
}

TEST(Integers, WrapAndReadings) {
  EXPECT_EQ(wrapInt(128, 8), -128);
  EXPECT_EQ(wrapInt(255, 8), -1);
  EXPECT_EQ(wrapInt(3, 1), 1);
  EXPECT_EQ(asUnsigned(-1, 32), 0xffffffffull);
  EXPECT_EQ(asSigned(1, 1), -1);
}

} // namespace
