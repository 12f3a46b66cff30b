// RUN: triton-opt %S/Inputs/multicast_matmul.mlir -triton-nvidia-gpu-tma-multicast | FileCheck %s
// RUN: triton-opt %s -split-input-file -triton-nvidia-gpu-tma-multicast -verify-diagnostics | FileCheck %s --check-prefix=OTHER

// The pipelined 2-CTA matmul (Inputs/multicast_matmul.mlir): A's loads (a
// copy in both CTAs) are marked for multicast, B's (split) are not. The
// prologue's loads follow the barrier inits (a cluster arrive after the
// last init, a wait before A's load: B's load needs none of its own); in
// the loop the arrive is relaxed, right after the dot wait that retires the
// stage the loads refill, the wait just before them; before the return,
// an arrive and a wait.
// CHECK: module attributes {{.*}}ttng.tma_multicast
// CHECK: ttng.init_barrier
// CHECK: ttng.init_barrier
// CHECK-NEXT: nvvm.cluster.arrive {aligned}
// CHECK-NOT: nvvm.cluster
// CHECK: nvvm.cluster.wait {aligned}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg0{{.*}}{ttng.multicast}
// CHECK-NOT: nvvm.cluster
// CHECK: ttng.async_tma_copy_global_to_local %arg1
// CHECK-NOT: ttng.multicast
// CHECK: scf.for
// CHECK: ttng.warp_group_dot_wait
// CHECK-NEXT: nvvm.cluster.arrive.relaxed {aligned}
// CHECK-NOT: nvvm.cluster
// CHECK: ttng.barrier_expect
// CHECK: nvvm.cluster.wait {aligned}
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %arg0{{.*}}{ttng.multicast}
// CHECK-NOT: nvvm.cluster
// CHECK: ttng.async_tma_copy_global_to_local %arg1
// CHECK-NOT: ttng.multicast
// CHECK: scf.yield
// CHECK-NOT: nvvm.cluster
// CHECK: ttng.inval_barrier
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK-NEXT: tt.return

// A tensormap written in the kernel for a 128 x 64 block both CTAs copy:
// its box shrinks to one CTA's share, 64 x 64 (innermost first).
// OTHER-LABEL: tt.func public @tensormap
// OTHER: ttg.global_scratch_alloc
// OTHER-NEXT: %[[INNER:.*]] = arith.constant 64 : i32
// OTHER-NEXT: %[[OUTER:.*]] = arith.constant 64 : i32
// OTHER-NEXT: ttng.tensormap_create %{{.*}}, %{{.*}}, [%[[INNER]], %[[OUTER]]]
// OTHER: ttng.async_tma_copy_global_to_local {{.*}}{ttng.multicast}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tensormap(%ptr: !tt.ptr<f16>, %m: i32, %k: i32, %stride: i64) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %c128 = arith.constant 128 : i32
    %true = arith.constant true
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %scratch, %ptr, [%c64, %c128], [%k, %m], [%stride], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %scratch : !tt.ptr<i8>
    %desc = ttng.reinterpret_tensor_descriptor %scratch : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%m, %c0] %a, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    tt.return
  }
}

// -----

// One CTA: nothing to multicast, the module is left alone.
// OTHER-LABEL: tt.func public @one_cta
// OTHER-NOT: ttng.multicast
// OTHER-NOT: nvvm.cluster
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @one_cta(%a_d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %m: i32) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.async_tma_copy_global_to_local %a_d[%m, %c0] %a, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Refused: a load under scf.if (the CTAs of the cluster might not all reach
// its cluster barrier).
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @under_if(%a_d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %m: i32, %cond: i1) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    scf.if %cond {
      // expected-error @+1 {{TMA multicast (tma-multicast=true) of this load under 'scf.if' (the cluster barrier ordering it must be reached by every thread of the cluster) is not supported yet}}
      ttng.async_tma_copy_global_to_local %a_d[%m, %c0] %a, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    }
    tt.return
  }
}

// -----

// Refused: a 1 x 64 block both CTAs copy is one box whose only outer
// dimension is 1: it cannot be cut into a share per CTA.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @one_row(%a_d: !tt.tensordesc<tensor<1x64xf16, #shared>>, %m: i32) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %a = ttg.local_alloc : () -> !ttg.memdesc<1x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    // expected-error @+1 {{TMA multicast (tma-multicast=true) of this load whose CTA tile cannot be cut into a multiple of 2 boxes (one share per copy) is not supported yet}}
    ttng.async_tma_copy_global_to_local %a_d[%m, %c0] %a, %bar, %true : !tt.tensordesc<tensor<1x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<1x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Refused: a descriptor carried through the loop (its box cannot be set
// where it is made).
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#shared2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[0]]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @carried(%a_d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %m: i32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared2, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%d = %a_d) -> (!tt.tensordesc<tensor<128x64xf16, #shared>>) : i32 {
      // expected-error @+1 {{TMA multicast (tma-multicast=true) of this load through a descriptor that is neither a kernel parameter nor a tensormap written in the kernel (its box must shrink to each copy's share) is not supported yet}}
      ttng.async_tma_copy_global_to_local %d[%m, %c0] %a, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared2, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      scf.yield %d : !tt.tensordesc<tensor<128x64xf16, #shared>>
    }
    tt.return
  }
}
