// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm -canonicalize -cse | FileCheck %s
// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm -reconcile-unrealized-casts | triton-translate --mlir-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx

// A sum (or `or`, `xor`) of integers along an axis, each multiplied by a
// mask that is 1 at one coordinate of the axis and 0 at the others, is the
// element at that coordinate (OneHotSum.h): the lowering selects it, from
// the register holding it, then through one shuffle per lane bit of the
// axis, each lane keeping its own value where its bit is the coordinate's.
// The shuffles move the unmasked values, so the two sums of a pair (masks
// 1 - arange(0, 2) and arange(0, 2), as Inductor's sort takes them) shuffle
// the same values and LLVM keeps one shuffle for both (-merge-warp-shuffles).
// Where warps split the axis, step 3 reads the partial of the warp holding
// the element. Results are checked by running Inductor's sort kernels
// (sort-one-hot-simt).

// The axis across lane bit 0, the rows across the other lanes and warps.
#lanes = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
// The axis in a thread's two registers.
#regs = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [1, 0]}>
// The axis across the two warps.
#warps = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 2], order = [1, 0]}>
// A four-wide axis: bit 0 a register, bit 1 lane bit 0.
#mixed = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [16, 2], warpsPerCTA = [2, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// Inductor's pair: left = sum(x * (1 - arange)), right = sum(x * arange).
// CHECK-LABEL: llvm.func @pair_across_lanes
// CHECK-NOT: llvm.mul
// CHECK: %[[LANE:.*]] = llvm.urem
// CHECK: %[[BIT:.*]] = llvm.and %[[LANE]], %[[ONE:.*]] : i32
// CHECK: %[[LEFT_OWN:.*]] = llvm.icmp "eq" %[[BIT]], %{{.*}} : i32
// CHECK: %[[OTHER:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[X:.*]], %[[ONE]], %{{.*}} : i32 -> i32
// CHECK: llvm.select %[[LEFT_OWN]], %[[X]], %[[OTHER]] : i1, i32
// CHECK: %[[RIGHT_OWN:.*]] = llvm.icmp "eq" %[[BIT]], %[[ONE]] : i32
// CHECK: %[[OTHER2:.*]] = nvvm.shfl.sync bfly %{{.*}}, %[[X]], %[[ONE]], %{{.*}} : i32 -> i32
// CHECK: llvm.select %[[RIGHT_OWN]], %[[X]], %[[OTHER2]] : i1, i32
// CHECK-NOT: llvm.mul
// CHECK: llvm.return
// After LLVM one shuffle is left for both.
// PTX-LABEL: .entry pair_across_lanes(
// PTX-COUNT-1: shfl.sync.bfly.b32
// PTX-NOT: shfl.sync
// PTX-NOT: mul.lo
// PTX: ret;
  tt.func public @pair_across_lanes(%in: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %ones = arith.constant dense<1> : tensor<1x2xi32, #lanes>
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #lanes}>>
    %re = tt.expand_dims %r {axis = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #lanes}>> -> tensor<1x2xi32, #lanes>
    %lm = arith.subi %ones, %re : tensor<1x2xi32, #lanes>
    %lb = tt.broadcast %lm : tensor<1x2xi32, #lanes> -> tensor<32x2xi32, #lanes>
    %rb = tt.broadcast %re : tensor<1x2xi32, #lanes> -> tensor<32x2xi32, #lanes>
    %p = tt.splat %in : !tt.ptr<i32> -> tensor<32x2x!tt.ptr<i32>, #lanes>
    %x = tt.load %p : tensor<32x2x!tt.ptr<i32>, #lanes>
    %xl = arith.muli %x, %lb : tensor<32x2xi32, #lanes>
    %left = "tt.reduce"(%xl) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<32x2xi32, #lanes>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #lanes}>>
    %xr = arith.muli %rb, %x : tensor<32x2xi32, #lanes>
    %right = "tt.reduce"(%xr) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<32x2xi32, #lanes>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #lanes}>>
    %d = arith.xori %left, %right : tensor<32xi32, #ttg.slice<{dim = 1, parent = #lanes}>>
    %o = tt.splat %out : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #lanes}>>
    tt.store %o, %d : tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #lanes}>>
    tt.return
  }

// In the thread: the register at the coordinate, no shuffle. Here x is
// pid + 7 * j (j the coordinate along the axis) as i16, so the element at
// coordinate 1 is pid + 7; the i16 product, sign-extended before the sum,
// is that element extended.
// CHECK-LABEL: llvm.func @in_registers_extended
// CHECK-NOT: nvvm.shfl.sync
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[SEVEN:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK: %[[PID:.*]] = nvvm.read.ptx.sreg.ctaid.x : i32
// CHECK: %[[J:.*]] = llvm.xor %[[ZERO]], %[[ONE]] : i32
// CHECK: %[[J7:.*]] = llvm.mul %[[J]], %[[SEVEN]] : i32
// CHECK: %[[X:.*]] = llvm.add %[[PID]], %[[J7]] : i32
// CHECK: %[[X16:.*]] = llvm.trunc %[[X]] : i32 to i16
// CHECK: %[[W:.*]] = llvm.sext %[[X16]] : i16 to i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: st.global.b32 {{.*}}"r,l,b" %[[W]]
// CHECK: llvm.return
  tt.func public @in_registers_extended(%out: !tt.ptr<i32>) {
    %pid = tt.get_program_id x : i32
    %seven = arith.constant dense<7> : tensor<1x2xi32, #regs>
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #regs}>>
    %re = tt.expand_dims %r {axis = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #regs}>> -> tensor<1x2xi32, #regs>
    %j7 = arith.muli %re, %seven : tensor<1x2xi32, #regs>
    %ps = tt.splat %pid : i32 -> tensor<1x2xi32, #regs>
    %xv = arith.addi %ps, %j7 : tensor<1x2xi32, #regs>
    %xb = tt.broadcast %xv : tensor<1x2xi32, #regs> -> tensor<64x2xi32, #regs>
    %x = arith.trunci %xb : tensor<64x2xi32, #regs> to tensor<64x2xi16, #regs>
    %rt = arith.trunci %re : tensor<1x2xi32, #regs> to tensor<1x2xi16, #regs>
    %rb = tt.broadcast %rt : tensor<1x2xi16, #regs> -> tensor<64x2xi16, #regs>
    %xr = arith.muli %x, %rb : tensor<64x2xi16, #regs>
    %w = arith.extsi %xr : tensor<64x2xi16, #regs> to tensor<64x2xi32, #regs>
    %s = "tt.reduce"(%w) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<64x2xi32, #regs>) -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #regs}>>
    %o = tt.splat %out : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #regs}>>
    tt.store %o, %s : tensor<64x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #regs}>>
    tt.return
  }

// A four-wide axis, the mask `arange == 3` made a 0/1 integer, reached
// through a reshape that only adds a unit dimension; a two-operand `xor`
// and `or` reduction. Coordinate 3: the second register, then the lane
// whose bit 0 is set.
// CHECK-LABEL: llvm.func @four_wide_tuple
// CHECK-NOT: llvm.mul
// CHECK: %[[LANE:.*]] = llvm.urem
// CHECK: %[[BIT:.*]] = llvm.and %[[LANE]], %[[ONE:.*]] : i32
// CHECK: %[[OWN:.*]] = llvm.icmp "eq" %[[BIT]], %[[ONE]] : i32
// CHECK: nvvm.shfl.sync bfly
// CHECK: nvvm.shfl.sync bfly
// CHECK: llvm.select %[[OWN]]
// CHECK: llvm.select %[[OWN]]
// CHECK-NOT: llvm.mul
// CHECK: llvm.return
  tt.func public @four_wide_tuple(%in: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %three = arith.constant dense<3> : tensor<4xi32, #ttg.slice<{dim = 0, parent = #mixed}>>
    %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #ttg.slice<{dim = 0, parent = #mixed}>>
    %eq = arith.cmpi eq, %r, %three : tensor<4xi32, #ttg.slice<{dim = 0, parent = #mixed}>>
    %m = arith.extui %eq : tensor<4xi1, #ttg.slice<{dim = 0, parent = #mixed}>> to tensor<4xi32, #ttg.slice<{dim = 0, parent = #mixed}>>
    %me = tt.reshape %m : tensor<4xi32, #ttg.slice<{dim = 0, parent = #mixed}>> -> tensor<1x4xi32, #mixed>
    %mb = tt.broadcast %me : tensor<1x4xi32, #mixed> -> tensor<32x4xi32, #mixed>
    %p = tt.splat %in : !tt.ptr<i32> -> tensor<32x4x!tt.ptr<i32>, #mixed>
    %x = tt.load %p : tensor<32x4x!tt.ptr<i32>, #mixed>
    %y = arith.addi %x, %x : tensor<32x4xi32, #mixed>
    %xm = arith.muli %x, %mb : tensor<32x4xi32, #mixed>
    %ym = arith.muli %mb, %y : tensor<32x4xi32, #mixed>
    %s:2 = "tt.reduce"(%xm, %ym) <{axis = 1 : i32}> ({
    ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
      %c0 = arith.xori %a0, %b0 : i32
      %c1 = arith.ori %b1, %a1 : i32
      tt.reduce.return %c0, %c1 : i32, i32
    }) : (tensor<32x4xi32, #mixed>, tensor<32x4xi32, #mixed>) -> (tensor<32xi32, #ttg.slice<{dim = 1, parent = #mixed}>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #mixed}>>)
    %d = arith.addi %s#0, %s#1 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #mixed}>>
    %o = tt.splat %out : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #mixed}>>
    tt.store %o, %d : tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #mixed}>>
    tt.return
  }

// Not selections, reduced as any sum: a mask of 1 at both coordinates, a
// float product (0 * inf is not 0), a `max` region.
// CHECK-LABEL: llvm.func @not_one_hot
// CHECK: llvm.mul
// CHECK: nvvm.shfl.sync bfly
// CHECK: llvm.add
// CHECK: llvm.fmul
// CHECK: nvvm.shfl.sync bfly
// CHECK: llvm.fadd
// CHECK: llvm.mul
// CHECK: nvvm.shfl.sync bfly
// CHECK: llvm.intr.smax
// CHECK: llvm.return
  tt.func public @not_one_hot(%in: !tt.ptr<i32>, %fin: !tt.ptr<f32>, %out: !tt.ptr<i32>, %fout: !tt.ptr<f32>) {
    %ones = arith.constant dense<1> : tensor<32x2xi32, #lanes>
    %fmask = arith.constant dense<[[1.0, 0.0]]> : tensor<1x2xf32, #lanes>
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #lanes}>>
    %re = tt.expand_dims %r {axis = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #lanes}>> -> tensor<1x2xi32, #lanes>
    %rb = tt.broadcast %re : tensor<1x2xi32, #lanes> -> tensor<32x2xi32, #lanes>
    %p = tt.splat %in : !tt.ptr<i32> -> tensor<32x2x!tt.ptr<i32>, #lanes>
    %x = tt.load %p : tensor<32x2x!tt.ptr<i32>, #lanes>
    %x1 = arith.muli %x, %ones : tensor<32x2xi32, #lanes>
    %s1 = "tt.reduce"(%x1) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<32x2xi32, #lanes>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #lanes}>>
    %fp = tt.splat %fin : !tt.ptr<f32> -> tensor<32x2x!tt.ptr<f32>, #lanes>
    %f = tt.load %fp : tensor<32x2x!tt.ptr<f32>, #lanes>
    %fb = tt.broadcast %fmask : tensor<1x2xf32, #lanes> -> tensor<32x2xf32, #lanes>
    %f1 = arith.mulf %f, %fb : tensor<32x2xf32, #lanes>
    %s2 = "tt.reduce"(%f1) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<32x2xf32, #lanes>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #lanes}>>
    %x3 = arith.muli %x, %rb : tensor<32x2xi32, #lanes>
    %s3 = "tt.reduce"(%x3) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.maxsi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<32x2xi32, #lanes>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #lanes}>>
    %s13 = arith.addi %s1, %s3 : tensor<32xi32, #ttg.slice<{dim = 1, parent = #lanes}>>
    %o = tt.splat %out : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #lanes}>>
    tt.store %o, %s13 : tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #lanes}>>
    %fo = tt.splat %fout : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #lanes}>>
    tt.store %fo, %s2 : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #lanes}>>
    tt.return
  }

// The axis across the two warps: each warp writes its element (unmasked)
// to the scratch as [warp][row], and every thread reads the row's slot of
// warp 1, the warp holding coordinate 1 (32 rows further): one load, no sum.
// CHECK-LABEL: llvm.func @across_warps
// CHECK: %[[X:.*]] = llvm.inline_asm {{.*}}ld.global.b32
// CHECK: llvm.store %[[X]], %{{.*}} : i32, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[ROW:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
// CHECK-NEXT: %[[SLOT:.*]] = llvm.getelementptr %[[ROW]][32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i32
// CHECK-NEXT: %[[Y:.*]] = llvm.load %[[SLOT]] {{.*}} : !llvm.ptr<3> -> i32
// CHECK-NOT: llvm.load
// CHECK: st.global.b32 {{.*}}"r,l,b" %[[Y]]
// CHECK: llvm.return
  tt.func public @across_warps(%in: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #warps}>>
    %re = tt.expand_dims %r {axis = 0 : i32} : tensor<2xi32, #ttg.slice<{dim = 0, parent = #warps}>> -> tensor<1x2xi32, #warps>
    %rb = tt.broadcast %re : tensor<1x2xi32, #warps> -> tensor<32x2xi32, #warps>
    %p = tt.splat %in : !tt.ptr<i32> -> tensor<32x2x!tt.ptr<i32>, #warps>
    %x = tt.load %p : tensor<32x2x!tt.ptr<i32>, #warps>
    %xr = arith.muli %x, %rb : tensor<32x2xi32, #warps>
    %s = "tt.reduce"(%xr) <{axis = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.reduce.return %c : i32
    }) : (tensor<32x2xi32, #warps>) -> tensor<32xi32, #ttg.slice<{dim = 1, parent = #warps}>>
    %o = tt.splat %out : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #warps}>>
    tt.store %o, %s : tensor<32x!tt.ptr<i32>, #ttg.slice<{dim = 1, parent = #warps}>>
    tt.return
  }
}
