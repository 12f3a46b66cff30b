// RUN: triton-opt %s -split-input-file -canonicalize | FileCheck %s

#b1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // A conversion there and back is nothing; two in a row are one.
  // CHECK-LABEL: tt.func @round_trip
  tt.func @round_trip(%x: tensor<1024xf32, #b1>) -> (tensor<1024xf32, #b1>, tensor<1024xf32, #b4>) {
    // CHECK: %[[C:.*]] = ttg.convert_layout %arg0 : tensor<1024xf32, #{{.*}}> -> tensor<1024xf32, #{{.*}}>
    // CHECK-NEXT: tt.return %arg0, %[[C]]
    %a = ttg.convert_layout %x : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    %b = ttg.convert_layout %a : tensor<1024xf32, #b4> -> tensor<1024xf32, #b1>
    %c = ttg.convert_layout %b : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    tt.return %b, %c : tensor<1024xf32, #b1>, tensor<1024xf32, #b4>
  }

  // Values made from scalars are made in the target layout instead.
  // CHECK-LABEL: tt.func @made_in_place
  tt.func @made_in_place(%s: i32) -> (tensor<1024xi32, #b4>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>) {
    // CHECK-DAG: %[[K:.*]] = arith.constant dense<2.000000e+00> : tensor<1024xf32, #[[L:.*]]>
    // CHECK-DAG: %[[S:.*]] = tt.splat %arg0 : i32 -> tensor<1024xi32, #[[L]]>
    // CHECK-DAG: %[[R:.*]] = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #[[L]]>
    // CHECK-NOT: ttg.convert_layout
    // CHECK: tt.return %[[S]], %[[R]], %[[K]]
    %0 = tt.splat %s : i32 -> tensor<1024xi32, #b1>
    %1 = ttg.convert_layout %0 : tensor<1024xi32, #b1> -> tensor<1024xi32, #b4>
    %2 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #b1>
    %3 = ttg.convert_layout %2 : tensor<1024xi32, #b1> -> tensor<1024xi32, #b4>
    %4 = arith.constant dense<2.0> : tensor<1024xf32, #b1>
    %5 = ttg.convert_layout %4 : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    tt.return %1, %3, %5 : tensor<1024xi32, #b4>, tensor<1024xi32, #b4>, tensor<1024xf32, #b4>
  }

  // A histogram's bins are read back from shared memory by each thread: they
  // are counted straight into the conversion's layout (with the mask).
  // CHECK-LABEL: tt.func @histogram_bins
  tt.func @histogram_bins(%x: tensor<1024xi32, #b1>, %m: tensor<1024xi1, #b1>) -> tensor<256xi32, #b4> {
    // CHECK: %[[H:.*]] = tt.histogram %arg0, %arg1 : tensor<1024xi32, #{{.*}}> -> tensor<256xi32, #[[B4:.*]]>
    // CHECK-NOT: ttg.convert_layout
    // CHECK: tt.return %[[H]] : tensor<256xi32, #[[B4]]>
    %h = tt.histogram %x, %m : tensor<1024xi32, #b1> -> tensor<256xi32, #b1>
    %c = ttg.convert_layout %h : tensor<256xi32, #b1> -> tensor<256xi32, #b4>
    tt.return %c : tensor<256xi32, #b4>
  }

  // Data that must move stays converted.
  // CHECK-LABEL: tt.func @kept
  tt.func @kept(%p: tensor<1024x!tt.ptr<f32>, #b1>) -> tensor<1024xf32, #b4> {
    // CHECK: %[[V:.*]] = tt.load
    // CHECK: ttg.convert_layout %[[V]]
    %v = tt.load %p : tensor<1024x!tt.ptr<f32>, #b1>
    %c = ttg.convert_layout %v : tensor<1024xf32, #b1> -> tensor<1024xf32, #b4>
    tt.return %c : tensor<1024xf32, #b4>
  }
}

// -----

