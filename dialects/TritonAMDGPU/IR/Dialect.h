//===- Dialect.h - The amdg dialect -----------------------------*- C++ -*-===//

#ifndef DIALECTS_TRITONAMDGPU_IR_DIALECT_H
#define DIALECTS_TRITONAMDGPU_IR_DIALECT_H

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayout.h"

#include "dialects/TritonAMDGPU/IR/TritonAMDGPUDialect.h.inc"

#define GET_OP_CLASSES
#include "dialects/TritonAMDGPU/IR/TritonAMDGPUOps.h.inc"

#include <optional>
#include <string>

namespace mlir::triton::amdgpu {

/// The AMD GPU a pass works for: `option` (a pass's gfx-arch) when given,
/// else the gfx name of the module's `ttg.target = "hip:gfxNNN"`; empty when
/// neither names one.
std::string getTargetArch(ModuleOp module, StringRef option);

/// The layout `amdg.in_thread_transpose` gives a 2-D tensor of `shape` held
/// in `blocked`: the same threads hold the same elements, but each thread's
/// sizePerThread block is walked fastest along order[1] instead of order[0]
/// (so consecutive registers run along the other dimension); std::nullopt
/// where the blocked layout has no linear layout for the shape.
std::optional<triton::gpu::LinearLayout>
getInThreadTransposedLayout(ArrayRef<int64_t> shape,
                            triton::gpu::BlockedEncodingAttr blocked);

} // namespace mlir::triton::amdgpu

#endif // DIALECTS_TRITONAMDGPU_IR_DIALECT_H
