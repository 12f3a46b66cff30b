//===- AMDTargetInfoTest.cpp - The AMD target's cross-lane moves ----------===//
//
// What the AMD lowering emits for a shuffle: ds_bpermute with the source
// lane's byte address, the lane being the thread id modulo 64 (xor a mask)
// or given.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/TritonGPUToLLVM/AMD/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "gtest/gtest.h"

using namespace mlir;

namespace {

/// A module with one function `f(i32, i32)` and a builder at its end.
struct AMDTargetInfoTest : ::testing::Test {
  AMDTargetInfoTest() : builder(&context) {
    context.loadDialect<LLVM::LLVMDialect, ROCDL::ROCDLDialect>();
    loc = builder.getUnknownLoc();
    module = ModuleOp::create(builder, loc);
    builder.setInsertionPointToEnd(module->getBody());
    Type i32 = builder.getI32Type();
    auto type = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(&context),
                                            {i32, i32});
    func = LLVM::LLVMFuncOp::create(builder, loc, "f", type);
    builder.setInsertionPointToEnd(func.addEntryBlock(builder));
  }

  /// The integer `value` is a constant of, if any.
  static std::optional<int64_t> constantOf(Value value) {
    APInt result;
    if (matchPattern(value, m_ConstantInt(&result)))
      return result.getSExtValue();
    return std::nullopt;
  }

  MLIRContext context;
  OpBuilder builder;
  Location loc = UnknownLoc::get(&context);
  OwningOpRef<ModuleOp> module;
  LLVM::LLVMFuncOp func;
  triton::amd::TargetInfo target{"gfx942", 256};
};

TEST_F(AMDTargetInfoTest, ShuffleXorPermutesFromLaneXorMask) {
  Value value = func.getArgument(0);
  Value result = target.shuffleXor(builder, loc, value, 5);
  auto permute = result.getDefiningOp<ROCDL::DsBpermuteOp>();
  ASSERT_TRUE(permute);
  EXPECT_EQ(permute.getSrc(), value);
  // address = ((tid & 63) ^ 5) << 2
  auto shl = permute.getIndex().getDefiningOp<LLVM::ShlOp>();
  ASSERT_TRUE(shl);
  EXPECT_EQ(constantOf(shl.getRhs()), 2);
  auto xorOp = shl.getLhs().getDefiningOp<LLVM::XOrOp>();
  ASSERT_TRUE(xorOp);
  EXPECT_EQ(constantOf(xorOp.getRhs()), 5);
  auto andOp = xorOp.getLhs().getDefiningOp<LLVM::AndOp>();
  ASSERT_TRUE(andOp);
  EXPECT_EQ(constantOf(andOp.getRhs()), 63);
  EXPECT_TRUE(andOp.getLhs().getDefiningOp<ROCDL::ThreadIdXOp>());
  LLVM::ReturnOp::create(builder, loc, ValueRange());
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(AMDTargetInfoTest, ShuffleIdxPermutesFromTheGivenLane) {
  Value value = func.getArgument(0);
  Value lane = func.getArgument(1);
  Value result = target.shuffleIdx(builder, loc, value, lane);
  auto permute = result.getDefiningOp<ROCDL::DsBpermuteOp>();
  ASSERT_TRUE(permute);
  EXPECT_EQ(permute.getSrc(), value);
  auto shl = permute.getIndex().getDefiningOp<LLVM::ShlOp>();
  ASSERT_TRUE(shl);
  EXPECT_EQ(shl.getLhs(), lane);
  EXPECT_EQ(constantOf(shl.getRhs()), 2);
  LLVM::ReturnOp::create(builder, loc, ValueRange());
  EXPECT_TRUE(succeeded(verify(*module)));
}

TEST_F(AMDTargetInfoTest, WavesHave64Threads) {
  EXPECT_EQ(target.getWarpSize(), 64);
}

} // namespace
