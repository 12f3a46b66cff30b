// The kernel of make-llir.mlir as make_ttgir leaves it for hip:gfx942.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @k(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %pid = tt.get_program_id x : i32
    %c = arith.constant 1024 : i32
    %off = arith.muli %pid, %c : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %s = tt.splat %off : i32 -> tensor<1024xi32, #blocked>
    %o = arith.addi %s, %r : tensor<1024xi32, #blocked>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %q = tt.addptr %p, %o : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %v = arith.sitofp %o : tensor<1024xi32, #blocked> to tensor<1024xf32, #blocked>
    tt.store %q, %v : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
