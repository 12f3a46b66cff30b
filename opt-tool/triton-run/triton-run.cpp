//===- triton-run.cpp - Run Triton IR on the CPU --------------------------===//
//
// triton-run FILE [--kernel NAME] --grid X[,Y[,Z]] --arg SPEC... [--print NAME]
//            [--save NAME=PATH.npy]... [--compare-after=PIPELINE
//            [--rtol R] [--atol A]]
//
// Every spec is checked before anything runs. With --compare-after the kernel
// runs, the pipeline transforms a copy of the module, the copy runs on the
// same inputs, and the first buffer element that differs fails the run.
//
//===----------------------------------------------------------------------===//

#include "dialects/InitAllDialects.h"
#include "interpreter/ArgSpecs.h"
#include "interpreter/Conversions.h"
#include "interpreter/Executor.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Npy.h"
#include "passes/Triton/RestoreSourceNames.h"
#include "passes/InitAllPasses.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace mlir::triton::interp;
namespace cl = llvm::cl;

static cl::opt<std::string>
    inputFilename(cl::Positional, cl::desc("<input file>"), cl::init("-"));
static cl::opt<std::string> kernelName("kernel", cl::desc("the tt.func to run"),
                                       cl::init(""));
static cl::opt<std::string> gridSpec("grid", cl::desc("programs: X[,Y[,Z]]"),
                                     cl::init(""));
static cl::list<std::string> argSpecs(
    "arg",
    cl::desc("NAME=DTYPE[D0,...][{shape=..,pad=nan}]:INIT or NAME=TYPE:VALUE"));
static cl::list<std::string>
    printNames("print", cl::desc("print buffer NAME after the run"));
static cl::list<std::string>
    saveSpecs("save", cl::desc("NAME=PATH.npy: save a buffer after the run"));
static cl::opt<std::string> compareAfter(
    "compare-after",
    cl::desc("run again after this pass pipeline (textual, or triton-opt flags "
             "such as '-triton-combine -canonicalize') and compare"),
    cl::init(""));
static cl::opt<double> relTol("rtol",
                              cl::desc("relative tolerance of --compare-after"),
                              cl::init(0.0));
static cl::opt<double> absTol("atol",
                              cl::desc("absolute tolerance of --compare-after"),
                              cl::init(0.0));

static int fail(const llvm::Twine &msg) {
  llvm::errs() << "triton-run: error: " << msg << "\n";
  return 1;
}

static bool parseGrid(StringRef spec, SmallVectorImpl<int64_t> &grid) {
  SmallVector<StringRef, 3> parts;
  spec.split(parts, ',');
  if (parts.empty() || parts.size() > 3)
    return false;
  for (StringRef p : parts) {
    int64_t v;
    if (p.trim().getAsInteger(10, v) || v <= 0)
      return false;
    grid.push_back(v);
  }
  return true;
}

/// Accepts triton-opt's flag form too: `-triton-combine -foo='a=1 b=2'`
/// becomes `triton-combine,foo{a=1 b=2}`; a textual pipeline is kept as is.
static std::string toPipelineString(StringRef spec) {
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
    spec = spec.ltrim();
    if (spec.empty())
      break;
    // One flag: up to the next blank outside quotes.
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
    spec = spec.drop_front(i);
    flag = flag.ltrim('-');
    auto [name, opts] = flag.split('=');
    if (!out.empty())
      out += ",";
    out += name.str();
    if (!opts.empty()) {
      if (opts.size() >= 2 && (opts.front() == '\'' || opts.front() == '"') &&
          opts.back() == opts.front())
        opts = opts.drop_front().drop_back();
      out += "{" + opts.str() + "}";
    }
  }
  return out;
}

