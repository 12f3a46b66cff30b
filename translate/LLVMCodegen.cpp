//===- LLVMCodegen.cpp - LLVM IR to device code, target-independent -------===//

#include "translate/LLVMCodegen.h"
#include "translate/LLVMPasses.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Pass.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"

#include <mutex>
#include <shared_mutex>

extern "C" {
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
void LLVMInitializeAMDGPUTargetInfo();
void LLVMInitializeAMDGPUTarget();
void LLVMInitializeAMDGPUTargetMC();
void LLVMInitializeAMDGPUAsmPrinter();
void LLVMInitializeAMDGPUAsmParser();
}

using namespace llvm;

void mlir::triton::initializeDeviceTargets() {
  static bool initialized = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    LLVMInitializeAMDGPUAsmParser();
    return true;
  }();
  (void)initialized;
}

Expected<std::unique_ptr<TargetMachine>>
mlir::triton::createTargetMachine(StringRef tripleName, StringRef cpu,
                                  StringRef features) {
  initializeDeviceTargets();
  Triple triple(tripleName);
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError(inconvertibleErrorCode(), "no LLVM target for '" +
                                                           tripleName +
                                                           "': " + error);
  TargetOptions options;
  // As Triton: fuse multiply-adds where the language allows it.
  options.AllowFPOpFusion = FPOpFusion::Fast;
  std::unique_ptr<TargetMachine> machine(
      target->createTargetMachine(triple, cpu, features, options, Reloc::PIC_,
                                  std::nullopt, CodeGenOptLevel::Aggressive));
  if (!machine)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create a target machine for " + cpu);
  return machine;
}

void mlir::triton::setTarget(Module &module, TargetMachine &machine) {
  module.setTargetTriple(machine.getTargetTriple());
  module.setDataLayout(machine.createDataLayout());
}

bool mlir::triton::isKernel(const Function &function) {
  return function.getCallingConv() == CallingConv::PTX_Kernel ||
         function.getCallingConv() == CallingConv::AMDGPU_KERNEL;
}

void mlir::triton::internalizeNonKernels(Module &module) {
  for (Function &function : module)
    if (!function.isDeclaration() && !isKernel(function))
      function.setLinkage(GlobalValue::InternalLinkage);
}

/// The device library at `path`, read once per process: triton-compile
/// links it into every kernel that calls it, from several threads.
static ErrorOr<MemoryBufferRef> getBitcodeFile(StringRef path) {
  static std::mutex mutex;
  static StringMap<std::unique_ptr<MemoryBuffer>> files;
  std::lock_guard<std::mutex> lock(mutex);
  auto found = files.find(path);
  if (found == files.end()) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(path);
    if (!buffer)
      return buffer.getError();
    found = files.try_emplace(path, std::move(*buffer)).first;
  }
  return found->second->getMemBufferRef();
}

Error mlir::triton::linkBitcodeLibrary(Module &module, StringRef path) {
  ErrorOr<MemoryBufferRef> buffer = getBitcodeFile(path);
  if (!buffer)
    return createStringError(buffer.getError(),
                             "cannot read device library '" + path + "'");
  // Lazily: only the functions the module calls (and theirs) are read from
  // the bitcode, not libdevice's hundreds (docs/CompileSpeed.md).
  Expected<std::unique_ptr<Module>> library =
      getLazyBitcodeModule(*buffer, module.getContext());
  if (!library)
    return library.takeError();
  (*library)->setTargetTriple(module.getTargetTriple());
  (*library)->setDataLayout(module.getDataLayout());
  if (Linker::linkModules(module, std::move(*library),
                          Linker::Flags::LinkOnlyNeeded))
    return createStringError(inconvertibleErrorCode(),
                             "linking device library '" + path + "' failed");
  internalizeNonKernels(module);
  return Error::success();
}

