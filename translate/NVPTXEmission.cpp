//===- NVPTXEmission.cpp - LLVM IR to PTX and cubin -----------------------===//

#include "translate/DeviceEmission.h"
#include "translate/LLVMCodegen.h"
#include "translate/NvJitLink.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Pass.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Regex.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace llvm;

/// Line tables make LLVM mark the target `.target sm_90a, debug`, and ptxas
/// then compiles without optimization (measured on the H200: the corpus
/// matmul 17x slower). Line information stays in the .loc directives; the
/// flag goes, as Triton also removes it.
static std::string stripDebugTarget(std::string ptx) {
  size_t target = ptx.find("\n.target ");
  if (target == std::string::npos)
    return ptx;
  size_t end = ptx.find('\n', target + 1);
  std::string line = ptx.substr(target, end - target);
  for (StringRef flag : {", debug", "debug, "}) {
    size_t at = line.find(flag.str());
    if (at != std::string::npos)
      line.erase(at, flag.size());
  }
  return ptx.substr(0, target) + line + ptx.substr(end);
}

static bool usesLibdevice(const Module &module) {
  for (const Function &function : module)
    if (function.isDeclaration() && function.getName().starts_with("__nv_"))
      return true;
  return false;
}

/// Sets LLVM's option `name` to `value` unless the user gave it (an LLVM
/// without the option keeps its default, which is still correct code). The
/// value goes through the option's own parser, as if it were on the command
/// line, so nothing here needs to know the option's type.
static void setLLVMOptionDefault(StringRef name, StringRef value) {
  auto &options = cl::getRegisteredOptions();
  auto found = options.find(name);
  if (found == options.end() || found->second->getNumOccurrences() > 0)
    return;
  found->second->addOccurrence(0, name, value);
}

/// Shared, local and constant memory addresses are 32 bits, as Triton compiles
/// them (its data layout has p3:32:32): without this, every shared-memory
/// address is computed in 64 bits and truncated (three more instructions per
/// cp.async in the matmul's main loop). NVPTX takes it as an LLVM option that
/// changes the target's data layout; it is set before the machine is made.
static void useShortSharedPointers() {
  setLLVMOptionDefault("nvptx-short-ptr", "true");
}

/// No scalar PRE in GVN: to make a cheap integer expression (a thread's
/// shared-memory offset, say) available on a loop's zero-trip exit it splits
/// that edge, and the new block then receives the copies of the loop's
/// results; after a wgmma loop they land between the loop's wgmmas and its
/// final wgmma.wait_group, and ptxas serializes every wgmma of the kernel
/// (warning C7515; measured on the descriptor matmul). Recomputing such an
/// expression costs an instruction or two; no other harness kernel's PTX
/// changes.
static void avoidScalarPRE() { setLLVMOptionDefault("enable-pre", "false"); }

/// An address `base + sext(offset) * size` as one `mad.wide.s32`, as upstream
/// Triton configures the NVPTX backend, rather than `mul.wide.s32` and
/// `add.s64`: ptxas turns the pair into IMAD.WIDE, the fused form into
/// LEA/LEA.HI.X on the integer pipe. In a wgmma loop the IMAD.WIDEs stall
/// dispatch beside the tensor cores' work (ncu: a third of the K-major-A
/// matmul's stall samples); fused, that matmul runs 17% faster on the H200.
static void useWideMultiplyAdd() {
  setLLVMOptionDefault("nvptx-mad-wide-opt", "true");
}

/// Whether `module` multiplies on tensor cores (mma or wgmma in its asm).
static bool usesTensorCores(const Module &module) {
  for (const Function &function : module)
    for (const BasicBlock &block : function)
      for (const Instruction &instruction : block)
        if (auto *call = dyn_cast<CallBase>(&instruction))
          if (auto *asmCall = dyn_cast<InlineAsm>(call->getCalledOperand()))
            if (StringRef(asmCall->getAsmString()).contains("mma"))
              return true;
  return false;
}

