//===- TargetCheck.h - Can a module be emitted for a target? ----*- C++ -*-===//
//
// Before code generation, a module is checked against the output and
// architecture asked for: the target it was lowered for, its kernels'
// calling conventions, the vendor its operations and intrinsics belong to,
// and instructions newer than the architecture. LLVM would otherwise stop
// on these with a fatal error (an unsupported calling convention, an
// intrinsic it cannot select) or, for inline PTX, emit code that only
// ptxas rejects.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSLATE_TARGETCHECK_H
#define TRANSLATE_TARGETCHECK_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
namespace triton {

/// The device code a translation is asked for.
struct DeviceTarget {
  /// PTX or a cubin; otherwise AMDGCN assembly or an HSA code object.
  bool nvidia = true;
  /// sm_90a, sm_80, gfx942, gfx90a.
  std::string arch;
  /// What is emitted, as messages name it: "PTX", "a cubin", ...
  std::string output;

  /// "PTX for sm_80", for messages.
  std::string describe() const;
};

/// Whether `arch` names an NVIDIA architecture as ptxas spells it: sm_ and a
/// number, optionally suffixed 'a' or 'f' (sm_90a).
bool isNvidiaArch(llvm::StringRef arch);

/// Checks the LLVM-dialect `module` against `target`: ttg.target's backend,
/// functions marked or called for the other vendor, NVVM and ROCDL
/// operations, intrinsic calls and inline PTX. Reports the first mismatch
/// at its operation, naming what was found and what was asked for.
LogicalResult checkTarget(ModuleOp module, const DeviceTarget &target);

/// A reason an llvm::Module cannot be emitted for a target, and what it is
/// about, to locate it in the module's source.
struct TargetMismatch {
  std::string message;
  /// The function concerned (defined or calling); empty: the module.
  std::string function;
  /// The intrinsic called, if that is the reason.
  std::string intrinsic;
  /// The word of inline assembly, if that is the reason.
  std::string asmKeyword;
  /// Whether the module's target triple is the reason.
  bool triple = false;
};

/// The same checks on LLVM IR: the target triple, calling conventions,
/// intrinsics and inline PTX. Returns the first mismatch.
std::optional<TargetMismatch> findTargetMismatch(const llvm::Module &module,
                                                 const DeviceTarget &target);

/// Where `mismatch`, found in the translation of `module`, is in `module`.
Location locateMismatch(ModuleOp module, const TargetMismatch &mismatch);

/// checkTarget, the translation of `module` to LLVM IR in `context`, then
/// findTargetMismatch on the result; each failure is a located diagnostic and
/// a null result.
std::unique_ptr<llvm::Module> translateForTarget(ModuleOp module,
                                                 const DeviceTarget &target,
                                                 llvm::LLVMContext &context);

/// Where `mismatch` is in `text`, the LLVM IR the module was parsed from.
Location locateMismatch(llvm::MemoryBufferRef text,
                        const TargetMismatch &mismatch, MLIRContext *context);

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_TARGETCHECK_H
