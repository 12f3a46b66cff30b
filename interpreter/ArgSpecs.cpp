//===- ArgSpecs.cpp - Kernel arguments from command-line specs ------------===//

#include "interpreter/ArgSpecs.h"
#include "interpreter/Conversions.h"
#include "interpreter/Npy.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstring>
#include <thread>

using namespace mlir;
using namespace mlir::triton::interp;
using llvm::StringRef;

static llvm::Error specError(StringRef text, const llvm::Twine &why) {
  return llvm::createStringError("bad --arg '" + text + "': " + why);
}

static bool knownDtype(StringRef d) {
  return llvm::is_contained({"i1", "i8", "i16", "i32", "i64", "u8", "u16",
                             "u32", "u64", "f16", "bf16", "f32", "f64",
                             "f8e4nv", "f8e5"},
                            d);
}

Type mlir::triton::interp::dtypeToType(MLIRContext *ctx, StringRef d) {
  Builder b(ctx);
  return llvm::StringSwitch<Type>(d)
      .Case("i1", b.getI1Type())
      .Cases({"i8", "u8"}, b.getI8Type())
      .Cases({"i16", "u16"}, b.getI16Type())
      .Cases({"i32", "u32"}, b.getI32Type())
      .Cases({"i64", "u64"}, b.getI64Type())
      .Case("f16", b.getF16Type())
      .Case("bf16", b.getBF16Type())
      .Case("f32", b.getF32Type())
      .Case("f64", b.getF64Type())
      .Case("f8e4nv", b.getType<Float8E4M3FNType>())
      .Case("f8e5", b.getType<Float8E5M2Type>())
      .Default(Type());
}

llvm::Expected<ArgSpec> mlir::triton::interp::parseArgSpec(StringRef text) {
  ArgSpec s;
  s.text = text.str();
  auto [name, rest] = text.split('=');
  if (rest.empty() && !text.contains('='))
    return specError(text, "expected NAME=DTYPE[DIMS]:INIT or NAME=TYPE:VALUE");
  name = name.trim();
  if (name.empty())
    return specError(text, "missing argument name before '='");
  s.name = name.str();
  size_t colon = rest.find(':');
  size_t bracket = rest.find('[');
  if (bracket != StringRef::npos &&
      (colon == StringRef::npos || bracket < colon)) {
    s.isBuffer = true;
    s.dtype = rest.take_front(bracket).str();
    size_t close = rest.find(']', bracket);
    if (close == StringRef::npos)
      return specError(text, "missing ']' after the dimensions");
    SmallVector<StringRef, 4> dims;
    rest.slice(bracket + 1, close).split(dims, ',');
    for (StringRef d : dims) {
      int64_t v;
      if (d.trim().getAsInteger(10, v) || v <= 0)
        return specError(text, "dimension '" + d.trim() +
                                   "' is not a positive integer");
      s.shape.push_back(v);
    }
    StringRef after = rest.drop_front(close + 1);
    if (after.consume_front("{")) {
      size_t end = after.find('}');
      if (end == StringRef::npos)
        return specError(text, "missing '}' after the descriptor options");
      s.hasDescOptions = true;
      SmallVector<StringRef, 2> options;
      after.take_front(end).split(options, ',');
      for (StringRef option : options) {
        auto [key, value] = option.trim().split('=');
        if (key == "pad" && (value == "nan" || value == "zero")) {
          s.padNan = value == "nan";
        } else if (key == "shape") {
          SmallVector<StringRef, 4> ds;
          value.split(ds, 'x');
          s.descShape.clear();
          for (StringRef d : ds) {
            int64_t v;
            if (d.trim().getAsInteger(10, v) || v <= 0)
              return specError(text,
                               "descriptor shape '" + value +
                                   "' is not D0xD1... of positive integers");
            s.descShape.push_back(v);
          }
        } else {
          return specError(text, "unknown descriptor option '" + option.trim() +
                                     "' (shape=D0xD1..., pad=zero, pad=nan)");
        }
      }
      after = after.drop_front(end + 1);
    }
    if (!after.consume_front(":"))
      return specError(text, "expected ':INIT' after the dimensions");
    s.init = after.str();
    StringRef init = after;
    bool ok = init == "zeros" || init == "ones" || init == "arange" ||
              ((init.starts_with("rand(") || init.starts_with("randint(") ||
                init.starts_with("fill(") || init.starts_with("file(")) &&
               init.ends_with(")"));
    if (!ok)
      return specError(text,
                       "unknown initialiser '" + init +
                           "' (zeros, ones, arange, rand(SEED), "
                           "randint(LO,HI,SEED), fill(V), file(PATH.npy))");
  } else {
    if (colon == StringRef::npos)
      return specError(
          text,
          "expected TYPE:VALUE for a scalar or DTYPE[DIMS]:INIT for a buffer");
    s.dtype = rest.take_front(colon).str();
    s.value = rest.drop_front(colon + 1).str();
    if (s.value.empty())
      return specError(text, "missing scalar value after ':'");
  }
  if (!knownDtype(s.dtype))
    return specError(text, "unknown dtype '" + s.dtype +
                               "' (i1 i8 i16 i32 i64 u8 u16 u32 u64 f16 bf16 "
                               "f32 f64 f8e4nv f8e5)");
  return s;
}