/// The buffer as a tensor of its values (bf16/fp8 decoded).
static Tensor bufferValues(const Buffer &b) {
  Tensor t;
  t.shape = b.shape;
  ElemType e = classify(b.elemType);
  unsigned bytes = storageBytes(b.elemType);
  int64_t n = t.numel();
  bool isUnsigned = b.dtype[0] == 'u';
  if (e.isFloat) {
    t.isFloat = true;
    t.floats.resize(n);
    for (int64_t i = 0; i < n; ++i) {
      uint64_t bits = 0;
      std::memcpy(&bits, b.bytes.data() + i * bytes, bytes);
      t.floats[i] = bitsToFloat(bits, e.kind);
    }
  } else {
    t.ints.resize(n);
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = 0;
      std::memcpy(&v, b.bytes.data() + i * bytes, bytes);
      t.ints[i] =
          isUnsigned ? (int64_t)asUnsigned(v, e.width) : wrapInt(v, e.width);
    }
  }
  return t;
}

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

/// Compares the buffers of two runs; reports the first difference.
static bool compareRuns(const Memory &a, const Memory &b) {
  for (size_t bi = 0; bi < a.buffers().size(); ++bi) {
    if (a.buffers()[bi].internal)
      continue; // scratch of the interpreter's own (and not in every run)
    const Buffer &x = a.buffers()[bi], &y = b.buffers()[bi];
    Tensor tx = bufferValues(x), ty = bufferValues(y);
    unsigned bytes = storageBytes(x.elemType);
    bool exact = relTol == 0 && absTol == 0;
    for (int64_t i = 0, n = tx.numel(); i < n; ++i) {
      bool same;
      std::string vx, vy;
      if (tx.isFloat) {
        double p = tx.floats[i], q = ty.floats[i];
        if (exact)
          same = std::memcmp(x.bytes.data() + i * bytes,
                             y.bytes.data() + i * bytes, bytes) == 0;
        else
          same = (std::isnan(p) && std::isnan(q)) || p == q ||
                 std::fabs(p - q) <= absTol + relTol * std::fabs(p);
        vx = std::to_string(p);
        vy = std::to_string(q);
        char buf[64];
        snprintf(buf, sizeof buf, "%.9g", p);
        vx = buf;
        snprintf(buf, sizeof buf, "%.9g", q);
        vy = buf;
      } else {
        same = tx.ints[i] == ty.ints[i];
        vx = std::to_string(tx.ints[i]);
        vy = std::to_string(ty.ints[i]);
      }
      if (!same) {
        llvm::errs() << "triton-run: error: --compare-after: buffer '" << x.name
                     << "' differs at index " << indexString(x.shape, i) << ": "
                     << vx << " before the pipeline, " << vy << " after it\n";
        return false;
      }
    }
  }
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::triton::registerTritonPasses();
  cl::ParseCommandLineOptions(argc, argv, "Triton IR interpreter\n");

  // Check every spec before reading the input or running anything.
  SmallVector<int64_t, 3> grid;
  if (gridSpec.empty())
    return fail("missing --grid X[,Y[,Z]]");
  if (!parseGrid(gridSpec, grid))
    return fail("bad --grid '" + gridSpec +
                "': expected one to three positive integers X[,Y[,Z]]");
  SmallVector<ArgSpec, 8> specs;
  for (const std::string &text : argSpecs) {
    auto spec = parseArgSpec(text);
    if (!spec)
      return fail(llvm::toString(spec.takeError()));
    specs.push_back(*spec);
  }
  SmallVector<std::pair<std::string, std::string>, 4> saves;
  for (const std::string &s : saveSpecs) {
    auto [name, path] = StringRef(s).split('=');
    if (name.empty() || path.empty())
      return fail("bad --save '" + s + "': expected NAME=PATH.npy");
    // Fail now rather than after the run when the file cannot be written.
    StringRef dir = llvm::sys::path::parent_path(path);
    if (!dir.empty() && !llvm::sys::fs::is_directory(dir))
      return fail("bad --save '" + s + "': no directory '" + dir + "'");
    saves.push_back({name.str(), path.str()});
  }
  if (relTol < 0 || absTol < 0)
    return fail("--rtol and --atol must not be negative");
  if ((relTol.getNumOccurrences() || absTol.getNumOccurrences()) &&
      compareAfter.empty())
    return fail("--rtol/--atol only apply with --compare-after");

  DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  std::string error;
  auto file = openInputFile(inputFilename, &error);
  if (!file)
    return fail(error);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  // Arguments are named after their name locations; written without any,
  // they are named after their SSA names in the text, as triton-opt does.
  {
    const llvm::MemoryBuffer *buffer =
        sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
    PassManager names(&context, ModuleOp::getOperationName());
    names.addPass(mlir::triton::createRestoreSourceNamesPass(
        buffer->getBufferIdentifier().str(), buffer->getBuffer().str()));
    if (failed(names.run(*module)))
      return 1;
  }
  Operation *kernel = mlir::triton::findKernel(*module, kernelName);
  if (!kernel)
    return 1;

  // The pipeline is parsed before the run, so that a bad one fails early.
  PassManager pm(&context, ModuleOp::getOperationName());
  if (!compareAfter.empty()) {
    std::string perr;
    llvm::raw_string_ostream perrOs(perr);
    if (failed(parsePassPipeline(toPipelineString(compareAfter), pm, perrOs)))
      return fail("bad --compare-after pipeline '" + compareAfter +
                  "': " + perr);
  }

  Memory memory;
  SmallVector<mlir::triton::KernelArg, 8> args;
  llvm::StringMap<size_t> bufferByName;
  if (failed(bindArgs(kernel, specs, memory, args, bufferByName)))
    return 1;
  for (auto &[name, path] : saves)
    if (!bufferByName.count(name))
      return fail("--save names '" + name + "', which is not a bound buffer");
  for (const std::string &name : printNames)
    if (!bufferByName.count(name))
      return fail("--print names '" + name + "', which is not a bound buffer");

  // The inputs of the second run (copied only when a comparison needs them).
  Memory initial;
  if (!compareAfter.empty())
    initial = memory;
  auto start = std::chrono::steady_clock::now();
  if (failed(mlir::triton::runKernel(*module, kernel, grid, args, memory,
                                     llvm::outs())))
    return 1;
  // For benchmarks: the time of the run alone, without parsing and inputs.
  if (std::getenv("TRITON_RUN_TIMING"))
    llvm::errs() << "triton-run: kernel time "
                 << llvm::format("%.6f",
                                 std::chrono::duration<double>(
                                     std::chrono::steady_clock::now() - start)
                                     .count())
                 << " s\n";

  if (!compareAfter.empty()) {
    OwningOpRef<ModuleOp> transformed = cast<ModuleOp>((*module)->clone());
    if (failed(pm.run(*transformed)))
      return fail("--compare-after: the pipeline failed");
    StringRef name = cast<mlir::triton::FuncOp>(kernel).getName();
    Operation *kernel2 = mlir::triton::findKernel(*transformed, name);
    if (!kernel2)
      return 1;
    Memory second = initial;
    if (failed(mlir::triton::runKernel(*transformed, kernel2, grid, args,
                                       second, llvm::outs())))
      return fail("--compare-after: the transformed kernel failed to run");
    if (!compareRuns(memory, second))
      return 1;
  }

  for (const std::string &name : printNames) {
    const Buffer &b = memory.buffers()[bufferByName[name]];
    llvm::outs() << name << ":\n";
    Tensor t = bufferValues(b);
    Type elem = b.elemType;
    printNumpy(llvm::outs(), t, elem, /*hex=*/false,
               /*isUnsigned=*/b.dtype[0] == 'u');
    llvm::outs() << "\n";
  }
  for (auto &[name, path] : saves)
    if (llvm::Error e = writeNpy(memory.buffers()[bufferByName[name]], path))
      return fail(llvm::toString(std::move(e)));
  return 0;
}
