; A loop carrying a tensor's registers as one struct: two i32 fields and a
; pair of halves, as the LLVM dialect's block arguments make them.
define { i32, i32, half, half } @accumulate(i32 %n, i32 %step, half %h) {
entry:
  %init.0 = insertvalue { i32, i32, half, half } undef, i32 0, 0
  %init.1 = insertvalue { i32, i32, half, half } %init.0, i32 1, 1
  %init.2 = insertvalue { i32, i32, half, half } %init.1, half 0xH0000, 2
  %init = insertvalue { i32, i32, half, half } %init.2, half 0xH3C00, 3
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi { i32, i32, half, half } [ %init, %entry ], [ %acc.next, %loop ]
  %a = extractvalue { i32, i32, half, half } %acc, 0
  %b = extractvalue { i32, i32, half, half } %acc, 1
  %c = extractvalue { i32, i32, half, half } %acc, 2
  %d = extractvalue { i32, i32, half, half } %acc, 3
  %a.next = add i32 %a, %step
  %b.next = mul i32 %b, %step
  %c.next = fadd half %c, %h
  %d.next = fmul half %d, %h
  %s.0 = insertvalue { i32, i32, half, half } undef, i32 %a.next, 0
  %s.1 = insertvalue { i32, i32, half, half } %s.0, i32 %b.next, 1
  %s.2 = insertvalue { i32, i32, half, half } %s.1, half %c.next, 2
  %acc.next = insertvalue { i32, i32, half, half } %s.2, half %d.next, 3
  %i.next = add i32 %i, 1
  %again = icmp slt i32 %i.next, %n
  br i1 %again, label %loop, label %exit

exit:
  ret { i32, i32, half, half } %acc.next
}
