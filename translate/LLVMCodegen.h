//===- LLVMCodegen.h - LLVM IR to device code, target-independent ---------===//
//
// The steps NVIDIA and AMD emission share: a target machine, linking device
// bitcode libraries (only what is used), LLVM's O3 pipeline, and codegen to
// assembly or an object file.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSLATE_LLVMCODEGEN_H
#define TRANSLATE_LLVMCODEGEN_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <string>

namespace mlir {
namespace triton {

/// Registers the NVPTX and AMDGPU targets with LLVM (idempotent).
void initializeDeviceTargets();

/// A target machine for `triple`/`cpu`/`features` at O3.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(llvm::StringRef triple, llvm::StringRef cpu,
                    llvm::StringRef features);

/// Sets the module's triple and data layout to the target machine's.
void setTarget(llvm::Module &module, llvm::TargetMachine &machine);

/// Links the functions `module` uses from the bitcode file at `path`; every
/// function that is not a kernel then becomes internal, so what is unused goes.
llvm::Error linkBitcodeLibrary(llvm::Module &module, llvm::StringRef path);

/// Gives every defined function that is not a kernel internal linkage.
void internalizeNonKernels(llvm::Module &module);

/// Runs LLVM's default O3 module pipeline for the target; `withoutTarget`
/// runs it as Triton 3.6 does for NVIDIA: without the target's cost models
/// (no divergence-aware limits on unrolling, unswitching and speculation)
/// and with SLP vectorization.
void optimizeModule(llvm::Module &module, llvm::TargetMachine &machine,
                    bool withoutTarget = false);

/// Gives each use after a loop of a value computed before it from the
/// thread and program indices its own copy of that computation
/// (RecomputeAfterLoops.cpp), so that less stays live through the loop;
/// returns whether it made any.
bool recomputeIndicesAfterLoops(llvm::Module &module);

/// Whether recomputeIndicesAfterLoops would make any copy in `module`,
/// which is left as it is: a kernel without one has no variant to make.
bool hasIndicesToRecomputeAfterLoops(llvm::Module &module);

/// `ptx` with each loop-invariant offset a wgmma loop reads, made by a
/// `mul.wide` by a constant before the loop, made as a 64-bit conversion and
/// shift instead, which ptxas does not fold into the loop
/// (WideLoopOffsets.cpp).
std::string keepWgmmaLoopOffsetsWide(llvm::StringRef ptx);

/// Generates assembly text or an object file.
llvm::Expected<std::string> generateCode(llvm::Module &module,
                                         llvm::TargetMachine &machine,
                                         llvm::CodeGenFileType type);

/// Runs `program` with `args`; on failure returns its standard error (or why
/// it could not run) as the error, on success puts it in `messages` if given.
llvm::Error runTool(llvm::StringRef program,
                    llvm::ArrayRef<llvm::StringRef> args,
                    std::string *messages = nullptr);

/// Writes `input` to a temporary file, runs `program` with `args` in which
/// the placeholders "{in}" and "{out}" name the input and output files, and
/// returns the output file's content (the temporary files are removed);
/// the tool's messages go to `messages` if given.
llvm::Expected<std::string> runToolOnFiles(llvm::StringRef program,
                                           llvm::StringRef input,
                                           llvm::ArrayRef<llvm::StringRef> args,
                                           std::string *messages = nullptr);

/// Whether `function` is a kernel (ptx_kernel or amdgpu_kernel).
bool isKernel(const llvm::Function &function);

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_LLVMCODEGEN_H
