//===- RecomputeAfterLoopsTest.cpp - the recompute-after-loops check ------===//
//
// hasIndicesToRecomputeAfterLoops decides whether triton-compile makes the
// recompute-after-loops variant at all: it must answer as
// recomputeIndicesAfterLoops would, and leave the module as it was.
//
//===----------------------------------------------------------------------===//

#include "translate/LLVMCodegen.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace llvm;

namespace {

std::unique_ptr<Module> parse(LLVMContext &context, StringRef text) {
  SMDiagnostic error;
  std::unique_ptr<Module> module = parseAssemblyString(text, error, context);
  if (!module) {
    std::string message;
    raw_string_ostream stream(message);
    error.print("test", stream);
    ADD_FAILURE() << message;
  }
  return module;
}

std::string print(const Module &module) {
  std::string text;
  raw_string_ostream stream(text);
  module.print(stream, nullptr);
  return text;
}

// A kernel with one loop: `entry` before it, `exit` after it.
std::string kernelWithLoop(StringRef entry, StringRef exit) {
  return (
             R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @kernel(ptr addrspace(1) %out, i32 %n) {
entry:
)" + entry + R"(
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  %done = icmp sge i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
)" + exit + R"(
  ret void
}
)")
      .str();
}

constexpr StringLiteral kThreadOffset =
    "  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %offset = mul i32 %tid, 4";
constexpr StringLiteral kStoreAtOffset =
    "  %address = getelementptr i32, ptr addrspace(1) %out, i32 %offset\n"
    "  store i32 %n, ptr addrspace(1) %address";

// No loop at all.
constexpr StringLiteral kNoLoop = R"(
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define void @kernel(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %address = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 1, ptr addrspace(1) %address
  ret void
}
)";

/// The check's answer, whether it left the module as it was, and what
/// recomputeIndicesAfterLoops then did.
void expectAgreement(StringRef text, bool expected) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(context, text);
  ASSERT_TRUE(module);
  std::string before = print(*module);
  EXPECT_EQ(mlir::triton::hasIndicesToRecomputeAfterLoops(*module), expected);
  EXPECT_EQ(print(*module), before);
  EXPECT_EQ(mlir::triton::recomputeIndicesAfterLoops(*module), expected);
  EXPECT_EQ(print(*module) != before, expected);
}

TEST(RecomputeAfterLoops, ValueUsedAfterLoop) {
  expectAgreement(kernelWithLoop(kThreadOffset, kStoreAtOffset), true);
}

TEST(RecomputeAfterLoops, ValueUsedBeforeLoopOnly) {
  expectAgreement(
      kernelWithLoop((kThreadOffset + "\n" + kStoreAtOffset).str(), ""), false);
}

TEST(RecomputeAfterLoops, LoadedValueIsNotRecomputed) {
  expectAgreement(kernelWithLoop("  %offset = load i32, ptr addrspace(1) %out",
                                 kStoreAtOffset),
                  false);
}

TEST(RecomputeAfterLoops, NoLoop) { expectAgreement(kNoLoop, false); }

} // namespace
