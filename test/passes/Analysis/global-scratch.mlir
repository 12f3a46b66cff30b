// RUN: triton-opt %s -split-input-file -tritongpu-global-scratch-memory-allocation -verify-diagnostics | FileCheck %s

// A kernel's scratch allocations in order, each aligned (100 bytes, then 128
// aligned to 128): the kernel and the module record 256 bytes, aligned to 128.
// CHECK: module attributes {ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 256 : i32
// CHECK: tt.func public @two_buffers() {{.*}}attributes {ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 256 : i32}
// CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// CHECK: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32, ttg.global_scratch_memory_offset = 128 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @two_buffers() -> (!tt.ptr<i8>, !tt.ptr<i8>) {
    %0 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %1 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    tt.return %0, %1 : !tt.ptr<i8>, !tt.ptr<i8>
  }
}

// -----

// Two kernels of one module each start at offset 0 (a launch runs one of
// them); the module takes the larger size. A kernel without scratch records 0.
// CHECK: module attributes {ttg.global_scratch_memory_alignment = 16 : i32, ttg.global_scratch_memory_size = 64 : i32
// CHECK: tt.func public @small() {{.*}}ttg.global_scratch_memory_alignment = 16 : i32, ttg.global_scratch_memory_size = 32 : i32
// CHECK: ttg.global_scratch_memory_offset = 0 : i32
// CHECK: tt.func public @large() {{.*}}ttg.global_scratch_memory_alignment = 16 : i32, ttg.global_scratch_memory_size = 64 : i32
// CHECK: ttg.global_scratch_memory_offset = 0 : i32
// CHECK: tt.func public @none() attributes {ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32}
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @small() -> !tt.ptr<i8> {
    %0 = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 20 : i32} : !tt.ptr<i8>
    tt.return %0 : !tt.ptr<i8>
  }
  tt.func public @large() -> !tt.ptr<i8> {
    %0 = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 64 : i32} : !tt.ptr<i8>
    tt.return %0 : !tt.ptr<i8>
  }
  tt.func public @none() {
    tt.return
  }
}

// -----

// A device function lays out its own scratch from 0 and records its size; a
// call of it takes that many bytes of the caller's scratch, at the callee's
// alignment, after what precedes it (64 bytes: the call starts at 128). A
// function that only calls others needing scratch records theirs too; a call
// of a function without scratch takes none.
// CHECK: module attributes {ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 384 : i32
// CHECK: tt.func private @leaf() {{.*}}ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 256 : i32
// CHECK: ttg.global_scratch_memory_offset = 0 : i32
// CHECK: ttg.global_scratch_memory_offset = 128 : i32
// CHECK: tt.func private @middle() {{.*}}ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 256 : i32
// CHECK: tt.call @leaf() {ttg.global_scratch_memory_offset = 0 : i32}
// CHECK: tt.func private @nothing() attributes {ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32}
// CHECK: tt.func public @kernel() {{.*}}ttg.global_scratch_memory_alignment = 128 : i32, ttg.global_scratch_memory_size = 384 : i32
// CHECK: ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 64 : i32, ttg.global_scratch_memory_offset = 0 : i32}
// CHECK: tt.call @middle() {ttg.global_scratch_memory_offset = 128 : i32}
// CHECK: tt.call @nothing() : () -> ()
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @leaf() -> !tt.ptr<i8> {
    %0 = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %1 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    tt.return %1 : !tt.ptr<i8>
  }
  tt.func private @middle() -> !tt.ptr<i8> {
    %0 = tt.call @leaf() : () -> !tt.ptr<i8>
    tt.return %0 : !tt.ptr<i8>
  }
  tt.func private @nothing() {
    tt.return
  }
  tt.func public @kernel() -> (!tt.ptr<i8>, !tt.ptr<i8>) {
    %0 = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = 64 : i32} : !tt.ptr<i8>
    %1 = tt.call @middle() : () -> !tt.ptr<i8>
    tt.call @nothing() : () -> ()
    tt.return %0, %1 : !tt.ptr<i8>, !tt.ptr<i8>
  }
}

// -----

// Recursion leaves no bound on the scratch a call needs.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @recurse() -> !tt.ptr<i8> {
    %0 = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 64 : i32} : !tt.ptr<i8>
    // expected-error @below {{global scratch cannot be laid out for a cycle of calls}}
    %1 = tt.call @recurse() : () -> !tt.ptr<i8>
    tt.return %1 : !tt.ptr<i8>
  }
}

// -----

// Recursion is fine in a module without scratch.
// CHECK: module attributes {ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32
// CHECK: tt.func private @count
// CHECK: tt.call @count(%{{.*}}) : (i32) -> i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @count(%n: i32) -> i32 {
    %0 = tt.call @count(%n) : (i32) -> i32
    tt.return %0 : i32
  }
}
