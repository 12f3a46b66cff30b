// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -split-input-file -triton-make-llir='target=cuda:90' -o %t.mlir && triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t.mlir -o %t.ptx && rm -f %t.part* && csplit -s -z -f %t.part %t.ptx '/^\/\/-split-/' '{*}' && for f in %t.part*; do %ptxas --gpu-name=sm_90a $f -o /dev/null || exit 1; done %}

// 16-byte copies (8 f16 per thread, contiguous in global and shared memory,
// 16-byte aligned): cp.async.cg, all source bytes. The wait is followed by
// membar's barrier: other threads' copies are then visible.
// CHECK-LABEL: llvm.func @copy16
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x10, 0x10;", "r,l" %{{.*}}, %{{.*}} : (!llvm.ptr<3>, !llvm.ptr<1>) -> ()
// CHECK-NOT: cp.async.cg
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy16(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %i: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x1024xf16, #shared, #smem, mutable>
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked>
    %pq = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f16>, #blocked>, tensor<1024xi32, #blocked>
    %s = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x1024xf16, #shared, #smem, mutable> -> !ttg.memdesc<1024xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %pq, %s : tensor<1024x!tt.ptr<f16>, #blocked> -> <1024xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    %v = ttg.local_load %s token %w : !ttg.memdesc<1024xf16, #shared, #smem, mutable> -> tensor<1024xf16, #blocked>
    tt.store %pq, %v : tensor<1024x!tt.ptr<f16>, #blocked>
    ttg.local_dealloc %buf : !ttg.memdesc<2x1024xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// The corpus's control kernel: masked 4-byte copies (zeros where the mask
// is off: cp.async's ignore-src predicate is the mask negated), 64
// elements over 128 threads (warps 2 and 3 repeat warps 0 and 1 and copy
// nothing).
// CHECK-LABEL: llvm.func @copy4
// CHECK: %[[OWNER:.*]] = llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// CHECK: %[[IGNORE:.*]] = llvm.xor %{{.*}}, %[[TRUE]] : i1
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$3 cp.async.ca.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x4, $2;", "r,l,b,b" %{{.*}}, %{{.*}}, %[[IGNORE]], %[[OWNER]]
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 1
// CHECK: nvvm.barrier0
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy4(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<1x64xf32, #shared, #smem, mutable>
    %c0 = arith.constant 0 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64xf32, #blocked>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<64xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<64xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %pq = tt.addptr %ps, %r : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    %s = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<1x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %pq, %s mask %m other %zero : tensor<64x!tt.ptr<f32>, #blocked> -> <64xf32, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 1 : i32}
    %v = ttg.local_load %s token %w : !ttg.memdesc<64xf32, #shared, #smem, mutable> -> tensor<64xf32, #blocked>
    tt.store %pq, %v : tensor<64x!tt.ptr<f32>, #blocked>
    ttg.local_dealloc %buf : !ttg.memdesc<1x64xf32, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A 64x64 f16 tile into a 128-byte-swizzled buffer, threads covering 32
// rows: a register 32 rows on (2048 elements) has offset bits the threads'
// part never sets, so it is added (LLVM folds it into the address), while
// one 32 columns on flips a swizzled chunk bit the threads' rows also flip,
// so it is XORed.
// CHECK-LABEL: llvm.func @swizzled_rows
// CHECK: cp.async.cg
// CHECK: %[[C1:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: llvm.xor %[[THREAD:[0-9]+]], %[[C1]] : i32
// CHECK: cp.async.cg
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2048 : i32) : i32
// CHECK-NEXT: llvm.add %[[THREAD]], %[[C2]] : i32
// CHECK: cp.async.cg
// CHECK: %[[C3:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: %[[X:.*]] = llvm.xor %[[THREAD]], %[[C3]] : i32
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(2048 : i32) : i32
// CHECK-NEXT: llvm.add %[[X]], %[[C4]] : i32
// CHECK: cp.async.cg
// CHECK-NOT: cp.async.cg
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @swizzled_rows(%p: tensor<64x64x!tt.ptr<f16>, #blocked> {tt.divisibility = 16 : i32, tt.contiguity = dense<[1, 64]> : tensor<2xi32>}) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %p, %buf {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    ttg.local_dealloc %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A non-zero `other` (3.6 keeps a masked load's -inf there): the copy runs
// under the mask, with no zero fill, and where the mask is off the thread
// stores `other` itself, one element at a time.
// CHECK-LABEL: llvm.func @copy_other
// CHECK: "@$2 cp.async.cg.shared.global [ $0 + 0 ], [ $1 + 0 ], 0x10, 0x10;", "r,l,b"
// CHECK: "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b"
// CHECK: "@$2 st.shared.b32 [ $0 + 4 ], $1;", "r,r,b"
// CHECK: "@$2 st.shared.b32 [ $0 + 8 ], $1;", "r,r,b"
// CHECK: "@$2 st.shared.b32 [ $0 + 12 ], $1;", "r,r,b"
// CHECK-NOT: cp.async.cg
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_other(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked>
    %inf = arith.constant dense<0xFF800000> : tensor<512xf32, #blocked>
    %t = ttg.async_copy_global_to_local %q, %buf mask %m other %inf : tensor<512x!tt.ptr<f32>, #blocked> -> <512xf32, #shared, #smem, mutable>
    %c = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %c {num = 0 : i32}
    tt.return
  }
}
