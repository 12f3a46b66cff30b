// RUN: triton-opt %s -split-input-file -triton-nvidia-gpu-proxy-fence-insertion | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-nvidia-gpu-proxy-fence-insertion=compute-capability=80 | FileCheck %s --check-prefix=SM80

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
// A tile read back by the threads is dead before the TMA copy's buffer is
// allocated, so the two share bytes: the copy is fenced, and no CTA barrier
// is added (the lowering places those).
// CHECK-LABEL: tt.func @reuse_after_read
// CHECK: ttg.local_load
// CHECK-NOT: ttg.barrier
// CHECK: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// SM80-LABEL: tt.func @reuse_after_read
// SM80-NOT: ttng.fence_async_shared
tt.func @reuse_after_read(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %x: tensor<64x64xf16, #blocked>, %out: tensor<64x64x!tt.ptr<f16>, #blocked>) {
  %c0 = arith.constant 0 : i32
  %true = arith.constant true
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nvmma, #smem>
  %r = ttg.local_load %a : !ttg.memdesc<64x64xf16, #nvmma, #smem> -> tensor<64x64xf16, #blocked>
  tt.store %out, %r : tensor<64x64x!tt.ptr<f16>, #blocked>
  %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
  ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %b, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
  ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %s = ttg.local_load %b : !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> tensor<64x64xf16, #blocked>
  tt.store %out, %s : tensor<64x64x!tt.ptr<f16>, #blocked>
  tt.return
}

// Two TMA copies into the same buffer with no generic access between them:
// no fence.
// CHECK-LABEL: tt.func @tma_after_tma
// SM80-LABEL: tt.func @tma_after_tma
// CHECK-NOT: ttng.fence_async_shared
// CHECK: tt.return
tt.func @tma_after_tma(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>) {
  %c0 = arith.constant 0 : i32
  %true = arith.constant true
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %b, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
  ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %b, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
  ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}

// A loop that refills with TMA the buffer its threads read in the previous
// iteration: the read reaches the copy over the back edge, the fence goes
// inside the loop before the copy.
// CHECK-LABEL: tt.func @loop_refill
// CHECK: scf.for
// CHECK: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local
// CHECK: ttg.local_load
// CHECK-NOT: ttng.fence_async_shared
// CHECK: scf.yield
tt.func @loop_refill(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %n: i32, %out: tensor<64x64x!tt.ptr<f16>, #blocked>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %true = arith.constant true
  %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #blocked>
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf16, #blocked>) : i32 {
    %row = arith.muli %i, %c64 : i32
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%row, %c0] %b, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %phase = arith.andi %i, %c1 : i32
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %t = ttg.local_load %b : !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> tensor<64x64xf16, #blocked>
    %next = arith.addf %acc, %t : tensor<64x64xf16, #blocked>
    scf.yield %next : tensor<64x64xf16, #blocked>
  }
  tt.store %out, %sum : tensor<64x64x!tt.ptr<f16>, #blocked>
  tt.return
}

// A fence already between the generic read and the copy: nothing added.
// CHECK-LABEL: tt.func @fenced_already
// CHECK: ttng.fence_async_shared
// CHECK-NOT: ttng.fence_async_shared
// CHECK: tt.return
tt.func @fenced_already(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %x: tensor<64x64xf16, #blocked>, %out: tensor<64x64x!tt.ptr<f16>, #blocked>) {
  %c0 = arith.constant 0 : i32
  %true = arith.constant true
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
  ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  %b = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
  %r = ttg.local_load %b : !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> tensor<64x64xf16, #blocked>
  tt.store %out, %r : tensor<64x64x!tt.ptr<f16>, #blocked>
  ttng.fence_async_shared {bCluster = false}
  ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %b, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
  ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
  tt.return
}
}
