//===- TextNesting.cpp - Refusing text nested too deep to parse -----------===//

#include "opt-tool/common/TextNesting.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;

std::optional<size_t> mlir::triton::findTooDeepNesting(StringRef text) {
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '"') { // a string: up to its unescaped closing quote
      for (++i; i < e && text[i] != '"'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '/' && i + 1 < e && text[i + 1] == '/') { // a comment
      i = text.find('\n', i);
      if (i == StringRef::npos)
        break;
      continue;
    }
    if (c == '-' && i + 1 < e && text[i + 1] == '>') {
      ++i;
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > kMaxTextNesting)
        return i;
    } else if ((c == ')' || c == ']' || c == '}' || c == '>') && depth) {
      --depth;
    }
  }
  return std::nullopt;
}

bool mlir::triton::textNestingFits(SourceMgr &sourceMgr, unsigned bufferId) {
  const MemoryBuffer &buffer = *sourceMgr.getMemoryBuffer(bufferId);
  // Bytecode is not text: its bytes are no brackets (and a tool wrote it).
  if (mlir::isBytecode(buffer.getMemBufferRef()))
    return true;
  StringRef text = buffer.getBuffer();
  std::optional<size_t> at = findTooDeepNesting(text);
  if (!at)
    return true;
  sourceMgr.PrintMessage(SMLoc::getFromPointer(text.data() + *at),
                         SourceMgr::DK_Error,
                         "nested deeper than " + Twine(kMaxTextNesting) +
                             " levels (brackets, braces, parentheses and "
                             "angle brackets together): the parser would "
                             "overflow its stack");
  return false;
}
