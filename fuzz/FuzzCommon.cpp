//===- FuzzCommon.cpp - What the fuzz targets share -----------------------===//

#include "fuzz/FuzzCommon.h"

#include "dialects/InitAllDialects.h"
#include "opt-tool/common/TextNesting.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

const DialectRegistry &mlir::triton::fuzz::toolRegistry() {
  static const DialectRegistry registry = [] {
    DialectRegistry r;
    registerTritonDialects(r);
    return r;
  }();
  return registry;
}

std::unique_ptr<MLIRContext> mlir::triton::fuzz::makeContext() {
  auto context = std::make_unique<MLIRContext>(toolRegistry(),
                                               MLIRContext::Threading::DISABLED);
  context->printOpOnDiagnostic(false);
  context->getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
  return context;
}

OwningOpRef<ModuleOp> mlir::triton::fuzz::parseModule(llvm::StringRef text,
                                                      MLIRContext &context) {
  if (findTooDeepNesting(text))
    return nullptr;
  // A NUL-terminated copy, as the tools read files: MLIR's lexer relies on
  // the terminator (parseSourceString on the fuzzer's bare bytes reads past
  // them at an identifier that ends the input).
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz-input"), llvm::SMLoc());
  ParserConfig config(&context, /*verifyAfterParse=*/true);
  return parseSourceFile<ModuleOp>(sourceMgr, config);
}
