//===- CompileCache.h - triton-compile's content-addressed cache -*- C++
//-*-===//
//
// A compile's outputs (PTX, cubin, metadata JSON) filed under the SHA-256 of
// everything that decides them: the input text, the options, the target and
// the identity of the tools (this executable, ptxas, libdevice). One file per
// entry, written under a temporary name and renamed, so concurrent compiles
// (threads or processes) never see half an entry; each entry carries the
// SHA-256 of its contents, and one that does not match (a truncated or
// corrupted file) is a miss, recompiled and written anew.
//
//===----------------------------------------------------------------------===//

#ifndef OPT_TOOL_TRITON_COMPILE_COMPILECACHE_H
#define OPT_TOOL_TRITON_COMPILE_COMPILECACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir {
namespace triton {

/// What one compile produces.
struct CompileOutputs {
  std::string ptx, cubin, metadata;
};

/// The hex SHA-256 of `parts`, each length-prefixed (so that no two lists
/// of parts hash alike by their concatenation).
std::string hashParts(llvm::ArrayRef<std::string> parts);

/// "path size mtime" of a file, or "path missing": a cheap identity of a
/// tool or library that changes when it is rebuilt or replaced.
std::string describeFile(llvm::StringRef path);

/// $XDG_CACHE_HOME/triton-toolchain, else ~/.cache/triton-toolchain; empty
/// if neither variable is set.
std::string getDefaultCacheDir();

class CompileCache {
public:
  explicit CompileCache(std::string directory)
      : directory(std::move(directory)) {}

  /// Why a lookup found nothing usable.
  enum class Miss { Absent, Corrupted };

  /// The outputs filed under `key`, or why there are none.
  std::optional<CompileOutputs> lookup(llvm::StringRef key, Miss &why) const;

  /// Files `outputs` under `key`.
  llvm::Error store(llvm::StringRef key, const CompileOutputs &outputs) const;

  /// Where the entry for `key` lives.
  std::string getEntryPath(llvm::StringRef key) const;

private:
  std::string directory;
};

} // namespace triton
} // namespace mlir

#endif // OPT_TOOL_TRITON_COMPILE_COMPILECACHE_H
