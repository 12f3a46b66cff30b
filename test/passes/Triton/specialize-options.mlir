// Malformed options and options that contradict each other: errors, never
// crashes. Each run reads the same module with other options.
//
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=1' 2>&1 | FileCheck %s --check-prefix=NO-COLON
// NO-COLON: error: malformed option 'constants' entry '1': expected IDX:VALUE
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=x:1' 2>&1 | FileCheck %s --check-prefix=BAD-INDEX
// BAD-INDEX: error: malformed option 'constants' entry 'x:1': expected IDX:VALUE
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=1:' 2>&1 | FileCheck %s --check-prefix=NO-VALUE
// NO-VALUE: error: malformed option 'constants' entry '1:': expected IDX:VALUE
// RUN: not triton-opt %s -triton-specialize='kernel=k divisibility=a' 2>&1 | FileCheck %s --check-prefix=BAD-DIV
// BAD-DIV: error: malformed option 'divisibility' entry 'a': expected an argument index
// RUN: not triton-opt %s -triton-specialize='kernel=k equal-to-1=-1' 2>&1 | FileCheck %s --check-prefix=BAD-EQ1
// BAD-EQ1: error: malformed option 'equal-to-1' entry '-1': expected an argument index
// RUN: not triton-opt %s -triton-specialize='scheme=3.5' 2>&1 | FileCheck %s --check-prefix=BAD-SCHEME
// BAD-SCHEME: error: malformed option 'scheme=3.5': expected 'seed' or '3.6'
// RUN: not triton-opt %s -triton-specialize='constants=0:5' 2>&1 | FileCheck %s --check-prefix=NO-KERNEL
// NO-KERNEL: error: options 'constants', 'divisibility', 'equal-to-1' and 'kernel-suffix' need option 'kernel'
// RUN: not triton-opt %s -triton-specialize='kernel=k kernel-suffix=maybe' 2>&1 | FileCheck %s --check-prefix=BAD-BOOL
// BAD-BOOL: kernel-suffix
//
// Values that are not of the argument's kind, or do not fit it.
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=0:abc' 2>&1 | FileCheck %s --check-prefix=NOT-INT
// NOT-INT: error: value 'abc' is not an integer, for argument 0 of kernel 'k' of type 'i8'
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=0:1.5' 2>&1 | FileCheck %s --check-prefix=NOT-INT2
// NOT-INT2: error: value '1.5' is not an integer, for argument 0 of kernel 'k' of type 'i8'
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=2:abc' 2>&1 | FileCheck %s --check-prefix=NOT-NUM
// NOT-NUM: error: value 'abc' is not a number, for argument 2 of kernel 'k' of type 'f16'
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=2:70000' 2>&1 | FileCheck %s --check-prefix=F16-BIG
// F16-BIG: error: value '70000' does not fit argument 2 of kernel 'k' of type 'f16'
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=0:-129' 2>&1 | FileCheck %s --check-prefix=I8-LOW
// I8-LOW: error: value '-129' does not fit argument 0 of kernel 'k' of type 'i8'
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=0:256' 2>&1 | FileCheck %s --check-prefix=I8-HIGH
// I8-HIGH: error: value '256' does not fit argument 0 of kernel 'k' of type 'i8'
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=3:-1' 2>&1 | FileCheck %s --check-prefix=I1-NEG
// I1-NEG: error: value '-1' does not fit argument 3 of kernel 'k' of type 'i1'
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=1:1,1:2' 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: argument 1 of kernel 'k' is bound twice
// RUN: not triton-opt %s -triton-specialize='kernel=k constants=1:1 equal-to-1=1' 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not triton-opt %s -triton-specialize='kernel=k divisibility=1 kernel-suffix=true' 2>&1 | FileCheck %s --check-prefix=TAKEN
// TAKEN: error: cannot rename kernel 'k' to 'k_01d23': the name is taken
//
// The extremes that fit: i8 from -128 to 255, an i1 as true or 1.
// RUN: triton-opt %s -triton-specialize='kernel=k constants=0:-128,3:True' | FileCheck %s --check-prefix=LOW
// LOW-DAG: arith.constant -128 : i8
// LOW-DAG: arith.constant true
// RUN: triton-opt %s -triton-specialize='kernel=k constants=0:255,3:1,2:65504' | FileCheck %s --check-prefix=HIGH
// HIGH-DAG: arith.constant -1 : i8
// HIGH-DAG: arith.constant true
// HIGH-DAG: arith.constant 6.550400e+04 : f16

tt.func public @k(%a: i8, %b: i32, %c: f16, %d: i1) {
  %0 = arith.extsi %a : i8 to i32
  %1 = arith.addi %0, %b : i32
  %2 = arith.sitofp %1 : i32 to f16
  %3 = arith.addf %2, %c : f16
  %4 = arith.select %d, %3, %c : f16
  tt.return
}
tt.func public @k_01d23() {
  tt.return
}
