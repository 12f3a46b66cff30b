// RUN: triton-opt %s -triton-to-llvm="target=hip:gfx942 num-warps=1" 2>/dev/null | triton-translate --mlir-to-amdgcn | FileCheck %s
// x / y of two masked loads whose masked-off lanes read 0: LLVM's O3 must not
// take the division by that 0 for proof that the mask is always true (which
// would load and store on every lane, out of bounds included). The masked
// loads and the store stay under the exec mask.

// CHECK-LABEL: masked_div:
// CHECK:       v_cmp_gt_i32
// CHECK:       s_and_saveexec_b64
// CHECK-NEXT:  s_cbranch_execz
// CHECK:       global_load_dword
// CHECK:       global_load_dword
// CHECK:       global_store_dword
module {
  tt.func public @masked_div(%x: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %n: i32) {
    %pid = tt.get_program_id x : i32
    %c64 = arith.constant 64 : i32
    %base = arith.muli %pid, %c64 : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %b = tt.splat %base : i32 -> tensor<64xi32>
    %offs = arith.addi %b, %r : tensor<64xi32>
    %ns = tt.splat %n : i32 -> tensor<64xi32>
    %mask = arith.cmpi slt, %offs, %ns : tensor<64xi32>
    %xp = tt.splat %x : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %xa = tt.addptr %xp, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %yp = tt.splat %y : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %ya = tt.addptr %yp, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %zero = arith.constant dense<0> : tensor<64xi32>
    %xv = tt.load %xa, %mask, %zero : tensor<64x!tt.ptr<i32>>
    %yv = tt.load %ya, %mask, %zero : tensor<64x!tt.ptr<i32>>
    %q = arith.divsi %xv, %yv : tensor<64xi32>
    %op = tt.splat %out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %oa = tt.addptr %op, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %oa, %q, %mask : tensor<64x!tt.ptr<i32>>
    tt.return
  }
}
