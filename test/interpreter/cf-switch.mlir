// cf.switch: the first case equal to the flag, else the default, with each
// destination's operands. Program p (flag p - 1) stores 10, 20 and 30 for
// the cases 0, 5 and -1 (a negative case value), the default's -1 for the
// others.
// RUN: triton-run %s --grid 7 --arg 'dst=i32[7]:zeros' --arg 'shift=i32:-1' --print dst | FileCheck %s
// CHECK: dst:
// CHECK-NEXT: [30 10 -1 -1 -1 -1 20]

module {
  tt.func public @k(%dst: !tt.ptr<i32>, %shift: i32) {
    %pid = tt.get_program_id x : i32
    %flag = arith.addi %pid, %shift : i32
    %c10 = arith.constant 10 : i32
    %c20 = arith.constant 20 : i32
    %m1 = arith.constant -1 : i32
    %c30 = arith.constant 30 : i32
    cf.switch %flag : i32, [
      default: ^store(%m1 : i32),
      0: ^store(%c10 : i32),
      5: ^store(%c20 : i32),
      -1: ^store(%c30 : i32)
    ]
  ^store(%v: i32):
    %p = tt.addptr %dst, %pid : !tt.ptr<i32>, i32
    tt.store %p, %v : !tt.ptr<i32>
    tt.return
  }
}
