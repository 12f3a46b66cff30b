//===- Passes.td - Triton (TTIR) transforms ---------------*- tablegen -*-===//
//
// The Triton-level optimizations upstream's make_ttir runs before layouts
// exist, under upstream's flags.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_TRANSFORMS_PASSES_TD
#define TRITON_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonCombineOps : Pass<"triton-combine", "mlir::ModuleOp"> {
  let summary = "Combines tt ops with arith ops around them";
  let description = [{
    Rewrites, on TTIR:
    - `arith.addf/addi(tt.dot(a, b, 0), c)` into `tt.dot(a, b, c)` (the
      accumulator absorbs the add; for floats only when `c`'s dot has no
      imprecise accumulation limit);
    - `arith.select(cond, tt.load(p, splat(cond)), other)` into
      `tt.load(p, splat(cond), other)`;
    - `tt.addptr(tt.addptr(p, a), b)` into `tt.addptr(p, a + b)` when both
      offsets have the same type;
    - a sum over axis 1 of `a[:, :, None] * b[None, :, :]` (expand_dims,
      broadcast, mulf) into `tt.dot(a, b, 0)` for blocks of 16 or more;
    - `tt.broadcast` of a splat constant into a constant.

    ```mlir
    %d = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %r = arith.addf %d, %c : tensor<16x16xf32>
    // becomes
    %r = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonDecomposeDotScaled : Pass<"triton-decompose-dot-scaled", "mlir::ModuleOp"> {
  let summary = "Block-scaled dots to upcasts, scale multiplies and a plain dot";
  let description = [{
    For tensor cores without block-scaled instructions (sm_80, sm_90): each
    `tt.dot_scaled` operand is decoded to f32 (fp4 e2m1 unpacked from its
    bytes, low nibble first, along K or, without k-packing, along M/N; fp8
    through `tt.fp_to_fp`; bf16/f16 extended), multiplied by its E8M0 scale
    2^(s - 127) spread over each group of K (255 is NaN), and truncated to
    bf16 (f16 if an operand is f16), exactly for these formats; a `tt.dot`
    then takes both. Runs on TTIR, at the start of make_ttgir: Triton 3.6
    decomposes inside accelerate-matmul, on TTGIR. Batched (3-D) dots
    decompose the same way, batch by batch; fp6 operands (e2m3, e3m2) are
    refused with an error at the op.

    ```mlir
    %d = tt.dot_scaled %a, %w scale %ws, %c lhs = bf16 rhs = e2m1 {fastMath = false} : tensor<32x64xbf16> * tensor<32x32xi8>, tensor<32x2xi8> -> tensor<32x32xf32>
    // becomes
    ... (nibbles to bf16, joined and reshaped to 64x32, times the spread scales)
    %d = tt.dot %a, %w16, %c : tensor<32x64xbf16> * tensor<64x32xbf16> -> tensor<32x32xf32>
    ```

    With `transpose-scaled-b` (make_ttgir sets it for NVIDIA targets, as
    3.6's accelerate-matmul does there), a dot whose scale is on b alone is
    computed transposed, `(b^T a^T)^T`: the decoded, scaled operand becomes
    the dot's a, which wgmma reads from registers, and the other one (a
    loaded tile) its b, which wgmma reads from shared memory.
  }];
  let options = [
    Option<"transposeScaledB", "transpose-scaled-b", "bool", "false",
           "compute a dot scaled on b alone as (b^T a^T)^T">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonReorderBroadcast : Pass<"triton-reorder-broadcast", "mlir::ModuleOp"> {
  let summary = "Moves broadcasts and splats after elementwise operations";
  let description = [{
    Elementwise ops then run on the smaller tensor:
    - `elementwise(splat(a), splat(b), ...)` becomes `splat(elementwise(a, b, ...))`;
    - `elementwise(broadcast(a), splat-or-constant...)` becomes
      `broadcast(elementwise(a, ...))` when every other operand is a splat.

    ```mlir
    %s = tt.splat %x : f32 -> tensor<128xf32>
    %e = math.exp %s : tensor<128xf32>
    // becomes
    %e0 = math.exp %x : f32
    %e = tt.splat %e0 : f32 -> tensor<128xf32>
    ```
  }];
}

def TritonRewriteTensorPointer : Pass<"triton-rewrite-tensor-pointer", "mlir::ModuleOp"> {
  let summary = "Rewrites block pointers into tensors of pointers with masks";
  let description = [{
    Every `tt.make_tensor_ptr` becomes its base, shape, strides and offsets
    (scalars), carried through `scf.for`, `scf.while`, `scf.if` and
    `scf.yield` in place of the block pointer; `tt.advance` adds to the
    offsets; a block-pointer `tt.load`/`tt.store` becomes a load/store of a
    tensor of pointers, with a mask from the dimensions in `boundaryCheck`
    and `other` from `padding` (zero or NaN).

    ```mlir
    %p = tt.make_tensor_ptr %base, [%m, %n], [%s, %c1], [%o, %c0] {order = array<i32: 1, 0>} : <tensor<64x64xf32>>
    %v = tt.load %p {boundaryCheck = array<i32: 0>, padding = 1 : i32} : !tt.ptr<tensor<64x64xf32>>
    // becomes address arithmetic, tt.splat/tt.addptr and
    %v = tt.load %ptrs, %mask, %zeros : tensor<64x64x!tt.ptr<f32>>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonRewriteTensorDescriptorToPointer
    : Pass<"triton-rewrite-tensor-descriptor-to-pointer", "mlir::ModuleOp"> {
  let summary = "Rewrites tensor-descriptor loads and stores into pointer loads and stores";
  let description = [{
    `tt.make_tensor_descriptor` becomes its base, shape and strides; each
    `tt.descriptor_load`/`descriptor_store` becomes a `tt.load`/`tt.store` of
    a tensor of pointers masked by the descriptor's bounds (out-of-bounds
    elements read as zero, or NaN with `padding = nan`);
    `descriptor_gather`/`descriptor_scatter` likewise with one row per
    offset. Descriptors passed through `scf` loops and ifs are carried as
    their parts.

    ```mlir
    %d = tt.make_tensor_descriptor %p, [%M, %N], [%s, %c1] : <f32>, <tensor<32x64xf32>>
    %t = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<tensor<32x64xf32>> -> tensor<32x64xf32>
    // becomes
    %t = tt.load %ptrs, %inBounds, %zeros : tensor<32x64x!tt.ptr<f32>>
    ```
  }];
  let options = [
    Option<"onlyGatherScatter", "only-gather-scatter", "bool", /*default=*/"false",
           "rewrite only modules that gather or scatter through descriptors "
           "(make_ttir's choice on sm_90, whose TMA has no row gather/scatter)">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonLoopUnroll : Pass<"triton-loop-unroll", "mlir::ModuleOp"> {
  let summary = "Unrolls scf.for loops marked with tt.loop_unroll_factor";
  let description = [{
    A loop with `tt.loop_unroll_factor = N` is unrolled N times (with an
    epilogue loop for the remaining iterations); the attribute is removed.
    Loops without the attribute are left alone.

    ```mlir
    scf.for %i = %lb to %ub step %c1 iter_args(...) { ... } {tt.loop_unroll_factor = 2 : i32}
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonLoopInvariantCodeMotion : Pass<"triton-licm", "mlir::ModuleOp"> {
  let summary = "Loop-invariant code motion that also hoists loads";
  let description = [{
    MLIR's LICM, plus: a `tt.load` whose pointer, mask and other are
    loop-invariant, in a loop that stores to no global memory, is hoisted
    out of `scf.for`; because the loop may run zero times, the hoisted load
    is masked by `lb < ub` (the trip count guard), so it touches no memory
    then.

    ```mlir
    scf.for %i = %lb to %ub step %c1 {
      %v = tt.load %p : tensor<64x!tt.ptr<f32>>
      ...
    }
    // becomes
    %run = arith.cmpi slt, %lb, %ub : i32
    %m = tt.splat %run : i1 -> tensor<64xi1>
    %v = tt.load %p, %m : tensor<64x!tt.ptr<f32>>
    scf.for %i = %lb to %ub step %c1 { ... }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonLoopAwareCSE : Pass<"triton-loop-aware-cse", "mlir::ModuleOp"> {
  let summary = "CSE that also merges equivalent loop-carried values";
  let description = [{
    Runs CSE, then merges `scf.for` iter_args that are provably equal: same
    initial value and yields that are equal given that the arguments are
    (found as a fixed point), and runs CSE again.

    ```mlir
    %r:2 = scf.for ... iter_args(%a = %x, %b = %x) {
      %n = tt.addptr %a, %c ...  %m = tt.addptr %b, %c ...
      scf.yield %n, %m
    }
    // the two arguments become one
    ```
  }];
}

#endif // TRITON_TRANSFORMS_PASSES_TD
