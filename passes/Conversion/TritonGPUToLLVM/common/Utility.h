//===- Utility.h - Helpers of the TTGIR to LLVM lowering --------*- C++ -*-===//
//
// Packing a thread's elements into the struct that carries a tensor, building
// LLVM constants, and the tensor coordinates each register of a thread holds.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_UTILITY_H
#define PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_UTILITY_H

#include "dialects/TritonGPU/IR/LinearLayout.h"
#include "passes/Conversion/TritonGPUToLLVM/common/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/BitVector.h"

namespace mlir {
namespace triton {

/// The elements a struct-typed value carries (a scalar comes back alone).
SmallVector<Value> unpackLLElements(Location loc, Value value, OpBuilder &b);
/// The struct of `type`'s LLVM type holding `elements`.
Value packLLElements(Location loc, const TypeConverter *converter,
                     ValueRange elements, OpBuilder &b, Type type);

/// While one is alive on this thread, packLLElements makes a placeholder
/// holding the elements (an unrealized cast marked kPackedElementsAttrName)
/// instead of an undef and an insertvalue per element, and unpackLLElements
/// hands back the elements of a placeholder or of an insertvalue chain
/// instead of an extractvalue per element. Most structs a lowering packs are
/// only ever unpacked again: the chains would be dead and the extracts fold,
/// both left for the canonicalizer to remove (most of the ops a large kernel's
/// lowering makes). Outside one, the ops are made as Triton 3.6 makes them
/// (upstream's lit tests check them). Before the scope ends,
/// materializePackedElements must rebuild the placeholders still read.
class ForwardPackedElements {
public:
  explicit ForwardPackedElements(bool enabled);
  ~ForwardPackedElements();
  ForwardPackedElements(const ForwardPackedElements &) = delete;
  ForwardPackedElements &operator=(const ForwardPackedElements &) = delete;

private:
  bool previous;
};

/// The attribute marking packLLElements' placeholders.
inline constexpr llvm::StringLiteral kPackedElementsAttrName =
    "triton.packed_elements";

/// Whether `cast` is a placeholder of packLLElements.
bool isPackedElements(UnrealizedConversionCastOp cast);

/// Every placeholder under `root`: erased where nothing reads it, otherwise
/// replaced by the undef and insertvalue chain packLLElements makes outside
/// a ForwardPackedElements scope, at the same place.
void materializePackedElements(Operation *root);

/// LLVM constants.
Value createIntConstant(OpBuilder &b, Location loc, Type type, int64_t value);
Value createI32Constant(OpBuilder &b, Location loc, int64_t value);

/// Inline assembly with `resultTypes` results (none, one, or a struct of
/// several, returned unpacked). Without side effects LLVM may move, merge or
/// drop it. `withOperandAttrs` gives it an empty operand_attrs list (as
/// Triton's PTX builder prints its own); a user's inline asm carries none.
SmallVector<Value> createInlineAsm(OpBuilder &b, Location loc,
                                   TypeRange resultTypes, ValueRange operands,
                                   StringRef text, StringRef constraints,
                                   bool hasSideEffects,
                                   bool withOperandAttrs = true);
Value createI1Constant(OpBuilder &b, Location loc, bool value);
Value createFloatConstant(OpBuilder &b, Location loc, Type type, double value);
/// The zero of an integer, float or pointer type.
Value createZero(OpBuilder &b, Location loc, Type type);
/// Whether `value` is a constant integer or +0.0 zero (a splat of them for
/// tensors).
bool isZeroConstant(Value value);

/// The calling thread's lane and warp, i32, and where a program is a cluster
/// of CTAs, its CTA's rank in the cluster (null otherwise).
struct LaneAndWarp {
  Value lane;
  Value warp;
  Value block = {};
};
LaneAndWarp getLaneAndWarp(OpBuilder &b, Location loc,
                           const TargetInfoBase &target);

/// The calling thread's warp as lane 0's (a shuffle), i32, which ptxas knows
/// is the same in every lane: values made from it live in uniform registers
/// (wgmma descriptors, warp-uniform branches). Made once, at the entry of the
/// function being built (where every lane runs), and shared by later calls:
/// LLVM neither merges nor hoists shuffles.
Value getUniformWarpId(OpBuilder &b, Location loc,
                       const TargetInfoBase &target);

/// The tensor coordinates (i32, one per output dimension) of every register of
/// the calling thread in `layout` (a distributed linear layout over register,
/// lane, warp, block; the block bases count only where `thread.block` is
/// set, the program being a cluster).
SmallVector<SmallVector<Value>> emitIndices(OpBuilder &b, Location loc,
                                            const gpu::LinearLayout &layout,
                                            LaneAndWarp thread);

/// The coordinates contributed by lane, warp and block (register 0), one i32 per
/// output dimension; a register's coordinates are these xor its constant part.
SmallVector<Value> emitThreadPart(OpBuilder &b, Location loc,
                                  const gpu::LinearLayout &layout,
                                  LaneAndWarp thread);

/// Reinterprets `value` as an integer of its bit width (floats, pointers stay
/// as they are if already integers).
Value bitcastToInt(OpBuilder &b, Location loc, Value value);
/// `value` sent through a 32-bit warp shuffle, whatever its type (split into
/// 32-bit pieces, widened when narrower).
Value shuffleXorAny(OpBuilder &b, Location loc, const TargetInfoBase &target,
                    Value value, int mask);
/// `value` (any type up to 64 bits) read from lane `lane` of the warp.
Value shuffleIdxAny(OpBuilder &b, Location loc, const TargetInfoBase &target,
                    Value value, Value lane);
/// shuffleUp (TargetInfoBase) of a value of any width.
Value shuffleUpAny(OpBuilder &b, Location loc, const TargetInfoBase &target,
                   Value value, int delta, int width);

/// The shared memory of the function the builder inserts into, plus `offset`
/// bytes (an address in address space 3): in a kernel the module's
/// `@global_smem` (declared by the lowering pass), in a device function the
/// base its caller passes.
Value getSharedMemoryBase(OpBuilder &b, Location loc, int64_t offset);

/// A device function (an llvm.func the lowering made of a tt.func that is
/// not a kernel, internal) takes three parameters after its own: the base of
/// its shared memory (`!llvm.ptr<3>`), then the global and profile scratch
/// pointers (`!llvm.ptr<1>`), as in Triton 3.6. A kernel takes the last two.
constexpr unsigned kDeviceFunctionExtraParams = 3;
constexpr unsigned kKernelExtraParams = 2;
bool isDeviceFunction(LLVM::LLVMFuncOp func);
/// The byte offset the allocation pass gave `op` (allocation.offset).
std::optional<int64_t> getAllocationOffset(Operation *op);

constexpr llvm::StringLiteral kGlobalSharedMemoryName = "global_smem";

/// True in the one thread that acts for the whole program (a scalar store or
/// atomic): thread 0, of the cluster's CTA 0 where the program is a cluster.
Value emitProgramLeaderPredicate(OpBuilder &b, Location loc,
                                 const TargetInfoBase &target);

/// The stores of a tensor in `layout` that only one thread and register make:
/// a predicate true in the one thread (lane, warp and, in a cluster, CTA)
/// that stores elements several threads hold (null when every thread holds
/// distinct elements), and
/// the registers that repeat an element an earlier register holds.
Value emitStoreOwnerPredicate(OpBuilder &b, Location loc,
                              const gpu::LinearLayout &layout,
                              const TargetInfoBase &target);
llvm::BitVector getRepeatedRegisters(const gpu::LinearLayout &layout);

/// Declares the module's `@global_smem` (dynamic shared memory, an external
/// zero-sized i8 array in address space 3) unless it exists.
void declareGlobalSharedMemory(ModuleOp module);

/// The first steps of every backend's lowering: barriers between conflicting
/// shared-memory accesses (membar, on the structured form where it sees loops
/// and ifs; when the module has been allocated), then scf to cf, so that block
/// arguments convert like any other value; arith's rounding divisions are
/// expanded on the way.
LogicalResult insertBarriersAndLowerSCF(ModuleOp module);

/// An integer module attribute, or `fallback`.
int getModuleIntAttr(ModuleOp module, StringRef name, int fallback);

/// What every backend's lowering asks of its input, each failure a located
/// error: TTGIR (ttg.num-warps set), the target's `threadsPerWarp` (the error
/// says `ttg.threads-per-warp = N ` then `mismatch`), one CTA unless the
/// backend lowers `clusters` (it then checks them itself), and no
/// tt.dot_scaled.
LogicalResult checkModuleLowerable(ModuleOp module, int threadsPerWarp,
                                   const Twine &mismatch,
                                   bool clusters = false);

/// A located error when the module's `ttg.shared` exceeds what one program
/// may use on the target (the kernel would only fail at launch otherwise).
LogicalResult checkSharedMemoryFits(ModuleOp module,
                                    const TargetInfoBase &targetInfo);

} // namespace triton
} // namespace mlir

#endif // PASSES_CONVERSION_TRITONGPUTOLLVM_COMMON_UTILITY_H
