// RUN: triton-opt %s -allocate-shared-memory -convert-triton-amdgpu-to-llvm -canonicalize -cse -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s
// RUN: %if llvm-mc %{ llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o %}

// gfx942's LDS-DMA and fnuz conversions as the AMDGPU backend assembles
// them. A swizzled copy (row r of the wave's rows XORs column c with r):
// lane j fetches the offset of lane j ^ warp by ds_bpermute, the backend puts
// the wave's LDS address in M0 (a uniform value), and each lane's dword goes
// through buffer_load_dword ... lds; the global copy uses global_load_lds.
// The copies write one buffer, so a barrier separates them (membar); the
// amdg.async_wait 0 at the end waits for both counters and meets the
// workgroup.
// CHECK-LABEL: lds_dma:
// CHECK: ds_bpermute_b32
// CHECK: s_mov_b32 m0, s{{[0-9]+}}
// CHECK: buffer_load_dword v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen lds
// CHECK: s_waitcnt vmcnt(0) lgkmcnt(0)
// CHECK-NEXT: s_barrier
// CHECK: global_load_lds_dword v[{{[0-9]+}}:{{[0-9]+}}], off
// CHECK: s_waitcnt vmcnt(0) lgkmcnt(0)
// CHECK-NEXT: s_barrier
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @lds_dma(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %off: tensor<16x64xi32, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<16x64xf32, #shared, #smem, mutable>
    %t = amdg.buffer_load_to_local %p[%off] into %buf : <f32>[tensor<16x64xi32, #blocked>] -> <16x64xf32, #shared, #smem, mutable>
    %ptrs = tt.splat %q : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>, #blocked>
    %u = ttg.async_copy_global_to_local %ptrs, %buf : tensor<16x64x!tt.ptr<f32>, #blocked> -> <16x64xf32, #shared, #smem, mutable>
    %w = amdg.async_wait %t, %u {num_inst = 0 : i32}
    tt.return
  }

// f32 -> f8E4M3FNUZ -> f32 on the conversion instructions.
// CHECK-LABEL: fnuz_round_trip:
// CHECK: v_cvt_pk_fp8_f32
// CHECK: v_cvt_pk_f32_fp8
  tt.func public @fnuz_round_trip(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b>
    %s = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #b>
    %p = tt.addptr %s, %i : tensor<1024x!tt.ptr<f32>, #b>, tensor<1024xi32, #b>
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #b>
    %f8 = tt.fp_to_fp %v, rounding = rtne : tensor<1024xf32, #b> -> tensor<1024xf8E4M3FNUZ, #b>
    %back = tt.fp_to_fp %f8 : tensor<1024xf8E4M3FNUZ, #b> -> tensor<1024xf32, #b>
    tt.store %p, %back : tensor<1024x!tt.ptr<f32>, #b>
    tt.return
  }
}
