//===- Driver.cpp - What triton-run does with its options -----------------===//

#include "interpreter/Driver.h"
#include "interpreter/Executor.h"
#include "interpreter/Npy.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include <chrono>

using namespace mlir;
using namespace mlir::triton::interp;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

/// An error whose message is empty: the diagnostics said what failed.
static llvm::Error reported() { return llvm::createStringError(""); }

/// CUDA's limits on a grid (x up to 2^31 - 1, y and z up to 65535), which
/// the interpreter keeps too.
static const int64_t kMaxGrid[3] = {(int64_t(1) << 31) - 1, 65535, 65535};

static llvm::Error parseGrid(StringRef spec, SmallVectorImpl<int64_t> &grid) {
  SmallVector<StringRef, 3> parts;
  spec.split(parts, ',');
  auto bad = [&] {
    return fail("bad --grid '" + spec +
                "': expected one to three positive integers X[,Y[,Z]]");
  };
  if (parts.empty() || parts.size() > 3)
    return bad();
  for (StringRef p : parts) {
    int64_t v;
    if (p.trim().getAsInteger(10, v) || v <= 0)
      return bad();
    unsigned d = grid.size();
    if (v > kMaxGrid[d])
      return fail("bad --grid '" + spec + "': " + StringRef("xyz" + d, 1) +
                  " is " + llvm::Twine(v) + ", more than the " +
                  llvm::Twine(kMaxGrid[d]) + " programs a grid can have");
    grid.push_back(v);
  }
  return llvm::Error::success();
}

std::optional<int64_t> mlir::triton::interp::parseByteCount(StringRef text) {
  StringRef digits = text.take_while(llvm::isDigit);
  StringRef unit = text.drop_front(digits.size());
  uint64_t n;
  if (digits.empty() || digits.getAsInteger(10, n))
    return std::nullopt;
  unsigned shift = 0;
  if (!unit.empty()) {
    switch (llvm::toUpper(unit.front())) {
    case 'K': shift = 10; break;
    case 'M': shift = 20; break;
    case 'G': shift = 30; break;
    case 'T': shift = 40; break;
    case 'B': break;
    default: return std::nullopt;
    }
    if (shift)
      unit = unit.drop_front();
    if (!unit.empty() && unit != "B" && unit != "iB" && unit != "b")
      return std::nullopt;
  }
  if (n > (uint64_t(1) << 62) >> shift)
    return std::nullopt;
  return int64_t(n << shift);
}

llvm::Expected<RunPlan>
mlir::triton::interp::planRun(const RunOptions &options) {
  RunPlan plan;
  if (options.grid.empty())
    return fail("missing --grid X[,Y[,Z]]");
  if (llvm::Error e = parseGrid(options.grid, plan.grid))
    return e;
  if (!options.maxSteps.empty()) {
    if (StringRef(options.maxSteps).getAsInteger(10, plan.limits.maxSteps) ||
        plan.limits.maxSteps == 0)
      return fail("bad --max-steps '" + options.maxSteps +
                  "': expected a positive number of steps");
  }
  if (!options.maxMemory.empty()) {
    std::optional<int64_t> bytes = parseByteCount(options.maxMemory);
    if (!bytes || *bytes == 0)
      return fail("bad --max-memory '" + options.maxMemory +
                  "': expected a positive size in bytes, such as 4096, 512M "
                  "or 8G");
    plan.limits.maxMemory = *bytes;
  }
  for (const std::string &text : options.args) {
    llvm::Expected<ArgSpec> spec = parseArgSpec(text);
    if (!spec)
      return spec.takeError();
    plan.args.push_back(std::move(*spec));
  }
  for (const std::string &s : options.save) {
    auto [name, path] = StringRef(s).split('=');
    if (name.empty() || path.empty())
      return fail("bad --save '" + s + "': expected NAME=PATH.npy");
    // Fail now rather than after the run when the file cannot be written.
    StringRef dir = llvm::sys::path::parent_path(path);
    if (!dir.empty() && !llvm::sys::fs::is_directory(dir))
      return fail("bad --save '" + s + "': no directory '" + dir + "'");
    plan.save.push_back({name.str(), path.str()});
  }
  if (options.tolerance.rel < 0 || options.tolerance.abs < 0)
    return fail("--rtol and --atol must not be negative");
  if (options.toleranceGiven && options.compareAfter.empty())
    return fail("--rtol/--atol only apply with --compare-after");
  return plan;
}

llvm::Error mlir::triton::interp::runModule(ModuleOp module,
                                            const RunOptions &options,
                                            const RunPlan &plan,
                                            llvm::raw_ostream &out) {
  Operation *kernel = findKernel(module, options.kernelName);
  if (!kernel)
    return reported();
  // The pipeline is parsed before the run, so that a bad one fails early.
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  if (!options.compareAfter.empty())
    if (llvm::Error e = parseComparePipeline(options.compareAfter, pm))
      return e;

  Memory memory;
  SmallVector<KernelArg, 8> args;
  llvm::StringMap<size_t> bufferByName;
  if (failed(bindArgs(kernel, plan.args, memory, args, bufferByName,
                      plan.limits.maxMemory)))
    return reported();
  for (auto &[name, path] : plan.save)
    if (!bufferByName.count(name))
      return fail("--save names '" + name + "', which is not a bound buffer");
  for (const std::string &name : options.print)
    if (!bufferByName.count(name))
      return fail("--print names '" + name + "', which is not a bound buffer");

  // The inputs of the second run (copied only when a comparison needs them).
  Memory inputs;
  if (!options.compareAfter.empty())
    inputs = memory;
  auto start = std::chrono::steady_clock::now();
  if (failed(
          runKernel(module, kernel, plan.grid, args, memory, out, plan.limits)))
    return reported();
  // For benchmarks: the time of the run alone, without parsing and inputs.
  if (options.reportKernelTime)
    llvm::errs() << "triton-run: kernel time "
                 << llvm::format("%.6f",
                                 std::chrono::duration<double>(
                                     std::chrono::steady_clock::now() - start)
                                     .count())
                 << " s\n";

  if (!options.compareAfter.empty()) {
    StringRef name = cast<triton::FuncOp>(kernel).getName();
    if (llvm::Error e =
            compareAfterPipeline(module, name, pm, plan.grid, args, inputs,
                                 memory, options.tolerance, out, plan.limits))
      return e;
  }

  for (const std::string &name : options.print) {
    const Buffer &b = memory.buffers()[bufferByName[name]];
    out << name << ":\n";
    printNumpy(out, valuesOf(b), b.elemType, /*hex=*/false,
               /*isUnsigned=*/b.dtype[0] == 'u');
    out << "\n";
  }
  for (auto &[name, path] : plan.save)
    if (llvm::Error e = writeNpy(memory.buffers()[bufferByName[name]], path))
      return e;
  return llvm::Error::success();
}