/// Loops are unrolled fully up to a cost of 500 (LLVM's O3 takes 300) in
/// kernels without tensor-core dots: the NVPTX cost model counts each line
/// of inline asm (every load and store here), so a reduction loop of a few
/// constant iterations that Triton's O3, run without the target's costs,
/// unrolls stays rolled, one load in flight at a time (Inductor's Welford
/// loop of 8 iterations: 0.62 -> 0.79 of Triton on the H200, its var_mean
/// 0.86 -> 0.93). Dot loops keep 300: a 3x3 convolution's loops of three
/// wgmma steps lost 6% unrolled. LLVM reads the option only where it was
/// given, so it is given here, unless the user gave it.
///
/// The option is one value for the whole process (LLVM's new pass manager
/// takes no threshold per pipeline). triton-compile -j compiles in worker
/// processes, one kernel at a time each; where a program optimizes modules
/// on several threads, a module holds the threshold it set (an
/// UnrollThreshold) until its O3 pipeline is done, and one that needs the
/// other value waits until no module holds it.
namespace {
class UnrollThreshold {
public:
  explicit UnrollThreshold(const Module &module) {
    StringRef threshold = usesTensorCores(module) ? "300" : "500";
    std::unique_lock<std::mutex> lock(mutex);
    auto &options = cl::getRegisteredOptions();
    auto found = options.find("unroll-threshold");
    if (found == options.end() ||
        (found->second->getNumOccurrences() > 0 && current.empty()))
      return; // the user's value, for every module
    released.wait(lock, [&] { return holders == 0 || current == threshold; });
    if (current != threshold) {
      // A later module may need the other threshold: the option is given
      // anew.
      found->second->reset();
      found->second->addOccurrence(0, "unroll-threshold", threshold);
      current = threshold.str();
    }
    ++holders;
    holding = true;
  }
  ~UnrollThreshold() {
    if (!holding)
      return;
    std::lock_guard<std::mutex> lock(mutex);
    --holders;
    released.notify_all();
  }
  UnrollThreshold(const UnrollThreshold &) = delete;
  UnrollThreshold &operator=(const UnrollThreshold &) = delete;

private:
  bool holding = false;
  static std::mutex mutex;
  static std::condition_variable released;
  /// The value given here; empty before the first module.
  static std::string current;
  static unsigned holders;
};
std::mutex UnrollThreshold::mutex;
std::condition_variable UnrollThreshold::released;
std::string UnrollThreshold::current;
unsigned UnrollThreshold::holders = 0;
} // namespace

namespace {
/// What ptxas allocates for a kernel: registers per thread and bytes of
/// spill stores (the largest over the module's functions).
struct Allocation {
  unsigned registers = 0, spillBytes = 0;
};

/// The allocation ptxas -v reports in `messages`.
Allocation parseAllocation(StringRef messages) {
  Allocation result;
  SmallVector<StringRef> lines;
  messages.split(lines, '\n');
  Regex used("Used ([0-9]+) registers"), spills("([0-9]+) bytes spill stores");
  for (StringRef line : lines) {
    SmallVector<StringRef> match;
    unsigned value = 0;
    if (used.match(line, &match) && !match[1].getAsInteger(10, value))
      result.registers = std::max(result.registers, value);
    if (spills.match(line, &match) && !match[1].getAsInteger(10, value))
      result.spillBytes = std::max(result.spillBytes, value);
  }
  return result;
}

} // namespace

/// Most registers a thread can have on sm_80 and sm_90.
static constexpr unsigned kMaxRegistersPerThread = 255;

/// Programs of `threads` threads, `registers` registers per thread and
/// `sharedBytes` of shared memory that fit on one Hopper/Ampere
/// multiprocessor at once: 64 Ki registers (allocated 8 per thread at a
/// time, by warp), 2048 threads, 32 programs, 227 KiB of shared memory (a
/// conservative bound for sm_80's 163 KiB too: only comparisons are made).
static unsigned programsPerMultiprocessor(unsigned registers, unsigned threads,
                                          int64_t sharedBytes) {
  if (!threads || !registers)
    return 0;
  unsigned warps = (threads + 31) / 32;
  unsigned perWarp = ((registers + 7) / 8) * 8 * 32;
  unsigned byRegisters = 65536 / (perWarp * warps);
  unsigned byThreads = 2048 / threads;
  unsigned byShared =
      sharedBytes > 0 ? unsigned((227 * 1024) / sharedBytes) : 32;
  return std::min({byRegisters, byThreads, byShared, 32u});
}

/// The most registers a thread of a program of `threads` threads can have:
/// ptxas fits one such program on a multiprocessor, and gives no thread more
/// than 255.
static unsigned mostRegisters(unsigned threads) {
  unsigned registers = kMaxRegistersPerThread;
  while (registers > 1 && programsPerMultiprocessor(registers, threads, 0) < 1)
    --registers;
  return registers;
}

