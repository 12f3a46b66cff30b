// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -canonicalize -convert-nv-gpu-to-llvm -canonicalize | FileCheck %s
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=NVGPU
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -convert-nv-gpu-to-llvm -reconcile-unrealized-casts -o %t.mlir
// RUN: %if ptxas %{ triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t.mlir -o %t.ptx && rm -f %t.part* && csplit -s -z -f %t.part %t.ptx '/^\/\/-split-/' '{*}' && for f in %t.part*; do %ptxas --gpu-name=sm_90a $f -o /dev/null || exit 1; done %}

// ttng.warp_group_dot on wgmma: per warpgroup, 64 x N tile and K step one
// nvg.wgmma (NVGPU lines), written as wgmma.mma_async by
// -convert-nv-gpu-to-llvm (CHECK lines), between one wgmma.fence and one
// commit_group.
// Descriptors: start >> 4 | LBO >> 4 << 16 | SBO >> 4 << 32 | mode << 62,
// built as two 32-bit words (the start only ever changes the low one).

// fp16, A K-major with a 64-byte swizzle (64x32: rows of 64 bytes; mode 2,
// SBO 8 rows = 512 bytes, K step +32 bytes), B N-major with 128 bytes
// (mode 1, SBO 1024, one 64-column chunk so no LBO, K step 16 rows = 2048
// bytes), imm-trans-b 1. A synchronous dot waits for its group at once, the
// accumulator tied through the wait.
// CHECK-LABEL: llvm.func internal @f16
// CHECK-DAG: %[[AHI:.*]] = llvm.mlir.constant(-2147483616 : i32) : i32
// CHECK-DAG: %[[BHI:.*]] = llvm.mlir.constant(1073741888 : i32) : i32
// CHECK-DAG: %[[ASTEP:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG: %[[BSTEP:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-DAG: %[[MASK:.*]] = llvm.mlir.constant(16383 : i32) : i32
// CHECK: %[[ABASE:.*]] = llvm.and %{{.*}}, %[[MASK]] : i32
// CHECK: %[[BBASE:.*]] = llvm.and %{{.*}}, %[[MASK]] : i32
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: %[[AD0:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "mov.b64 $0, {$1, $2};", "=l,r,r" %[[ABASE]], %[[AHI]] : (i32, i32) -> i64
// CHECK: %[[BD0:.*]] = llvm.inline_asm asm_dialect = att operand_attrs = [] "mov.b64 $0, {$1, $2};", "=l,r,r" %[[BBASE]], %[[BHI]] : (i32, i32) -> i64
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31}, $64, $65, $66, 1, 1, 0, 1;", "=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,l,l,b"
// CHECK-SAME: %[[AD0]], %[[BD0]], %{{.*}} : (f32, {{.*}}, f32, i64, i64, i1)
// CHECK: %[[ALOW1:.*]] = llvm.add %[[ABASE]], %[[ASTEP]] : i32
// CHECK: %[[AD1:.*]] = llvm.inline_asm {{.*}} %[[ALOW1]], %[[AHI]]
// CHECK: %[[BLOW1:.*]] = llvm.add %[[BBASE]], %[[BSTEP]] : i32
// CHECK: %[[BD1:.*]] = llvm.inline_asm {{.*}} %[[BLOW1]], %[[BHI]]
// CHECK: "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, $64, $65, $66, 1, 1, 0, 1;"
// CHECK-SAME: %[[AD1]], %[[BD1]]
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: wgmma.wait_group.sync.aligned 0;", "=f,{{(=f,)+}}0,1,2,{{.*}},31"
// NVGPU-LABEL: llvm.func internal @f16
// NVGPU: nvvm.wgmma.fence.aligned
// NVGPU-COUNT-2: nvg.wgmma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, k = 16 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 64 : i32} : (i64, i64, i1, !llvm.struct<(f32, {{.*}})>) -> !llvm.struct<(f32,
// NVGPU: nvvm.wgmma.commit.group.sync.aligned
// NVGPU: nvg.wgmma_wait_group %{{.*}} {pendings = 0 : i32} : !llvm.struct<(f32,
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#sA = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#sB = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f16(%a: !ttg.memdesc<64x32xf16, #sA, #smem>, %b: !ttg.memdesc<32x64xf16, #sB, #smem>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #sA, #smem> * !ttg.memdesc<32x64xf16, #sB, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// bf16, asynchronous, with useC: the first K step's scale-d is useC, the
// next ones accumulate; no wait until ttng.warp_group_dot_wait, whose
// results are the registers tied through `wgmma.wait_group N` and whose
// buffers pass through. A transposed (M-major, 32-byte swizzle: 16-row
// chunks 1024 bytes apart as LBO, K groups of 8 rows 256 bytes apart as
// SBO, mode 3), imm-trans-a 1; B K-major (transposed layout), imm-trans-b 0.
// CHECK-LABEL: llvm.func internal @bf16_async
// CHECK-SAME: %[[USEC:arg[0-9]+]]: i1
// CHECK-DAG: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK-DAG: llvm.mlir.constant(-1073741808 : i32) : i32
// CHECK-DAG: llvm.mlir.constant(4194304 : i32) : i32
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: "wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16 {{.*}}, $32, $33, $34, 1, 1, 1, 0;"
// CHECK-SAME: %[[USEC]] : (
// CHECK: "wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16 {{.*}}, $32, $33, $34, 1, 1, 1, 0;"
// CHECK-SAME: %[[TRUE]] : (
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: wait_group
// CHECK: wgmma.wait_group.sync.aligned 1;", "=f,{{(=f,)+}}0,{{.*}},15"
// CHECK-NOT: wait_group
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#sA = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = true, elementBitWidth = 16}>
#sB = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @bf16_async(%p: i1, %a: !ttg.memdesc<64x32xbf16, #sA, #smem>, %b: !ttg.memdesc<32x32xbf16, #sB, #smem>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c, %p {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xbf16, #sA, #smem> * !ttg.memdesc<32x32xbf16, #sB, #smem> -> tensor<64x32xf32, #mma>
    %w:2 = ttng.warp_group_dot_wait %d, %b {pendings = 1 : i32} : tensor<64x32xf32, #mma>, !ttg.memdesc<32x32xbf16, #sB, #smem>
    tt.return %w#0 : tensor<64x32xf32, #mma>
  }
}

