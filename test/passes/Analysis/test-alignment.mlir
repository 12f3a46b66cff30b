// RUN: triton-opt %s -split-input-file -test-print-alignment -verify-diagnostics=only-expected -o /dev/null

// The vector add's offsets, pointers and mask.
tt.func public @add_kernel(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1], constant_value = 1024}}
  %c1024_i32 = arith.constant 1024 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %pid = tt.get_program_id x : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1], constant_value = <none>}}
  %offs = arith.muli %pid, %c1024_i32 : i32
  // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1024], constant_value = <none>}}
  %s = tt.splat %offs : i32 -> tensor<1024xi32>
  // expected-remark @below {{contiguity = [1024], divisibility = [1024], constancy = [1], constant_value = <none>}}
  %idx = arith.addi %s, %r : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024], constant_value = <none>}}
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  // The mask is constant over aligned runs of 16 (n is a multiple of 16).
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %m = arith.cmpi slt, %idx, %ns : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024], constant_value = <none>}}
  %xs = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  // Pointer divisibility is in bytes: 16-byte aligned runs of 1024 floats.
  // expected-remark @below {{contiguity = [1024], divisibility = [16], constancy = [1], constant_value = <none>}}
  %xp = tt.addptr %xs, %idx : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.return
}

// -----

// Two dimensions: rows scaled by a stride, columns contiguous.
tt.func public @tile(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 8 : i32}) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>}}
  %rows = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [64, 1], constant_value = <none>}}
  %st = tt.splat %stride : i32 -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [1, 1], constant_value = <none>}}
  %rs = arith.muli %rows, %st : tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [8, 8], constancy = [1, 32], constant_value = <none>}}
  %rb = tt.broadcast %rs : tensor<64x1xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %c = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>}}
  %cols = tt.expand_dims %c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 1073741824], constancy = [64, 1], constant_value = <none>}}
  %cb = tt.broadcast %cols : tensor<1x32xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 32], divisibility = [1, 8], constancy = [1, 1], constant_value = <none>}}
  %off = arith.addi %rb, %cb : tensor<64x32xi32>
  // expected-remark @below {{contiguity = [32, 1], divisibility = [8, 1], constancy = [1, 1], constant_value = <none>}}
  %t = tt.trans %off {order = array<i32: 1, 0>} : tensor<64x32xi32> -> tensor<32x64xi32>
  tt.return
}

// -----

// Division and remainder by powers of two; shifts.
tt.func public @div_rem() {
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [256], constant_value = 16}}
  %c16 = arith.constant dense<16> : tensor<256xi32>
  // Runs of 16 equal quotients.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %q = arith.divsi %r, %c16 : tensor<256xi32>
  // Remainders: contiguous runs of 16 starting at 0.
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1], constant_value = <none>}}
  %m = arith.remsi %r, %c16 : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [256], constant_value = 2}}
  %c2 = arith.constant dense<2> : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %sh = arith.shli %r, %c2 : tensor<256xi32>
  tt.return
}

// -----

// Dense per-dimension attributes, a loop induction variable and a
// loop-carried pointer.
tt.func public @loop(%p: tensor<8x8x!tt.ptr<i32>> {tt.divisibility = dense<[16, 4]> : tensor<2xi32>, tt.contiguity = dense<[1, 8]> : tensor<2xi32>}, %n: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = 4}}
  %c4 = arith.constant 4 : i32
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [8, 8], constant_value = 16}}
  %step = arith.constant dense<16> : tensor<8x8xi32>
  // expected-remark @below {{contiguity = [1, 8], divisibility = [16, 4], constancy = [1, 1], constant_value = <none>}}
  %r = scf.for %i = %c0 to %n step %c4 iter_args(%q = %p) -> (tensor<8x8x!tt.ptr<i32>>) : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
    %j = arith.addi %i, %c0 : i32
    // expected-remark @below {{contiguity = [1, 8], divisibility = [16, 4], constancy = [1, 1], constant_value = <none>}}
    %next = tt.addptr %q, %step : tensor<8x8x!tt.ptr<i32>>, tensor<8x8xi32>
    scf.yield %next : tensor<8x8x!tt.ptr<i32>>
  }
  tt.return
}

// -----

