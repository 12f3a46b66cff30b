// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -triton-make-llir='target=cuda:90' | triton-translate --mlir-to-ptx | FileCheck %s --check-prefix=PTX

// ttg.convert_layout between the CTAs of a cluster goes through distributed
// shared memory: each CTA stores its tile of the source into its own
// scratch (row-major over the tile), a cluster barrier publishes it, every
// result element is loaded from the scratch of the CTA holding it (mapa of
// the local address to the owner's rank, ld.shared::cluster), and a second
// cluster barrier lets the scratch be reused. Scratch: one CTA's tile of
// the source (the larger here: 32 x 64 x 4 bytes).
// CHECK: ttg.shared = 8192 : i32

// A 256-element vector split over two CTAs (128 each) gathered into copies
// in both (a reduction along the split axis reads it so): the owner's rank
// is bit 7 of the element's index, the offset in its tile the low 7 bits.
// CHECK-LABEL: llvm.func @gather_copies
// CHECK: nvvm.read.ptx.sreg.cluster.ctarank : i32
// CHECK: llvm.store %{{.*}}, %{{.*}} {{.*}}: vector<1xi32>, !llvm.ptr<3>
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK: llvm.lshr %{{.*}}, %{{.*}} : i32
// CHECK: %[[OWNER:.*]] = llvm.or %{{.*}}, %{{.*}} : i32
// CHECK: %[[REMOTE:.*]] = nvvm.mapa %{{.*}}, %[[OWNER]] : !llvm.ptr<3> -> !llvm.ptr<7>
// CHECK: llvm.load %[[REMOTE]] {{.*}}: !llvm.ptr<7> -> i32
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK-NEXT: nvvm.cluster.wait {aligned}
// CHECK: llvm.return
// PTX-LABEL: .entry gather_copies
// PTX: st.shared.{{.*}}b32
// PTX: barrier.cluster.arrive.aligned
// PTX: barrier.cluster.wait.aligned
// PTX: mapa.shared::cluster.u32
// PTX: ld.shared::cluster.{{.*}}32
// PTX: barrier.cluster.arrive.aligned
// PTX: barrier.cluster.wait.aligned

// A 64 x 64 tile split along its rows becoming one split along its columns:
// the owner's rank is bit 5 of the row (the source's split), the offset the
// row's low 5 bits and the column in the owner's 32 x 64 tile.
// CHECK-LABEL: llvm.func @swap_tiles
// CHECK: nvvm.cluster.arrive {aligned}
// CHECK: nvvm.mapa
// CHECK: llvm.load %{{.*}} : !llvm.ptr<7> -> f32
// CHECK: nvvm.cluster.wait {aligned}
// PTX-LABEL: .entry swap_tiles
// PTX: mapa.shared::cluster.u32
// PTX: ld.shared::cluster.{{.*}}32
#split = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]]}>
#copy = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[0]]}>
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>
#cols = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[0, 1]]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @gather_copies(%p: tensor<256x!tt.ptr<i32>, #split>, %out: !tt.ptr<i32>) {
    %x = tt.load %p : tensor<256x!tt.ptr<i32>, #split>
    %y = ttg.convert_layout %x : tensor<256xi32, #split> -> tensor<256xi32, #copy>
    %s = "tt.reduce"(%y) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<256xi32, #copy>) -> i32
    tt.store %out, %s : !tt.ptr<i32>
    tt.return
  }
  tt.func public @swap_tiles(%p: tensor<64x64x!tt.ptr<f32>, #rows>, %q: tensor<64x64x!tt.ptr<f32>, #cols>) {
    %x = tt.load %p : tensor<64x64x!tt.ptr<f32>, #rows>
    %y = ttg.convert_layout %x : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
    tt.store %q, %y : tensor<64x64x!tt.ptr<f32>, #cols>
    tt.return
  }
}
