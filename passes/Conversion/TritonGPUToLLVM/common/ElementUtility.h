//===- ElementUtility.h - Per-element helpers of the lowerings --*- C++ -*-===//
//
// What the numeric, atomic and debug patterns of every backend share: the
// per-thread elements of a value (a tensor's struct or a scalar), intrinsic
// calls, external function declarations and string constants, branches
// around code, and which thread and register stand for each element of a
// layout that repeats elements.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_ELEMENTUTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_ELEMENTUTILITY_H

#include "dialects/TritonGPU/IR/LinearLayout.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace triton {

/// The number of elements the calling thread holds of a value of `type`: 1
/// for a scalar, the layout's registers for a tensor (nullopt without one).
std::optional<unsigned> getThreadElementCount(Type type);

/// The elements of each converted operand, a scalar repeated `count` times.
SmallVector<SmallVector<Value>> unpackOperandElements(Location loc,
                                                      ValueRange operands,
                                                      unsigned count,
                                                      OpBuilder &b);

/// A call of the LLVM intrinsic `name` (overloaded ones with their suffix).
Value callIntrinsic(OpBuilder &b, Location loc, StringRef name, Type resultType,
                    ValueRange args);

/// The declaration of the external function `name` in `from`'s module, added
/// (at the module's start) when missing.
LLVM::LLVMFuncOp getOrDeclareFunction(Operation *from, StringRef name,
                                      LLVM::LLVMFunctionType type);

/// A private constant global holding `text` and a terminating zero, shared by
/// equal texts, in `addressSpace`; returns its address as a generic pointer.
Value getStringConstant(OpBuilder &b, Location loc, Operation *from,
                        StringRef prefix, StringRef text,
                        unsigned addressSpace = 0);

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
void emitIf(RewriterBase &rewriter, Location loc, Value condition,
            function_ref<void()> body);

/// Runs `body` (which emits code and returns its value, or null) only where
/// `predicate` holds: the current block branches on it to a block with the
/// body and joins the rest of the block, which receives the body's value or
/// `otherwise` (no value when null). Afterwards the insertion point is at the
/// join; returns the joined value.
Value emitGuarded(RewriterBase &rewriter, Location loc, Value predicate,
                  Value otherwise, function_ref<Value()> body);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_ELEMENTUTILITY_H
