// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=ASM
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o
// REQUIRES: llvm-mc, rocm-device-libs

// tt.print on AMD: per element, the HIP hostcall printf of ockl (begin, the
// format as a string of strlen + 1 bytes in the constant address space, the
// arguments as i64, at most 7 per call, the last call flagged), with the
// format and arguments of the NVIDIA lowering. tt.assert: where an element
// is false, Triton 3.6's "device assertion failed" line to stderr (the
// message, function, file and line), a barrier and a trap; for a tensor
// condition a barrier after it in every thread.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "hip:gfx942"} {
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("pid (%u, %u, %u) idx () n: %i\0A\00") {addr_space = 4 : i32
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("pid (%u, %u, %u) idx (%3u) x: %f\0A\00") {addr_space = 4 : i32
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("device assertion failed: 'x must be positive, 100%%', in assert_tensor at kernel.py:12\0A\00") {addr_space = 4 : i32
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_{{[0-9]+}}("device assertion failed: 'n overflows', in assert_scalar at <unknown>:0\0A\00") {addr_space = 4 : i32
// CHECK-DAG: llvm.func @__ockl_fprintf_stderr_begin() -> i64
// CHECK-DAG: llvm.func @__ockl_printf_begin(i64) -> i64
// CHECK-DAG: llvm.func @__ockl_printf_append_string_n(i64, !llvm.ptr, i64, i32) -> i64
// CHECK-DAG: llvm.func @__ockl_printf_append_args(i64, i32, i64, i64, i64, i64, i64, i64, i64, i32) -> i64

// A scalar: thread 0 prints pid and the value, 4 arguments, one call.
// CHECK-LABEL: llvm.func @scalar
// CHECK: %[[T0:.*]] = llvm.icmp "eq"
// CHECK: llvm.cond_br %[[T0]]
// CHECK: %[[FMT:.*]] = llvm.mlir.addressof @printfFormat_{{[0-9]+}} : !llvm.ptr<4>
// CHECK: %[[GENERIC:.*]] = llvm.addrspacecast %[[FMT]] : !llvm.ptr<4> to !llvm.ptr
// CHECK: %[[MSG:.*]] = llvm.call @__ockl_printf_begin(%{{.*}}) : (i64) -> i64
// CHECK: %[[LEN:.*]] = llvm.mlir.constant(31 : i64) : i64
// CHECK: %[[MSG2:.*]] = llvm.call @__ockl_printf_append_string_n(%[[MSG]], %[[GENERIC]], %[[LEN]], %{{.*}})
// CHECK: %[[N:.*]] = llvm.zext %arg0 : i32 to i64
// CHECK: llvm.call @__ockl_printf_append_args(%[[MSG2]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[N]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
tt.func public @scalar(%n: i32) {
  tt.print " n: " {hex = false, isSigned = array<i32: 1>} : %n : i32
  tt.return
}

// A tensor: each thread prints its element: pid, index, value as a double's
// bits.
// CHECK-LABEL: llvm.func @tensor
// CHECK: %[[D:.*]] = llvm.fpext %{{.*}} : f32 to f64
// CHECK: llvm.call @__ockl_printf_begin
// CHECK: llvm.call @__ockl_printf_append_string_n
// CHECK: %[[BITS:.*]] = llvm.bitcast %[[D]] : f64 to i64
// CHECK: llvm.call @__ockl_printf_append_args(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[BITS]],
tt.func public @tensor(%x: tensor<256xf32, #blocked>) {
  tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %x : tensor<256xf32, #blocked>
  tt.return
}

// A tensor condition: any of the thread's false elements (each xor true,
// or-ed) branches to the failure; a barrier follows the join.
// CHECK-LABEL: llvm.func @assert_tensor
// CHECK: %[[F0:.*]] = llvm.xor %{{.*}}, %{{.*}} : i1
// CHECK: %[[F1:.*]] = llvm.xor %{{.*}}, %{{.*}} : i1
// CHECK: %[[ANY:.*]] = llvm.or %[[F0]], %[[F1]] : i1
// CHECK: llvm.cond_br %[[ANY]], ^[[FAIL:.*]], ^[[CONT:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: %[[MSG:.*]] = llvm.call @__ockl_fprintf_stderr_begin() : () -> i64
// CHECK: %[[LEN:.*]] = llvm.mlir.constant(88 : i64) : i64
// CHECK: %[[LAST:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: llvm.call @__ockl_printf_append_string_n(%[[MSG]], %{{.*}}, %[[LEN]], %[[LAST]])
// CHECK: rocdl.barrier
// CHECK: llvm.intr.trap
// CHECK: llvm.br ^[[CONT]]
// CHECK: ^[[CONT]]:
// CHECK: rocdl.barrier
// CHECK: llvm.return
tt.func public @assert_tensor(%x: tensor<512xf32, #blocked2>) {
  %zero = arith.constant dense<0.0> : tensor<512xf32, #blocked2>
  %ok = arith.cmpf ogt, %x, %zero : tensor<512xf32, #blocked2>
  tt.assert %ok, "x must be positive, 100%" : tensor<512xi1, #blocked2> loc("kernel.py":12:4)
  tt.return
}

// A scalar condition: no barrier after it (every thread fails alike).
// CHECK-LABEL: llvm.func @assert_scalar
// CHECK: llvm.cond_br
// CHECK: llvm.call @__ockl_fprintf_stderr_begin
// CHECK: llvm.intr.trap
// CHECK-NOT: rocdl.{{(s\.)?}}barrier
// CHECK: llvm.return
tt.func public @assert_scalar(%n: i32) {
  %c = arith.constant 1024 : i32
  %ok = arith.cmpi slt, %n, %c : i32
  tt.assert %ok, "n overflows" : i1 loc(unknown)
  tt.return
}

// ASM-LABEL: scalar:
// ASM: s_swappc_b64
// ASM-LABEL: assert_tensor:
// ASM: s_barrier
// ASM: s_trap 2
// ASM: .value_kind: hidden_hostcall_buffer
}
