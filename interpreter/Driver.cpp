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

llvm::Expected<RunPlan>
mlir::triton::interp::planRun(const RunOptions &options) {
  RunPlan plan;
  if (options.grid.empty())
    return fail("missing --grid X[,Y[,Z]]");
  if (!parseGrid(options.grid, plan.grid))
    return fail("bad --grid '" + options.grid +
                "': expected one to three positive integers X[,Y[,Z]]");
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
  if (failed(bindArgs(kernel, plan.args, memory, args, bufferByName)))
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
  if (failed(runKernel(module, kernel, plan.grid, args, memory, out)))
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
                                 memory, options.tolerance, out))
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