namespace {
struct SplitMix64 {
  static constexpr uint64_t gamma = 0x9e3779b97f4a7c15ULL;
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += gamma);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Through int64_t: the value fits in 53 bits, and a signed conversion is
  // one instruction where an unsigned one is several.
  double uniform() { return (double)(int64_t)(next() >> 11) * 0x1.0p-53; }
};

bool parseInt(StringRef s, int64_t &v) {
  s = s.trim();
  if (s.starts_with("-")) {
    uint64_t u;
    constexpr uint64_t minMagnitude = uint64_t(1) << 63;
    if (s.drop_front().getAsInteger(0, u) || u > minMagnitude)
      return false;
    // -2^63 has no positive counterpart to negate.
    v = u == minMagnitude ? std::numeric_limits<int64_t>::min() : -(int64_t)u;
    return true;
  }
  uint64_t u;
  if (s.getAsInteger(0, u))
    return false;
  v = (int64_t)u;
  return true;
}

bool parseDouble(StringRef s, double &v) {
  std::string str = s.trim().str();
  if (str == "nan" || str == "inf" || str == "-inf") {
    v = std::strtod(str.c_str(), nullptr);
    return true;
  }
  char *end = nullptr;
  v = std::strtod(str.c_str(), &end);
  return !str.empty() && end == str.c_str() + str.size();
}

/// Writes the elements of a buffer from doubles (floats) or integers, rounded
/// to the buffer's dtype (fp8 saturating).
struct ElementWriter {
  explicit ElementWriter(Buffer &b)
      : b(b), e(classify(b.elemType)), bytes(storageBytes(b.elemType)) {}
  void put(size_t i, double fv, int64_t iv, bool useInt) {
    uint8_t *p = b.bytes.data() + i * bytes;
    if (e.isFloat) {
      double v = useInt ? (double)iv : fv;
      if (e.kind == FloatKind::F32) {
        float f = (float)v;
        std::memcpy(p, &f, 4);
        return;
      }
      v = roundFloat(v, e.kind, false, saturatesOnConvert(e.kind));
      uint64_t bits = floatToBits(v, e.kind);
      std::memcpy(p, &bits, bytes);
      return;
    }
    int64_t v = useInt ? iv : (int64_t)fv;
    if (e.width == 1)
      v = v != 0;
    std::memcpy(p, &v, bytes);
  }
  Buffer &b;
  ElemType e;
  unsigned bytes;
};