// -----

// A zero constant accumulator (useC notwithstanding) is not read: the first
// K step's nvg.wgmma has no accumulator, so its wgmma has the immediate
// scale-d 0 and no input registers (no zeros are moved into them); the
// second accumulates.
// CHECK-LABEL: llvm.func internal @zero_accumulator
// CHECK-DAG: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {$0,{{.*}},$15}, $16, $17, 0, 1, 1, 0, 1;", "=f,{{(=f,)+}}l,l" %{{.*}}, %{{.*}} : (i64, i64) ->
// CHECK: "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
// CHECK-SAME: %[[TRUE]] : (
// NVGPU-LABEL: llvm.func internal @zero_accumulator
// NVGPU: nvg.wgmma %{{.*}}, %{{.*}}, %{{.*}} {{{.*}}} : (i64, i64, i1) ->
// NVGPU: nvg.wgmma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {{{.*}}} : (i64, i64, i1, !llvm.struct
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#sA = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#sB = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @zero_accumulator(%p: i1, %a: !ttg.memdesc<64x32xf16, #sA, #smem>, %b: !ttg.memdesc<32x32xf16, #sB, #smem>) -> tensor<64x32xf32, #mma> {
    %c = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #mma>
    %d = ttng.warp_group_dot %a, %b, %c, %p {inputPrecision = 0 : i32, isAsync = false} : !ttg.memdesc<64x32xf16, #sA, #smem> * !ttg.memdesc<32x32xf16, #sB, #smem> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

