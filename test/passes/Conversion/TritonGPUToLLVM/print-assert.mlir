// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | triton-translate --mlir-to-ptx -o %t.ptx && %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}

// tt.print: one vprintf per element, by the element's owner only, with
// Triton's "pid (x, y, z) idx (i)<prefix><value>" format; tt.assert: a call
// of __assertfail where an element is false, then a barrier.

#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {

// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_0("pid (%u, %u, %u) idx (%2u) vals: 0x%08x\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_1("pid (%u, %u, %u) idx () plain 100%%: %i\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_2("pid (%u, %u, %u) idx (%2u, %2u) two: (operand 0) %f\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_3("pid (%u, %u, %u) idx (%2u, %2u) two: (operand 1) %i\0A\00")
// CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("x must be positive\00")
// CHECK-DAG: llvm.mlir.global internal constant @assertFile_0("kernel.py\00")
// CHECK-DAG: llvm.mlir.global internal constant @assertFunc_0("k\00")

// 64 elements in 128 threads: the threads with tid & 64 == 0 print. Floats
// in hex print their own bits; the buffer is allocated in the entry block.
// CHECK-LABEL: llvm.func @k
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i32)>
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.ctaid.y
// CHECK: nvvm.read.ptx.sreg.ctaid.z
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: %[[RAW_TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[TID:.*]] = llvm.and %[[RAW_TID]], %{{.*}} : i32
// CHECK-NEXT: %[[BITS:.*]] = llvm.and %[[TID]], %[[C64]] : i32
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[BITS]]
// CHECK: llvm.bitcast %{{.*}} : f32 to i32
// CHECK: llvm.cond_br %[[OWNER]], ^[[PRINT:.*]], ^[[AFTER:.*]]
// CHECK: ^[[PRINT]]:
// CHECK: llvm.mlir.addressof @printfFormat_0
// CHECK: llvm.store
// CHECK: llvm.call @vprintf
// CHECK: llvm.br ^[[AFTER]]
// A scalar prints from thread 0; a percent sign of the prefix prints as one.
// CHECK: llvm.cond_br
// CHECK: llvm.mlir.addressof @printfFormat_1
// CHECK: llvm.call @vprintf
// Two operands of a 2-D layout, each with its "(operand n)".
// CHECK: llvm.fpext %{{.*}} : f32 to f64
// CHECK: llvm.mlir.addressof @printfFormat_2
// CHECK: llvm.sext %{{.*}} : i16 to i32
// CHECK: llvm.mlir.addressof @printfFormat_3
// An assert: any false element calls __assertfail with the op's file and
// line and the function's name; a barrier follows.
// CHECK: llvm.cond_br %{{.*}}, ^[[FAIL:.*]], ^[[CONT:.*]]
// CHECK: ^[[FAIL]]:
// CHECK: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64) -> ()
// CHECK: ^[[CONT]]:
// CHECK-NEXT: nvvm.barrier0
tt.func public @k(%x: !tt.ptr<f32>, %pid: i32) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked1>
  %ps = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked1>
  %q = tt.addptr %ps, %r : tensor<64x!tt.ptr<f32>, #blocked1>, tensor<64xi32, #blocked1>
  %v = tt.load %q : tensor<64x!tt.ptr<f32>, #blocked1>
  tt.print " vals: " {hex = true, isSigned = array<i32: 0>} : %v : tensor<64xf32, #blocked1>
  tt.print " plain 100%: " {hex = false, isSigned = array<i32: 1>} : %pid : i32
  %a = arith.constant dense<1.5> : tensor<16x16xf32, #blocked2>
  %b = arith.constant dense<7> : tensor<16x16xi16, #blocked2>
  tt.print " two: " {hex = false, isSigned = array<i32: 0, 1>} : %a, %b : tensor<16x16xf32, #blocked2>, tensor<16x16xi16, #blocked2>
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked1>
  %ok = arith.cmpf ogt, %v, %zero : tensor<64xf32, #blocked1>
  tt.assert %ok, "x must be positive" : tensor<64xi1, #blocked1> loc("kernel.py":12:4)
  tt.return
}
}
