// An op the interpreter has no evaluator for stops the run with an error at
// the op, naming it; nothing after it runs.
// RUN: not triton-run %s --grid 2 --arg 'out_ptr=i32[1]:zeros' 2>&1 | FileCheck %s

module {
  tt.func public @kernel(%out_ptr: !tt.ptr<i32>) {
    %c7 = arith.constant 7 : i32
    // CHECK: unsupported-op.mlir:[[@LINE+1]]:10: error: program (0, 0, 0): op 'math.ctpop' is not supported by the interpreter yet
    %n = math.ctpop %c7 : i32
    tt.store %out_ptr, %n : !tt.ptr<i32>
    tt.return
  }
}
// CHECK-NOT: error