/// Whether some register count ptxas can give would let more programs of
/// `threads` threads and `sharedBytes` of shared memory share a
/// multiprocessor than another: not where threads or shared memory allow as
/// many programs with the most registers as with one (a 4-warp matmul with
/// 96 KiB of shared memory: two either way), nor where the kernel names no
/// thread count (programsPerMultiprocessor is then 0 for any). Where it
/// cannot, the recompute-after-loops variant, which is kept only for more
/// programs, is not made at all.
static bool canRaiseOccupancy(unsigned threads, int64_t sharedBytes) {
  return programsPerMultiprocessor(/*registers=*/1, threads, sharedBytes) >
         programsPerMultiprocessor(mostRegisters(threads), threads,
                                   sharedBytes);
}

/// The threads per program a kernel requires (its nvvm.reqntid, else
/// nvvm.maxntid attribute: the first dimension, which NVPTX writes as the
/// PTX's .reqntid/.maxntid), 0 if no function of `module` names one.
static unsigned getThreadsPerProgram(const Module &module) {
  for (const Function &function : module)
    for (StringRef name : {"nvvm.reqntid", "nvvm.maxntid"}) {
      unsigned threads = 0;
      if (function.hasFnAttribute(name) &&
          !function.getFnAttribute(name)
               .getValueAsString()
               .split(',')
               .first.trim()
               .getAsInteger(10, threads))
        return threads;
    }
  return 0;
}

namespace {
/// What turns PTX into a cubin: ptxas, or the nvJitLink library in-process
/// where options.nvJitLink names one.
struct Assembler {
  explicit Assembler(const mlir::triton::TranslateOptions &options)
      : ptxas(options.ptxas), nvJitLink(options.nvJitLink) {}

  /// Whether it can be run at all.
  bool isAvailable() const {
    if (nvJitLink.empty())
      return !ptxas.empty() && sys::fs::can_execute(ptxas);
    return !errorToBool(mlir::triton::loadNvJitLink(nvJitLink));
  }

  /// The cubin of `ptx`, with line tables where `lineInfo`; where `messages`
  /// is given, verbose, so that what was allocated comes with it (nvJitLink
  /// is always verbose). ptxas records its options in the cubin: a cubin
  /// asked for the same way keeps its bytes.
  Expected<std::string> run(StringRef ptx, StringRef arch, bool lineInfo,
                            std::string *messages) const {
    if (!nvJitLink.empty())
      return mlir::triton::assembleWithNvJitLink(nvJitLink, ptx, arch, messages,
                                                 lineInfo);
    std::string gpuName = ("--gpu-name=" + arch).str();
    SmallVector<StringRef> args;
    if (lineInfo)
      args.push_back("-lineinfo");
    if (messages)
      args.push_back("-v");
    args.append({gpuName, "{in}", "-o", "{out}"});
    return mlir::triton::runToolOnFiles(ptxas, ptx, args, messages);
  }

  std::string ptxas, nvJitLink;
};
} // namespace

/// The cubin of `ptx` as utils/triton-compile always made it (no line
/// tables), with what the assembler allocated.
static Expected<std::string> assemble(StringRef ptx, StringRef arch,
                                      const Assembler &assembler,
                                      Allocation *allocation = nullptr) {
  std::string messages;
  Expected<std::string> cubin =
      assembler.run(ptx, arch, /*lineInfo=*/false, &messages);
  if (cubin && allocation)
    *allocation = parseAllocation(messages);
  return cubin;
}

/// `ptx` with `.maxnreg 255` on every kernel entry that names no register
/// limit of its own; std::nullopt when there is none to add.
static std::optional<std::string> withFullRegisterLimit(StringRef ptx) {
  if (ptx.contains(".maxnreg"))
    return std::nullopt;
  std::string result;
  bool added = false;
  SmallVector<StringRef> lines;
  ptx.split(lines, '\n');
  bool inEntry = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    StringRef line = lines[i];
    StringRef trimmed = line.trim();
    if (trimmed.contains(".entry "))
      inEntry = true;
    // The tuning directives sit between an entry's parameters and its
    // body; the limit goes just before the body's brace.
    if (inEntry && trimmed == "{") {
      result += ".maxnreg " + std::to_string(kMaxRegistersPerThread) + "\n";
      inEntry = false;
      added = true;
    }
    result += line.str();
    if (i + 1 < lines.size())
      result += '\n';
  }
  if (!added)
    return std::nullopt;
  return result;
}

