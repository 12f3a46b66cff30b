//===- Passes.cpp - Triton's passes and pipelines from C ------------------===//

#include "bindings/c/triton-c/Passes.h"

#include "passes/InitAllPasses.h"
#include "passes/Pipelines/Pipelines.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <cstring>
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
  // The passes run on the module: "builtin.module(...)" and a bare pass
  // list (as triton-opt's flags give it) are the same pipeline, parsed into a
  // pass manager anchored on the module.
  llvm::StringRef nested = text.trim();
  if (nested.starts_with("builtin.module(") && nested.ends_with(")"))
    nested = nested.drop_front(strlen("builtin.module(")).drop_back();
  mlir::PassManager pm(op->getContext(), mlir::ModuleOp::getOperationName());
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (mlir::failed(mlir::parsePassPipeline(nested, pm, errorStream))) {
    mlir::emitError(op.getLoc(), "cannot parse the pass pipeline '")
        << text << "': " << llvm::StringRef(errors).trim();
    return wrap(mlir::failure());
  }
  return wrap(pm.run(op));
}
