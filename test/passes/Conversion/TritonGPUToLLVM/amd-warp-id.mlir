// RUN: triton-opt %s --convert-triton-amdgpu-to-llvm=arch=gfx942 | FileCheck %s --check-prefixes=CHECK,GFX942
// RUN: triton-opt %s --convert-triton-amdgpu-to-llvm=arch=gfx90a | FileCheck %s --check-prefixes=CHECK,GFX90A

// ttg.warp_id (Triton 3.6's op, which -convert-nv-gpu-to-llvm lowers on
// NVIDIA) is the work-item index / the wave size, computed at the start of
// the function even where the op sits in a loop; gfx942 reads it into a
// scalar register (v_readfirstlane), gfx90a keeps the vector value (as 3.6).

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func @wave_id
  tt.func public @wave_id(%p: !tt.ptr<i32>) {
    // CHECK: %[[SIZE:.+]] = llvm.mlir.constant(64 : i32) : i32
    // CHECK-NEXT: %[[TID:.+]] = rocdl.workitem.id.x range <i32, 0, 256> : i32
    // CHECK-NEXT: %[[DIV:.+]] = llvm.udiv %[[TID]], %[[SIZE]] : i32
    // GFX942-NEXT: %[[ID:.+]] = rocdl.readfirstlane %[[DIV]] : i32
    // GFX90A-NOT: rocdl.readfirstlane
    // CHECK: llvm.cond_br
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %c4 step %c1 {
      // GFX942: llvm.store %[[ID]]
      // GFX90A: llvm.store %[[DIV]]
      %w = ttg.warp_id
      tt.store %p, %w : !tt.ptr<i32>
    }
    tt.return
  }
}