/// LLVM's -enable-gvn-memdep is one global: the legacy GVN reads it when
/// created, O3's GVN whenever it runs. Codegens (a module's variant is made
/// on a thread of its own) change it only while they create their passes,
/// holding this exclusively; O3 runs holding it shared, so no module is
/// optimized while the option is off.
static std::shared_mutex &gvnMemDepLock() {
  static std::shared_mutex lock;
  return lock;
}

// LICM's scalar promotion (a value loaded and stored at one address in a
// loop kept in a register across it) first sorts every access of the loop
// with a loop-invariant address into alias sets, each against the others
// through BasicAA, in each of O3's late LICM runs. Unrolled dot products
// hold hundreds of such loads and no store to promote them with:
// matmul_ieee's FMA loop reads its single shared-memory stage through 196
// scalar loads once InstCombine has split the vector loads, and the sorting
// was a third of its LLVM time (docs/CompileSpeed.md). LLVM gives promotion
// up above 250 memory accesses in a loop; NVIDIA's kernels give it up above
// 100, which leaves the PTX of every kernel of compile_ptx_check.py as it
// was. AMD's output was not compared, so AMD keeps LLVM's limit. An explicit
// -licm-mssa-max-acc-promotion still decides.
static constexpr unsigned kNvidiaPromotionAccessCap = 100;

static bool promotionCapGiven() {
  auto &options = cl::getRegisteredOptions();
  auto option = options.find("licm-mssa-max-acc-promotion");
  return option != options.end() && option->second->getNumOccurrences() > 0;
}

void mlir::triton::optimizeModule(Module &module, TargetMachine &machine,
                                  bool withoutTarget) {
  LoopAnalysisManager loopAnalyses;
  FunctionAnalysisManager functionAnalyses;
  CGSCCAnalysisManager cgsccAnalyses;
  ModuleAnalysisManager moduleAnalyses;
  PipelineTuningOptions tuning;
  tuning.SLPVectorization = withoutTarget;
  if (machine.getTargetTriple().isNVPTX() && !promotionCapGiven())
    tuning.LicmMssaNoAccForPromotionCap = kNvidiaPromotionAccessCap;
  // LLVM's instrumentation options (-time-passes, -print-after=...) then
  // reach the O3 pipeline too, not only the legacy codegen passes: how the
  // compile-time profile of docs/CompileSpeed.md was taken.
  PassInstrumentationCallbacks callbacks;
  registerTritonLLVMPassNames(callbacks);
  StandardInstrumentations instrumentations(module.getContext(),
                                            /*DebugLogging=*/false);
  instrumentations.registerCallbacks(callbacks, &moduleAnalyses);
  PassBuilder builder(withoutTarget ? nullptr : &machine, tuning, std::nullopt,
                      &callbacks);
  builder.registerModuleAnalyses(moduleAnalyses);
  builder.registerCGSCCAnalyses(cgsccAnalyses);
  builder.registerFunctionAnalyses(functionAnalyses);
  builder.registerLoopAnalyses(loopAnalyses);
  builder.crossRegisterProxies(loopAnalyses, functionAnalyses, cgsccAnalyses,
                               moduleAnalyses);
  // Before SimplifyCFG can take a masked load's zero, dividing, for proof
  // that the masked-off path never runs (LLVMPasses.h).
  bool nvidia = machine.getTargetTriple().isNVPTX();
  builder.registerPipelineStartEPCallback(
      [nvidia](ModulePassManager &passes, OptimizationLevel) {
        passes.addPass(
            createModuleToFunctionPassAdaptor(FreezeMaskedDivRemPass()));
        // Before InstCombine makes byte gathers three-shuffle chains.
        passes.addPass(
            createModuleToFunctionPassAdaptor(TransposeByteBlocksPass()));
        // Before IPSCCP (LLVMPasses.h); NVIDIA's code was compared with and
        // without it, AMD's was not.
        if (nvidia)
          passes.addPass(
              createModuleToFunctionPassAdaptor(SplitWideStructPhisPass()));
      });
  builder.registerPeepholeEPCallback(
      [](FunctionPassManager &passes, OptimizationLevel) {
        // After EarlyCSE has made identical shuffles' operands the same
        // values, before the InstCombine that folds what uses them.
        passes.addPass(MergeWarpShufflesPass());
        passes.addPass(BreakStructPhiNodesPass());
        passes.addPass(InstCombinePass());
      });
  ModulePassManager passes =
      builder.buildPerModuleDefaultPipeline(OptimizationLevel::O3);
  std::shared_lock<std::shared_mutex> reading(gvnMemDepLock());
  passes.run(module, moduleAnalyses);
}

