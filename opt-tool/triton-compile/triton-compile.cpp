//===- triton-compile.cpp - TTIR/TTGIR to PTX, cubin and metadata ---------===//
//
// triton-compile [--target cuda:90] [--num-warps 4] [--num-stages 3]
//                [--num-ctas 1] [--maxnreg N] [-o PREFIX] [-j N] [--batch LIST]
//                [--output-dir DIR] [--no-cache | --cache-dir DIR] [-v]
//                KERNEL.ttir|KERNEL.ttgir...
//
// One process from Triton IR to PREFIX.ptx, PREFIX.cubin and PREFIX.json:
// the input is parsed once, make_ttir, make_ttgir and make_llir run on it
// (make_llir alone for TTGIR, a module with ttg.num-warps), the module goes to
// LLVM in memory, and ptxas is the only other process. Several kernels
// compile concurrently (-j), in worker processes forked from this one
// (WorkerProcesses.h), each with its own diagnostics and status; outputs
// already made for the same input, options and tools come from a
// content-addressed cache.
//
//===----------------------------------------------------------------------===//

#include "dialects/InitAllDialects.h"
#include "opt-tool/triton-compile/CompileCache.h"
#include "opt-tool/triton-compile/WorkerProcesses.h"
#include "passes/Pipelines/Pipelines.h"
#include "translate/DeviceEmission.h"
#include "translate/LLVMDiagnostics.h"
#include "translate/Metadata.h"
#include "translate/NvJitLink.h"
#include "translate/Options.h"
#include "translate/Registration.h"
#include "translate/TargetCheck.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cstdlib>
#include <dlfcn.h>
#include <numeric>
#include <unistd.h>

using namespace mlir;
using namespace mlir::triton;
namespace cl = llvm::cl;

static cl::list<std::string> inputs(cl::Positional,
                                    cl::desc("<kernel.ttir|kernel.ttgir>..."));
static cl::opt<std::string> targetName("target",
                                       cl::desc("cuda:90 (default) or cuda:80"),
                                       cl::init("cuda:90"));
static cl::opt<int> numWarps("num-warps", cl::desc("warps per program"),
                             cl::init(4));
static cl::opt<int> numStages("num-stages",
                              cl::desc("software pipelining stages"),
                              cl::init(3));
static cl::opt<int> numCtas("num-ctas", cl::desc("CTAs per cluster"),
                            cl::init(1));
static cl::opt<int> maxRegisters(
    "maxnreg",
    cl::desc("the registers a thread may use, 1-255 (Triton's maxnreg option: "
             "the module's ttg.maxnreg, PTX .maxnreg; default: ptxas "
             "chooses)"),
    cl::value_desc("N"), cl::init(0));
static cl::opt<std::string>
    outputPrefix("o",
                 cl::desc("write PREFIX.ptx, PREFIX.cubin and PREFIX.json "
                          "(default: the input without its extension; one "
                          "input only)"),
                 cl::value_desc("PREFIX"), cl::init(""));
static cl::opt<std::string>
    outputDir("output-dir",
              cl::desc("write each kernel's outputs into DIR, named after its "
                       "input"),
              cl::value_desc("DIR"), cl::init(""));
static cl::opt<std::string> batchList(
    "batch",
    cl::desc("a file naming one kernel per line, each with its own options: "
             "PATH [--num-warps N] [--num-stages N] [--num-ctas N] "
             "[--maxnreg N] [--target T] [-o PREFIX]; # starts a comment"),
    cl::value_desc("LIST"), cl::init(""));
static cl::opt<unsigned>
    jobs("j", cl::Prefix,
         cl::desc("kernels compiled at once (default: the cores there are)"),
         cl::init(0));
static cl::opt<bool> noCache("no-cache",
                             cl::desc("neither read nor write the cache"));
static cl::opt<std::string>
    cacheDir("cache-dir",
             cl::desc("the compile cache (default: "
                      "$XDG_CACHE_HOME/triton-toolchain, else "
                      "~/.cache/triton-toolchain)"),
             cl::init(""));
static cl::opt<bool>
    verbose("v", cl::desc("say for each kernel whether it was compiled or "
                          "came from the cache, with the time of each stage"));
static cl::opt<std::string>
    ptxasPath("ptxas",
              cl::desc("path of ptxas (default: $PTXAS, else the one "
                       "found when the project was configured)"),
              cl::init(""));
