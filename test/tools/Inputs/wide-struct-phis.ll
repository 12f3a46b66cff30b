; Loop-carried structs for -split-wide-struct-phis
; (test/tools/split-wide-struct-phis.test): an 8-field accumulator, as the
; LLVM dialect carries a tensor's registers around a loop, and a 2-field
; pair.
target triple = "nvptx64-nvidia-cuda"

define float @wide(i32 %n, float %x) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi { float, float, float, float, float, float, float, float } [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %a0 = extractvalue { float, float, float, float, float, float, float, float } %acc, 0
  %a7 = extractvalue { float, float, float, float, float, float, float, float } %acc, 7
  %s0 = fadd float %a0, %x
  %s7 = fadd float %a7, %x
  %t0 = insertvalue { float, float, float, float, float, float, float, float } %acc, float %s0, 0
  %acc.next = insertvalue { float, float, float, float, float, float, float, float } %t0, float %s7, 7
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r0 = extractvalue { float, float, float, float, float, float, float, float } %acc.next, 0
  %r7 = extractvalue { float, float, float, float, float, float, float, float } %acc.next, 7
  %r = fadd float %r0, %r7
  ret float %r
}

define i32 @narrow(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi { i32, i32 } [ zeroinitializer, %entry ], [ %p.next, %loop ]
  %p0 = extractvalue { i32, i32 } %p, 0
  %q0 = add i32 %p0, %i
  %p.next = insertvalue { i32, i32 } %p, i32 %q0, 0
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = extractvalue { i32, i32 } %p.next, 0
  ret i32 %r
}
