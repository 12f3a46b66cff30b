// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm | FileCheck %s
// RUN: triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm -reconcile-unrealized-casts | FileCheck %s --check-prefix=MAP
// RUN: %if ptxas %{ triton-opt %s -allocate-shared-memory -convert-triton-gpu-to-llvm -reconcile-unrealized-casts | triton-translate --mlir-to-ptx -o %t.ptx && %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin %}

// Triton's own elementwise ops, per element of the thread (or on scalars).
// CHECK: llvm.func @__nv_powf(f32, f32) -> f32

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32, ttg.target = "cuda:90"} {

// clampf: min with the upper bound, then max with the lower; propagateNan =
// all keeps a NaN input, and clamp(x, -c, c) is min.NaN.xorsign.abs on sm_90.
// precise_sqrt and precise_divf round correctly (f16 through f32); mulhiui
// is mul.hi.
// CHECK-LABEL: llvm.func @numerics
// CHECK-COUNT-4: llvm.intr.maxnum(%{{.*}}) : (f32, f32) -> f32
// CHECK: %[[MIN:.*]] = llvm.intr.minnum(%[[X:.*]], %[[HI:.*]]) : (f32, f32) -> f32
// CHECK: %[[CLAMPED:.*]] = llvm.intr.maxnum(%[[MIN]], %[[LO:.*]]) : (f32, f32) -> f32
// CHECK: %[[NAN:.*]] = llvm.fcmp "uno" %[[X]], %[[X]] : f32
// CHECK: llvm.select %[[NAN]], %[[X]], %[[CLAMPED]] : i1, f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.nan.xorsign.abs.f"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%{{.*}}) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.rn.f"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK: llvm.fpext %{{.*}} : f16 to f32
// CHECK-NEXT: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"
// CHECK-NEXT: llvm.fptrunc %{{.*}} : f32 to f16
// CHECK: llvm.call_intrinsic "llvm.nvvm.mulhi.ui"(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// CHECK: llvm.call_intrinsic "llvm.nvvm.mulhi.ull"(%{{.*}}, %{{.*}}) : (i64, i64) -> i64
tt.func public @numerics(%px: !tt.ptr<f32>, %ph: !tt.ptr<f16>, %pi: !tt.ptr<i32>, %l: i64) {
  %lo = arith.constant dense<-2.0> : tensor<512xf32, #blocked>
  %hi = arith.constant dense<3.0> : tensor<512xf32, #blocked>
  %one = arith.constant dense<1.0> : tensor<512xf32, #blocked>
  %mone = arith.constant dense<-1.0> : tensor<512xf32, #blocked>
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %p = tt.splat %px : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %q = tt.addptr %p, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %x = tt.load %q : tensor<512x!tt.ptr<f32>, #blocked>
  %c0 = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<512xf32, #blocked>
  %c1 = tt.clampf %x, %lo, %hi, propagateNan = all : tensor<512xf32, #blocked>
  %c2 = tt.clampf %x, %mone, %one, propagateNan = all : tensor<512xf32, #blocked>
  %s = tt.precise_sqrt %x : tensor<512xf32, #blocked>
  %d = tt.precise_divf %x, %c0 : tensor<512xf32, #blocked>
  %t0 = arith.addf %c1, %c2 : tensor<512xf32, #blocked>
  %t1 = arith.addf %t0, %s : tensor<512xf32, #blocked>
  %t2 = arith.addf %t1, %d : tensor<512xf32, #blocked>
  tt.store %q, %t2 : tensor<512x!tt.ptr<f32>, #blocked>
  %h = tt.load %ph : !tt.ptr<f16>
  %hs = tt.precise_sqrt %h : f16
  tt.store %ph, %hs : !tt.ptr<f16>
  %pis = tt.splat %pi : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #blocked>
  %qi = tt.addptr %pis, %r : tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>
  %i = tt.load %qi : tensor<512x!tt.ptr<i32>, #blocked>
  %m = tt.mulhiui %i, %r : tensor<512xi32, #blocked>
  tt.store %qi, %m : tensor<512x!tt.ptr<i32>, #blocked>
  %ml = tt.mulhiui %l, %l : i64
  %mt = arith.trunci %ml : i64 to i32
  tt.store %pi, %mt : !tt.ptr<i32>
  tt.return
}

// A clip whose lower bound is 0 - c for its upper bound c (c read at run
// time) is one fmin.xorsign.abs per element on sm_90 (.nan with NaN
// propagation; f16 too); 1 - c is no clip and stays min/max.
// CHECK-LABEL: llvm.func @runtime_clip
// CHECK-COUNT-4: llvm.call_intrinsic "llvm.nvvm.fmin.xorsign.abs.f"(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// CHECK-COUNT-4: llvm.call_intrinsic "llvm.nvvm.fmin.nan.xorsign.abs.f16"(%{{.*}}, %{{.*}}) : (f16, f16) -> f16
// CHECK-NOT: xorsign
// CHECK: llvm.intr.minnum
// CHECK: llvm.intr.maxnum
tt.func public @runtime_clip(%x: tensor<512xf32, #blocked>, %c: tensor<512xf32, #blocked>, %xh: tensor<512xf16, #blocked>, %ch: tensor<512xf16, #blocked>) {
  %zero = arith.constant dense<0.0> : tensor<512xf32, #blocked>
  %one = arith.constant dense<1.0> : tensor<512xf32, #blocked>
  %zeroh = arith.constant dense<0.0> : tensor<512xf16, #blocked>
  %neg = arith.subf %zero, %c : tensor<512xf32, #blocked>
  %negh = arith.subf %zeroh, %ch : tensor<512xf16, #blocked>
  %other = arith.subf %one, %c : tensor<512xf32, #blocked>
  %a = tt.clampf %x, %neg, %c, propagateNan = none : tensor<512xf32, #blocked>
  %b = tt.clampf %xh, %negh, %ch, propagateNan = all : tensor<512xf16, #blocked>
  %d = tt.clampf %x, %other, %c, propagateNan = none : tensor<512xf32, #blocked>
  tt.return
}

// extern_elementwise calls the named libdevice function, declared once.
// CHECK-LABEL: llvm.func @extern_and_asm
// CHECK-COUNT-4: llvm.call @__nv_powf(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
// inline asm, one element at a time: a pure asm per element.
// CHECK-COUNT-4: llvm.inline_asm asm_dialect = att "mov.b32 $0, $1;", "=r,r" %{{.*}} : (f32) -> f32
// packed by four: the i8 elements travel as one vector<4xi8> register, two
// results, with side effects (pure = false).
// CHECK: %[[V0:.*]] = llvm.insertelement %{{.*}}, %{{.*}}[%{{.*}} : i32] : vector<4xi8>
// CHECK: %[[V1:.*]] = llvm.insertelement
// CHECK: %[[V2:.*]] = llvm.insertelement
// CHECK: %[[V3:.*]] = llvm.insertelement %{{.*}}, %[[V2]]
// CHECK: %[[ASM:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "{{.*}}", "=r,=r,=r,=r,=r,r" %[[V3]] : (vector<4xi8>) -> !llvm.struct<(vector<4xi8>, i32, i32, i32, i32)>
// CHECK-COUNT-4: llvm.extractelement
tt.func public @extern_and_asm(%px: !tt.ptr<f32>, %pb: !tt.ptr<i8>, %pw: !tt.ptr<i32>) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %p = tt.splat %px : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %q = tt.addptr %p, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %x = tt.load %q : tensor<512x!tt.ptr<f32>, #blocked>
  %y = tt.extern_elementwise %x, %x {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<512xf32, #blocked>, tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
  %z = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %y : tensor<512xf32, #blocked> -> tensor<512xf32, #blocked>
  tt.store %q, %z : tensor<512x!tt.ptr<f32>, #blocked>
  %pbs = tt.splat %pb : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>, #blocked>
  %qb = tt.addptr %pbs, %r : tensor<512x!tt.ptr<i8>, #blocked>, tensor<512xi32, #blocked>
  %b = tt.load %qb : tensor<512x!tt.ptr<i8>, #blocked>
  %u:2 = tt.elementwise_inline_asm "{ mov.b32 $0, $5; cvt.u32.u8 $1, 1; cvt.u32.u8 $2, 2; cvt.u32.u8 $3, 3; cvt.u32.u8 $4, 4; }" {constraints = "=r,=r,=r,=r,=r,r", packed_element = 4 : i32, pure = false} %b : tensor<512xi8, #blocked> -> tensor<512xi8, #blocked>, tensor<512xi32, #blocked>
  tt.store %qb, %u#0 : tensor<512x!tt.ptr<i8>, #blocked>
  %pws = tt.splat %pw : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #blocked>
  %qw = tt.addptr %pws, %r : tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>
  tt.store %qw, %u#1 : tensor<512x!tt.ptr<i32>, #blocked>
  tt.return
}

// map_elementwise inlines its region once per pack of elements.
// MAP-LABEL: llvm.func @map
// MAP-COUNT-2: llvm.fmul %{{.*}}, %{{.*}} : f32
// MAP-NOT: unrealized_conversion_cast
// MAP: llvm.return
tt.func public @map(%px: !tt.ptr<f32>) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %p = tt.splat %px : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %q = tt.addptr %p, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %x = tt.load %q : tensor<512x!tt.ptr<f32>, #blocked>
  %y = "tt.map_elementwise"(%x, %q) <{pack = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32, %pa: !tt.ptr<f32>, %pb: !tt.ptr<f32>):
    %m = arith.mulf %a, %b : f32
    tt.map_elementwise.return %m, %a : f32, f32
  }) : (tensor<512xf32, #blocked>, tensor<512x!tt.ptr<f32>, #blocked>) -> tensor<512xf32, #blocked>
  tt.store %q, %y : tensor<512x!tt.ptr<f32>, #blocked>
  tt.return
}

