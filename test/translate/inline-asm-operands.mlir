// RUN: not triton-translate --mlir-to-ptx %s -split-input-file 2>&1 | FileCheck %s --check-prefixes=CHECK,NV
// RUN: not triton-translate --mlir-to-amdgcn --arch=gfx942 %s -split-input-file 2>&1 | FileCheck %s --check-prefixes=CHECK,AMD

// An inline asm string's `$` references must name operands that exist: LLVM's
// asm printers stop the process on one that does not (fuzz-translate found
// it), so it is a diagnostic at the op before code generation.

module {
  llvm.func @out_of_range(%p: !llvm.ptr<1>) {
    %v = llvm.mlir.constant(1 : i32) : i32
    // CHECK: :5: error: inline asm refers to operand $2 but has 2 operands
    llvm.inline_asm has_side_effects "st.global.b32 [ $2 + 0 ], $0;", "r,l" %v, %p : (i32, !llvm.ptr<1>) -> ()
    llvm.return
  }
}

// -----

module {
  llvm.func @no_number() {
    // CHECK: :5: error: inline asm has a '$' that names no operand at offset 1
    llvm.inline_asm has_side_effects "@$p bra done;", "" : () -> ()
    llvm.return
  }
}

// -----

// Clobbers name no operand; `$$`, `${0:...}` and `${:uid}` are fine, so this
// one goes on to code generation (whose own error ends the run on AMD, and
// nothing is reported here on NVIDIA).
module {
  llvm.func @fine(%x: i32) -> i32 {
    // CHECK-NOT: error: inline asm
    %r = llvm.inline_asm "mov.b32 ${0:r}, $1; // $$ ${:uid}", "=r,r,~{memory}" %x : (i32) -> i32
    llvm.return %r : i32
  }
}

// -----

// A `${:name}` other than comment, uid and private stops LLVM's asm printer
// (fuzz-translate, finding 15), so it is a diagnostic at the op.
module {
  llvm.func @unknown_special(%x: i32) -> i32 {
    // CHECK: :8:10: error: inline asm has an unknown special name '${:uizd}' at offset 16
    %r = llvm.inline_asm "mov.b32 $0, $1; ${:uizd}", "=r,r" %x : (i32) -> i32
    llvm.return %r : i32
  }
}

// -----

// LLVM reads `${N}` or `${N:c}` with one modifier character and stopped the
// process on anything else: `${0ce:v}` (fuzz-translate, finding 17) and
// `${0:vx}` (finding 19).
module {
  llvm.func @bad_operand_suffix(%x: i32) -> i32 {
    // CHECK: :9:10: error: inline asm has '${0ce:v}' at offset 8: an operand number may be followed only by ':' and one modifier character
    %r = llvm.inline_asm "mov.b32 ${0ce:v}, ${1}; // ${:uid}", "=r,r" %x : (i32) -> i32
    llvm.return %r : i32
  }
}

// -----

module {
  llvm.func @long_modifier(%x: i32) -> i32 {
    // CHECK: :6:10: error: inline asm has '${0:vx}' at offset 8: an operand number may be followed only by ':' and one modifier character
    %s = llvm.inline_asm "mov.b32 ${0:vx}, $1;", "=r,r" %x : (i32) -> i32
    llvm.return %s : i32
  }
}

// -----

// A modifier character may be '}' or '$': the check passes them on, and the
// printer reports the modifiers it does not know as an error, not a stop.
module {
  llvm.func @odd_modifiers(%x: i32) -> i32 {
    // CHECK: error: LLVM error: invalid operand in inline asm: 'mov.b32 ${0:}}, ${1:$};'
    %t = llvm.inline_asm "mov.b32 ${0:}}, ${1:$};", "=r,r" %x : (i32) -> i32
    llvm.return %t : i32
  }
}

// -----

// LLVM's constraint parser takes the characters after `^` (two) and `@N` (N)
// without looking for the constraint's end: an '@' before a NUL made it throw
// std::length_error (fuzz-translate, finding 20), so both are checked first.
module {
  llvm.func @short_caret(%x: i32) -> i32 {
    // CHECK: :9:10: error: inline asm constraints '=^h,r' do not parse: '^' at offset 1 needs two more characters in its constraint
    %r = llvm.inline_asm "mov.b32 $0, $1;", "=^h,r" %x : (i32) -> i32
    llvm.return %r : i32
  }
}

