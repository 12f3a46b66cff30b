// RUN: triton-opt %s -split-input-file -tritongpu-optimize-accumulator-init | FileCheck %s

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#s8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#s8t = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {

// A loop whose accumulator starts at zero: the first wgmma ignores it, the
// flag is carried as true afterwards.
// CHECK-LABEL: tt.func @starts_at_zero
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[USE:.*]] = %[[FALSE]]) -> (tensor<64x32xf32, #mma>, i1)
// CHECK: %[[D:.*]] = ttng.warp_group_dot %arg0, %arg1, %[[ACC]], %[[USE]]
// CHECK: scf.yield %[[D]], %[[TRUE]]
tt.func @starts_at_zero(%a: !ttg.memdesc<64x32xf16, #sa, #smem>, %b: !ttg.memdesc<32x32xf16, #sb, #smem>, %n: i32) -> tensor<64x32xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf32, #mma>) : i32 {
    %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x32xf16, #sb, #smem> -> tensor<64x32xf32, #mma>
    scf.yield %d : tensor<64x32xf32, #mma>
  }
  tt.return %r : tensor<64x32xf32, #mma>
}

// A wgmma adding to a zero constant: never reads its accumulator.
// CHECK-LABEL: tt.func @zero_operand
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: ttng.warp_group_dot %arg0, %arg1, %{{.*}}, %[[FALSE]]
tt.func @zero_operand(%a: !ttg.memdesc<64x32xf16, #sa, #smem>, %b: !ttg.memdesc<32x32xf16, #sb, #smem>, %n: i32, %init: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x32xf32, #mma>) : i32 {
    %d = ttng.warp_group_dot %a, %b, %zero : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x32xf16, #sb, #smem> -> tensor<64x32xf32, #mma>
    %s = arith.addf %d, %acc : tensor<64x32xf32, #mma>
    scf.yield %s : tensor<64x32xf32, #mma>
  }
  tt.return %r : tensor<64x32xf32, #mma>
}

// A select that resets the accumulator before the wgmma (a persistent loop
// starting a new tile): the select goes, its condition clears the flag.
// CHECK-LABEL: tt.func @select_reset_before
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %arg3, %[[USE:.*]] = %[[TRUE]])
// CHECK: %[[NEW:.*]] = arith.cmpi eq
// CHECK: %[[FLAG:.*]] = arith.select %[[NEW]], %[[FALSE]], %[[USE]] : i1
// CHECK-NOT: arith.select
// CHECK: %[[D:.*]] = ttng.warp_group_dot %arg0, %arg1, %[[ACC]], %[[FLAG]]
// CHECK: scf.yield %[[D]], %[[TRUE]]
tt.func @select_reset_before(%a: !ttg.memdesc<64x32xf16, #sa, #smem>, %b: !ttg.memdesc<32x32xf16, #sb, #smem>, %n: i32, %init: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x32xf32, #mma>) : i32 {
    %k = arith.remsi %i, %c4 : i32
    %new = arith.cmpi eq, %k, %c0 : i32
    %start = arith.select %new, %zero, %acc : tensor<64x32xf32, #mma>
    %d = ttng.warp_group_dot %a, %b, %start : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x32xf16, #sb, #smem> -> tensor<64x32xf32, #mma>
    scf.yield %d : tensor<64x32xf32, #mma>
  }
  tt.return %r : tensor<64x32xf32, #mma>
}

// An epilogue if that hands the next iteration a zero accumulator (the
// else branch here): the branch yields the product, the next iteration's
// flag is the condition (select(c, true, false) folds).
// CHECK-LABEL: tt.func @if_reset_after
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[USE:.*]] = %[[FALSE]])
// CHECK: %[[KEEP:.*]] = arith.cmpi ne
// CHECK: %[[D:.*]] = ttng.warp_group_dot %arg0, %arg1, %[[ACC]], %[[USE]]
// CHECK: scf.if %[[KEEP]]
// CHECK-NEXT: scf.yield %[[D]]
// CHECK: } else {
// CHECK-NEXT: tt.store
// CHECK-NEXT: scf.yield %[[D]]
// CHECK: scf.yield %{{.*}}, %[[KEEP]]
tt.func @if_reset_after(%a: !ttg.memdesc<64x32xf16, #sa, #smem>, %b: !ttg.memdesc<32x32xf16, #sb, #smem>, %n: i32, %out: tensor<64x32x!tt.ptr<f32>, #mma>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf32, #mma>) : i32 {
    %k = arith.remsi %i, %c3 : i32
    %keep = arith.cmpi ne, %k, %c0 : i32
    %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x32xf16, #sb, #smem> -> tensor<64x32xf32, #mma>
    %next = scf.if %keep -> (tensor<64x32xf32, #mma>) {
      scf.yield %d : tensor<64x32xf32, #mma>
    } else {
      tt.store %out, %d : tensor<64x32x!tt.ptr<f32>, #mma>
      scf.yield %zero : tensor<64x32xf32, #mma>
    }
    scf.yield %next : tensor<64x32xf32, #mma>
  }
  tt.return
}

