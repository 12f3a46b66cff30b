//===- Passes.td - TritonAMDGPU (AMD TTGIR) transforms -----*- tablegen -*-===//

#ifndef TRITONAMDGPU_TRANSFORMS_PASSES_TD
#define TRITONAMDGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonAMDGPUAccelerateMatmul : Pass<"tritonamdgpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "Moves dots onto the matrix cores: #ttg.amd_mfma layouts on gfx90a and gfx942";
  let description = [{
    A 2-D `tt.dot` with a `#ttg.blocked` result on an AMD CDNA GPU (gfx90a:
    MFMA version 2, gfx942: version 3; the option, else the module's
    `ttg.target`) takes an `#ttg.amd_mfma` layout when an MFMA instruction
    multiplies its operands: fp16, bf16, fp32 (xf32 on gfx942 when
    `inputPrecision = tf32`), int8 into int32, and on gfx942 the fnuz fp8
    types (`f8E4M3FNUZ`, `f8E5M2FNUZ`, any pairing). Other dots (OCP fp8,
    mixed types, tiles too small) stay on FMAs, with 3.6's remarks.

    The instruction is 32x32 when M and N are both at
    least 32, else 16x16 when both are at least 16 (`matrix-instruction-size`
    forces one, even wider than the tile). Below that, a side of at least 4
    with the other of at least 64 takes the 16-block 4x4 instructions as one
    64x4 tile (M >= 64) or 4x64 tile (N >= 64), as Triton 3.6: fp32 (K 16),
    fp16, bf16 and int8 (K 64), no xf32 or fp8 form. K must be a multiple
    of the instruction's K; the layout is transposed (each lane holds
    consecutive N, for wide stores), but for 4x64. Warps: all
    along M for the first dot of a chain (its result reaches another dot's
    A in the same region); along M as far as M has instruction rows, the
    rest along N, for the second (its A computed from a dot's result);
    otherwise doubled along M while M has twice the instruction's rows per
    warp more than N has columns (and rows are left), else along N. The operands are converted to `#ttg.dot_op`
    with kWidth = the K elements one lane feeds an instruction (4 for
    fp16/bf16, 8 for gfx942's int8 and fp8), times `kPack` unless A is
    computed from another dot (then 4 for 16-bit operands). The accumulator
    is converted (and widened to fp32 or int32 where it is narrower) and the
    result converted back.

    ```mlir
    %d = tt.dot %a, %b, %c : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<128x128xf32, #blocked>
    // becomes, on gfx942 with 4 warps
    #mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
    %a1 = ttg.convert_layout %a : ... -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    %b1 = ttg.convert_layout %b : ... -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    %c1 = ttg.convert_layout %c : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #mma>
    %d1 = tt.dot %a1, %b1, %c1 : ... -> tensor<128x128xf32, #mma>
    %d = ttg.convert_layout %d1 : tensor<128x128xf32, #mma> -> tensor<128x128xf32, #blocked>
    ```
  }];
  let options = [
    Option<"arch", "gfx-arch", "std::string", /*default=*/"std::string{}",
           "the gfx architecture (gfx942, gfx90a); empty: the module's ttg.target">,
    Option<"archGenerationName", "arch-generation-name", "std::string",
           /*default=*/"std::string{}",
           "upstream Triton's name of gfx-arch (used where gfx-arch is empty)">,
    Option<"matrixInstructionSize", "matrix-instruction-size", "int32_t", /*default=*/"0",
           "the M = N of the MFMA instruction (16 or 32); 0: chosen by the tile">,
    Option<"kPack", "kPack", "int32_t", /*default=*/"1",
           "how many instructions' worth of K each lane loads at once (1 or 2)">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::gpu::TritonGPUDialect"];
}

def TritonAMDGPUOptimizeEpilogue : Pass<"tritonamdgpu-optimize-epilogue", "mlir::ModuleOp"> {
  let summary = "Stores MFMA results from their own layout, without a conversion through shared memory";
  let description = [{
    A `tt.store` of a `#ttg.blocked` tensor that is a `ttg.convert_layout`
    from an `#ttg.amd_mfma` layout, possibly through single-use unary
    elementwise ops (a `arith.truncf`, say), stores from the MFMA layout
    instead: the elementwise ops are redone there, the pointers and the mask
    are converted to it (remove-layout-conversions then computes them in it).

    ```mlir
    %c = ttg.convert_layout %acc : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.store %ptrs, %c, %mask : tensor<128x128x!tt.ptr<f16>, #blocked>
    // becomes
    %p = ttg.convert_layout %ptrs : tensor<128x128x!tt.ptr<f16>, #blocked> -> tensor<128x128x!tt.ptr<f16>, #mma>
    %m = ttg.convert_layout %mask : tensor<128x128xi1, #blocked> -> tensor<128x128xi1, #mma>
    tt.store %p, %acc, %m : tensor<128x128x!tt.ptr<f16>, #mma>
    ```
  }];
}

def TritonAMDGPUCanonicalizePointers
    : Pass<"tritonamdgpu-canonicalize-pointers", "mlir::triton::FuncOp"> {
  let summary = "Rewrites pointers as a scalar base plus a tensor of offsets";
  let description = [{
    Follows each pointer argument of the function as a (scalar base,
    offset) pair through `tt.splat`, `tt.broadcast`, `tt.expand_dims`,
    `ttg.convert_layout`, `amdg.extract_slice`, `tt.addptr`, `arith.select`,
    `scf.for`, `scf.while`, `scf.if`, `cf.br` and `cf.cond_br` (loops,
    ifs and blocks carry the pair as two values), and rebuilds
    `addptr(splat(base), offset)` where a load, store, atomic or any other
    op uses the pointer.

    A `tt.addptr` step is split into a uniform part (splatted scalars and
    uniform constants, through `arith.addi`, `arith.muli`, broadcasts and
    expand_dims) and the rest. For an argument marked
    `tt.pointer_range = 32` (every offset into its buffer fits in 32 bits)
    the base stays the argument and both parts are summed into an i32
    offset. Other arguments are rewritten only with
    `enable-large-tensor-ptr-canon`: the uniform part bumps the scalar base
    and the offset is kept in i64, truncated back to i32 where it is only a
    splat plus one i32 tensor (as Triton 3.6 does; a split of an i32 sum
    can then wrap where the sum did not).

    Functions holding `ub.poison` are skipped with a remark, as are
    functions where a pair and another pointer (or pairs of the two kinds)
    would meet in one loop argument, if result or block argument.

    ```mlir
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %o = arith.addi %start, %range : tensor<1024xi32>   // %start = splat %i
    %q = tt.addptr %s, %o : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    // with enable-large-tensor-ptr-canon becomes
    %b = tt.addptr %p, %i : !tt.ptr<f32>, i32
    %s1 = tt.splat %b : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %q1 = tt.addptr %s1, %range : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    ```
  }];
  let options = [
    Option<"enableLargeTensorPtrCanon", "enable-large-tensor-ptr-canon", "bool",
           /*default=*/"false",
           "also rewrite pointer arguments without tt.pointer_range = 32">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonAMDGPUConvertBufferOps : Pass<"tritonamdgpu-convert-buffer-ops", "mlir::ModuleOp"> {
  let summary = "Turns loads and stores at a scalar base plus bounded offsets into buffer ops";
  let description = [{
    A `tt.load` or `tt.store` whose pointers are `addptr(splat(base),
    offsets)` with i32 offsets becomes `amdg.buffer_load` /
    `amdg.buffer_store` when the base is a `tt.func` argument marked
    `tt.pointer_range = 32` (the whole tensor is below 2 GiB; with
    `analyze-small-tensor-ofst` such bases are analyzed like any other), or
    when the AMD integer range analysis proves every offset non-negative and
    every byte offset, to the end of its element, below 2^31. The ranges
    come from the ops (constants, `tt.make_range`, program ids below 2^31,
    arith), from `llvm.intr.assume` of comparisons with constants, and from
    loops with at most 1024 trips interpreted trip by trip. An all-true mask
    and an all-zero `other` are dropped; offsets of the form
    `broadcast(splat(s) * rows) + cols` give the access its row stride `s`.
    Volatile loads, block pointers and f32 loads in functions with a
    `tt.dot` (as Triton 3.6) stay. Only on gfx90a, gfx942 and gfx950 (the
    option, else the module's `ttg.target`).

    Atomics at such addresses with scope `gpu` or `cta` and 32- or 64-bit
    elements become buffer atomics as in 3.6: `tt.atomic_cas` on integers
    `amdg.buffer_atomic_cas` (every GPU above), `tt.atomic_rmw` `and`,
    `or`, `xor`, `add`, `fadd`, `umax`, `umin`, `xchg` and f64 `max` /
    `min` `amdg.buffer_atomic_rmw` (gfx942 and gfx950, with
    `allow-buffer-atomics`). An atomic whose old values are used stays
    where its layout gives an element to several threads. 3.6's f16 `fadd`
    pairs, and its f32 `max` / `min` (no such instruction on gfx942), are
    not converted.

    ```mlir
    %s = tt.splat %row : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %p = tt.addptr %s, %cols : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %p, %m, %other : tensor<1024x!tt.ptr<f32>, #blocked>
    %o = tt.atomic_rmw fadd, acq_rel, gpu, %p, %x, %m : (tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xf32, #blocked>, tensor<1024xi1, #blocked>) -> tensor<1024xf32, #blocked>
    // becomes, %cols = tt.make_range {start = 0, end = 1024}
    %x = amdg.buffer_load %row[%cols], %m, %other : tensor<1024xf32, #blocked>
    %o = amdg.buffer_atomic_rmw fadd, acq_rel, gpu, %x, %row[%cols], %m : tensor<1024xf32, #blocked>
    ```
  }];
  let options = [
    Option<"arch", "gfx-arch", "std::string", /*default=*/"std::string{}",
           "the gfx architecture (gfx942, gfx90a, gfx950); empty: the module's ttg.target">,
    Option<"archGenerationName", "arch-generation-name", "std::string",
           /*default=*/"std::string{}",
           "upstream Triton's name of gfx-arch (used where gfx-arch is empty)">,
    Option<"allowBufferAtomics", "allow-buffer-atomics", "bool",
           /*default=*/"true",
           "turn read-modify-write atomics into buffer atomics (gfx942, gfx950)">,
    Option<"analyzeSmallTensorOfst", "analyze-small-tensor-ofst", "bool",
           /*default=*/"false",
           "also bound the offsets from bases marked tt.pointer_range = 32, instead of converting them unchecked">
  ];
  let dependentDialects = ["mlir::triton::amdgpu::TritonAMDGPUDialect"];
}

def TritonAMDGPUFoldTrueCmpI : Pass<"tritonamdgpu-fold-true-cmpi", "mlir::ModuleOp"> {
  let summary = "Replaces scalar comparisons the integer ranges prove true with `true`";
  let description = [{
    Runs the AMD integer range analysis (the one
    `-tritonamdgpu-convert-buffer-ops` uses: ranges from the ops, from
    `llvm.intr.assume` of comparisons with constants, from loops of known
    trip count) and replaces each scalar `arith.cmpi` whose operand ranges
    make it true for every value with `arith.constant true`; canonicalize
    then drops the `scf.if` or `arith.select` it guarded. Tensor
    comparisons, and comparisons proved false, are left as they are.

    ```mlir
    %pid = tt.get_program_id x : i32
    %lt = arith.cmpi slt, %pid, %c1024 : i32
    llvm.intr.assume %lt : i1
    %ok = arith.cmpi slt, %pid, %c2048 : i32
    scf.if %ok { ... }
    // becomes (%lt too: the assumption proves itself)
    %true = arith.constant true
    llvm.intr.assume %true : i1
    scf.if %true { ... }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonAMDGPUHoistLayoutConversions
    : Pass<"tritonamdgpu-hoist-layout-conversions", "mlir::triton::FuncOp"> {
  let summary = "Converts a loop-invariant dot operand once, before the loop";
  let description = [{
    A `ttg.convert_layout` to a `#ttg.dot_op` layout inside an `scf.for`
    whose source is computed by an op outside that loop is moved to just
    after that op, so that the operand (an attention kernel's Q tile, say)
    is converted once and kept in registers instead of going through LDS on
    every iteration. Sources that are function or loop arguments stay
    converted where they are, as in Triton 3.6.

    ```mlir
    %a = arith.truncf %q : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>
    scf.for ... {
      %op = ttg.convert_layout %a : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>
      %d = tt.dot %op, ...
    }
    // becomes
    %a = arith.truncf ...
    %op = ttg.convert_layout %a : ...
    scf.for ... { %d = tt.dot %op, ... }
    ```
  }];
}

def TritonAMDGPUBlockPingpong : Pass<"tritonamdgpu-block-pingpong", "mlir::ModuleOp"> {
  let summary = "Splits a pipelined GEMM loop into a memory and a dot cluster, the dot at high priority";
  let description = [{
    Two warps share each SIMD; in a loop split into a memory cluster and a
    dot cluster one can issue MFMAs while the other issues loads. For an
    `scf.for` of a pipelined GEMM (`num-stages` > 1) with one MFMA `tt.dot`
    whose operands are read from loop-carried LDS slots, two global loads
    that fill those slots, and no other memory ops per iteration (those in
    the rarely taken branches of a persistent GEMM aside), in a 4-warp
    program with a tile of 32x128x64 to 128x128x64 16-bit elements: the
    first LDS read, `rocdl.s.setprio 1`, the first global load,
    `rocdl.sched.barrier 0`, the second read, `rocdl.s.setprio 0`, the
    second global load (each with the ops it needs), then before the dot
    `rocdl.sched.barrier 1` and the dot between `s.setprio 1` and `0`.
    Loops that store to global memory or call functions are left alone.
    In an 8-warp program at 2 stages whose two LDS stores fill the slots,
    the dot is sliced along K (`ttg.memdesc_subslice` and a `ttg.local_load`
    per slice) into two clusters for 256x128x64 16-bit tiles or four for
    256x256x64 and larger (not for 16x16 MFMAs with kWidth 8); memory and
    dot clusters alternate, each ended by `gpu.barrier` and
    `rocdl.sched.barrier 0`, dots at high priority; before the loop the
    upper half of the warps waits at an `amdg.cond_barrier`, so it runs one
    cluster behind the lower half, which waits at one after the loop.
    Triton 3.6's chained-dot, direct-to-LDS and scaled-dot variants are not
    built: those loops are left as they are. Triton 3.6 runs it on gfx942
    after reorder-instructions when `num_stages` > 1.

    ```mlir
    %a = ttg.local_load %slotA ...
    %b = ttg.local_load %slotB ...
    %x = tt.load %pa ...
    %y = tt.load %pb ...
    %d = tt.dot %a, %b, %acc ...
    // becomes
    %a = ttg.local_load %slotA ...
    rocdl.s.setprio 1
    %x = tt.load %pa ...
    rocdl.sched.barrier 0
    %b = ttg.local_load %slotB ...
    rocdl.s.setprio 0
    %y = tt.load %pb ...
    rocdl.sched.barrier 1
    rocdl.s.setprio 1
    %d = tt.dot %a, %b, %acc ...
    rocdl.s.setprio 0
    ```
  }];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default=*/"2",
           "the loop's pipeline stages (the schedule needs more than 1)">
  ];
  let dependentDialects = ["mlir::ROCDL::ROCDLDialect",
                           "mlir::gpu::GPUDialect",
                           "mlir::triton::amdgpu::TritonAMDGPUDialect"];
}

def TritonAMDGPUInThreadTranspose
    : Pass<"tritonamdgpu-in-thread-transpose", "mlir::triton::FuncOp"> {
  let summary = "Transposes dot operands in registers before storing them to LDS K-contiguous";
  let description = [{
    For a `ttg.local_load` giving an MFMA dot operand from LDS buffers that
    are written from global loads contiguous along M (A) or N (B): the loads
    get a layout whose per-thread block is also up to 64 bits deep along K
    (as deep as the tensor leaves room for; at least 2 elements, else
    nothing changes), each store converts its value to that layout and
    transposes it in the thread's registers (`amdg.in_thread_transpose`, a
    `#ttg.linear` result), and every buffer of the operand gets the
    `#ttg.amd_rotating_shared` layout with K contiguous and the swizzle of a
    K-contiguous operand. The buffers are followed through memdesc_index,
    scf.for, scf.if and scf.while; direct-to-LDS copies, function arguments,
    other views and loads of different types leave the operand unchanged.
    Triton 3.6 runs it on gfx942, after reduce-data-duplication.

    ```mlir
    %a = tt.load %p : tensor<32x128x!tt.ptr<f16>, #blocked>     // [1, 8], order [1, 0]
    %s = ttg.local_alloc %a : (...) -> !ttg.memdesc<32x128xf16, #shared, #smem>
    %b = ttg.local_load %s : ... -> tensor<32x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
    // becomes
    %a = tt.load %p' : tensor<32x128x!tt.ptr<f16>, #blocked1>   // [4, 8]
    %t = amdg.in_thread_transpose %a' : tensor<32x128xf16, #blocked1> -> tensor<32x128xf16, #linear>
    %s = ttg.local_alloc %t : (...) -> !ttg.memdesc<32x128xf16, #ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [0, 1]}>, #smem>
    ```
  }];
  let dependentDialects = ["mlir::triton::amdgpu::TritonAMDGPUDialect"];
}

def TritonAMDGPUReorderInstructions
    : Pass<"tritonamdgpu-reorder-instructions", "mlir::ModuleOp"> {
  let summary = "Places AMD loads and layout conversions where they schedule better";
  let description = [{
    In each `tt.func`, in this order: a conversion to a `#ttg.dot_op`
    layout with a single user in another loop is moved next to that user;
    a conversion is moved past the `ttg.local_dealloc`s between it and its
    first use (its LDS scratch then reuses the freed memory); `tt.trans` and
    `ttg.memdesc_trans` are moved up to just after the op defining their
    source; global loads of a pipelined prologue (`amd.pipeliner_part`) at
    the function's top level are moved, with the ops computing their
    operands, up to the last op they must stay behind (their pointer's
    definition, a barrier, an atomic, a loop, a write to global memory); and
    in a matmul loop (the function's loops each hold one dot, or an
    innermost loop holds one dot and at least two loads) whose two 2-D loads
    are at least 128x64 (A) and 64x128 (B), the second load is moved down to
    just before the dot when all its uses follow the dot and nothing between
    writes global memory. Triton 3.6 moves loads across global writes; this
    pass does not.

    ```mlir
    scf.for ... {
      %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
      %b = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked1>
      %x = ttg.local_load %bufA : ... -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, ...}>>
      %y = ttg.local_load %bufB : ... -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, ...}>>
      %d = tt.dot %x, %y, %acc : ...
      ttg.local_store %a, ... ; ttg.local_store %b, ...
    }
    // becomes: %b = tt.load %pb right before %d = tt.dot
    ```
  }];
}

def TritonAMDGPUOptimizeDotOperands
    : Pass<"tritonamdgpu-optimize-dot-operands", "mlir::ModuleOp"> {
  let summary = "Stages a loaded tile used by a dot directly and through a transpose in LDS once";
  let description = [{
    A `tt.load` whose result reaches one `tt.dot` operand through
    single-use `ttg.convert_layout`s, and the same operand (A or B) of
    another dot through conversions, a `tt.trans` and conversions, with
    dot-operand layouts of equal kWidth on the same CTAs: the tile is stored
    once to LDS (`ttg.local_alloc`, the direct operand's swizzled layout),
    the direct dot reads its operand with a `ttg.local_load`, and the
    conversion before the transpose starts from that read (the conversion
    canonicalizations, run with the pattern, then fold it into a
    `ttg.local_load` of its own layout). Triton 3.6's staging of gfx950's
    scaled-upcast scales is not built (gfx950 is not a target).

    ```mlir
    %t = tt.load %p : tensor<64x16x!tt.ptr<f16>, #blocked>
    %l = ttg.convert_layout %t : ... -> tensor<64x16xf16, #linear>
    %d = ttg.convert_layout %t : ... -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 8}>>
    %x = tt.trans %l {order = array<i32: 1, 0>} : ... -> tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>
    // becomes
    %m = ttg.local_alloc %t : (tensor<64x16xf16, #blocked>) -> !ttg.memdesc<64x16xf16, #shared, #smem>
    %l = ttg.local_load %m : ... -> tensor<64x16xf16, #linear>
    %d = ttg.local_load %m : ... -> tensor<64x16xf16, #ttg.dot_op<{opIdx = 1, parent = #mma1, kWidth = 8}>>
    ```
  }];
  let options = [
    Option<"archGenerationName", "arch-generation-name", "std::string",
           /*default=*/"std::string{}",
           "the gfx architecture (Triton 3.6's option; the rewrite is the same on gfx90a and gfx942)">
  ];
}

def OptimizeAMDLDSUsage : Pass<"optimize-amd-lds-usage", "mlir::ModuleOp"> {
  let summary = "Splits layout conversions whose LDS scratch makes a kernel overflow LDS";
  let description = [{
    When a kernel's shared memory (LDS), with each `ttg.convert_layout`
    sized as Triton's AMD backend sizes its scratch (a swizzled round of
    the tensor, or a padded tile with `amdg.use_padded_scratch_shmem`), is
    larger than the LDS of the target (`target-arch`: 64 KiB on gfx90a and
    gfx942, 160 KiB on gfx950; else the module's `ttg.target`) or than
    `lds-limit`, each conversion at the peak whose scratch would have to
    shrink is split in two through an intermediate layout: the source or
    destination layout, or a small blocked one, with the warps spread
    another way (every power-of-two split of the warps is tried). The pair
    whose larger scratch is smallest, and under what the conversion may
    take, wins; swizzled scratch is preferred, and a conversion that fits
    padded on its own only gets the attribute. Other ops, and kernels that
    fit, are left alone.

    ```mlir
    // 8 warps, a 32 KiB local_alloc live across the conversion, gfx90a
    %1 = ttg.convert_layout %0 : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #mma>
    // becomes, with #mma1 = #mma with warpsPerCTA = [8, 1]
    %t = ttg.convert_layout %0 : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #mma1>
    %1 = ttg.convert_layout %t : tensor<128x128xf32, #mma1> -> tensor<128x128xf32, #mma>
    ```
  }];
  let options = [
    Option<"targetArch", "target-arch", "std::string", /*default=*/"std::string{}",
           "the gfx architecture whose LDS size is the limit (gfx90a, gfx942, gfx950); empty: the module's ttg.target">,
    Option<"customLDSLimit", "lds-limit", "int", /*default=*/"0",
           "the LDS bytes a kernel may use; 0: the architecture's LDS size">
  ];
}

def TritonAMDGPUScheduleLoops : Pass<"tritonamdgpu-schedule-loops", "mlir::ModuleOp"> {
  let summary = "Chooses the loads AMD's stream pipeliner fetches ahead, and their stages";
  let description = [{
    For each innermost `scf.for` of more than one stage (the loop's
    `tt.num_stages`, else `num_stages`) without a barrier: the loads that
    the loop's dots read (as A or B, through any computation), and the
    loads whose values make those loads' addresses (one indirection level
    further), are fetched ahead when they pay: on gfx90a and gfx942 only
    loads of 32 bits or more per vector, and only if the local_allocs they
    feed agree on a layout keeping 4 bytes together. A loop with its own
    `tt.num_stages` fetches ahead the loads any op waits for. A load of
    level d goes in stage `(maxLevel - d) * ceil((stages - 2) / (maxLevel + 1))`,
    cluster 0; the dots in the last stage, cluster 1. Two chained dots at
    4 stages take the chained schedule (dots in stages 2 and 3, the ops
    between them split). Ours: where the kernel would not fit in LDS
    (64 KiB on gfx90a and gfx942; tiles sized for another GPU) with the
    loads' buffers at that many stages, the loop gets fewer, down to 2,
    else none (Triton 3.6 fails to launch such a kernel). The kernel's LDS
    is what the shared-memory allocation gives it with the buffers put in
    before the loop: every other buffer and scratch live in the loop
    counts; the streamed loads' conversions to dot operands, which become
    reads of the buffers, do not. The schedule is written as `loop.stage`,
    `loop.cluster` and `tt.scheduled_max_stage`, for
    `-tritonamdgpu-pipeline`.

    ```mlir
    // num_stages=2, a and b 128-bit per thread
    %a = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
    %d = tt.dot %a1, %b1, %acc : ...
    // becomes
    %a = tt.load %pa {loop.cluster = 0 : i32, loop.stage = 0 : i32} : ...
    %d = tt.dot %a1, %b1, %acc {loop.cluster = 1 : i32, loop.stage = 1 : i32} : ...
    } {tt.scheduled_max_stage = 1 : i32}
    ```
  }];
  let options = [
    Option<"numStages", "num_stages", "int32_t", /*default=*/"2",
           "stages of a loop without its own tt.num_stages">
  ];
}

def TritonAMDGPUPipeline : Pass<"tritonamdgpu-pipeline", "mlir::ModuleOp"> {
  let summary = "AMD's stream pipeliner: LDS ring buffers for the scheduled loads, then the loop expanded";
  let description = [{
    For each loop `-tritonamdgpu-schedule-loops` scheduled: every chosen
    load whose users all go to dots (layout conversions to a dot operand,
    or local_allocs) gets `numBuffers` LDS slots (allocated before the
    loop, freed after) and a slot counter carried by the loop; the load
    stays a load into registers and a `ttg.local_store` writes its slot
    (with `use_async_copy`, on gfx942, a `ttg.async_copy_global_to_local`
    with its commit and wait instead: LDS-DMA, 4 bytes per lane, one more
    slot); the users read the slot with a `ttg.local_load`. Stages: the
    load where scheduled, the write `maxLevel` stages later, the read and
    the dot in the last; slots = read stage - write stage (at least 1).
    Clusters order the pipelined body: loads, then the reads with the dot,
    then the writes (the reads before the writes with a single slot);
    with `use_pingpong` at 3 stages an async wait goes at the end.
    What else the schedule lacks runs with its users, or in the last stage.
    The loop then becomes a prologue and a loop whose early-stage ops are
    predicated past the end (the NVIDIA pipeliner's expansion), where
    Triton 3.6 peels an epilogue. Schedule attributes are removed.

    ```mlir
    // num_stages=2: in the loop
    %a = tt.load %pa : ...
    %d = tt.dot %a1, %b1, %acc      // %a1 = convert_layout %a to a dot operand
    // becomes, with %buf = ttg.local_alloc : !ttg.memdesc<1x128x64xf16, #shared, #smem, mutable>
    %a0 = tt.load %pa0 ...          // prologue: iteration 0
    ttg.local_store %a0, %slot0
    scf.for ... {
      %an = tt.load %pa_next, %mask_next ...     // iteration i + 1
      %a1 = ttg.local_load %slot : ... -> tensor<..., #ttg.dot_op<...>>
      %d = tt.dot %a1, ...
      ttg.local_store %an, %slot_next
    }
    ```
  }];
  let options = [
    Option<"useAsyncCopy", "use_async_copy", "bool", /*default=*/"false",
           "copy global memory to LDS directly (gfx942's LDS-DMA loads)">,
    Option<"usePingpong", "use_pingpong", "bool", /*default=*/"false",
           "schedule for block ping-pong (async waits at the end of the body at 3 stages)">
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::triton::gpu::TritonGPUDialect"];
}

def TritonAMDGPUUpdateAsyncWaitCount : Pass<"tritonamdgpu-update-async-wait-count", "mlir::ModuleOp"> {
  let summary = "Turns ttg.async_wait (commit groups) into amdg.async_wait (direct-to-LDS instructions)";
  let description = [{
    On the CDNA GPUs (gfx9*: the option, else the module's `ttg.target`;
    other targets are left alone) each `ttg.async_wait` becomes an
    `amdg.async_wait` with the same tokens, whose `num_inst` is the fewest
    direct-to-LDS load instructions issued after a token's op on any path
    to the wait, into and around enclosing loops (a copy of a lane's n
    distinct bytes issues n / 4 of them). Ordinary loads, also counted by
    the hardware, are left out, which only makes the wait stricter; a wait
    without tokens, or reached through control flow not followed, gets 0
    (everything lands first).

    ```mlir
    %t0 = ttg.async_copy_global_to_local %p0, %s0 : ...   // 4 instructions
    %g0 = ttg.async_commit_group tokens %t0
    %t1 = ttg.async_copy_global_to_local %p1, %s1 : ...   // 4 instructions
    %g1 = ttg.async_commit_group tokens %t1
    %w = ttg.async_wait %g0 {num = 1 : i32}
    // becomes
    %w = amdg.async_wait %g0 {num_inst = 4 : i32}
    ```
  }];
  let options = [
    Option<"archGenerationName", "arch-generation-name", "std::string",
           /*default=*/"std::string{}",
           "the gfx architecture; empty: the module's ttg.target">
  ];
  let dependentDialects = ["mlir::triton::amdgpu::TritonAMDGPUDialect"];
}

def TritonAMDGPUCoalesceAsyncCopy : Pass<"tritonamdgpu-coalesce-async-copy", "mlir::ModuleOp"> {
  let summary = "Gives direct-to-LDS copies a source layout of one LDS-DMA piece per thread run";
  let description = [{
    A `ttg.async_copy_global_to_local` into a swizzled buffer whose blocked
    source gives a thread a run along the fastest dimension longer than
    one direct-to-LDS load moves (4 bytes on gfx90a and gfx942, 16 on
    gfx950; the option, else the module's `ttg.target`), or longer than the
    buffer keeps contiguous, gets a source layout with the run clipped to
    that (the threads spread along the row instead; the NVIDIA pass's
    rewrite): pointers, mask and other are converted to it in front of the
    copy. gfx942's LDS-DMA loads then write neighbouring slots per wave.

    ```mlir
    // f16, #blocked = sizePerThread [1, 8], threadsPerWarp [16, 4]
    %t = ttg.async_copy_global_to_local %p, %s : tensor<64x32x!tt.ptr<f16>, #blocked> -> ...
    // becomes, with #blocked1 = sizePerThread [1, 2], threadsPerWarp [4, 16]
    %p1 = ttg.convert_layout %p : ... #blocked> -> ... #blocked1>
    %t = ttg.async_copy_global_to_local %p1, %s : tensor<64x32x!tt.ptr<f16>, #blocked1> -> ...
    ```
  }];
  let options = [
    Option<"archGenerationName", "arch-generation-name", "std::string",
           /*default=*/"std::string{}",
           "the gfx architecture; empty: the module's ttg.target">
  ];
}

#endif // TRITONAMDGPU_TRANSFORMS_PASSES_TD