// A select keeps what both sides share.
tt.func public @select(%c: i1, %a: i32 {tt.divisibility = 32 : i32}, %b: i32 {tt.divisibility = 8 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %s = arith.select %c, %a, %b : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %l = arith.extui %c : i1 to i32
  tt.return
}

// -----

// Masks combined with & | ^: runs of equal values are the common ones (the
// matmul epilogue's row mask & column mask stays constant over 16x16 blocks,
// so the store is vectorized).
tt.func public @bitwise(%m: i32 {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>}}
  %rows = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>}}
  %cols = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 1], constant_value = <none>}}
  %ms = tt.splat %m : i32 -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64], constant_value = <none>}}
  %ns = tt.splat %n : i32 -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 1], constant_value = <none>}}
  %rm = arith.cmpi slt, %rows, %ms : tensor<64x1xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 16], constant_value = <none>}}
  %cm = arith.cmpi slt, %cols, %ns : tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 64], constant_value = <none>}}
  %rb = tt.broadcast %rm : tensor<64x1xi1> -> tensor<64x64xi1>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [64, 16], constant_value = <none>}}
  %cb = tt.broadcast %cm : tensor<1x64xi1> -> tensor<64x64xi1>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 16], constant_value = <none>}}
  %and = arith.andi %rb, %cb : tensor<64x64xi1>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 16], constant_value = <none>}}
  %or = arith.ori %rb, %cb : tensor<64x64xi1>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [16, 16], constant_value = <none>}}
  %xor = arith.xori %rb, %cb : tensor<64x64xi1>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = 12}}
  %c12 = arith.constant 12 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [1], constant_value = 10}}
  %c10 = arith.constant 10 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = 8}}
  %k = arith.andi %c12, %c10 : i32
  tt.return
}

// -----

// (pid * 256 + arange) % N, N divisible by 16: runs of 16 stay consecutive
// (the matmul's column index), so the loads of B vectorize.
tt.func public @rem_runtime(%pid: i32, %n: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [1], constant_value = 256}}
  %c256 = arith.constant 256 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [1], constant_value = <none>}}
  %base = arith.muli %pid, %c256 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [256], constancy = [256], constant_value = <none>}}
  %bs = tt.splat %base : i32 -> tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [256], constancy = [1], constant_value = <none>}}
  %cols = arith.addi %bs, %r : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [256], constant_value = <none>}}
  %ns = tt.splat %n : i32 -> tensor<256xi32>
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1], constant_value = <none>}}
  %rem = arith.remsi %cols, %ns : tensor<256xi32>
  tt.return
}

// -----

// A contiguous index divided by a runtime divisor that is a multiple of 16
// (GroupNorm's channel, idx // HW): aligned runs of 16 share the quotient.
tt.func public @divide_by_multiple_of_16(%hw: i32 {tt.divisibility = 16 : i32}, %odd: i32) {
  // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024], constant_value = <none>}}
  %d = tt.splat %hw : i32 -> tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %q = arith.divsi %r, %d : tensor<1024xi32>
  // A divisor of unknown alignment: nothing is known.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1024], constant_value = <none>}}
  %o = tt.splat %odd : i32 -> tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %q2 = arith.divsi %r, %o : tensor<1024xi32>
  tt.return
}

// -----

