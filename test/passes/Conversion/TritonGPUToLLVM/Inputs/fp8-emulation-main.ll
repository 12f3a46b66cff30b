; Host driver of fp8-emulation.test: each input's codes in the six
; narrowings, and back to f32 (as bits) from the E4M3 and E5M2 codes.
@inputs = private constant [24 x i32] [
  i32 u0x00000000, i32 u0x80000000, i32 u0x3F800000, i32 u0x43E00000,
  i32 u0x43E80000, i32 u0x43E80001, i32 u0x43F00000, i32 u0x47600000,
  i32 u0x47700000, i32 u0x476FFFFF, i32 u0x7F800000, i32 u0xFF800000,
  i32 u0x7FC00000, i32 u0x3B000000, i32 u0x3A800000, i32 u0x3A800001,
  i32 u0x3C800000, i32 u0x3C7FFFFF, i32 u0x37800000, i32 u0x37000000,
  i32 u0xC1A80000, i32 u0x3FC00000, i32 u0x3F880000, i32 u0x3F980000]
@format = private constant [47 x i8] c"%08x: %02x %02x %02x %02x %02x %02x %08x %08x\0A\00"

declare i32 @printf(ptr, ...)
declare i8 @f32_e4m3_rtne(float, ptr addrspace(1), ptr addrspace(1))
declare i8 @f32_e4m3_rtz(float, ptr addrspace(1), ptr addrspace(1))
declare i8 @f32_e5m2_rtne(float, ptr addrspace(1), ptr addrspace(1))
declare i8 @f32_e5m2_rtz(float, ptr addrspace(1), ptr addrspace(1))
declare i8 @f32_e4m3_trunc(float, ptr addrspace(1), ptr addrspace(1))
declare i8 @f32_e5m2_trunc(float, ptr addrspace(1), ptr addrspace(1))
declare float @e4m3_f32(i8, ptr addrspace(1), ptr addrspace(1))
declare float @e5m2_f32(i8, ptr addrspace(1), ptr addrspace(1))

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr [24 x i32], ptr @inputs, i32 0, i32 %i
  %bits = load i32, ptr %p
  %x = bitcast i32 %bits to float
  %a = call i8 @f32_e4m3_rtne(float %x, ptr addrspace(1) null, ptr addrspace(1) null)
  %b = call i8 @f32_e4m3_rtz(float %x, ptr addrspace(1) null, ptr addrspace(1) null)
  %c = call i8 @f32_e5m2_rtne(float %x, ptr addrspace(1) null, ptr addrspace(1) null)
  %d = call i8 @f32_e5m2_rtz(float %x, ptr addrspace(1) null, ptr addrspace(1) null)
  %e = call i8 @f32_e4m3_trunc(float %x, ptr addrspace(1) null, ptr addrspace(1) null)
  %f = call i8 @f32_e5m2_trunc(float %x, ptr addrspace(1) null, ptr addrspace(1) null)
  %g = call float @e4m3_f32(i8 %a, ptr addrspace(1) null, ptr addrspace(1) null)
  %h = call float @e5m2_f32(i8 %c, ptr addrspace(1) null, ptr addrspace(1) null)
  %gb = bitcast float %g to i32
  %hb = bitcast float %h to i32
  %a32 = zext i8 %a to i32
  %b32 = zext i8 %b to i32
  %c32 = zext i8 %c to i32
  %d32 = zext i8 %d to i32
  %e32 = zext i8 %e to i32
  %f32 = zext i8 %f to i32
  call i32 (ptr, ...) @printf(ptr @format, i32 %bits, i32 %a32, i32 %b32, i32 %c32, i32 %d32, i32 %e32, i32 %f32, i32 %gb, i32 %hb)
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, 24
  br i1 %done, label %exit, label %loop
exit:
  ret i32 0
}
