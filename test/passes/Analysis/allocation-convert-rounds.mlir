// RUN: triton-opt %s -split-input-file -allocate-shared-memory | FileCheck %s
// RUN: triton-opt %s -split-input-file -allocate-shared-memory=rounds-in-room=false | FileCheck %s --check-prefix=OFF
// RUN: triton-opt %s -split-input-file -allocate-shared-memory | triton-opt -split-input-file -allocate-shared-memory=rounds-in-room=false | FileCheck %s --check-prefix=OFF

// With rounds-in-room off (make_llir's compat=3.6), every conversion keeps
// Triton 3.6's one tile, and a second allocation drops the tiles the first
// recorded.
// OFF-NOT: allocation.tiles

// A conversion through shared memory gets one round of Triton 3.6's swizzled
// scratch (passes/Analysis/SwizzledScratch.h): register bits both layouts
// hold above the swizzled tile are rounds. 64 x 256 i32 on sm_90: of 3.6's
// instruction pairs, plain 16-byte stores and ldmatrix (rows of 4 words
// from the destination's lanes 0 and 1, columns 1 and 2, which the source
// holds in registers) leave no bank conflict and the most rounds: columns
// 32, 64 and 128, 8192 of the 65536 bytes.
// CHECK: ttg.shared = 8192 : i32
// CHECK-LABEL: tt.func @rounds
#src = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rounds(%x: tensor<64x256xi32, #src>) {
    %c = ttg.convert_layout %x : tensor<64x256xi32, #src> -> tensor<64x256xi32, #dst>
    tt.return
  }
}

// -----

// An mma accumulator's 16-bit elements to the blocked layout stores want,
// one warp: 16-byte stores and ldmatrix (3.6's pair for it), the register
// bits both layouts hold above the vector and the 128-byte line are 16
// rounds: 2048 of the 32768 bytes.
// CHECK: ttg.shared = 2048 : i32
// CHECK-LABEL: tt.func @matrix_rows
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matrix_rows(%x: tensor<128x128xf16, #mma>) {
    %c = ttg.convert_layout %x : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return
  }
}

// -----

// The same conversion for an AMD target (plain accesses only): four rounds.
// CHECK: ttg.shared = 8192 : i32
// CHECK-LABEL: tt.func @matrix_rows_amd
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [1, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @matrix_rows_amd(%x: tensor<128x128xf16, #mma>) {
    %c = ttg.convert_layout %x : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked>
    tt.return
  }
}

// -----

// A head split's transpose (8 x 32 x 64 f16, both layouts 8 contiguous
// elements a thread): stmatrix with ldmatrix would keep two of the register
// bits both layouts hold in each round (Triton 3.6 leaves them for .x4
// accesses), which leaves them 2 rounds, as many as plain 16-byte accesses;
// the plain pair, first, wins: 16384 of the 32768 bytes (3.6's split_heads).
// CHECK: ttg.shared = 16384 : i32
// CHECK-LABEL: tt.func @head_split
#src = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [1, 4, 8], warpsPerCTA = [1, 4, 1], order = [2, 1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [4, 1, 8], warpsPerCTA = [2, 2, 1], order = [2, 0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @head_split(%x: tensor<8x32x64xf16, #src>) {
    %c = ttg.convert_layout %x : tensor<8x32x64xf16, #src> -> tensor<8x32x64xf16, #dst>
    tt.return
  }
}

// -----

// Rounds in the room a dead buffer leaves: the 8 rounds of @rounds' 8192-byte
// tile fit in the 65536 bytes of a buffer freed before the conversion, so
// the scratch takes all 8 tiles (`allocation.tiles`, read by the lowering:
// one barrier instead of 15) and the kernel needs no more shared memory.
// CHECK: ttg.shared = 65536 : i32
// CHECK-LABEL: tt.func @rounds_in_room
// CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32, allocation.tiles = 8 : i32}
#src = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rounds_in_room(%x: tensor<64x256xi32, #src>) {
    %a = ttg.local_alloc %x : (tensor<64x256xi32, #src>) -> !ttg.memdesc<64x256xi32, #shared, #smem>
    %y = ttg.local_load %a : !ttg.memdesc<64x256xi32, #shared, #smem> -> tensor<64x256xi32, #src>
    %c = ttg.convert_layout %y : tensor<64x256xi32, #src> -> tensor<64x256xi32, #dst>
    tt.return
  }
}

// -----

// Room for some of the rounds: a freed buffer of 20000 bytes holds two of
// the 8192-byte tiles (the most tiles a power of two of them that fit), so
// the 8 rounds go through two at a time.
// CHECK: ttg.shared = 20000 : i32
// CHECK-LABEL: tt.func @two_tiles
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32, allocation.tiles = 2 : i32}
#src = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @two_tiles(%x: tensor<64x256xi32, #src>, %v: tensor<5000xf32, #blocked>) {
    %a = ttg.local_alloc %v : (tensor<5000xf32, #blocked>) -> !ttg.memdesc<5000xf32, #shared, #smem>
    %w = ttg.local_load %a : !ttg.memdesc<5000xf32, #shared, #smem> -> tensor<5000xf32, #blocked>
    %c = ttg.convert_layout %x : tensor<64x256xi32, #src> -> tensor<64x256xi32, #dst>
    tt.return
  }
}

// -----

// No room: the buffer is still read after the conversion, so the scratch
// keeps one tile beside it and the rounds go through one at a time.
// CHECK: ttg.shared = 73728 : i32
// CHECK-LABEL: tt.func @no_room
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 65536 : i32}
// CHECK-NEXT: ttg.local_load
#src = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_room(%x: tensor<64x256xi32, #src>) {
    %a = ttg.local_alloc %x : (tensor<64x256xi32, #src>) -> !ttg.memdesc<64x256xi32, #shared, #smem>
    %c = ttg.convert_layout %x : tensor<64x256xi32, #src> -> tensor<64x256xi32, #dst>
    %y = ttg.local_load %a : !ttg.memdesc<64x256xi32, #shared, #smem> -> tensor<64x256xi32, #src>
    tt.return
  }
}

// -----

// AMD targets keep Triton 3.6's one tile, room or not.
// CHECK: ttg.shared = 65536 : i32
// CHECK-LABEL: tt.func @room_amd
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32}
#src = #ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @room_amd(%x: tensor<64x256xi32, #src>) {
    %a = ttg.local_alloc %x : (tensor<64x256xi32, #src>) -> !ttg.memdesc<64x256xi32, #shared, #smem>
    %y = ttg.local_load %a : !ttg.memdesc<64x256xi32, #shared, #smem> -> tensor<64x256xi32, #src>
    %c = ttg.convert_layout %y : tensor<64x256xi32, #src> -> tensor<64x256xi32, #dst>
    tt.return
  }
}