// tf32 (f32 inputs, inputPrecision tf32): K steps of 8, no transposes (both
// K-major); fp8 (e4m3 x e5m2) K steps of 32; int8 into int32 without
// scale immediates; fp16 into fp16 accumulators as f16x2 registers.
// CHECK-LABEL: llvm.func internal @types
// CHECK-COUNT-4: "wgmma.mma_async.sync.aligned.m64n32k8.f32.tf32.tf32 {{.*}}, $32, $33, $34, 1, 1;"
// CHECK: commit.group
// CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n32k32.f32.e4m3.e5m2 {{.*}}, $32, $33, $34, 1, 1;"
// CHECK: commit.group
// CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n32k32.s32.s8.s8 {$0,{{.*}},$15}, $32, $33, $34;", "=r,{{(=r,)+}}0,{{.*}},15,l,l,b"
// CHECK: commit.group
// CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16 {$0,$1,$2,$3,$4,$5,$6,$7}, $16, $17, $18, 1, 1, 0, 0;", "=r,=r,=r,=r,=r,=r,=r,=r,0,1,2,3,4,5,6,7,l,l,b"
// CHECK: commit.group
#mma32 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 8]}>
#mma8 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 32]}>
#mma16 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#s32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#s32t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#s8 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#s8t = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
#s16 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#s16t = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @types(%a32: !ttg.memdesc<64x32xf32, #s32, #smem>, %b32: !ttg.memdesc<32x32xf32, #s32t, #smem>, %c32: tensor<64x32xf32, #mma32>,
                         %a8: !ttg.memdesc<64x64xf8E4M3FN, #s8, #smem>, %b8: !ttg.memdesc<64x32xf8E5M2, #s8t, #smem>, %c8: tensor<64x32xf32, #mma8>,
                         %ai: !ttg.memdesc<64x64xi8, #s8, #smem>, %bi: !ttg.memdesc<64x32xi8, #s8t, #smem>, %ci: tensor<64x32xi32, #mma8>,
                         %ah: !ttg.memdesc<64x32xf16, #s16, #smem>, %bh: !ttg.memdesc<32x32xf16, #s16t, #smem>, %ch: tensor<64x32xf16, #mma16>)
      -> (tensor<64x32xf32, #mma32>, tensor<64x32xf32, #mma8>, tensor<64x32xi32, #mma8>, tensor<64x32xf16, #mma16>) {
    %d32 = ttng.warp_group_dot %a32, %b32, %c32 {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf32, #s32, #smem> * !ttg.memdesc<32x32xf32, #s32t, #smem> -> tensor<64x32xf32, #mma32>
    %d8 = ttng.warp_group_dot %a8, %b8, %c8 {inputPrecision = 0 : i32, isAsync = true, maxNumImpreciseAcc = 1073741824 : i32} : !ttg.memdesc<64x64xf8E4M3FN, #s8, #smem> * !ttg.memdesc<64x32xf8E5M2, #s8t, #smem> -> tensor<64x32xf32, #mma8>
    %di = ttng.warp_group_dot %ai, %bi, %ci {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xi8, #s8, #smem> * !ttg.memdesc<64x32xi8, #s8t, #smem> -> tensor<64x32xi32, #mma8>
    %dh = ttng.warp_group_dot %ah, %bh, %ch {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #s16, #smem> * !ttg.memdesc<32x32xf16, #s16t, #smem> -> tensor<64x32xf16, #mma16>
    tt.return %d32, %d8, %di, %dh : tensor<64x32xf32, #mma32>, tensor<64x32xf32, #mma8>, tensor<64x32xi32, #mma8>, tensor<64x32xf16, #mma16>
  }
}

// -----

// A in registers (#ttg.dot_op of the v3 layout, kWidth 2): four f16x2
// registers per K step, (row, k), (row + 8, k), (row, k + 8), (row + 8,
// k + 8); no imm-trans-a.
// The eight A registers of both K steps are packed before the wgmma.fence:
// ptxas serializes a wgmma whose registers are written after the fence.
// CHECK-LABEL: llvm.func internal @a_registers
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: llvm.bitcast
// CHECK-COUNT-2: "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {{.*}}, {$32,$33,$34,$35}, $36, $37, 1, 1, 1;", "=f,{{(=f,)+}}0,{{.*}},15,r,r,r,r,l,b"
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#sB = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @a_registers(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: !ttg.memdesc<32x32xf16, #sB, #smem>, %c: tensor<64x32xf32, #mma>) -> tensor<64x32xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<32x32xf16, #sB, #smem> -> tensor<64x32xf32, #mma>
    tt.return %d : tensor<64x32xf32, #mma>
  }
}

// -----

// Two warpgroups along M (8 warps): warpgroup 1 reads A 64 rows (8192
// bytes) further, in the run-time part of the start address; a 128x128
// tile over 4 warps repeats over M (rows 64.., +8192 bytes) and N (columns
// 64.., the next 64-column chunk of B, +8192 bytes): 4 tiles x 4 K steps.
// The warpgroup comes from lane 0's warp (a shuffle), which ptxas knows is
// warp-uniform, so the descriptors stay in uniform registers.
// CHECK-LABEL: llvm.func internal @two_warpgroups
// CHECK: %[[RAW_TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.*]] = llvm.and %[[RAW_TID]], %{{.*}} : i32
// CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]]
// CHECK: %[[UWARP:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WARP]], %{{.*}}, %{{.*}} {tt.uniform_warp_id}
// CHECK: %[[WG:.*]] = llvm.lshr %[[UWARP]]
// CHECK: %[[BIT:.*]] = llvm.and %[[WG]]
// CHECK: llvm.mul %[[BIT]], %{{.*}} : i32
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK-LABEL: llvm.func internal @repeats
// CHECK-COUNT-16: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
#mma4 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @two_warpgroups(%a: !ttg.memdesc<128x64xf16, #s, #smem>, %b: !ttg.memdesc<64x128xf16, #s, #smem>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #s, #smem> * !ttg.memdesc<64x128xf16, #s, #smem> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @repeats(%a: !ttg.memdesc<128x64xf16, #s, #smem>, %b: !ttg.memdesc<64x128xf16, #s, #smem>, %c: tensor<128x128xf32, #mma>) -> tensor<128x128xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #s, #smem> * !ttg.memdesc<64x128xf16, #s, #smem> -> tensor<128x128xf32, #mma>
    tt.return %d : tensor<128x128xf32, #mma>
  }
}

