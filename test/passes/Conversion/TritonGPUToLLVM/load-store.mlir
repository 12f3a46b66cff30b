// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -canonicalize | FileCheck %s
// RUN: triton-opt %s -split-input-file -convert-triton-gpu-to-llvm -reconcile-unrealized-casts -o %t.mlir
// RUN: triton-translate --mlir-to-ptx %t.mlir -o %t.ptx
// RUN: %ptxas --gpu-name=sm_90a %t.ptx -o %t.cubin
// REQUIRES: ptxas

// Loads and stores are predicated PTX of up to 128 bits: the width comes from
// the layout (4 consecutive elements per thread), the pointers' axis info
// (contiguous, 16-byte aligned) and the mask's constancy.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @vector
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, 0x0;\0A\09mov.u32 $1, 0x0;\0A\09mov.u32 $2, 0x0;\0A\09mov.u32 $3, 0x0;\0A\09@$5 ld.global.v4.b32 { $0, $1, $2, $3 }, [ $4 + 0 ];", "=r,=r,=r,=r,l,b"
  // CHECK: "@$5 st.global.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };", "r,r,r,r,l,b"
  tt.func public @vector(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = tt.load %xp, %m : tensor<512x!tt.ptr<f32>, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    tt.store %yp, %v, %m : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }

  // Eight halves are four 32-bit words; `other` fills masked-off words;
  // cache modifiers become qualifiers (PTX takes a cache operator or an
  // eviction priority, not both: the cache operator wins).
  // CHECK-LABEL: llvm.func @halves
  // An eviction policy also names an L2 policy register, made just before.
  // CHECK: "mov.u64 $0, 0x0;\0A\09createpolicy.fractional.L2::evict_last.b64 $0, 1.0;", "=l"
  // CHECK: "mov.u32 $0, $4;\0A\09mov.u32 $1, $5;\0A\09mov.u32 $2, $6;\0A\09mov.u32 $3, $7;\0A\09@$10 ld.global.cg.L2::cache_hint.v4.b32 { $0, $1, $2, $3 }, [ $8 + 0 ], $9;", "=r,=r,=r,=r,r,r,r,r,l,l,b"
  // Each word is two halves in a vector (LLVM sees the lanes, so the math
  // around it can be vectorized).
  // CHECK: %[[WORD:.*]] = llvm.bitcast %{{.*}} : i32 to vector<2xf16>
  // CHECK-NEXT: llvm.extractelement %[[WORD]][%{{.*}} : i32] : vector<2xf16>
  // CHECK: %[[HALF:.*]] = llvm.insertelement %{{.*}}, %{{.*}}[%{{.*}} : i32] : vector<2xf16>
  // CHECK-NEXT: %[[PACKED:.*]] = llvm.insertelement %{{.*}}, %[[HALF]][%{{.*}} : i32] : vector<2xf16>
  // CHECK-NEXT: llvm.bitcast %[[PACKED]] : vector<2xf16> to i32
  // CHECK: "@$5 st.global.cs.v4.b32 [ $4 + 0 ], { $0, $1, $2, $3 };"
  tt.func public @halves(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}, %o: tensor<1024xf16, #blocked8>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked8>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked8>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked8>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>, #blocked8>
    %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f16>, #blocked8>, tensor<1024xi32, #blocked8>
    %v = tt.load %xp, %m, %o cacheModifier = cg evictionPolicy = evict_last : tensor<1024x!tt.ptr<f16>, #blocked8>
    tt.store %xp, %v, %m cacheModifier = cs : tensor<1024x!tt.ptr<f16>, #blocked8>
    tt.return
  }

  // Without alignment facts each element is its own access; without a mask,
  // no predicate (the zeroing move stays: ptxas drops it).
  // CHECK-LABEL: llvm.func internal @unaligned
  // CHECK-COUNT-4: "mov.u32 $0, 0x0;\0A\09ld.global.b32 { $0 }, [ $1 + 0 ];", "=r,l"
  tt.func private @unaligned(%x: !tt.ptr<f32>, %o: tensor<512xi32, #blocked>) -> tensor<512xf32, #blocked> {
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %o : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %v = tt.load %xp : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return %v : tensor<512xf32, #blocked>
  }

  // A per-channel weight gathered for each element (channel = index / hw,
  // hw a multiple of 16): axis info proves the address and the mask
  // constant over blocks of 16, so each thread loads once per four
  // consecutive elements (two accesses for its eight), and a volatile load
  // still reads every element.
  // CHECK-LABEL: llvm.func @per_channel
  // CHECK-COUNT-2: "mov.u32 $0, $1;\0A\09@$3 ld.global.b32 { $0 }, [ $2 + 0 ];"
  // CHECK-NOT: "mov.u32 $0, $1;\0A\09@$3 ld.global.b32
  // CHECK-COUNT-8: ld.volatile.global.b32
  // CHECK-NOT: ld.volatile.global.b32
  // CHECK: llvm.return
  tt.func public @per_channel(%w: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %hw: i32 {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %hws = tt.splat %hw : i32 -> tensor<1024xi32, #blocked>
    %ch = arith.divsi %r, %hws : tensor<1024xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<1024xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<1024xi32, #blocked>
    %ws = tt.splat %w : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %wp = tt.addptr %ws, %ch : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    %zero = arith.constant dense<0.0> : tensor<1024xf32, #blocked>
    %v = tt.load %wp, %m, %zero : tensor<1024x!tt.ptr<f32>, #blocked>
    %u = tt.load %wp, %m {isVolatile = true} : tensor<1024x!tt.ptr<f32>, #blocked>
    %s = arith.addf %v, %u : tensor<1024xf32, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    tt.store %yp, %s : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }

  // A 64-element tensor over 128 threads: lanes of warps 2 and 3 repeat
  // warps 0 and 1, and only the owners store. Booleans travel as bytes.
  // CHECK-LABEL: llvm.func @duplicated
  // CHECK: nvvm.read.ptx.sreg.tid.x
  // CHECK: llvm.and %{{.*}}, %{{.*}} : i32
  // CHECK: llvm.icmp "eq"
  // CHECK: "@$2 st.global.b8 [ $1 + 0 ], { $0 };", "h,l,b"
  // CHECK-NOT: st.global
  tt.func public @duplicated(%x: !tt.ptr<i1> {tt.divisibility = 16 : i32}, %v: tensor<64xi1, #blocked1>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked1>
    %xs = tt.splat %x : !tt.ptr<i1> -> tensor<64x!tt.ptr<i1>, #blocked1>
    %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<i1>, #blocked1>, tensor<64xi32, #blocked1>
    tt.store %xp, %v : tensor<64x!tt.ptr<i1>, #blocked1>
    tt.return
  }

  // A scalar store is done by thread 0; a scalar load by every thread.
  // CHECK-LABEL: llvm.func @scalar
  // CHECK: ld.global.b32 { $0 }
  // CHECK: "mov.u64 $0, 0x0;\0A\09createpolicy.fractional.L2::evict_first.b64 $0, 1.0;", "=l"
  // CHECK: "mov.u16 $0, 0x0;\0A\09ld.global.L1::evict_first.L2::cache_hint.b16 { $0 }, [ $1 + 0 ], $2;", "=h,l,l"
  // CHECK: llvm.icmp "eq"
  // CHECK: "@$2 st.global.b32 [ $1 + 0 ], { $0 };"
  tt.func public @scalar(%x: !tt.ptr<i32>, %y: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %v = tt.load %x : !tt.ptr<i32>
    %h = tt.load %y evictionPolicy = evict_first : !tt.ptr<f16>
    tt.store %y, %h : !tt.ptr<f16>
    %one = arith.constant 1 : i32
    %w = arith.addi %v, %one : i32
    tt.store %x, %w : !tt.ptr<i32>
    tt.return
  }

  // 64-bit elements (i64, pointers) travel in 64-bit registers, two per
  // 128-bit access.
  // CHECK-LABEL: llvm.func @wide
  // CHECK: "mov.u64 $0, 0x0;\0A\09mov.u64 $1, 0x0;\0A\09ld.global.v2.b64 { $0, $1 }, [ $2 + 0 ];", "=l,=l,l"
  // CHECK: "@$3 st.global.v2.b64 [ $2 + 0 ], { $0, $1 };", "l,l,l,b"
  tt.func public @wide(%x: !tt.ptr<i64> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked2>
    %xs = tt.splat %x : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #blocked2>
    %xp = tt.addptr %xs, %r : tensor<256x!tt.ptr<i64>, #blocked2>, tensor<256xi32, #blocked2>
    %v = tt.load %xp : tensor<256x!tt.ptr<i64>, #blocked2>
    %one = arith.constant dense<1> : tensor<256xi64, #blocked2>
    %w = arith.addi %v, %one : tensor<256xi64, #blocked2>
    tt.store %xp, %w : tensor<256x!tt.ptr<i64>, #blocked2>
    tt.return
  }

  // A splat integer `other` is moved in as an immediate, repeated over the
  // register: bytes (one per access, the mask's constancy is 1) load as `.b8`
  // into 16-bit registers, so 2 is 0x202 and -1 is 0xffff.
  // CHECK-LABEL: llvm.func internal @immediate_other
  // CHECK: "mov.u16 $0, 0x202;\0A\09@$2 ld.global.b8 { $0 }, [ $1 + 0 ];", "=h,l,b"
  // CHECK: "mov.u16 $0, 0xffff;\0A\09@$2 ld.global.b8 { $0 }, [ $1 + 0 ];", "=h,l,b"
  tt.func public @immediate_other(%x: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %n: i32) -> tensor<512xi8, #blocked> {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<i8> -> tensor<512x!tt.ptr<i8>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<i8>, #blocked>, tensor<512xi32, #blocked>
    %two = arith.constant dense<2> : tensor<512xi8, #blocked>
    %v = tt.load %xp, %m, %two : tensor<512x!tt.ptr<i8>, #blocked>
    %xp1 = tt.addptr %xp, %ns : tensor<512x!tt.ptr<i8>, #blocked>, tensor<512xi32, #blocked>
    %minus = arith.constant dense<-1> : tensor<512xi8, #blocked>
    %u = tt.load %xp1, %m, %minus : tensor<512x!tt.ptr<i8>, #blocked>
    %s = arith.addi %v, %u : tensor<512xi8, #blocked>
    tt.return %s : tensor<512xi8, #blocked>
  }

  // `.ca` is no cache operator of a store, so its eviction priority stays.
  // CHECK-LABEL: llvm.func @store_evict
  // CHECK: "mov.u64 $0, 0x0;\0A\09createpolicy.fractional.L2::evict_last.b64 $0, 1.0;", "=l"
  // CHECK: "@$3 st.global.L1::evict_last.L2::cache_hint.b32 [ $1 + 0 ], { $0 }, $2;", "r,l,l,b"
  tt.func public @store_evict(%x: !tt.ptr<f32>, %v: f32) {
    tt.store %x, %v evictionPolicy = evict_last cacheModifier = ca : !tt.ptr<f32>
    tt.return
  }
}
