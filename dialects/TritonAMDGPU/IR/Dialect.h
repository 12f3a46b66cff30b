//===- Dialect.h - The amdg dialect -----------------------------*- C++ -*-===//

#ifndef DIALECTS_TRITONAMDGPU_IR_DIALECT_H
#define DIALECTS_TRITONAMDGPU_IR_DIALECT_H

#include "dialects/TritonGPU/IR/Dialect.h"

#include "dialects/TritonAMDGPU/IR/TritonAMDGPUDialect.h.inc"

#define GET_OP_CLASSES
#include "dialects/TritonAMDGPU/IR/TritonAMDGPUOps.h.inc"

#include <string>

namespace mlir::triton::amdgpu {

/// The AMD GPU a pass works for: `option` (a pass's gfx-arch) when given,
/// else the gfx name of the module's `ttg.target = "hip:gfxNNN"`; empty when
/// neither names one.
std::string getTargetArch(ModuleOp module, StringRef option);

} // namespace mlir::triton::amdgpu

#endif // DIALECTS_TRITONAMDGPU_IR_DIALECT_H
