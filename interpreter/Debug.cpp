//===- Debug.cpp - tt.print, tt.assert and NumPy-style printing -----------===//
//
// tt.print prints one line per argument in the seed's format,
// `(x, y, z) prefix value`, the value as NumPy prints an array; tt.assert
// fails the run with its message, the program id and the op's location.
//
// The NumPy formatting follows `np.array2string`'s defaults closely enough for
// reading and for tests: integers right-aligned to a common width, floats in
// 'maxprec' mode with 8 digits (scientific when the range calls for it),
// booleans as True/False, arrays over 1000 elements summarised with `...`,
// lines wrapped at 75 characters.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Dispatch.h"

#include "dialects/Triton/IR/Dialect.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <functional>

using namespace mlir;
using namespace mlir::triton::interp;

namespace {

/// The shortest decimal (at most `prec` fractional digits) for `v`.
/// Whether the decimal `s` reads back as `v` in format `kind` (NumPy prints
/// the shortest decimal that is unique in the array's own dtype).
bool roundTrips(const char *s, double v, FloatKind kind) {
  return roundFloat(std::strtod(s, nullptr), kind) == v;
}

std::string fixedRepr(double v, int prec, FloatKind kind) {
  char buf[64];
  for (int p = 0; p <= prec; ++p) {
    snprintf(buf, sizeof buf, "%.*f", p, v);
    if (roundTrips(buf, v, kind) || p == prec)
      break;
  }
  // Match NumPy: an integral value keeps its point ("1."), and a value cut
  // at `prec` digits loses its trailing zeros.
  std::string s = buf;
  if (s.find('.') == std::string::npos)
    s += '.';
  while (s.back() == '0')
    s.pop_back();
  return s;
}

/// The fractional digits the shortest unique scientific form of `v` needs.
int sciDigits(double v, int prec, FloatKind kind) {
  char buf[64];
  int p = 0;
  for (; p < prec; ++p) {
    snprintf(buf, sizeof buf, "%.*e", p, v);
    if (roundTrips(buf, v, kind))
      return p;
  }
  // Cut at `prec` digits: NumPy drops the trailing zeros of the mantissa.
  snprintf(buf, sizeof buf, "%.*e", prec, v);
  std::string m(buf, std::string(buf).find('e'));
  while (p > 0 && m.back() == '0') {
    m.pop_back();
    --p;
  }
  return p;
}

std::string sciRepr(double v, int digits) {
  char buf[64];
  snprintf(buf, sizeof buf, "%.*e", digits, v);
  std::string s = buf;
  // NumPy keeps the point even with no fractional digits: "1.e+10".
  size_t e = s.find('e');
  if (s.find('.') == std::string::npos)
    s.insert(e, ".");
  return s;
}

std::string specialRepr(double v) {
  if (std::isnan(v))
    return "nan";
  return v < 0 ? "-inf" : "inf";
}

struct Formatter {
  std::vector<std::string> strs;
  size_t width = 0;
};

Formatter formatAll(const Tensor &t, Type elem, bool hex, bool isUnsigned,
                    const std::vector<int64_t> &shown) {
  Formatter f;
  ElemType e = classify(elem);
  if (hex && t.isFloat) {
    // The GPU prints a float's bit pattern under hex=True.
    for (int64_t i : shown) {
      char buf[32];
      snprintf(buf, sizeof buf, "0x%0*llx", (int)(e.width / 4),
               (unsigned long long)floatToBits(t.floats[i], e.kind));
      f.strs.push_back(buf);
    }
  } else if (!t.isFloat) {
    for (int64_t i : shown) {
      int64_t v = t.ints[i];
      std::string s;
      if (e.width == 1 && !e.isPtr)
        s = v ? "True" : "False";
      else if (hex)
        s = llvm::formatv("{0:x2}", (uint64_t)asUnsigned(v, e.width)).str(),
        s = "0x" + s;
      else if (e.isPtr || isUnsigned)
        s = std::to_string(asUnsigned(v, e.width));
      else
        s = std::to_string(v);
      f.strs.push_back(s);
    }
  } else {
    double maxAbs = 0, minAbs = INFINITY;
    bool anyFinite = false;
    for (int64_t i : shown) {
      double v = t.floats[i];
      if (!std::isfinite(v))
        continue;
      anyFinite = true;
      double a = std::fabs(v);
      maxAbs = std::max(maxAbs, a);
      if (a != 0)
        minAbs = std::min(minAbs, a);
    }
    bool sci = anyFinite && (maxAbs >= 1e8 || (minAbs < 1e-4) ||
                             (minAbs != INFINITY && maxAbs / minAbs > 1e3));
    if (minAbs == INFINITY && maxAbs < 1e8)
      sci = false;
    // 'maxprec' pads every number to the same count of fractional digits.
    // In scientific mode every number gets the most fractional digits any
    // of them needs.
    int digits = 0;
    if (sci)
      for (int64_t i : shown)
        if (std::isfinite(t.floats[i]))
          digits = std::max(digits, sciDigits(t.floats[i], 8, e.kind));
    std::vector<std::string> raw;
    size_t maxFrac = 0, maxInt = 0;
    for (int64_t i : shown) {
      double v = t.floats[i];
      std::string s = !std::isfinite(v) ? specialRepr(v)
                      : sci             ? sciRepr(v, digits)
                                        : fixedRepr(v, 8, e.kind);
      raw.push_back(s);
      size_t dot = s.find('.');
      if (!sci && std::isfinite(v) && dot != std::string::npos) {
        maxFrac = std::max(maxFrac, s.size() - dot - 1);
        maxInt = std::max(maxInt, dot);
      }
    }
    for (auto [i, s] : llvm::enumerate(raw)) {
      size_t dot = s.find('.');
      if (!sci && dot != std::string::npos && std::isfinite(t.floats[shown[i]]))
        s += std::string(maxFrac - (s.size() - dot - 1), ' ');
      f.strs.push_back(s);
    }
  }
  for (auto &s : f.strs)
    f.width = std::max(f.width, s.size());
  return f;
}

} // namespace