/// Runs `body(begin, end)` over [0, n) in contiguous chunks, one per core for
/// large n. Generating a large input is a good part of a short run, and the
/// chunks write disjoint elements.
template <typename F> void inParallel(int64_t n, unsigned threads, F body) {
  if (n < (int64_t(1) << 16) || threads < 2) {
    body(0, n);
    return;
  }
  threads = std::min(threads, 8u);
  int64_t chunk = (n + threads - 1) / threads;
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(body, std::min(n, t * chunk),
                      std::min(n, (t + 1) * chunk));
  body(0, std::min(n, chunk));
  for (std::thread &t : pool)
    t.join();
}

/// One accepted pair of Marsaglia's polar method: u, v uniform in (-1, 1)
/// with 0 < q = u^2 + v^2 < 1.
struct PolarPair {
  double u, v, q;
};
inline PolarPair nextPolarPair(SplitMix64 &g) {
  PolarPair p;
  do {
    p.u = 2.0 * g.uniform() - 1.0;
    p.v = 2.0 * g.uniform() - 1.0;
    p.q = p.u * p.u + p.v * p.v;
  } while (p.q >= 1.0 || p.q == 0.0);
  return p;
}

/// Standard normals from `g` into elements [0, n), two per accepted pair.
/// Pair k's draws follow a data-dependent number of rejections, so a quick
/// pass (no logarithms) finds where each chunk's pairs start in the stream;
/// the chunks then give exactly the values one sequential pass would.
void putNormals(SplitMix64 g, int64_t n, unsigned threads, ElementWriter &out) {
  int64_t pairs = (n + 1) / 2;
  threads =
      pairs < (int64_t(1) << 15) || threads < 2 ? 1 : std::min(threads, 8u);
  int64_t chunk = (pairs + threads - 1) / threads;
  std::vector<SplitMix64> starts{g};
  for (unsigned t = 1; t < threads; ++t) {
    for (int64_t k = 0; k < chunk; ++k)
      nextPolarPair(g);
    starts.push_back(g);
  }
  auto fill = [&](unsigned t) {
    SplitMix64 s = starts[t];
    for (int64_t k = t * chunk, end = std::min(pairs, (t + 1) * chunk); k < end;
         ++k) {
      PolarPair p = nextPolarPair(s);
      double f = std::sqrt(-2.0 * std::log(p.q) / p.q);
      out.put(2 * k, p.u * f, 0, false);
      if (2 * k + 1 < n)
        out.put(2 * k + 1, p.v * f, 0, false);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(fill, t);
  fill(0);
  for (std::thread &t : pool)
    t.join();
}

} // namespace

llvm::Expected<Buffer> mlir::triton::interp::makeBuffer(MLIRContext *ctx,
                                                        const ArgSpec &spec,
                                                        unsigned threads) {
  if (threads == 0)
    threads = std::thread::hardware_concurrency();
  Buffer b;
  b.name = spec.name;
  b.dtype = spec.dtype;
  b.elemType = dtypeToType(ctx, spec.dtype);
  b.shape = spec.shape;
  int64_t n = 1;
  const int64_t maxBytes = int64_t(1) << 34; // 16 GiB
  for (int64_t d : spec.shape) {
    if (d > maxBytes / n)
      return specError(spec.text, "the buffer is larger than 16 GiB");
    n *= d;
  }
  if (n * (int64_t)storageBytes(b.elemType) > maxBytes)
    return specError(spec.text, "the buffer is larger than 16 GiB");
  b.bytes.assign(n * storageBytes(b.elemType), 0);
  StringRef init = spec.init;
  auto args = [&](StringRef fn) {
    SmallVector<StringRef, 3> parts;
    init.drop_front(fn.size() + 1).drop_back().split(parts, ',');
    return parts;
  };
  if (init == "zeros")
    return b;
  ElementWriter out(b);
  if (init == "ones" || init == "arange") {
    for (int64_t i = 0; i < n; ++i)
      out.put(i, 0, init == "ones" ? 1 : i, true);
    return b;
  }
  if (init.starts_with("fill(")) {
    auto a = args("fill");
    int64_t iv;
    double fv;
    bool isInt = a.size() == 1 && parseInt(a[0], iv);
    if (a.size() != 1 || (!isInt && !parseDouble(a[0], fv)))
      return specError(spec.text, "fill(V) needs one number");
    // An integer buffer takes a non-integer V truncated; one outside int64
    // (or NaN) has no value to truncate to (converting it is undefined).
    if (!isInt && !out.e.isFloat && !(fv >= -0x1p63 && fv < 0x1p63))
      return specError(spec.text,
                       "fill(V) is out of range for an integer buffer");
    for (int64_t i = 0; i < n; ++i)
      out.put(i, isInt ? 0 : fv, isInt ? iv : 0, isInt);
    return b;
  }
  if (init.starts_with("randint(")) {
    auto a = args("randint");
    int64_t lo, hi, seed;
    if (a.size() != 3 || !parseInt(a[0], lo) || !parseInt(a[1], hi) ||
        !parseInt(a[2], seed) || hi <= lo)
      return specError(spec.text,
                       "randint(LO,HI,SEED) needs integers with LO < HI");
    // In unsigned arithmetic: the span of the widest range does not fit in
    // int64_t.
    uint64_t span = (uint64_t)hi - (uint64_t)lo;
    inParallel(n, threads, [&](int64_t begin, int64_t end) {
      // Draw i is the generator's (i + 1)-th: start each chunk there.
      SplitMix64 g{(uint64_t)seed + (uint64_t)begin * SplitMix64::gamma};
      for (int64_t i = begin; i < end; ++i)
        out.put(i, 0, (int64_t)((uint64_t)lo + g.next() % span), true);
    });
    return b;
  }
  if (init.starts_with("rand(")) {
    auto a = args("rand");
    int64_t seed;
    if (a.size() != 1 || !parseInt(a[0], seed))
      return specError(spec.text, "rand(SEED) needs an integer seed");
    putNormals(SplitMix64{(uint64_t)seed}, n, threads, out);
    return b;
  }
  if (init.starts_with("file(")) {
    if (llvm::Error e = readNpy(b, init.drop_front(5).drop_back()))
      return std::move(e);
    return b;
  }
  return specError(spec.text, "unknown initialiser");
}

std::string mlir::triton::interp::argName(Operation *kernel, unsigned i) {
  auto func = cast<triton::FuncOp>(kernel);
  Location loc = func.getArgument(i).getLoc();
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  return "";
}

static bool scalarMatches(Type t, StringRef dtype, MLIRContext *ctx) {
  Type want = dtypeToType(ctx, dtype);
  return want && want == t;
}

/// Checks the buffer spec `s` bound to the descriptor argument `idx` and
/// works out the descriptor's shape and strides; the shape and stride
/// arguments that follow it (owned by `idx` in `descOwner`) get those values
/// in `filled`.
template <typename Fail>
static LogicalResult bindDescriptor(
    triton::FuncOp func, unsigned idx, const ArgSpec &s,
    triton::TensorDescType descTy, const std::string &argDesc, Fail &fail,
    SmallVectorImpl<int64_t> &shape, SmallVectorImpl<int64_t> &strides,
    SmallVectorImpl<int> &descOwner, SmallVectorImpl<TensorRef> &filled) {
  RankedTensorType block = descTy.getBlockType();
  Type elem = block.getElementType();
  size_t rank = block.getRank();
  if (!s.isBuffer) {
    fail() << argDesc << " is a tensor descriptor " << descTy << " but --arg '"
           << s.text
           << "' gives a scalar (bind the tensor it describes: "
              "NAME=DTYPE[DIMS]:INIT)";
    return failure();
  }
  if (dtypeToType(func.getContext(), s.dtype) != elem) {
    fail() << argDesc << " describes a tensor of " << elem << " but --arg '"
           << s.text << "' gives a buffer of " << s.dtype;
    return failure();
  }
  if (s.shape.size() != rank ||
      (!s.descShape.empty() && s.descShape.size() != rank)) {
    fail() << argDesc << " describes a tensor of rank " << rank
           << " but --arg '" << s.text << "' gives another rank";
    return failure();
  }
  shape.assign(s.descShape.empty() ? s.shape : s.descShape);
  for (size_t d = 0; d < rank; ++d)
    if (shape[d] > s.shape[d] || shape[d] > INT32_MAX) {
      fail() << "--arg '" << s.text << "': the descriptor's dimension " << d
             << " (" << shape[d] << ") exceeds the buffer's (" << s.shape[d]
             << ")";
      return failure();
    }
  strides.assign(rank, 1);
  for (int64_t d = (int64_t)rank - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * s.shape[d + 1];
  unsigned bytes = storageBytes(elem);
  for (size_t d = 0; d + 1 < rank; ++d)
    if ((strides[d] * bytes) % 16 != 0) {
      fail() << argDesc << " is a tensor descriptor, whose stride " << d << " ("
             << strides[d] << " elements of " << s.dtype
             << ") must be a multiple of 16 bytes; --arg '" << s.text
             << "' gives a buffer whose rows are not (a wider buffer with "
                "{shape=...} views part of it)";
      return failure();
    }
  if (idx + 2 * rank < descOwner.size() && descOwner[idx + 1] == (int)idx)
    for (size_t r = 0; r < rank; ++r) {
      filled[idx + 1 + r] = Tensor::ofInts({}, shape[r]);
      filled[idx + 1 + rank + r] = Tensor::ofInts({}, strides[r]);
    }
  return success();
}

/// Marks in `descOwner` the shape (i32) and stride (i64) arguments Triton
/// 3.6 passes after each host descriptor, when they follow it.
static void findDescriptorFields(triton::FuncOp func,
                                 SmallVectorImpl<int> &descOwner) {
  unsigned n = func.getNumArguments();
  for (unsigned i = 0; i < n; ++i) {
    auto descTy =
        dyn_cast<triton::TensorDescType>(func.getArgument(i).getType());
    if (!descTy)
      continue;
    size_t rank = descTy.getBlockType().getRank();
    bool follows = i + 2 * rank < n;
    for (size_t r = 0; follows && r < rank; ++r)
      follows = func.getArgument(i + 1 + r).getType().isInteger(32) &&
                func.getArgument(i + 1 + rank + r).getType().isInteger(64);
    for (size_t j = 1; follows && j <= 2 * rank; ++j)
      descOwner[i + j] = i;
  }
}

LogicalResult
mlir::triton::interp::bindArgs(Operation *kernel, ArrayRef<ArgSpec> specs,
                               Memory &memory, SmallVectorImpl<KernelArg> &args,
                               llvm::StringMap<size_t> &bufferByName,
                       int64_t maxBytes) {
  auto func = cast<triton::FuncOp>(kernel);
  MLIRContext *ctx = kernel->getContext();
  unsigned n = func.getNumArguments();
  SmallVector<int, 8> specOf(n, -1);
  // A host descriptor's shape and strides, and the arguments it fills.
  SmallVector<SmallVector<int64_t, 4>, 8> descShape(n), descStrides(n);
  SmallVector<int, 8> descOwner(n, -1);
  SmallVector<TensorRef, 8> filled(n);
  findDescriptorFields(func, descOwner);
  bool ok = true;
  auto fail = [&]() {
    ok = false;
    return func.emitError();
  };
  for (auto [si, s] : llvm::enumerate(specs)) {
    int idx = -1;
    // The first argument of a name: a host descriptor's shape and strides
    // carry its name too.
    for (unsigned i = 0; i < n && idx < 0; ++i)
      if (argName(kernel, i) == s.name)
        idx = i;
    unsigned v;
    if (idx < 0 && !StringRef(s.name).getAsInteger(10, v) && v < n)
      idx = v;
    if (idx < 0) {
      fail() << "--arg '" << s.text << "' names no argument of @"
             << func.getName();
      continue;
    }
    if (specOf[idx] >= 0) {
      fail() << "argument " << idx << " ('" << argName(kernel, idx)
             << "') is bound twice: '" << specs[specOf[idx]].text << "' and '"
             << s.text << "'";
      continue;
    }
    specOf[idx] = si;
    Type t = func.getArgument(idx).getType();
    std::string argDesc =
        "argument " + std::to_string(idx) + " ('" + argName(kernel, idx) + "')";
    if (s.hasDescOptions && !isa<triton::TensorDescType>(t)) {
      fail() << argDesc << " is not a tensor descriptor, but --arg '" << s.text
             << "' gives descriptor options";
      continue;
    }
    if (auto descTy = dyn_cast<triton::TensorDescType>(t)) {
      if (failed(bindDescriptor(func, idx, s, descTy, argDesc, fail,
                                descShape[idx], descStrides[idx], descOwner,
                                filled)))
        continue;
    } else if (auto ptr = dyn_cast<triton::PointerType>(t)) {
      if (!s.isBuffer) {
        fail() << argDesc << " is a pointer " << t << " but --arg '" << s.text
               << "' gives a scalar";
        continue;
      }
      if (dtypeToType(ctx, s.dtype) != ptr.getPointeeType()) {
        fail() << argDesc << " points to " << ptr.getPointeeType()
               << " but --arg '" << s.text << "' gives a buffer of " << s.dtype;
        continue;
      }
    } else if (isa<IntegerType, FloatType>(t)) {
      if (s.isBuffer) {
        fail() << argDesc << " is a scalar " << t << " but --arg '" << s.text
               << "' gives a buffer";
        continue;
      }
      if (!scalarMatches(t, s.dtype, ctx)) {
        fail() << argDesc << " is " << t << " but --arg '" << s.text
               << "' gives " << s.dtype;
        continue;
      }
    } else {
      fail() << argDesc << " has type " << t
             << ", which the interpreter cannot bind yet";
      continue;
    }
  }
  for (unsigned i = 0; i < n; ++i)
    if (descOwner[i] >= 0 && specOf[i] >= 0)
      fail() << "argument " << i << " ('" << argName(kernel, i)
             << "') is filled by the tensor descriptor of argument "
             << descOwner[i] << "; --arg '" << specs[specOf[i]].text
             << "' cannot bind it";
  for (unsigned i = 0; i < n; ++i)
    if (specOf[i] < 0 && descOwner[i] < 0)
      fail() << "argument " << i << " ('" << argName(kernel, i)
             << "': " << func.getArgument(i).getType()
             << ") is not bound; add --arg "
             << (argName(kernel, i).empty() ? std::to_string(i)
                                            : argName(kernel, i))
             << "=...";
  if (!ok)
    return failure();
  // The buffers must fit the memory budget together; nothing is allocated
  // when they do not.
  int64_t total = 0;
  for (unsigned i = 0; i < n; ++i) {
    if (descOwner[i] >= 0 || !specs[specOf[i]].isBuffer)
      continue;
    const ArgSpec &s = specs[specOf[i]];
    int64_t bytes = storageBytes(dtypeToType(ctx, s.dtype));
    bool overflow = false;
    for (int64_t d : s.shape)
      overflow |= llvm::MulOverflow(bytes, d, bytes);
    overflow |= llvm::AddOverflow(total, bytes, total);
    if (overflow || total > maxBytes) {
      fail() << "--arg '" << s.text << "': the buffers need "
             << (overflow ? std::string("more than 2^63")
                          : std::to_string(total))
             << " bytes together, more than the memory budget (--max-memory="
             << maxBytes << ")";
      return failure();
    }
  }
  // All specs are sound: create the values. Random buffers come first, one
  // thread each when there are several: a buffer split between threads
  // needs a sequential pass to find where each part starts in the stream.
  SmallVector<unsigned, 8> random;
  for (unsigned i = 0; i < n; ++i) {
    if (descOwner[i] >= 0 || !specs[specOf[i]].isBuffer)
      continue;
    StringRef init = specs[specOf[i]].init;
    if (init.starts_with("rand(") || init.starts_with("randint("))
      random.push_back(i);
  }
  struct Made {
    bool done = false;
    Buffer buffer;
    std::string error;
  };
  std::vector<Made> made(n);
  unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  for (size_t first = 0;
       cores > 1 && random.size() > 1 && first + 1 < random.size();
       first += cores) {
    std::vector<std::thread> pool;
    for (size_t j = first; j < std::min(random.size(), first + cores); ++j)
      pool.emplace_back([&, i = random[j]] {
        llvm::Expected<Buffer> buf = makeBuffer(ctx, specs[specOf[i]], 1);
        made[i].done = true;
        if (buf)
          made[i].buffer = std::move(*buf);
        else
          made[i].error = llvm::toString(buf.takeError());
      });
    for (std::thread &t : pool)
      t.join();
  }
  args.clear();
  for (unsigned i = 0; i < n; ++i) {
    KernelArg a;
    if (descOwner[i] >= 0) {
      a.scalar = filled[i];
      args.push_back(a);
      continue;
    }
    const ArgSpec &s = specs[specOf[i]];
    if (s.isBuffer) {
      llvm::Expected<Buffer> buf =
          !made[i].done ? makeBuffer(ctx, s)
          : made[i].error.empty()
              ? llvm::Expected<Buffer>(std::move(made[i].buffer))
              : llvm::Expected<Buffer>(llvm::createStringError(made[i].error));
      if (!buf) {
        fail() << llvm::toString(buf.takeError());
        return failure();
      }
      a.isBuffer = true;
      a.buffer = memory.add(std::move(*buf));
      bufferByName[s.name] = a.buffer;
      std::string nm = argName(kernel, i);
      if (!nm.empty())
        bufferByName[nm] = a.buffer;
      bufferByName[std::to_string(i)] = a.buffer;
      if (auto descTy =
              dyn_cast<triton::TensorDescType>(func.getArgument(i).getType())) {
        // The descriptor itself is a value; its buffer stays bound by name.
        auto bp = std::make_shared<BlockPtr>();
        bp->isDescriptor = true;
        bp->base = memory.buffers()[a.buffer].base;
        bp->shape = descShape[i];
        bp->strides = descStrides[i];
        ArrayRef<int64_t> block = descTy.getBlockType().getShape();
        bp->blockShape.assign(block.begin(), block.end());
        bp->padNan = s.padNan;
        auto t = Tensor::ofInts({}, bp->base);
        t->block = bp;
        a.isBuffer = false;
        a.scalar = t;
      }
    } else {
      ElemType e = classify(func.getArgument(i).getType());
      auto t = std::make_shared<Tensor>();
      if (e.isFloat) {
        double v;
        if (!parseDouble(s.value, v)) {
          fail() << "bad --arg '" << s.text << "': '" << s.value
                 << "' is not a number";
          return failure();
        }
        t->isFloat = true;
        t->floats = {roundFloat(v, e.kind)};
      } else {
        int64_t v;
        StringRef val = s.value;
        if (e.width == 1 && (val == "true" || val == "false"))
          v = val == "true";
        else if (!parseInt(val, v)) {
          fail() << "bad --arg '" << s.text << "': '" << s.value
                 << "' is not an integer";
          return failure();
        }
        t->ints = {wrapInt(v, e.width)};
      }
      a.scalar = t;
    }
    args.push_back(a);
  }
  return success();
}