namespace {
/// `ptx` with the full register limit, assembled on a thread of its own
/// while the caller assembles `ptx` itself: a one-warp program is where
/// ptxas keeps few registers and spills, and the retry below would then
/// wait for a second ptxas after the first (a one-warp int8 matmul: 2.8 s
/// of assembly instead of 1.8 s). The result is only read where the retry
/// asks for it, for the same PTX.
class LimitedAssembly {
public:
  LimitedAssembly(StringRef ptx, StringRef arch, const Assembler &assembler)
      : source(ptx.str()), limited(withFullRegisterLimit(ptx)) {
    if (limited)
      thread = std::thread([this, arch = arch.str(), assembler] {
        cubin.emplace(assemble(*limited, arch, assembler, &allocation));
      });
  }
  ~LimitedAssembly() {
    if (thread.joinable())
      thread.join();
    if (cubin && !*cubin)
      consumeError(cubin->takeError());
  }

  /// The limited PTX and its assembly, if `ptx` is the PTX it was made of.
  std::optional<std::pair<std::string, Expected<std::string>>>
  takeFor(StringRef ptx, Allocation &result) {
    if (!limited || ptx != source)
      return std::nullopt;
    thread.join();
    result = allocation;
    Expected<std::string> assembled = std::move(*cubin);
    cubin.reset();
    return std::make_pair(std::move(*limited), std::move(assembled));
  }

private:
  std::string source;
  std::optional<std::string> limited;
  std::optional<Expected<std::string>> cubin;
  Allocation allocation;
  std::thread thread;
};
} // namespace

/// ptxas, left to choose, sometimes keeps few registers per thread for
/// small programs (one warp: 64 registers, so 32 programs fit a
/// multiprocessor) even where the kernel then spills heavily; a one-warp
/// int8 matmul ran 6x slower so. When the cubin spills with registers held
/// back (a whole allocation unit of 8 per thread below the limit), assemble
/// again with the full limit (or take `early`'s assembly of it) and keep
/// that one if it spills less. Within the last unit ptxas has taken what it
/// could: two_loops spills 16 bytes at 254 registers either way, and the
/// second ptxas doubled its assembly time.
static Error raiseRegisterLimitIfSpilling(std::string &ptx, std::string &cubin,
                                          const Allocation &allocation,
                                          StringRef arch,
                                          const Assembler &assembler,
                                          LimitedAssembly *early) {
  constexpr unsigned kAllocationUnit = 8;
  if (allocation.spillBytes == 0 ||
      allocation.registers + kAllocationUnit > kMaxRegistersPerThread)
    return Error::success();
  Allocation other;
  std::string limitedPtx;
  std::optional<Expected<std::string>> otherCubin;
  if (auto taken = early ? early->takeFor(ptx, other) : std::nullopt) {
    limitedPtx = std::move(taken->first);
    otherCubin.emplace(std::move(taken->second));
  } else {
    std::optional<std::string> limited = withFullRegisterLimit(ptx);
    if (!limited)
      return Error::success();
    limitedPtx = std::move(*limited);
    otherCubin.emplace(assemble(limitedPtx, arch, assembler, &other));
  }
  if (!*otherCubin)
    return otherCubin->takeError();
  if (other.spillBytes < allocation.spillBytes) {
    ptx = std::move(limitedPtx);
    cubin = std::move(**otherCubin);
  }
  return Error::success();
}

namespace {
/// Takes a context's errors and warnings: the variant's codegen reports
/// nothing of its own (the plain codegen, of nearly the same code, reports
/// for the kernel); an error only means there is no variant.
class VariantDiagnostics : public DiagnosticHandler {
public:
  bool handleDiagnostics(const DiagnosticInfo &info) override {
    if (info.getSeverity() == DS_Error)
      failed = true;
    return info.getSeverity() == DS_Error || info.getSeverity() == DS_Warning;
  }
  bool failed = false;
};

/// The recompute-after-loops variant of an optimized module, made and
/// assembled on a thread of its own while the caller makes and assembles the
/// plain PTX: in an LLVMContext of its own (a context and what it owns serve
/// one thread at a time), from the module's bitcode, with a target machine
/// of its own.
class VariantCheck {
public:
  struct Result {
    /// When its codegen ended; none where no variant was made.
    std::optional<std::chrono::steady_clock::time_point> codegenEnd;
    std::string ptx;
    /// None where it was not assembled (or not made).
    std::optional<Expected<std::string>> cubin;
    Allocation allocation;
  };

