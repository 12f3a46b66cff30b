// RUN: triton-opt %s -split-input-file -verify-diagnostics
// One case per verifier branch of the ttng ops.

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @dot_rank(%a: !ttg.memdesc<2x64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{operands must be 2-D}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<2x64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @dot_k(%a: !ttg.memdesc<64x16xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{K of a (16) differs from K of b (32)}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x16xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @dot_acc_shape(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x128xf32, #mma>) {
  // expected-error @+1 {{accumulator shape [64, 128] must be [64, 64]}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x128xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @dot_pointer_elements(%a: !ttg.memdesc<64x32x!tt.ptr<f16>, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{a and b must hold integers or floats, got '!tt.ptr<f16>' and 'f16'}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x32x!tt.ptr<f16>, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @dot_element_types(%a: !ttg.memdesc<64x32xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{a and b must have element types of one width, got 'f8E4M3FN' and 'f16'}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x32xf8E4M3FN, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @dot_register_a(%a: tensor<64x32xf16, #blocked>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{a in registers must have a #ttg.dot_op layout}}
  %d = ttng.warp_group_dot %a, %b, %c : tensor<64x32xf16, #blocked> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @dot_accumulator_layout(%a: !ttg.memdesc<64x32xf16, #shared, #smem>, %b: !ttg.memdesc<32x64xf16, #shared, #smem>, %c: tensor<64x64xf32, #blocked>) {
  // expected-error @+1 {{accumulator must have a #ttg.nvidia_mma layout}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared, #smem> -> tensor<64x64xf32, #blocked>
  tt.return
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @barrier_type(%bar: !ttg.memdesc<2xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{barrier must be a !ttg.memdesc<1xi64, ...>}}
  ttng.init_barrier %bar, 1 : !ttg.memdesc<2xi64, #bar, #smem, mutable>
  tt.return
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func @barrier_memory_space(%bar: !ttg.memdesc<1xi64, #bar, mutable>) {
  // expected-error @+1 {{barrier must be in shared memory}}
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #bar, mutable>
  tt.return
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @barrier_expect_type(%bar: !ttg.memdesc<1xi32, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{barrier must be a !ttg.memdesc<1xi64, ...>}}
  ttng.barrier_expect %bar, 16, %p : !ttg.memdesc<1xi32, #bar, #smem, mutable>
  tt.return
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @wait_barrier_type(%bar: !ttg.memdesc<1xi32, #bar, #smem, mutable>, %phase: i32) {
  // expected-error @+1 {{barrier must be a !ttg.memdesc<1xi64, ...>}}
  ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi32, #bar, #smem, mutable>
  tt.return
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @arrive_barrier_type(%bar: !ttg.memdesc<1xi32, #bar, #smem, mutable>) {
  // expected-error @+1 {{barrier must be a !ttg.memdesc<1xi64, ...>}}
  ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi32, #bar, #smem, mutable>
  tt.return
}

// -----

#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @async_copy_arrive_type(%bar: !ttg.memdesc<2xi64, #bar, #smem, mutable>) {
  // expected-error @+1 {{barrier must be a !ttg.memdesc<1xi64, ...>}}
  ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<2xi64, #bar, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @tma_load_immutable(%desc: !tt.tensordesc<tensor<64x32xf16>>, %x: i32, %buf: !ttg.memdesc<64x32xf16, #shared, #smem>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{cannot copy into an immutable buffer}}
  ttng.async_tma_copy_global_to_local %desc[%x, %x] %buf, %bar, %p : !tt.tensordesc<tensor<64x32xf16>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem>
  tt.return
}

// -----

// TMA writes NVMMA-swizzled rows; a plain swizzled buffer cannot take them.
#plain = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @tma_load_not_nvmma(%desc: !tt.tensordesc<tensor<64x32xf16>>, %x: i32, %buf: !ttg.memdesc<64x32xf16, #plain, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{TMA result must have NVMMA shared layout}}
  ttng.async_tma_copy_global_to_local %desc[%x, %x] %buf, %bar, %p : !tt.tensordesc<tensor<64x32xf16>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x32xf16, #plain, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @tma_load_coords(%desc: !tt.tensordesc<tensor<64x32xf16>>, %x: i32, %buf: !ttg.memdesc<64x32xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{needs 2 coordinates, one per dimension of the block}}
  ttng.async_tma_copy_global_to_local %desc[%x] %buf, %bar, %p : !tt.tensordesc<tensor<64x32xf16>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @tma_store_element_type(%desc: !tt.tensordesc<tensor<64x32xf16>>, %x: i32, %buf: !ttg.memdesc<64x32xbf16, #shared, #smem>) {
  // expected-error @+1 {{buffer element type 'bf16' differs from the descriptor's 'f16'}}
  ttng.async_tma_copy_local_to_global %desc[%x, %x] %buf : !tt.tensordesc<tensor<64x32xf16>>, !ttg.memdesc<64x32xbf16, #shared, #smem>
  tt.return
}

// -----

tt.func @tensormap_rank(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>) {
  // expected-error @+1 {{a TMA descriptor has 1 to 5 dimensions, got 0}}
  ttng.tensormap_create %desc, %base, [], [], [], [] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>) -> ()
  tt.return
}

// -----

tt.func @tensormap_lengths(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %n: i32, %s: i64) {
  // expected-error @+1 {{box_dim, global_dim and element_stride must have the same length}}
  ttng.tensormap_create %desc, %base, [%n, %n], [%n], [%s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i64, i32, i32) -> ()
  tt.return
}

// -----

tt.func @tensormap_strides(%desc: !tt.ptr<i8>, %base: !tt.ptr<f16>, %n: i32, %s: i64) {
  // expected-error @+1 {{global_stride must have one entry fewer than the rank}}
  ttng.tensormap_create %desc, %base, [%n, %n], [%n, %n], [%s, %s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
  tt.return
}

// -----

// An A operand in registers holds 32 bits per k step: kWidth 2 for 16-bit
// elements.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @wgmma_register_a_kwidth(%a: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: !ttg.memdesc<32x64xbf16, #shared, #smem>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{in-register LHS operand must have a kWidth of 2 but got 4}}
  %d = ttng.warp_group_dot %a, %b, %c : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * !ttg.memdesc<32x64xbf16, #shared, #smem> -> tensor<64x64xf32, #mma>
  tt.return
}
