//===- Attributes.cpp - Layout encodings of the ttg dialect ---------------===//
//
// Parsers, printers and verifiers of the layout encodings. Every encoding
// prints as `#ttg.<mnemonic><{key = value, ...}>` in Triton 3.6's key order;
// the parsers read the body as a dictionary and take the keys they know.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::triton::gpu;

#define GET_ATTRDEF_CLASSES
#include "dialects/TritonGPU/IR/TritonGPUAttrDefs.cpp.inc"

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/TritonGPU/IR/TritonGPUAttrDefs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Reading the `<{...}>` body
//===----------------------------------------------------------------------===//

namespace {
/// The keys of a layout's `<{...}>` body, read one by one. Each getter
/// reports a missing or ill-typed key at the body's location.
class LayoutBody {
public:
  LayoutBody(AsmParser &parser, StringRef layout)
      : parser(parser), layout(layout) {}

  /// Parses `<{...}>`, or only `<{...}` when `closed` is false (the caller
  /// parses what follows the dictionary).
  LogicalResult parse(bool closed = true) {
    loc = parser.getCurrentLocation();
    Attribute attr;
    if (parser.parseLess() || parser.parseAttribute(attr) ||
        (closed && parser.parseGreater()))
      return failure();
    dict = dyn_cast<DictionaryAttr>(attr);
    if (!dict)
      return parser.emitError(loc)
             << "expected a dictionary in #ttg." << layout;
    return success();
  }

  InFlightDiagnostic error() { return parser.emitError(loc); }

  Attribute lookup(StringRef key, bool required) {
    used.push_back(key);
    Attribute value = dict.get(key);
    if (!value && required)
      error() << "#ttg." << layout << " needs '" << key << "'";
    return value;
  }

  FailureOr<unsigned> getUnsigned(StringRef key, bool required = true,
                                  unsigned defaultValue = 0) {
    Attribute value = lookup(key, required);
    if (!value)
      return required ? FailureOr<unsigned>(failure()) : defaultValue;
    auto intAttr = dyn_cast<IntegerAttr>(value);
    if (!intAttr || intAttr.getValue().isNegative() ||
        intAttr.getValue().getActiveBits() > 32) {
      error() << "'" << key << "' of #ttg." << layout
              << " must be a non-negative integer";
      return failure();
    }
    return static_cast<unsigned>(intAttr.getValue().getZExtValue());
  }

  FailureOr<bool> getBool(StringRef key, bool required = true,
                          bool defaultValue = false) {
    Attribute value = lookup(key, required);
    if (!value)
      return required ? FailureOr<bool>(failure()) : defaultValue;
    auto boolAttr = dyn_cast<BoolAttr>(value);
    if (!boolAttr) {
      error() << "'" << key << "' of #ttg." << layout
              << " must be true or false";
      return failure();
    }
    return boolAttr.getValue();
  }

  FailureOr<SmallVector<unsigned>> getUnsignedArray(StringRef key,
                                                    bool required = true) {
    Attribute value = lookup(key, required);
    SmallVector<unsigned> result;
    if (!value)
      return required ? FailureOr<SmallVector<unsigned>>(failure()) : result;
    auto array = dyn_cast<ArrayAttr>(value);
    if (!array)
      return arrayError(key);
    for (Attribute element : array) {
      auto intAttr = dyn_cast<IntegerAttr>(element);
      if (!intAttr || intAttr.getValue().isNegative() ||
          intAttr.getValue().getActiveBits() > 32)
        return arrayError(key);
      result.push_back(intAttr.getValue().getZExtValue());
    }
    return result;
  }

  FailureOr<BasisList> getBases(StringRef key, bool required = false) {
    Attribute value = lookup(key, required);
    BasisList result;
    if (!value)
      return required ? FailureOr<BasisList>(failure()) : result;
    auto array = dyn_cast<ArrayAttr>(value);
    if (!array)
      return basesError(key);
    for (Attribute element : array) {
      auto basis = dyn_cast<ArrayAttr>(element);
      if (!basis)
        return basesError(key);
      SmallVector<int32_t> vec;
      for (Attribute coordinate : basis) {
        auto intAttr = dyn_cast<IntegerAttr>(coordinate);
        if (!intAttr || intAttr.getValue().getSignificantBits() > 32)
          return basesError(key);
        vec.push_back(intAttr.getInt());
      }
      result.bases.push_back(std::move(vec));
    }
    return result;
  }

  /// The CTA layout: `CGALayout = [[...]]`, or the three keys Triton wrote
  /// before its CTA layout became a linear layout (`CTAsPerCGA`,
  /// `CTASplitNum`, `CTAOrder`), which upstream's own lit tests still use.
  /// The old keys are read into the same bases, so both print in the
  /// `CGALayout` form, the one Triton 3.6 prints.
  FailureOr<BasisList> getCGALayout() {
    Attribute ctas = lookup("CTAsPerCGA", /*required=*/false);
    Attribute split = lookup("CTASplitNum", /*required=*/false);
    Attribute ctaOrder = lookup("CTAOrder", /*required=*/false);
    if (!ctas && !split && !ctaOrder)
      return getBases("CGALayout");
    if (dict.get("CGALayout")) {
      error() << "#ttg." << layout
              << " takes either CGALayout or CTAsPerCGA, CTASplitNum and "
                 "CTAOrder, not both";
      return failure();
    }
    if (!ctas || !split || !ctaOrder) {
      error() << "CTAsPerCGA, CTASplitNum, and CTAOrder must all be present "
                 "or all be absent in #ttg."
              << layout;
      return failure();
    }
    auto perCGA = getUnsignedArray("CTAsPerCGA");
    auto splitNum = getUnsignedArray("CTASplitNum");
    auto order = getUnsignedArray("CTAOrder");
    if (failed(perCGA) || failed(splitNum) || failed(order))
      return failure();
    size_t rank = perCGA->size();
    if (splitNum->size() != rank || order->size() != rank) {
      error() << "CTAsPerCGA, CTASplitNum, and CTAOrder must all have the "
                 "same rank in #ttg."
              << layout << " (" << rank << ", " << splitNum->size() << ", "
              << order->size() << ")";
      return failure();
    }
    legacyCTARank = rank;
    SmallVector<bool> seen(rank, false);
    for (unsigned dim : *order) {
      if (dim >= rank || seen[dim]) {
        error() << "CTAOrder of #ttg." << layout
                << " must be a permutation of 0.." << rank - 1;
        return failure();
      }
      seen[dim] = true;
    }
    BasisList bases;
    // The CTA id's bits run over the dims in CTAOrder, fastest first: the
    // first log2(CTASplitNum[d]) bits of a dim pick distinct tiles along d,
    // the rest of log2(CTAsPerCGA[d]) bits repeat them (broadcast).
    for (unsigned dim : *order) {
      unsigned num = (*perCGA)[dim], splits = (*splitNum)[dim];
      if (num == 0 || splits == 0) {
        error() << "every element in CTAsPerCGA and CTASplitNum of #ttg."
                << layout << " must be greater than 0";
        return failure();
      }
      if (!llvm::isPowerOf2_32(num) || !llvm::isPowerOf2_32(splits) ||
          num % splits != 0) {
        error() << "CTAsPerCGA[" << dim << "] = " << num << " and CTASplitNum["
                << dim << "] = " << splits << " of #ttg." << layout
                << " must be powers of 2, the split dividing the CTA count";
        return failure();
      }
      for (unsigned step = 1; step < num; step *= 2) {
        SmallVector<int32_t> basis(rank, 0);
        if (step < splits)
          basis[dim] = step;
        bases.bases.push_back(std::move(basis));
      }
    }
    return bases;
  }

