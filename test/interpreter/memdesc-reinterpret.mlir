// ttg.memdesc_reinterpret: the same shared-memory bytes under another layout.
// A 4x4 buffer holding 0..15 row-major (unswizzled: element (r, c) at offset
// 4r + c) seen through a #ttg.shared_linear layout that puts element (i, j)
// at offset 4j + i is the buffer transposed; its columns 2-3 (a subslice of
// the reinterpreted view) are rows 2-3 of the buffer, and the view
// transposed back (memdesc_trans) is the buffer again.
// RUN: triton-run %s --kernel k --grid 1 --arg 'src=i32[16]:arange' --arg 'cols=i32[8]:zeros' --arg 'back=i32[16]:zeros' --print cols --print back | FileCheck %s
// CHECK: cols:
// CHECK-NEXT: [ 8 12  9 13 10 14 11 15]
// CHECK: back:
// CHECK-NEXT: [ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15]

// Other element types or sizes are refused where the op is.
// RUN: not triton-run %s --kernel bytes --grid 1 --arg 'src=i32[16]:arange' 2>&1 | FileCheck %s --check-prefix=BYTES
// BYTES: memdesc-reinterpret.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}only the same elements under two linear layouts (one CTA) are supported by the interpreter yet
// BYTES-NEXT: %t = ttg.memdesc_reinterpret %buf : !ttg.memdesc<4x4xi32, #row, #smem, mutable> -> !ttg.memdesc<4x16xi8

#b2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#row = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#transposed = #ttg.shared_linear<{offset = [[1, 0], [2, 0], [0, 1], [0, 2]]}, alignment = 16>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%src: !tt.ptr<i32>, %cols: !tt.ptr<i32>, %back: !tt.ptr<i32>) {
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #b2}>>
    %c = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #b2}>>
    %c2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #b2}>>
    %r1 = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32, #ttg.slice<{dim = 1, parent = #b2}>> -> tensor<4x1xi32, #b2>
    %c1 = tt.expand_dims %c {axis = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #b2}>> -> tensor<1x4xi32, #b2>
    %c21 = tt.expand_dims %c2 {axis = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #b2}>> -> tensor<1x2xi32, #b2>
    %four = arith.constant dense<4> : tensor<4x1xi32, #b2>
    %two = arith.constant dense<2> : tensor<4x1xi32, #b2>
    %rows4 = arith.muli %r1, %four : tensor<4x1xi32, #b2>
    %rows2 = arith.muli %r1, %two : tensor<4x1xi32, #b2>
    %rb = tt.broadcast %rows4 : tensor<4x1xi32, #b2> -> tensor<4x4xi32, #b2>
    %cb = tt.broadcast %c1 : tensor<1x4xi32, #b2> -> tensor<4x4xi32, #b2>
    %idx = arith.addi %rb, %cb : tensor<4x4xi32, #b2>
    %rb2 = tt.broadcast %rows2 : tensor<4x1xi32, #b2> -> tensor<4x2xi32, #b2>
    %cb2 = tt.broadcast %c21 : tensor<1x2xi32, #b2> -> tensor<4x2xi32, #b2>
    %idx2 = arith.addi %rb2, %cb2 : tensor<4x2xi32, #b2>
    %sp = tt.splat %src : !tt.ptr<i32> -> tensor<4x4x!tt.ptr<i32>, #b2>
    %sa = tt.addptr %sp, %idx : tensor<4x4x!tt.ptr<i32>, #b2>, tensor<4x4xi32, #b2>
    %v = tt.load %sa : tensor<4x4x!tt.ptr<i32>, #b2>
    %buf = ttg.local_alloc %v : (tensor<4x4xi32, #b2>) -> !ttg.memdesc<4x4xi32, #row, #smem>
    %t = ttg.memdesc_reinterpret %buf : !ttg.memdesc<4x4xi32, #row, #smem> -> !ttg.memdesc<4x4xi32, #transposed, #smem>
    %s = ttg.memdesc_subslice %t[0, 2] : !ttg.memdesc<4x4xi32, #transposed, #smem> -> !ttg.memdesc<4x2xi32, #transposed, #smem, 4x4>
    %sv = ttg.local_load %s : !ttg.memdesc<4x2xi32, #transposed, #smem, 4x4> -> tensor<4x2xi32, #b2>
    %cp = tt.splat %cols : !tt.ptr<i32> -> tensor<4x2x!tt.ptr<i32>, #b2>
    %ca = tt.addptr %cp, %idx2 : tensor<4x2x!tt.ptr<i32>, #b2>, tensor<4x2xi32, #b2>
    tt.store %ca, %sv : tensor<4x2x!tt.ptr<i32>, #b2>
    %tt = ttg.memdesc_trans %t {order = array<i32: 1, 0>} : !ttg.memdesc<4x4xi32, #transposed, #smem> -> !ttg.memdesc<4x4xi32, #transposed, #smem>
    %bv = ttg.local_load %tt : !ttg.memdesc<4x4xi32, #transposed, #smem> -> tensor<4x4xi32, #b2>
    %bp = tt.splat %back : !tt.ptr<i32> -> tensor<4x4x!tt.ptr<i32>, #b2>
    %ba = tt.addptr %bp, %idx : tensor<4x4x!tt.ptr<i32>, #b2>, tensor<4x4xi32, #b2>
    tt.store %ba, %bv : tensor<4x4x!tt.ptr<i32>, #b2>
    tt.return
  }

  tt.func public @bytes(%src: !tt.ptr<i32>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<4x4xi32, #row, #smem, mutable>
    %t = ttg.memdesc_reinterpret %buf : !ttg.memdesc<4x4xi32, #row, #smem, mutable> -> !ttg.memdesc<4x16xi8, #row, #smem, mutable>
    tt.return
  }
}