static cl::opt<std::string> nvJitLinkLibrary(
    "nvjitlink", cl::ValueOptional,
    cl::desc("assemble in this process through CUDA's nvJitLink library "
             "instead of running ptxas; =PATH names the library (default: "
             "lib64/libnvJitLink.so beside ptxas, else libnvJitLink.so.13 "
             "or .so.12 where the dynamic loader finds it). Another "
             "assembler: its cubins are not ptxas's, and it keeps to no "
             "register target of its own (docs/CompileSpeed.md)"),
    cl::value_desc("PATH"), cl::init(""));
static cl::opt<std::string>
    libdevicePath("libdevice",
                  cl::desc("path of CUDA's libdevice.10.bc (default: "
                           "$TRITON_LIBDEVICE_PATH, as Triton reads it, else "
                           "the one found when the project was configured)"),
                  cl::init(""));
static cl::opt<bool> llvmOptWithoutTarget(
    "llvm-opt-without-target",
    cl::desc("run LLVM's O3 pipeline without the target's cost model and with "
             "SLP vectorization, as Triton does for NVIDIA"));
static cl::opt<bool> verifyEach(
    "verify-each",
    cl::desc("verify the IR after every pass of the pipelines, as triton-opt "
             "does (default: once, after the last)"));
static cl::opt<bool> disableRecomputeAfterLoops(
    "disable-recompute-after-loops",
    cl::desc("keep thread-index values computed before loops live through "
             "them"));

namespace {

/// One kernel to compile.
struct Job {
  std::string input;
  std::string prefix;
  std::string target;
  int numWarps, numStages, numCtas;
  /// --maxnreg; 0: not given.
  int maxRegisters = 0;
};

/// How a kernel went.
struct Result {
  bool ok = false;
  bool fromCache = false;
  /// The diagnostics it produced, printed together when it is done.
  std::string messages;
  /// Stage names and milliseconds, for -v.
  StageTimes stages;
};

/// What every kernel shares: the dialects, the tools' identity for the
/// cache key, the cache.
struct Session {
  DialectRegistry registry;
  TranslateOptions translateOptions;
  std::string toolIdentity;
  std::string extraArguments;
  std::optional<CompileCache> cache;
};

/// ptxas's name for a target's architecture, as utils/triton-compile
/// always spelled it.
std::optional<std::string> getArch(StringRef target) {
  if (target == "cuda:80")
    return std::string("sm_80");
  if (target == "cuda:90")
    return std::string("sm_90a");
  return std::nullopt;
}

LogicalResult writeFile(const std::string &path, StringRef contents,
                        raw_ostream &messages) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
  if (!ec) {
    out << contents;
    out.close();
    ec = out.error();
    out.clear_error();
  }
  if (!ec)
    return success();
  messages << "triton-compile: cannot write '" << path << "': " << ec.message()
           << "\n";
  return failure();
}

LogicalResult writeOutputs(const Job &job, const CompileOutputs &outputs,
                           raw_ostream &messages) {
  StringRef parent = llvm::sys::path::parent_path(job.prefix);
  if (!parent.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(parent)) {
      messages << "triton-compile: cannot create '" << parent
               << "': " << ec.message() << "\n";
      return failure();
    }
  return success(
      succeeded(writeFile(job.prefix + ".ptx", outputs.ptx, messages)) &&
      succeeded(writeFile(job.prefix + ".cubin", outputs.cubin, messages)) &&
      succeeded(writeFile(job.prefix + ".json", outputs.metadata, messages)));
}