// NVPTX's codegen runs a straight-line strength reduction over the IR
// before instruction selection. LLVM 22's asks scalar evolution whether a
// value may stand for its expression again for every pair of candidates it
// compares, over the long chains of unrolled address arithmetic: 62-72% of
// the LLVM time of the slowest kernels to compile (grouped_tutorial,
// grouped, jagged_mean). By default ours stands in its place, `deltas`
// (DeltaStrengthReduction.cpp): the same algorithm with that answer kept
// per instruction until poison flags change, the same PTX for every kernel
// of compile_ptx_check.py in a fifth of the time. `llvm` runs LLVM's own,
// `none` none (measurements). The pass before LLVM 22, as Triton 3.6's LLVM
// runs it, was measured too and changes 205 kernels' PTX, some slower on
// the GPU (docs/CompileSpeed.md). AMD keeps LLVM's: its output was not
// compared.
enum class StrengthReduction { Deltas, LLVM, None };
static cl::opt<StrengthReduction> codegenStrengthReduction(
    "codegen-strength-reduction", cl::Hidden,
    cl::init(StrengthReduction::Deltas),
    cl::desc("The straight-line strength reduction of NVPTX's codegen"),
    cl::values(clEnumValN(StrengthReduction::Deltas, "deltas",
                          "LLVM 22's, written again with its reuse check "
                          "kept per instruction (default)"),
               clEnumValN(StrengthReduction::LLVM, "llvm", "LLVM 22's slsr"),
               clEnumValN(StrengthReduction::None, "none",
                          "none at all (measurements only)")));

namespace {
/// The codegen pipeline a target machine builds, with LLVM's straight-line
/// strength reduction replaced by ours, kept or left out.
class CodegenPasses : public legacy::PassManager {
public:
  explicit CodegenPasses(StrengthReduction reduction) : reduction(reduction) {}

  void add(Pass *pass) override {
    if (reduction != StrengthReduction::LLVM && isLLVMStrengthReduction(pass)) {
      delete pass;
      if (reduction == StrengthReduction::Deltas)
        legacy::PassManager::add(
            mlir::triton::createDeltaStrengthReductionLegacyPass());
      return;
    }
    legacy::PassManager::add(pass);
  }

private:
  // By name: LLVM's pass is not in the pass registry under its argument
  // when the pipeline is built. test/translate/codegen-strength-reduction.test
  // checks that ours runs in its place.
  static bool isLLVMStrengthReduction(const Pass *pass) {
    return pass->getPassName() == "Straight line strength reduction";
  }

  StrengthReduction reduction;
};
} // namespace

// NVPTX's codegen runs GVN twice more after O3's; with memory dependence
// analysis each load's walk back over the unrolled blocks made those runs
// half of matmul_ieee's codegen time, and O3's own GVN has already removed
// the redundant loads: without it the PTX of every kernel of
// compile_ptx_check.py stays as it was (docs/CompileSpeed.md).
static cl::opt<bool> codegenGvnMemDep(
    "codegen-gvn-memdep", cl::Hidden, cl::init(false),
    cl::desc("Let NVPTX's codegen GVN use memory dependence analysis (off: "
             "only O3's GVN removes redundant loads)"));

/// LLVM's -enable-gvn-memdep, which the legacy GVN reads when created.
static cl::opt<bool> *gvnMemDepOption() {
  auto &options = cl::getRegisteredOptions();
  auto option = options.find("enable-gvn-memdep");
  return option == options.end()
             ? nullptr
             : static_cast<cl::opt<bool> *>(option->second);
}