  VariantCheck(const Module &module, StringRef arch, StringRef features,
               const Assembler &assembler)
      : arch(arch.str()), features(features.str()), assembler(assembler) {
    raw_svector_ostream stream(bitcode);
    // With the order of each value's uses, which steers codegen's choices
    // (instruction order, then register numbers in the PTX).
    WriteBitcodeToFile(module, stream, /*ShouldPreserveUseListOrder=*/true);
  }
  ~VariantCheck() {
    // Where the plain compile failed before its verdict: nothing to wait for.
    plainAssembled(/*canWin=*/false);
    if (thread.joinable())
      thread.join();
  }

  void start() {
    thread = std::thread([this] { run(); });
  }

  /// The plain PTX is assembled; `canWin`: its registers leave room for
  /// more programs.
  void plainAssembled(bool canWin) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      plainDone = true;
      variantCanWin = canWin;
    }
    assembledPlain.notify_all();
  }

  /// The variant's ptxas waits for the plain one's verdict (rather than
  /// running beside it): where a third assembly (the `.maxnreg` twin of a
  /// one-warp program) already shares the cores.
  void waitForPlain() {
    std::lock_guard<std::mutex> lock(mutex);
    waitsForPlain = true;
  }

  Result finish() {
    thread.join();
    return std::move(result);
  }

private:
  void run() {
    LLVMContext context;
    auto diagnostics = std::make_unique<VariantDiagnostics>();
    VariantDiagnostics &reported = *diagnostics;
    context.setDiagnosticHandler(std::move(diagnostics));
    Expected<std::unique_ptr<Module>> copy =
        parseBitcodeFile(MemoryBufferRef(bitcode, "variant"), context);
    if (!copy) {
      consumeError(copy.takeError());
      return;
    }
    if (!mlir::triton::recomputeIndicesAfterLoops(**copy))
      return;
    auto machine = mlir::triton::createTargetMachine("nvptx64-nvidia-cuda",
                                                     arch, features);
    if (!machine) {
      consumeError(machine.takeError());
      return;
    }
    mlir::triton::setTarget(**copy, **machine);
    Expected<std::string> code = mlir::triton::generateCode(
        **copy, **machine, CodeGenFileType::AssemblyFile);
    result.codegenEnd = std::chrono::steady_clock::now();
    if (!code || reported.failed) {
      if (!code)
        consumeError(code.takeError());
      return;
    }
    result.ptx =
        mlir::triton::keepWgmmaLoopOffsetsWide(stripDebugTarget(*code));
    {
      std::unique_lock<std::mutex> lock(mutex);
      if (waitsForPlain)
        assembledPlain.wait(lock, [&] { return plainDone; });
      if (plainDone && !variantCanWin)
        return;
    }
    result.cubin.emplace(
        assemble(result.ptx, arch, assembler, &result.allocation));
  }

  std::string arch, features;
  Assembler assembler;
  SmallString<0> bitcode;
  std::thread thread;
  std::mutex mutex;
  std::condition_variable assembledPlain;
  bool plainDone = false, variantCanWin = true, waitsForPlain = false;
  Result result;
};
} // namespace

