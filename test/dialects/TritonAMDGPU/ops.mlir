// RUN: triton-opt %s -split-input-file | triton-opt -split-input-file | FileCheck %s
// RUN: triton-opt %s -split-input-file --mlir-print-op-generic | triton-opt -split-input-file | FileCheck %s
// The amdg ops in the syntax Triton 3.6 prints, round-tripped twice.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func public @buffers
  tt.func public @buffers(%base: !tt.ptr<f32>, %offsets: tensor<1024xi32, #blocked>, %mask: tensor<1024xi1, #blocked>, %other: tensor<1024xf32, #blocked>, %stride: i32) {
    // CHECK: %[[A:.*]] = amdg.buffer_load %{{.*}}[%{{.*}}] : tensor<1024xf32, #blocked>
    %a = amdg.buffer_load %base[%offsets] : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_load %{{.*}}[%{{.*}}], %{{.*}}, %{{.*}} : tensor<1024xf32, #blocked>
    %b = amdg.buffer_load %base[%offsets], %mask, %other : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_load %{{.*}}[%{{.*}}], %{{.*}} cacheModifier = cg stride = %{{.*}} : tensor<1024xf32, #blocked>
    %c = amdg.buffer_load %base[%offsets], %mask cacheModifier = cg stride = %stride : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_store %[[A]], %{{.*}}[%{{.*}}] : tensor<1024xf32, #blocked>
    amdg.buffer_store %a, %base[%offsets] : tensor<1024xf32, #blocked>
    // CHECK: amdg.buffer_store %{{.*}}, %{{.*}}[%{{.*}}], %{{.*}} cacheModifier = wt stride = %{{.*}} : tensor<1024xf32, #blocked>
    amdg.buffer_store %b, %base[%offsets], %mask cacheModifier = wt stride = %stride : tensor<1024xf32, #blocked>
    tt.return
  }
}

// -----

// A CTA tile of #tile is 16x64 (1x4 per thread, 4x16 lanes, 4x1 warps); the
// slices and concatenations move whole tiles. #src holds two 512-element
// tiles, its top register basis stepping from one to the other.
#tile = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#src = #ttg.linear<{register = [[1], [512]], lane = [[2], [4], [8], [16], [32], [64]], warp = [[128], [256]], block = []}>
#dst = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32], [64]], warp = [[128], [256]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func public @tiles
  tt.func public @tiles(%a: tensor<16x64xf16, #tile>, %b: tensor<16x64xf16, #tile>, %l: tensor<1024xi32, #src>, %p: i1) -> tensor<512xi32, #dst> {
    // CHECK: %[[C:.*]] = amdg.concat %{{.*}}, %{{.*}} : tensor<16x64xf16, #{{.*}}>, tensor<16x64xf16, #{{.*}}> -> tensor<32x64xf16, #{{.*}}>
    %c = amdg.concat %a, %b : tensor<16x64xf16, #tile>, tensor<16x64xf16, #tile> -> tensor<32x64xf16, #tile>
    // CHECK: amdg.extract_slice %[[C]] [16, 0] : tensor<32x64xf16, #{{.*}}> to tensor<16x64xf16, #{{.*}}>
    %s = amdg.extract_slice %c [16, 0] : tensor<32x64xf16, #tile> to tensor<16x64xf16, #tile>
    // CHECK: amdg.extract_slice %{{.*}} [512] : tensor<1024xi32, #{{.*}}> to tensor<512xi32, #{{.*}}>
    %t = amdg.extract_slice %l [512] : tensor<1024xi32, #src> to tensor<512xi32, #dst>
    // CHECK: amdg.cond_barrier %{{.*}}
    amdg.cond_barrier %p
    tt.return %t : tensor<512xi32, #dst>
  }
}

// -----

// Register shuffles ask no thread which elements it holds, so their layouts
// need not span the module's warps (as Triton allows): #half names two of the
// four warps, the other two holding copies.
#half = #ttg.linear<{register = [[1]], lane = [[2], [4], [8], [16], [32], [64]], warp = [[128]], block = []}>
#halves = #ttg.linear<{register = [[1], [256]], lane = [[2], [4], [8], [16], [32], [64]], warp = [[128]], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func public @fewer_warps
  tt.func public @fewer_warps(%a: tensor<256xf32, #half>, %b: tensor<256xf32, #half>) {
    // CHECK: amdg.concat %{{.*}}, %{{.*}} : tensor<256xf32, #{{.*}}>, tensor<256xf32, #{{.*}}> -> tensor<512xf32, #{{.*}}>
    %c = amdg.concat %a, %b : tensor<256xf32, #half>, tensor<256xf32, #half> -> tensor<512xf32, #halves>
    // CHECK: amdg.extract_slice %{{.*}} [256] : tensor<512xf32, #{{.*}}> to tensor<256xf32, #{{.*}}>
    %s = amdg.extract_slice %c [256] : tensor<512xf32, #halves> to tensor<256xf32, #half>
    %d = arith.addf %s, %a : tensor<256xf32, #half>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [8, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#transposed = #ttg.linear<{register = [[1, 0], [0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [2, 0], [4, 0], [8, 0]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func public @transpose_registers
  tt.func public @transpose_registers(%x: tensor<16x32xf16, #blocked>) {
    // CHECK: amdg.in_thread_transpose %{{.*}} : tensor<16x32xf16, #{{.*}}> -> tensor<16x32xf16, #{{.*}}>
    %0 = amdg.in_thread_transpose %x : tensor<16x32xf16, #blocked> -> tensor<16x32xf16, #transposed>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: tt.func public @copies_to_lds
  tt.func public @copies_to_lds(%base: !tt.ptr<f16>, %offsets: tensor<16x32xi32, #blocked>, %mask: tensor<16x32xi1, #blocked>, %other: tensor<16x32xf16, #blocked>, %stride: i32, %buf: !ttg.memdesc<16x32xf16, #shared, #smem, mutable>) {
    // CHECK: %[[T:.*]] = amdg.buffer_load_to_local %{{.*}}[%{{.*}}] into %{{.*}} : <f16>[tensor<16x32xi32, #{{.*}}>] -> <16x32xf16, #{{.*}}, #smem, mutable>
    %t = amdg.buffer_load_to_local %base[%offsets] into %buf : <f16>[tensor<16x32xi32, #blocked>] -> <16x32xf16, #shared, #smem, mutable>
    // CHECK: amdg.buffer_load_to_local %{{.*}}[%{{.*}}] mask = %{{.*}} other = %{{.*}} stride = %{{.*}} cacheModifier = cg into %{{.*}} : <f16>[tensor<16x32xi32, #{{.*}}>] tensor<16x32xf16, #{{.*}}> -> <16x32xf16, #{{.*}}, #smem, mutable>
    %u = amdg.buffer_load_to_local %base[%offsets] mask=%mask other=%other stride=%stride cacheModifier = cg into %buf : <f16>[tensor<16x32xi32, #blocked>] tensor<16x32xf16, #blocked> -> <16x32xf16, #shared, #smem, mutable>
    // CHECK: amdg.async_wait %[[T]], %{{.*}} {num_inst = 2 : i32}
    %w = amdg.async_wait %t, %u {num_inst = 2 : i32}
    // CHECK: amdg.async_wait {num_inst = 0 : i32}
    %v = amdg.async_wait {num_inst = 0 : i32}
    tt.return
  }
}
