// RUN: triton-opt %s -split-input-file -tritongpu-allocate-warp-groups | FileCheck %s

// Without warp specialization, the program has only its own warps.
// CHECK: module attributes {"ttg.num-warps" = 8 : i32, "ttg.total-num-warps" = 8 : i32}
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @plain() {
    tt.return
  }
}

// -----

// A producer of 1 warp and a consumer of 4: padded to two warp groups with
// a 2-warp and a 1-warp empty partition; the largest partition gets the
// lowest warp ids after the kernel's 4, equal sizes keep their order.
// CHECK: module attributes {"ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 12 : i32}
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @producer_consumer
  tt.func @producer_consumer(%n: i32) {
    // CHECK: ttg.warp_specialize(%{{.*}}) attributes {warpGroupStartIds = array<i32: 10, 4, 8, 11>}
    ttg.warp_specialize(%n)
    default {
      ttg.warp_yield
    }
    // CHECK: partition0(%{{.*}}: i32) num_warps(1)
    partition0(%a: i32) num_warps(1) {
      ttg.warp_return
    }
    // CHECK: partition1(%{{.*}}: i32) num_warps(4)
    partition1(%a: i32) num_warps(4) {
      ttg.warp_return
    } : (i32) -> ()
    // The padding takes the captures too and only returns.
    // CHECK: partition2(%{{.*}}: i32) num_warps(2) {
    // CHECK-NEXT: ttg.warp_return
    // CHECK: partition3(%{{.*}}: i32) num_warps(1) {
    // CHECK-NEXT: ttg.warp_return
    // CHECK: } : (i32) -> ()
    tt.return
  }
}

// -----

// Two ops: both padded to the warp groups of the larger (8 warps).
// CHECK: "ttg.total-num-warps" = 12 : i32
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @two_ops
  tt.func @two_ops() {
    // CHECK: warpGroupStartIds = array<i32: 4>
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(8) {
      ttg.warp_return
    } : () -> ()
    // CHECK: warpGroupStartIds = array<i32: 4, 8>
    // CHECK: partition1() num_warps(4)
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Registers: 4 + 8 warps share 64K registers, 168 each (a multiple of 8).
// The producer group (1 + 1 + padding of 2 at 16) asks for 40, the consumer
// group 232; the kernel's warps get what is left:
// (168*4 + (168-40)*4 + (168-232)*4) * 32 / (4*32) = 232.
// CHECK: module attributes {ttg.maxnreg = 168 : i32
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @registers
  tt.func @registers() {
    // CHECK: actualRegisters = array<i32: 232, 40, 40, 232, 40>
    // CHECK-SAME: requestedRegisters = array<i32: 40, 33, 232, 16>
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 40, 33, 232>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(1) {
      ttg.warp_return
    }
    partition1() num_warps(1) {
      ttg.warp_return
    }
    partition2() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// The user's ttg.maxnreg is kept; when the partitions would leave the
// kernel's warps fewer than 24 registers, nothing moves.
// CHECK: module attributes {ttg.maxnreg = 64 : i32, "ttg.num-warps" = 4 : i32, "ttg.total-num-warps" = 8 : i32}
module attributes {"ttg.maxnreg" = 64 : i32, "ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: @too_greedy
  tt.func @too_greedy() {
    // CHECK-NOT: actualRegisters
    // CHECK: warpGroupStartIds = array<i32: 4>
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 128>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