Expected<std::string> mlir::triton::emitPTX(Module &module, StringRef arch,
                                            const TranslateOptions &options,
                                            bool optimize, int64_t sharedBytes,
                                            std::string *cubin,
                                            StageTimes *times) {
  // Set once, before any module is compiled: afterwards the options are
  // only read, also by modules compiled concurrently.
  static std::once_flag optionsSet;
  std::call_once(optionsSet, [] {
    useShortSharedPointers();
    avoidScalarPRE();
    useWideMultiplyAdd();
  });
  std::string features = "+ptx" + std::to_string(options.ptxVersion);
  auto machine = createTargetMachine("nvptx64-nvidia-cuda", arch, features);
  if (!machine)
    return machine.takeError();
  setTarget(module, **machine);
  // Flush fp32 denormals in libdevice's code paths, as Triton compiles it.
  if (!module.getModuleFlag("nvvm-reflect-ftz"))
    module.addModuleFlag(Module::Override, "nvvm-reflect-ftz", 1);
  auto done = [&](const char *stage) {
    if (times)
      times->done(stage);
  };
  if (usesLibdevice(module)) {
    if (Error error = linkBitcodeLibrary(module, options.libdevice))
      return std::move(error);
    done("link libdevice");
  }
  if (optimize) {
    UnrollThreshold unrollLikeTriton(module);
    optimizeModule(module, **machine, options.llvmOptWithoutTarget);
    done("LLVM O3");
  }
  // Values of the thread index computed before loops and read after them
  // made again after them (RecomputeAfterLoops.cpp): kept only where ptxas's
  // register counts then let more programs share a multiprocessor, with no
  // more spilling. Fewer registers at the same occupancy bought nothing but
  // the extra instructions (measured: block-pointer GELU matmul -5%, MoE
  // -2%; LoRA +20% from one program per multiprocessor to two).
  Assembler assembler(options);
  unsigned threads = getThreadsPerProgram(module);
  std::optional<VariantCheck> variant;
  // Asked before the module is copied for the variant's thread: 222 of the
  // 386 kernels of compile_ptx_check.py that passed the occupancy test had
  // no such value, and paid for the copy (bitcode written, read again on
  // that thread) beside their own codegen for nothing.
  if (optimize && !options.disableRecomputeAfterLoops &&
      assembler.isAvailable() && canRaiseOccupancy(threads, sharedBytes) &&
      hasIndicesToRecomputeAfterLoops(module))
    variant.emplace(module, arch, features, assembler);
  // One-warp programs are also assembled with `.maxnreg 255` beside the
  // plain PTX (LimitedAssembly, raiseRegisterLimitIfSpilling).
  bool limitedTwin = optimize && cubin && threads && threads <= 32;
  if (variant && limitedTwin)
    variant->waitForPlain();
  // Its codegen runs beside the plain codegen, except under -time-passes,
  // whose timers are the process's: then beside the plain PTX's ptxas.
  if (variant && !TimePassesIsEnabled)
    variant->start();
  auto ptx = generateCode(module, **machine, CodeGenFileType::AssemblyFile);
  if (!ptx)
    return ptx.takeError();
  std::string chosen = keepWgmmaLoopOffsetsWide(stripDebugTarget(*ptx));
  std::optional<Expected<std::string>> assembled;
  Allocation allocation;
  done("codegen");
  auto codegenEnd = std::chrono::steady_clock::now();
  std::optional<LimitedAssembly> limited;
  if (limitedTwin)
    limited.emplace(chosen, arch, assembler);
  if (variant) {
    if (TimePassesIsEnabled)
      variant->start();
    assembled.emplace(assemble(chosen, arch, assembler, &allocation));
    // Once the plain PTX's registers are known, they may already allow the
    // most programs that threads and shared memory allow: then the variant
    // cannot win, and its ptxas is not run if it has not started. Nor where
    // the plain cubin spills and its `.maxnreg` twin is being assembled
    // beside it (one-warp programs): the register-limit retry then decides
    // between those two, and a variant chosen here would need a twin of its
    // own, assembled after the rest (w8a16_w1s1: a third ptxas of 0.9 s on
    // two cores).
    bool retryDecides = limited && allocation.spillBytes > 0;
    variant->plainAssembled(
        *assembled && !retryDecides &&
        programsPerMultiprocessor(allocation.registers, threads, sharedBytes) <
            programsPerMultiprocessor(1, threads, sharedBytes));
    VariantCheck::Result other = variant->finish();
    if (other.codegenEnd && times)
      // What the variant's codegen took beyond the plain one's: the time it
      // would be waited for if ptxas took none.
      times->done("codegen of the recomputing variant",
                  std::max(*other.codegenEnd, codegenEnd));
    if (other.cubin) {
      if (*assembled && *other.cubin &&
          other.allocation.spillBytes <= allocation.spillBytes &&
          programsPerMultiprocessor(other.allocation.registers, threads,
                                    sharedBytes) >
              programsPerMultiprocessor(allocation.registers, threads,
                                        sharedBytes)) {
        chosen = std::move(other.ptx);
        assembled.swap(other.cubin);
        allocation = other.allocation;
      }
      if (!*other.cubin)
        consumeError(other.cubin->takeError());
    }
  }
  if (cubin) {
    if (!assembled)
      assembled.emplace(assemble(chosen, arch, assembler, &allocation));
    if (!*assembled)
      return assembled->takeError();
    *cubin = std::move(**assembled);
    LimitedAssembly *early = limited ? &*limited : nullptr;
    if (optimize)
      if (Error error = raiseRegisterLimitIfSpilling(chosen, *cubin, allocation,
                                                     arch, assembler, early))
        return std::move(error);
  } else if (assembled && !*assembled) {
    consumeError(assembled->takeError());
  }
  done("ptxas");
  return chosen;
}

Expected<std::string>
mlir::triton::assembleCubin(StringRef ptx, StringRef arch,
                            const TranslateOptions &options) {
  return Assembler(options).run(ptx, arch, /*lineInfo=*/true,
                                /*messages=*/nullptr);
}
