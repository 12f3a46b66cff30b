//===- Metadata.cpp - The launch metadata JSON of an emitted kernel -------===//

#include "translate/Metadata.h"

#include "translate/LLVMCodegen.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlir::triton;

/// Triton's spelling of a kernel parameter type; pointers lose their pointee
/// in LLVM IR and are spelled `*i8`.
static std::string spellParam(Type *type) {
  if (type->isPointerTy())
    return "*i8";
  if (type->isIntegerTy())
    return "i" + std::to_string(type->getIntegerBitWidth());
  if (type->isHalfTy())
    return "fp16";
  if (type->isBFloatTy())
    return "bf16";
  if (type->isFloatTy())
    return "fp32";
  if (type->isDoubleTy())
    return "fp64";
  std::string text;
  raw_string_ostream os(text);
  type->print(os);
  return text;
}

static std::optional<int64_t> getIntAttr(std::optional<mlir::ModuleOp> module,
                                         StringRef name) {
  if (!module)
    return std::nullopt;
  if (auto attr = (*module)->getAttrOfType<mlir::IntegerAttr>(name))
    return attr.getInt();
  return std::nullopt;
}

int64_t mlir::triton::getSharedBytes(std::optional<mlir::ModuleOp> module,
                                     int sharedBytes) {
  return getIntAttr(module, "ttg.shared").value_or(std::max(sharedBytes, 0));
}

/// The threads per program a kernel is compiled for, from its LLVM attributes.
static std::optional<int> getThreadsFromAttributes(const Function &kernel) {
  int threads = 0;
  if (kernel.hasFnAttribute("nvvm.reqntid") &&
      !kernel.getFnAttribute("nvvm.reqntid")
           .getValueAsString()
           .getAsInteger(10, threads))
    return threads;
  if (kernel.hasFnAttribute("amdgpu-flat-work-group-size")) {
    StringRef range =
        kernel.getFnAttribute("amdgpu-flat-work-group-size").getValueAsString();
    if (!range.split(',').second.trim().getAsInteger(10, threads))
      return threads;
  }
  return std::nullopt;
}

Expected<KernelMetadata> mlir::triton::collectMetadata(
    const Module &llvmModule, std::optional<mlir::ModuleOp> module,
    StringRef backend, StringRef arch, std::optional<int> ptxVersion,
    StringRef paramsOverride, int sharedBytes) {
  const Function *kernel = nullptr;
  for (const Function &function : llvmModule) {
    if (function.isDeclaration() || !isKernel(function))
      continue;
    if (kernel)
      return createStringError(
          inconvertibleErrorCode(),
          "metadata describes one kernel, the module has '" +
              kernel->getName() + "' and '" + function.getName() + "'");
    kernel = &function;
  }
  if (!kernel)
    return createStringError(inconvertibleErrorCode(),
                             "the module defines no kernel");

  KernelMetadata meta;
  meta.name = kernel->getName().str();
  meta.backend = backend.str();
  meta.threadsPerWarp = backend == "hip" ? 64 : 32;
  meta.arch = arch.str();
  meta.ptxVersion = ptxVersion;
  if (backend == "cuda") // "sm_90a" -> "90"
    meta.arch = arch.drop_front(3).take_while(isDigit).str();
  meta.threadsPerWarp =
      getIntAttr(module, "ttg.threads-per-warp").value_or(meta.threadsPerWarp);
  // A warp-specialized program launches its partitions' warps too (Triton
  // 3.6 reports ttg.total-num-warps then).
  if (auto warps = getIntAttr(module, "ttg.total-num-warps"))
    meta.numWarps = *warps;
  else if (auto warps = getIntAttr(module, "ttg.num-warps"))
    meta.numWarps = *warps;
  else if (auto threads = getThreadsFromAttributes(*kernel))
    meta.numWarps = std::max(1, *threads / meta.threadsPerWarp);
  meta.numCtas = getIntAttr(module, "ttg.num-ctas").value_or(1);
  meta.shared = getSharedBytes(module, sharedBytes);
  meta.globalScratchSize =
      getIntAttr(module, "ttg.global_scratch_memory_size").value_or(0);
  meta.globalScratchAlign =
      getIntAttr(module, "ttg.global_scratch_memory_alignment").value_or(1);
  meta.profileScratchSize =
      getIntAttr(module, "ttg.profile_scratch_memory_size").value_or(0);
  meta.profileScratchAlign =
      getIntAttr(module, "ttg.profile_scratch_memory_alignment").value_or(1);

  if (module) {
    Operation *func = mlir::SymbolTable::lookupSymbolIn(*module, meta.name);
    if (auto metas =
            func ? func->getAttrOfType<mlir::ArrayAttr>("tt.tensordesc_meta")
                 : nullptr)
      for (mlir::Attribute entry : metas) {
        auto dict = dyn_cast<mlir::DictionaryAttr>(entry);
        if (!dict)
          continue;
        KernelMetadata::TensorDescMeta desc;
        auto getInt = [&](StringRef key) {
          auto attr = dict.getAs<mlir::IntegerAttr>(key);
          return attr ? attr.getInt() : 0;
        };
        desc.swizzle = getInt("swizzle");
        desc.elemSize = getInt("elem_size");
        desc.elemType = getInt("elem_type");
        if (auto sizes = dict.getAs<mlir::ArrayAttr>("block_size"))
          for (mlir::Attribute size : sizes)
            desc.blockSize.push_back(cast<mlir::IntegerAttr>(size).getInt());
        meta.tensordescMeta.push_back(std::move(desc));
      }
  }
  if (!paramsOverride.empty()) {
    SmallVector<StringRef> parts;
    paramsOverride.split(parts, ',', -1, /*KeepEmpty=*/false);
    for (StringRef part : parts)
      meta.params.push_back(part.trim().str());
    return meta;
  }
  // Our lowering records the signature in Triton's spelling (pointee types
  // included) on the kernel.
  if (module) {
    Operation *func = mlir::SymbolTable::lookupSymbolIn(*module, meta.name);
    if (auto params = func ? func->getAttrOfType<mlir::ArrayAttr>("tt.params")
                           : nullptr) {
      for (mlir::Attribute param : params)
        if (auto text = dyn_cast<mlir::StringAttr>(param))
          meta.params.push_back(text.str());
      return meta;
    }
  }
  // Triton's ABI ends with the global- and profile-scratch pointers, which
  // are not part of the signature.
  unsigned numParams = kernel->arg_size();
  bool tritonABI = numParams >= 2 &&
                   kernel->getArg(numParams - 1)->getType()->isPointerTy() &&
                   kernel->getArg(numParams - 2)->getType()->isPointerTy() &&
                   (!module || (*module)->hasAttr("ttg.num-warps"));
  if (tritonABI)
    numParams -= 2;
  for (unsigned i = 0; i < numParams; ++i)
    meta.params.push_back(spellParam(kernel->getArg(i)->getType()));
  return meta;
}