  FailureOr<Attribute> getAttr(StringRef key) {
    Attribute value = lookup(key, /*required=*/true);
    if (!value)
      return failure();
    return value;
  }

  /// Fails on a key no getter asked for.
  LogicalResult checkNoUnknownKeys() {
    for (NamedAttribute named : dict)
      if (!llvm::is_contained(used, named.getName().getValue()))
        return error() << "unknown key '" << named.getName().getValue()
                       << "' in #ttg." << layout;
    return success();
  }

  /// Warns about each key no getter asked for. Triton's parsers of the MMA
  /// and swizzled layouts skip keys they do not know, and its own tests
  /// carry misspelt ones (`isTranspose` in an #ttg.amd_mfma), so these
  /// layouts accept them too; the warning keeps a typo from going unseen.
  void warnUnknownKeys() {
    for (NamedAttribute named : dict)
      if (!llvm::is_contained(used, named.getName().getValue()))
        emitWarning(parser.getEncodedSourceLoc(loc))
            << "unknown key '" << named.getName().getValue() << "' in #ttg."
            << layout << " is ignored";
  }

  SMLoc getLoc() const { return loc; }

  /// The rank the legacy CTA keys gave, 0 when they were absent.
  unsigned getLegacyCTARank() const { return legacyCTARank; }

private:
  InFlightDiagnostic arrayError(StringRef key) {
    return error() << "'" << key << "' of #ttg." << layout
                   << " must be a list of non-negative integers";
  }
  InFlightDiagnostic basesError(StringRef key) {
    return error() << "'" << key << "' of #ttg." << layout
                   << " must be a list of lists of integers";
  }

  AsmParser &parser;
  StringRef layout;
  SMLoc loc;
  DictionaryAttr dict;
  SmallVector<StringRef> used;
  unsigned legacyCTARank = 0;
};
} // namespace

//===----------------------------------------------------------------------===//
// Printing helpers
//===----------------------------------------------------------------------===//

template <typename T>
static void printArray(AsmPrinter &printer, ArrayRef<T> values) {
  printer << "[";
  llvm::interleaveComma(values, printer.getStream());
  printer << "]";
}

static void printBases(AsmPrinter &printer, const BasisList &list) {
  printer << "[";
  llvm::interleaveComma(list.bases, printer.getStream(),
                        [&](const SmallVector<int32_t> &basis) {
                          printArray<int32_t>(printer, basis);
                        });
  printer << "]";
}

/// `, CGALayout = [[...]]` where there are several CTAs.
static void maybePrintCGALayout(AsmPrinter &printer, const BasisList &cga) {
  if (cga.empty())
    return;
  printer << ", CGALayout = ";
  printBases(printer, cga);
}

static LogicalResult
verifyBasesRank(function_ref<InFlightDiagnostic()> emitError,
                const BasisList &list, size_t rank, StringRef what) {
  for (const auto &basis : list.bases)
    if (basis.size() != rank)
      return emitError() << what << " basis [" << basis
                         << "] must have one entry per dimension (" << rank
                         << ")";
  return success();
}

static bool isPermutation(ArrayRef<unsigned> order) {
  SmallVector<bool> seen(order.size(), false);
  for (unsigned dim : order) {
    if (dim >= order.size() || seen[dim])
      return false;
    seen[dim] = true;
  }
  return true;
}

/// The product of `values`, saturated at 2^40 (no launch is that large).
static int64_t product(ArrayRef<unsigned> values) {
  constexpr int64_t kLimit = int64_t(1) << 40;
  int64_t result = 1;
  for (unsigned value : values)
    result = value && result > kLimit / value ? kLimit : result * value;
  return result;
}

//===----------------------------------------------------------------------===//
// Queries over every encoding
//===----------------------------------------------------------------------===//

bool mlir::triton::gpu::isMmaEncoding(Attribute encoding) {
  return isa_and_nonnull<NvidiaMmaEncodingAttr, AMDMfmaEncodingAttr,
                         AMDWmmaEncodingAttr>(encoding);
}

bool mlir::triton::gpu::isDistributedEncoding(Attribute encoding) {
  return isa_and_nonnull<BlockedEncodingAttr, SliceEncodingAttr,
                         DotOperandEncodingAttr, LinearEncodingAttr>(
             encoding) ||
         isMmaEncoding(encoding);
}

bool mlir::triton::gpu::isSharedEncoding(Attribute encoding) {
  return isa_and_nonnull<SwizzledSharedEncodingAttr,
                         AMDRotatingSharedEncodingAttr, NVMMASharedEncodingAttr,
                         SharedLinearEncodingAttr>(encoding);
}

static int64_t firstBasisLength(ArrayRef<const BasisList *> lists) {
  for (const BasisList *list : lists)
    if (!list->empty())
      return list->bases.front().size();
  return -1;
}

int64_t mlir::triton::gpu::getEncodingRank(Attribute encoding) {
  return llvm::TypeSwitch<Attribute, int64_t>(encoding)
      .Case([](BlockedEncodingAttr a) { return a.getOrder().size(); })
      .Case([](SliceEncodingAttr a) {
        int64_t parentRank = getEncodingRank(a.getParent());
        return parentRank < 0 ? -1 : parentRank - 1;
      })
      .Case([](DotOperandEncodingAttr a) {
        return getEncodingRank(a.getParent());
      })
      .Case([](NvidiaMmaEncodingAttr a) { return a.getWarpsPerCTA().size(); })
      .Case([](AMDMfmaEncodingAttr a) { return a.getWarpsPerCTA().size(); })
      .Case([](AMDWmmaEncodingAttr a) {
        return firstBasisLength(
            {&a.getCtaWarp(), &a.getCtaRegister(), &a.getCGALayout()});
      })
      .Case([](LinearEncodingAttr a) {
        return firstBasisLength({&a.getRegisterBases(), &a.getLaneBases(),
                                 &a.getWarpBases(), &a.getBlockBases()});
      })
      .Case([](SwizzledSharedEncodingAttr a) { return a.getOrder().size(); })
      .Case([](AMDRotatingSharedEncodingAttr a) { return a.getOrder().size(); })
      .Case([](PaddedSharedEncodingAttr a) -> int64_t { return a.getRank(); })
      .Case([](SharedLinearEncodingAttr a) -> int64_t {
        return firstBasisLength({&a.getOffsetBases(), &a.getBlockBases()});
      })
      .Case([](NVMMASharedEncodingAttr a) -> int64_t {
        if (!a.getCGALayout().empty())
          return a.getCGALayout().bases.front().size();
        return a.getRank();
      })
      .Default([](Attribute) { return -1; });
}

/// 2^bits, or -1 when that does not fit.
static int64_t pow2(size_t bits) { return bits < 62 ? int64_t(1) << bits : -1; }