/// TTIR or TTGIR in `module` to PTX, cubin and metadata, all in memory.
LogicalResult compileModule(ModuleOp module, const Job &job, StringRef arch,
                            const TranslateOptions &options,
                            CompileOutputs &outputs, StageTimes &timer) {
  // TTGIR carries its warps (and layouts) already: make_llir alone.
  bool isTTGIR = module->hasAttr("ttg.num-warps");
  if (job.maxRegisters && failed(setMaxRegisters(module, job.maxRegisters)))
    return failure();
  std::string pipeline =
      (Twine(isTTGIR ? "triton-make-llir" : "triton-to-llvm") +
       "{target=" + job.target + " num-warps=" + Twine(job.numWarps) +
       " num-ctas=" + Twine(job.numCtas) +
       " num-stages=" + Twine(job.numStages) + "}")
          .str();
  PassManager pm(module->getContext());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  // The input was verified when parsed. Verifying again after each of the
  // pipelines' ~60 passes took a fifth of their time (a median over the 418
  // TTIR kernels of compile_kernels.py) and only checks the passes
  // themselves; the LLVM-dialect module is verified once, before it is
  // translated (below).
  pm.enableVerifier(verifyEach);
  // -mlir-timing: the passes' times, a report per kernel at its end.
  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();
  pm.enableTiming(timing);
  std::string parseErrors;
  llvm::raw_string_ostream parseStream(parseErrors);
  if (failed(parsePassPipeline(pipeline, pm, parseStream)))
    return emitError(module.getLoc(), "cannot build the pipeline '")
           << pipeline << "': " << parseErrors;
  if (failed(pm.run(module)))
    return failure();
  if (!verifyEach && failed(verify(module)))
    return emitError(module.getLoc(),
                     "the pipelines made invalid IR (--verify-each names the "
                     "pass)");
  timer.done(isTTGIR ? "make_llir" : "make_ttir+ttgir+llir");

  // From here as triton-translate --mlir-to-ptx --arch=<arch> --metadata.
  if (failed(checkLLVMDialectModule(module)))
    return failure();
  DeviceTarget target;
  target.nvidia = true;
  target.arch = arch.str();
  target.output = "PTX";
  llvm::LLVMContext llvmContext;
  LLVMDiagnosticScope diagnostics(llvmContext, module.getLoc());
  std::unique_ptr<llvm::Module> llvmModule =
      translateForTarget(module, target, llvmContext);
  if (!llvmModule)
    return failure();
  Location loc = diagnostics.getLocation();
  auto fail = [&](llvm::Error error) -> LogicalResult {
    // What LLVM reported through its context explains the failure best.
    if (failed(diagnostics.flushErrors())) {
      llvm::consumeError(std::move(error));
      return failure();
    }
    return emitError(loc, llvm::toString(std::move(error)));
  };
  // Metadata is read before codegen, while the kernel's attributes are intact.
  auto metadata =
      collectMetadata(*llvmModule, module, "cuda", arch, options.ptxVersion,
                      options.params, options.shared);
  if (!metadata)
    return fail(metadata.takeError());
  llvm::raw_string_ostream json(outputs.metadata);
  printMetadata(*metadata, json);
  timer.done("LLVM IR");

  int64_t shared = getSharedBytes(module, options.shared);
  llvm::Expected<std::string> ptx =
      emitPTX(*llvmModule, arch, options, /*optimize=*/true, shared,
              &outputs.cubin, &timer);
  if (!ptx)
    return fail(ptx.takeError());
  if (failed(diagnostics.flushErrors()))
    return failure();
  outputs.ptx = std::move(*ptx);
  return success();
}

/// The messages of the kernel being compiled (one at a time per process:
/// -j1, or a worker). A fatal LLVM error reports into them and then ends the
/// process with std::exit (translate/LLVMDiagnostics.cpp), before they are
/// printed: printPendingMessages, run at exit, prints them then.
std::string *pendingMessages = nullptr;

void printPendingMessages() {
  if (!pendingMessages)
    return;
  // Raw: at exit, llvm::errs() may be destroyed already.
  const std::string &text = *pendingMessages;
  for (size_t at = 0; at < text.size();) {
    ssize_t written = ::write(2, text.data() + at, text.size() - at);
    if (written <= 0)
      break;
    at += written;
  }
}

