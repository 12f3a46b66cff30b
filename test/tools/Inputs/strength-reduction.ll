target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Sums b + i * s, each a candidate to be made from another as
; x + (i' - i) * s.
define void @sums(ptr %out, i32 %b, i32 %s) {
  %m3 = mul i32 %s, 3
  %x3 = add i32 %b, %m3
  %m5 = mul i32 %s, 5
  %x5 = add i32 %b, %m5
  %m8 = shl i32 %s, 3
  %x8 = add i32 %m8, %b
  %m4 = shl i32 %s, 2
  %x4 = add i32 %b, %m4
  store volatile i32 %x3, ptr %out
  store volatile i32 %x5, ptr %out
  store volatile i32 %x8, ptr %out
  store volatile i32 %x4, ptr %out
  ret void
}

; Products (b + i) * s, rows of a matrix with a run-time stride, and
; (c | i) * s where c and i share no bit.
define void @products(ptr %out, i32 %b, i32 %s) {
  %b1 = add i32 %b, 1
  %b2 = add i32 %b, 2
  %c = shl i32 %b, 3
  %c1 = or i32 %c, 1
  %c6 = or i32 %c, 6
  %o0 = mul i32 %b, %s
  %o1 = mul i32 %b1, %s
  %o2 = mul i32 %s, %b2
  %p1 = mul i32 %c1, %s
  %p6 = mul i32 %c6, %s
  store volatile i32 %o0, ptr %out
  store volatile i32 %o1, ptr %out
  store volatile i32 %o2, ptr %out
  store volatile i32 %p1, ptr %out
  store volatile i32 %p6, ptr %out
  ret void
}

; Addresses &p[i * s] of sign-extended products that cannot wrap.
define void @addresses(ptr addrspace(1) %p, i32 %s) {
  %i2 = mul nsw i32 %s, 2
  %e2 = sext i32 %i2 to i64
  %a2 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e2
  %i6 = mul nsw i32 %s, 6
  %e6 = sext i32 %i6 to i64
  %a6 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e6
  %i7 = mul i32 %s, 7
  %e7 = sext i32 %i7 to i64
  %a7 = getelementptr inbounds float, ptr addrspace(1) %p, i64 %e7
  store volatile float 0.0, ptr addrspace(1) %a2
  store volatile float 0.0, ptr addrspace(1) %a6
  store volatile float 0.0, ptr addrspace(1) %a7
  ret void
}

; A basis must dominate: the sum in %then is none for the one in %join;
; the one in %entry is.
define void @dominance(ptr %out, i32 %b, i32 %s, i1 %c) {
entry:
  %m2 = mul i32 %s, 2
  %x2 = add i32 %b, %m2
  store volatile i32 %x2, ptr %out
  br i1 %c, label %then, label %join
then:
  %m4 = mul i32 %s, 4
  %x4 = add i32 %b, %m4
  store volatile i32 %x4, ptr %out
  br label %join
join:
  %m6 = mul i32 %s, 6
  %x6 = add i32 %b, %m6
  store volatile i32 %x6, ptr %out
  ret void
}

; Candidates far apart: the 26 sums of two values and %m9 make 54 between
; %x3 and %x9 (two each).
define void @window(ptr %out, i32 %b, i32 %s, i32 %u) {
  %m3 = mul i32 %s, 3
  %x3 = add i32 %b, %m3
  store volatile i32 %x3, ptr %out
  %f0 = add i32 %u, 0
  store volatile i32 %f0, ptr %out
  %f1 = add i32 %u, 1
  store volatile i32 %f1, ptr %out
  %f2 = add i32 %u, 2
  store volatile i32 %f2, ptr %out
  %f3 = add i32 %u, 3
  store volatile i32 %f3, ptr %out
  %f4 = add i32 %u, 4
  store volatile i32 %f4, ptr %out
  %f5 = add i32 %u, 5
  store volatile i32 %f5, ptr %out
  %f6 = add i32 %u, 6
  store volatile i32 %f6, ptr %out
  %f7 = add i32 %u, 7
  store volatile i32 %f7, ptr %out
  %f8 = add i32 %u, 8
  store volatile i32 %f8, ptr %out
  %f9 = add i32 %u, 9
  store volatile i32 %f9, ptr %out
  %f10 = add i32 %u, 10
  store volatile i32 %f10, ptr %out
  %f11 = add i32 %u, 11
  store volatile i32 %f11, ptr %out
  %f12 = add i32 %u, 12
  store volatile i32 %f12, ptr %out
  %f13 = add i32 %u, 13
  store volatile i32 %f13, ptr %out
  %f14 = add i32 %u, 14
  store volatile i32 %f14, ptr %out
  %f15 = add i32 %u, 15
  store volatile i32 %f15, ptr %out
  %f16 = add i32 %u, 16
  store volatile i32 %f16, ptr %out
  %f17 = add i32 %u, 17
  store volatile i32 %f17, ptr %out
  %f18 = add i32 %u, 18
  store volatile i32 %f18, ptr %out
  %f19 = add i32 %u, 19
  store volatile i32 %f19, ptr %out
  %f20 = add i32 %u, 20
  store volatile i32 %f20, ptr %out
  %f21 = add i32 %u, 21
  store volatile i32 %f21, ptr %out
  %f22 = add i32 %u, 22
  store volatile i32 %f22, ptr %out
  %f23 = add i32 %u, 23
  store volatile i32 %f23, ptr %out
  %f24 = add i32 %u, 24
  store volatile i32 %f24, ptr %out
  %f25 = add i32 %u, 25
  store volatile i32 %f25, ptr %out
  %m9 = mul i32 %s, 9
  %x9 = add i32 %b, %m9
  store volatile i32 %x9, ptr %out
  %m10 = mul i32 %s, 10
  %x10 = add i32 %b, %m10
  store volatile i32 %x10, ptr %out
  ret void
}
