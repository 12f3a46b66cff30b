// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s -split-input-file -triton-make-llir='target=cuda:90' -o %t.mlir && triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t.mlir -o %t.ptx && rm -f %t.part* && csplit -s -z -f %t.part %t.ptx '/^\/\/-split-/' '{*}' && for f in %t.part*; do %ptxas --gpu-name=sm_90a $f -o /dev/null || exit 1; done %}

// Through shared memory: both layouts hold 4 consecutive elements of a row,
// so each thread stores and loads 16-byte vectors, with a barrier between.
// CHECK-LABEL: llvm.func @vectors
// CHECK: %[[SMEM_ADDR:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK-NEXT: %[[SMEM:.*]] = llvm.getelementptr %[[SMEM_ADDR]][0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: %[[ST:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.store %{{.*}}, %[[ST]] {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[LD:.*]] = llvm.getelementptr %[[SMEM]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: llvm.load %[[LD]] {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
#src = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @vectors(%p: !tt.ptr<f32>) {
    %r = tt.splat %p : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #src>
    %v = tt.load %r : tensor<32x16x!tt.ptr<f32>, #src>
    %c = ttg.convert_layout %v : tensor<32x16xf32, #src> -> tensor<32x16xf32, #dst>
    %q = tt.splat %p : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>, #dst>
    tt.store %q, %c : tensor<32x16x!tt.ptr<f32>, #dst>
    tt.return
  }
}

// -----

// f16 with 2x2 elements per thread: the shared contiguous pair of f16 and
// the rows the destination's registers span give 16-byte accesses of i32
// words on both sides.
// CHECK-LABEL: llvm.func @halves
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
#src = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @halves(%p: !tt.ptr<f16>) {
    %r = tt.splat %p : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #src>
    %v = tt.load %r : tensor<32x64x!tt.ptr<f16>, #src>
    %c = ttg.convert_layout %v : tensor<32x64xf16, #src> -> tensor<32x64xf16, #dst>
    %q = tt.splat %p : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #dst>
    tt.store %q, %c : tensor<32x64x!tt.ptr<f16>, #dst>
    tt.return
  }
}

// -----

// Booleans travel as bytes, pointers as i64. The destination holds each
// element in two warps (64 elements, 128 threads). The second conversion
// reuses the scratch, after membar's barrier.
// CHECK-LABEL: llvm.func @bools_and_pointers
// CHECK: %[[B:.*]] = llvm.zext %{{.*}} : i1 to i8
// CHECK: %[[BV:.*]] = llvm.insertelement %[[B]]
// CHECK: llvm.store %[[BV]], %{{.*}} {alignment = 1 : i64} : vector<1xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[L:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<3> -> vector<1xi8>
// CHECK: %[[LE:.*]] = llvm.extractelement %[[L]]
// CHECK: llvm.trunc %[[LE]] : i8 to i1
// CHECK: nvvm.barrier0
// CHECK: %[[P:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
// CHECK: %[[PV:.*]] = llvm.insertelement %[[P]]
// CHECK: llvm.store %[[PV]], %{{.*}} {alignment = 8 : i64} : vector<1xi64>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: %[[Q:.*]] = llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<1xi64>
// CHECK: %[[QE:.*]] = llvm.extractelement %[[Q]]
// CHECK: llvm.inttoptr %[[QE]] : i64 to !llvm.ptr<1>
#src = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#dst = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bools_and_pointers(%p: !tt.ptr<i8>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #src>
    %s = tt.splat %p : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>, #src>
    %a = tt.addptr %s, %r : tensor<64x!tt.ptr<i8>, #src>, tensor<64xi32, #src>
    %v = tt.load %a : tensor<64x!tt.ptr<i8>, #src>
    %z = arith.constant dense<0> : tensor<64xi8, #src>
    %b = arith.cmpi ne, %v, %z : tensor<64xi8, #src>
    %bc = ttg.convert_layout %b : tensor<64xi1, #src> -> tensor<64xi1, #dst>
    %ac = ttg.convert_layout %a : tensor<64x!tt.ptr<i8>, #src> -> tensor<64x!tt.ptr<i8>, #dst>
    %e = arith.extui %bc : tensor<64xi1, #dst> to tensor<64xi8, #dst>
    tt.store %ac, %e : tensor<64x!tt.ptr<i8>, #dst>
    tt.return
  }
}

// -----

// Within warps (same warp bases, each warp keeps its rows), but a transpose
// of the 4 x 4 blocks: registers go to two runs of lanes, which shuffles
// would pick with selects per run and register; through shared memory
// instead, each warp reading back only what it wrote, so a warp barrier
// (bar.warp.sync) orders the accesses. Triton 3.6's pair of instructions:
// each thread stores its row of 4 at once, and one ldmatrix (4 matrices of
// 8 rows of 4 words) gives every thread its column of 4, a word per row of
// a matrix the destination's lanes 0 and 1 pick.
// CHECK-LABEL: llvm.func @transpose_in_warps
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.bar.warp.sync %{{.*}} : i32
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32{{.*}}} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
#src = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @transpose_in_warps(%p: !tt.ptr<f32>) {
    %r = tt.splat %p : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>, #src>
    %v = tt.load %r : tensor<16x32x!tt.ptr<f32>, #src>
    %c = ttg.convert_layout %v : tensor<16x32xf32, #src> -> tensor<16x32xf32, #dst>
    %q = tt.splat %p : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>, #dst>
    tt.store %q, %c : tensor<16x32x!tt.ptr<f32>, #dst>
    tt.return
  }
}