Error mlir::triton::writeMetadata(const KernelMetadata &meta, StringRef path) {
  std::error_code ec;
  raw_fd_ostream out(path, ec);
  if (ec)
    return createStringError(ec, "cannot write metadata to '" + path + "'");
  printMetadata(meta, out);
  return Error::success();
}

void mlir::triton::printMetadata(const KernelMetadata &meta, raw_ostream &out) {
  json::OStream json(out, /*IndentSize=*/2);
  json.object([&] {
    json.attribute("name", meta.name);
    json.attribute("num_warps", meta.numWarps);
    json.attribute("num_ctas", meta.numCtas);
    json.attribute("threads_per_warp", meta.threadsPerWarp);
    json.attribute("shared", meta.shared);
    json.attribute("global_scratch_size", meta.globalScratchSize);
    json.attribute("global_scratch_align", meta.globalScratchAlign);
    json.attribute("profile_scratch_size", meta.profileScratchSize);
    json.attribute("profile_scratch_align", meta.profileScratchAlign);
    json.attributeArray("tensordesc_meta", [&] {
      for (const KernelMetadata::TensorDescMeta &desc : meta.tensordescMeta)
        json.object([&] {
          json.attribute("swizzle", desc.swizzle);
          json.attribute("elem_size", desc.elemSize);
          json.attribute("elem_type", desc.elemType);
          json.attributeArray("block_size", [&] {
            for (int64_t size : desc.blockSize)
              json.value(size);
          });
          json.attribute("fp4_padded", false);
        });
    });
    json.attributeObject("target", [&] {
      json.attribute("backend", meta.backend);
      if (meta.backend == "cuda") {
        int cc = 0;
        StringRef(meta.arch).getAsInteger(10, cc);
        json.attribute("arch", cc);
      } else {
        json.attribute("arch", meta.arch);
      }
      json.attribute("warp_size", meta.threadsPerWarp);
    });
    if (meta.ptxVersion)
      json.attribute("ptx_version", *meta.ptxVersion);
    json.attributeArray("params", [&] {
      for (const std::string &param : meta.params)
        json.value(param);
    });
  });
  out << "\n";
}