// The frontend's hints (tl.multiple_of, tl.max_contiguous) replace what is
// derived: on the op that makes the value (`tt.divisibility`), and on a loop
// for its block argument N (`tt.divisibility_argN`), as the grouped GEMM
// tutorial's pointers loaded from memory carry them.
tt.func public @hints(%table: !tt.ptr<i64>, %k: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = 1}}
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %raw = tt.load %table : !tt.ptr<i64>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %base = tt.int_to_ptr %raw : i64 -> !tt.ptr<f16>
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [32], constant_value = <none>}}
  %bs = tt.splat %base : !tt.ptr<f16> -> tensor<32x!tt.ptr<f16>>
  // expected-remark @below {{contiguity = [32], divisibility = [16], constancy = [1], constant_value = <none>}}
  %p = tt.addptr %bs, %r {tt.divisibility = dense<16> : tensor<1xi32>} : tensor<32x!tt.ptr<f16>>, tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [32], constant_value = <none>}}
  %us = tt.splat %base : !tt.ptr<f16> -> tensor<32x!tt.ptr<f16>>
  // expected-remark @below {{contiguity = [32], divisibility = [1], constancy = [1], constant_value = <none>}}
  %q = tt.addptr %us, %r : tensor<32x!tt.ptr<f16>>, tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [32], constant_value = 0}}
  %zeros = arith.constant dense<0> : tensor<32xi32>
  // The loop's result is not hinted: the unaligned start joins it.
  // expected-remark @below {{contiguity = [32], divisibility = [1], constancy = [1], constant_value = <none>}}
  %out = scf.for %i = %c0 to %k step %c1 iter_args(%arg = %q) -> (tensor<32x!tt.ptr<f16>>) : i32 {
    // The hint on the loop: its argument 1 (after the induction variable).
    // expected-remark @below {{contiguity = [32], divisibility = [16], constancy = [1], constant_value = <none>}}
    %next = tt.addptr %arg, %zeros : tensor<32x!tt.ptr<f16>>, tensor<32xi32>
    scf.yield %next : tensor<32x!tt.ptr<f16>>
  } {tt.divisibility_arg1 = dense<16> : tensor<1xi32>}
  tt.return
}

// -----

// A loaded value repeats where its pointer (and mask and `other`) do, as in
// 3.6: an index loaded once per row of 8 makes addresses contiguous along
// the row (Inductor's index_copy and embedding kernels gather rows so).
tt.func public @loaded_index(%ids: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %table: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [32], constant_value = 8}}
  %c8 = arith.constant dense<8> : tensor<32xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>}}
  %row = arith.divsi %r, %c8 : tensor<32xi32>
  // expected-remark @below {{contiguity = [8], divisibility = [8], constancy = [1], constant_value = <none>}}
  %col = arith.remsi %r, %c8 : tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [32], constant_value = <none>}}
  %ib = tt.splat %ids : !tt.ptr<i64> -> tensor<32x!tt.ptr<i64>>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [8], constant_value = <none>}}
  %ip = tt.addptr %ib, %row : tensor<32x!tt.ptr<i64>>, tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [8], constant_value = <none>}}
  %id = tt.load %ip : tensor<32x!tt.ptr<i64>>
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [32], constant_value = 1024}}
  %w = arith.constant dense<1024> : tensor<32xi64>
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [8], constant_value = <none>}}
  %start = arith.muli %id, %w : tensor<32xi64>
  // expected-remark @below {{contiguity = [8], divisibility = [8], constancy = [1], constant_value = <none>}}
  %col64 = arith.extsi %col : tensor<32xi32> to tensor<32xi64>
  // expected-remark @below {{contiguity = [8], divisibility = [8], constancy = [1], constant_value = <none>}}
  %off = arith.addi %start, %col64 : tensor<32xi64>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [32], constant_value = <none>}}
  %tb = tt.splat %table : !tt.ptr<f16> -> tensor<32x!tt.ptr<f16>>
  // expected-remark @below {{contiguity = [8], divisibility = [16], constancy = [1], constant_value = <none>}}
  %tp = tt.addptr %tb, %off : tensor<32x!tt.ptr<f16>>, tensor<32xi64>
  tt.return
}

// -----

// Every result is named, floats too: a bitcast keeps the integers' facts, a
// float constant knows nothing.
tt.func @named_results_and_floats() {
  // expected-remark @below {{%cst => contiguity = [1], divisibility = [16], constancy = [64], constant_value = 16}}
  %c16 = arith.constant dense<16> : tensor<64xi32>
  // expected-remark @below {{%0 => contiguity = [1], divisibility = [16], constancy = [64], constant_value = 16}}
  %f = tt.bitcast %c16 : tensor<64xi32> -> tensor<64xf32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %half = arith.constant dense<0.5> : tensor<64xf32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %g = arith.mulf %f, %half : tensor<64xf32>
  tt.return
}

// -----

