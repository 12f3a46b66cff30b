//===- Passes.cpp - Triton's passes and pipelines from C ------------------===//

#include "bindings/c/triton-c/Passes.h"

#include "passes/InitAllPasses.h"
#include "passes/Pipelines/Pipelines.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <mutex>

void tritonRegisterAllPasses(void) {
  // Registering twice would report the flags as registered twice.
  static std::once_flag once;
  std::call_once(once, [] { mlir::triton::registerTritonPasses(); });
}

void tritonRegisterPipelines(void) {
  static std::once_flag once;
  std::call_once(once, [] { mlir::triton::registerTritonPipelines(); });
}

MlirLogicalResult tritonRunPassPipeline(MlirModule module,
                                        MlirStringRef pipeline) {
  tritonRegisterAllPasses();
  mlir::ModuleOp op = unwrap(module);
  llvm::StringRef text = unwrap(pipeline);
  // A bare pass list runs on the module, as triton-opt's flags do.
  std::string nested = text.trim().starts_with("builtin.module(")
                           ? text.str()
                           : ("builtin.module(" + text + ")").str();
  mlir::PassManager pm(op->getContext());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (mlir::failed(mlir::parsePassPipeline(nested, pm, errorStream))) {
    mlir::emitError(op.getLoc(), "cannot parse the pass pipeline '")
        << text << "': " << llvm::StringRef(errors).trim();
    return wrap(mlir::failure());
  }
  return wrap(pm.run(op));
}
