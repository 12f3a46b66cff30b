//===- Dialect.h - The tt dialect: dialect, types, enums and ops ----------===//

#ifndef DIALECTS_TRITON_IR_DIALECT_H
#define DIALECTS_TRITON_IR_DIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/Triton/IR/Traits.h"
#include "dialects/Triton/IR/Types.h"

#include "dialects/Triton/IR/TritonDialect.h.inc"
#include "dialects/Triton/IR/TritonEnums.h.inc"

namespace mlir {
namespace triton {
/// The side-effect resource of global memory.
struct GlobalMemory : public SideEffects::Resource::Base<GlobalMemory> {
  StringRef getName() final { return "<GlobalMemory>"; }
};
} // namespace triton
} // namespace mlir

#define GET_OP_CLASSES
#include "dialects/Triton/IR/TritonOps.h.inc"

#endif // DIALECTS_TRITON_IR_DIALECT_H
