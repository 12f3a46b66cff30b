// RUN: triton-opt %s -split-input-file -triton-nvidia-mma-lowering -verify-diagnostics -o /dev/null
// Scales that -triton-nvidia-mma-lowering cannot move to tensor memory.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8}>
#scales = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @rows(%a: !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, %acc: !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<100xi8, #scales, #smem>, %p: i1) {
    // expected-error @+1 {{cannot spread the 100 scales of a_scale over 128 rows of tensor memory}}
    ttng.tc_gen5_mma_scaled %a, %b, %acc, %as, %as, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<100xi8, #scales, #smem>, !ttg.memdesc<100xi8, #scales, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8, CGALayout = [[1, 0]]}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 8, CGALayout = [[0, 1]]}>
#scales = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], CGALayout = [[1, 0]]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CGALayout = [[1, 0]]>
#tmem_scales = #ttng.tensor_memory_scales_encoding<CGALayout = [[1, 0]]>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reshaped_cga(%a: !ttg.memdesc<256x128xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, %acc: !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>, %as: !ttg.memdesc<256x4xi8, #tmem_scales, #ttng.tensor_memory>, %bs: !ttg.memdesc<2x128xi8, #scales, #smem>, %p: i1) {
    // expected-error @+1 {{cannot move b_scale, split over several CTAs, to tensor memory as 64x4}}
    ttng.tc_gen5_mma_scaled %a, %b, %acc, %as, %bs, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<256x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x64xf8E4M3FN, #shared1, #smem>, !ttg.memdesc<256x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<256x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<2x128xi8, #scales, #smem>
    tt.return
  }
}
