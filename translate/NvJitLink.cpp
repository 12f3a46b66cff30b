//===- NvJitLink.cpp - PTX -> cubin in-process through CUDA's nvJitLink ---===//

#include "translate/NvJitLink.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <sys/auxv.h>

using namespace llvm;

namespace {

// nvJitLink's C interface as its documentation gives it: an opaque handle,
// int results (0 is success) and PTX as input kind 2.
using Handle = void *;
using Result = int;
constexpr Result kSuccess = 0;
constexpr int kInputPtx = 2;

/// The functions of one loaded library.
struct Library {
  Result (*create)(Handle *, uint32_t, const char **) = nullptr;
  Result (*destroy)(Handle *) = nullptr;
  Result (*addData)(Handle, int, const void *, size_t, const char *) = nullptr;
  Result (*complete)(Handle) = nullptr;
  Result (*cubinSize)(Handle, size_t *) = nullptr;
  Result (*cubin)(Handle, void *) = nullptr;
  Result (*errorLogSize)(Handle, size_t *) = nullptr;
  Result (*errorLog)(Handle, char *) = nullptr;
  Result (*infoLogSize)(Handle, size_t *) = nullptr;
  Result (*infoLog)(Handle, char *) = nullptr;
  unsigned major = 0, minor = 0;
  /// Why it cannot be used; empty if it can.
  std::string problem;
};

/// `name`'s address in `library`: the plain name, else the versioned one
/// the headers of its release map it to (__nvJitLinkCreate_12_4, ...).
template <typename Function>
bool resolve(sys::DynamicLibrary &library, const Library &loaded,
             StringRef name, Function *&function) {
  void *address = library.getAddressOfSymbol(name.str().c_str());
  if (!address && loaded.major) {
    std::string versioned =
        ("__" + name + "_" + Twine(loaded.major) + "_" + Twine(loaded.minor))
            .str();
    address = library.getAddressOfSymbol(versioned.c_str());
  }
  function = reinterpret_cast<Function *>(address);
  return address != nullptr;
}

Library open(StringRef path) {
  Library loaded;
  // A statically linked tool (make static-tools) has no dynamic loader of
  // its own: the library would bring a second C library into the process,
  // which crashes where the two versions differ (glibc 2.36 here, 2.39 on
  // the GPU machine).
  if (getauxval(AT_BASE) == 0) {
    loaded.problem = "cannot load nvJitLink from '" + path.str() +
                     "': this tool is statically linked; use the shared "
                     "build's tools, or ptxas";
    return loaded;
  }
  std::string error;
  sys::DynamicLibrary library =
      sys::DynamicLibrary::getPermanentLibrary(path.str().c_str(), &error);
  if (!library.isValid()) {
    loaded.problem = "cannot load nvJitLink from '" + path.str() +
                     "': " + (error.empty() ? "not found" : error);
    return loaded;
  }
  Result (*version)(unsigned *, unsigned *) = nullptr;
  if (resolve(library, loaded, "nvJitLinkVersion", version))
    version(&loaded.major, &loaded.minor);
  // The first function the library lacks, if any.
  StringRef missing;
  auto need = [&](StringRef name, auto *&function) {
    if (!resolve(library, loaded, name, function) && missing.empty())
      missing = name;
  };
  need("nvJitLinkCreate", loaded.create);
  need("nvJitLinkDestroy", loaded.destroy);
  need("nvJitLinkAddData", loaded.addData);
  need("nvJitLinkComplete", loaded.complete);
  need("nvJitLinkGetLinkedCubinSize", loaded.cubinSize);
  need("nvJitLinkGetLinkedCubin", loaded.cubin);
  need("nvJitLinkGetErrorLogSize", loaded.errorLogSize);
  need("nvJitLinkGetErrorLog", loaded.errorLog);
  need("nvJitLinkGetInfoLogSize", loaded.infoLogSize);
  need("nvJitLinkGetInfoLog", loaded.infoLog);
  if (!missing.empty())
    loaded.problem = "'" + path.str() + "' has no " + missing.str() +
                     ": not a CUDA 12 or 13 nvJitLink library";
  return loaded;
}

/// The library loaded from `path`, loading it the first time.
const Library &get(StringRef path) {
  static std::mutex mutex;
  static StringMap<std::unique_ptr<Library>> libraries;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<Library> &slot = libraries[path];
  if (!slot)
    slot = std::make_unique<Library>(open(path));
  return *slot;
}

/// One of a handle's logs (info or error) as text.
std::string readLog(const Library &library, Handle handle, bool info) {
  size_t size = 0;
  if ((info ? library.infoLogSize : library.errorLogSize)(handle, &size) !=
          kSuccess ||
      size == 0)
    return "";
  std::string log(size, '\0');
  if ((info ? library.infoLog : library.errorLog)(handle, log.data()) !=
      kSuccess)
    return "";
  // The size counts the terminating NUL.
  while (!log.empty() && log.back() == '\0')
    log.pop_back();
  return StringRef(log).rtrim().str();
}

} // namespace

