// RUN: triton-opt %s -split-input-file -canonicalize -allow-unregistered-dialect | FileCheck %s

// Captures no partition reads are dropped, in every partition; a capture
// read by one partition only stays.
// CHECK-LABEL: @drop_unread_captures
tt.func @drop_unread_captures(%a: i32, %b: f32, %c: i64) {
  // CHECK-NEXT: ttg.warp_specialize(%arg0, %arg2)
  ttg.warp_specialize(%a, %b, %c)
  default {
    ttg.warp_yield
  }
  // CHECK: partition0(%[[A0:.*]]: i32, %[[C0:.*]]: i64) num_warps(4)
  // CHECK-NEXT: "use"(%[[A0]])
  partition0(%x: i32, %y: f32, %z: i64) num_warps(4) {
    "use"(%x) : (i32) -> ()
    ttg.warp_return
  }
  // CHECK: partition1(%[[A1:.*]]: i32, %[[C1:.*]]: i64) num_warps(2)
  // CHECK-NEXT: "use"(%[[C1]])
  partition1(%x: i32, %y: f32, %z: i64) num_warps(2) {
    "use"(%z) : (i64) -> ()
    ttg.warp_return
  } : (i32, f32, i64) -> ()
  tt.return
}

// -----

// A value captured twice is captured once; the repeat's readers read the
// first capture's argument, even when only the repeat is read.
// CHECK-LABEL: @merge_repeated_captures
tt.func @merge_repeated_captures(%a: i32, %b: i32) {
  // CHECK-NEXT: ttg.warp_specialize(%arg1, %arg0)
  ttg.warp_specialize(%b, %a, %b, %a)
  default {
    ttg.warp_yield
  }
  // CHECK: partition0(%[[B:.*]]: i32, %[[A:.*]]: i32) num_warps(4)
  // CHECK-NEXT: "use"(%[[B]], %[[A]], %[[B]])
  partition0(%x: i32, %y: i32, %z: i32, %w: i32) num_warps(4) {
    "use"(%z, %w, %x) : (i32, i32, i32) -> ()
    ttg.warp_return
  } : (i32, i32, i32, i32) -> ()
  tt.return
}

// -----

// Unread results go, with their yielded values on every exit of the default
// region; the partitions are kept as they are.
// CHECK-LABEL: @drop_unread_results
tt.func @drop_unread_results(%a: i32, %b: f32, %c: i1) -> f32 {
  // CHECK-NEXT: %[[R:.*]] = ttg.warp_specialize(%arg0)
  %r:2 = ttg.warp_specialize(%a)
  default {
    // CHECK: cf.cond_br
    cf.cond_br %c, ^x, ^y
  ^x:
    // CHECK: ttg.warp_yield %arg1 : f32
    ttg.warp_yield %a, %b : i32, f32
  ^y:
    %n = "make"() : () -> f32
    // CHECK: ttg.warp_yield %{{.*}} : f32
    ttg.warp_yield %a, %n : i32, f32
  }
  // CHECK: partition0(%[[X:.*]]: i32) num_warps(4)
  // CHECK-NEXT: "use"(%[[X]])
  partition0(%x: i32) num_warps(4) {
    "use"(%x) : (i32) -> ()
    ttg.warp_return
  // CHECK: } : (i32) -> f32
  } : (i32) -> (i32, f32)
  // CHECK-NEXT: tt.return %[[R]] : f32
  tt.return %r#1 : f32
}

// -----

// Nothing to drop: the op is left as it is.
// CHECK-LABEL: @nothing_to_drop
tt.func @nothing_to_drop(%a: i32) -> i32 {
  // CHECK-NEXT: %[[R:.*]] = ttg.warp_specialize(%arg0)
  %r = ttg.warp_specialize(%a)
  default {
    ttg.warp_yield %a : i32
  }
  // CHECK: partition0(%{{.*}}: i32) num_warps(4)
  partition0(%x: i32) num_warps(4) {
    "use"(%x) : (i32) -> ()
    ttg.warp_return
  } : (i32) -> i32
  // CHECK: tt.return %[[R]]
  tt.return %r : i32
}