// A region with an scf.if (lowered to branches with the function's): each
// of the thread's 4 elements gets the region's blocks, entered from the
// code before and leaving to a block whose argument is the result.
// MAP-LABEL: llvm.func @map_branches
// MAP-COUNT-4: llvm.cond_br %{{.*}}, ^bb{{[0-9]+}}, ^bb{{[0-9]+}}
// MAP-NOT: unrealized_conversion_cast
// MAP: llvm.br ^bb{{[0-9]+}}(%{{.*}} : f32)
// MAP: llvm.return
tt.func public @map_branches(%px: !tt.ptr<f32>) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
  %p = tt.splat %px : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
  %q = tt.addptr %p, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
  %x = tt.load %q : tensor<512x!tt.ptr<f32>, #blocked>
  %zero = arith.constant 0.0 : f32
  %y = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %neg = arith.cmpf olt, %a, %zero : f32
    %abs = scf.if %neg -> (f32) {
      %n = arith.subf %zero, %a : f32
      scf.yield %n : f32
    } else {
      scf.yield %a : f32
    }
    tt.map_elementwise.return %abs : f32
  }) : (tensor<512xf32, #blocked>) -> tensor<512xf32, #blocked>
  tt.store %q, %y : tensor<512x!tt.ptr<f32>, #blocked>
  tt.return
}
}
