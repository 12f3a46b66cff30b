// Triton 3.6's matmul_desc_host.ttgir (sm_90, 8 warps, 3 stages, descriptors
// made on the host; utils/bench/kernels) as make_ttgir has it just before
// -tritongpu-assign-latencies: the reference with its loop put back as it was
// before pipelining (descriptor loads in the converter's default layouts, the
// local_allocs accelerate-matmul gives wgmma, the dot) and the descriptor
// store as it is before tma-lowering; locations dropped.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_desc_host(%a_d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %a_d_0: i32, %a_d_1: i32, %a_d_2: i64, %a_d_3: i64, %b_d: !tt.tensordesc<tensor<64x256xf16, #shared>>, %b_d_4: i32, %b_d_5: i32, %b_d_6: i64, %b_d_7: i64, %c_d: !tt.tensordesc<tensor<128x256xf16, #shared>>, %c_d_8: i32, %c_d_9: i32, %c_d_10: i64, %c_d_11: i64, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c63_i32 = arith.constant 63 : i32
    %c255_i32 = arith.constant 255 : i32
    %c127_i32 = arith.constant 127 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c256_i32 = arith.constant 256 : i32
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %c8_i32 = arith.constant 8 : i32
    %pid = tt.get_program_id x : i32
    %num_pid_m = arith.addi %M, %c127_i32 : i32
    %num_pid_m_12 = arith.divsi %num_pid_m, %c128_i32 : i32
    %num_pid_n = arith.addi %N, %c255_i32 : i32
    %num_pid_n_13 = arith.divsi %num_pid_n, %c256_i32 : i32
    %in_group = arith.muli %num_pid_n_13, %c8_i32 : i32
    %first_m = arith.divsi %pid, %in_group : i32
    %first_m_14 = arith.muli %first_m, %c8_i32 : i32
    %group_m = arith.subi %num_pid_m_12, %first_m_14 : i32
    %group_m_15 = arith.minsi %group_m, %c8_i32 : i32
    %pid_m = arith.remsi %pid, %in_group : i32
    %pid_m_16 = arith.remsi %pid_m, %group_m_15 : i32
    %pid_m_17 = arith.addi %first_m_14, %pid_m_16 : i32
    %pid_n = arith.divsi %pid_m, %group_m_15 : i32
    %0 = arith.addi %K, %c63_i32 : i32
    %1 = arith.divsi %0, %c64_i32 : i32
    %a = arith.muli %pid_m_17, %c128_i32 : i32
    %b = arith.muli %pid_n, %c256_i32 : i32
    %acc:1 = scf.for %k = %c0_i32 to %1 step %c1_i32 iter_args(%acc_in = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %k64 = arith.muli %k, %c64_i32 : i32
      %a_t = tt.descriptor_load %a_d[%a, %k64] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %b_t = tt.descriptor_load %b_d[%k64, %b] : !tt.tensordesc<tensor<64x256xf16, #shared>> -> tensor<64x256xf16, #blocked1>
      %a_s = ttg.local_alloc %a_t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b_s = ttg.local_alloc %b_t : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      %acc_out = ttng.warp_group_dot %a_s, %b_s, %acc_in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %acc_out : tensor<128x256xf32, #mma>
    }
    %2 = arith.truncf %acc#0 : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    tt.descriptor_store %c_d[%a, %b], %2 : !tt.tensordesc<tensor<128x256xf16, #shared>>, tensor<128x256xf16, #mma>
    tt.return
  }
}