// Users that take any layout, or that can reach theirs without moving data,
// take a conversion's source instead.
#a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#aT = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#a_linear = #ttg.linear<{register = [[0, 1], [0, 2], [16, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}>
#col = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#flat = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#flat8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#flat2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#pair = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#pair_late = #ttg.linear<{register = [[128, 0], [0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // 8 elements per thread, no copies, on both sides of the reshape: the
  // reshape puts them where they go itself.
  // CHECK-LABEL: tt.func @reshape_skips_conversion
  // CHECK-NEXT: %[[R:.*]] = tt.reshape %arg0 allow_reorder : tensor<32x32xf32, #{{.*}}> -> tensor<1024xf32, #{{.*}}>
  // CHECK-NEXT: tt.return %[[R]]
  tt.func @reshape_skips_conversion(%x: tensor<32x32xf32, #a>) -> tensor<1024xf32, #flat> {
    %c = ttg.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #col>
    %r = tt.reshape %c allow_reorder : tensor<32x32xf32, #col> -> tensor<1024xf32, #flat>
    tt.return %r : tensor<1024xf32, #flat>
  }

  // 16 columns in a layout 32 columns wide: lanes hold copies that the flat
  // layout does not, so the data must move.
  // CHECK-LABEL: tt.func @reshape_keeps_conversion
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg0
  // CHECK-NEXT: tt.reshape %[[C]] allow_reorder
  tt.func @reshape_keeps_conversion(%x: tensor<32x16xf32, #a>) -> tensor<512xf32, #flat> {
    %c = ttg.convert_layout %x : tensor<32x16xf32, #a> -> tensor<32x16xf32, #col>
    %r = tt.reshape %c allow_reorder : tensor<32x16xf32, #col> -> tensor<512xf32, #flat>
    tt.return %r : tensor<512xf32, #flat>
  }

  // Without allow_reorder only a conversion that respells the layout goes.
  // CHECK-LABEL: tt.func @exact_reshape
  // CHECK-NEXT: %[[R:.*]] = tt.reshape %arg0 : tensor<32x32xf32, #{{.*}}> -> tensor<1024xf32, #{{.*}}>
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg1
  // CHECK-NEXT: tt.reshape %[[C]] : tensor<32x32xf32, #{{.*}}> -> tensor<1024xf32, #{{.*}}>
  tt.func @exact_reshape(%x: tensor<32x32xf32, #a_linear>, %y: tensor<32x32xf32, #a>) -> (tensor<1024xf32, #flat8>, tensor<1024xf32, #flat8>) {
    %c = ttg.convert_layout %x : tensor<32x32xf32, #a_linear> -> tensor<32x32xf32, #a>
    %r = tt.reshape %c : tensor<32x32xf32, #a> -> tensor<1024xf32, #flat8>
    %d = ttg.convert_layout %y : tensor<32x32xf32, #a> -> tensor<32x32xf32, #col>
    %s = tt.reshape %d : tensor<32x32xf32, #col> -> tensor<1024xf32, #flat8>
    tt.return %r, %s : tensor<1024xf32, #flat8>, tensor<1024xf32, #flat8>
  }

  // A conversion after a reshape free to reorder is folded into it when
  // that moves no data; not when the reshape's layout was chosen on purpose.
  // CHECK-LABEL: tt.func @conversion_of_reshape
  // CHECK-NEXT: %[[R:.*]] = tt.reshape %arg0 allow_reorder : tensor<32x32xf32, #{{.*}}> -> tensor<1024xf32, #[[FLAT:.*]]>
  // CHECK-NEXT: %[[E:.*]] = tt.reshape %arg0 allow_reorder efficient_layout
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %[[E]]
  // CHECK-NEXT: tt.return %[[R]], %[[C]] : tensor<1024xf32, #[[FLAT]]>
  tt.func @conversion_of_reshape(%x: tensor<32x32xf32, #a>) -> (tensor<1024xf32, #flat>, tensor<1024xf32, #flat>) {
    %r = tt.reshape %x allow_reorder : tensor<32x32xf32, #a> -> tensor<1024xf32, #flat8>
    %c = ttg.convert_layout %r : tensor<1024xf32, #flat8> -> tensor<1024xf32, #flat>
    %e = tt.reshape %x allow_reorder efficient_layout : tensor<32x32xf32, #a> -> tensor<1024xf32, #flat8>
    %d = ttg.convert_layout %e : tensor<1024xf32, #flat8> -> tensor<1024xf32, #flat>
    tt.return %c, %d : tensor<1024xf32, #flat>, tensor<1024xf32, #flat>
  }

  // A transpose of a respelled layout transposes the original; two
  // transposes that cancel are a conversion.
  // CHECK-LABEL: tt.func @transposes
  // CHECK-NEXT: %[[T:.*]] = tt.trans %arg0 {order = array<i32: 1, 0>} : tensor<32x32xf32, #{{.*}}> -> tensor<32x32xf32, #[[AT:.*]]>
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg1 : tensor<32x32xf32, #[[A:.*]]> -> tensor<32x32xf32, #{{.*}}>
  // CHECK-NEXT: tt.return %[[T]], %[[C]]
  tt.func @transposes(%x: tensor<32x32xf32, #a_linear>, %y: tensor<32x32xf32, #a>) -> (tensor<32x32xf32, #aT>, tensor<32x32xf32, #a_linear>) {
    %c = ttg.convert_layout %x : tensor<32x32xf32, #a_linear> -> tensor<32x32xf32, #a>
    %t = tt.trans %c {order = array<i32: 1, 0>} : tensor<32x32xf32, #a> -> tensor<32x32xf32, #aT>
    %u = tt.trans %y {order = array<i32: 1, 0>} : tensor<32x32xf32, #a> -> tensor<32x32xf32, #aT>
    %v = tt.trans %u {order = array<i32: 1, 0>} : tensor<32x32xf32, #aT> -> tensor<32x32xf32, #a_linear>
    tt.return %t, %v : tensor<32x32xf32, #aT>, tensor<32x32xf32, #a_linear>
  }

  // A histogram counts values in any layout; its mask follows them.
  // CHECK-LABEL: tt.func @histogram_values
  // CHECK-NEXT: %[[M:.*]] = ttg.convert_layout %arg1 : tensor<256xi1, #{{.*}}> -> tensor<256xi1, #[[F2:.*]]>
  // CHECK-NEXT: %[[H:.*]] = tt.histogram %arg0, %[[M]] : tensor<256xi32, #[[F2]]> -> tensor<64xi32, #{{.*}}>
  // CHECK-NEXT: tt.return %[[H]]
  tt.func @histogram_values(%x: tensor<256xi32, #flat2>, %m: tensor<256xi1, #flat8>) -> tensor<64xi32, #flat> {
    %cx = ttg.convert_layout %x : tensor<256xi32, #flat2> -> tensor<256xi32, #flat>
    %cm = ttg.convert_layout %m : tensor<256xi1, #flat8> -> tensor<256xi1, #flat>
    %h = tt.histogram %cx, %cm : tensor<256xi32, #flat> -> tensor<64xi32, #flat>
    tt.return %h : tensor<64xi32, #flat>
  }

  // A gather reads its source through shared memory in any layout, unless
  // its layouts were chosen on purpose.
  // CHECK-LABEL: tt.func @gather_source
  // CHECK-NEXT: %[[C:.*]] = ttg.convert_layout %arg0
  // CHECK-NEXT: %[[G:.*]] = tt.gather %arg0[%arg1] {axis = 0 : i32} : (tensor<32x32xf32, #[[A:.*]]>, tensor<32x32xi32, #[[A]]>)
  // CHECK-NEXT: %[[E:.*]] = tt.gather %[[C]][%arg1] {axis = 0 : i32, efficient_layout}
  // CHECK-NEXT: tt.return %[[G]], %[[E]]
  tt.func @gather_source(%x: tensor<32x32xf32, #a>, %i: tensor<32x32xi32, #a>) -> (tensor<32x32xf32, #a>, tensor<32x32xf32, #a>) {
    %c = ttg.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #col>
    %g = tt.gather %c[%i] {axis = 0 : i32} : (tensor<32x32xf32, #col>, tensor<32x32xi32, #a>) -> tensor<32x32xf32, #a>
    %e = tt.gather %c[%i] {axis = 0 : i32, efficient_layout} : (tensor<32x32xf32, #col>, tensor<32x32xi32, #a>) -> tensor<32x32xf32, #a>
    tt.return %g, %e : tensor<32x32xf32, #a>, tensor<32x32xf32, #a>
  }

  // A store into shared memory takes any layout.
  // CHECK-LABEL: tt.func @store_source
  // CHECK-NEXT: ttg.local_store %arg0, %arg1 : tensor<32x32xf32, #{{.*}}> -> !ttg.memdesc
  // CHECK-NEXT: tt.return
  tt.func @store_source(%x: tensor<32x32xf32, #a>, %buf: !ttg.memdesc<32x32xf32, #shared, #smem, mutable>) {
    %c = ttg.convert_layout %x : tensor<32x32xf32, #a> -> tensor<32x32xf32, #col>
    ttg.local_store %c, %buf : tensor<32x32xf32, #col> -> !ttg.memdesc<32x32xf32, #shared, #smem, mutable>
    tt.return
  }

  // The pair a split separates may sit in any register of the thread: a
  // conversion that only moves it there is not needed.
  // CHECK-LABEL: tt.func @split_source
  // CHECK-NEXT: %[[L:.*]], %[[R:.*]] = tt.split %arg0 : tensor<256x2xf32, #{{.*}}> -> tensor<256xf32, #{{.*}}>
  // CHECK-NEXT: tt.return %[[L]], %[[R]]
  tt.func @split_source(%x: tensor<256x2xf32, #pair>) -> (tensor<256xf32, #flat>, tensor<256xf32, #flat>) {
    %c = ttg.convert_layout %x : tensor<256x2xf32, #pair> -> tensor<256x2xf32, #pair_late>
    %l, %r = tt.split %c : tensor<256x2xf32, #pair_late> -> tensor<256xf32, #flat>
    tt.return %l, %r : tensor<256xf32, #flat>, tensor<256xf32, #flat>
  }
}

// -----

// A copy of an immutable buffer that is never freed is the buffer; a copy of
// a mutable one, of a view, or into another layout stays a copy.
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#sh_plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @copies
  // CHECK-NEXT: %[[A:.*]] = ttg.local_alloc %arg0
  // CHECK-NEXT: %[[M:.*]] = ttg.local_alloc %arg0 {{.*}} mutable>
  // CHECK-NEXT: %[[LM:.*]] = ttg.local_load %[[M]]
  // CHECK-NEXT: %[[CM:.*]] = ttg.local_alloc %[[LM]]
  // CHECK-NEXT: %[[LA:.*]] = ttg.local_load %[[A]]
  // CHECK-NEXT: %[[CP:.*]] = ttg.local_alloc %[[LA]] {{.*}} #shared1
  // CHECK-NEXT: %[[LV:.*]] = ttg.local_load %arg1
  // CHECK-NEXT: %[[CV:.*]] = ttg.local_alloc %[[LV]]
  // CHECK-NEXT: tt.return %[[A]], %[[CM]], %[[CP]], %[[CV]]
  tt.func @copies(%x: tensor<32x32xf16, #b>, %view: !ttg.memdesc<32x32xf16, #sh, #smem>) -> (!ttg.memdesc<32x32xf16, #sh, #smem>, !ttg.memdesc<32x32xf16, #sh, #smem>, !ttg.memdesc<32x32xf16, #sh_plain, #smem>, !ttg.memdesc<32x32xf16, #sh, #smem>) {
    %a = ttg.local_alloc %x : (tensor<32x32xf16, #b>) -> !ttg.memdesc<32x32xf16, #sh, #smem>
    %m = ttg.local_alloc %x : (tensor<32x32xf16, #b>) -> !ttg.memdesc<32x32xf16, #sh, #smem, mutable>
    %lm = ttg.local_load %m : !ttg.memdesc<32x32xf16, #sh, #smem, mutable> -> tensor<32x32xf16, #b>
    %cm = ttg.local_alloc %lm : (tensor<32x32xf16, #b>) -> !ttg.memdesc<32x32xf16, #sh, #smem>
    %la = ttg.local_load %a : !ttg.memdesc<32x32xf16, #sh, #smem> -> tensor<32x32xf16, #b>
    %ca = ttg.local_alloc %la : (tensor<32x32xf16, #b>) -> !ttg.memdesc<32x32xf16, #sh, #smem>
    %cp = ttg.local_alloc %la : (tensor<32x32xf16, #b>) -> !ttg.memdesc<32x32xf16, #sh_plain, #smem>
    %lv = ttg.local_load %view : !ttg.memdesc<32x32xf16, #sh, #smem> -> tensor<32x32xf16, #b>
    %cv = ttg.local_alloc %lv : (tensor<32x32xf16, #b>) -> !ttg.memdesc<32x32xf16, #sh, #smem>
    tt.return %ca, %cm, %cp, %cv : !ttg.memdesc<32x32xf16, #sh, #smem>, !ttg.memdesc<32x32xf16, #sh, #smem>, !ttg.memdesc<32x32xf16, #sh_plain, #smem>, !ttg.memdesc<32x32xf16, #sh, #smem>
  }
}