Result compile(const Job &job, const Session &session) {
  Result result;
  llvm::raw_string_ostream messages(result.messages);
  pendingMessages = &result.messages;
  llvm::scope_exit printed([] { pendingMessages = nullptr; });
  StageTimes &timer = result.stages;
  std::optional<std::string> arch = getArch(job.target);
  if (!arch) {
    messages << "triton-compile: " << job.input << ": target '" << job.target
             << "' cannot be compiled to a cubin (cuda:80, cuda:90)\n";
    return result;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(job.input, /*IsText=*/true);
  if (!file) {
    messages << "triton-compile: cannot read '" << job.input
             << "': " << file.getError().message() << "\n";
    return result;
  }

  std::string key;
  if (session.cache) {
    // Everything that decides the outputs; the kernel's path does not.
    key = hashParts({session.toolIdentity, session.extraArguments, job.target,
                     std::to_string(job.numWarps),
                     std::to_string(job.numStages), std::to_string(job.numCtas),
                     std::to_string(job.maxRegisters),
                     (*file)->getBuffer().str()});
    CompileCache::Miss why;
    if (std::optional<CompileOutputs> cached =
            session.cache->lookup(key, why)) {
      timer.done("cache lookup");
      result.ok = succeeded(writeOutputs(job, *cached, messages));
      result.fromCache = true;
      timer.done("write");
      return result;
    }
    if (why == CompileCache::Miss::Corrupted && verbose)
      messages << job.input << ": cache entry "
               << session.cache->getEntryPath(key)
               << " is corrupted: compiling again\n";
    timer.done("cache lookup");
  }

  // Its own context per kernel. Kernels run concurrently in processes (-j),
  // so the context starts none of its own.
  MLIRContext context(session.registry, MLIRContext::Threading::DISABLED);
  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(*sourceMgr, &context, messages);
  // The remarks naming the pipelines' passes not built yet say the same for
  // every kernel; utils/triton-compile always left them out.
  context.getDiagEngine().registerHandler([](Diagnostic &diagnostic) {
    return success(diagnostic.getSeverity() == DiagnosticSeverity::Remark &&
                   StringRef(diagnostic.str()).starts_with("make_"));
  });
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return result;
  timer.done("parse");

  CompileOutputs outputs;
  if (failed(compileModule(*module, job, *arch, session.translateOptions,
                           outputs, timer)))
    return result;
  result.ok = succeeded(writeOutputs(job, outputs, messages));
  timer.done("write");
  if (result.ok && session.cache)
    if (llvm::Error error = session.cache->store(key, outputs))
      messages << "triton-compile: warning: "
               << llvm::toString(std::move(error)) << "\n";
  return result;
}

/// What triton-compile prints for a kernel: its diagnostics, and with -v
/// how it went and the time of each stage.
JobOutcome describe(const Job &job, const Result &result) {
  JobOutcome outcome;
  outcome.ok = result.ok;
  outcome.fromCache = result.fromCache;
  llvm::raw_string_ostream text(outcome.text);
  text << result.messages;
  if (verbose) {
    text << job.input << ": "
         << (!result.ok         ? "failed"
             : result.fromCache ? "cache hit"
                                : "compiled");
    double total = 0;
    for (auto [stage, ms] : result.stages.get()) {
      text << (total == 0 ? " (" : ", ") << stage << " "
           << llvm::format("%.1f", ms) << " ms";
      total += ms;
    }
    text << (total == 0 ? "" : ")") << "\n";
  }
  return outcome;
}

/// The default prefix: the input without its extension, in --output-dir if
/// given.
std::string defaultPrefix(StringRef input) {
  SmallString<128> prefix(input);
  llvm::sys::path::replace_extension(prefix, "");
  if (outputDir.empty())
    return std::string(prefix);
  SmallString<128> inDir(outputDir);
  llvm::sys::path::append(inDir, llvm::sys::path::filename(prefix));
  return std::string(inDir);
}

/// Reads --batch's list: one kernel per line, its own options after it.
LogicalResult readBatch(StringRef path, std::vector<Job> &jobList,
                        const Job &defaults) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!file) {
    llvm::errs() << "triton-compile: cannot read '" << path
                 << "': " << file.getError().message() << "\n";
    return failure();
  }
  SmallVector<StringRef> lines;
  (*file)->getBuffer().split(lines, '\n');
  for (auto [index, line] : llvm::enumerate(lines)) {
    line = line.split('#').first.trim();
    if (line.empty())
      continue;
    SmallVector<StringRef> words;
    line.split(words, ' ', -1, /*KeepEmpty=*/false);
    Job job = defaults;
    job.input = words[0].str();
    job.prefix.clear();
    auto bad = [&](const Twine &why) {
      llvm::errs() << path << ":" << index + 1 << ": " << why << "\n";
      return failure();
    };
    for (size_t i = 1; i < words.size(); ++i) {
      std::string option = words[i].str();
      auto [name, value] = words[i].split('=');
      if (!words[i].contains('=')) {
        if (i + 1 == words.size())
          return bad("'" + name + "' needs a value");
        value = words[++i];
        option += " " + value.str();
      }
      int number = 0;
      bool isNumber = !value.getAsInteger(10, number) && number > 0;
      if (name == "--target")
        job.target = value.str();
      else if (name == "-o")
        job.prefix = value.str();
      else if (name == "--num-warps" && isNumber)
        job.numWarps = number;
      else if (name == "--num-stages" && isNumber)
        job.numStages = number;
      else if (name == "--num-ctas" && isNumber)
        job.numCtas = number;
      else if (name == "--maxnreg" && isNumber && number <= kMaxnregLimit)
        job.maxRegisters = number;
      else
        return bad("unexpected '" + option +
                   "' (PATH [--num-warps N] [--num-stages N] [--num-ctas N] "
                   "[--maxnreg 1-255] [--target T] [-o PREFIX])");
    }
    if (job.prefix.empty())
      job.prefix = defaultPrefix(job.input);
    jobList.push_back(std::move(job));
  }
  return success();
}

