// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm=compute-capability=90 | FileCheck %s --check-prefix=SM90
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm="compute-capability=90 ptx-version=80" | FileCheck %s --check-prefix=PTX80

// Without a compute-capability option the lowering targets the module's
// ttg.target: on cuda:80 four consecutive f32 atomic adds stay four scalar
// atomics (vector atomics need sm_90); the option overrides the target.
// Kernels carry nvvm.kernel as an unsigned 1-bit 1.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @add_on_sm80
  // CHECK-SAME: nvvm.kernel = 1 : ui1
  // CHECK-COUNT-4: atom.global.gpu.relaxed.add.f32
  // CHECK-NOT: atom.global
  // SM90-LABEL: llvm.func @add_on_sm80
  // SM90: atom.global.gpu.relaxed.add.v4.f32
  // SM90-NOT: atom.global
  // Vector atomics also need PTX 8.1.
  // PTX80-LABEL: llvm.func @add_on_sm80
  // PTX80-COUNT-4: atom.global.gpu.relaxed.add.f32
  // PTX80-NOT: atom.global
  tt.func public @add_on_sm80(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %v: tensor<512xf32, #blocked>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %old = tt.atomic_rmw fadd, relaxed, gpu, %xp, %v : (tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
    tt.return
  }

  // Without vector atomics, consecutive halves go in pairs: four halves per
  // thread are two f16x2 atomics, the first half in the low bits.
  // CHECK-LABEL: llvm.func @halves_on_sm80
  // CHECK: llvm.shl %{{.*}}, %{{.*}} : i32
  // CHECK: "mov.u32 $0, 0x0;\0A\09@$3 atom.global.gpu.acq_rel.add.noftz.f16x2 $0, [ $1 + 0 ], $2;", "=r,l,r,b"
  // CHECK: atom.global.gpu.acq_rel.add.noftz.f16x2
  // CHECK-NOT: atom.global
  // PTX80-LABEL: llvm.func @halves_on_sm80
  // PTX80-COUNT-2: atom.global.gpu.acq_rel.add.noftz.f16x2
  // PTX80-NOT: atom.global
  // SM90-LABEL: llvm.func @halves_on_sm80
  // SM90: atom.global.gpu.acq_rel.add.noftz.v4.f16
  tt.func public @halves_on_sm80(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %v: tensor<512xf16, #blocked>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xi32, #blocked>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %xp, %v : (tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xf16, #blocked>) -> tensor<512xf16, #blocked>
    tt.return
  }
}

// -----

// A reduction returned from a device function leaves no casts between the
// tensor and its LLVM struct: the lowered module is LLVM and NVVM only.
#blocked1 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func internal @row_sums
  // CHECK-NOT: unrealized_conversion_cast
  // CHECK: llvm.return
  tt.func private @row_sums(%a: tensor<16x16xi32, #blocked1>) -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> {
    %s = "tt.reduce"(%a) <{axis = 1 : i32}> ({
    ^bb0(%l: i32, %r: i32):
      %t = arith.addi %l, %r : i32
      tt.reduce.return %t : i32
    }) : (tensor<16x16xi32, #blocked1>) -> tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    tt.return %s : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
  }
}
