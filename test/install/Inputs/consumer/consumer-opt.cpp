// An opt tool of another project that registers the Triton dialects.
#include "dialects/InitAllDialects.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::triton::registerTritonDialects(registry);
  mlir::registerCanonicalizerPass();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "consumer of the installed Triton IR package\n", registry));
}
