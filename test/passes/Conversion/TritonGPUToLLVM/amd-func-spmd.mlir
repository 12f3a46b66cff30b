// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm -canonicalize | FileCheck %s
// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm='gfx-arch=gfx90a' -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn --arch=gfx90a %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=ASM
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %t.s -o %t.o
// REQUIRES: llvm-mc, rocm-device-libs

// Kernels (public, no results) are amdgpu kernels of the module's threads
// (8 waves of 64) with the two scratch pointers of Triton's ABI; program ids
// and counts come from ROCDL; device functions are internal and take their
// shared-memory base before the scratch pointers.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func internal @helper(%arg0: i32, %arg1: f32, %arg2: !llvm.ptr<3>, %arg3: !llvm.ptr<1>, %arg4: !llvm.ptr<1>) -> !llvm.struct<(i32, f32)>
  tt.func private @helper(%a: i32, %b: f32) -> (i32, f32) attributes {noinline = true} {
    tt.return %a, %b : i32, f32
  }

  // CHECK-LABEL: llvm.func @kernel(%arg0: !llvm.ptr<1>, %arg1: i32, %arg2: !llvm.ptr<1>, %arg3: !llvm.ptr<1>)
  // CHECK-SAME: rocdl.flat_work_group_size = "1,512"
  // CHECK-SAME: rocdl.kernel
  // CHECK-SAME: tt.params = ["*fp32", "i32"]
  // CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
  // CHECK-DAG: rocdl.workgroup.id.x : i32
  // CHECK-DAG: rocdl.workgroup.id.y : i32
  // CHECK-DAG: rocdl.grid.dim.z : i64
  // CHECK: llvm.call @helper(%{{.*}}, %{{.*}}, %[[SMEM]], %arg2, %arg3) : (i32, f32, !llvm.ptr<3>, !llvm.ptr<1>, !llvm.ptr<1>) -> !llvm.struct<(i32, f32)>
  // CHECK: rocdl.barrier
  // ASM-LABEL: kernel:
  // ASM: s_barrier
  // ASM: .amdhsa_kernel kernel
  tt.func public @kernel(%p: !tt.ptr<f32>, %n: i32) {
    %x = tt.get_program_id x : i32
    %y = tt.get_program_id y : i32
    %z = tt.get_num_programs z : i32
    %s = arith.addi %x, %y : i32
    %t = arith.addi %s, %z : i32
    %f = arith.constant 1.0 : f32
    %r:2 = tt.call @helper(%t, %f) : (i32, f32) -> (i32, f32)
    gpu.barrier
    %v = arith.sitofp %r#0 : i32 to f32
    %w = arith.addf %v, %r#1 : f32
    tt.store %p, %w : !tt.ptr<f32>
    tt.return
  }

  // make_range: each register's coordinate from lane, warp and register (2
  // per thread, lanes step by 2, waves by 128), plus the start.
  // CHECK-LABEL: llvm.func internal @range
  // CHECK: %[[TID:.*]] = rocdl.workitem.id.x range <i32, 0, 512> : i32
  // CHECK-DAG: llvm.urem %[[TID]], %{{.*}} : i32
  // CHECK-DAG: llvm.udiv %[[TID]], %{{.*}} : i32
  tt.func private @range() -> tensor<1024xi32, #blocked> {
    %r = tt.make_range {end = 1040 : i32, start = 16 : i32} : tensor<1024xi32, #blocked>
    tt.return %r : tensor<1024xi32, #blocked>
  }

  // Math without an AMDGPU instruction calls ocml; f32 exp2, exp and sqrt
  // are the hardware's approximate instructions (amd-math.mlir); the rest
  // are LLVM intrinsics or instructions.
  // CHECK-LABEL: llvm.func @math
  // CHECK-COUNT-2: llvm.call @__ocml_sin_f32
  // CHECK-COUNT-2: llvm.call_intrinsic "llvm.amdgcn.exp2.f32"
  // CHECK-COUNT-2: llvm.call_intrinsic "llvm.exp2.f32"
  // CHECK-COUNT-2: llvm.call @__ocml_erf_f32
  // CHECK-COUNT-2: llvm.call_intrinsic "llvm.amdgcn.sqrt.f32"
  // CHECK-COUNT-2: llvm.call @__ocml_log_f64
  // CHECK-COUNT-2: llvm.fdiv
  // ASM-LABEL: math:
  // ASM-NOT: __ocml
  // ASM: .amdhsa_kernel math
  // ASM-NOT: __ocml
  // ASM: .max_flat_workgroup_size: 512
  // ASM-NEXT: .name: kernel
  // ASM: .max_flat_workgroup_size: 512
  // ASM-NEXT: .name: math
  tt.func public @math(%p: !tt.ptr<f32>, %q: !tt.ptr<f64>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %x = tt.load %pp : tensor<1024x!tt.ptr<f32>, #blocked>
    %a = math.sin %x : tensor<1024xf32, #blocked>
    %b = math.exp2 %a : tensor<1024xf32, #blocked>
    %c = math.exp %b : tensor<1024xf32, #blocked>
    %d = math.erf %c : tensor<1024xf32, #blocked>
    %e = math.sqrt %d : tensor<1024xf32, #blocked>
    %qs = tt.splat %q : !tt.ptr<f64> -> tensor<1024x!tt.ptr<f64>, #blocked>
    %qp = tt.addptr %qs, %r : tensor<1024x!tt.ptr<f64>, #blocked>, tensor<1024xi32, #blocked>
    %y = tt.load %qp : tensor<1024x!tt.ptr<f64>, #blocked>
    %l = math.log %y : tensor<1024xf64, #blocked>
    %f = arith.extf %e : tensor<1024xf32, #blocked> to tensor<1024xf64, #blocked>
    %g = arith.divf %l, %f : tensor<1024xf64, #blocked>
    tt.store %qp, %g : tensor<1024x!tt.ptr<f64>, #blocked>
    tt.return
  }
}
