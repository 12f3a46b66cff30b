// RUN: triton-opt %s -split-input-file -test-print-alias -verify-diagnostics -o /dev/null

// Each allocation points into its own buffer; views into their operand's.
#sh = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#shT = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @views() {
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{%0 -> %0}}
  %ring = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #sh, #smem, mutable>
  // expected-remark @below {{%1 -> %0}}
  %slot = ttg.memdesc_index %ring[%c1] : !ttg.memdesc<2x32x64xf16, #sh, #smem, mutable> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  // expected-remark @below {{%2 -> %0}}
  %t = ttg.memdesc_trans %slot {order = array<i32: 1, 0>} : !ttg.memdesc<32x64xf16, #sh, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shT, #smem, mutable>
  tt.return
}
}

// -----

// Loops and ifs join what reaches them: a loop's arguments start from their
// initial values (printed from those), its results take every yield.
#sh = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @rotate(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{%0 -> %0}}
  %x = ttg.local_alloc : () -> !ttg.memdesc<16x16xf32, #sh, #smem, mutable>
  // expected-remark @below {{%1 -> %1}}
  %y = ttg.local_alloc : () -> !ttg.memdesc<16x16xf32, #sh, #smem, mutable>
  // expected-remark @below {{%arg3 -> %0}}
  // expected-remark @below {{%arg4 -> %1}}
  // expected-remark @below {{%2#0 -> %0,%1}}
  // expected-remark @below {{%2#1 -> %0,%1}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %x, %q = %y) -> (!ttg.memdesc<16x16xf32, #sh, #smem, mutable>, !ttg.memdesc<16x16xf32, #sh, #smem, mutable>) {
    scf.yield %q, %p : !ttg.memdesc<16x16xf32, #sh, #smem, mutable>, !ttg.memdesc<16x16xf32, #sh, #smem, mutable>
  }
  // expected-remark @below {{%3 -> %0}}
  %s = scf.if %c -> !ttg.memdesc<16x16xf32, #sh, #smem, mutable> {
    scf.yield %x : !ttg.memdesc<16x16xf32, #sh, #smem, mutable>
  } else {
    %u = ub.poison : !ttg.memdesc<16x16xf32, #sh, #smem, mutable>
    scf.yield %u : !ttg.memdesc<16x16xf32, #sh, #smem, mutable>
  }
  tt.return
}
}

// -----

// Branches: the block arguments are remarked at the branch ending their block.
#sh = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
tt.func @branches(%c: i1) {
  // expected-remark @below {{%0 -> %0}}
  %x = ttg.local_alloc : () -> !ttg.memdesc<8x8xf32, #sh, #smem, mutable>
  // expected-remark @below {{%1 -> %1}}
  %y = ttg.local_alloc : () -> !ttg.memdesc<8x8xf32, #sh, #smem, mutable>
  cf.cond_br %c, ^a(%x : !ttg.memdesc<8x8xf32, #sh, #smem, mutable>), ^a(%y : !ttg.memdesc<8x8xf32, #sh, #smem, mutable>)
^a(%m: !ttg.memdesc<8x8xf32, #sh, #smem, mutable>):
  // expected-remark @below {{%2 -> %0,%1}}
  cf.br ^b
^b:
  tt.return
}
}
