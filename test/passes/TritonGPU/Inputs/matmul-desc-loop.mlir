// Triton 3.6's matmul_desc.ttgir (sm_90, 8 warps, 3 stages, descriptors made
// in the kernel; utils/bench/kernels) just before -tritongpu-assign-latencies,
// as Inputs/matmul-desc-host-loop.mlir, except that the descriptors are made
// as after 3.6's tma-lowering (which runs after the pipeliner and leaves the
// loop alone) so that values are numbered as in the reference; the pipeliner
// does not look at how a descriptor is made.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_desc(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
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
    %c2_i64 = arith.constant 2 : i64
    %pid = tt.get_program_id x : i32
    %num_pid_m = arith.addi %M, %c127_i32 : i32
    %num_pid_m_0 = arith.divsi %num_pid_m, %c128_i32 : i32
    %num_pid_n = arith.addi %N, %c255_i32 : i32
    %num_pid_n_1 = arith.divsi %num_pid_n, %c256_i32 : i32
    %in_group = arith.muli %num_pid_n_1, %c8_i32 : i32
    %first_m = arith.divsi %pid, %in_group : i32
    %first_m_2 = arith.muli %first_m, %c8_i32 : i32
    %group_m = arith.subi %num_pid_m_0, %first_m_2 : i32
    %group_m_3 = arith.minsi %group_m, %c8_i32 : i32
    %pid_m = arith.remsi %pid, %in_group : i32
    %pid_m_4 = arith.remsi %pid_m, %group_m_3 : i32
    %pid_m_5 = arith.addi %first_m_2, %pid_m_4 : i32
    %pid_n = arith.divsi %pid_m, %group_m_3 : i32
    %a_d = arith.extsi %K : i32 to i64
    %a_d_6 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %a_d_7 = arith.muli %a_d, %c2_i64 : i64
    ttng.tensormap_create %a_d_6, %a_ptr, [%c64_i32, %c128_i32], [%K, %M], [%a_d_7], [%c1_i32, %c1_i32] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %a_d_6 : !tt.ptr<i8>
    %a_d_8 = ttng.reinterpret_tensor_descriptor %a_d_6 : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
    %b_d = arith.extsi %N : i32 to i64
    %b_d_9 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %b_d_10 = arith.muli %b_d, %c2_i64 : i64
    ttng.tensormap_create %b_d_9, %b_ptr, [%c64_i32, %c64_i32], [%N, %K], [%b_d_10], [%c1_i32, %c1_i32] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %b_d_9 : !tt.ptr<i8>
    %b_d_11 = ttng.reinterpret_tensor_descriptor %b_d_9 : !tt.ptr<i8> to !tt.tensordesc<tensor<64x256xf16, #shared>>
    %c_d = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %c_d, %c_ptr, [%c64_i32, %c128_i32], [%N, %M], [%b_d_10], [%c1_i32, %c1_i32] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %c_d : !tt.ptr<i8>
    %c_d_12 = ttng.reinterpret_tensor_descriptor %c_d : !tt.ptr<i8> to !tt.tensordesc<tensor<128x256xf16, #shared>>
    %0 = arith.addi %K, %c63_i32 : i32
    %1 = arith.divsi %0, %c64_i32 : i32
    %a = arith.muli %pid_m_5, %c128_i32 : i32
    %b = arith.muli %pid_n, %c256_i32 : i32
    %acc:1 = scf.for %k = %c0_i32 to %1 step %c1_i32 iter_args(%acc_in = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %k64 = arith.muli %k, %c64_i32 : i32
      %a_t = tt.descriptor_load %a_d_8[%a, %k64] : !tt.tensordesc<tensor<128x64xf16, #shared>> -> tensor<128x64xf16, #blocked>
      %b_t = tt.descriptor_load %b_d_11[%k64, %b] : !tt.tensordesc<tensor<64x256xf16, #shared>> -> tensor<64x256xf16, #blocked1>
      %a_s = ttg.local_alloc %a_t : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %b_s = ttg.local_alloc %b_t : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      %acc_out = ttng.warp_group_dot %a_s, %b_s, %acc_in {inputPrecision = 0 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %acc_out : tensor<128x256xf32, #mma>
    }
    %2 = arith.truncf %acc#0 : tensor<128x256xf32, #mma> to tensor<128x256xf16, #mma>
    tt.descriptor_store %c_d_12[%a, %b], %2 : !tt.tensordesc<tensor<128x256xf16, #shared>>, tensor<128x256xf16, #mma>
    tt.return
  }
}