// -----

module {
  llvm.func @short_at(%x: i32) -> i32 {
    // CHECK: :6:10: error: inline asm constraints '=r,@3ab' do not parse: '@3' at offset 3 needs 3 more characters in its constraint
    %r = llvm.inline_asm "mov.b32 $0, $1;", "=r,@3ab" %x : (i32) -> i32
    llvm.return %r : i32
  }
}

// -----

module {
  llvm.func @at_without_count(%x: i32) -> i32 {
    // CHECK: :6:10: error: inline asm constraints '=r,r@' do not parse: '@' at offset 4 must be followed by a digit from 1 to 9
    %r = llvm.inline_asm "mov.b32 $0, $1;", "=r,r@" %x : (i32) -> i32
    llvm.return %r : i32
  }
}

// -----

// A constraint string LLVM cannot parse (here an unterminated clobber) is a
// diagnostic at the op: LLVM's code generation crashed on it (fuzz-translate,
// test/fuzz/translate/inline-asm-unterminated-clobber.mlir).
module {
  llvm.func @bad_clobber(%x: i32) -> i32 {
    // CHECK: :9:10: error: inline asm constraints '=r,r,~{memory)' do not parse
    %r = llvm.inline_asm "mov.b32 $0, $1;", "=r,r,~{memory)" %x : (i32) -> i32
    llvm.return %r : i32
  }
}

// -----

// Constraints that do not match the operands and results (here junk before
// the output's '=' makes it an input, so the i16 result has no output) are a
// diagnostic too: LLVM's instruction selection crashed on them.
module {
  llvm.func @mismatch(%x: f32) -> i16 {
    // CHECK: :9:10: error: inline asm constraints '?=h,r' do not match its operands: inline asm without outputs must return void
    %r = llvm.inline_asm "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $1;", "?=h,r" %x : (f32) -> i16
    llvm.return %r : i16
  }
}

// -----

// A direct output (no '*') in memory: LLVM IR has no place for the value
// ('=m' outputs are indirect, '=*m', with a pointer operand), and the
// instruction selection of both targets crashed on one (fuzz-translate:
// 'm' and 'o' among the letters of one output constraint; LLVM prefers a
// memory alternative to a register). A register alternative does not help.
module {
  llvm.func @memory_output(%x: f32) -> i16 {
    // CHECK: :11:10: error: inline asm output constraint '=hm' allows memory, which a direct output cannot be (an indirect output is '=*m' with a pointer operand)
    %r = llvm.inline_asm "cvt.rn.f16.f32 $0, $1;", "=hm,r" %x : (f32) -> i16
    llvm.return %r : i16
  }
}

// -----

module {
  llvm.func @memory_clobber_output(%x: f32) -> i16 {
    // CHECK: :6:10: error: inline asm output constraint '={memory}' allows memory
    %r = llvm.inline_asm "cvt.rn.f16.f32 $0, $1;", "={memory},r" %x : (f32) -> i16
    llvm.return %r : i16
  }
}

// -----

// A direct input in memory is spilled and its stack address matched by the
// target's instruction selection, which stopped the process where it could
// not ("Could not match memory address"; fuzz-translate finding 21: the 'o'
// among the letters of 'rblock'). NVPTX matches 'm' only, AMDGPU nothing.
module {
  llvm.func @offsettable_input(%x: i32) -> i32 {
    // NV: :11:10: error: inline asm input constraint 'rblock' allows memory ('o'), which PTX for sm_90a cannot select for a direct operand (pass a pointer with '*m', or use 'm')
    // AMD: :11:10: error: inline asm input constraint 'rblock' allows memory ('o'), which AMDGCN assembly for gfx942 cannot select for a direct operand (pass a pointer with '*m')
    %r = llvm.inline_asm "mov.b32 $0, $1;", "=r,rblock" %x : (i32) -> i32
    llvm.return %r : i32
  }
}

// -----

module {
  llvm.func @memory_input(%x: i32) -> i32 {
    // NV-NOT: error: inline asm input constraint 'm'
    // AMD: :7:10: error: inline asm input constraint 'm' allows memory ('m'), which AMDGCN assembly for gfx942 cannot select
    %r = llvm.inline_asm "mov.b32 $0, $1;", "=r,m" %x : (i32) -> i32
    llvm.return %r : i32
  }
}
