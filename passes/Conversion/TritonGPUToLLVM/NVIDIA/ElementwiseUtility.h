//===- ElementwiseUtility.h - Helpers of the NVIDIA numeric lowerings -*- C++ -*-===//
//
// What the numeric, atomic and debug patterns of the NVIDIA lowering share:
// the per-thread elements of a value (a tensor's struct or a scalar), inline
// PTX and intrinsic calls, external function declarations, and which thread
// and register stand for each element of a layout that repeats elements.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_ELEMENTWISEUTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_ELEMENTWISEUTILITY_H

#include "dialects/TritonGPU/IR/LinearLayout.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/BitVector.h"

namespace mlir {
namespace triton {
namespace nvidia {

/// The number of elements the calling thread holds of a value of `type`: 1
/// for a scalar, the layout's registers for a tensor (nullopt without one).
std::optional<unsigned> getThreadElementCount(Type type);

/// The elements of each converted operand, a scalar repeated `count` times.
SmallVector<SmallVector<Value>> unpackOperandElements(Location loc, ValueRange operands,
                                                      unsigned count, OpBuilder &b);

/// Inline PTX with `resultTypes` results (none, one, or a struct of several,
/// returned unpacked). Without side effects LLVM may move, merge or drop it.
SmallVector<Value> createInlinePtx(OpBuilder &b, Location loc, TypeRange resultTypes,
                                   ValueRange operands, StringRef text, StringRef constraints,
                                   bool hasSideEffects);

/// A call of the LLVM intrinsic `name` (overloaded ones with their suffix).
Value callIntrinsic(OpBuilder &b, Location loc, StringRef name, Type resultType,
                    ValueRange args);

/// The declaration of the external function `name` in `from`'s module, added
/// (at the module's start) when missing.
LLVM::LLVMFuncOp getOrDeclareFunction(Operation *from, StringRef name,
                                      LLVM::LLVMFunctionType type);

/// A private constant global holding `text` and a terminating zero, shared by
/// equal texts; returns its address (generic address space).
Value getStringConstant(OpBuilder &b, Location loc, Operation *from, StringRef prefix,
                        StringRef text);

/// The exact f32 value of an element of an 8-bit float `type` (f8E4M3FN or
/// f8E5M2), which travels as an i8; null for other 8-bit formats.
Value convertSmallFloatToF32(OpBuilder &b, Location loc, Value bits, Type type);

/// Which copy of each element of a distributed layout acts for it when the
/// layout gives an element to several threads or registers.
struct ElementOwners {
  /// True in the threads that act for their elements (null: all do).
  Value threadIsOwner;
  /// For each register, the first register of the thread holding the same
  /// element (itself when it is the first).
  SmallVector<unsigned> firstRegister;
  /// Whether some element is held by several threads.
  bool sharedAcrossThreads = false;
};

/// The owners of `layout`'s elements. Fails when the layout repeats elements
/// other than through zero bases (repetition we cannot name one owner for).
FailureOr<ElementOwners> getElementOwners(OpBuilder &b, Location loc,
                                          const gpu::LinearLayout &layout,
                                          const TargetInfoBase &target);

/// Whether `layout` repeats elements only through zero bases: its non-zero
/// register, lane, warp and block bases are linearly independent.
bool repeatsOnlyThroughZeroBases(const gpu::LinearLayout &layout);

/// Runs `body` only in the threads where `condition` holds: splits the
/// current block at the insertion point and branches around the new one.
/// Leaves the insertion point after the conditional code.
void emitIf(RewriterBase &rewriter, Location loc, Value condition, function_ref<void()> body);

} // namespace nvidia
} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_NVIDIA_ELEMENTWISEUTILITY_H