// A known constant's facts come from its value; a true mask is 1; INT64_MIN
// is divisible by the cap.
tt.func @folded_constants() {
  // expected-remark @below {{constant_value = 3}}
  %c3 = arith.constant dense<3> : tensor<32xi32>
  // expected-remark @below {{constant_value = 5}}
  %c5 = arith.constant dense<5> : tensor<32xi32>
  // 3 + 5 = 8: divisible by 8 though neither operand is even.
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [32], constant_value = 8}}
  %s = arith.addi %c3, %c5 : tensor<32xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @below {{constant_value = 0}}
  %z = arith.constant dense<0> : tensor<32xi32>
  // Anything times 0 is 0.
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [32], constant_value = 0}}
  %m = arith.muli %r, %z : tensor<32xi32>
  // expected-remark @below {{constant_value = 1}}
  %one = arith.constant dense<1> : tensor<32xi32>
  // Anything modulo 1 is 0.
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [32], constant_value = 0}}
  %q = arith.remui %r, %one : tensor<32xi32>
  // expected-remark @below {{contiguity = [1, 1], divisibility = [1, 1], constancy = [4, 8], constant_value = 1}}
  %t = arith.constant dense<true> : tensor<4x8xi1>
  // 3 < 5 everywhere.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [32], constant_value = 1}}
  %lt = arith.cmpi slt, %c3, %c5 : tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = -9223372036854775808}}
  %min = arith.constant -9223372036854775808 : i64
  tt.return
}

// -----

// An ordering against a constant is constant over aligned blocks only where
// it flips at the constant itself (x < c, x >= c, c > x, c <= x); x <= c
// flips after c, inside a block.
tt.func @compare_directions() {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{constant_value = 16}}
  %c = arith.constant dense<16> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %lt = arith.cmpi slt, %r, %c : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %le = arith.cmpi sle, %r, %c : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %gt = arith.cmpi ugt, %c, %r : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %ge = arith.cmpi uge, %c, %r : tensor<64xi32>
  // A scalar comparison is left unknown.
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %s = arith.cmpi slt, %a, %b : i32
  tt.return
}

// -----

// A divisor that varies along the run says nothing of the remainder's
// divisibility (64 % 5 = 4); a constant one keeps the common part.
tt.func @remainder_divisibility() {
  // expected-remark @below {{contiguity = [64], divisibility = [64], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 128 : i32, start = 64 : i32} : tensor<64xi32>
  // expected-remark @below {{constant_value = 32}}
  %c32 = arith.constant dense<32> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %a = arith.remsi %c32, %r : tensor<64xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [32], constancy = [1], constant_value = <none>}}
  %b = arith.remsi %r, %c32 : tensor<64xi32>
  tt.return
}

// -----

// max and min of contiguous runs are contiguous (max(a + i, b + i) =
// max(a, b) + i); of constants, constant. A select between equal constants is
// that constant.
tt.func @max_min_select(%cond: tensor<16xi1>, %x: tensor<16xi32> {tt.contiguity = 16 : i32, tt.divisibility = 16 : i32}, %y: tensor<16xi32> {tt.contiguity = 4 : i32, tt.divisibility = 64 : i32}) {
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1], constant_value = <none>}}
  %m = arith.maxsi %x, %y : tensor<16xi32>
  // expected-remark @below {{contiguity = [4], divisibility = [4], constancy = [1], constant_value = <none>}}
  %n = arith.minui %x, %y : tensor<16xi32>
  // expected-remark @below {{constant_value = 6}}
  %c6 = arith.constant dense<6> : tensor<16xi32>
  // expected-remark @below {{constant_value = 9}}
  %c9 = arith.constant dense<9> : tensor<16xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = 9}}
  %k = arith.maxsi %c6, %c9 : tensor<16xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [2], constancy = [16], constant_value = 6}}
  %e = arith.select %cond, %c6, %c6 : tensor<16xi1>, tensor<16xi32>
  tt.return
}

// -----

// A scalar condition picks a whole operand: the operands' runs survive.
tt.func @select_scalar_condition(%cond: i1, %x: tensor<16xi32> {tt.contiguity = 16 : i32, tt.divisibility = 16 : i32}, %y: tensor<16xi32> {tt.contiguity = 8 : i32, tt.divisibility = 8 : i32}) {
  // expected-remark @below {{contiguity = [8], divisibility = [8], constancy = [1], constant_value = <none>}}
  %s = arith.select %cond, %x, %y : tensor<16xi32>
  tt.return
}

// -----

