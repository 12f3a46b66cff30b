; A kernel calling another target's intrinsic: NVPTX cannot select it.
define ptx_kernel void @spin() {
  call void @llvm.x86.sse2.pause()
  ret void
}

declare void @llvm.x86.sse2.pause()