std::string mlir::triton::findNvJitLink(StringRef ptxas) {
  SmallVector<std::string> candidates;
  if (!ptxas.empty()) {
    // A CUDA toolkit: bin/ptxas beside lib64/libnvJitLink.so.
    SmallString<256> beside = sys::path::parent_path(ptxas);
    sys::path::remove_filename(beside);
    sys::path::append(beside, "lib64", "libnvJitLink.so");
    if (sys::fs::exists(beside))
      candidates.push_back(beside.str().str());
  }
  candidates.push_back("libnvJitLink.so.13");
  candidates.push_back("libnvJitLink.so.12");
  for (const std::string &candidate : candidates)
    if (get(candidate).problem.empty())
      return candidate;
  return candidates.front();
}

Error mlir::triton::loadNvJitLink(StringRef library) {
  const Library &loaded = get(library);
  if (!loaded.problem.empty())
    return createStringError(inconvertibleErrorCode(), loaded.problem);
  return Error::success();
}

Expected<std::string> mlir::triton::assembleWithNvJitLink(StringRef libraryPath,
                                                          StringRef ptx,
                                                          StringRef arch,
                                                          std::string *messages,
                                                          bool lineInfo) {
  const Library &library = get(libraryPath);
  if (!library.problem.empty())
    return createStringError(inconvertibleErrorCode(), library.problem);
  std::string archOption = ("-arch=" + arch).str();
  // -verbose: the register and spill counts, as ptxas -v prints them.
  SmallVector<const char *, 3> options = {archOption.c_str(), "-verbose"};
  if (lineInfo)
    options.push_back("-lineinfo");
  Handle handle = nullptr;
  if (library.create(&handle, options.size(), options.data()) != kSuccess)
    return createStringError(inconvertibleErrorCode(),
                             "nvJitLink cannot link for " + arch);
  auto fail = [&](StringRef what) -> Expected<std::string> {
    std::string log = readLog(library, handle, /*info=*/false);
    library.destroy(&handle);
    return createStringError(inconvertibleErrorCode(),
                             "nvJitLink failed " + what.str() +
                                 (log.empty() ? "" : ":\n" + log));
  };
  // The PTX is passed with its terminating NUL, as nvJitLink reads text.
  std::string text = ptx.str();
  if (library.addData(handle, kInputPtx, text.c_str(), text.size() + 1,
                      "kernel.ptx") != kSuccess)
    return fail("to read the PTX");
  if (library.complete(handle) != kSuccess)
    return fail("to assemble the PTX");
  size_t size = 0;
  if (library.cubinSize(handle, &size) != kSuccess || size == 0)
    return fail("to give the cubin");
  std::string cubin(size, '\0');
  if (library.cubin(handle, cubin.data()) != kSuccess)
    return fail("to give the cubin");
  if (messages)
    *messages = readLog(library, handle, /*info=*/true);
  library.destroy(&handle);
  return cubin;
}
