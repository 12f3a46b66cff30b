//===- TritonTypesTest.cpp - Unit tests of the tt type helpers ------------===//

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
class TritonTypesTest : public ::testing::Test {
protected:
  TritonTypesTest() { context.loadDialect<TritonDialect>(); }
  MLIRContext context;
};

TEST_F(TritonTypesTest, PointeeOfTensorOfPointersKeepsShape) {
  Type f32 = Float32Type::get(&context);
  auto ptrs = RankedTensorType::get({64, 32}, PointerType::get(f32, 1));
  auto pointee = dyn_cast<RankedTensorType>(getPointeeType(ptrs));
  ASSERT_TRUE(pointee);
  EXPECT_EQ(pointee.getShape(), ArrayRef<int64_t>({64, 32}));
  EXPECT_EQ(pointee.getElementType(), f32);
}

TEST_F(TritonTypesTest, BlockPointerIsNotAScalarPointer) {
  Type f16 = Float16Type::get(&context);
  auto block = PointerType::get(RankedTensorType::get({64, 64}, f16), 1);
  EXPECT_TRUE(isTensorPointerType(block));
  EXPECT_FALSE(isScalarPointerType(block));
  EXPECT_EQ(getPointeeType(block), RankedTensorType::get({64, 64}, f16));
}

TEST_F(TritonTypesTest, MaskTypeFollowsShape) {
  Type i32 = IntegerType::get(&context, 32);
  Type i1 = IntegerType::get(&context, 1);
  EXPECT_EQ(getI1SameShape(i32), i1);
  EXPECT_EQ(getI1SameShape(RankedTensorType::get({8}, i32)),
            RankedTensorType::get({8}, i1));
}

TEST_F(TritonTypesTest, PointerTypeSameShape) {
  Type f32 = Float32Type::get(&context);
  auto t = getPointerTypeSameShape(RankedTensorType::get({4}, f32));
  EXPECT_EQ(t, RankedTensorType::get({4}, PointerType::get(f32, 1)));
  EXPECT_EQ(getElementBitWidth(PointerType::get(f32, 1)), 64u);
}
} // namespace
