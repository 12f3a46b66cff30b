// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='forward-packed-elements=true' | FileCheck %s
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -canonicalize -cse -o %t.plain
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm='forward-packed-elements=true' -canonicalize -cse -o %t.forwarded
// RUN: diff %t.plain %t.forwarded

// forward-packed-elements (what -triton-make-llir runs): an op reads the
// elements the op before it made, with no struct built in between; a struct
// is still built where something reads it whole (a branch to a loop's
// block, a return), as Triton 3.6 builds it. After -canonicalize the module
// is the one the plain lowering gives (the diff above).

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @sum_rows
  // CHECK-NOT: unrealized_conversion_cast
  // The loop's accumulator enters the loop whole.
  // CHECK: %[[Z0:.*]] = llvm.insertvalue %{{.*}}, %{{.*}}[0] : !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-COUNT-3: llvm.insertvalue
  // CHECK: llvm.br ^bb1(%{{.*}}, %{{.*}} : i32, !llvm.struct<(f32, f32, f32, f32)>)
  // CHECK: ^bb1(%{{.*}}: i32, %[[ACC:.*]]: !llvm.struct<(f32, f32, f32, f32)>):
  // In the body: the block argument's elements, the loaded ones added to
  // them, the sums built into the struct the back edge carries.
  // CHECK: ^bb2:
  // CHECK-COUNT-4: llvm.extractvalue %[[ACC]]
  // CHECK-COUNT-4: llvm.fadd
  // CHECK-NOT: llvm.extractvalue
  // CHECK-COUNT-4: llvm.insertvalue
  // CHECK: llvm.br ^bb1
  // After the loop: exp's results go to the store with no struct of them.
  // CHECK: ^bb3:
  // CHECK-COUNT-4: llvm.extractvalue %[[ACC]]
  // CHECK-NOT: llvm.insertvalue
  // CHECK-NOT: llvm.extractvalue
  // CHECK: st.global
  // CHECK: llvm.return
  tt.func public @sum_rows(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
    %range = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %xs, %range : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<512xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<512xf32, #blocked>) : i32 {
      %v = tt.load %ptrs : tensor<512x!tt.ptr<f32>, #blocked>
      %s = arith.addf %a, %v : tensor<512xf32, #blocked>
      scf.yield %s : tensor<512xf32, #blocked>
    }
    %e = math.exp %acc : tensor<512xf32, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %range : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %yp, %e : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A tensor a function takes or returns is passed whole: the callee reads the
// argument's elements and builds the struct it returns; the caller builds the
// struct it passes and reads the elements of the call's.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func internal @scaled
  // CHECK-SAME: (%[[A:[^:]*]]: !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-COUNT-4: llvm.extractvalue %[[A]]
  // CHECK-COUNT-4: llvm.fmul
  // CHECK-NEXT: llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-COUNT-4: llvm.insertvalue
  // CHECK-NEXT: llvm.return
  tt.func private @scaled(%a: tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked> {
    %two = arith.constant dense<2.0> : tensor<512xf32, #blocked>
    %s = arith.mulf %a, %two : tensor<512xf32, #blocked>
    tt.return %s : tensor<512xf32, #blocked>
  }
  // CHECK-LABEL: llvm.func @caller
  // CHECK: llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
  // CHECK-COUNT-4: llvm.insertvalue
  // CHECK: %[[R:.*]] = llvm.call @scaled
  // CHECK-COUNT-4: llvm.extractvalue %[[R]]
  // CHECK-NOT: unrealized_conversion_cast
  tt.func public @caller(%x: !tt.ptr<f32>) {
    %range = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %xs, %range : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = tt.load %ptrs : tensor<512x!tt.ptr<f32>, #blocked>
    %r = tt.call @scaled(%v) : (tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
    tt.store %ptrs, %r : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
