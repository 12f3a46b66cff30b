// RUN: triton-opt %s -split-input-file -tritongpu-pipeline=num-stages=3 | FileCheck %s

// A loop as -tritongpu-schedule-loops leaves it (mma v2, 3 stages): both loads
// become double-buffered cp.async copies, two iterations issued ahead.
// CHECK-LABEL: @dot_operands
// CHECK-DAG: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #[[SH:shared[0-9]*]], #smem, mutable>
// CHECK-DAG: %[[B:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #[[SH]], #smem, mutable>
// The prologue: iterations 0 and 1, each predicated on lb + i*step < ub.
// CHECK: %[[P0:.*]] = arith.cmpi slt, %{{.*}}, %arg1 : i32
// CHECK: ttg.memdesc_index %[[A]]
// CHECK: %[[M0:.*]] = tt.splat %[[P0]] : i1 -> tensor<32x32xi1, #blocked>
// CHECK: %[[CA0:.*]] = ttg.async_copy_global_to_local %{{.*}}, %{{.*}} mask %[[M0]] {contiguity = 8 : i32}
// CHECK: %[[TA0:.*]] = ttg.async_commit_group tokens %[[CA0]]
// CHECK: %[[TB0:.*]] = ttg.async_commit_group
// CHECK: %[[P1:.*]] = arith.cmpi slt, %{{.*}}, %arg1 : i32
// The pointer increment (stage 1) runs before the second iteration's copies.
// CHECK: %[[PTR1:.*]] = tt.addptr
// CHECK: %[[INS1:.*]] = arith.select
// CHECK: ttg.memdesc_index %[[A]][%[[INS1]]]
// CHECK: tt.splat %[[P1]]
// CHECK: %[[TA1:.*]] = ttg.async_commit_group
// CHECK: %[[TB1:.*]] = ttg.async_commit_group
// The kernel loop: the insert index, the extract index (from -1), two tokens
// per load.
// CHECK: %[[LOOP:.*]]:8 = scf.for %[[IV:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[PTR:.*]] = %[[PTR1]], %[[INS:.*]] = %[[INS1]], %[[EXT:.*]] = %c-1_i32, %[[TA:.*]] = %[[TA0]], %[[TA_:.*]] = %[[TA1]], %[[TB:.*]] = %[[TB0]], %[[TB_:.*]] = %[[TB1]])
// Stage 0 runs iteration i + 2: predicated on i < ub - 2*step.
// CHECK: %[[MUL:.*]] = arith.muli %c1_i32, %c2_i32{{.*}}
// CHECK: %[[UB2:.*]] = arith.subi %arg1, %[[MUL]]
// CHECK: %[[PRED:.*]] = arith.cmpi slt, %[[IV]], %[[UB2]]
// CHECK: %[[EXT1:.*]] = arith.addi %[[EXT]], %c1_i32
// CHECK: %[[WRAP:.*]] = arith.cmpi sge, %[[EXT1]], %c2_i32
// CHECK: %[[EXTN:.*]] = arith.select %[[WRAP]], %c0_i32{{.*}}, %[[EXT1]]
// Both loads of the oldest iteration are waited for at once; the two groups
// committed after them may still run.
// CHECK: %[[W:.*]] = ttg.async_wait %[[TA]], %[[TB]] {num = 2 : i32}
// CHECK: %[[VA:.*]] = ttg.memdesc_index %[[A]][%[[EXTN]]]
// CHECK: %[[LA:.*]] = ttg.local_load %[[VA]] token %[[W]]
// CHECK: %[[VB:.*]] = ttg.memdesc_index %[[B]][%[[EXTN]]]
// CHECK: %[[LB:.*]] = ttg.local_load %[[VB]] token %[[W]]
// CHECK: %[[DA:.*]] = ttg.convert_layout %[[LA]]
// CHECK: %[[DB:.*]] = ttg.convert_layout %[[LB]]
// CHECK: %[[D:.*]] = tt.dot %[[DA]], %[[DB]], %[[ACC]]
// CHECK: %[[PTRN:.*]] = tt.addptr %[[PTR]]
// CHECK: %[[INSN:.*]] = arith.select
// CHECK: ttg.memdesc_index %[[A]][%[[INSN]]]
// CHECK: %[[MASK:.*]] = tt.splat %[[PRED]]
// CHECK: ttg.async_copy_global_to_local %[[PTRN]], %{{.*}} mask %[[MASK]]
// CHECK: %[[TAN:.*]] = ttg.async_commit_group
// CHECK: %[[TBN:.*]] = ttg.async_commit_group
// CHECK: scf.yield %[[D]], %[[PTRN]], %[[INSN]], %[[EXTN]], %[[TA_]], %[[TAN]], %[[TB_]], %[[TBN]]
// After the loop: no copy left in flight, the buffers freed.
// CHECK: ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: ttg.local_dealloc %[[B]]
// CHECK-NEXT: ttg.local_dealloc %[[A]]
// CHECK-NEXT: tt.return %[[LOOP]]#0
// CHECK-NOT: loop.stage
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @dot_operands(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: i32) -> tensor<32x32xf32, #mma> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cst = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32, #mma>
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %1 = tt.expand_dims %0 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %2 = tt.broadcast %1 : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %3 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blocked>
    %4 = tt.addptr %3, %2 : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
    %5:2 = scf.for %arg2 = %c0_i32 to %arg1 step %c1_i32 iter_args(%arg3 = %cst_0, %arg4 = %4) -> (tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>)  : i32 {
      %6 = tt.load %arg4 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<32x32x!tt.ptr<f16>, #blocked>
      %7 = tt.load %4 {loop.cluster = 3 : i32, loop.stage = 0 : i32} : tensor<32x32x!tt.ptr<f16>, #blocked>
      %8 = ttg.convert_layout %6 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %9 = ttg.convert_layout %7 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<32x32xf16, #blocked> -> tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %10 = tt.dot %8, %9, %arg3 {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
      %11 = tt.addptr %arg4, %cst {loop.cluster = 2 : i32, loop.stage = 1 : i32} : tensor<32x32x!tt.ptr<f16>, #blocked>, tensor<32x32xi32, #blocked>
      scf.yield %10, %11 : tensor<32x32xf32, #mma>, tensor<32x32x!tt.ptr<f16>, #blocked>
    } {tt.scheduled_max_stage = 2 : i32}
    tt.return %5#0 : tensor<32x32xf32, #mma>
  }
}