int64_t mlir::triton::gpu::getEncodingNumWarps(Attribute encoding) {
  return llvm::TypeSwitch<Attribute, int64_t>(encoding)
      .Case([](BlockedEncodingAttr a) { return product(a.getWarpsPerCTA()); })
      .Case([](NvidiaMmaEncodingAttr a) { return product(a.getWarpsPerCTA()); })
      .Case([](AMDMfmaEncodingAttr a) { return product(a.getWarpsPerCTA()); })
      .Case([](LinearEncodingAttr a) { return pow2(a.getWarpBases().size()); })
      .Default([](Attribute) { return -1; });
}

int64_t mlir::triton::gpu::getEncodingThreadsPerWarp(Attribute encoding) {
  return llvm::TypeSwitch<Attribute, int64_t>(encoding)
      .Case(
          [](BlockedEncodingAttr a) { return product(a.getThreadsPerWarp()); })
      .Case([](LinearEncodingAttr a) { return pow2(a.getLaneBases().size()); })
      .Default([](Attribute) { return -1; });
}

int64_t mlir::triton::gpu::getEncodingNumCTAs(Attribute encoding) {
  return llvm::TypeSwitch<Attribute, int64_t>(encoding)
      .Case([](BlockedEncodingAttr a) { return pow2(a.getCGALayout().size()); })
      .Case(
          [](NvidiaMmaEncodingAttr a) { return pow2(a.getCGALayout().size()); })
      .Case([](AMDMfmaEncodingAttr a) { return pow2(a.getCGALayout().size()); })
      .Case([](LinearEncodingAttr a) { return pow2(a.getBlockBases().size()); })
      .Default([](Attribute) { return -1; });
}

BasisList mlir::triton::gpu::getDefaultCGALayout(unsigned numCTAs,
                                                 unsigned rank) {
  BasisList cga;
  for (unsigned ctas = 1; ctas < numCTAs; ctas *= 2) {
    SmallVector<int32_t> basis(rank, 0);
    basis[0] = ctas;
    cga.bases.push_back(std::move(basis));
  }
  return cga;
}

BlockedEncodingAttr
mlir::triton::gpu::getPairEncoding(BlockedEncodingAttr half) {
  SmallVector<unsigned> spt(half.getSizePerThread()),
      lanes(half.getThreadsPerWarp()), warps(half.getWarpsPerCTA()),
      order = {unsigned(spt.size())};
  spt.push_back(2);
  lanes.push_back(1);
  warps.push_back(1);
  llvm::append_range(order, half.getOrder());
  // The CTAs split the tensor as they split the halves: never along the pair.
  BasisList cga = half.getCGALayout();
  for (auto &basis : cga.bases)
    basis.push_back(0);
  return BlockedEncodingAttr::get(half.getContext(), spt, lanes, warps, order,
                                  cga);
}

BlockedEncodingAttr mlir::triton::gpu::getBlockedEncoding(
    MLIRContext *context, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order,
    unsigned numWarps, unsigned threadsPerWarp, unsigned numCTAs) {
  unsigned rank = sizePerThread.size();
  BasisList cga = getDefaultCGALayout(numCTAs, rank);
  // The CTAs split dim0; each lays out its share.
  SmallVector<int64_t> shapePerCTA(shape);
  if (rank > 0)
    shapePerCTA[0] =
        std::max<int64_t>(1, shapePerCTA[0] / std::max(1u, numCTAs));
  SmallVector<unsigned> lanes(rank, 1), warps(rank, 1);
  unsigned remainingLanes = threadsPerWarp;
  unsigned remainingThreads = numWarps * threadsPerWarp;
  unsigned remainingWarps = numWarps;
  unsigned prevLanes = 1, prevWarps = 1;
  for (unsigned d = 0; d + 1 < rank; ++d) {
    unsigned i = order[d];
    unsigned perThread = std::max<unsigned>(1, sizePerThread[i]);
    unsigned threadsPerCTA = std::clamp<unsigned>(
        remainingThreads, 1, std::max<int64_t>(1, shapePerCTA[i] / perThread));
    lanes[i] = std::clamp<unsigned>(threadsPerCTA, 1, remainingLanes);
    warps[i] =
        std::clamp<unsigned>(threadsPerCTA / lanes[i], 1, remainingWarps);
    remainingWarps /= warps[i];
    remainingLanes /= lanes[i];
    remainingThreads /= threadsPerCTA;
    prevLanes *= lanes[i];
    prevWarps *= warps[i];
  }
  if (rank > 0) {
    lanes[order[rank - 1]] = threadsPerWarp / prevLanes;
    warps[order[rank - 1]] = numWarps / prevWarps;
  }
  return BlockedEncodingAttr::get(context, sizePerThread, lanes, warps, order,
                                  cga);
}

BlockedEncodingAttr mlir::triton::gpu::getDefaultBlockedEncoding(
    MLIRContext *context, ArrayRef<int64_t> shape, unsigned numWarps,
    unsigned threadsPerWarp, unsigned numCTAs) {
  unsigned rank = shape.size();
  SmallVector<unsigned> order;
  for (unsigned i = rank; i > 0; --i)
    order.push_back(i - 1);
  SmallVector<unsigned> sizePerThread(rank, 1);
  return getBlockedEncoding(context, shape, sizePerThread, order, numWarps,
                            threadsPerWarp, numCTAs);
}

//===----------------------------------------------------------------------===//
// #ttg.blocked
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutBody body(parser, "blocked");
  if (failed(body.parse()))
    return {};
  auto sizePerThread = body.getUnsignedArray("sizePerThread");
  auto threadsPerWarp = body.getUnsignedArray("threadsPerWarp");
  auto warpsPerCTA = body.getUnsignedArray("warpsPerCTA");
  auto order = body.getUnsignedArray("order");
  auto cga = body.getCGALayout();
  if (failed(sizePerThread) || failed(threadsPerWarp) || failed(warpsPerCTA) ||
      failed(order) || failed(cga) || failed(body.checkNoUnknownKeys()))
    return {};
  return parser.getChecked<BlockedEncodingAttr>(
      body.getLoc(), parser.getContext(), *sizePerThread, *threadsPerWarp,
      *warpsPerCTA, *order, *cga);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printArray(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printArray(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printer << ", order = ";
  printArray(printer, getOrder());
  maybePrintCGALayout(printer, getCGALayout());
  printer << "}>";
}

LogicalResult BlockedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError,
    ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> threadsPerWarp,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> order, BasisList cga) {
  size_t rank = order.size();
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError()
           << "sizePerThread, threadsPerWarp, warpsPerCTA and order "
              "of #ttg.blocked must have the same length";
  if (!isPermutation(order))
    return emitError() << "order of #ttg.blocked must be a permutation of 0.."
                       << rank - 1;
  return verifyBasesRank(emitError, cga, rank, "CGALayout");
}

