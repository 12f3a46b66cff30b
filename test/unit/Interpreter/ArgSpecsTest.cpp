//===- ArgSpecsTest.cpp - --arg specs, generators and .npy files ----------===//

#include "interpreter/ArgSpecs.h"
#include "interpreter/Conversions.h"
#include "interpreter/Npy.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::triton::interp;

namespace {

std::string errorOf(llvm::StringRef spec) {
  auto s = parseArgSpec(spec);
  if (s)
    return "";
  return llvm::toString(s.takeError());
}

TEST(ArgSpecs, ParsesBuffersAndScalars) {
  auto b = parseArgSpec("x_ptr=f32[4,8]:rand(3)");
  ASSERT_TRUE(bool(b));
  EXPECT_TRUE(b->isBuffer);
  EXPECT_EQ(b->name, "x_ptr");
  EXPECT_EQ(b->dtype, "f32");
  EXPECT_EQ(b->shape, (llvm::SmallVector<int64_t, 4>{4, 8}));
  EXPECT_EQ(b->init, "rand(3)");
  auto s = parseArgSpec("eps=f32:1e-5");
  ASSERT_TRUE(bool(s));
  EXPECT_FALSE(s->isBuffer);
  EXPECT_EQ(s->value, "1e-5");
}

TEST(ArgSpecs, RejectsMalformedSpecs) {
  EXPECT_NE(errorOf("x"), "");
  EXPECT_NE(errorOf("=f32:1"), "");
  EXPECT_NE(errorOf("x=f99[4]:zeros"), "");
  EXPECT_NE(errorOf("x=f32[4:zeros"), "");
  EXPECT_NE(errorOf("x=f32[-1]:zeros"), "");
  EXPECT_NE(errorOf("x=f32[4]"), "");
  EXPECT_NE(errorOf("x=f32[4]:nope"), "");
  EXPECT_NE(errorOf("n=i32:"), "");
  EXPECT_NE(errorOf("n=i32"), "");
}

TEST(ArgSpecs, GeneratorsAreDeterministicAndTyped) {
  MLIRContext ctx;
  auto a = makeBuffer(&ctx, *parseArgSpec("x=f32[1000]:rand(7)"));
  auto b = makeBuffer(&ctx, *parseArgSpec("x=f32[1000]:rand(7)"));
  ASSERT_TRUE(bool(a) && bool(b));
  EXPECT_EQ(a->bytes, b->bytes);
  double sum = 0, sq = 0;
  for (int i = 0; i < 1000; ++i) {
    float v;
    std::memcpy(&v, a->bytes.data() + 4 * i, 4);
    sum += v;
    sq += v * v;
  }
  EXPECT_NEAR(sum / 1000, 0.0, 0.15);
  EXPECT_NEAR(sq / 1000, 1.0, 0.2);

  auto r = makeBuffer(&ctx, *parseArgSpec("x=i8[500]:randint(-3,4,1)"));
  ASSERT_TRUE(bool(r));
  for (uint8_t byte : r->bytes) {
    int8_t v = (int8_t)byte;
    EXPECT_GE(v, -3);
    EXPECT_LT(v, 4);
  }
  // fp8 fill saturates like the hardware conversion.
  auto f = makeBuffer(&ctx, *parseArgSpec("x=f8e4nv[2]:fill(1000)"));
  ASSERT_TRUE(bool(f));
  EXPECT_EQ(f->bytes[0], 0x7e);
  auto h = makeBuffer(&ctx, *parseArgSpec("x=bf16[3]:arange"));
  ASSERT_TRUE(bool(h));
  uint16_t two;
  std::memcpy(&two, h->bytes.data() + 4, 2);
  EXPECT_EQ(two, 0x4000);
}

TEST(Npy, RoundTripsAndChecksTheDtype) {
  MLIRContext ctx;
  auto buf = makeBuffer(&ctx, *parseArgSpec("x=i16[3,5]:arange"));
  ASSERT_TRUE(bool(buf));
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("interp", "npy", path));
  ASSERT_FALSE(bool(writeNpy(*buf, path)));
  auto back =
      makeBuffer(&ctx, *parseArgSpec(("y=i16[15]:file(" + path + ")").str()));
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(back->bytes, buf->bytes);
  auto wrong =
      makeBuffer(&ctx, *parseArgSpec(("y=f16[15]:file(" + path + ")").str()));
  EXPECT_FALSE(bool(wrong));
  llvm::consumeError(wrong.takeError());
  auto size =
      makeBuffer(&ctx, *parseArgSpec(("y=i16[16]:file(" + path + ")").str()));
  EXPECT_FALSE(bool(size));
  llvm::consumeError(size.takeError());
  llvm::sys::fs::remove(path);
}

} // namespace
