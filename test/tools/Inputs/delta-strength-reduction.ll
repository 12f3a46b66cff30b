target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; By index difference: b + 5s from b + 3s.
define void @index(ptr %out, i32 %b, i32 %s) {
  %m3 = mul i32 %s, 3
  %x3 = add i32 %b, %m3
  %m5 = mul i32 %s, 5
  %x5 = add i32 %b, %m5
  store volatile i32 %x3, ptr %out
  store volatile i32 %x5, ptr %out
  ret void
}

; By base difference: (b + 16) + 3s is b + 3s plus 16.
define void @base(ptr %out, i32 %b, i32 %s) {
  %m3 = mul i32 %s, 3
  %x = add i32 %b, %m3
  %b16 = add i32 %b, 16
  %y = add i32 %b16, %m3
  store volatile i32 %x, ptr %out
  store volatile i32 %y, ptr %out
  ret void
}

; By stride difference: &p[s + 1] is &p[s] plus one element.
define void @stride(ptr addrspace(1) %p, i64 %s) {
  %a = getelementptr float, ptr addrspace(1) %p, i64 %s
  %s1 = add i64 %s, 1
  %c = getelementptr float, ptr addrspace(1) %p, i64 %s1
  store volatile float 0.0, ptr addrspace(1) %a
  store volatile float 0.0, ptr addrspace(1) %c
  ret void
}

; Not worse than before: b + s stays, it is no simpler as b + 8s - 7s.
define void @profitable(ptr %out, i32 %b, i32 %s) {
  %m8 = shl i32 %s, 3
  %x8 = add i32 %b, %m8
  %x1 = add i32 %b, %s
  store volatile i32 %x8, ptr %out
  store volatile i32 %x1, ptr %out
  ret void
}

; Chains of unit steps are made from their root: b + 2s and b + 3s both
; from b + s, not each from the one before.
define void @chain(ptr addrspace(1) %p, i64 %s) {
  %a0 = getelementptr float, ptr addrspace(1) %p, i64 %s
  %s1 = add i64 %s, 1
  %a1 = getelementptr float, ptr addrspace(1) %p, i64 %s1
  %s2 = add i64 %s, 2
  %a2 = getelementptr float, ptr addrspace(1) %p, i64 %s2
  store volatile float 0.0, ptr addrspace(1) %a0
  store volatile float 0.0, ptr addrspace(1) %a1
  store volatile float 0.0, ptr addrspace(1) %a2
  ret void
}
