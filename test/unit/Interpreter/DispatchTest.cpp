//===- DispatchTest.cpp - The interpreter's evaluators by op class --------===//
//
// Ops reach their evaluators through their class: an op class with no
// evaluator is a located "not supported yet" diagnostic naming the op, and
// the table is what decides it, not the op's name.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"
#include "interpreter/Interpreter.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::interp;

namespace {

constexpr const char *kThreeOps = "tt.func public @k() {\n"
                                  "  %c = arith.constant 7 : i32\n"
                                  "  %s = arith.addi %c, %c : i32\n"
                                  "  %n = math.ctpop %s : i32\n"
                                  "  tt.return\n"
                                  "}\n";

/// The diagnostics one run reports.
struct Reported {
  std::vector<std::string> messages;
  std::vector<Location> locations;
};

class Dispatch : public ::testing::Test {
protected:
  Dispatch() {
    ctx.loadDialect<TritonDialect, arith::ArithDialect, math::MathDialect,
                    scf::SCFDialect>();
  }

  OwningOpRef<ModuleOp> parse(StringRef src) {
    return parseSourceString<ModuleOp>(src, &ctx, "dispatch.mlir");
  }

  /// The first op of class OpTy in `module`.
  template <typename OpTy> static Operation *first(ModuleOp module) {
    Operation *found = nullptr;
    module.walk([&](OpTy op) {
      if (!found)
        found = op;
    });
    return found;
  }

  /// Runs the one kernel of `src` on one program, with no arguments.
  LogicalResult run(StringRef src, Reported &reported) {
    OwningOpRef<ModuleOp> module = parse(src);
    EXPECT_TRUE(module);
    if (!module)
      return failure();
    ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
      reported.messages.push_back(d.str());
      reported.locations.push_back(d.getLocation());
      return success();
    });
    Memory memory;
    std::string printed;
    llvm::raw_string_ostream os(printed);
    Operation *kernel = findKernel(*module, "");
    EXPECT_TRUE(kernel);
    if (!kernel)
      return failure();
    return runKernel(*module, kernel, {1}, {}, memory, os);
  }

  MLIRContext ctx;
};

TEST_F(Dispatch, TableKnowsOpsByClass) {
  OwningOpRef<ModuleOp> module = parse(kThreeOps);
  ASSERT_TRUE(module);
  const EvaluatorTable &table = evaluatorTable();
  EXPECT_NE(table.lookup(first<arith::ConstantOp>(*module)), nullptr);
  EXPECT_NE(table.lookup(first<arith::AddIOp>(*module)), nullptr);
  EXPECT_EQ(table.lookup(first<math::CtPopOp>(*module)), nullptr);
}

// A table is filled by naming op classes: an evaluator answers for its class
// and no other.
LogicalResult evalAddIForTest(Executor &, arith::AddIOp) { return success(); }

TEST_F(Dispatch, AddRegistersOneClass) {
  OwningOpRef<ModuleOp> module = parse(kThreeOps);
  ASSERT_TRUE(module);
  EvaluatorTable table;
  table.add<evalAddIForTest>();
  EXPECT_EQ(table.size(), 1u);
  EXPECT_NE(table.lookup(first<arith::AddIOp>(*module)), nullptr);
  EXPECT_EQ(table.lookup(first<arith::ConstantOp>(*module)), nullptr);
}

TEST_F(Dispatch, MissingEvaluatorIsALocatedDiagnostic) {
  Reported reported;
  LogicalResult r = run("tt.func public @k() {\n"
                        "  %c = arith.constant 7 : i32\n"
                        "  %n = math.ctpop %c : i32\n"
                        "  tt.return\n"
                        "}\n",
                        reported);
  EXPECT_TRUE(failed(r));
  ASSERT_EQ(reported.messages.size(), 1u);
  EXPECT_EQ(reported.messages[0], "program (0, 0, 0): op 'math.ctpop' is not "
                                  "supported by the interpreter yet");
  auto loc = dyn_cast<FileLineColLoc>(reported.locations[0]);
  ASSERT_TRUE(loc);
  EXPECT_EQ(loc.getFilename().getValue(), "dispatch.mlir");
  EXPECT_EQ(loc.getLine(), 3u);
  EXPECT_EQ(loc.getColumn(), 8u);
}

TEST_F(Dispatch, OpsInsideRegionsAreDispatchedToo) {
  Reported reported;
  LogicalResult r = run("tt.func public @k() {\n"
                        "  %c0 = arith.constant 0 : i32\n"
                        "  %c1 = arith.constant 1 : i32\n"
                        "  %c4 = arith.constant 4 : i32\n"
                        "  scf.for %i = %c0 to %c4 step %c1 : i32 {\n"
                        "    %n = math.ctlz %i : i32\n"
                        "  }\n"
                        "  tt.return\n"
                        "}\n",
                        reported);
  EXPECT_TRUE(failed(r));
  ASSERT_EQ(reported.messages.size(), 1u);
  EXPECT_NE(reported.messages[0].find("op 'math.ctlz' is not supported"),
            std::string::npos);
  auto loc = dyn_cast<FileLineColLoc>(reported.locations[0]);
  ASSERT_TRUE(loc);
  EXPECT_EQ(loc.getLine(), 6u);
}

} // namespace
