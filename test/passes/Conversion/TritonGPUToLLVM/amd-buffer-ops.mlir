// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -convert-triton-amdgpu-to-llvm -canonicalize -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-amdgcn %t.mlir -o %t.s
// RUN: FileCheck %s --input-file=%t.s --check-prefix=ASM
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %t.s -o %t.o
// REQUIRES: llvm-mc

// Buffer ops address memory through a resource made of the base pointer (as
// Triton 3.6: 0x7FFFFFFE bytes, flags 0x27000) and a byte offset per access;
// a masked-off access gets the out-of-range offset 0x80000000, which reads
// zero and writes nothing, so no branch is needed. `other` is selected in.
// Accesses are up to 128 bits wide, as for tt.load.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  // CHECK-LABEL: llvm.func @vector
  // CHECK-DAG: %[[STRIDE:.*]] = llvm.mlir.constant(0 : i16) : i16
  // CHECK-DAG: %[[RECORDS:.*]] = llvm.mlir.constant(2147483646 : i64) : i64
  // CHECK-DAG: %[[FLAGS:.*]] = llvm.mlir.constant(159744 : i32) : i32
  // CHECK: %[[RSRC:.*]] = rocdl.make.buffer.rsrc %arg0, %[[STRIDE]], %[[RECORDS]], %[[FLAGS]] : <1> to <8>
  // CHECK: %[[BYTES:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
  // CHECK: %[[OOB:.*]] = llvm.mlir.constant(-2147483648 : i32) : i32
  // CHECK: %[[OFFSET:.*]] = llvm.select %[[MASK:.*]], %[[BYTES]], %[[OOB]] : i1, i32
  // CHECK: %[[DATA:.*]] = rocdl.raw.ptr.buffer.load %[[RSRC]], %[[OFFSET]], %{{.*}}, %{{.*}} : vector<4xf32>
  // CHECK: llvm.select %[[MASK]], %[[DATA]], %{{.*}} : i1, vector<4xf32>
  // CHECK: rocdl.make.buffer.rsrc %arg1
  // CHECK: rocdl.raw.ptr.buffer.store %{{.*}} : vector<4xf32>
  // CHECK-NOT: llvm.cond_br
  // ASM-LABEL: vector:
  // ASM: buffer_load_dwordx4
  // ASM: buffer_store_dwordx4
  tt.func public @vector(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %o = arith.constant dense<1.0> : tensor<1024xf32, #blocked>
    %v = amdg.buffer_load %x[%r], %m, %o : tensor<1024xf32, #blocked>
    amdg.buffer_store %v, %y[%r], %m : tensor<1024xf32, #blocked>
    tt.return
  }

  // Without alignment facts each element is its own access; without `other`
  // the zero the hardware reads is the value; a streaming store sets sc0
  // and nt on gfx942.
  // CHECK-LABEL: llvm.func @scalar_elements
  // CHECK-COUNT-4: rocdl.raw.ptr.buffer.load %{{.*}} : i32
  // CHECK: rocdl.make.buffer.rsrc
  // CHECK: %[[P0:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[P0]] : i32
  // CHECK: %[[P1:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[P1]] : i32
  // CHECK: %[[P2:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[P2]] : i32
  // CHECK: %[[P3:.*]] = llvm.mlir.constant(3 : i32) : i32
  // CHECK: rocdl.raw.ptr.buffer.store %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[P3]] : i32
  // ASM-LABEL: scalar_elements:
  // ASM-COUNT-4: buffer_load_dword
  // ASM-COUNT-4: buffer_store_dword {{.*}} sc0 nt
  tt.func public @scalar_elements(%x: !tt.ptr<i32>, %n: i32) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %v = amdg.buffer_load %x[%r], %m : tensor<1024xi32, #blocked>
    %w = arith.addi %v, %v : tensor<1024xi32, #blocked>
    amdg.buffer_store %w, %x[%r], %m cacheModifier = cs : tensor<1024xi32, #blocked>
    tt.return
  }

  // A 64-element tensor over 256 threads: warps 1 to 3 repeat warp 0, whose
  // stores alone are in range. Booleans are bytes.
  // CHECK-LABEL: llvm.func @duplicated
  // CHECK: rocdl.make.buffer.rsrc
  // CHECK: %[[WARP:.*]] = llvm.udiv
  // CHECK: %[[BITS:.*]] = llvm.and %[[WARP]], %{{.*}} : i32
  // CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %[[BITS]], %{{.*}} : i32
  // CHECK: llvm.select %[[OWNER]], %{{.*}}, %{{.*}} : i1, i32
  // CHECK: %[[BYTE:.*]] = llvm.zext %{{.*}} : i1 to i8
  // CHECK: rocdl.raw.ptr.buffer.store %[[BYTE]], %{{.*}} : i8
  // ASM-LABEL: duplicated:
  // ASM: buffer_store_byte
  tt.func public @duplicated(%x: !tt.ptr<i1>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked1>
    %c = arith.constant dense<7> : tensor<64xi32, #blocked1>
    %b = arith.cmpi slt, %r, %c : tensor<64xi32, #blocked1>
    amdg.buffer_store %b, %x[%r] : tensor<64xi1, #blocked1>
    tt.return
  }

  // A stride (the row distance, a hint for gfx942's cache swizzling) leaves
  // the accesses as they are: the resource keeps stride 0, as Triton 3.6's.
  // CHECK-LABEL: llvm.func @with_stride
  // CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i16) : i16
  // CHECK: rocdl.make.buffer.rsrc %arg0, %[[ZERO]]
  // CHECK: rocdl.raw.ptr.buffer.load %{{.*}} : vector<4xf32>
  // CHECK: rocdl.make.buffer.rsrc %arg0, %{{.*}}
  // CHECK: rocdl.raw.ptr.buffer.store %{{.*}} : vector<4xf32>
  // ASM-LABEL: with_stride:
  // ASM: buffer_load_dwordx4
  // ASM: buffer_store_dwordx4
  tt.func public @with_stride(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %ld: i32) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %v = amdg.buffer_load %x[%r] stride = %ld : tensor<1024xf32, #blocked>
    %w = arith.addf %v, %v : tensor<1024xf32, #blocked>
    amdg.buffer_store %w, %x[%r] stride = %ld : tensor<1024xf32, #blocked>
    tt.return
  }
}
