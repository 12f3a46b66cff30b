// Atomics at buffer addresses (bases marked tt.pointer_range = 32), for
// -tritonamdgpu-convert-buffer-ops and the SIMT simulator: each kind of
// read-modify-write on its own addresses with the old values stored, a
// masked fadd, a compare-and-swap that succeeds on half the elements, and
// an add every 16 threads contend for (its old values unused).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @atomics(%f: !tt.ptr<f32> {tt.divisibility = 16 : i32, tt.pointer_range = 32 : i32},
                          %i: !tt.ptr<i32> {tt.divisibility = 16 : i32, tt.pointer_range = 32 : i32},
                          %l: !tt.ptr<i64> {tt.divisibility = 16 : i32, tt.pointer_range = 32 : i32},
                          %d: !tt.ptr<f64> {tt.divisibility = 16 : i32, tt.pointer_range = 32 : i32},
                          %fo: !tt.ptr<f32> {tt.divisibility = 16 : i32, tt.pointer_range = 32 : i32},
                          %io: !tt.ptr<i32> {tt.divisibility = 16 : i32, tt.pointer_range = 32 : i32},
                          %lo: !tt.ptr<i64> {tt.divisibility = 16 : i32, tt.pointer_range = 32 : i32},
                          %do: !tt.ptr<f64> {tt.divisibility = 16 : i32, tt.pointer_range = 32 : i32},
                          %n: i32) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<256xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<256xi32, #blocked>
    %c256 = arith.constant dense<256> : tensor<256xi32, #blocked>
    %c0 = arith.constant dense<0> : tensor<256xi32, #blocked>
    %c3 = arith.constant dense<3> : tensor<256xi32, #blocked>
    %c15 = arith.constant dense<15> : tensor<256xi32, #blocked>
    %rf = arith.sitofp %r : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    %half = arith.constant dense<5.000000e-01> : tensor<256xf32, #blocked>
    %fv = arith.mulf %rf, %half : tensor<256xf32, #blocked>
    %iv = arith.muli %r, %c3 : tensor<256xi32, #blocked>

    // f32: a masked fadd.
    %fs = tt.splat %f : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %fp = tt.addptr %fs, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %fold = tt.atomic_rmw fadd, acq_rel, gpu, %fp, %fv, %m : (tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xf32, #blocked>, tensor<256xi1, #blocked>) -> tensor<256xf32, #blocked>
    %fos = tt.splat %fo : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %fop = tt.addptr %fos, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    tt.store %fop, %fold : tensor<256x!tt.ptr<f32>, #blocked>

    // i32: and, or, xor, add, umax, umin, exch on rows 0..6 of 256.
    %is = tt.splat %i : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %ios = tt.splat %io : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %off0 = arith.addi %r, %c0 : tensor<256xi32, #blocked>
    %ip0 = tt.addptr %is, %off0 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %iop0 = tt.addptr %ios, %off0 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %o0 = tt.atomic_rmw and, acq_rel, gpu, %ip0, %iv : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
    tt.store %iop0, %o0 : tensor<256x!tt.ptr<i32>, #blocked>
    %off1 = arith.addi %off0, %c256 : tensor<256xi32, #blocked>
    %ip1 = tt.addptr %is, %off1 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %iop1 = tt.addptr %ios, %off1 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %o1 = tt.atomic_rmw or, acq_rel, gpu, %ip1, %iv : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
    tt.store %iop1, %o1 : tensor<256x!tt.ptr<i32>, #blocked>
    %off2 = arith.addi %off1, %c256 : tensor<256xi32, #blocked>
    %ip2 = tt.addptr %is, %off2 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %iop2 = tt.addptr %ios, %off2 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %o2 = tt.atomic_rmw xor, relaxed, gpu, %ip2, %iv : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
    tt.store %iop2, %o2 : tensor<256x!tt.ptr<i32>, #blocked>
    %off3 = arith.addi %off2, %c256 : tensor<256xi32, #blocked>
    %ip3 = tt.addptr %is, %off3 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %iop3 = tt.addptr %ios, %off3 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %o3 = tt.atomic_rmw add, acquire, gpu, %ip3, %iv : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
    tt.store %iop3, %o3 : tensor<256x!tt.ptr<i32>, #blocked>
    %off4 = arith.addi %off3, %c256 : tensor<256xi32, #blocked>
    %ip4 = tt.addptr %is, %off4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %iop4 = tt.addptr %ios, %off4 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %o4 = tt.atomic_rmw umax, release, gpu, %ip4, %iv : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
    tt.store %iop4, %o4 : tensor<256x!tt.ptr<i32>, #blocked>
    %off5 = arith.addi %off4, %c256 : tensor<256xi32, #blocked>
    %ip5 = tt.addptr %is, %off5 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %iop5 = tt.addptr %ios, %off5 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %o5 = tt.atomic_rmw umin, acq_rel, cta, %ip5, %iv : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
    tt.store %iop5, %o5 : tensor<256x!tt.ptr<i32>, #blocked>
    %off6 = arith.addi %off5, %c256 : tensor<256xi32, #blocked>
    %ip6 = tt.addptr %is, %off6 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %iop6 = tt.addptr %ios, %off6 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %o6 = tt.atomic_rmw exch, acq_rel, gpu, %ip6, %iv : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
    tt.store %iop6, %o6 : tensor<256x!tt.ptr<i32>, #blocked>
    // Row 7: 16 addresses, each added to by 16 threads; old values unused.
    %low = arith.andi %r, %c15 : tensor<256xi32, #blocked>
    %off7 = arith.addi %off6, %c256 : tensor<256xi32, #blocked>
    %row7 = arith.subi %off7, %r : tensor<256xi32, #blocked>
    %off7c = arith.addi %row7, %low : tensor<256xi32, #blocked>
    %ip7c = tt.addptr %is, %off7c : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %o7 = tt.atomic_rmw add, acq_rel, gpu, %ip7c, %iv : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>

    // i64: compare-and-swap, the compared value the element index where it
    // is even (the memory holds the index).
    %ri = arith.extsi %r : tensor<256xi32, #blocked> to tensor<256xi64, #blocked>
    %two = arith.constant dense<2> : tensor<256xi64, #blocked>
    %par = arith.remsi %ri, %two : tensor<256xi64, #blocked>
    %cmp = arith.addi %ri, %par : tensor<256xi64, #blocked>
    %big = arith.constant dense<1000000000000> : tensor<256xi64, #blocked>
    %new = arith.addi %ri, %big : tensor<256xi64, #blocked>
    %ls = tt.splat %l : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #blocked>
    %lp = tt.addptr %ls, %r : tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi32, #blocked>
    %lold = tt.atomic_cas acq_rel, gpu, %lp, %cmp, %new : (tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi64, #blocked>, tensor<256xi64, #blocked>) -> tensor<256xi64, #blocked>
    %los = tt.splat %lo : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #blocked>
    %lop = tt.addptr %los, %r : tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi32, #blocked>
    tt.store %lop, %lold : tensor<256x!tt.ptr<i64>, #blocked>

    // f64: max.
    %rd = arith.sitofp %r : tensor<256xi32, #blocked> to tensor<256xf64, #blocked>
    %c100 = arith.constant dense<1.000000e+02> : tensor<256xf64, #blocked>
    %dv = arith.subf %rd, %c100 : tensor<256xf64, #blocked>
    %ds = tt.splat %d : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>, #blocked>
    %dp = tt.addptr %ds, %r : tensor<256x!tt.ptr<f64>, #blocked>, tensor<256xi32, #blocked>
    %dold = tt.atomic_rmw max, acq_rel, gpu, %dp, %dv : (tensor<256x!tt.ptr<f64>, #blocked>, tensor<256xf64, #blocked>) -> tensor<256xf64, #blocked>
    %dos = tt.splat %do : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>, #blocked>
    %dop = tt.addptr %dos, %r : tensor<256x!tt.ptr<f64>, #blocked>, tensor<256xi32, #blocked>
    tt.store %dop, %dold : tensor<256x!tt.ptr<f64>, #blocked>
    tt.return
  }
}
