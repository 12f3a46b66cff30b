// RUN: triton-opt %s -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s '-convert-triton-gpu-to-llvm=compute-capability=80' | FileCheck %s --check-prefix=SM80
// RUN: %if ptxas %{ triton-opt %s -convert-triton-gpu-to-llvm -reconcile-unrealized-casts | triton-translate --mlir-to-ptx -o %t.ptx && %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}
// RUN: %if ptxas %{ triton-opt %s '-convert-triton-gpu-to-llvm=compute-capability=80' -reconcile-unrealized-casts | triton-translate --mlir-to-ptx --arch=sm_80 --ptx-version=80 -o %t80.ptx && %ptxas --gpu-name=sm_80 %t80.ptx -o %t80.cubin %}

// arith.sitofp from i8 to bf16: four bytes (one 32-bit register) per PTX
// block, two bf16 pairs out. sm_90 builds 0x43XX per byte and subtracts its
// mantissa-free part (no cvt); sm_80 converts each byte to f32 and keeps the
// upper halves. Eight elements per thread: two blocks, no sitofp left.
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {
// CHECK-LABEL: llvm.func @bytes_to_bf16
// CHECK-NOT: llvm.sitofp
// CHECK: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: llvm.inline_asm asm_dialect = att operand_attrs = [] "{{.*}}prmt.b32 w01, $2, 0x43, 0x4140;{{.*}}sub.bf16x2 $0, m01, b01;{{.*}}sub.bf16x2 $1, m23, b23;{{.*}}", "=r,=r,r" %{{.*}} : (i32) -> !llvm.struct<(vector<2xbf16>, vector<2xbf16>)>
// CHECK: llvm.inline_asm
// CHECK-NOT: llvm.inline_asm {{.*}}sub.bf16x2
// CHECK-NOT: llvm.sitofp
// CHECK: llvm.return
// SM80-LABEL: llvm.func @bytes_to_bf16
// SM80-NOT: llvm.sitofp
// SM80-COUNT-2: cvt.rn.f32.s8 x3, i3;{{.*}}prmt.b32 $1, x2, x3, 0x7632;
// SM80-NOT: sub.bf16x2
// SM80: llvm.return
tt.func public @bytes_to_bf16(%p: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %q: !tt.ptr<bf16> {tt.divisibility = 16 : i32}) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %ps = tt.splat %p : !tt.ptr<i8> -> tensor<1024x!tt.ptr<i8>, #blocked>
  %pp = tt.addptr %ps, %r : tensor<1024x!tt.ptr<i8>, #blocked>, tensor<1024xi32, #blocked>
  %x = tt.load %pp : tensor<1024x!tt.ptr<i8>, #blocked>
  %y = arith.sitofp %x : tensor<1024xi8, #blocked> to tensor<1024xbf16, #blocked>
  %qs = tt.splat %q : !tt.ptr<bf16> -> tensor<1024x!tt.ptr<bf16>, #blocked>
  %qp = tt.addptr %qs, %r : tensor<1024x!tt.ptr<bf16>, #blocked>, tensor<1024xi32, #blocked>
  tt.store %qp, %y : tensor<1024x!tt.ptr<bf16>, #blocked>
  tt.return
}
}
