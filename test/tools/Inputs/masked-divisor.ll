; What a masked load lowered with a branch leaves: the loaded value or the
; load's `other` (0 or undef) as a phi, which then divides.
define i32 @quotient(i32 %x, i32 %lane, i32 %bound, ptr addrspace(1) %p) {
entry:
  %in = icmp ult i32 %lane, %bound
  br i1 %in, label %load, label %join

load:
  %loaded = load i32, ptr addrspace(1) %p, align 4
  br label %join

join:
  %divisor = phi i32 [ %loaded, %load ], [ 0, %entry ]
  %q = udiv i32 %x, %divisor
  %r = srem i32 %x, %divisor
  %sum = add i32 %q, %r
  ret i32 %sum
}

; A divisor phi that is never zero or undef, and the phi as a dividend: the
; pass leaves both alone.
define i32 @nonzero(i32 %x, i1 %c, ptr addrspace(1) %p) {
entry:
  br i1 %c, label %load, label %join

load:
  %loaded = load i32, ptr addrspace(1) %p, align 4
  br label %join

join:
  %divisor = phi i32 [ %loaded, %load ], [ 7, %entry ]
  %dividend = phi i32 [ %loaded, %load ], [ 0, %entry ]
  %q = sdiv i32 %dividend, %divisor
  ret i32 %q
}
