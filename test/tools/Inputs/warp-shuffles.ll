; Shuffles for -merge-warp-shuffles (test/tools/merge-warp-shuffles.test).
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; The two elements of a pair, each from one shuffle of the same value.
define i32 @pair(i32 %x) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bit = and i32 %tid, 1
  %left.own = icmp eq i32 %bit, 0
  %s1 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %x, i32 1, i32 31)
  %left = select i1 %left.own, i32 %x, i32 %s1
  %right.own = icmp eq i32 %bit, 1
  %s2 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %x, i32 1, i32 31)
  %right = select i1 %right.own, i32 %x, i32 %s2
  %d = xor i32 %left, %right
  ret i32 %d
}

; Not the same shuffle: another value, another lane offset, another kind.
define i32 @different(i32 %x, i32 %y) {
  %a = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %x, i32 1, i32 31)
  %b = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %y, i32 1, i32 31)
  %c = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %x, i32 2, i32 31)
  %d = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x, i32 1, i32 31)
  %ab = add i32 %a, %b
  %cd = add i32 %c, %d
  %r = add i32 %ab, %cd
  ret i32 %r
}

; Identical shuffles in two blocks: the lanes running one need not run the
; other, so both stay.
define i32 @blocks(i32 %x, i1 %p) {
entry:
  %a = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %x, i32 1, i32 31)
  br i1 %p, label %then, label %join
then:
  %b = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %x, i32 1, i32 31)
  br label %join
join:
  %r = phi i32 [ %a, %entry ], [ %b, %then ]
  ret i32 %r
}

; Identical shuffles five instructions apart: merged by default, kept with
; -merge-warp-shuffles-max-distance=4.
define i32 @far(i32 %x, i32 %y) {
  %a = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %x, i32 1, i32 31)
  %y1 = add i32 %y, 1
  %y2 = mul i32 %y1, %y
  %y3 = xor i32 %y2, %y1
  %y4 = add i32 %y3, %a
  %b = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %x, i32 1, i32 31)
  %r = add i32 %y4, %b
  ret i32 %r
}
