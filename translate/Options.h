//===- Options.h - What the translations take from their caller -*- C++ -*-===//

#ifndef TRANSLATE_OPTIONS_H
#define TRANSLATE_OPTIONS_H

#include <string>

namespace mlir {
namespace triton {

/// The ptxas found when the project was configured.
std::string getDefaultPtxasPath();

/// LLVM 22's ld.lld, beside the LLVM tools the project was built with.
std::string getDefaultLldPath();

/// CUDA's libdevice.10.bc found when the project was configured.
std::string getDefaultLibdevicePath();

/// What the device-code translations take from their caller; a driver fills
/// it from its command line (triton-translate's flags have these names).
struct TranslateOptions {
  /// --arch: sm_90a, sm_80, gfx942, gfx90a; empty: from the module.
  std::string arch;
  /// --ptx-version: the PTX ISA version times ten (87 = 8.7).
  int ptxVersion = 87;
  /// --ptxas: the ptxas to assemble cubins with.
  std::string ptxas = getDefaultPtxasPath();
  /// --nvjitlink: the nvJitLink library (a path, or a name the dynamic
  /// loader finds) to assemble cubins with in-process instead of ptxas;
  /// empty: ptxas (translate/NvJitLink.h says why that is the default).
  std::string nvJitLink;
  /// libdevice.10.bc, linked where a kernel calls its functions.
  std::string libdevice = getDefaultLibdevicePath();
  /// --lld: the ld.lld (LLD 22) to link HSA code objects with.
  std::string lld = getDefaultLldPath();
  /// --metadata: where to write the launch metadata JSON; empty: nowhere.
  std::string metadataPath;
  /// --params: the kernel's signature in Triton's spelling, comma-separated,
  /// replacing the one derived from the module; empty: the module's.
  std::string params;
  /// --shared: shared-memory bytes where the module has no ttg.shared; -1:
  /// none given.
  int shared = -1;
  /// --llvm-opt-without-target: LLVM's O3 without the target's cost model
  /// and with SLP vectorization, as Triton 3.6 runs it for NVIDIA.
  bool llvmOptWithoutTarget = false;
  /// --disable-recompute-after-loops: keep thread-index values computed
  /// before loops live through them (RecomputeAfterLoops.cpp), to compare.
  bool disableRecomputeAfterLoops = false;
};

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_OPTIONS_H
