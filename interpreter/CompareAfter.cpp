//===- CompareAfter.cpp - Check that a pipeline keeps a kernel's meaning --===//

#include "interpreter/CompareAfter.h"
#include "interpreter/Conversions.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <cmath>
#include <cstdio>
#include <cstring>

using namespace mlir;
using namespace mlir::triton::interp;

/// The next flag of triton-opt's flag form: up to a blank outside quotes.
static StringRef nextFlag(StringRef &spec) {
  size_t i = 0;
  char quote = 0;
  for (; i < spec.size(); ++i) {
    char c = spec[i];
    if (quote) {
      if (c == quote)
        quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == ' ' || c == '\t') {
      break;
    }
  }
  StringRef flag = spec.take_front(i);
  spec = spec.drop_front(i).ltrim();
  return flag;
}

std::string mlir::triton::interp::toPassPipelineText(StringRef spec) {
  spec = spec.trim();
  // The pass manager is anchored on the module already: an explicit
  // `builtin.module(...)` around the passes names that anchor (kept, it would
  // nest the passes on modules inside the module, and run nothing).
  if (spec.consume_front("builtin.module(")) {
    if (!spec.consume_back(")"))
      return "builtin.module(" + spec.str(); // let the parser report it
    spec = spec.trim();
  }
  if (!spec.starts_with("-"))
    return spec.str();
  std::string out;
  while (!spec.empty()) {
    StringRef flag = nextFlag(spec).ltrim('-');
    auto [name, options] = flag.split('=');
    if (!out.empty())
      out += ",";
    out += name.str();
    if (options.empty())
      continue;
    if (options.size() >= 2 &&
        (options.front() == '\'' || options.front() == '"') &&
        options.back() == options.front())
      options = options.drop_front().drop_back();
    out += "{" + options.str() + "}";
  }
  return out;
}

llvm::Error mlir::triton::interp::parseComparePipeline(StringRef spec,
                                                       OpPassManager &pm) {
  std::string message;
  llvm::raw_string_ostream os(message);
  if (succeeded(parsePassPipeline(toPassPipelineText(spec), pm, os)))
    return llvm::Error::success();
  return llvm::createStringError("bad --compare-after pipeline '" + spec +
                                 "': " + message);
}

/// `shape`'s index of row-major element `flat`, as "[i, j]".
static std::string indexString(ArrayRef<int64_t> shape, int64_t flat) {
  SmallVector<int64_t, 4> idx(shape.size());
  for (int64_t d = (int64_t)shape.size() - 1; d >= 0; --d) {
    idx[d] = flat % shape[d];
    flat /= shape[d];
  }
  std::string s = "[";
  for (size_t d = 0; d < idx.size(); ++d)
    s += (d ? ", " : "") + std::to_string(idx[d]);
  return s + "]";
}

static std::string floatString(double v) {
  char buf[64];
  snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::optional<std::string>
mlir::triton::interp::firstDifference(const Memory &before, const Memory &after,
                                      Tolerance tolerance) {
  for (auto [x, y] : llvm::zip(before.buffers(), after.buffers())) {
    if (x.internal)
      continue; // scratch of the interpreter's own (and not in every run)
    unsigned bytes = storageBytes(x.elemType);
    // Bit-for-bit comparisons look at the bytes only: the common case of a
    // kernel that passes costs no decoding.
    if (tolerance.exact() && x.bytes == y.bytes)
      continue;
    Tensor tx = valuesOf(x), ty = valuesOf(y);
    for (int64_t i = 0, n = tx.numel(); i < n; ++i) {
      bool same;
      std::string vx, vy;
      if (tx.isFloat) {
        double p = tx.floats[i], q = ty.floats[i];
        if (tolerance.exact())
          same = std::memcmp(x.bytes.data() + i * bytes,
                             y.bytes.data() + i * bytes, bytes) == 0;
        else
          same =
              (std::isnan(p) && std::isnan(q)) || p == q ||
              std::fabs(p - q) <= tolerance.abs + tolerance.rel * std::fabs(p);
        vx = floatString(p);
        vy = floatString(q);
      } else {
        same = tx.ints[i] == ty.ints[i];
        vx = std::to_string(tx.ints[i]);
        vy = std::to_string(ty.ints[i]);
      }
      if (!same)
        return "buffer '" + x.name + "' differs at index " +
               indexString(x.shape, i) + ": " + vx + " before the pipeline, " +
               vy + " after it";
    }
  }
  return std::nullopt;
}

llvm::Error mlir::triton::interp::compareAfterPipeline(
    ModuleOp module, StringRef kernelName, PassManager &pm,
    ArrayRef<int64_t> grid, ArrayRef<KernelArg> args, const Memory &inputs,
    const Memory &results, Tolerance tolerance, llvm::raw_ostream &printOut,
    const RunLimits &limits) {
  OwningOpRef<ModuleOp> transformed = cast<ModuleOp>(module->clone());
  if (failed(pm.run(*transformed)))
    return llvm::createStringError("--compare-after: the pipeline failed");
  Operation *kernel = findKernel(*transformed, kernelName);
  if (!kernel)
    return llvm::createStringError("--compare-after: the pipeline left no "
                                   "tt.func named '" +
                                   kernelName + "'");
  Memory second = inputs;
  if (failed(runKernel(*transformed, kernel, grid, args, second, printOut,
                       limits)))
    return llvm::createStringError(
        "--compare-after: the transformed kernel failed to run");
  if (std::optional<std::string> diff =
          firstDifference(results, second, tolerance))
    return llvm::createStringError("--compare-after: " + *diff);
  return llvm::Error::success();
}
