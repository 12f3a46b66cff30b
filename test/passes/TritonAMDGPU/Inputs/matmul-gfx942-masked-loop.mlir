// The corpus gfx942 matmul (triton-3.6-gfx942/matmul_fp16.ttir) with its
// pointer and stride arguments marked divisible by 16, through our make_ttgir
// up to the stream pipeliner (printed before reduce-data-duplication, before
// the pipeliner was wired in). Masked loads: K need not be a multiple of 64.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @matmul_kernel(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32, %N: i32, %K: i32 {tt.divisibility = 16 : i32}, %sam: i32 {tt.divisibility = 16 : i32}, %sbk: i32 {tt.divisibility = 16 : i32}, %scm: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c63_i32 = arith.constant 63 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %c127_i32 = arith.constant 127 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x128xf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked1>
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant dense<64> : tensor<128x64xi32, #blocked1>
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %c8_i32 = arith.constant 8 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.addi %M, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %N, %c127_i32 : i32
    %4 = arith.divsi %3, %c128_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c128_i32 : i32
    %15 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #mma}>>
    %16 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %17 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %18 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %19 = tt.splat %14 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #mma}>>
    %20 = tt.splat %14 : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %21 = arith.addi %19, %15 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #mma}>>
    %22 = arith.addi %20, %18 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %23 = tt.splat %M : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %24 = arith.remsi %22, %23 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %25 = arith.muli %13, %c128_i32 : i32
    %26 = tt.splat %25 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %27 = tt.splat %25 : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %28 = arith.addi %26, %16 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #mma}>>
    %29 = arith.addi %27, %17 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %30 = tt.splat %N : i32 -> tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %31 = arith.remsi %29, %30 : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %32 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %33 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %34 = tt.expand_dims %24 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %35 = tt.splat %sam : i32 -> tensor<128x1xi32, #blocked1>
    %36 = arith.muli %34, %35 : tensor<128x1xi32, #blocked1>
    %37 = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %38 = tt.addptr %37, %36 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %39 = tt.expand_dims %33 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %40 = tt.broadcast %38 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
    %41 = tt.broadcast %39 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
    %42 = tt.addptr %40, %41 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
    %43 = tt.expand_dims %32 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %44 = tt.splat %sbk : i32 -> tensor<64x1xi32, #blocked>
    %45 = arith.muli %43, %44 : tensor<64x1xi32, #blocked>
    %46 = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %47 = tt.addptr %46, %45 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %48 = tt.expand_dims %31 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x128xi32, #blocked>
    %49 = tt.broadcast %47 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x128x!tt.ptr<f16>, #blocked>
    %50 = tt.broadcast %48 : tensor<1x128xi32, #blocked> -> tensor<64x128xi32, #blocked>
    %51 = tt.addptr %49, %50 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
    %52 = arith.addi %K, %c63_i32 : i32
    %53 = arith.divsi %52, %c64_i32 : i32
    %54 = arith.muli %sbk, %c64_i32 : i32
    %55 = tt.splat %54 : i32 -> tensor<64x128xi32, #blocked>
    %56:3 = scf.for %arg9 = %c0_i32 to %53 step %c1_i32 iter_args(%arg10 = %cst, %arg11 = %42, %arg12 = %51) -> (tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x128x!tt.ptr<f16>, #blocked>)  : i32 {
      %74 = arith.muli %arg9, %c64_i32 : i32
      %75 = arith.subi %K, %74 : i32
      %76 = tt.splat %75 : i32 -> tensor<1x64xi32, #blocked1>
      %77 = arith.cmpi slt, %39, %76 : tensor<1x64xi32, #blocked1>
      %78 = tt.broadcast %77 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
      %79 = tt.load %arg11, %78, %cst_1 : tensor<128x64x!tt.ptr<f16>, #blocked1>
      %80 = tt.splat %75 : i32 -> tensor<64x1xi32, #blocked>
      %81 = arith.cmpi slt, %43, %80 : tensor<64x1xi32, #blocked>
      %82 = tt.broadcast %81 : tensor<64x1xi1, #blocked> -> tensor<64x128xi1, #blocked>
      %83 = tt.load %arg12, %82, %cst_0 : tensor<64x128x!tt.ptr<f16>, #blocked>
      %84 = ttg.convert_layout %79 : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
      %85 = ttg.convert_layout %83 : tensor<64x128xf16, #blocked> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>
      %86 = tt.dot %84, %85, %arg10, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<128x128xf32, #mma>
      %87 = tt.addptr %arg11, %cst_2 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
      %88 = tt.addptr %arg12, %55 : tensor<64x128x!tt.ptr<f16>, #blocked>, tensor<64x128xi32, #blocked>
      scf.yield %86, %87, %88 : tensor<128x128xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x128x!tt.ptr<f16>, #blocked>
    }
    %57 = arith.truncf %56#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma>
    %58 = tt.expand_dims %21 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xi32, #mma>
    %59 = tt.splat %M : i32 -> tensor<128x1xi32, #mma>
    %60 = arith.cmpi slt, %58, %59 : tensor<128x1xi32, #mma>
    %61 = tt.expand_dims %28 {axis = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #mma}>> -> tensor<1x128xi32, #mma>
    %62 = tt.splat %N : i32 -> tensor<1x128xi32, #mma>
    %63 = arith.cmpi slt, %61, %62 : tensor<1x128xi32, #mma>
    %64 = tt.broadcast %60 : tensor<128x1xi1, #mma> -> tensor<128x128xi1, #mma>
    %65 = tt.broadcast %63 : tensor<1x128xi1, #mma> -> tensor<128x128xi1, #mma>
    %66 = arith.andi %64, %65 : tensor<128x128xi1, #mma>
    %67 = tt.splat %scm : i32 -> tensor<128x1xi32, #mma>
    %68 = arith.muli %67, %58 : tensor<128x1xi32, #mma>
    %69 = tt.splat %c_ptr : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #mma>
    %70 = tt.addptr %69, %68 : tensor<128x1x!tt.ptr<f16>, #mma>, tensor<128x1xi32, #mma>
    %71 = tt.broadcast %70 : tensor<128x1x!tt.ptr<f16>, #mma> -> tensor<128x128x!tt.ptr<f16>, #mma>
    %72 = tt.broadcast %61 : tensor<1x128xi32, #mma> -> tensor<128x128xi32, #mma>
    %73 = tt.addptr %71, %72 : tensor<128x128x!tt.ptr<f16>, #mma>, tensor<128x128xi32, #mma>
    tt.store %73, %57, %66 : tensor<128x128x!tt.ptr<f16>, #mma>
    tt.return
  }
}

