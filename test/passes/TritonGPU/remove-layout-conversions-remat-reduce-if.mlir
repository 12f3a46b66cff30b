// RUN: triton-opt %s -split-input-file -tritongpu-remove-layout-conversions | FileCheck %s

// A reduction read only by a conversion is computed again in the layout the
// conversion wants (its result is a slice of that layout's parent), when its
// operands are free there: here a column count made from a range.

// CHECK-LABEL: tt.func @count_in_target
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.make_range {{.*}} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #[[WIDE:[a-z0-9_]+]]}>>
// CHECK: tt.reduce
// CHECK: -> tensor<8xi32, #ttg.slice<{dim = 1, parent = #[[WIDE]]}>>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#tall = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#wide = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @count_in_target() -> tensor<8xi32, #ttg.slice<{dim = 1, parent = #wide}>> {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #tall}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #tall}>> -> tensor<1x16xi32, #tall>
    %b = tt.broadcast %e : tensor<1x16xi32, #tall> -> tensor<8x16xi32, #tall>
    %s = "tt.reduce"(%b) <{axis = 1 : i32}> ({
    ^bb0(%x: i32, %y: i32):
      %z = arith.addi %x, %y : i32
      tt.reduce.return %z : i32
    }) : (tensor<8x16xi32, #tall>) -> tensor<8xi32, #ttg.slice<{dim = 1, parent = #tall}>>
    %c = ttg.convert_layout %s : tensor<8xi32, #ttg.slice<{dim = 1, parent = #tall}>> -> tensor<8xi32, #ttg.slice<{dim = 1, parent = #wide}>>
    tt.return %c : tensor<8xi32, #ttg.slice<{dim = 1, parent = #wide}>>
  }
}

// -----

// A reduction whose result is also read elsewhere stays, and is converted.

// CHECK-LABEL: tt.func @count_read_twice
// CHECK: tt.reduce
// CHECK: ttg.convert_layout
#tall = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
#wide = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @count_read_twice(%p: tensor<8x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #tall}>>) -> tensor<8xi32, #ttg.slice<{dim = 1, parent = #wide}>> {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #tall}>>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 0, parent = #tall}>> -> tensor<1x16xi32, #tall>
    %b = tt.broadcast %e : tensor<1x16xi32, #tall> -> tensor<8x16xi32, #tall>
    %s = "tt.reduce"(%b) <{axis = 1 : i32}> ({
    ^bb0(%x: i32, %y: i32):
      %z = arith.addi %x, %y : i32
      tt.reduce.return %z : i32
    }) : (tensor<8x16xi32, #tall>) -> tensor<8xi32, #ttg.slice<{dim = 1, parent = #tall}>>
    tt.store %p, %s : tensor<8x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #tall}>>
    %c = ttg.convert_layout %s : tensor<8xi32, #ttg.slice<{dim = 1, parent = #tall}>> -> tensor<8xi32, #ttg.slice<{dim = 1, parent = #wide}>>
    tt.return %c : tensor<8xi32, #ttg.slice<{dim = 1, parent = #wide}>>
  }
}

// -----

// An scf.if whose branches both yield values free in the target layout gets
// a result there, outside loops too; its branches compute in that layout.

// CHECK-LABEL: tt.func @pick_offsets
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.if %{{.*}} -> (tensor<64xi32, #[[TO:[a-z0-9_]+]]>)
// CHECK: arith.addi {{.*}} : tensor<64xi32, #[[TO]]>
// CHECK: arith.muli {{.*}} : tensor<64xi32, #[[TO]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#from = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#to = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @pick_offsets(%flag: i1, %k: i32) -> tensor<64xi32, #to> {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #from>
    %ks = tt.splat %k : i32 -> tensor<64xi32, #from>
    %o = scf.if %flag -> (tensor<64xi32, #from>) {
      %a = arith.addi %r, %ks : tensor<64xi32, #from>
      scf.yield %a : tensor<64xi32, #from>
    } else {
      %m = arith.muli %r, %ks : tensor<64xi32, #from>
      scf.yield %m : tensor<64xi32, #from>
    }
    %c = ttg.convert_layout %o : tensor<64xi32, #from> -> tensor<64xi32, #to>
    tt.return %c : tensor<64xi32, #to>
  }
}
