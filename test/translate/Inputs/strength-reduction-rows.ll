target triple = "nvptx64-nvidia-cuda"

; Rows b, b + 1, b + 2, b + 3 of a matrix with a run-time stride s: the
; offsets (b + i) * s, which the strength reduction makes one multiply and
; three adds of s.
define ptx_kernel void @rows(ptr addrspace(1) %out, i32 %b, i32 %s) {
  %b1 = add i32 %b, 1
  %b2 = add i32 %b, 2
  %b3 = add i32 %b, 3
  %o0 = mul i32 %b, %s
  %o1 = mul i32 %b1, %s
  %o2 = mul i32 %b2, %s
  %o3 = mul i32 %b3, %s
  store volatile i32 %o0, ptr addrspace(1) %out
  store volatile i32 %o1, ptr addrspace(1) %out
  store volatile i32 %o2, ptr addrspace(1) %out
  store volatile i32 %o3, ptr addrspace(1) %out
  ret void
}