//===----------------------------------------------------------------------===//
// #ttg.slice
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutBody body(parser, "slice");
  if (failed(body.parse()))
    return {};
  auto dim = body.getUnsigned("dim");
  auto parent = body.getAttr("parent");
  if (failed(dim) || failed(parent) || failed(body.checkNoUnknownKeys()))
    return {};
  return parser.getChecked<SliceEncodingAttr>(
      body.getLoc(), parser.getContext(), *dim, *parent);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = ";
  printer.printAttribute(getParent());
  printer << "}>";
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  if (!isDistributedEncoding(parent))
    return emitError()
           << "parent of #ttg.slice must be a distributed layout, got "
           << parent;
  int64_t parentRank = getEncodingRank(parent);
  if (parentRank >= 0 && parentRank < 2)
    return emitError() << "parent layout must have at least rank >= 2: the "
                          "parent of #ttg.slice has rank "
                       << parentRank;
  if (parentRank >= 0 && dim >= parentRank)
    return emitError() << "slice dim=" << dim
                       << " must be less than the parent rank=" << parentRank
                       << " in #ttg.slice";
  return success();
}

//===----------------------------------------------------------------------===//
// #ttg.dot_op
//===----------------------------------------------------------------------===//

Attribute DotOperandEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutBody body(parser, "dot_op");
  if (failed(body.parse()))
    return {};
  auto opIdx = body.getUnsigned("opIdx");
  auto parent = body.getAttr("parent");
  auto kWidth = body.getUnsigned("kWidth", /*required=*/false, 0);
  if (failed(opIdx) || failed(parent) || failed(kWidth) ||
      failed(body.checkNoUnknownKeys()))
    return {};
  return parser.getChecked<DotOperandEncodingAttr>(
      body.getLoc(), parser.getContext(), *opIdx, *parent, *kWidth);
}

void DotOperandEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = ";
  printer.printAttribute(getParent());
  if (getKWidth() != 0)
    printer << ", kWidth = " << getKWidth();
  printer << "}>";
}

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  // The messages start with Triton's words, which its users' tests match.
  if (opIdx > 1)
    return emitError() << "#ttg.dot_op opIdx parameter can be 0 or 1, got: "
                       << opIdx;
  if (!isMmaEncoding(parent) && !isa<BlockedEncodingAttr>(parent))
    return emitError() << "parent of #ttg.dot_op must be an MMA or blocked "
                          "layout, got "
                       << parent;
  if (isa<BlockedEncodingAttr>(parent) && kWidth != 0)
    return emitError() << "#ttg.dot_op kWidth parameter is not supported when "
                          "the parent is a blocked layout, got kWidth = "
                       << kWidth;
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(parent)) {
    // kWidth is the run of K a thread holds for mma.sync (v2) and wgmma (v3).
    bool usesKWidth = mma.getVersionMajor() == 2 || mma.getVersionMajor() == 3;
    if (!usesKWidth && kWidth != 0)
      return emitError() << "#ttg.dot_op kWidth parameter can only be "
                            "non-zero for Ampere or Hopper MMA parent, got "
                            "kWidth = "
                         << kWidth << " for MMA v" << mma.getVersionMajor();
    if (usesKWidth && kWidth == 0)
      return emitError() << "#ttg.dot_op kWidth parameter is mandatory for "
                            "Ampere or Hopper MMA parent";
    if (mma.getVersionMajor() == 3 && opIdx != 0)
      return emitError()
             << "#ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent, "
                "since Hopper WGMMA only allows first operand to be in "
                "registers";
    return success();
  }
  if (isa<AMDMfmaEncodingAttr>(parent) && kWidth == 0)
    return emitError()
           << "#ttg.dot_op kWidth parameter is mandatory for MFMA parent";
  // The runs of K each WMMA generation's operands come in.
  if (auto wmma = dyn_cast<AMDWmmaEncodingAttr>(parent)) {
    unsigned version = wmma.getVersion();
    if (version == 1 && kWidth != 8 && kWidth != 16)
      return emitError() << "#ttg.dot_op kWidth parameter must be 8/16 for "
                            "WMMA v1 (including packed cases for "
                            "`scaled_dot`), got "
                         << kWidth;
    if (version == 2 && !llvm::is_contained({4u, 8u, 16u}, kWidth))
      return emitError() << "#ttg.dot_op kWidth parameter must be 4/8/16 for "
                            "WMMA v2 (including packed cases for "
                            "`scaled_dot`), got "
                         << kWidth;
    if (version == 3 && !llvm::is_contained({2u, 8u, 16u}, kWidth))
      return emitError()
             << "#ttg.dot_op kWidth parameter must be 2/8/16 for WMMA v3, got "
             << kWidth;
  }
  if (isMmaEncoding(parent) && kWidth == 0)
    return emitError() << "#ttg.dot_op with an MMA parent needs kWidth";
  return success();
}

//===----------------------------------------------------------------------===//
// #ttg.nvidia_mma
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutBody body(parser, "nvidia_mma");
  if (failed(body.parse()))
    return {};
  auto versionMajor = body.getUnsigned("versionMajor");
  // Triton's parser defaults a missing versionMinor to 0; its tests rely on it.
  auto versionMinor = body.getUnsigned("versionMinor", /*required=*/false, 0);
  auto warpsPerCTA = body.getUnsignedArray("warpsPerCTA");
  auto cga = body.getCGALayout();
  auto instrShape = body.getUnsignedArray("instrShape");
  if (failed(versionMajor) || failed(versionMinor) || failed(warpsPerCTA) ||
      failed(cga) || failed(instrShape))
    return {};
  body.warnUnknownKeys();
  return parser.getChecked<NvidiaMmaEncodingAttr>(
      body.getLoc(), parser.getContext(), *versionMajor, *versionMinor,
      *warpsPerCTA, *cga, *instrShape);
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  maybePrintCGALayout(printer, getCGALayout());
  printer << ", instrShape = ";
  printArray(printer, getInstrShape());
  printer << "}>";
}

LogicalResult
NvidiaMmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              unsigned versionMajor, unsigned,
                              ArrayRef<unsigned> warpsPerCTA, BasisList cga,
                              ArrayRef<unsigned> instrShape) {
  if (versionMajor < 1 || versionMajor > 3)
    return emitError()
           << "versionMajor of #ttg.nvidia_mma must be 1, 2 or 3, got "
           << versionMajor;
  // v1/v2's is (M, N), with a leading 1 for a batched (3-D) layout:
  // [1, 16, 8]. v3's (M, N, K) is checked where a tensor uses the layout (the
  // module's launch check): a dot operand layout of an unused v3 parent may
  // be written with (M, N) alone, as Triton's own tests do.
  if (versionMajor != 3 && instrShape.size() != 2 &&
      !(instrShape.size() == 3 && warpsPerCTA.size() == 3))
    return emitError() << "instrShape of #ttg.nvidia_mma v" << versionMajor
                       << " must have 2 entries (3 for a 3-D layout)";
  return verifyBasesRank(emitError, cga, warpsPerCTA.size(), "CGALayout");
}

//===----------------------------------------------------------------------===//
// #ttg.amd_mfma
//===----------------------------------------------------------------------===//

