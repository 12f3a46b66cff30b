// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm -reconcile-unrealized-casts | triton-translate --mlir-to-ptx --arch=sm_80 --ptx-version=80 -o %t.ptx && %ptxas --gpu-name=sm_80 %t.ptx -o %t.cubin %}

// bf16 atomic adds on sm_80 (PTX adds bf16 atomically only from sm_90): an
// llvm.atomicrmw under the element's predicate, with the op's ordering and
// scope, which LLVM expands into a compare-and-swap loop; masked-off
// elements read 0.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:80"} {

// CHECK-LABEL: llvm.func @bf16_add
// CHECK: llvm.cond_br %{{.*}}, ^[[ADD:.*]], ^[[JOIN:.*]](%{{.*}} : i16)
// CHECK: ^[[ADD]]:
// CHECK: %[[OLD:.*]] = llvm.atomicrmw fadd %{{.*}}, %{{.*}} syncscope("device") monotonic : !llvm.ptr<1>, bf16
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[OLD]] : bf16 to i16
// CHECK: llvm.br ^[[JOIN]](%[[BITS]] : i16)
// CHECK: llvm.atomicrmw fadd %{{.*}} syncscope("device") monotonic
// CHECK: llvm.atomicrmw fadd %{{.*}} syncscope("block") acquire
// CHECK: llvm.atomicrmw fadd %{{.*}} release
// CHECK-NOT: atom.global
// CHECK: llvm.return
tt.func public @bf16_add(%p: !tt.ptr<bf16>, %v: tensor<256xbf16, #blocked>, %q: !tt.ptr<bf16>, %s: bf16, %n: i32) {
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>, #blocked>
  %pp = tt.addptr %ps, %r : tensor<256x!tt.ptr<bf16>, #blocked>, tensor<256xi32, #blocked>
  %ns = tt.splat %n : i32 -> tensor<256xi32, #blocked>
  %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #blocked>
  %old = tt.atomic_rmw fadd, relaxed, gpu, %pp, %v, %m : (tensor<256x!tt.ptr<bf16>, #blocked>, tensor<256xbf16, #blocked>, tensor<256xi1, #blocked>) -> tensor<256xbf16, #blocked>
  tt.store %pp, %old : tensor<256x!tt.ptr<bf16>, #blocked>
  %o2 = tt.atomic_rmw fadd, acquire, cta, %q, %s : (!tt.ptr<bf16>, bf16) -> bf16
  %o3 = tt.atomic_rmw fadd, release, sys, %q, %o2 : (!tt.ptr<bf16>, bf16) -> bf16
  tt.store %q, %o3 : !tt.ptr<bf16>
  tt.return
}
}
