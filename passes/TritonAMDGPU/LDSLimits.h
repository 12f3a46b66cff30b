//===- LDSLimits.h - what an AMD GPU's LDS holds and moves ------*- C++ -*-===//
//
// Facts about the LDS (AMD's shared memory) that several passes and the
// LLVM lowering depend on: its size per workgroup (the stream pipeliner's
// stage fallback, -optimize-amd-lds-usage, the lowering's limit) and the
// bytes one lane moves per direct-to-LDS (LDS-DMA) load (the pipeliner,
// -tritonamdgpu-coalesce-async-copy, -tritonamdgpu-update-async-wait-count
// and the lowering of ttg.async_copy_global_to_local).
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_TRITONAMDGPU_LDSLIMITS_H
#define PASSES_TRITONAMDGPU_LDSLIMITS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir::triton::amdgpu {

/// LDS per workgroup on `arch`: 64 KiB on gfx90a and gfx942 (CDNA2, CDNA3),
/// 160 KiB on gfx950, 320 KiB on gfx1250.
inline int64_t ldsBytesPerWorkgroup(llvm::StringRef arch) {
  if (arch == "gfx950")
    return 160 * 1024;
  if (arch == "gfx1250")
    return 320 * 1024;
  return 64 * 1024;
}

/// The bytes one lane moves per direct-to-LDS load on `arch`: 4 on gfx90a
/// and gfx942 (`buffer_load_dword ... lds`, `global_load_lds_dword`); gfx950
/// also has 12- and 16-byte ones, and 16 is what its copies use.
inline int64_t ldsDmaBytes(llvm::StringRef arch) {
  return arch == "gfx950" ? 16 : 4;
}

} // namespace mlir::triton::amdgpu

#endif // PASSES_TRITONAMDGPU_LDSLIMITS_H
