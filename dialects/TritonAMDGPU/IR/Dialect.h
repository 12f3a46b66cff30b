//===- Dialect.h - The amdg dialect -------------------------------*- C++ -*-===//

#ifndef DIALECTS_TRITONAMDGPU_IR_DIALECT_H
#define DIALECTS_TRITONAMDGPU_IR_DIALECT_H

#include "dialects/TritonGPU/IR/Dialect.h"

#include "dialects/TritonAMDGPU/IR/TritonAMDGPUDialect.h.inc"

#define GET_OP_CLASSES
#include "dialects/TritonAMDGPU/IR/TritonAMDGPUOps.h.inc"

#endif // DIALECTS_TRITONAMDGPU_IR_DIALECT_H
