// Triton 3.6's matmul_big_sm80.ttgir (sm_80, 3 stages) as make_ttgir has it just before
// -tritongpu-assign-latencies: the reference with its loop put back as it was before
// pipelining (loads, then local_alloc + warp_group_dot for wgmma or
// convert_layout + tt.dot for mma v2), locations dropped.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %sam: i32 {tt.divisibility = 16 : i32}, %sbk: i32 {tt.divisibility = 16 : i32}, %scm: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c63_i32 = arith.constant 63 : i32
    %c255_i32 = arith.constant 255 : i32
    %c127_i32 = arith.constant 127 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x256xf16, #blocked>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf16, #blocked1>
    %c8_i32 = arith.constant 8 : i32
    %c128_i32 = arith.constant 128 : i32
    %c256_i32 = arith.constant 256 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_2 = arith.constant dense<64> : tensor<128x64xi32, #blocked1>
    %c-1_i32 = arith.constant -1 : i32
    %c2_i32 = arith.constant 2 : i32
    %pid = tt.get_program_id x : i32
    %num_pid_m = arith.addi %M, %c127_i32 : i32
    %num_pid_m_3 = arith.divsi %num_pid_m, %c128_i32 : i32
    %num_pid_n = arith.addi %N, %c255_i32 : i32
    %num_pid_n_4 = arith.divsi %num_pid_n, %c256_i32 : i32
    %in_group = arith.muli %num_pid_n_4, %c8_i32 : i32
    %group = arith.divsi %pid, %in_group : i32
    %first_m = arith.muli %group, %c8_i32 : i32
    %group_m = arith.subi %num_pid_m_3, %first_m : i32
    %group_m_5 = arith.minsi %group_m, %c8_i32 : i32
    %pid_m = arith.remsi %pid, %in_group : i32
    %pid_m_6 = arith.remsi %pid_m, %group_m_5 : i32
    %pid_m_7 = arith.addi %first_m, %pid_m_6 : i32
    %pid_n = arith.divsi %pid_m, %group_m_5 : i32
    %rm = arith.muli %pid_m_7, %c128_i32 : i32
    %rm_8 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %rm_9 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %rm_10 = tt.splat %rm : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %rm_11 = tt.splat %rm : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %rm_12 = arith.addi %rm_10, %rm_8 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %rm_13 = arith.addi %rm_11, %rm_9 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %rm_14 = tt.splat %M : i32 -> tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %rm_15 = arith.remsi %rm_12, %rm_14 : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %rn = arith.muli %pid_n, %c256_i32 : i32
    %rn_16 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %rn_17 = tt.splat %rn : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %rn_18 = arith.addi %rn_17, %rn_16 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %rn_19 = tt.splat %N : i32 -> tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %rn_20 = arith.remsi %rn_18, %rn_19 : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %a_ptrs = tt.expand_dims %rm_15 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<128x1xi32, #blocked1>
    %a_ptrs_21 = tt.splat %sam : i32 -> tensor<128x1xi32, #blocked1>
    %a_ptrs_22 = arith.muli %a_ptrs, %a_ptrs_21 : tensor<128x1xi32, #blocked1>
    %a_ptrs_23 = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked1>
    %a_ptrs_24 = tt.addptr %a_ptrs_23, %a_ptrs_22 : tensor<128x1x!tt.ptr<f16>, #blocked1>, tensor<128x1xi32, #blocked1>
    %a_ptrs_25 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %a_ptrs_26 = tt.expand_dims %a_ptrs_25 {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %a_ptrs_27 = tt.broadcast %a_ptrs_24 : tensor<128x1x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
    %a_ptrs_28 = tt.broadcast %a_ptrs_26 : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
    %a_ptrs_29 = tt.addptr %a_ptrs_27, %a_ptrs_28 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
    %b_ptrs = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %b_ptrs_30 = tt.expand_dims %b_ptrs {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %b_ptrs_31 = tt.splat %sbk : i32 -> tensor<64x1xi32, #blocked>
    %b_ptrs_32 = arith.muli %b_ptrs_30, %b_ptrs_31 : tensor<64x1xi32, #blocked>
    %b_ptrs_33 = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #blocked>
    %b_ptrs_34 = tt.addptr %b_ptrs_33, %b_ptrs_32 : tensor<64x1x!tt.ptr<f16>, #blocked>, tensor<64x1xi32, #blocked>
    %b_ptrs_35 = tt.expand_dims %rn_20 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x256xi32, #blocked>
    %b_ptrs_36 = tt.broadcast %b_ptrs_34 : tensor<64x1x!tt.ptr<f16>, #blocked> -> tensor<64x256x!tt.ptr<f16>, #blocked>
    %b_ptrs_37 = tt.broadcast %b_ptrs_35 : tensor<1x256xi32, #blocked> -> tensor<64x256xi32, #blocked>
    %b_ptrs_38 = tt.addptr %b_ptrs_36, %b_ptrs_37 : tensor<64x256x!tt.ptr<f16>, #blocked>, tensor<64x256xi32, #blocked>
    %0 = arith.addi %K, %c63_i32 : i32
    %1 = arith.divsi %0, %c64_i32 : i32
    %b_ptrs_39 = arith.muli %sbk, %c64_i32 : i32
    %b_ptrs_40 = tt.splat %b_ptrs_39 : i32 -> tensor<64x256xi32, #blocked>
    %res:3 = scf.for %k = %c0_i32 to %1 step %c1_i32 iter_args(%acc_61 = %cst, %a_ptrs_62 = %a_ptrs_29, %b_ptrs_63 = %b_ptrs_38) -> (tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x256x!tt.ptr<f16>, #blocked>)  : i32 {
      %a_83 = arith.muli %k, %c64_i32 : i32
      %a_84 = arith.subi %K, %a_83 : i32
      %a_85 = tt.splat %a_84 : i32 -> tensor<1x64xi32, #blocked1>
      %a_86 = arith.cmpi slt, %a_ptrs_26, %a_85 : tensor<1x64xi32, #blocked1>
      %a_87 = tt.broadcast %a_86 : tensor<1x64xi1, #blocked1> -> tensor<128x64xi1, #blocked1>
      %a = tt.load %a_ptrs_62, %a_87, %cst_1 : tensor<128x64x!tt.ptr<f16>, #blocked1>
      %b_93 = tt.splat %a_84 : i32 -> tensor<64x1xi32, #blocked>
      %b_94 = arith.cmpi slt, %b_ptrs_30, %b_93 : tensor<64x1xi32, #blocked>
      %b_95 = tt.broadcast %b_94 : tensor<64x1xi1, #blocked> -> tensor<64x256xi1, #blocked>
      %b = tt.load %b_ptrs_63, %b_95, %cst_0 : tensor<64x256x!tt.ptr<f16>, #blocked>
      %a_d = ttg.convert_layout %a : tensor<128x64xf16, #blocked1> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
      %b_d = ttg.convert_layout %b : tensor<64x256xf16, #blocked> -> tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
      %acc = tt.dot %a_d, %b_d, %acc_61, inputPrecision = tf32 : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<64x256xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<128x256xf32, #mma>
      %a_ptrs_77 = tt.addptr %a_ptrs_62, %cst_2 : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
      %b_ptrs_78 = tt.addptr %b_ptrs_63, %b_ptrs_40 : tensor<64x256x!tt.ptr<f16>, #blocked>, tensor<64x256xi32, #blocked>
      scf.yield %acc, %a_ptrs_77, %b_ptrs_78 : tensor<128x256xf32, #mma>, tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<64x256x!tt.ptr<f16>, #blocked>
    }
    %c = arith.truncf %res#0 : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    %2 = tt.expand_dims %rm_13 {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    %3 = tt.splat %M : i32 -> tensor<128x1xi32, #blocked>
    %4 = arith.cmpi slt, %2, %3 : tensor<128x1xi32, #blocked>
    %5 = tt.expand_dims %rn_18 {axis = 0 : i32} : tensor<256xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x256xi32, #blocked>
    %6 = tt.splat %N : i32 -> tensor<1x256xi32, #blocked>
    %7 = arith.cmpi slt, %5, %6 : tensor<1x256xi32, #blocked>
    %8 = tt.broadcast %4 : tensor<128x1xi1, #blocked> -> tensor<128x256xi1, #blocked>
    %9 = tt.broadcast %7 : tensor<1x256xi1, #blocked> -> tensor<128x256xi1, #blocked>
    %10 = arith.andi %8, %9 : tensor<128x256xi1, #blocked>
    %11 = tt.splat %scm : i32 -> tensor<128x1xi32, #blocked>
    %12 = arith.muli %11, %2 : tensor<128x1xi32, #blocked>
    %13 = tt.splat %c_ptr : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>, #blocked>
    %14 = tt.addptr %13, %12 : tensor<128x1x!tt.ptr<f16>, #blocked>, tensor<128x1xi32, #blocked>
    %15 = tt.broadcast %14 : tensor<128x1x!tt.ptr<f16>, #blocked> -> tensor<128x256x!tt.ptr<f16>, #blocked>
    %16 = tt.broadcast %5 : tensor<1x256xi32, #blocked> -> tensor<128x256xi32, #blocked>
    %17 = tt.addptr %15, %16 : tensor<128x256x!tt.ptr<f16>, #blocked>, tensor<128x256xi32, #blocked>
    %18 = ttg.convert_layout %c : tensor<128x256xf16, #mma> -> tensor<128x256xf16, #blocked>
    tt.store %17, %18, %10 : tensor<128x256x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
