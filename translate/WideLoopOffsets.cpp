//===- WideLoopOffsets.cpp - wgmma loops' offsets kept 64-bit -------------===//
//
// Loop strength reduction (in LLVM's codegen pipeline) leaves a wgmma loop's
// global addresses as a pointer stepped each iteration plus loop-invariant
// byte offsets, each a 32-bit value sign-extended and scaled in the loop's
// preheader; instruction selection makes each such offset one
// `mul.wide.s32`, and ptxas then folds that multiply into the loop's 64-bit
// add: an IMAD.WIDE per address every iteration, issued after the loop's
// barrier between the cp.async copies, where it stalls dispatch beside the
// HGMMAs (the 2-CTA corpus matmul, 3.6's TTGIR: 0.967x Triton with the fold,
// 1.020x without, H200, docs/results/2026-12-03-clusters-2cta-hybrids).
// Triton's LLVM IR sign-extends in another block than it scales, so its
// offsets reach ptxas as `cvt.s64.s32` and `shl.b64`, which ptxas keeps as
// 64-bit values and adds with LEA and IADD3 ahead of the HGMMAs. Here the
// PTX gets that form: each `mul.wide` by a constant outside a wgmma loop
// whose result the loop reads becomes the conversion and a 64-bit shift (or
// multiply). The rewrite is exact for every value; it is made where the fold
// was measured to cost, loops that issue wgmmas.
//
//===----------------------------------------------------------------------===//

#include "translate/LLVMCodegen.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

/// Off, the PTX keeps instruction selection's mul.wide (experiments: the
/// variant the measurement compares against).
static cl::opt<bool>
    wgmmaLoopOffsetsWide("wgmma-loop-offsets-wide", cl::init(true),
                         cl::desc("give a wgmma loop's loop-invariant 64-bit "
                                  "offsets to ptxas as cvt + shl, not "
                                  "mul.wide (default on)"));

namespace {

/// `mul.wide.{s,u}32 %rdD, %rS, IMM;` as the extension and a 64-bit scaling
/// of %rdD in place; empty where `line` is no such multiply.
std::string widen(StringRef line) {
  static const Regex multiply(
      "^([ \t]*)mul\\.wide\\.([su])32[ \t]+(%rd[0-9]+),[ \t]*(%r[0-9]+),[ "
      "\t]*([0-9]+);[ \t]*$");
  SmallVector<StringRef> match;
  if (!multiply.match(line, &match))
    return "";
  StringRef indent = match[1], sign = match[2], dest = match[3],
            source = match[4];
  uint64_t factor;
  if (match[5].getAsInteger(10, factor))
    return "";
  std::string out = (indent + "cvt." + sign + "64." + sign + "32 \t" + dest +
                     ", " + source + ";\n")
                        .str();
  if (isPowerOf2_64(factor))
    out += (indent + "shl.b64 \t" + dest + ", " + dest + ", " +
            Twine(Log2_64(factor)) + ";")
               .str();
  else
    out += (indent + "mul.lo.s64 \t" + dest + ", " + dest + ", " +
            Twine(factor) + ";")
               .str();
  return out;
}

} // namespace

std::string mlir::triton::keepWgmmaLoopOffsetsWide(StringRef ptx) {
  // Most kernels issue no wgmma: they are returned without a scan.
  if (!wgmmaLoopOffsetsWide || !ptx.contains("wgmma.mma_async"))
    return ptx.str();
  SmallVector<StringRef> lines;
  ptx.split(lines, '\n');
  static const Regex label("^(\\$L__BB[0-9_]+):");
  static const Regex branch("bra(\\.uni)?[ \t]+(\\$L__BB[0-9_]+);");
  static const Regex reg64("%rd[0-9]+");
  // The lines to rewrite: a multiply before a loop (and after the start of
  // its function) whose result the loop reads.
  DenseMap<unsigned, std::string> rewritten;
  StringMap<unsigned> labels;
  unsigned functionStart = 0;
  for (unsigned i = 0, e = lines.size(); i < e; ++i) {
    StringRef line = lines[i];
    if (line.contains(".entry ") || line.contains(".func "))
      functionStart = i;
    SmallVector<StringRef> match;
    if (label.match(line, &match)) {
      labels[match[1]] = i;
      continue;
    }
    if (!branch.match(line, &match))
      continue;
    auto header = labels.find(match[2]);
    if (header == labels.end() || header->second < functionStart)
      continue; // a forward branch
    unsigned begin = header->second;
    ArrayRef<StringRef> loop = ArrayRef(lines).slice(begin, i + 1 - begin);
    if (llvm::none_of(loop, [](StringRef body) {
          return body.contains("wgmma.mma_async");
        }))
      continue;
    StringSet<> read;
    for (StringRef body : loop) {
      SmallVector<StringRef> token;
      while (reg64.match(body, &token)) {
        read.insert(token[0]);
        body = body.substr(body.find(token[0]) + token[0].size());
      }
    }
    for (unsigned j = functionStart; j < begin; ++j) {
      std::string wide = widen(lines[j]);
      SmallVector<StringRef> dest;
      if (!wide.empty() && reg64.match(lines[j], &dest) &&
          read.contains(dest[0]))
        rewritten[j] = std::move(wide);
    }
  }
  if (rewritten.empty())
    return ptx.str();
  std::string out;
  out.reserve(ptx.size() + rewritten.size() * 32);
  for (unsigned i = 0, e = lines.size(); i < e; ++i) {
    auto found = rewritten.find(i);
    out += found == rewritten.end() ? lines[i].str() : found->second;
    if (i + 1 < e)
      out += '\n';
  }
  return out;
}
