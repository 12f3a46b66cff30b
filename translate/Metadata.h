//===- Metadata.h - The launch metadata JSON of an emitted kernel ---------===//

#ifndef TRANSLATE_METADATA_H
#define TRANSLATE_METADATA_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace triton {

/// What a launcher needs (DESIGN.md's metadata contract).
struct KernelMetadata {
  std::string name;
  int numWarps = 4, numCtas = 1, threadsPerWarp = 32;
  int64_t shared = 0;
  int64_t globalScratchSize = 0, globalScratchAlign = 1;
  int64_t profileScratchSize = 0, profileScratchAlign = 1;
  std::string backend; ///< "cuda" or "hip"
  std::string arch;    ///< "90" (cuda, compute capability) or "gfx942" (hip)
  std::optional<int> ptxVersion;
  std::vector<std::string> params;
  /// How the launcher encodes each TMA-descriptor parameter (Triton 3.6's
  /// `tensordesc_meta`), in parameter order.
  struct TensorDescMeta {
    int64_t swizzle = 0, elemSize = 0, elemType = 0;
    std::vector<int64_t> blockSize;
  };
  std::vector<TensorDescMeta> tensordescMeta;
};

/// Shared memory per program: the module's `ttg.shared`, else `sharedBytes`
/// (the --shared option; negative for none).
int64_t getSharedBytes(std::optional<mlir::ModuleOp> module, int sharedBytes);

/// Collects the metadata of the one kernel of `llvmModule`. The `ttg.*`
/// attributes of `module` (when the input was MLIR) give warps, shared memory
/// and scratch sizes; otherwise they come from the kernel's LLVM attributes
/// (`nvvm.reqntid`, `amdgpu-flat-work-group-size`) and `sharedBytes`.
/// `paramsOverride` (comma-separated) replaces the signature derived from the
/// kernel's parameter types, whose pointers have unknown pointees (`*i8`).
llvm::Expected<KernelMetadata>
collectMetadata(const llvm::Module &llvmModule, std::optional<ModuleOp> module,
                llvm::StringRef backend, llvm::StringRef arch,
                std::optional<int> ptxVersion, llvm::StringRef paramsOverride,
                int sharedBytes);

/// Writes `metadata` as JSON to `path`.
llvm::Error writeMetadata(const KernelMetadata &metadata, llvm::StringRef path);

/// Prints `metadata` as the JSON writeMetadata writes.
void printMetadata(const KernelMetadata &metadata, llvm::raw_ostream &os);

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_METADATA_H