// -----

// Within a warp, one register (row 8 of the source, column 8 of the
// destination) goes to a lane and back: no scratch, one shuffle round per
// destination register (8), the register each lane sends and the one it
// fills picked by a lane bit. Three runs of independent instructions: the
// senders' selects, the shuffles, the receivers' selects, the two registers
// a lane bit exchanges picked one after the other.
// CHECK-LABEL: llvm.func @shuffles
// CHECK-NOT: ptr<3>
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-8: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// CHECK-NOT: llvm.select
// CHECK-COUNT-8: nvvm.shfl.sync  idx {{.*}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.select %[[SWAP:.*]], %[[R0:.*]], %[[R4:.*]] : i1, f32
// CHECK-NEXT: llvm.select %[[SWAP]], %[[R4]], %[[R0]] : i1, f32
// CHECK-COUNT-6: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, f32
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: ptr<3>
// CHECK: llvm.return
#src = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @shuffles(%p: !tt.ptr<f32>) {
    %r = tt.splat %p : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>, #src>
    %v = tt.load %r : tensor<16x16x!tt.ptr<f32>, #src>
    %c = ttg.convert_layout %v : tensor<16x16xf32, #src> -> tensor<16x16xf32, #dst>
    %q = tt.splat %p : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>, #dst>
    tt.store %q, %c : tensor<16x16x!tt.ptr<f32>, #dst>
    tt.return
  }
}

// -----

// Bytes transposed across warps: no register holds a row's neighbour on
// both sides, so the scratch puts together, in one 4-byte word, registers of
// one side that are another warp's on the other side; each side's vectors
// are as wide as its registers' offsets allow.
// CHECK-LABEL: llvm.func @bytes_transposed
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xi8>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<4xi8>
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
// CHECK: llvm.return
#src = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @bytes_transposed(%p: !tt.ptr<i8>) {
    %r = tt.splat %p : !tt.ptr<i8> -> tensor<64x64x!tt.ptr<i8>, #src>
    %v = tt.load %r : tensor<64x64x!tt.ptr<i8>, #src>
    %c = ttg.convert_layout %v : tensor<64x64xi8, #src> -> tensor<64x64xi8, #dst>
    %q = tt.splat %p : !tt.ptr<i8> -> tensor<64x64x!tt.ptr<i8>, #dst>
    tt.store %q, %c : tensor<64x64x!tt.ptr<i8>, #dst>
    tt.return
  }
}

// -----

// A row spread over a warp's lanes, read back as a slice whose lanes repeat
// it (8 rows of the parent hold the same elements). Triton 3.6's pair:
// stmatrix (the source's lanes 0 and 1 in 16-byte rows, which the
// destination holds in registers; with no register bit left to pick
// another matrix, one matrix a store, .x1, as 3.6's PTX has), each thread
// loading 16 bytes at a time; column 0, a register on both sides, is a
// round: two rounds through half the tensor. One warp: warp barriers.
// CHECK-LABEL: llvm.func @to_slice
// CHECK: nvvm.stmatrix %{{.*}}, %{{.*}} {{.*}} : !llvm.ptr<3>, i32{{$}}
// CHECK-NEXT: %[[ALL:.*]] = llvm.mlir.constant(-1 : i32) : i32
// CHECK-NEXT: nvvm.bar.warp.sync %[[ALL]] : i32
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK: nvvm.bar.warp.sync
// CHECK: nvvm.stmatrix %{{.*}}, %{{.*}} {{.*}} : !llvm.ptr<3>, i32{{$}}
// CHECK: nvvm.bar.warp.sync
// CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xi32>
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
// CHECK: llvm.return
#src = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#parent = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @to_slice(%p: !tt.ptr<f32>) {
    %r = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #src>
    %v = tt.load %r : tensor<64x!tt.ptr<f32>, #src>
    %c = ttg.convert_layout %v : tensor<64xf32, #src> -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #parent}>>
    %q = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #parent}>>
    tt.store %q, %c : tensor<64x!tt.ptr<f32>, #ttg.slice<{dim = 0, parent = #parent}>>
    tt.return
  }
}

// -----

// Column sums of 128 columns (4 a thread, 32 lanes along them; every warp
// holds them all) to one element a thread: 16-byte stores and one ldmatrix
// of one matrix (.x1), a 32-bit word a thread, as Triton 3.6's PTX has
// (its pair for this conversion; no register bit picks a second matrix).
// CHECK-LABEL: llvm.func @column_sums
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: nvvm.ldmatrix %{{.*}} {{{.*}}num = 1 : i32{{.*}}} : (!llvm.ptr<3>) -> i32
// CHECK-NOT: llvm.load %{{.*}} : !llvm.ptr<3>
// CHECK: llvm.return
#parent = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @column_sums(%x: tensor<128xi32, #ttg.slice<{dim = 0, parent = #parent}>>, %p: !tt.ptr<i32>) {
    %c = ttg.convert_layout %x : tensor<128xi32, #ttg.slice<{dim = 0, parent = #parent}>> -> tensor<128xi32, #dst>
    %q = tt.splat %p : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #dst>
    tt.store %q, %c : tensor<128x!tt.ptr<i32>, #dst>
    tt.return
  }
}
