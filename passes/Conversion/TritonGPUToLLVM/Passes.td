//===- Passes.td - TTGIR to the LLVM dialect ---------------*- tablegen -*-===//

#ifndef CONVERSION_TRITONGPUTOLLVM_PASSES_TD
#define CONVERSION_TRITONGPUTOLLVM_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonGPUToLLVM : Pass<"convert-triton-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lowers a TTGIR module for an NVIDIA GPU to the LLVM and NVVM dialects";
  let description = [{
    Every tensor becomes the elements the calling thread holds (a struct in
    the register order of its layout's linear layout); every op becomes what
    each thread does. `tt.func` becomes `llvm.func` with two trailing
    `!llvm.ptr<1>` parameters (global and profile scratch; Triton 3.6's
    ABI), public functions become kernels with `nvvm.reqntid` of the
    module's threads. Loads and stores are predicated PTX accesses of up to
    128 bits, their width from the axis-info analysis; math functions call
    libdevice (`__nv_*`), linked at emission. `scf` is lowered to `cf` first.

    It lowers arith and math ops on tensors, tensor splat constants,
    `tt.splat`, `tt.addptr`, `tt.bitcast`, `tt.int_to_ptr`, `tt.ptr_to_int`,
    `tt.make_range`, `tt.get_program_id`, `tt.get_num_programs`,
    `tt.broadcast`, `tt.expand_dims`, `tt.reshape`, `tt.trans`, `tt.join`,
    `tt.split`, `tt.cat`, `tt.load`/`tt.store` through pointers,
    `ttg.convert_layout` when no element changes thread, `tt.func`,
    `tt.return`, `tt.call`. Any other TTGIR op fails to legalize with a
    located error.

    Through shared memory (`@global_smem`, offsets from
    -allocate-shared-memory): `ttg.convert_layout` that moves elements
    between threads (the op's scratch, a swizzled layout with vector
    accesses; warp shuffles when it has no scratch), `ttg.local_alloc`,
    `ttg.local_load`, `ttg.local_store`, `ttg.local_dealloc`,
    `ttg.memdesc_index`, `ttg.memdesc_subslice`, `ttg.memdesc_trans`,
    `ttg.memdesc_reshape` (a descriptor is a struct of its base pointer and
    coordinate offsets), `ttg.local_barrier`, `ttg.barrier`, `tt.gather`, `tt.histogram`
    (shared-memory atomics), and `ttg.async_copy_global_to_local`,
    `ttg.async_commit_group`, `ttg.async_wait` as `cp.async`.

    Numerics (NVIDIA): `tt.fp_to_fp` among f64/f32/f16/bf16/f8E4M3FN/f8E5M2
    (rtne/rtz; PTX cvt on element pairs on sm_90, an integer emulation
    otherwise) and arith/math ops on fp8 (computed in f32), `tt.clampf`,
    `tt.precise_sqrt`, `tt.precise_divf`, `tt.mulhiui`,
    `tt.extern_elementwise` (libdevice), `tt.elementwise_inline_asm`,
    `tt.map_elementwise`; Triton's fast paths for `math.exp` and
    `arith.divf` on f32. `tt.atomic_rmw` and `tt.atomic_cas` as PTX `atom`,
    one thread per element, old values shared through the op's scratch;
    `tt.print` (vprintf), `tt.assert` (__assertfail).

    Reductions and scans (`tt.reduce`, `tt.scan`): registers within the
    thread, butterfly shuffles over the lanes along the axis, partials
    through the op's scratch across warps. A sum (or `or`, `xor`) of
    integers each multiplied by a mask that is 1 at one coordinate of the
    axis and 0 at the others (Inductor's sort takes the elements of each
    compare-and-swap pair so) is lowered as a selection of that element:
    the register holding it, one shuffle of the unmasked values per lane
    bit, and across warps the partial of the warp holding it.

    Dots: `tt.dot` as `mma.sync` (MMA v2 layouts) or FMAs; with compute
    capability 90, `ttng.warp_group_dot` as `nvg.wgmma` per
    warpgroup, 64 x N tile and K step (operands in `#ttg.nvmma_shared`
    memory named by matrix descriptors, A possibly in registers) between
    `wgmma.fence` and `wgmma.commit_group`, `ttng.warp_group_dot_wait` as
    `nvg.wgmma_wait_group` on the accumulator registers,
    `ttng.fence_async_shared` as `fence.proxy.async`. The nvg ops are
    left for `-convert-nv-gpu-to-llvm` (Triton 3.6's split).

    ```mlir
    %p = tt.get_program_id x : i32
    // becomes
    %p = nvvm.read.ptx.sreg.ctaid.x : i32
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", /*default=*/"90",
           "the GPU's compute capability (80, 90)">,
    Option<"ptxVersion", "ptx-version", "int32_t", /*default=*/"87",
           "the PTX ISA version the inline PTX may use">,
    Option<"forwardPackedElements", "forward-packed-elements", "bool",
           /*default=*/"false",
           "ours: hand a tensor's elements from the op that makes them to the "
           "ops that read them, with no insertvalue chain nothing reads and no "
           "extractvalue (Triton 3.6 makes both and its canonicalizer removes "
           "them; the module after -canonicalize is the same, made in less "
           "time). -triton-make-llir sets it">
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect",
                           "mlir::triton::nvgpu::NVGPUDialect"];
}

def AllocateAMDGPUSharedMemory : Pass<"allocate-amdgpu-shared-memory", "mlir::ModuleOp"> {
  let summary = "Gives every LDS buffer its offset and the module its LDS size, for the AMD lowering";
  let description = [{
    AMD's make_llir step: as `-allocate-shared-memory`, every op owning an
    LDS buffer (`ttg.local_alloc`, conversions and reductions needing
    scratch, calls) gets `allocation.offset` and the module `ttg.shared`
    (bytes). A `ttg.convert_layout` is sized as the scratch the lowering
    converts through, one round at a time: a tile of Triton 3.6's swizzled
    layout (the segment bits both layouts hold in registers are rounds, the
    other bits one tile), or, where it carries
    `amdg.use_padded_scratch_shmem`, Triton 3.6's padded tile (the larger
    CTA tile of the two layouts, each row padded by the wider side's
    vector).

    ```mlir
    %0 = ttg.convert_layout %x : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #blocked1>
    // becomes (module: ttg.shared = 65536 : i32)
    %0 = ttg.convert_layout %x {allocation.offset = 0 : i32} : ...
    ```
  }];
}

def ConvertBuiltinFuncToLLVM : Pass<"convert-builtin-func-to-llvm", "mlir::ModuleOp"> {
  let summary = "Replaces calls of Triton's `__triton_hip_*` helpers with their LLVM sequences";
  let description = [{
    The last step of AMD's make_llir. Calls (`llvm.call`) of the helpers
    Triton's HIP library declares without a body become the instructions
    they stand for: `iabs` (`llvm.intr.abs`, INT_MIN kept), `fabs`,
    `llrint` (`llvm.intr.rint` then `llvm.fptosi`), `fast_fdividef`
    (`a * llvm.amdgcn.rcp.f32(b)`), `fast_expf` (`exp2(x * log2 e)`:
    `llvm.amdgcn.exp2.f32` with `ftz`, else `llvm.exp2.f32`) and
    `fast_tanhf` (`copysign(1 - 2 / (e^(2|x|) + 1), x)`, which cannot
    overflow). Declarations left without callers are removed. A call of
    another `__triton_hip_*` name, or with other types, is a located error.
    Other calls are left alone.

    ```mlir
    %r = llvm.call @__triton_hip_fast_expf(%x) : (f32) -> f32
    // becomes, with ftz
    %c = llvm.mlir.constant(1.44269502 : f32) : f32
    %s = llvm.fmul %x, %c : f32
    %r = llvm.call_intrinsic "llvm.amdgcn.exp2.f32"(%s) : (f32) -> f32
    ```
  }];
  let options = [
    Option<"ftz", "ftz", "bool", /*default=*/"true",
           "fast_expf and fast_tanhf use the flushing v_exp_f32 (llvm.amdgcn.exp2.f32)">
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def ConvertTritonAMDGPUToLLVM : Pass<"convert-triton-amdgpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lowers a TTGIR module for an AMD GPU to the LLVM and ROCDL dialects";
  let description = [{
    The AMD counterpart of `-convert-triton-gpu-to-llvm` for gfx9 (CDNA)
    GPUs, wave64: the same shared patterns (tensors become the elements the
    calling thread holds; functions gain the two scratch pointers of Triton
    3.6's ABI), with ROCDL for ids (`rocdl.workitem.id.x`,
    `rocdl.workgroup.id.*`, `rocdl.grid.dim.*`), cross-lane moves
    (`rocdl.ds_bpermute`) and barriers (`rocdl.s.barrier` between
    workgroup-scope fences). Public functions become kernels (`rocdl.kernel`,
    `rocdl.flat_work_group_size = "1,<threads>"`). Loads and stores are LLVM
    vector accesses of up to 128 bits (widths from axis info), a masked one
    under a branch with `other` on the masked-off path. Math functions call
    the ROCm device library (`__ocml_*`, linked at emission) where LLVM's
    AMDGPU backend has no instruction; f32 `math.exp`, `math.exp2`,
    `math.sqrt` and `math.rsqrt` use the hardware's approximate instructions
    as Triton 3.6 does (`ftz` lets them flush denormals), `tt.precise_sqrt`
    is correctly rounded. `scf` is lowered to `cf` first.

    It lowers what `-convert-triton-gpu-to-llvm` lowers in common
    (arith and math on tensors, splat constants, `tt.splat`, `tt.addptr`,
    view ops, `tt.make_range`, program ids, functions and calls, `tt.dot` on
    blocked layouts), `tt.load`/`tt.store` through pointers,
    `ttg.async_copy_global_to_local` on gfx942 (LDS-DMA loads, where the
    shared layout takes each lane's 4 bytes in order), `ttg.async_commit_group`,
    `ttg.async_wait`,
    `amdg.buffer_load`/`amdg.buffer_store` (raw buffer accesses through a
    resource made of the base pointer; masked-off lanes get an out-of-range
    offset), `ttg.local_barrier`, `ttg.barrier`, `tt.precise_sqrt`, and `tt.precise_divf`,
    `tt.mulhiui`, `tt.clampf` (rewritten first into the arith and math ops
    they are on AMD). Any other op fails to legalize with a located error.

    ```mlir
    %p = tt.get_program_id x : i32
    // becomes
    %p = rocdl.workgroup.id.x : i32
    ```
  }];
  let options = [
    Option<"arch", "gfx-arch", "std::string", /*default=*/"std::string{}",
           "the GPU (gfx942, gfx90a); empty: the one of the module's ttg.target">,
    Option<"archUpstream", "arch", "std::string", /*default=*/"std::string{}",
           "upstream Triton's name of gfx-arch (used where gfx-arch is empty)">,
    Option<"ftz", "ftz", "bool", /*default=*/"true",
           "let f32 exp2, rsqrt, sqrt and precise_sqrt flush denormals (the "
           "direct v_exp/v_rsq/v_sqrt instructions), as Triton 3.6 does">,
    Option<"forwardPackedElements", "forward-packed-elements", "bool",
           /*default=*/"false",
           "ours: as -convert-triton-gpu-to-llvm's (no insertvalue chain that "
           "nothing reads, no extractvalue for the canonicalizer to fold; the "
           "module after -canonicalize is the same). -triton-make-llir sets it">
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::ROCDL::ROCDLDialect"];
}

def TritonGPUAllocateWarpGroups
    : Pass<"tritongpu-allocate-warp-groups", "mlir::ModuleOp"> {
  let summary = "Gives the partitions of each `ttg.warp_specialize` their warps and registers";
  let description = [{
    Before the lowering, every `ttg.warp_specialize` is given the warps its
    partitions run on, as Triton 3.6 does. The partitions of each op are
    padded with empty ones (`ttg.warp_return` only, 16 registers requested)
    until they fill as many whole warp groups (4 warps) as the op with the
    most partition warps; larger partitions get lower warp ids, numbered on
    from the module's `ttg.num-warps` (`warpGroupStartIds`). The module gets
    `ttg.total-num-warps`: its warps plus the partitions' warp groups.

    Where an op requests registers (`requestedRegisters`) and its partitions
    fill whole warp groups, each warp group gets the largest request of its
    partitions (rounded up to 8) and the default warps what is left of the
    register file (`ttg.maxnreg` per thread, or 64K registers shared by all
    warps), rounded down to 8 and at least 24: `actualRegisters` (default
    first), and the module gets `ttg.maxnreg`.

    ```mlir
    ttg.warp_specialize() default {...} partition0() num_warps(1) {...}
    // becomes, in a module of 4 warps (total-num-warps 8)
    ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 6, 4>}
      default {...} partition0() num_warps(1) {...}
      partition1() num_warps(2) { ttg.warp_return }
    ```
  }];
}

def ConvertWarpSpecializeToLLVM
    : Pass<"convert-warp-specialize-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lowers what is left of `ttg.warp_specialize` after the NVIDIA lowering";
  let description = [{
    Runs on a module that `-convert-triton-gpu-to-llvm` has lowered (the
    regions of `ttg.warp_specialize` hold LLVM and NVVM ops) and that
    `-tritongpu-allocate-warp-groups` has given its warp ids. Each kernel
    becomes one program for all `ttg.total-num-warps` warps: warps below
    `ttg.num-warps` run the kernel's code; the others wait in a loop
    (named barrier 1 over all threads) and, each time they are released,
    read a state byte per warp from shared memory (the kernel's
    `allocation.offset`) that sends them to their partition's code or out
    of the kernel. Before each `ttg.warp_specialize` the default warps
    write the states and the captures (a packed struct at the op's
    `allocation.offset`) and release the others; partitions read their
    captures, and every partition and the default region meet again at
    barrier 1 when they end. Captures computed by pure ops from kernel
    arguments (at most 16 ops) are recomputed in the partitions instead.
    `nvvm.barrier0` becomes a named barrier per warp group (0 for the
    default warps, 2 on for the partitions; `bar.warp.sync` for one warp).
    With `actualRegisters` and the module's `ttg.maxnreg`, `setmaxnreg`
    moves registers: waiting warps go down to 24 (or what leaves the
    default warps at most 256), partitions and the default region set their
    own counts while they run.

    ```mlir
    ttg.warp_specialize() attributes {warpGroupStartIds = array<i32: 4>}
    default { "a"() : () -> () ttg.warp_yield }
    partition0() num_warps(4) { "b"() : () -> () ttg.warp_return } : () -> ()
    // becomes a branch on the warp id, a switch loop over partition states,
    // and `llvm.nvvm.barrier.cta.sync.all` around both regions
    ```
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // CONVERSION_TRITONGPUTOLLVM_PASSES_TD
