; A warp-wide float minimum: PTX has it from sm_100a on, and NVPTX cannot
; select it for sm_90a (a fatal error inside instruction selection).
define ptx_kernel void @warp_min(ptr addrspace(1) %p, float %x) {
  %r = call float @llvm.nvvm.redux.sync.fmin(float %x, i32 -1)
  store float %r, ptr addrspace(1) %p
  ret void
}

declare float @llvm.nvvm.redux.sync.fmin(float, i32)
