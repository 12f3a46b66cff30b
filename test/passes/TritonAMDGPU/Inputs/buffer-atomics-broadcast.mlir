// Atomics at buffer addresses on a layout that broadcasts: 8 warps of 64
// lanes hold the 256 elements twice (warps 4..7 copy warps 0..3), so only
// the owning copy may act. Atomics that a second application changes (a
// masked fadd, an xor, an add every 16 threads contend for) and a
// compare-and-swap (which a second application leaves alone: there for the
// owner predicate of cmpswap), their old values unused (buffer atomics take
// broadcast layouts only then). Arguments as buffer-atomics.mlir's; the
// outputs fo..do are not written.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [8], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
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

    // i32: an xor on row 0, an add on 16 addresses of row 1.
    %is = tt.splat %i : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>, #blocked>
    %ip0 = tt.addptr %is, %r : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %o0 = tt.atomic_rmw xor, relaxed, gpu, %ip0, %iv : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
    %low = arith.andi %r, %c15 : tensor<256xi32, #blocked>
    %off1 = arith.addi %low, %c256 : tensor<256xi32, #blocked>
    %ip1 = tt.addptr %is, %off1 : tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>
    %o1 = tt.atomic_rmw add, acq_rel, gpu, %ip1, %iv : (tensor<256x!tt.ptr<i32>, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>

    // i64: l[k] = k initially; k + 1 swapped in.
    %r64 = arith.extsi %r : tensor<256xi32, #blocked> to tensor<256xi64, #blocked>
    %one = arith.constant dense<1> : tensor<256xi64, #blocked>
    %new = arith.addi %r64, %one : tensor<256xi64, #blocked>
    %ls = tt.splat %l : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #blocked>
    %lp = tt.addptr %ls, %r : tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi32, #blocked>
    %lold = tt.atomic_cas acq_rel, gpu, %lp, %r64, %new : (tensor<256x!tt.ptr<i64>, #blocked>, tensor<256xi64, #blocked>, tensor<256xi64, #blocked>) -> tensor<256xi64, #blocked>
    tt.return
  }
}
