//===- Dialect.cpp - The amdg dialect -------------------------------------===//

#include "dialects/TritonAMDGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton::amdgpu;

#include "dialects/TritonAMDGPU/IR/TritonAMDGPUDialect.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/TritonAMDGPU/IR/TritonAMDGPUOps.cpp.inc"

void TritonAMDGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/TritonAMDGPU/IR/TritonAMDGPUOps.cpp.inc"
      >();
}

std::string mlir::triton::amdgpu::getTargetArch(ModuleOp module,
                                                StringRef option) {
  if (!option.empty())
    return option.str();
  auto target = module->getAttrOfType<StringAttr>(triton::gpu::kTargetAttrName);
  if (!target || !target.getValue().starts_with("hip:"))
    return "";
  return target.getValue().drop_front(4).str();
}
