//===- Registration.h - Translations of triton-translate --------*- C++ -*-===//

#ifndef TRANSLATE_REGISTRATION_H
#define TRANSLATE_REGISTRATION_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace triton {

struct TranslateOptions;

/// The translations take LLVM-dialect modules (make_llir's output); anything
/// else is reported at the first op that is not LLVM, NVVM or ROCDL.
LogicalResult checkLLVMDialectModule(ModuleOp module);

/// Registers the translations triton-translate offers (`--mlir-to-llvmir`,
/// `--mlir-to-ptx`, ...). They read `options` each time they run, so it must
/// outlive them; the caller may fill it after registering (triton-translate's
/// flags write into it while the command line is parsed).
void registerTritonTranslations(const TranslateOptions &options);

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_REGISTRATION_H