// -----

// Warpgroups along N (warpsPerCTA [4, 2]): warpgroup 1 reads B's columns
// 64.. (the next 128-byte chunk, 8192 bytes on), A as warpgroup 0.
// CHECK-LABEL: llvm.func internal @groups_along_n
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 64, 16]}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @groups_along_n(%a: !ttg.memdesc<64x64xf16, #s, #smem>, %b: !ttg.memdesc<64x128xf16, #s, #smem>, %c: tensor<64x128xf32, #mma>) -> tensor<64x128xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #s, #smem> * !ttg.memdesc<64x128xf16, #s, #smem> -> tensor<64x128xf32, #mma>
    tt.return %d : tensor<64x128xf32, #mma>
  }
}

// -----

// CHECK-LABEL: llvm.func internal @fences
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cluster>}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fences() {
    ttng.fence_async_shared {bCluster = false}
    ttng.fence_async_shared {bCluster = true}
    tt.return
  }
}

// -----

// fp8 into f32 with maxNumImpreciseAcc = 64 at K = 128 (four K steps of
// 32): two chunks of two steps. Each chunk starts a partial accumulator
// from nothing (scale-d false on its first wgmma, true on the second),
// commits, waits for it (its registers tied through the wait) and adds it
// to the accumulator in f32; the first chunk adds to C only where useC
// holds. No commit is left pending, async or not.
// CHECK-LABEL: llvm.func internal @fp8_split
// NVGPU-LABEL: llvm.func internal @fp8_split
// NVGPU: nvg.wgmma %{{.*}}, %{{.*}}, %{{.*}} {eltTypeA = 2 : i32, eltTypeB = 2 : i32, eltTypeC = 7 : i32, k = 32 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
// NVGPU: nvg.wgmma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {{{.*}}} : (i64, i64, i1, !llvm.struct<(f32, f32, f32, f32)>) -> !llvm.struct<(f32, f32, f32, f32)>
// NVGPU: nvg.wgmma_wait_group %{{.*}} {pendings = 0 : i32} : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-DAG: %[[ALWAYS:.*]] = llvm.mlir.constant(true) : i1
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3 {$0,$1,$2,$3}, $4, $5, 0, 1, 1;", "=f,=f,=f,=f,l,l" %{{.*}}, %{{.*}} : (i64, i64)
// CHECK: "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3 {{.*}}, %[[ALWAYS]]
// CHECK-NEXT: llvm.extractvalue
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: %[[W0:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "// wait for regs: $0,$1,$2,$3\0A\09wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,0,1,2,3"
// CHECK: %[[P0:.*]] = llvm.extractvalue %[[W0]][0]
// CHECK: %[[S0:.*]] = llvm.fadd %[[C0:.*]], %[[P0]] : f32
// CHECK: %[[D0:.*]] = llvm.select %arg3, %[[S0]], %[[P0]] : i1, f32
// CHECK-COUNT-3: llvm.select %arg3
// CHECK: nvvm.wgmma.fence.aligned
// CHECK: "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3 {$0,$1,$2,$3}, $4, $5, 0, 1, 1;", "=f,=f,=f,=f,l,l" %{{.*}}, %{{.*}} : (i64, i64)
// CHECK: "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3 {{.*}}, %[[ALWAYS]]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: %[[W1:.*]] = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "// wait for regs: $0,$1,$2,$3\0A\09wgmma.wait_group.sync.aligned 0;"
// CHECK: %[[P1:.*]] = llvm.extractvalue %[[W1]][0]
// CHECK: llvm.fadd %[[D0]], %[[P1]] : f32
// CHECK-COUNT-3: llvm.fadd
// CHECK-NOT: wgmma
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8, 32]}>
#s8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#s8t = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fp8_split(%a: !ttg.memdesc<64x128xf8E4M3FN, #s8, #smem>, %b: !ttg.memdesc<128x8xf8E4M3FN, #s8t, #smem>, %c: tensor<64x8xf32, #mma>, %use: i1) -> tensor<64x8xf32, #mma> {
    %d = ttng.warp_group_dot %a, %b, %c, %use {inputPrecision = 0 : i32, isAsync = true, maxNumImpreciseAcc = 64 : i32} : !ttg.memdesc<64x128xf8E4M3FN, #s8, #smem> * !ttg.memdesc<128x8xf8E4M3FN, #s8t, #smem> -> tensor<64x8xf32, #mma>
    tt.return %d : tensor<64x8xf32, #mma>
  }
}