Attribute AMDMfmaEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutBody body(parser, "amd_mfma");
  if (failed(body.parse()))
    return {};
  // Triton reads a missing version as 0 (no MFMA generation named: the
  // lowering, which picks instructions by it, refuses it) and a missing
  // isTransposed as not transposed.
  auto version = body.getUnsigned("version", /*required=*/false, 0);
  auto warpsPerCTA = body.getUnsignedArray("warpsPerCTA");
  auto instrShape = body.getUnsignedArray("instrShape");
  auto isTransposed = body.getBool("isTransposed", /*required=*/false, false);
  auto cga = body.getCGALayout();
  auto tilesPerWarp = body.getUnsignedArray("tilesPerWarp", /*required=*/false);
  auto elementBitWidth = body.getUnsigned("elementBitWidth", false, 32);
  if (failed(version) || failed(warpsPerCTA) || failed(instrShape) ||
      failed(isTransposed) || failed(cga) || failed(tilesPerWarp) ||
      failed(elementBitWidth))
    return {};
  body.warnUnknownKeys();
  SmallVector<unsigned> tiles = *tilesPerWarp;
  if (tiles.empty())
    tiles.assign(warpsPerCTA->size(), 1);
  return parser.getChecked<AMDMfmaEncodingAttr>(
      body.getLoc(), parser.getContext(), *version, *warpsPerCTA, *instrShape,
      *isTransposed, *cga, tiles, *elementBitWidth);
}

void AMDMfmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion() << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printArray(printer, getInstrShape());
  printer << ", isTransposed = " << (getIsTransposed() ? "true" : "false");
  maybePrintCGALayout(printer, getCGALayout());
  if (llvm::any_of(getTilesPerWarp(), [](unsigned t) { return t != 1; })) {
    printer << ", tilesPerWarp = ";
    printArray(printer, getTilesPerWarp());
  }
  if (getElementBitWidth() != 32)
    printer << ", elementBitWidth = " << getElementBitWidth();
  printer << "}>";
}

LogicalResult AMDMfmaEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned version,
    ArrayRef<unsigned> warpsPerCTA, ArrayRef<unsigned> instrShape, bool,
    BasisList cga, ArrayRef<unsigned> tilesPerWarp, unsigned elementBitWidth) {
  // Triton's words first (its users' tests match them), then ours.
  if (version > 4)
    return emitError() << "version must be in the [0, 4] range, got " << version
                       << " for #ttg.amd_mfma";
  // Triton's own tests leave K out ([32, 32]); nothing but the instruction
  // choice reads it, and that goes by the operand types.
  if (instrShape.size() != 2 && instrShape.size() != 3)
    return emitError() << "instrShape of #ttg.amd_mfma must have 2 or 3 "
                          "entries (M, N and optionally K)";
  std::pair<unsigned, unsigned> mn(instrShape[0], instrShape[1]);
  if (!llvm::is_contained({std::make_pair(32u, 32u), std::make_pair(16u, 16u),
                           std::make_pair(64u, 4u), std::make_pair(4u, 64u)},
                          mn))
    return emitError() << "invalid (mDim, nDim) combination: (" << mn.first
                       << ", " << mn.second
                       << "); #ttg.amd_mfma has 32x32, 16x16, 64x4 and 4x64";
  if (elementBitWidth != 32 && elementBitWidth != 64)
    return emitError() << "elementBitWidth must be 32 or 64, got "
                       << elementBitWidth << " for #ttg.amd_mfma";
  if (tilesPerWarp.size() != warpsPerCTA.size())
    return emitError()
           << "tilesPerWarp of #ttg.amd_mfma must have one entry per "
              "dimension";
  return verifyBasesRank(emitError, cga, warpsPerCTA.size(), "CGALayout");
}

//===----------------------------------------------------------------------===//
// #ttg.amd_wmma
//===----------------------------------------------------------------------===//

Attribute AMDWmmaEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutBody body(parser, "amd_wmma");
  if (failed(body.parse()))
    return {};
  auto version = body.getUnsigned("version");
  // Older IR (and Triton's own tests) write the warps as `warpsPerCTA` and
  // leave out a false isTranspose; the warp bases then follow the
  // dimensions from the last (fastest) one.
  bool legacyWarps = body.lookup("warpsPerCTA", /*required=*/false) &&
                     !body.lookup("ctaLayout", /*required=*/false);
  auto isTranspose = body.getBool("isTranspose", /*required=*/!legacyWarps);
  auto warpsPerCTA = body.getUnsignedArray("warpsPerCTA", /*required=*/false);
  Attribute ctaLayout = body.lookup("ctaLayout", /*required=*/!legacyWarps);
  auto cga = body.getCGALayout();
  auto instrShape = body.getUnsignedArray("instrShape", /*required=*/false);
  body.lookup("rank", /*required=*/false);
  if (failed(version) || failed(isTranspose) || failed(warpsPerCTA) ||
      (!ctaLayout && !legacyWarps) || failed(cga) || failed(instrShape))
    return {};
  body.warnUnknownKeys();
  if (legacyWarps) {
    BasisList warp;
    unsigned rank = warpsPerCTA->size();
    for (unsigned dim = rank; dim-- > 0;) {
      if (!llvm::isPowerOf2_32((*warpsPerCTA)[dim])) {
        body.error() << "warpsPerCTA of #ttg.amd_wmma must be powers of two";
        return {};
      }
      for (unsigned n = 1; n < (*warpsPerCTA)[dim]; n *= 2) {
        SmallVector<int32_t> basis(rank, 0);
        basis[dim] = n;
        warp.bases.push_back(std::move(basis));
      }
    }
    return parser.getChecked<AMDWmmaEncodingAttr>(
        body.getLoc(), parser.getContext(), *version, *isTranspose, BasisList(),
        warp, *cga, *instrShape);
  }
  auto ctaDict = dyn_cast<DictionaryAttr>(ctaLayout);
  if (!ctaDict) {
    body.error() << "ctaLayout of #ttg.amd_wmma must be a dictionary of bases";
    return {};
  }
  // The bases of the warp tile are read like a layout body of their own.
  auto readBases = [&](StringRef key) -> FailureOr<BasisList> {
    BasisList list;
    Attribute value = ctaDict.get(key);
    if (!value)
      return list;
    auto array = dyn_cast<ArrayAttr>(value);
    if (!array)
      return body.error() << "'" << key
                          << "' of ctaLayout must be a list of bases";
    for (Attribute element : array) {
      auto basis = dyn_cast<ArrayAttr>(element);
      if (!basis)
        return body.error()
               << "'" << key << "' of ctaLayout must be a list of bases";
      SmallVector<int32_t> vec;
      for (Attribute coordinate : basis) {
        auto intAttr = dyn_cast<IntegerAttr>(coordinate);
        if (!intAttr || intAttr.getValue().getSignificantBits() > 32)
          return body.error()
                 << "'" << key << "' of ctaLayout must be a list of bases";
        vec.push_back(intAttr.getInt());
      }
      list.bases.push_back(std::move(vec));
    }
    return list;
  };
  for (NamedAttribute named : ctaDict)
    if (named.getName() != "register" && named.getName() != "warp") {
      body.error() << "unknown key '" << named.getName().getValue()
                   << "' in ctaLayout of #ttg.amd_wmma";
      return {};
    }
  auto reg = readBases("register");
  auto warp = readBases("warp");
  if (failed(reg) || failed(warp))
    return {};
  return parser.getChecked<AMDWmmaEncodingAttr>(
      body.getLoc(), parser.getContext(), *version, *isTranspose, *reg, *warp,
      *cga, *instrShape);
}

void AMDWmmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion()
          << ", isTranspose = " << (getIsTranspose() ? "true" : "false")
          << ", ctaLayout = {";
  if (!getCtaRegister().empty()) {
    printer << "register = ";
    printBases(printer, getCtaRegister());
    printer << ", ";
  }
  printer << "warp = ";
  printBases(printer, getCtaWarp());
  printer << "}";
  maybePrintCGALayout(printer, getCGALayout());
  if (!getInstrShape().empty()) {
    printer << ", instrShape = ";
    printArray(printer, getInstrShape());
  }
  printer << "}>";
}

LogicalResult
AMDWmmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            unsigned version, bool, BasisList reg,
                            BasisList warp, BasisList cga,
                            ArrayRef<unsigned> instrShape) {
  if (version < 1 || version > 3)
    return emitError() << "WMMA version must be in the [1, 3] range, got "
                       << version << " for #ttg.amd_wmma";
  if (!instrShape.empty() && instrShape.size() != 3)
    return emitError()
           << "instrShape of #ttg.amd_wmma must have 3 entries (M, N, K)";
  // The (M, N, K) each generation's instructions have; left out, it is
  // 16x16x16. The message starts with Triton's words, which its users' tests
  // match.
  SmallVector<unsigned> shape(instrShape);
  if (shape.empty())
    shape = {16, 16, 16};
  ArrayRef<SmallVector<unsigned, 3>> valid;
  static const SmallVector<unsigned, 3> v1[] = {{16, 16, 16}};
  static const SmallVector<unsigned, 3> v2[] = {{16, 16, 16}, {16, 16, 32}};
  static const SmallVector<unsigned, 3> v3[] = {
      {16, 16, 4}, {16, 16, 32}, {16, 16, 64}, {16, 16, 128}};
  valid = version == 1   ? ArrayRef(v1)
          : version == 2 ? ArrayRef(v2)
                         : ArrayRef(v3);
  if (!llvm::any_of(valid, [&](ArrayRef<unsigned> s) {
        return s == ArrayRef<unsigned>(shape);
      }))
    return emitError() << "invalid WMMA v" << version
                       << " instruction shape: " << shape[0] << "x" << shape[1]
                       << "x" << shape[2];
  int64_t rank = firstBasisLength({&warp, &reg, &cga});
  if (rank < 0)
    return success();
  if (failed(verifyBasesRank(emitError, reg, rank, "register")) ||
      failed(verifyBasesRank(emitError, warp, rank, "warp")))
    return failure();
  return verifyBasesRank(emitError, cga, rank, "CGALayout");
}

//===----------------------------------------------------------------------===//
// #ttg.linear
//===----------------------------------------------------------------------===//

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutBody body(parser, "linear");
  if (failed(body.parse()))
    return {};
  auto reg = body.getBases("register", /*required=*/true);
  auto lane = body.getBases("lane", true);
  auto warp = body.getBases("warp", true);
  auto block = body.getBases("block", true);
  if (failed(reg) || failed(lane) || failed(warp) || failed(block) ||
      failed(body.checkNoUnknownKeys()))
    return {};
  return parser.getChecked<LinearEncodingAttr>(
      body.getLoc(), parser.getContext(), *reg, *lane, *warp, *block);
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{register = ";
  printBases(printer, getRegisterBases());
  printer << ", lane = ";
  printBases(printer, getLaneBases());
  printer << ", warp = ";
  printBases(printer, getWarpBases());
  printer << ", block = ";
  printBases(printer, getBlockBases());
  printer << "}>";
}

LogicalResult
LinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           BasisList reg, BasisList lane, BasisList warp,
                           BasisList block) {
  int64_t rank = firstBasisLength({&reg, &lane, &warp, &block});
  if (rank < 0)
    return success();
  const std::pair<StringRef, const BasisList *> dims[] = {
      {"register", &reg}, {"lane", &lane}, {"warp", &warp}, {"block", &block}};
  for (auto [name, list] : dims) {
    if (failed(verifyBasesRank(emitError, *list, rank, name)))
      return failure();
    for (const auto &basis : list->bases)
      for (int32_t coordinate : basis)
        if (coordinate < 0 || (coordinate & (coordinate - 1)) != 0)
          return emitError() << name << " basis [" << basis
                             << "] of #ttg.linear must hold 0 or powers of two";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// #ttg.swizzled_shared and #ttg.amd_rotating_shared (the same parameters)
//===----------------------------------------------------------------------===//

template <typename SwizzleAttr>
static Attribute parseSwizzle(AsmParser &parser, StringRef name) {
  LayoutBody body(parser, name);
  if (failed(body.parse()))
    return {};
  auto vec = body.getUnsigned("vec");
  auto perPhase = body.getUnsigned("perPhase");
  auto maxPhase = body.getUnsigned("maxPhase");
  auto order = body.getUnsignedArray("order");
  auto cga = body.getCGALayout();
  if (failed(vec) || failed(perPhase) || failed(maxPhase) || failed(order) ||
      failed(cga))
    return {};
  body.warnUnknownKeys();
  return parser.getChecked<SwizzleAttr>(body.getLoc(), parser.getContext(),
                                        *vec, *perPhase, *maxPhase, *order,
                                        *cga);
}

template <typename SwizzleAttr>
static void printSwizzle(AsmPrinter &printer, SwizzleAttr attr) {
  printer << "<{vec = " << attr.getVec() << ", perPhase = " << attr.getPerPhase()
          << ", maxPhase = " << attr.getMaxPhase() << ", order = ";
  printArray(printer, attr.getOrder());
  maybePrintCGALayout(printer, attr.getCGALayout());
  printer << "}>";
}

static LogicalResult verifySwizzle(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef name, unsigned vec,
                                   unsigned perPhase, unsigned maxPhase,
                                   ArrayRef<unsigned> order,
                                   const BasisList &cga) {
  if (vec == 0 || perPhase == 0 || maxPhase == 0)
    return emitError() << "vec, perPhase and maxPhase of #ttg." << name
                       << " must be positive";
  if (!isPermutation(order))
    return emitError() << "order of #ttg." << name << " must be a permutation";
  return verifyBasesRank(emitError, cga, order.size(), "CGALayout");
}

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  return parseSwizzle<SwizzledSharedEncodingAttr>(parser, "swizzled_shared");
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const {
  printSwizzle(printer, *this);
}

LogicalResult
SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned vec, unsigned perPhase,
                                   unsigned maxPhase, ArrayRef<unsigned> order,
                                   BasisList cga) {
  return verifySwizzle(emitError, "swizzled_shared", vec, perPhase, maxPhase,
                       order, cga);
}

Attribute AMDRotatingSharedEncodingAttr::parse(AsmParser &parser, Type) {
  return parseSwizzle<AMDRotatingSharedEncodingAttr>(parser,
                                                     "amd_rotating_shared");
}

void AMDRotatingSharedEncodingAttr::print(AsmPrinter &printer) const {
  printSwizzle(printer, *this);
}

LogicalResult AMDRotatingSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned vec,
    unsigned perPhase, unsigned maxPhase, ArrayRef<unsigned> order,
    BasisList cga) {
  return verifySwizzle(emitError, "amd_rotating_shared", vec, perPhase,
                       maxPhase, order, cga);
}

