//===- Passes.td - TritonGPU (TTGIR) transforms -----------*- tablegen -*-===//

#ifndef TRITONGPU_TRANSFORMS_PASSES_TD
#define TRITONGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "Gives memory accesses layouts that coalesce them";
  let description = [{
    For each load, store and atomic on a tensor of pointers, the axis info
    analysis says which dimension is the most contiguous and how aligned it
    is; the access gets a `#ttg.blocked` layout whose threads each hold that
    many consecutive elements of the fastest dimension (up to 128 bits, and
    no more than the tensor has per thread), so that the lowering can use
    vector accesses and a warp touches consecutive memory. Its operands move
    to that layout, and its results back, with `ttg.convert_layout` (which
    -tritongpu-remove-layout-conversions removes where it can).

    ```mlir
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #blocked>   // sizePerThread = [1]
    // becomes, with %p 16-byte aligned and contiguous
    %q = ttg.convert_layout %p : ... -> tensor<1024x!tt.ptr<f32>, #blocked1>  // sizePerThread = [4]
    %w = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked1>
    %v = ttg.convert_layout %w : tensor<1024xf32, #blocked1> -> tensor<1024xf32, #blocked>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPURemoveLayoutConversions
    : Pass<"tritongpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "Removes layout conversions by computing values in the layout their users need";
  let description = [{
    First, dot results (tt.dot, ttng.warp_group_dot) are anchors whose
    layout flows forward to the values computed from them: through
    elementwise ops, broadcasts, conversions, reductions (as a slice) and
    expand_dims (back to the parent), and through scf.for/while/if, whose
    block arguments and results change type. An MMA result is carried only
    where something computed from it goes back to an MMA layout or operand
    (a loop accumulating into the dot, a second dot), sparing the
    accumulator a conversion;
    where several layouts reach one value, an MMA layout wins. Operands
    joining from elsewhere and users that keep their layout get conversions,
    which the rewrites below remove where the value is free to compute again.

    Then these rewrites, applied until none applies (with
    `ttg.convert_layout`'s own folds and canonicalization, and dead-code
    removal):
    - a conversion of a value that is cheap to compute from scalars and
      values already in the target layout (splats, ranges, constants,
      integer and pointer arithmetic, comparisons, broadcasts, expand_dims of
      a slice) is replaced by computing the value in the target layout;
    - a conversion feeding an elementwise op whose other operands are
      available in the source layout is moved after the op (the op runs in
      the source layout);
    - a reduce or scan of a converted value works on the value itself;
    - (in program order, after the others) a conversion inside an scf.for
      of a value that is free in the target layout given the loop's
      iter_args there (the matmuls' `a_ptrs += BK`: the yielded next value
      is cheap arithmetic on the iter_arg) makes the loop carry it in the
      target layout, as a new iter_arg after the others (so the existing
      ones keep their positions), its start value computed again before the
      loop (or converted
      once there) and its next value in the body; the old iter_arg goes
      once nothing else reads it;
    - a converted value that flows, through elementwise ops, into scf.for,
      scf.while and scf.if and leaves them only through conversions keeps its
      source layout there (loop-carried values and if results change layout;
      splats and constants joining it are made again); when the conversion
      is inside a loop, the value may also leave, and other values join it,
      outside that loop, through new conversions there (a reduction
      accumulated in a loop is carried in the reduced layout and converted
      once, after the loop).

    Upstream's pass also weighs the costs of competing layouts; this one
    takes a rewrite only when it removes conversions or moves them out of
    a loop.

    ```mlir
    %p = tt.addptr %base, %offs : tensor<1024x!tt.ptr<f32>, #blocked>, ...
    %q = ttg.convert_layout %p : ... #blocked -> ... #blocked1
    %v = tt.load %q : tensor<1024x!tt.ptr<f32>, #blocked1>
    // becomes
    %p1 = tt.addptr %base1, %offs1 : tensor<1024x!tt.ptr<f32>, #blocked1>, ...
    %v = tt.load %p1 : tensor<1024x!tt.ptr<f32>, #blocked1>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUAccelerateMatmul : Pass<"tritongpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "Moves dots onto the tensor cores: wgmma (#ttg.nvidia_mma v3) on sm_90, mma.sync (v2) from sm_80";
  let description = [{
    A `tt.dot` with a 2-D `#ttg.blocked` result on an NVIDIA target of
    compute capability 80 or more moves onto the tensor cores when its
    operands are fp16, bf16, fp32 with `inputPrecision = tf32`, int8 (int32
    accumulator) or fp8; dots in fp32 `ieee` or `tf32x3` stay on FMAs.

    On sm_90 the dot becomes a `ttng.warp_group_dot`
    (wgmma, `isAsync = false`) in an `#ttg.nvidia_mma` version 3 layout when
    K holds at least 256 bits, the warps are whole warp groups (a multiple
    of 4), M is a multiple of 64 and N of 8 per CTA, fp8 is e4m3/e5m2 (and
    not fp32-accumulated with `maxNumImpreciseAcc` < 32), and at least one
    operand comes (through conversions and transposes) from a load or a
    block argument. instrShape is [16, N, 256 / operand bits] with the
    largest N (a multiple of 8 up to 256; int8: 224, 208, ...,
    or from 256, 240 with `wide-int8-wgmma`) dividing the
    tile's N and no wider than the columns of one warp group; warps are all
    along M when the result feeds another dot, else warp groups of [4, 1]
    doubled along M while M has rows for them, then along N. B, and A when
    it is loaded, is stored by a `ttg.local_alloc` right after the tensor it
    was converted from, in a `#ttg.nvmma_shared` layout of that tensor's
    memory order (K-major for types wgmma cannot transpose: all but fp16 and
    bf16): 128-, 64- or 32-byte swizzle, the widest the contiguous dimension
    fills whole (none under 8 rows), `transposed` when dim 0 is contiguous.
    A computed A stays in registers (`#ttg.dot_op`, kWidth = 32 / bits).

    Elsewhere (sm_80, or sm_90 dots outside those rules with whole mma.sync
    instructions: M % 16, N % 8, K % 16, 8 for tf32, 32 for int8) the dot
    takes an `#ttg.nvidia_mma` version 2 layout (instrShape [16, 8]); its
    operands are converted to `#ttg.dot_op` of it, `kWidth` = 32 / operand
    bits (fp8 is upcast to fp16 in the operand layout, kWidth 4). The warps
    are Triton's: all along the longer dimension for dots chained to other
    dots, else balancing the M and N repetitions.

    In both cases the accumulator is converted to the MMA layout and the
    result back to the blocked one.

    ```mlir
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x256xf16, ...> -> tensor<128x256xf32, #blocked>
    // becomes, on sm_90 with 8 warps and %a, %b loaded
    %sa = ttg.local_alloc %la : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %sb = ttg.local_alloc %lb : (tensor<64x256xf16, #blocked2>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
    %d2 = ttng.warp_group_dot %sa, %sb, %c2 {inputPrecision = 0 : i32, isAsync = false} : ... -> tensor<128x256xf32, #mma>
    // #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
    // #shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
    ```

    `wide-int8-wgmma` (ours, off by default as in 3.6; make_ttgir turns it
    on for cuda:90 outside compat=3.6) lets int8 take N = 256 and 240 too,
    shapes PTX has for `.s8`/`.u8` wgmma that 3.6 never picks.
  }];
  let options = [
    Option<"wideInt8Wgmma", "wide-int8-wgmma", "bool", /*default=*/"false",
           "int8 wgmma may be 240 or 256 wide (N), beyond Triton 3.6's 224">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def TritonGPUOptimizeDotOperands
    : Pass<"tritongpu-optimize-dot-operands", "mlir::ModuleOp"> {
  let summary = "Folds transposes into shared-memory views and hoists conversions to dot operands";
  let description = [{
    Triton 3.6's rewrites for NVIDIA dot operands, applied until none
    applies (with `ttg.convert_layout` canonicalization):
    - `ttg.local_alloc(tt.trans(x))` read only by a dot, in a
      `#ttg.nvmma_shared` layout, becomes `ttg.memdesc_trans` of a
      `local_alloc(x)` in x's own memory order (the view's `transposed` is
      the other one): no transpose in registers. For types wgmma cannot
      transpose, only when the view keeps the orientation the dot had.
    - a `ttng.warp_group_dot` whose A is a `local_alloc` of an MMA v3
      tensor with the dot's warps (all along M), 8- or 16-bit, takes A in
      registers (`convert_layout` to `#ttg.dot_op`, kWidth = 32 / bits).
    - with `hoist-layout-conversion`, `convert_layout(op(x, ...))` into a
      `#ttg.dot_op` of an NVIDIA MMA becomes `op(convert_layout(x), ...)`
      when op is elementwise arith (not trunci/truncf/select, nor uitofp of
      i1, nor extf into a kWidth-1 operand), `tt.fp_to_fp`, `tt.bitcast` or
      pure one-input inline asm, and every op between the conversion and
      the nearest load or constant above it is too.

    Not built: the sm_100 rewrites (tensor memory, scales in shared memory),
    and the mma v2 path of transposes through swizzled shared memory (here
    -tritongpu-reduce-data-duplication stores the transposed tensor).

    ```mlir
    %t = tt.trans %k {order = array<i32: 1, 0>} : tensor<64x128xf16, #blocked> -> tensor<128x64xf16, #blocked1>
    %s = ttg.local_alloc %t : (tensor<128x64xf16, #blocked1>) -> !ttg.memdesc<128x64xf16, #shared1, #smem>
    // becomes (#shared: transposed = false, #shared1: transposed = true)
    %a = ttg.local_alloc %k : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared, #smem>
    %s = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<64x128xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #shared1, #smem>
    ```
  }];
  let options = [
    Option<"hoistLayoutConversion", "hoist-layout-conversion", "bool", /*default=*/"true",
           "hoist conversions to dot operand layouts above elementwise ops">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
}

def TritonGPUFuseNestedLoops
    : Pass<"tritongpu-fuse-nested-loops", "mlir::ModuleOp"> {
  let summary = "Flattens a loop nest marked tt.flatten into one loop, as Triton 3.6 does";
  let description = [{
    Triton 3.6's flattening, so that the pipeliner overlaps an inner loop's
    loads across outer iterations (a persistent matmul's tiles). An
    `scf.for` marked `tt.flatten` with exactly one `scf.for` inside it (or
    any nest marked `ttg.always-fuse`) becomes one loop of
    `len(outer) * inner_len` iterations; a carried counter `T` says where in
    an outer iteration it is. The code before each inner loop (with the outer
    induction variable's increment), each inner body and the code after the
    last run under `scf.if`s on `T`; values crossing them, the inner
    induction variables and the inner loops' results are carried by the
    fused loop (unused slots start as zeros or `ub.poison`). For a
    `tt.flatten` nest, first: invariant code leaves the outer loop, pure ops
    used only after the inner loop move after it, and the inner loop is made
    to run at least once (`ttg.must-execute`, no guard on its body): by an
    `llvm.intr.assume` of `ub > lb`, or by running a copy of the nest
    without the inner loop when its length is 0. Inner loops whose bounds
    depend on anything but function arguments, hoistable scalars and the
    outer induction variable stay loops. The fused loop takes the largest
    `tt.num_stages` of the nest.

    ```mlir
    scf.for %i = %lbi to %ubi step %si {
      "prologue"(%i) : (i64) -> ()
      scf.for %j = %lbj to %ubj step %sj { "body"(%i, %j) : (i64, i64) -> () }
      "epilogue"(%i) : (i64) -> ()
    } {tt.flatten}
    // becomes, with n = len_i * max(1, len_j),
    scf.for %t = %c0 to %n step %c1 iter_args(%T = %c0, %i = %lbi - %si, %j = ...) {
      scf.if %T == 0 { %i' = %i + %si; "prologue"(%i') ...; %j' = %lbj }
      scf.if %T >= 0 && %T < len_j { "body"(%i', %j'); %j'' = %j' + %sj }
      scf.if %T == max(1, len_j) - 1 { "epilogue"(%i') }
      %T' = %T == max(1, len_j) - 1 ? 0 : %T + 1
    }
    ```

    make_ttgir does not run it: the inner loop of such a nest is pipelined
    on its own, which measured faster on the H200, and the pipeliner does
    not take the fused loops yet (docs/Compatibility.md).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::ub::UBDialect"];
}

def TritonGPUCombineTensorSelectAndIf
    : Pass<"tritongpu-combine-tensor-select-and-if", "mlir::ModuleOp"> {
  let summary = "Turns selects on an scf.if's condition into results of the if";
  let description = [{
    An `arith.select %c, %a, %b` on the condition of an `scf.if %c` in the
    same block, with `%a` and `%b` defined before the if and every use of
    the select after it, becomes one more result of the if: the then branch
    yields `%a`, the else branch `%b`. The select may stand after the if or
    before it (a fused persistent loop resets its accumulator so, beside its
    epilogue's if). A select over tensors then costs no per-element work,
    and no instruction reads an accumulator its wgmma may still be writing.

    ```mlir
    scf.if %c { ... }
    %s = arith.select %c, %a, %b : tensor<64xf32>
    // becomes
    %s = scf.if %c -> (tensor<64xf32>) { ... scf.yield %a } else { scf.yield %b }
    ```
  }];
}

def TritonGPUOptimizeAccumulatorInit
    : Pass<"tritongpu-optimize-accumulator-init", "mlir::ModuleOp"> {
  let summary = "Turns a zeroed MMA accumulator into a flag telling the MMA to ignore it";
  let description = [{
    For a `ttng.warp_group_dot` (not an fp8 one that accumulates in chunks)
    or a tcgen05 MMA directly in an `scf.for`: a constant-zero accumulator
    becomes `useC`/`useD` false; an accumulator that starts the loop at zero,
    or that a select or an if on an i1 condition resets to zero, gets a
    loop-carried i1 flag instead (false until the MMA has added to it), and
    the reset keeps the old value. Flags already present and not the
    constant true are left alone. A tensor-memory accumulator filled from a
    tensor that its MMA then ignores is allocated without the filling.
    Triton 3.6 runs it in make_ttgir for sm_100 only; ours does not run it.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUF32DotTC : Pass<"tritongpu-F32DotTC", "mlir::ModuleOp"> {
  let summary = "Splits fp32 dots of inputPrecision tf32x3, bf16x3 and bf16x6 into tensor-core dots of their parts";
  let description = [{
    An fp32 `tt.dot` asking for more precision than one tf32 product gives is
    rewritten into dots the tensor cores run, over a split of each operand
    into a high and a low part (and a third for bf16x6), low products first
    so that the big one is added last:

    - `tf32x3` (only with `emu-tf32`, the targets with tf32 tensor cores):
      `hi = tf32(x)` (rounded to nearest, ties away, with integer ops on the
      bits: what PTX's cvt.rna.tf32.f32 gives), `lo = x - hi`.
    - `bf16x3`: `hi = bf16(x)`, `lo = bf16(x - hi)`.
    - `bf16x6`: a third part `lo2 = bf16(x - hi - lo)`.

    The products of parts whose ranks add up to less than the part count,
    smallest first, are summed from zero; NaNs there (from an infinite
    operand) become zero; then `hi·hi` is added and `c` last, so that the
    small terms are not lost against the large one (this order also gives
    Triton 3.6's bits):

    ```mlir
    %d = tt.dot %a, %b, %c, inputPrecision = tf32x3 : tensor<64x32xf32, #dotA> * tensor<32x64xf32, #dotB> -> tensor<64x64xf32, #blocked>
    // becomes (emu-tf32), with %ahi/%alo and %bhi/%blo made as above
    %d0 = tt.dot %alo, %bhi, %zero, inputPrecision = tf32
    %d1 = tt.dot %ahi, %blo, %d0, inputPrecision = tf32
    %nan = arith.cmpf uno, %d1, %d1
    %d2 = arith.select %nan, %zero, %d1
    %d3 = tt.dot %ahi, %bhi, %d2, inputPrecision = tf32
    %d = arith.addf %d3, %c
    ```

    Other dots are left alone, as are tf32x3 dots without `emu-tf32` (they
    stay exact fp32 products).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::triton::TritonDialect"];
  let options = [
    Option<"emuTF32", "emu-tf32", "bool", /*default=*/"false",
           "split tf32x3 dots into tf32 dots (the target has tf32 tensor cores)">
  ];
}

def TritonGPUOptimizeThreadLocality
    : Pass<"tritongpu-optimize-thread-locality", "mlir::ModuleOp"> {
  let summary = "Accumulates reductions of loaded tiles in a loop per thread, reducing across threads once after it";
  let description = [{
    Upstream's rewrite of `acc = combine(acc, reduce(load))` in an `scf.for`:
    the reduce is along the last dimension of a `#ttg.blocked` tile of rank
    2 or more, straight from a `tt.load`, with more than one element per
    thread along that dimension; its region is one `arith.addf`, `mulf`,
    `maximumf`, `minimumf`, `maxnumf` or `minnumf` of its arguments; `combine`
    is the same op; the loop starts `acc` from a constant and uses it nowhere
    else. The tile is viewed (`tt.reshape allow_reorder efficient_layout`) as
    (..., n/e, e), `e` being the elements a thread holds along the reduced
    dimension, in a blocked layout whose new, fastest dimension only one
    thread holds; each iteration reduces that dimension (no shuffles) into a
    loop-carried tensor of partial results that starts from the combine's
    neutral element. After the loop the partial results are reduced along
    the original dimension, converted back to the old result layout and
    combined with the old initial value.

    ```mlir
    %r = scf.for ... iter_args(%acc = %zero) -> (tensor<32xf32, #slice1>) {
      %x = tt.load %p : tensor<32x128x!tt.ptr<f32>, #blocked>  // 16 per thread along dim 1
      %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({ arith.addf }) : ... -> tensor<32xf32, #slice1>
      %a = arith.addf %acc, %s : tensor<32xf32, #slice1>
      scf.yield %a
    }
    // becomes
    %r = scf.for ... iter_args(%acc = %neutral) -> (tensor<32x8xf32, #slice2_of_blocked3d>) {
      %x = tt.load %p : ...
      %v = tt.reshape %x allow_reorder efficient_layout : tensor<32x128xf32, #blocked> -> tensor<32x8x16xf32, #blocked3d>
      %s = "tt.reduce"(%v) <{axis = 2 : i32}> ({ arith.addf }) : ... -> tensor<32x8xf32, #slice2_of_blocked3d>
      %a = arith.addf %acc, %s
      scf.yield %a
    }
    %t = "tt.reduce"(%r) <{axis = 1 : i32}> ({ arith.addf }) : ...
    %c = ttg.convert_layout %t : ... -> tensor<32xf32, #slice1>
    %f = arith.addf %zero, %c : tensor<32xf32, #slice1>
    ```

    Before that rewrite, as in Triton 3.6, two layouts are chosen:
    - a `tt.reshape ... allow_reorder` whose `tt.reduce` users all reduce
      one axis, in a `#ttg.blocked` layout where threads or warps split that
      axis, takes the default blocked layout of its shape (one element a
      thread) with that axis slowest, marked `efficient_layout`, when the
      view stays free (same copies, same elements a thread); a
      `ttg.convert_layout` back feeds the old users;
    - a `tt.gather` of rank 2 or more on a `#ttg.blocked` source, not yet
      `efficient_layout`, takes a warp-local layout: as many lanes as fit
      along the gather axis, the rest over the other dimensions in the
      source's lane order, one warp along the axis and the warps over the
      others in the source's warp order, what is left over repeating along
      the axis; source, indices and result are converted to it and back.

    The old accumulator leaves the loop
    (rather than staying as an unused loop-carried value) and the old
    reduce and update are erased, so no dead loop-carried value is left.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect", "mlir::arith::ArithDialect"];
}

def TritonGPUReduceDataDuplication
    : Pass<"tritongpu-reduce-data-duplication", "mlir::ModuleOp"> {
  let summary = "Converts to dot operand layouts through shared memory";
  let description = [{
    Every `ttg.convert_layout` from a distributed layout to a `#ttg.dot_op`
    one that needs shared memory becomes a `ttg.local_alloc` of the source
    into an immutable `#ttg.swizzled_shared` buffer and a `ttg.local_load`
    from it in the dot operand layout. Conversions that need no shared
    memory (the same linear layout, or each warp already holding the
    elements it needs, which covers upstream's blocked-to-dot and
    MMA-to-dot shortcuts) are left alone: the lowering converts them in
    registers, cheaper than a round trip through shared memory.

    The buffer's order is the source's memory order (a blocked layout's
    order; else the order in which registers, then lanes, move). Its swizzle
    is upstream's for dot operands: for an `#ttg.nvidia_mma` v2 or v3 parent,
    vec = 4*kWidth along K (swapped with the 8-row MMA stride when K is not
    the contiguous dimension), perPhase = max(1024 / (bits * inner), 1),
    maxPhase = max(min(stride, 1024 / (vec * bits)), 1) / perPhase; for an
    `#ttg.amd_mfma` parent, vec = kWidth, perPhase = max(1, bank row / inner)
    and maxPhase = max(min(16 / perPhase, inner / vec), 1) when K is
    contiguous (or on gfx950 for 8- and 16-bit data), else no swizzle; for
    other parents (blocked, `#ttg.amd_wmma`) no swizzle (vec = perPhase =
    maxPhase = 1). Sources whose CTA layout cannot be told are left alone.

    ```mlir
    %b = ttg.convert_layout %a : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    // becomes
    %0 = ttg.local_alloc %a : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>, #smem>
    %b = ttg.local_load %0 : !ttg.memdesc<...> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUCoalesceAsyncCopy
    : Pass<"tritongpu-coalesce-async-copy", "mlir::ModuleOp"> {
  let summary = "Narrows the per-thread run of async copies to what shared memory keeps contiguous";
  let description = [{
    A `ttg.async_copy_global_to_local` copies, per thread, runs of elements
    that are consecutive both in its source's registers and in the
    destination buffer. When the destination (a swizzled buffer of small
    `vec`, say) keeps fewer of a thread's elements together than the
    source's `#ttg.blocked` layout gives it along its fastest dimension, the
    copy would issue many small transfers per thread while neighbouring
    threads read far-apart addresses. So the source's
    `sizePerThread` along `order[0]` is clipped to that run and the threads
    and warps are spread again over the shape (Triton's blocked layout of a
    shape); the pointers, mask and `other` are converted to the new layout
    just before the copy. Copies whose layouts have no linear layout are
    left alone.

    ```mlir
    %t = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>> -> <32x64xf16, #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>, #smem, mutable>
    // becomes
    %q = ttg.convert_layout %p : tensor<32x64x!tt.ptr<f16>, #blocked> -> tensor<32x64x!tt.ptr<f16>, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>>
    %t = ttg.async_copy_global_to_local %q, %buf : tensor<32x64x!tt.ptr<f16>, #blocked1> -> ...
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUPrefetch : Pass<"tritongpu-prefetch", "mlir::ModuleOp"> {
  let summary = "Loads the first k-slice of a dot's shared-memory operands one iteration ahead";
  let description = [{
    Triton 3.6's prefetch for mma v2 (and MFMA) dots, which make_ttgir runs
    on sm_8x. A loop qualifies when its body holds exactly one `tt.dot`, of
    an `#ttg.nvidia_mma` v2 or `#ttg.amd_mfma` result, whose A and B each
    come from a `ttg.local_load` (without a token) into a `#ttg.dot_op`
    layout, through single-operand elementwise ops of one use each, and
    whose loaded memdescs are both iter_args of the loop. Any other dot in
    the body leaves the loop untouched; so does a local_load of a view made
    in the loop (a pipelined loop indexes its buffers with `memdesc_index`
    inside the loop and orders the load by an async token, so its loads
    cannot move to the previous iteration: pipelined loops are left alone).

    The slice width along K is `8 * kWidth` (256 bits of elements when
    kWidth is 0); K must be a multiple of it and at least it. Before the
    loop, and at the end of each iteration for the memdescs it yields, the
    first slice of A and B is loaded (`ttg.memdesc_subslice` views) and
    carried as new iter_args; the dot becomes a chain of dots over the
    slices, each slice loaded just before the dot preceding its own, and the
    last dot is issued after the next iteration's prefetch unless something
    in between uses its result or has regions.

    ```mlir
    scf.for ... iter_args(%acc = %c, %a = %a0, %b = %b0) {
      %x = ttg.local_load %a : !ttg.memdesc<64x32xf16, ...> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      ...
      %d = tt.dot %x, %y, %acc
    // becomes (slices of 16 along K)
    %x0 = ttg.local_load (ttg.memdesc_subslice %a0[0, 0]) ...  // before the loop
    scf.for ... iter_args(%acc = %c, %a = %a0, %b = %b0, %xs = %x0, %ys = %y0) {
      %x1 = ttg.local_load (ttg.memdesc_subslice %a[0, 16]) ...
      %d0 = tt.dot %xs, %ys, %acc
      ...
      %xn = ttg.local_load (ttg.memdesc_subslice %a_next[0, 0]) ...
      %d1 = tt.dot %x1, %y1, %d0
      scf.yield %d1, %a_next, %b_next, %xn, %yn
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUReorderInstructions
    : Pass<"tritongpu-reorder-instructions", "mlir::ModuleOp"> {
  let summary = "Moves conversions, shared-memory allocations and loads to shorten live ranges";
  let description = [{
    Upstream's rules, in its order:
    1. a `ttg.convert_layout` moves after the last `ttg.local_dealloc`
       between it and its first use in its block;
    2. a conversion to a `#ttg.dot_op` layout, or a `ttg.local_load`, with a
       single user in another `scf.for` than its own moves right before that
       user (into the loop); a local_load only when its buffer was filled at
       allocation, is immutable and never freed;
    3. a `ttg.local_alloc` of a tensor moves right after the op defining the
       tensor, and a `tt.trans` or `ttg.memdesc_trans` right after the op
       defining its operand, when that op is earlier in the same block;
    4. the `ttg.local_load` of a dot's B operand moves right after that of
       its A operand when it comes before it in the same block and nothing
       between may write or free its buffer.
    Conversions are not otherwise sunk to their first use: they stay right
    after the op they convert, where Triton 3.6's TTGIR has them. Rules 3
    and 4 never move an op out of its block, so nothing moves past the
    control flow that guards it.

    ```mlir
    %a = tt.load %p : tensor<32x32x!tt.ptr<f16>, #blocked>
    %x = arith.addf %y, %z : tensor<32x32xf32, #blocked>
    %s = ttg.local_alloc %a : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    // becomes
    %a = tt.load %p : tensor<32x32x!tt.ptr<f16>, #blocked>
    %s = ttg.local_alloc %a : (tensor<32x32xf16, #blocked>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %x = arith.addf %y, %z : tensor<32x32xf32, #blocked>
    ```
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}


def TritonGPUAssignLatencies : Pass<"tritongpu-assign-latencies", "mlir::ModuleOp"> {
  let summary = "Marks the loads of a loop that software pipelining will fetch ahead";
  let description = [{
    For each innermost `scf.for` pipelined with more than one stage (its
    `tt.num_stages`, else `num-stages`), the loads that feed the A or B
    operand of a dot in the body (through any ops of the body; a load that
    feeds another such load is one indirection level further) get
    `tt.latency = L : i32`, the number of iterations ahead they will be
    issued: L = (num-stages - 1) / (levels + 1). A loop with
    `tt.num_stages` and no dot has the loads feeding any of its ops marked.
    A load is skipped when cp.async could not copy it (fewer than 32
    contiguous bits per thread), when its `ttg.local_alloc` users disagree
    on a layout or copy fewer than 4 bytes at a time into it, or when its
    level is num-stages - 1 or more. `tt.descriptor_load`s count as loads
    when TMA can copy them (sm_90 or later, one CTA, a descriptor block in
    `#ttg.nvmma_shared`), and are skipped otherwise. Loops without such
    loads are untouched.

    ```mlir
    scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      // becomes, with num-stages = 3
      %a = tt.load %pa {tt.latency = 2 : i32} : tensor<128x64x!tt.ptr<f16>, #blocked>
      ...
    }
    ```

    `dot-ahead` (ours, off by default as in 3.6; make_ttgir's
    `dot-ahead=true` turns it on, docs/Hopper.md) also gives `tt.latency = 1`
    to a warp-group dot whose accumulator is made outside the loop, whose A
    and B are loop invariants or shared copies (read by it alone) of the
    loads marked, whose result reaches another warp-group dot's A through
    the body (QK^T before softmax and PV), and whose readers can all move to
    the iteration before (no side effects, their other operands made outside
    the loop, at most one of them as large as the block). The schedule
    issues it one iteration ahead, first in the body, so it runs under the
    softmax of the iteration before; the pipeliner runs those readers after
    the wait before the yield (and before the loop for the first block).
    Skipped where the fed dot's accumulator and 2.5 times its result take
    over 224 registers per thread.
  }];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default*/"3",
           "stages of the software pipeline (loops' tt.num_stages take precedence)">,
    Option<"dotAhead", "dot-ahead", "bool", /*default=*/"false",
           "issue a warp-group dot that feeds another one an iteration ahead">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUScheduleLoops : Pass<"tritongpu-schedule-loops", "mlir::ModuleOp"> {
  let summary = "Gives the ops of loops with latencies a pipeline stage and cluster";
  let description = [{
    In each loop with `tt.latency` ops: an op's distance is its latency plus
    the largest distance of its users in the body; the ops downstream of
    latency ops get stage (largest distance - own distance), so the loads go
    to stage 0 and their dots to the last stage. Clusters, one per stage,
    run from the last stage to the first. Then the ops each scheduled op
    depends on join its stage and cluster (the earliest, when several want
    them); an op yielding a value that a stage-s op reads in the next
    iteration goes to stage s+1, in a cluster right before the reader's (a
    load to the reader's); `scf.if`s feeding scheduled ops go to a first
    cluster, other `scf.if`s to a last one; every other op goes to the last
    stage, in the first cluster that comes after the ops it uses. The
    result is written as `loop.stage` and `loop.cluster` on every op of the
    body and `tt.scheduled_max_stage` on the loop; `tt.latency` is removed.

    ```mlir
    %a = tt.load %pa {tt.latency = 1 : i32} : ...
    %d = tt.dot %x, %y, %acc : ...
    // becomes
    %a = tt.load %pa {loop.cluster = 1 : i32, loop.stage = 0 : i32} : ...
    %d = tt.dot %x, %y, %acc {loop.cluster = 0 : i32, loop.stage = 1 : i32} : ...
    } {tt.scheduled_max_stage = 1 : i32}
    ```
  }];
}

def TritonGPUPipeline : Pass<"tritongpu-pipeline", "mlir::ModuleOp"> {
  let summary = "Software-pipelines scheduled loops: loads become multi-buffered cp.async or TMA copies";
  let description = [{
    For each loop with a schedule (`loop.stage`/`loop.cluster` on its ops):
    1. Each `tt.load` whose first use is S > 0 stages later and that cp.async
       can copy gets a buffer of S copies (S + 1 when it feeds a
       `ttng.warp_group_dot` through a `ttg.local_alloc`, which stays in
       flight one more iteration) allocated before the loop
       (`ttg.local_alloc : () -> !ttg.memdesc<S x shape, ...>` in its
       local_alloc's layout, else the dot operand layout its conversions
       lead to). In the body the load becomes `ttg.memdesc_index` at an
       insert index + `ttg.async_copy_global_to_local` (same mask, other,
       cache and `contiguity`) + `ttg.async_commit_group` in its stage, and
       `ttg.async_wait` + `ttg.memdesc_index` at an extract index in its
       first user's stage; its local_allocs are replaced by that view, other
       users read it with `ttg.local_load ... token`. Loads needing the same
       number of buffers share an insert and an extract counter, iter_args
       starting at -1 that wrap at the buffer count.
       A `tt.descriptor_load` TMA can copy gets its buffers the same way, in
       the descriptor's layout, and becomes
       `ttng.async_tma_copy_global_to_local` into the insert view, arriving
       on an mbarrier: each group of such loads issued together (same stage,
       cluster and buffer count, consecutive, no user of one between them)
       has a `!ttg.memdesc<S x 1 x i64>` of barriers (initialised for one
       arrival before the loop) and, before its first copy,
       `ttng.barrier_expect` of the group's bytes on the insert slot's
       barrier; the group's first user's stage waits with
       `ttng.wait_barrier` on the extract slot's barrier at a phase (a third
       counter, from 0, flipped when the extract counter wraps), then takes
       the extract views. A loop whose schedule issues ahead a descriptor
       load TMA cannot copy is left alone.
    2. The loop is expanded: a prologue runs stages 0..s of iterations
       0..max-1-s (iteration i predicated on `lb + i*step < ub`), and the new
       loop, over the same bounds, runs stage s of iteration i + max - s in
       iteration i, its ops in cluster order; ops of stages before the last
       are predicated on `iv < ub - (max - s)*step` (loads and copies by
       their mask, stores likewise, TMA copies and barrier expects and waits
       by their predicate; descriptor loads, bounds-checked, run as they
       are); values used stages after they are made travel in new iter_args.
    3. Consecutive `ttg.async_wait`s merge; each waits for as few groups as
       the commits issued after its tokens on every path allow (`num`).
    4. `ttng.warp_group_dot`s in the loop become `isAsync = true`: a dot
       whose result only feeds the yield, directly or through `scf.if`
       yields, and is read otherwise only inside `scf.if` regions (its
       accumulator used elsewhere only after a `pendings = 0` wait) is
       followed by `ttng.warp_group_dot_wait {pendings = number of such
       dots}` unless another dot's `pendings = 0` wait is in the loop, and
       each region reading it starts with a `pendings = 0` wait; the others
       are followed by `pendings = 0` waits; `pendings = 0` after the loop.
    5. After the loop: `ttg.async_wait {num = 0}` (with cp.async copies),
       `ttng.inval_barrier` of each barrier and its `ttg.local_dealloc`, and
       the buffers' `ttg.local_dealloc`.
    6. In every loop of more than one stage, scheduled or not (sm_90 and
       later): each `tt.descriptor_store` of its body (not of nested loops)
       whose descriptor is made before the loop becomes
       `ttng.async_tma_store_wait {pendings = 0}` + `ttg.local_store` into a
       buffer made before the loop (one per stored type, in the descriptor's
       layout) + `ttng.fence_async_shared` +
       `ttng.async_tma_copy_local_to_global`; after the loop,
       `ttng.async_tma_store_wait {pendings = 0}` and the buffers'
       `ttg.local_dealloc`.
    The schedule attributes are removed. num-stages <= 1 (or the loop's
    `tt.num_stages` <= 1) leaves a loop alone.
  }];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default*/"3",
           "stages of the software pipeline (loops' tt.num_stages take precedence)">,
    Option<"dumpIntermediateSteps", "dump-intermediate-steps", "bool", /*default*/"false",
           "print the loop after lowering and after expansion to stderr">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
}

def TritonGPUTransposeNarrowOperands
    : Pass<"tritongpu-transpose-narrow-operands", "mlir::ModuleOp"> {
  let summary = "Stages MN-major 8-bit wgmma operands and transposes them into their K-major buffer";
  let description = [{
    wgmma reads 8-bit operands (int8, fp8) only K-major. For a
    `ttg.local_alloc` of a `tt.load` in a loop into a K-major
    `#ttg.nvmma_shared` buffer that a `ttng.warp_group_dot` reads, where the
    loaded registers lie MN-major (B row-major, A column-major), the load is
    first stored into a buffer of its own order (which the pipeliner then
    fills ahead with cp.async), loaded back in a `#ttg.linear` layout whose
    threads hold 4 x 4 byte blocks, and stored K-major from there: 32-bit
    shared-memory loads along MN, byte permutes, 32-bit stores along K.
    In a loop the K-major buffer has two slots, used in turn, so that a
    wgmma reading one runs on while the next iteration fills the other.
    A `tt.descriptor_load` whose descriptor layout is MN-major is staged the
    same way, in the descriptor's layout, so that the pipeliner's TMA copies
    land in the staging buffer. The LLVM pipeline's `-transpose-byte-blocks`
    (translate/ByteTransposes.cpp) then makes each 4 x 4 byte block eight
    byte permutes (`prmt`: words interleaved bytewise, then halfwise) where
    InstCombine's chains take twelve.
    mma.sync (sm_80) reads 8-bit operands K-major too:
    ldmatrix gives each thread four bytes along a buffer row. A
    `ttg.convert_layout` of such a tile, loaded MN-major in a loop, to an
    mma v2 dot operand becomes the same staging (a buffer in the load's
    order with the operand's swizzle, which the pipeliner fills with
    cp.async), the same transposing load, a `ttg.local_alloc` of it into a
    K-major buffer with the operand's swizzle, and a `ttg.local_load` of the
    operand from there (ldmatrix); 3.6 loads those fragments from the
    MN-major buffer byte by byte.
    wgmma also takes A from registers, where an MN-major tile needs no
    transpose in shared memory. Unless the LLVM option
    `-tritongpu-swap-narrow-operands=false` is given, a
    product C = A B carried by a loop, with B such a load (row-major,
    N >= 32 x the warps, all warps along M) and A K-major in shared memory,
    becomes C^T = B^T A^T first: B is
    staged in its own order (32-byte vectors XORed with (k / 4) % 4, so
    that the fragment loads reach every bank), B^T is read from there as
    the A operand in registers (32-bit loads along N, byte permutes into
    K-major fragments), and A^T is A's buffer transposed. A thread's
    fragment rows are not consecutive, so the swapped product runs on B^T
    with its rows permuted such that each thread's four rows are four
    consecutive columns; the permutation and the transposition are
    `#ttg.shared_linear` views (`ttg.memdesc_reinterpret`) of the staging
    buffer and, after the loop, of a swizzled buffer the accumulator passes
    through once into the layout its user converts it to (elementwise ops
    of the result alone, such as a truncation, run on C^T before). The
    swapped product is one dot per wgmma K step (32), each after the loads
    of its own fragments, so that the byte permutes of one step run while
    the tensor cores do the one before; the pipeliner waits for the chain
    just before the loop's yield (a running wgmma's A registers must not
    be rewritten, and the next iteration rewrites them).
    Runs in make_ttgir for cuda:80 and later before the pipeliner (not under
    `compat=3.6`). Other local_allocs and layout conversions are left alone.

    ```mlir
    %b = tt.load %p : tensor<64x128x!tt.ptr<i8>, #blocked>
    %s = ttg.local_alloc %b : (tensor<64x128xi8, #blocked>) -> !ttg.memdesc<64x128xi8, #kmajor, #smem>
    // becomes (%slots allocated before the loop)
    %t = ttg.local_alloc %b : (tensor<64x128xi8, #blocked>) -> !ttg.memdesc<64x128xi8, #mnmajor, #smem>
    %r = ttg.local_load %t : !ttg.memdesc<64x128xi8, #mnmajor, #smem> -> tensor<64x128xi8, #linear>
    %slot = ttg.memdesc_index %slots[%i] : !ttg.memdesc<2x64x128xi8, #kmajor, #smem, mutable> -> !ttg.memdesc<64x128xi8, #kmajor, #smem, mutable>
    ttg.local_store %r, %slot : tensor<64x128xi8, #linear> -> !ttg.memdesc<64x128xi8, #kmajor, #smem, mutable>
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUSplitMaskedLoops : Pass<"tritongpu-split-masked-loops", "mlir::ModuleOp"> {
  let summary = "Splits a dot loop where its induction-variable range masks stop being all true; the first part runs without them";
  let description = [{
    Ours (not a Triton 3.6 pass): a dot loop whose masks compare the
    induction variable's range of columns (`start + tl.arange(0, N) < bound`,
    or `<=` a loop-invariant range such as a causal diagonal's rows) is split
    where those masks stop being all true. The first loop runs the iterations
    in which every such mask holds, with the masks replaced by `true` (so the
    canonicalizer drops the selects and the load masks); the second runs the
    rest, unchanged. make_ttgir runs it on sm_90 with `split-masked-loops=true`
    (off by default: faster on most harness attention kernels, but
    attn_dropout ran 0.83x Triton with it, docs/Hopper.md; never under
    `compat=3.6`).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

#endif // TRITONGPU_TRANSFORMS_PASSES_TD
