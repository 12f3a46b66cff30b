//===- Registration.h - Translations of triton-translate --------*- C++ -*-===//

#ifndef TRANSLATE_REGISTRATION_H
#define TRANSLATE_REGISTRATION_H

namespace mlir {
namespace triton {

/// Registers the translations triton-translate offers (`--mlir-to-llvmir`,
/// ...).
void registerTritonTranslations();

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_REGISTRATION_H
