//===- triton-translate.cpp - Triton IR translation driver ----------------===//
//
// mlir-translate for Triton: LLVM-dialect modules to LLVM IR and device code.
//
//===----------------------------------------------------------------------===//

#include "translate/Registration.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  mlir::triton::registerTritonTranslations();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "Triton IR translation driver\n"));
}
