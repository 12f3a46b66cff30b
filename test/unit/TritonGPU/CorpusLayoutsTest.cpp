//===- CorpusLayoutsTest.cpp - Linear layouts of every corpus tensor ------===//
//
// Every tensor and buffer of every corpus .ttgir file whose encoding has a
// linear-layout conversion maps its hardware indices onto all its elements.
//
//===----------------------------------------------------------------------===//

#include "dialects/InitAllDialects.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {
std::vector<std::string> corpusFiles() {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(TRITON_CORPUS_DIR, ec),
       end;
       it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".ttgir")
      files.push_back(it->path());
  return files;
}

TEST(CorpusLayoutsTest, DistributedLayoutsCoverTheirTensors) {
  DialectRegistry registry;
  triton::registerTritonDialects(registry);
  MLIRContext context(registry);
  std::vector<std::string> files = corpusFiles();
  ASSERT_FALSE(files.empty()) << "no .ttgir files under " << TRITON_CORPUS_DIR;
  int converted = 0;
  for (const std::string &file : files) {
    OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(file, &context);
    ASSERT_TRUE(module) << file;
    module->walk([&](Operation *op) {
      for (Type type : op->getResultTypes()) {
        ArrayRef<int64_t> shape;
        Attribute encoding;
        if (auto tensor = dyn_cast<RankedTensorType>(type)) {
          shape = tensor.getShape();
          encoding = tensor.getEncoding();
        } else if (auto memdesc = dyn_cast<MemDescType>(type)) {
          shape = memdesc.getShape();
          encoding = memdesc.getEncoding();
        }
        if (!encoding)
          continue;
        std::optional<LinearLayout> layout = toLinearLayout(shape, encoding);
        if (!layout)
          continue;
        ++converted;
        EXPECT_TRUE(layout->isSurjective())
            << file << ": " << layout->toString();
        // Shared layouts map each offset of a CTA to its own element (CTAs
        // may hold copies of one buffer).
        if (isSharedEncoding(encoding)) {
          ArrayRef<LinearLayout::Basis> offsets = layout->getBases("offset");
          std::optional<LinearLayout> perCTA = LinearLayout::get(
              {{"offset", {offsets.begin(), offsets.end()}}},
              {layout->getOutDims().begin(), layout->getOutDims().end()});
          ASSERT_TRUE(perCTA);
          EXPECT_TRUE(perCTA->isInjective())
              << file << ": " << layout->toString();
        }
        for (auto [i, size] : llvm::enumerate(shape))
          EXPECT_EQ(layout->getOutDimSize("dim" + std::to_string(i)), size)
              << file << ": " << layout->toString();
      }
    });
  }
  EXPECT_GT(converted, 1000);
}
} // namespace
