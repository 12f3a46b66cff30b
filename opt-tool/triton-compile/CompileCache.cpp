//===- CompileCache.cpp - triton-compile's content-addressed cache --------===//

#include "opt-tool/triton-compile/CompileCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlir::triton;

/// The first line of every entry; a format change changes it, so that old
/// entries read as corrupted and are replaced.
static constexpr StringLiteral kMagic = "triton-compile-cache 1\n";

static std::string sha256Hex(StringRef data) {
  SHA256 hasher;
  hasher.update(data);
  std::array<uint8_t, 32> digest = hasher.final();
  return toHex(digest, /*LowerCase=*/true);
}

std::string mlir::triton::hashParts(ArrayRef<std::string> parts) {
  SHA256 hasher;
  for (const std::string &part : parts) {
    std::string length = std::to_string(part.size()) + ":";
    hasher.update(length);
    hasher.update(part);
  }
  std::array<uint8_t, 32> digest = hasher.final();
  return toHex(digest, /*LowerCase=*/true);
}

std::string mlir::triton::describeFile(StringRef path) {
  sys::fs::file_status status;
  if (path.empty() || sys::fs::status(path, status))
    return (path + " missing").str();
  return (path + " " + Twine(status.getSize()) + " " +
          Twine(sys::toTimeT(status.getLastModificationTime())))
      .str();
}

std::string mlir::triton::getDefaultCacheDir() {
  SmallString<128> dir;
  if (std::optional<std::string> xdg = sys::Process::GetEnv("XDG_CACHE_HOME");
      xdg && !xdg->empty()) {
    dir = *xdg;
  } else if (std::optional<std::string> home = sys::Process::GetEnv("HOME");
             home && !home->empty()) {
    dir = *home;
    sys::path::append(dir, ".cache");
  } else {
    return "";
  }
  sys::path::append(dir, "triton-toolchain");
  return std::string(dir);
}

std::string CompileCache::getEntryPath(StringRef key) const {
  // Two levels, as git's objects: no directory grows to every entry.
  SmallString<128> path(directory);
  sys::path::append(path, key.take_front(2), key.drop_front(2));
  return std::string(path);
}

// An entry: the magic line, a line "<sha256 of the body> <ptx size> <cubin
// size> <metadata size>", then the body, the three outputs one after the
// other.
std::optional<CompileOutputs> CompileCache::lookup(StringRef key,
                                                   Miss &why) const {
  why = Miss::Absent;
  ErrorOr<std::unique_ptr<MemoryBuffer>> file =
      MemoryBuffer::getFile(getEntryPath(key), /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!file)
    return std::nullopt;
  why = Miss::Corrupted;
  StringRef text = (*file)->getBuffer();
  if (!text.consume_front(kMagic))
    return std::nullopt;
  auto [header, body] = text.split('\n');
  SmallVector<StringRef> fields;
  header.split(fields, ' ');
  size_t sizes[3];
  if (fields.size() != 4 || fields[1].getAsInteger(10, sizes[0]) ||
      fields[2].getAsInteger(10, sizes[1]) ||
      fields[3].getAsInteger(10, sizes[2]) ||
      body.size() != sizes[0] + sizes[1] + sizes[2] ||
      sha256Hex(body) != fields[0])
    return std::nullopt;
  CompileOutputs outputs;
  outputs.ptx = body.take_front(sizes[0]).str();
  outputs.cubin = body.substr(sizes[0], sizes[1]).str();
  outputs.metadata = body.substr(sizes[0] + sizes[1]).str();
  return outputs;
}

Error CompileCache::store(StringRef key, const CompileOutputs &outputs) const {
  std::string path = getEntryPath(key);
  StringRef parent = sys::path::parent_path(path);
  if (std::error_code ec = sys::fs::create_directories(parent))
    return createStringError(ec,
                             "cannot create cache directory '" + parent + "'");
  std::string body = outputs.ptx + outputs.cubin + outputs.metadata;
  SmallString<128> temporary;
  int fd;
  if (std::error_code ec =
          sys::fs::createUniqueFile(path + ".tmp-%%%%%%%%", fd, temporary))
    return createStringError(ec, "cannot write to cache directory '" + parent +
                                     "'");
  {
    raw_fd_ostream out(fd, /*shouldClose=*/true);
    out << kMagic << sha256Hex(body) << ' ' << outputs.ptx.size() << ' '
        << outputs.cubin.size() << ' ' << outputs.metadata.size() << '\n'
        << body;
    out.close();
    if (out.has_error()) {
      std::error_code ec = out.error();
      out.clear_error();
      sys::fs::remove(temporary);
      return createStringError(ec, "cannot write cache entry '" + path + "'");
    }
  }
  if (std::error_code ec = sys::fs::rename(temporary, path)) {
    sys::fs::remove(temporary);
    return createStringError(ec, "cannot write cache entry '" + path + "'");
  }
  return Error::success();
}