static void printNumpyRaw(llvm::raw_ostream &os, const Tensor &t, Type elem,
                          bool hex, bool isUnsigned);

void mlir::triton::interp::printNumpy(llvm::raw_ostream &out, const Tensor &t,
                                      Type elem, bool hex, bool isUnsigned) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printNumpyRaw(os, t, elem, hex, isUnsigned);
  // Like NumPy, drop the padding at the end of each wrapped line.
  std::string clean;
  for (char c : text) {
    if (c == '\n')
      while (!clean.empty() && clean.back() == ' ')
        clean.pop_back();
    clean += c;
  }
  out << clean;
}

static void printNumpyRaw(llvm::raw_ostream &os, const Tensor &t, Type elem,
                          bool hex, bool isUnsigned) {
  int64_t n = t.numel();
  size_t rank = t.shape.size();
  bool summarize = n > 1000;
  const int64_t edge = 3;
  // Which indices along each dimension are shown (-1 marks the ellipsis).
  std::vector<std::vector<int64_t>> shownDim(rank);
  for (size_t d = 0; d < rank; ++d) {
    int64_t len = t.shape[d];
    if (summarize && len > 2 * edge) {
      for (int64_t i = 0; i < edge; ++i)
        shownDim[d].push_back(i);
      shownDim[d].push_back(-1);
      for (int64_t i = len - edge; i < len; ++i)
        shownDim[d].push_back(i);
    } else {
      for (int64_t i = 0; i < len; ++i)
        shownDim[d].push_back(i);
    }
  }
  // Collect the shown flat indices to size the columns.
  std::vector<int64_t> shown;
  std::function<void(size_t, int64_t)> collect = [&](size_t d, int64_t base) {
    if (d == rank) {
      shown.push_back(base);
      return;
    }
    for (int64_t i : shownDim[d])
      if (i >= 0)
        collect(d + 1, base * t.shape[d] + i);
  };
  collect(0, 0);
  Formatter f = formatAll(t, elem, hex, isUnsigned, shown);
  if (rank == 0) {
    os << f.strs[0];
    return;
  }
  size_t next = 0;
  const size_t lineWidth = 75;
  std::function<void(size_t, size_t)> emit = [&](size_t d, size_t indent) {
    os << "[";
    size_t col = indent + 1;
    bool first = true;
    for (int64_t i : shownDim[d]) {
      if (d + 1 == rank) {
        std::string s = i < 0
                            ? std::string("...")
                            : std::string(f.width - f.strs[next].size(), ' ') +
                                  f.strs[next];
        if (i >= 0)
          ++next;
        if (!first) {
          if (col + 1 + s.size() + 1 > lineWidth) {
            os << "\n" << std::string(indent + 1, ' ');
            col = indent + 1;
          } else {
            os << " ";
            ++col;
          }
        }
        os << s;
        col += s.size();
      } else {
        if (!first)
          os << std::string(rank - d - 1, '\n') << std::string(indent + 1, ' ');
        if (i < 0)
          os << "...";
        else
          emit(d + 1, indent + 1);
      }
      first = false;
    }
    os << "]";
  };
  emit(0, 0);
}

namespace {

LogicalResult evalPrint(Executor &ex, triton::PrintOp print) {
  std::string msg;
  llvm::raw_string_ostream os(msg);
  os << "(" << ex.pid[0] << ", " << ex.pid[1] << ", " << ex.pid[2] << ")";
  if (!print.getPrefix().empty())
    os << " " << print.getPrefix();
  if (print.getArgs().empty())
    ex.printOut << msg << "\n";
  ArrayRef<int32_t> isSigned = print.getIsSigned();
  for (auto [i, v] : llvm::enumerate(print.getArgs())) {
    ex.printOut << msg << " ";
    Tensor t = *ex.get(v);
    Type elem = getElementTypeOrSelf(v.getType());
    ElemType e = classify(elem);
    // Unsigned integers print as such (isSigned = 0), as NumPy prints uint.
    bool isUnsigned = !t.isFloat && !e.isPtr && e.width > 1 &&
                      i < isSigned.size() && !isSigned[i];
    // The seed holds scalars as 1-element arrays, so they print as [v].
    if (t.shape.empty())
      t.shape = {1};
    printNumpy(ex.printOut, t, elem, print.getHex(), isUnsigned);
    ex.printOut << "\n";
  }
  ex.printOut.flush();
  return success();
}

LogicalResult evalAssert(Executor &ex, triton::AssertOp as) {
  const Tensor &c = *ex.get(as.getCondition());
  for (size_t i = 0; i < c.ints.size(); ++i)
    if (!c.ints[i])
      return ex.error(as) << "assertion failed: " << as.getMessage()
                          << " (first failing element " << i << ")";
  return success();
}

} // namespace

void mlir::triton::interp::addDebugEvaluators(EvaluatorTable &table) {
  table.add<evalPrint>();
  table.add<evalAssert>();
}