//===----------------------------------------------------------------------===//
// #ttg.nvmma_shared
//===----------------------------------------------------------------------===//

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutBody body(parser, "nvmma_shared");
  if (failed(body.parse()))
    return {};
  auto swizzle = body.getUnsigned("swizzlingByteWidth");
  auto transposed = body.getBool("transposed");
  // Triton's parser leaves a missing elementBitWidth unset; 0 records that
  // it was not given (printed by leaving the key out), and the layout's uses
  // that need the element width (its swizzle as a linear layout) refuse it.
  auto elementBitWidth =
      body.getUnsigned("elementBitWidth", /*required=*/false, 0);
  auto fp4Padded = body.getBool("fp4Padded", /*required=*/false, false);
  auto cga = body.getCGALayout();
  auto rank = body.getUnsigned("rank", /*required=*/false, 0);
  if (failed(swizzle) || failed(transposed) || failed(elementBitWidth) ||
      failed(fp4Padded) || failed(cga) || failed(rank) ||
      failed(body.checkNoUnknownKeys()))
    return {};
  unsigned layoutRank = *rank;
  if (layoutRank == 0 && body.getLegacyCTARank())
    layoutRank = body.getLegacyCTARank();
  if (layoutRank == 0)
    layoutRank = cga->empty() ? 2 : cga->bases.front().size();
  return parser.getChecked<NVMMASharedEncodingAttr>(
      body.getLoc(), parser.getContext(), *swizzle, *transposed,
      *elementBitWidth, *fp4Padded, *cga, layoutRank);
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false");
  if (getElementBitWidth() != 0)
    printer << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    printer << ", fp4Padded = true";
  maybePrintCGALayout(printer, getCGALayout());
  if (getCGALayout().empty() && getRank() != 2)
    printer << ", rank = " << getRank();
  printer << "}>";
}

LogicalResult NVMMASharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned swizzlingByteWidth,
    bool, unsigned elementBitWidth, bool, BasisList cga, unsigned rank) {
  if (swizzlingByteWidth != 0 && swizzlingByteWidth != 32 &&
      swizzlingByteWidth != 64 && swizzlingByteWidth != 128)
    return emitError()
           << "swizzlingByteWidth of #ttg.nvmma_shared must be 0, 32, "
              "64 or 128, got "
           << swizzlingByteWidth;
  if (elementBitWidth > 64)
    return emitError()
           << "elementBitWidth of #ttg.nvmma_shared must be at most 64";
  return verifyBasesRank(emitError, cga, rank, "CGALayout");
}

//===----------------------------------------------------------------------===//
// #ttg.padded_shared
//===----------------------------------------------------------------------===//

/// The bases that place elements in `order` (fastest dimension first) over
/// `shape`: the identity placement that `{order, shape}` abbreviates.
static BasisList identityBases(ArrayRef<unsigned> order,
                               ArrayRef<int64_t> shape) {
  BasisList bases;
  for (unsigned dim : order)
    for (int64_t step = 1; step < shape[dim]; step *= 2) {
      SmallVector<int32_t> basis(shape.size(), 0);
      basis[dim] = step;
      bases.bases.push_back(std::move(basis));
    }
  return bases;
}

/// A list of lists of integers as bases, or failure.
static FailureOr<BasisList> readBases(Attribute value) {
  auto array = dyn_cast_or_null<ArrayAttr>(value);
  if (!array)
    return failure();
  BasisList list;
  for (Attribute element : array) {
    auto basis = dyn_cast<ArrayAttr>(element);
    if (!basis)
      return failure();
    SmallVector<int32_t> vec;
    for (Attribute coordinate : basis) {
      auto intAttr = dyn_cast<IntegerAttr>(coordinate);
      if (!intAttr || intAttr.getValue().getSignificantBits() > 32)
        return failure();
      vec.push_back(intAttr.getInt());
    }
    list.bases.push_back(std::move(vec));
  }
  return list;
}

SmallVector<int64_t> PaddedSharedEncodingAttr::getLayoutShape() const {
  SmallVector<int64_t> shape(getRank(), 1);
  for (unsigned dim = 0; dim < getRank(); ++dim) {
    uint64_t reach = 0;
    for (const SmallVector<int32_t> &basis : getOffsetBases().bases)
      reach |= static_cast<uint32_t>(basis[dim]);
    shape[dim] = reach ? int64_t(llvm::NextPowerOf2(reach)) : 1;
  }
  return shape;
}

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<unsigned> intervals, paddings;
  if (parser.parseLess() || parser.parseLSquare())
    return {};
  if (failed(parser.parseOptionalRSquare())) {
    do {
      unsigned interval = 0, padding = 0;
      if (parser.parseInteger(interval) || parser.parseColon() ||
          parser.parsePlus() || parser.parseInteger(padding))
        return {};
      intervals.push_back(interval);
      paddings.push_back(padding);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
      return {};
  }
  SMLoc dictLoc = parser.getCurrentLocation();
  Attribute attr;
  if (parser.parseAttribute(attr) || parser.parseGreater())
    return {};
  auto dict = dyn_cast<DictionaryAttr>(attr);
  if (!dict) {
    parser.emitError(dictLoc)
        << "expected {order, shape} or {offset, block} in #ttg.padded_shared";
    return {};
  }
  // Triton's words for these errors come first: its users' tests match them.
  bool linear = dict.get("offset") || dict.get("block");
  for (NamedAttribute named : dict) {
    StringRef key = named.getName().getValue();
    bool known = linear ? (key == "offset" || key == "block")
                        : (key == "order" || key == "shape");
    if (!known) {
      parser.emitError(dictLoc)
          << "Unexpected attribute \"" << key
          << "\" found in #ttg.padded_shared, which takes either order and "
             "shape, or offset and block";
      return {};
    }
  }
  BasisList offset, block;
  SmallVector<unsigned> order;
  unsigned rank = 0;
  if (linear) {
    for (StringRef key : {"block", "offset"})
      if (!dict.get(key)) {
        parser.emitError(dictLoc) << "Expected basis of '" << key
                                  << "' not found in #ttg.padded_shared";
        return {};
      }
    auto offsets = readBases(dict.get("offset"));
    auto blocks = readBases(dict.get("block"));
    if (failed(offsets) || failed(blocks)) {
      parser.emitError(dictLoc) << "offset and block of #ttg.padded_shared "
                                   "must be lists of lists of integers";
      return {};
    }
    offset = *offsets;
    block = *blocks;
    if (!offset.empty())
      rank = offset.bases.front().size();
    else if (!block.empty())
      rank = block.bases.front().size();
    // The order is the one in which the offset bases first move each
    // dimension; dimensions they never move follow, the last one first.
    for (const SmallVector<int32_t> &basis : offset.bases)
      for (auto [dim, coordinate] : llvm::enumerate(basis))
        if (coordinate != 0 && !llvm::is_contained(order, dim))
          order.push_back(dim);
    for (unsigned dim = rank; dim > 0; --dim)
      if (!llvm::is_contained(order, dim - 1))
        order.push_back(dim - 1);
  } else {
    auto orderAttr = dyn_cast_or_null<ArrayAttr>(dict.get("order"));
    auto shapeAttr = dyn_cast_or_null<ArrayAttr>(dict.get("shape"));
    if (!orderAttr || !shapeAttr) {
      parser.emitError(dictLoc)
          << "#ttg.padded_shared needs 'order' and 'shape' (lists of "
             "integers), or 'offset' and 'block'";
      return {};
    }
    if (orderAttr.size() != shapeAttr.size()) {
      parser.emitError(dictLoc)
          << "Mismatch of shape and order ranks in padded layout: shape has "
          << shapeAttr.size() << " dimensions, order " << orderAttr.size();
      return {};
    }
    SmallVector<int64_t> shape;
    for (auto [o, s] : llvm::zip(orderAttr, shapeAttr)) {
      auto oInt = dyn_cast<IntegerAttr>(o), sInt = dyn_cast<IntegerAttr>(s);
      if (!oInt || !sInt || oInt.getInt() < 0 || sInt.getInt() <= 0 ||
          !llvm::isPowerOf2_64(sInt.getInt())) {
        parser.emitError(dictLoc)
            << "order of #ttg.padded_shared must hold dimensions and shape "
               "powers of two";
        return {};
      }
      order.push_back(oInt.getInt());
      shape.push_back(sInt.getInt());
    }
    rank = shape.size();
    if (!isPermutation(order)) {
      parser.emitError(dictLoc)
          << "order of #ttg.padded_shared must be a permutation of 0.."
          << rank - 1;
      return {};
    }
    offset = identityBases(order, shape);
  }
  return parser.getChecked<PaddedSharedEncodingAttr>(
      loc, parser.getContext(), intervals, paddings, offset, block, order,
      rank);
}

void PaddedSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(
      llvm::zip(getIntervals(), getPaddings()), printer, [&](auto pair) {
        printer << std::get<0>(pair) << ":+" << std::get<1>(pair);
      });
  printer << "] {";
  // The identity placement prints as its order and shape, as Triton does.
  SmallVector<int64_t> shape = getLayoutShape();
  if (getBlockBases().empty() &&
      getOffsetBases() == identityBases(getOrder(), shape)) {
    printer << "order = ";
    printArray(printer, getOrder());
    printer << ", shape = ";
    printArray<int64_t>(printer, shape);
  } else {
    printer << "offset = ";
    printBases(printer, getOffsetBases());
    printer << ", block = ";
    printBases(printer, getBlockBases());
  }
  printer << "}>";
}

LogicalResult PaddedSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> intervals,
    ArrayRef<unsigned> paddings, BasisList offset, BasisList block,
    ArrayRef<unsigned> order, unsigned rank) {
  if (intervals.size() != paddings.size())
    return emitError() << "#ttg.padded_shared has " << intervals.size()
                       << " intervals but " << paddings.size() << " paddings";
  // Triton's words first: its users' tests match them.
  for (unsigned interval : intervals)
    if (!llvm::isPowerOf2_32(interval))
      return emitError() << "interval values must all be power of two, got "
                         << interval << " in #ttg.padded_shared";
  for (unsigned padding : paddings)
    if (!llvm::isPowerOf2_32(padding))
      return emitError() << "padding values must all be power of two, got "
                         << padding << " in #ttg.padded_shared";
  for (auto [i, interval] : llvm::enumerate(intervals))
    if (llvm::is_contained(intervals.drop_front(i + 1), interval))
      return emitError() << "interval values cannot have duplicates: "
                         << interval << " appears twice in #ttg.padded_shared";
  if (rank == 0)
    return emitError() << "#ttg.padded_shared must have rank 1 or more";
  for (const SmallVector<int32_t> &basis : offset.bases)
    for (int32_t coordinate : basis)
      if (coordinate < 0 || (coordinate && !llvm::isPowerOf2_32(coordinate)))
        return emitError() << "Each offset basis must be 0 or a power of two, "
                              "got "
                           << coordinate << " in #ttg.padded_shared";
  if (failed(verifyBasesRank(emitError, offset, rank, "offset")) ||
      failed(verifyBasesRank(emitError, block, rank, "block")))
    return failure();
  if (order.size() != rank || !isPermutation(order))
    return emitError() << "order of #ttg.padded_shared must be a permutation "
                          "of 0.."
                       << rank - 1;
  return success();
}

//===----------------------------------------------------------------------===//
// #ttg.shared_linear
//===----------------------------------------------------------------------===//

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  LayoutBody body(parser, "shared_linear");
  if (failed(body.parse(/*closed=*/false)))
    return {};
  // The alignment is the buffer's, not the layout's: Triton writes it after
  // the bases' dictionary (its words first, which its users' tests match).
  if (body.lookup("alignment", /*required=*/false)) {
    body.error() << "alignment must be specified outside of the linear layout "
                    "braces: #ttg.shared_linear<{offset = ...}, alignment = N>";
    return {};
  }
  auto offset = body.getBases("offset", /*required=*/true);
  auto block = body.getBases("block");
  if (failed(offset) || failed(block) || failed(body.checkNoUnknownKeys()))
    return {};
  unsigned alignment = 0;
  if (parser.parseComma() || parser.parseKeyword("alignment") ||
      parser.parseEqual() || parser.parseInteger(alignment) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<SharedLinearEncodingAttr>(
      body.getLoc(), parser.getContext(), *offset, *block, alignment);
}

void SharedLinearEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{offset = ";
  printBases(printer, getOffsetBases());
  if (!getBlockBases().empty()) {
    printer << ", block = ";
    printBases(printer, getBlockBases());
  }
  printer << "}, alignment = " << getAlignment() << ">";
}

LogicalResult
SharedLinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 BasisList offset, BasisList block,
                                 unsigned alignment) {
  if (alignment == 0 || !llvm::isPowerOf2_32(alignment))
    return emitError() << "alignment must be a positive power of two, got "
                       << alignment << " for #ttg.shared_linear";
  int64_t rank = firstBasisLength({&offset, &block});
  if (rank < 1)
    return emitError() << "#ttg.shared_linear needs at least one offset "
                          "basis to give its rank";
  if (failed(verifyBasesRank(emitError, offset, rank, "offset")) ||
      failed(verifyBasesRank(emitError, block, rank, "block")))
    return failure();
  // The non-zero offsets must reach every element of the box their bases
  // span, each once (zero bases are broadcast copies): there must be as many
  // of them as the box has elements. (A count; bases that XOR onto the same
  // point would pass it, and are left to the layout's users.)
  SmallVector<int64_t> span(rank, 1);
  for (const auto &basis : offset.bases)
    for (auto [d, value] : llvm::enumerate(basis)) {
      if (value < 0)
        return emitError() << "offset bases of #ttg.shared_linear must be "
                              "non-negative";
      span[d] = std::max<int64_t>(span[d], llvm::PowerOf2Ceil(value + 1));
    }
  int64_t nonZero = llvm::count_if(offset.bases, [](const auto &basis) {
    return llvm::any_of(basis, [](int32_t v) { return v != 0; });
  });
  int64_t covered = 1;
  for (int64_t size : span)
    covered *= size;
  if (covered != (int64_t(1) << nonZero))
    return emitError() << "The layout must be surjective: the " << nonZero
                       << " non-zero offset bases of #ttg.shared_linear give "
                       << (int64_t(1) << nonZero) << " offsets for the "
                       << covered << " elements they span";
  return success();
}
