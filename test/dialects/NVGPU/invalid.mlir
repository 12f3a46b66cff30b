// RUN: triton-opt %s -split-input-file -verify-diagnostics
// One case per verifier branch of the nvg ops.

llvm.func @types(%d: i64, %p: i1) {
  // expected-error @+1 {{has no wgmma of bf16 and bf16 into f16}}
  %r = nvg.wgmma %d, %d, %p {eltTypeA = 5 : i32, eltTypeB = 5 : i32, eltTypeC = 4 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(i32, i32)>
  llvm.return
}

// -----

llvm.func @mixed_inputs(%d: i64, %p: i1) {
  // expected-error @+1 {{has no wgmma of f16 and bf16 into f32}}
  %r = nvg.wgmma %d, %d, %p {eltTypeA = 4 : i32, eltTypeB = 5 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @m(%d: i64, %p: i1) {
  // expected-error @+1 {{m is 128, wgmma's is 64}}
  %r = nvg.wgmma %d, %d, %p {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 128 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @k(%d: i64, %p: i1) {
  // expected-error @+1 {{k is 16, wgmma's for e4m3 is 32}}
  %r = nvg.wgmma %d, %d, %p {eltTypeA = 2 : i32, eltTypeB = 2 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @n(%d: i64, %p: i1) {
  // expected-error @+1 {{n is 12, not a wgmma n for f16}}
  %r = nvg.wgmma %d, %d, %p {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 12 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @n_integer(%d: i64, %p: i1) {
  // expected-error @+1 {{n is 40, not a wgmma n for s8}}
  %r = nvg.wgmma %d, %d, %p {eltTypeA = 0 : i32, eltTypeB = 0 : i32, eltTypeC = 1 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 40 : i32, k = 32 : i32} : (i64, i64, i1) -> !llvm.struct<(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)>
  llvm.return
}

// -----

llvm.func @transposed_tf32(%d: i64, %p: i1) {
  // expected-error @+1 {{reads a tf32 operand M/N-major (layoutA col or layoutB row), which wgmma does for f16 and bf16 only}}
  %r = nvg.wgmma %d, %d, %p {eltTypeA = 6 : i32, eltTypeB = 6 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 0 : i32, m = 64 : i32, n = 8 : i32, k = 8 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @a_registers(%a: !llvm.struct<(i32, i32)>, %d: i64, %p: i1) {
  // expected-error @+1 {{operand A in registers must be a struct of four i32 (the thread's A fragment)}}
  %r = nvg.wgmma %a, %d, %p {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (!llvm.struct<(i32, i32)>, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @a_registers_transposed(%a: !llvm.struct<(i32, i32, i32, i32)>, %d: i64, %p: i1) {
  // expected-error @+1 {{operand A in registers is K-major: layoutA must be row}}
  %r = nvg.wgmma %a, %d, %p {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 1 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (!llvm.struct<(i32, i32, i32, i32)>, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @result_count(%d: i64, %p: i1) {
  // expected-error @+1 {{result must be a struct of 8 'f32' (the f32 accumulator registers of an n = 16 wgmma), not '!llvm.struct<(f32, f32, f32, f32)>'}}
  %r = nvg.wgmma %d, %d, %p {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 16 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @f16_accumulator_unpacked(%d: i64, %p: i1) {
  // expected-error @+1 {{result must be a struct of 2 'i32' (the f16 accumulator registers of an n = 8 wgmma)}}
  %r = nvg.wgmma %d, %d, %p {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 4 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1) -> !llvm.struct<(f16, f16, f16, f16)>
  llvm.return
}

// -----

llvm.func @accumulator_type(%d: i64, %p: i1, %c: !llvm.struct<(i32, i32, i32, i32)>) {
  // expected-error @+1 {{accumulator operand type '!llvm.struct<(i32, i32, i32, i32)>' differs from the result type '!llvm.struct<(f32, f32, f32, f32)>'}}
  %r = nvg.wgmma %d, %d, %p, %c {eltTypeA = 4 : i32, eltTypeB = 4 : i32, eltTypeC = 7 : i32, layoutA = 0 : i32, layoutB = 1 : i32, m = 64 : i32, n = 8 : i32, k = 16 : i32} : (i64, i64, i1, !llvm.struct<(i32, i32, i32, i32)>) -> !llvm.struct<(f32, f32, f32, f32)>
  llvm.return
}

// -----

llvm.func @wait_field(%s: !llvm.struct<(f32, i8)>) {
  // expected-error @+1 {{field 1 is 'i8': each field must be a register of 16, 32 or 64 bits}}
  %r = nvg.wgmma_wait_group %s {pendings = 0 : i32} : !llvm.struct<(f32, i8)>
  llvm.return
}

// -----

llvm.func @release_load(%p: !llvm.ptr<1>) {
  // expected-error @+1 {{loads with release semantics; a load is relaxed or acquire}}
  %r = nvg.ld_acquire release, gpu, %p : (!llvm.ptr<1>) -> i32
  llvm.return
}
