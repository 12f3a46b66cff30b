// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -triton-make-llir='target=hip:gfx942' | triton-translate --mlir-to-amdgcn | FileCheck %s --check-prefix=GCN
// RUN: %if ld.lld %{ triton-opt %s -triton-make-llir='target=hip:gfx942' | triton-translate --mlir-to-hsaco -o %t.hsaco && od -A n -t x1 -N 4 %t.hsaco | FileCheck %s --check-prefix=ELF %}

// tt.elementwise_inline_asm on AMD: the AMDGCN text once per element (f32,
// two per thread), or once per packed pair of f16 in one 32-bit register
// (packed_element = 2), which the assembler takes.
// CHECK-LABEL: llvm.func @asm_kernel
// CHECK-COUNT-2: llvm.inline_asm asm_dialect = att "v_mul_f32 $0, $1, $2", "=v,v,v" %{{.*}}, %{{.*}} : (f32, f32) -> f32
// CHECK: llvm.insertelement
// CHECK: %[[P:.*]] = llvm.insertelement
// CHECK: llvm.inline_asm asm_dialect = att "v_pk_add_f16 $0, $1, $1", "=v,v" %[[P]] : (vector<2xf16>) -> vector<2xf16>
// CHECK-NOT: llvm.inline_asm
// GCN: v_mul_f32
// GCN: v_pk_add_f16
// ELF: 7f 45 4c 46
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @asm_kernel(%x: !tt.ptr<f32>, %h: !tt.ptr<f16>, %out: !tt.ptr<f32>, %hout: !tt.ptr<f16>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = tt.load %xp : tensor<512x!tt.ptr<f32>, #blocked>
    %m = tt.elementwise_inline_asm "v_mul_f32 $0, $1, $2" {constraints = "=v,v,v", packed_element = 1 : i32, pure = true} %v, %v : tensor<512xf32, #blocked>, tensor<512xf32, #blocked> -> tensor<512xf32, #blocked>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %op = tt.addptr %os, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %op, %m : tensor<512x!tt.ptr<f32>, #blocked>
    %hs = tt.splat %h : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #blocked>
    %hp = tt.addptr %hs, %r : tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xi32, #blocked>
    %w = tt.load %hp : tensor<512x!tt.ptr<f16>, #blocked>
    %d = tt.elementwise_inline_asm "v_pk_add_f16 $0, $1, $1" {constraints = "=v,v", packed_element = 2 : i32, pure = true} %w : tensor<512xf16, #blocked> -> tensor<512xf16, #blocked>
    %hos = tt.splat %hout : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>, #blocked>
    %hop = tt.addptr %hos, %r : tensor<512x!tt.ptr<f16>, #blocked>, tensor<512xi32, #blocked>
    tt.store %hop, %d : tensor<512x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
