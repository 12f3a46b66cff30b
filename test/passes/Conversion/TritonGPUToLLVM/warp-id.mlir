// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s --check-prefix=TTG
// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm -convert-nv-gpu-to-llvm | FileCheck %s --check-prefix=NVG

// ttg.warp_id in TTGIR passes -convert-triton-gpu-to-llvm untouched and
// -convert-nv-gpu-to-llvm writes it (tid.x / 32, lane 0's value on every
// lane), as Triton 3.6 splits the work.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // TTG-LABEL: llvm.func @store_warp
  // NVG-LABEL: llvm.func @store_warp
  tt.func public @store_warp(%p: !tt.ptr<i32>) {
    // TTG: %[[W:.+]] = ttg.warp_id
    // TTG: st.global.b32 {{.*}} %[[W]]
    // NVG: %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
    // NVG: %[[TID:.+]] = nvvm.read.ptx.sreg.tid.x : i32
    // NVG: %[[ID:.+]] = llvm.udiv %[[TID]], %[[C32]] : i32
    // NVG: %[[U:.+]] = nvvm.shfl.sync idx %{{.+}}, %[[ID]], %{{.+}}, %{{.+}} : i32 -> i32
    // NVG-NOT: ttg.warp_id
    // NVG: st.global.b32 {{.*}} %[[U]]
    %w = ttg.warp_id
    tt.store %p, %w : !tt.ptr<i32>
    tt.return
  }
}