// Shifts: left by an unknown amount keeps each element's low zero bits; right
// by a constant divides, without constancy of its own.
tt.func @shifts(%k: i32) {
  // expected-remark @below {{constant_value = 24}}
  %c24 = arith.constant dense<24> : tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [32], constant_value = <none>}}
  %ks = tt.splat %k : i32 -> tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [32], constant_value = <none>}}
  %l = arith.shli %c24, %ks : tensor<32xi32>
  // expected-remark @below {{contiguity = [32], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @below {{constant_value = 2}}
  %c2 = arith.constant dense<2> : tensor<32xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %s = arith.shrui %r, %c2 : tensor<32xi32>
  tt.return
}

// -----

// A function called from kernels starts from what holds at all its call
// sites: here pointers 16- and 8-byte aligned, offsets multiples of 4 and 6.
module {
tt.func @helper(%p: !tt.ptr<f16>, %off: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %q = tt.addptr %p, %off : !tt.ptr<f16>, i32
  tt.return
}
tt.func @middle(%p: !tt.ptr<f16>, %off: i32) {
  tt.call @helper(%p, %off) : (!tt.ptr<f16>, i32) -> ()
  tt.return
}
tt.func public @kernel_a(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %x: i32) {
  %c4 = arith.constant 4 : i32
  %off = arith.muli %x, %c4 : i32
  tt.call @middle(%p, %off) : (!tt.ptr<f16>, i32) -> ()
  tt.return
}
tt.func public @kernel_b(%p: !tt.ptr<f16> {tt.divisibility = 8 : i32}, %x: i32) {
  %c6 = arith.constant 6 : i32
  %off = arith.muli %x, %c6 : i32
  tt.call @helper(%p, %off) : (!tt.ptr<f16>, i32) -> ()
  tt.return
}
}

// -----

// Through casts to an LLVM struct and back the facts stay; a cast that would
// change their rank leaves nothing known.
tt.func @conversion_casts(%x: tensor<32x8xi32> {tt.contiguity = dense<[1, 8]> : tensor<2xi32>, tt.divisibility = dense<[1, 8]> : tensor<2xi32>}) {
  // expected-remark @below {{contiguity = [1, 8], divisibility = [1, 8], constancy = [1, 1], constant_value = <none>}}
  %s = builtin.unrealized_conversion_cast %x : tensor<32x8xi32> to !llvm.struct<(i32, i32)>
  // expected-remark @below {{contiguity = [1, 8], divisibility = [1, 8], constancy = [1, 1], constant_value = <none>}}
  %t = builtin.unrealized_conversion_cast %s : !llvm.struct<(i32, i32)> to tensor<32x8xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %u = builtin.unrealized_conversion_cast %s : !llvm.struct<(i32, i32)> to tensor<256xi32>
  tt.return
}

// -----

// A partition's arguments hold what the warp_specialize captures: the
// pointer's 16-byte alignment and the offset's multiple of 8 reach it.
tt.func @partition_captures(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %k: i32) {
  %c8 = arith.constant 8 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %off = arith.muli %k, %c8 : i32
  ttg.warp_specialize(%p, %off)
  default {
    ttg.warp_yield
  }
  partition0(%q: !tt.ptr<f32>, %o: i32) num_warps(1) {
    // 4-byte elements: 8 of them are 32 bytes, the pointer 16-byte aligned.
    // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
    %a = tt.addptr %q, %o : !tt.ptr<f32>, i32
    ttg.warp_return
  } : (!tt.ptr<f32>, i32) -> ()
  tt.return
}

// -----

// A poison value is never read: it claims every fact, so a branch that
// yields it leaves the join with the other branch's facts (the offsets'
// run of 256 and the pointer's 16-byte alignment).
tt.func @poison_branch(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %c: i1) {
  // expected-remark @below {{contiguity = [4611686018427387904], divisibility = [4611686018427387904], constancy = [4611686018427387904], constant_value = <none>}}
  %u = ub.poison : tensor<256x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [256], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [256], constant_value = <none>}}
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [256], divisibility = [16], constancy = [1], constant_value = <none>}}
  %a = tt.addptr %s, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  // expected-remark @below {{contiguity = [256], divisibility = [16], constancy = [1], constant_value = <none>}}
  %j = scf.if %c -> tensor<256x!tt.ptr<f32>> {
    scf.yield %u : tensor<256x!tt.ptr<f32>>
  } else {
    scf.yield %a : tensor<256x!tt.ptr<f32>>
  }
  tt.return
}
