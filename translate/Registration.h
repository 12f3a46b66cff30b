//===- Registration.h - Translations of triton-translate --------*- C++ -*-===//

#ifndef TRANSLATE_REGISTRATION_H
#define TRANSLATE_REGISTRATION_H

namespace mlir {
namespace triton {

struct TranslateOptions;

/// Registers the translations triton-translate offers (`--mlir-to-llvmir`,
/// `--mlir-to-ptx`, ...). They read `options` each time they run, so it must
/// outlive them; the caller may fill it after registering (triton-translate's
/// flags write into it while the command line is parsed).
void registerTritonTranslations(const TranslateOptions &options);

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_REGISTRATION_H
