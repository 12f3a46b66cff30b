//===- UpstreamFlags.cpp - Upstream Triton's pass flag spellings ----------===//
//
// Users bring upstream Triton's habits (and its lit tests) to triton-opt,
// e.g. `--allocate-shared-memory-nv='compute-capability=90'`. Where upstream
// names one of our passes differently, its flag is registered here as an
// alias that runs our pass, with upstream's option names turned into ours
// before the pass reads them.
//
//===----------------------------------------------------------------------===//

#include "passes/UpstreamFlags.h"

#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <string>

using namespace mlir;

namespace {

/// One upstream option name and the name our pass gives it.
struct OptionRename {
  StringRef upstream;
  StringRef ours;
};

/// An upstream flag and the pass of ours it runs.
struct FlagAlias {
  /// Upstream's flag (without dashes).
  StringRef upstream;
  /// Our pass's flag.
  StringRef ours;
  /// Options upstream spells differently.
  ArrayRef<OptionRename> renamed;
  /// Upstream options that choose nothing in ours (dropped), with why.
  ArrayRef<StringRef> unused;
  StringRef whyUnused;
};

const StringRef kNvTargetOptions[] = {"compute-capability", "ptx-version"};

// Only flags that name our passes differently can be aliased here: MLIR
// registers one flag once and keeps a registered pass's option parsing to
// itself, so an option name upstream spells differently (`arch` and
// `arch-generation-name` for our `gfx-arch`) has to be declared by the pass.
const FlagAlias kAliases[] = {
    // Upstream registers the allocator once per vendor; ours sizes scratch
    // buffers through the target interface of the module's ttg.target.
    {"allocate-shared-memory-nv",
     "allocate-shared-memory",
     {},
     kNvTargetOptions,
     "the scratch sizes come from the module's ttg.target"},
};

/// Splits a pass option string (`a=1 b="x y" c={d=2 e=3}`) at the spaces
/// that separate options, keeping quoted and braced values whole.
SmallVector<StringRef> splitOptions(StringRef options) {
  SmallVector<StringRef> parts;
  size_t start = 0, depth = 0;
  char quote = 0;
  for (size_t i = 0, e = options.size(); i <= e; ++i) {
    char c = i < e ? options[i] : ' ';
    if (quote) {
      if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      depth -= depth > 0;
    } else if (depth == 0 && llvm::isSpace(c)) {
      if (i > start)
        parts.push_back(options.slice(start, i));
      start = i + 1;
    }
  }
  return parts;
}

/// OPTIONS with upstream's names turned into ours and unused ones dropped.
std::string translateOptions(const FlagAlias &alias, StringRef options) {
  std::string out;
  for (StringRef part : splitOptions(options)) {
    auto [key, value] = part.split('=');
    if (llvm::is_contained(alias.unused, key))
      continue;
    for (const OptionRename &rename : alias.renamed)
      if (key == rename.upstream)
        key = rename.ours;
    if (!out.empty())
      out += ' ';
    out += key.str();
    if (part.contains('='))
      out += "=" + value.str();
  }
  return out;
}

} // namespace

void mlir::triton::registerUpstreamFlags() {
  // MLIR's own passes that upstream's triton-opt offers and its users run
  // after lowering to the LLVM dialect (f16 divisions through f32 for NVVM).
  if (!PassInfo::lookup("llvm-optimize-for-nvvm-target"))
    LLVM::registerNVVMOptimizeForTargetPass();
  for (const FlagAlias &alias : kAliases) {
    const PassInfo *ours = PassInfo::lookup(alias.ours);
    if (!ours)
      continue;
    // A pass of our own under upstream's name wins over the alias.
    if (PassInfo::lookup(alias.upstream) ||
        PassPipelineInfo::lookup(alias.upstream))
      continue;
    std::string description =
        ("upstream Triton's name for -" + alias.ours).str();
    if (!alias.unused.empty())
      description += " (accepts " + llvm::join(alias.unused, ", ") +
                     ", unused: " + alias.whyUnused.str() + ")";
    registerPassPipeline(
        alias.upstream, description,
        [ours,
         &alias](OpPassManager &pm, StringRef options,
                 function_ref<LogicalResult(const Twine &)> errorHandler) {
          return ours->addToPipeline(pm, translateOptions(alias, options),
                                     errorHandler);
        },
        [](function_ref<void(const detail::PassOptions &)>) {});
  }
}