/// The command-line arguments that are not triton-compile's own (LLVM's
/// options, such as --disable-lsr): they change the outputs, so they are
/// part of the cache key.
std::string getExtraArguments(int argc, char **argv) {
  static const StringRef withValue[] = {
      "--target",    "--num-warps", "--num-stages", "--num-ctas",
      "--maxnreg",   "-o",          "--output-dir", "--batch",
      "--cache-dir", "--ptxas",     "-j",           "--libdevice"};
  static const StringRef flags[] = {"-v", "--no-cache", "-no-cache"};
  std::string extra;
  for (int i = 1; i < argc; ++i) {
    StringRef arg = argv[i];
    if (!arg.starts_with("-") || llvm::is_contained(flags, arg) ||
        arg.starts_with("-j"))
      continue;
    StringRef name = arg.split('=').first;
    if (llvm::is_contained(withValue, name) ||
        llvm::is_contained(withValue, "-" + name.str())) {
      if (!arg.contains('='))
        ++i;
      continue;
    }
    extra += arg.str() + "\n";
  }
  return extra;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  installFatalErrorHandlers();
  std::atexit(printPendingMessages);
  registerTritonPipelines();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  cl::ParseCommandLineOptions(
      argc, argv,
      "Triton IR (TTIR or TTGIR) to PTX, cubin and launch metadata, in one "
      "process\n");

  Session session;
  registerTritonDialects(session.registry);
  registerBuiltinDialectTranslation(session.registry);
  registerLLVMDialectTranslation(session.registry);
  registerNVVMDialectTranslation(session.registry);
  TranslateOptions &options = session.translateOptions;
  if (!ptxasPath.empty())
    options.ptxas = ptxasPath;
  else if (std::optional<std::string> env = llvm::sys::Process::GetEnv("PTXAS");
           env && !env->empty())
    options.ptxas = *env;
  if (!libdevicePath.empty())
    options.libdevice = libdevicePath;
  else if (std::optional<std::string> env =
               llvm::sys::Process::GetEnv("TRITON_LIBDEVICE_PATH");
           env && !env->empty())
    options.libdevice = *env;
  options.llvmOptWithoutTarget = llvmOptWithoutTarget;
  options.disableRecomputeAfterLoops = disableRecomputeAfterLoops;
  if (nvJitLinkLibrary.getNumOccurrences()) {
    options.nvJitLink = nvJitLinkLibrary.empty()
                            ? findNvJitLink(options.ptxas)
                            : std::string(nvJitLinkLibrary);
    if (llvm::Error error = loadNvJitLink(options.nvJitLink)) {
      llvm::errs() << "triton-compile: " << llvm::toString(std::move(error))
                   << " (--nvjitlink)\n";
      return 1;
    }
  } else if (!llvm::sys::fs::can_execute(options.ptxas)) {
    llvm::errs() << "triton-compile: cannot run ptxas at '" << options.ptxas
                 << "' (--ptxas or $PTXAS)\n";
    return 1;
  }

  if (maxRegisters.getNumOccurrences() &&
      (maxRegisters < 1 || maxRegisters > kMaxnregLimit)) {
    llvm::errs() << "triton-compile: --maxnreg " << maxRegisters
                 << " is not a register count a thread can be given (1-"
                 << kMaxnregLimit << ")\n";
    return 2;
  }
  Job defaults{"", "", targetName, numWarps, numStages, numCtas, maxRegisters};
  std::vector<Job> jobList;
  if (!outputPrefix.empty() && inputs.size() + !batchList.empty() != 1) {
    llvm::errs() << "triton-compile: -o names the outputs of one input; "
                    "with several, use --output-dir\n";
    return 2;
  }
  for (const std::string &input : inputs) {
    Job job = defaults;
    job.input = input;
    job.prefix = outputPrefix.empty() ? defaultPrefix(input) : outputPrefix;
    jobList.push_back(std::move(job));
  }
  if (!batchList.empty() && failed(readBatch(batchList, jobList, defaults)))
    return 2;
  if (jobList.empty()) {
    llvm::errs() << "triton-compile: no input (see --help)\n";
    return 2;
  }
  // Two kernels writing the same outputs would race.
  llvm::StringSet<> prefixes;
  for (const Job &job : jobList)
    if (!prefixes.insert(job.prefix).second) {
      llvm::errs() << "triton-compile: two kernels would write '" << job.prefix
                   << ".*' (name the outputs with -o in --batch, or use "
                      "distinct file names)\n";
      return 2;
    }

  if (!noCache) {
    std::string dir = cacheDir.empty() ? getDefaultCacheDir() : cacheDir;
    if (!dir.empty())
      session.cache.emplace(dir);
    std::string self = llvm::sys::fs::getMainExecutable(
        argv[0], reinterpret_cast<void *>(&main));
    // The shared LLVM and MLIR this process runs with (Debian may update
    // them under an unchanged executable).
    auto library = [](void *symbol) {
      Dl_info info;
      return dladdr(symbol, &info) && info.dli_fname
                 ? describeFile(info.dli_fname)
                 : std::string("static");
    };
    session.toolIdentity =
        "triton-compile " TRITON_COMPILE_VERSION " LLVM " LLVM_VERSION_STRING
        "\n" +
        describeFile(self) + "\n" +
        library(reinterpret_cast<void *>(&llvm::errs)) + "\n" +
        library(reinterpret_cast<void *>(&registerPassManagerCLOptions)) +
        "\n" +
        (options.nvJitLink.empty() ? describeFile(options.ptxas)
                                   : "nvJitLink " + options.nvJitLink + " " +
                                         describeFile(options.nvJitLink)) +
        "\n" + describeFile(options.libdevice);
    session.extraArguments = getExtraArguments(argc, argv);
  }

  unsigned workers =
      jobs ? jobs : llvm::hardware_concurrency().compute_thread_count();
  workers = std::max(1u, std::min<unsigned>(workers, jobList.size()));
  unsigned failures = 0, hits = 0;
  auto start = std::chrono::steady_clock::now();
  auto report = [&](size_t, const JobOutcome &outcome) {
    llvm::errs() << outcome.text;
    failures += !outcome.ok;
    hits += outcome.fromCache;
  };
  auto run = [&](size_t index) {
    const Job &job = jobList[index];
    return describe(job, compile(job, session));
  };
  std::vector<size_t> order(jobList.size());
  std::iota(order.begin(), order.end(), 0);
  if (workers == 1) {
    for (size_t index : order)
      report(index, run(index));
  } else {
    // Largest inputs first: a batch ends when its longest compile does, and
    // that one should not start last (the input's size is the estimate).
    std::vector<uint64_t> sizes;
    for (const Job &job : jobList) {
      uint64_t size = 0;
      (void)llvm::sys::fs::file_size(job.input, size);
      sizes.push_back(size);
    }
    llvm::stable_sort(order,
                      [&](size_t a, size_t b) { return sizes[a] > sizes[b]; });
    runInWorkerProcesses(
        order, workers, run, report,
        [&](size_t index, const std::string &why) {
          return "triton-compile: " + jobList[index].input +
                 ": not compiled: " + why + "\n";
        });
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (jobList.size() > 1 || verbose)
    llvm::errs() << "triton-compile: " << jobList.size() << " kernel"
                 << (jobList.size() == 1 ? "" : "s") << ", "
                 << jobList.size() - failures << " done (" << hits
                 << " from the cache), " << failures << " failed, in "
                 << llvm::format("%.2f", seconds) << " s with " << workers
                 << " job" << (workers == 1 ? "" : "s") << "\n";
  return failures ? 1 : 0;
}