Expected<std::string> mlir::triton::generateCode(Module &module,
                                                 TargetMachine &machine,
                                                 CodeGenFileType type) {
  SmallString<0> code;
  raw_svector_ostream stream(code);
  CodegenPasses passes(machine.getTargetTriple().isNVPTX()
                           ? codegenStrengthReduction.getValue()
                           : StrengthReduction::LLVM);
  cl::opt<bool> *memDep = gvnMemDepOption();
  bool withoutMemDep = machine.getTargetTriple().isNVPTX() &&
                       !codegenGvnMemDep && memDep &&
                       memDep->getNumOccurrences() == 0;
  bool failed;
  {
    std::unique_lock<std::shared_mutex> changing(gvnMemDepLock());
    bool memDepBefore = memDep && *memDep;
    if (withoutMemDep)
      memDep->setValue(false);
    failed = machine.addPassesToEmitFile(passes, stream, nullptr, type);
    if (withoutMemDep)
      memDep->setValue(memDepBefore);
  }
  if (failed)
    return createStringError(inconvertibleErrorCode(),
                             "the target cannot emit this kind of file");
  passes.run(module);
  return std::string(code.str());
}

Error mlir::triton::runTool(StringRef program, ArrayRef<StringRef> args,
                            std::string *messages) {
  if (!sys::fs::can_execute(program))
    return createStringError(inconvertibleErrorCode(),
                             "cannot run '" + program +
                                 "': not an executable file");
  SmallString<128> errorFile;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("triton-tool", "err", errorFile))
    return createStringError(ec, "cannot create a temporary file");
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(errorFile),
                                          StringRef(errorFile)};
  SmallVector<StringRef> argv = {program};
  argv.append(args.begin(), args.end());
  std::string message;
  int status = sys::ExecuteAndWait(program, argv, std::nullopt, redirects, 0, 0,
                                   &message);
  ErrorOr<std::unique_ptr<MemoryBuffer>> output =
      MemoryBuffer::getFile(errorFile);
  std::string text = output ? (*output)->getBuffer().trim().str() : "";
  sys::fs::remove(errorFile);
  if (status == 0) {
    if (messages)
      *messages = text;
    return Error::success();
  }
  if (status < 0)
    return createStringError(inconvertibleErrorCode(),
                             "cannot run '" + program + "': " + message);
  return createStringError(inconvertibleErrorCode(),
                           sys::path::filename(program) + " failed (exit " +
                               std::to_string(status) + "):\n" + text);
}

Expected<std::string> mlir::triton::runToolOnFiles(StringRef program,
                                                   StringRef input,
                                                   ArrayRef<StringRef> args,
                                                   std::string *messages) {
  SmallString<128> inFile, outFile;
  if (std::error_code ec =
          sys::fs::createTemporaryFile("triton-in", "", inFile))
    return createStringError(ec, "cannot create a temporary file");
  if (std::error_code ec =
          sys::fs::createTemporaryFile("triton-out", "", outFile))
    return createStringError(ec, "cannot create a temporary file");
  auto cleanup = make_scope_exit([&] {
    sys::fs::remove(inFile);
    sys::fs::remove(outFile);
  });
  {
    std::error_code ec;
    raw_fd_ostream out(inFile, ec);
    if (ec)
      return createStringError(ec, "cannot write " + inFile);
    out << input;
  }
  SmallVector<StringRef> resolved;
  for (StringRef arg : args)
    resolved.push_back(arg == "{in}"    ? StringRef(inFile)
                       : arg == "{out}" ? StringRef(outFile)
                                        : arg);
  if (Error error = runTool(program, resolved, messages))
    return std::move(error);
  ErrorOr<std::unique_ptr<MemoryBuffer>> output =
      MemoryBuffer::getFile(outFile);
  if (!output)
    return createStringError(output.getError(),
                             sys::path::filename(program) + " wrote no output");
  return (*output)->getBuffer().str();
}
