//===- RestoreSourceNames.cpp - SSA names of region arguments -------------===//

#include "passes/Triton/RestoreSourceNames.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace {

/// The name the printer would have started from: `acc_5` -> `acc` (the
/// suffix is the printer's uniquing counter), `k` -> `k`.
StringRef baseName(StringRef name) {
  size_t underscore = name.rfind('_');
  if (underscore == StringRef::npos || underscore == 0 ||
      underscore + 1 == name.size())
    return name;
  StringRef suffix = name.drop_front(underscore + 1);
  if (!llvm::all_of(suffix, llvm::isDigit))
    return name;
  return name.take_front(underscore);
}

/// `argN` is the printer's name for arguments without a name.
bool isDefaultArgName(StringRef name) {
  return name.starts_with("arg") && name.size() > 3 &&
         llvm::all_of(name.drop_front(3), llvm::isDigit);
}

bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

class RestoreSourceNamesPass
    : public PassWrapper<RestoreSourceNamesPass, OperationPass<>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RestoreSourceNamesPass)

  RestoreSourceNamesPass(std::string bufferName, std::string source)
      : bufferName(std::move(bufferName)), source(std::move(source)) {}
  RestoreSourceNamesPass(const RestoreSourceNamesPass &other)
      : PassWrapper(other), bufferName(other.bufferName), source(other.source) {
  }

  StringRef getArgument() const override {
    return "triton-restore-source-names";
  }
  StringRef getDescription() const override {
    return "Name region arguments after their SSA names in the source text";
  }

  void runOnOperation() override {
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(source, bufferName,
                                         /*RequiresNull=*/false),
        llvm::SMLoc());
    getOperation()->walk([&](Operation *op) {
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            restoreName(arg);
    });
  }

private:
  void restoreName(BlockArgument arg) {
    auto loc = dyn_cast<FileLineColLoc>(arg.getLoc());
    if (!loc || loc.getFilename() != bufferName)
      return;
    llvm::SMLoc at =
        sourceMgr.FindLocForLineAndColumn(1, loc.getLine(), loc.getColumn());
    if (!at.isValid())
      return;
    const char *begin = at.getPointer();
    const char *end = source.data() + source.size();
    if (begin >= end || *begin != '%')
      return;
    const char *p = begin + 1;
    while (p < end && isIdentifierChar(*p))
      ++p;
    StringRef name(begin + 1, p - begin - 1);
    if (name.empty() || isDefaultArgName(name) || llvm::isDigit(name.front()))
      return;
    // The position stays as the name's child location.
    arg.setLoc(
        NameLoc::get(StringAttr::get(arg.getContext(), baseName(name)), loc));
  }

  std::string bufferName;
  std::string source;
  llvm::SourceMgr sourceMgr;
};

} // namespace

std::unique_ptr<Pass>
mlir::triton::createRestoreSourceNamesPass(std::string bufferName,
                                           std::string source) {
  return std::make_unique<RestoreSourceNamesPass>(std::move(bufferName),
                                                  std::move(source));
}