// An if whose kept value is made inside it cannot yield it from the other
// branch: nothing changes.
// CHECK-LABEL: tt.func @if_kept_inside
// CHECK-NOT: i1)
// CHECK: ttng.warp_group_dot %arg0, %arg1, %{{[^,]*}} :
tt.func @if_kept_inside(%a: !ttg.memdesc<64x32xf16, #sa, #smem>, %b: !ttg.memdesc<32x32xf16, #sb, #smem>, %n: i32, %c: i1, %init: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<64x32xf32, #mma>) : i32 {
    %start = scf.if %c -> (tensor<64x32xf32, #mma>) {
      scf.yield %zero : tensor<64x32xf32, #mma>
    } else {
      %twice = arith.addf %acc, %acc : tensor<64x32xf32, #mma>
      scf.yield %twice : tensor<64x32xf32, #mma>
    }
    %d = ttng.warp_group_dot %a, %b, %start : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x32xf16, #sb, #smem> -> tensor<64x32xf32, #mma>
    scf.yield %d : tensor<64x32xf32, #mma>
  }
  tt.return %r : tensor<64x32xf32, #mma>
}

// fp8 with an f32 accumulator added in chunks (maxNumImpreciseAcc <= K)
// keeps a second accumulator: left alone.
// CHECK-LABEL: tt.func @fp8_partial
// CHECK-NOT: i1)
// CHECK: ttng.warp_group_dot %arg0, %arg1, %{{[^,]*}} {maxNumImpreciseAcc = 32 : i32}
tt.func @fp8_partial(%a: !ttg.memdesc<64x64xf8E4M3FN, #s8, #smem>, %b: !ttg.memdesc<64x32xf8E4M3FN, #s8t, #smem>, %n: i32) -> tensor<64x32xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf32, #mma>) : i32 {
    %d = ttng.warp_group_dot %a, %b, %acc {maxNumImpreciseAcc = 32 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #s8, #smem> * !ttg.memdesc<64x32xf8E4M3FN, #s8t, #smem> -> tensor<64x32xf32, #mma>
    scf.yield %d : tensor<64x32xf32, #mma>
  }
  tt.return %r : tensor<64x32xf32, #mma>
}

// A flag that is not the constant true (the pass ran already, or someone
// computes it) stays; running the pass twice changes nothing more.
// CHECK-LABEL: tt.func @flag_present
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<64x32xf32, #mma>)
// CHECK: ttng.warp_group_dot %arg0, %arg1, %{{.*}}, %arg3
tt.func @flag_present(%a: !ttg.memdesc<64x32xf16, #sa, #smem>, %b: !ttg.memdesc<32x32xf16, #sb, #smem>, %n: i32, %use: i1) -> tensor<64x32xf32, #mma> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x32xf32, #mma>) : i32 {
    %d = ttng.warp_group_dot %a, %b, %acc, %use : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x32xf16, #sb, #smem> -> tensor<64x32xf32, #mma>
    scf.yield %d : tensor<64x32xf32, #mma>
  }
  tt.return %r : tensor<64x32xf32, #mma>
}

// Outside a loop nothing is carried: left alone.
// CHECK-LABEL: tt.func @no_loop
// CHECK: ttng.warp_group_dot %arg0, %arg1, %arg2 :
tt.func @no_loop(%a: !ttg.memdesc<64x32xf16, #sa, #smem>, %b: !ttg.memdesc<32x32xf16, #sb, #smem>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x32xf16, #sa, #smem> * !ttg.memdesc<32x32xf16, #sb, #smem> -> tensor<64x32xf32, #mma>
  tt.return %d : tensor<64x32xf32, #mma>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#sa = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#sb = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
// A tcgen05 MMA whose tensor-memory accumulator is filled from the loop's
// zero-started value and read back in the loop: the flag is its useD.
// CHECK-LABEL: tt.func @tcgen05_starts_at_zero
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[USE:.*]] = %[[FALSE]])
// CHECK: ttng.tc_gen5_mma %arg0, %arg1, %{{.*}}, %[[USE]], %[[TRUE]]
// CHECK: scf.yield %{{.*}}, %[[TRUE]]
tt.func @tcgen05_starts_at_zero(%a: !ttg.memdesc<128x64xf16, #sa, #smem>, %b: !ttg.memdesc<64x128xf16, #sb, #smem>, %n: i32) -> tensor<128x128xf32, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #blocked>) : i32 {
    %t = ttng.tmem_alloc %acc : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma %a, %b, %t, %true, %true : !ttg.memdesc<128x64xf16, #sa, #smem>, !ttg.memdesc<64x128xf16, #sb, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %d = ttng.tmem_load %t : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    scf.yield %d : tensor<128x128xf32, #blocked>
  }
  tt.return %r : tensor<128x128xf32, #blocked>
}

// Filled from a zero constant: useD false, and the filling goes.
// CHECK-LABEL: tt.func @tcgen05_zero_fill
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: ttng.tmem_alloc : () ->
// CHECK: ttng.tc_gen5_mma %arg0, %arg1, %{{.*}}, %[[FALSE]]
tt.func @tcgen05_zero_fill(%a: !ttg.memdesc<128x64xf16, #sa, #smem>, %b: !ttg.memdesc<64x128xf16, #sb, #smem>, %n: i32, %init: tensor<128x128xf32, #blocked>) -> tensor<128x128xf32, #blocked> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<128x128xf32, #blocked>) : i32 {
    %t = ttng.tmem_alloc %zero : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma %a, %b, %t, %true, %true : !ttg.memdesc<128x64xf16, #sa, #smem>, !ttg.memdesc<64x128xf16, #sb, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %d = ttng.tmem_load %t : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    %s = arith.addf %d, %acc : tensor<128x128xf32, #blocked>
    scf.yield %s : tensor<128x128xf32, #blocked>
  }
  tt.return %r : tensor<128x128xf32, #blocked>
}
}
