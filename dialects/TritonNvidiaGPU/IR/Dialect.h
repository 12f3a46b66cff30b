//===- Dialect.h - The ttng dialect -------------------------------*- C++ -*-===//

#ifndef DIALECTS_TRITONNVIDIAGPU_IR_DIALECT_H
#define DIALECTS_TRITONNVIDIAGPU_IR_DIALECT_H

#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Interfaces/InferTypeOpInterface.h"

#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.h.inc"

#define GET_OP_CLASSES
#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.h.inc"

#endif // DIALECTS_TRITONNVIDIAGPU_IR_DIALECT_H
