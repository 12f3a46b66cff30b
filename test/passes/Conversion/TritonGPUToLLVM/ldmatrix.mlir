// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm=compute-capability=80 -canonicalize -cse | FileCheck %s
// RUN: triton-opt %s -split-input-file -allocate-shared-memory -convert-triton-gpu-to-llvm=compute-capability=80 -reconcile-unrealized-casts -o %t.mlir
// RUN: %if ptxas %{ triton-translate --split-input-file --output-split-marker='//-split-' --mlir-to-ptx %t.mlir -o %t.ptx && rm -f %t.part* && csplit -s -z -f %t.part %t.ptx '/^\/\/-split-/' '{*}' && for f in %t.part*; do %ptxas --gpu-name=sm_80 $f -o /dev/null || exit 1; done %}

// 16-bit tensors whose shared-memory rows are 16 contiguous bytes load as
// 8 x 8 matrices (nvvm.ldmatrix, x4): lane l gives the address of row l % 8
// of matrix l / 8. The sm_80 small matmul's A (row-major, vec 8 swizzle):
// register 0 and lanes 0, 1 are a row's elements (offsets 1, 2, 4), lanes
// 2..4 its rows: row 1 is 32 elements on, row 2 64 ^ 8 (perPhase 2), row 4
// 128 ^ 16; the matrices are registers 1 (row + 8: 256) and 2 (k + 8: 8);
// warp 1 is 16 rows (512) further. Four loads: M repeats (1024) and K (16).
// CHECK-LABEL: llvm.func internal @operand_a
// CHECK-DAG: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG: %[[C72:.*]] = llvm.mlir.constant(72 : i32) : i32
// CHECK-DAG: %[[C144:.*]] = llvm.mlir.constant(144 : i32) : i32
// CHECK: %[[LANE:.*]] = llvm.urem
// CHECK: %[[L0:.*]] = llvm.and %[[LANE]], %{{.*}} : i32
// CHECK: llvm.shl %[[L0]], %{{.*}} : i32
// CHECK: llvm.mul %{{.*}}, %[[C72]] : i32
// CHECK: llvm.mul %{{.*}}, %[[C144]] : i32
// CHECK: %[[ROW:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
// CHECK: nvvm.ldmatrix %[[ROW]] {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-COUNT-3: nvvm.ldmatrix {{.*}}mma_layout<row>
// CHECK-NOT: nvvm.ldmatrix
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @operand_a(%a: !ttg.memdesc<64x32xf16, #shared, #smem>) -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %x = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %x : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// B (K x N, N contiguous): a register pair runs along K, so the rows are
// K (register 0, lanes 0, 1) and lanes 2..4 walk N: ldmatrix.trans (layout
// col), from a view into the second of two buffers (its offset goes into
// every row address).
// CHECK-LABEL: llvm.func internal @operand_b
// CHECK-COUNT-4: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<col>
// CHECK-NOT: nvvm.ldmatrix
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @operand_b(%b: !ttg.memdesc<2x32x64xbf16, #shared1, #smem, mutable>) -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> {
    %one = arith.constant 1 : i32
    %v = ttg.memdesc_index %b[%one] : !ttg.memdesc<2x32x64xbf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xbf16, #shared1, #smem, mutable>
    %y = ttg.local_load %v : !ttg.memdesc<32x64xbf16, #shared1, #smem, mutable> -> tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return %y : tensor<32x64xbf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
  }
}

// -----

// Rows of 8 bytes (vec 4) are no 8 x 8 matrices: plain shared loads.
// CHECK-LABEL: llvm.func internal @narrow_rows
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> vector<2xi16>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @narrow_rows(%a: !ttg.memdesc<64x32xf16, #shared, #smem>) -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> {
    %x = ttg.local_load %a : !ttg.memdesc<64x32xf16, #shared, #smem> -> tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return %x : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
  }
}

// -----

// The epilogue: an mma accumulator (warps along M) to the store's blocked
// layout through scratch. The destination's register 0 and lanes 0, 1
// (columns 1, 8, 16) are source registers: each thread stores 16-byte rows
// (vector<4xi32>), a barrier, then every thread loads its 8 consecutive
// columns as one word from each of four matrices.
// CHECK-LABEL: llvm.func internal @epilogue
// CHECK-COUNT-4: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xi32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-4: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @epilogue(%x: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #b> {
    %y = ttg.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #b>
    tt.return %y : tensor<64x64xf16, #b>
  }
}

// -----

// Warps along N put columns 8.. in another warp: no 16-byte rows of one
// thread, so the conversion keeps plain vectors.
// CHECK-LABEL: llvm.func internal @epilogue_warps_along_n
// CHECK-NOT: nvvm.ldmatrix
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @epilogue_warps_along_n(%x: tensor<64x64xf16, #mma>) -> tensor<64x64xf16, #b> {
    %y = ttg.convert_layout %x : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #b>
    tt.return %y : tensor<64x64xf16, #b>
  }
}

// -----

// tf32: an A operand of 32-bit elements (kWidth 1) from a row-major buffer
// loads as matrices of 16-bit halves, each row four elements (lanes 0, 1
// pick the element, lanes 2..4 the row), each word one element: two loads
// of four matrices for a warp's 16 x 16.
// CHECK-LABEL: llvm.func internal @tf32_operand
// CHECK-COUNT-2: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32{{.*}} -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: nvvm.ldmatrix
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @tf32_operand(%a: !ttg.memdesc<32x16xf32, #shared, #smem>) -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>> {
    %x = ttg.local_load %a : !ttg.memdesc<32x16xf32, #shared, #smem> -> tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
    tt.return %x : tensor<32x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 1}>>
  }
}

// -----

// An 8-bit A operand (kWidth 4): each word of a matrix row is four bytes of
// a row; K = 16 fills half an m16n8k32 step, so the registers of its other
// half repeat the first: one load of two matrices (rows 0..7 and 8..15).
// CHECK-LABEL: llvm.func internal @fp8_operand
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 2 : i32{{.*}} -> !llvm.struct<(i32, i32)>
// CHECK: llvm.bitcast %{{.*}} : i32 to vector<4xi8>
// CHECK-NOT: nvvm.ldmatrix
// CHECK-NOT: llvm.load
// CHECK: llvm.return
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fp8_operand(%a: !ttg.memdesc<16x16xf8E4M3FN, #shared, #smem>) -> tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> {
    %x = ttg.local_load %a : !ttg.memdesc<16x16xf8E4M3FN, #shared, #smem> -> tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
    tt.return %x : tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
  }
}