// -----

// The loop's max stage is read off its ops when they go past the loop's
// tt.scheduled_max_stage; a constant of the body moves before the loop
// rather than being carried from stage 0 to stage 2.
// CHECK-LABEL: @stages_past_max
// CHECK-DAG: ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16
// CHECK-DAG: %[[TWO:.*]] = arith.constant dense<2.000000e+00>
// CHECK: ttg.async_copy_global_to_local
// CHECK: ttg.async_copy_global_to_local
// CHECK: scf.for {{.*}} -> (i32, i32, !ttg.async.token, !ttg.async.token)
// CHECK: ttg.async_wait %{{.*}} {num = 1 : i32}
// CHECK: arith.mulf %{{.*}}, %[[TWO]]
#blk = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @stages_past_max(%lo: i32, %hi: i32, %p: tensor<64x32x!tt.ptr<f16>, #blk> {tt.divisibility = dense<16> : tensor<2xi32>, tt.contiguity = dense<[1, 32]> : tensor<2xi32>}, %out: tensor<64x32x!tt.ptr<f16>, #blk>) {
    %c1 = arith.constant 1 : i32
    scf.for %i = %lo to %hi step %c1 : i32 {
      %two = arith.constant {loop.cluster = 1 : i32, loop.stage = 0 : i32} dense<2.0> : tensor<64x32xf16, #blk>
      %v = tt.load %p {loop.cluster = 1 : i32, loop.stage = 0 : i32} : tensor<64x32x!tt.ptr<f16>, #blk>
      %w = arith.mulf %v, %two {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32xf16, #blk>
      tt.store %out, %w {loop.cluster = 0 : i32, loop.stage = 2 : i32} : tensor<64x32x!tt.ptr<f16>, #blk>
    } {tt.scheduled_max_stage = 1 : i32}
    tt.return
  }
}
