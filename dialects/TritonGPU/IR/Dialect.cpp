//===- Dialect.cpp - The ttg dialect --------------------------------------===//
//
// Registration, the aliases the printer gives layouts (`#blocked`, `#mma`,
// `#shared`, `#smem`, as Triton prints them) and the module-level checks of
// layouts against `ttg.num-warps`, `ttg.threads-per-warp` and `ttg.num-ctas`.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutCache.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "dialects/TritonGPU/IR/ShapeOpLayouts.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#include "dialects/TritonGPU/IR/TritonGPUDialect.cpp.inc"

namespace {
/// Names the aliases of layouts the way Triton does.
struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isMmaEncoding(attr)) {
      os << "mma";
      return AliasResult::FinalAlias;
    }
    if (isSharedEncoding(attr) || isa<PaddedSharedEncodingAttr>(attr)) {
      os << "shared";
      return AliasResult::FinalAlias;
    }
    if (isa<BlockedEncodingAttr>(attr)) {
      os << "blocked";
      return AliasResult::FinalAlias;
    }
    if (isa<LinearEncodingAttr>(attr)) {
      os << "linear";
      return AliasResult::FinalAlias;
    }
    if (isa<SharedMemorySpaceAttr>(attr)) {
      os << "smem";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};

/// Lets `-inline` inline a function holding this dialect's ops: none of
/// them depends on the function it is in (Triton does the same).
struct TritonGPUInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void TritonGPUDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dialects/TritonGPU/IR/TritonGPUOps.cpp.inc"
      >();
  addInterfaces<TritonGPUOpAsmInterface, TritonGPUInlinerInterface>();
  linearLayoutCache = std::make_unique<LinearLayoutCache>();
}

/// The integer value of module attribute `name`, or -1.
static int64_t getModuleInt(Operation *module, StringRef name) {
  auto attr = module->getAttrOfType<IntegerAttr>(name);
  return attr ? attr.getInt() : -1;
}

namespace {
/// Checks each layout reached from a type once against the module's launch.
class LaunchChecker {
public:
  LaunchChecker(int64_t numWarps, int64_t threadsPerWarp, int64_t numCTAs,
                bool inPartition)
      : numWarps(numWarps), threadsPerWarp(threadsPerWarp), numCTAs(numCTAs),
        inPartition(inPartition) {}

  /// Checks the layout of `type` against the launch.
  LogicalResult checkType(Operation *op, Type type) {
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return checkEncoding(op, tensor.getEncoding());
    return success();
  }

  /// Checks what the layout of `type` must satisfy whatever the launch (and
  /// whichever op holds the tensor).
  LogicalResult checkWellFormed(Operation *op, Type type) {
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return checkWellFormedEncoding(op, tensor.getEncoding());
    return success();
  }

  /// A distributed layout must have the rank of the tensor it is attached to.
  /// This is checked where an op uses or defines the tensor (not on the type
  /// itself), so the error points at the op, as Triton reports it.
  static LogicalResult checkRank(Operation *op, Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.getEncoding())
      return success();
    int64_t rank = getEncodingRank(tensor.getEncoding());
    if (rank < 0 || rank == tensor.getRank())
      return success();
    return op->emitOpError()
           << "layout " << tensor.getEncoding() << " has rank " << rank
           << " but the tensor has rank " << tensor.getRank() << " (" << type
           << ")";
  }

  /// A tensor lives in registers, so its layout must be distributed over
  /// threads; a shared-memory layout belongs on a !ttg.memdesc. Checked per
  /// operand and result of the op using the tensor, with Triton's words
  /// ("Operand N (...) has an invalid layout: Non-distributed layout is not
  /// allowed in tensor type."), which its users' tests match.
  static LogicalResult checkDistributed(Operation *op) {
    auto isBad = [](Type type) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      return tensor &&
             (isSharedEncoding(tensor.getEncoding()) ||
              isa_and_nonnull<PaddedSharedEncodingAttr>(tensor.getEncoding()));
    };
    auto explain = [](InFlightDiagnostic &diag, Type type) {
      diag << "Non-distributed layout is not allowed in tensor type. ("
           << cast<RankedTensorType>(type).getEncoding()
           << " is a shared-memory layout, for a !ttg.memdesc)";
    };
    for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
      if (!isBad(operand.getType()))
        continue;
      std::string name;
      llvm::raw_string_ostream os(name);
      operand.printAsOperand(os, OpPrintingFlags().assumeVerified());
      auto diag = op->emitOpError()
                  << "Operand " << i << " (" << name << " : "
                  << operand.getType() << ") has an invalid layout: ";
      explain(diag, operand.getType());
      return diag;
    }
    for (auto [i, result] : llvm::enumerate(op->getResults())) {
      if (!isBad(result.getType()))
        continue;
      auto diag = op->emitOpError()
                  << "Result " << i << " (" << result.getType()
                  << ") has an invalid layout: ";
      explain(diag, result.getType());
      return diag;
    }
    return success();
  }

private:
  LogicalResult checkWellFormedEncoding(Operation *op, Attribute encoding) {
    if (!encoding || !wellFormed.insert(encoding).second)
      return success();
    if (auto slice = dyn_cast<SliceEncodingAttr>(encoding))
      return checkWellFormedEncoding(op, slice.getParent());
    if (auto dot = dyn_cast<DotOperandEncodingAttr>(encoding))
      return checkWellFormedEncoding(op, dot.getParent());
    if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(encoding))
      if (mma.getVersionMajor() == 3 && mma.getInstrShape().size() != 3)
        return op->emitOpError()
               << "layout " << encoding
               << ": instrShape of #ttg.nvidia_mma v3 must have 3 entries "
                  "(M, N, K)";
    return success();
  }

  LogicalResult checkEncoding(Operation *op, Attribute encoding) {
    if (!encoding || !checked.insert(encoding).second)
      return success();
    if (auto slice = dyn_cast<SliceEncodingAttr>(encoding))
      return checkEncoding(op, slice.getParent());
    if (auto dot = dyn_cast<DotOperandEncodingAttr>(encoding))
      return checkEncoding(op, dot.getParent());
    // "Layout has N warps per CTA, but the context requires M warps per
    // CTA" is Triton's sentence, which its users' tests match.
    int64_t warps = getEncodingNumWarps(encoding);
    if (numWarps > 0 && warps > 0 && warps != numWarps)
      return op->emitOpError()
             << "layout " << encoding << ": Layout has " << warps
             << " warps per CTA, but the context requires " << numWarps
             << " warps per CTA ("
             << (inPartition ? "its partition has num_warps"
                             : "the module has ttg.num-warps")
             << " = " << numWarps << ")";
    int64_t threads = getEncodingThreadsPerWarp(encoding);
    if (threadsPerWarp > 0 && threads > 0 && threads != threadsPerWarp)
      return op->emitOpError()
             << "layout " << encoding << ": Layout has " << threads
             << " threads per warp, but the module specifies " << threadsPerWarp
             << " threads per warp (" << kThreadsPerWarpAttrName << ")";
    int64_t ctas = getEncodingNumCTAs(encoding);
    if (numCTAs > 0 && ctas > 0 && ctas != numCTAs)
      return op->emitOpError()
             << "layout " << encoding << ": Layout has " << ctas
             << " CTAs per CGA, but the context requires " << numCTAs
             << " CTAs per CGA (" << kNumCTAsAttrName << " = " << numCTAs
             << ")";
    return success();
  }

  int64_t numWarps, threadsPerWarp, numCTAs;
  bool inPartition;
  llvm::DenseSet<Attribute> checked, wellFormed;
};
} // namespace

/// Whether an operand of element type `elem` can feed an mma.sync or wgmma
/// of MMA version `version`: 8-bit floats are widened where the hardware has
/// no instruction for them; f32 (as tf32), f64 and int8 need version 2 or on.
static bool mmaTakesOperand(Type elem, unsigned version) {
  if (isa<Float8E5M2Type, Float8E4M3FNType, Float8E5M2FNUZType,
          Float8E4M3FNUZType>(elem) ||
      elem.isF16() || elem.isBF16())
    return true;
  return version >= 2 && (elem.isF32() || elem.isF64() || elem.isInteger(8));
}

/// The two register operands of a tt.dot hold K in runs of the same length
/// (wgmma's B comes from shared memory, so v3 parents are exempt), and where
/// an NVIDIA MMA layout is chosen, operands and result have it in one version
/// and the operand types run on it: an f32 x f32 dot only as tf32 (an ieee
/// one in an MMA layout would be rounded to tf32 silently).
static LogicalResult checkDotOperandEncodings(triton::DotOp dot) {
  auto a = dyn_cast_or_null<DotOperandEncodingAttr>(
      dot.getA().getType().getEncoding());
  auto b = dyn_cast_or_null<DotOperandEncodingAttr>(
      dot.getB().getType().getEncoding());
  // Operands or an accumulator without any layout, and shapes that do not
  // multiply, are the Triton dialect's verifier's to report (this check of
  // the module runs before the op's own).
  RankedTensorType aType = dot.getA().getType(), bType = dot.getB().getType();
  Attribute dEnc = dot.getType().getEncoding();
  if ((!a && !b) || !aType.getEncoding() || !bType.getEncoding() || !dEnc ||
      aType.getRank() != bType.getRank() || aType.getRank() < 2 ||
      aType.getShape().back() != bType.getShape()[bType.getRank() - 2])
    return success();
  if (!a || !b)
    return dot.emitOpError("mismatching encoding between A and B operands");
  auto mmaA = dyn_cast<NvidiaMmaEncodingAttr>(a.getParent());
  auto mmaB = dyn_cast<NvidiaMmaEncodingAttr>(b.getParent());
  auto mmaD = dyn_cast<NvidiaMmaEncodingAttr>(dEnc);
  if (mmaA || mmaB || mmaD) {
    if (!mmaA || !mmaB || !mmaD)
      return dot.emitOpError("mismatching MMA encoding");
    unsigned version = mmaD.getVersionMajor();
    if (mmaA.getVersionMajor() != version || mmaB.getVersionMajor() != version)
      return dot.emitOpError("mismatched MMA version.");
    Type aElem = aType.getElementType(), bElem = bType.getElementType();
    bool supported =
        aElem.isF32() && bElem.isF32()
            ? version >= 2 &&
                  dot.getInputPrecision() == triton::InputPrecision::TF32
            : mmaTakesOperand(aElem, version) && mmaTakesOperand(bElem, version);
    if (!supported)
      return dot.emitOpError("unsupported MMA version")
             << " " << version << " for " << aElem << " x " << bElem
             << " operands with input precision "
             << triton::stringifyInputPrecision(dot.getInputPrecision());
    if (version == 3)
      return success();
  }
  if (a.getKWidth() != b.getKWidth())
    return dot.emitOpError()
           << "mismatching kWidth between A and B operands: " << a.getKWidth()
           << " and " << b.getKWidth();
  return success();
}

/// tt.join, tt.split and tt.trans move no data between threads: Triton
/// infers their result layouts from their operands' (a pair dimension in one
/// thread's registers added or removed, the dimensions permuted) and rejects
/// other layouts in words its users' tests match. Layouts without a linear
/// form are left to the lowering.
static LogicalResult checkShapeOpLayout(Operation *op) {
  auto layoutOf = [](Type type) -> std::optional<LinearLayout> {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !isDistributedEncoding(tensor.getEncoding()))
      return std::nullopt;
    return toLinearLayout(tensor.getShape(), tensor.getEncoding());
  };
  if (!isa<triton::JoinOp, triton::SplitOp, triton::TransOp>(op))
    return success();
  std::optional<LinearLayout> src = layoutOf(op->getOperand(0).getType());
  std::optional<LinearLayout> dst = layoutOf(op->getResult(0).getType());
  if (!src || !dst)
    return success();
  Attribute srcEnc =
      cast<RankedTensorType>(op->getOperand(0).getType()).getEncoding();
  Attribute dstEnc =
      cast<RankedTensorType>(op->getResult(0).getType()).getEncoding();
  if (isa<triton::JoinOp>(op)) {
    // The pair may sit in any one register (split's inverse), not only the
    // first as Triton's inference puts it: the elements stay in their thread
    // either way.
    std::optional<LinearLayout> halves = splitLayout(*dst);
    if (halves && *halves == *src)
      return success();
    return op->emitOpError("incompatible join layout: the result layout ")
           << dstEnc << " must be the operands' " << srcEnc
           << " with the new last dimension in two registers of each thread";
  }
  if (isa<triton::SplitOp>(op)) {
    std::optional<LinearLayout> halves = splitLayout(*src);
    if (halves && *halves == *dst)
      return success();
    if (!halves)
      op->emitOpError("inferred type(s) cannot be found: the source layout ")
          << srcEnc
          << " must hold the two elements of its last dimension in two "
             "registers of one thread";
    else
      op->emitOpError("inferred type(s) are incompatible with return "
                      "type(s) of operation: the results' layout ")
          << dstEnc << " must be the source's " << srcEnc
          << " without its last dimension";
    return op->emitOpError("failed to infer returned types");
  }
  auto trans = cast<triton::TransOp>(op);
  std::optional<LinearLayout> permuted =
      transposedLayout(*src, trans.getOrder());
  // Lanes, warps and CTAs must hold the permuted elements; a thread may keep
  // its registers in another order (the lowering reorders them, moving no
  // data), which Triton's exact comparison would refuse.
  auto sameUpToRegisterOrder = [](const LinearLayout &a,
                                  const LinearLayout &b) {
    if (a.getInDimNames() != b.getInDimNames() ||
        a.getOutDims().size() != b.getOutDims().size())
      return false;
    for (const LinearLayout::InDim &in : a.getInDims()) {
      std::vector<LinearLayout::Basis> x = in.bases;
      std::vector<LinearLayout::Basis> y(b.getBases(in.name).begin(),
                                         b.getBases(in.name).end());
      if (in.name == "register") {
        llvm::sort(x);
        llvm::sort(y);
      }
      if (x != y)
        return false;
    }
    return true;
  };
  if (permuted && sameUpToRegisterOrder(*permuted, *dst))
    return success();
  return op->emitOpError("inferred type(s) are incompatible with return "
                         "type(s) of operation: the result layout ")
         << dstEnc << " must be the source's " << srcEnc
         << " with its dimensions permuted by the order (each element "
            "stays in its thread)";
}

/// Whether the layouts of `op`'s operands and results must fit the launch
/// (rank, warps, lanes, CTAs). Triton checks the ops of tt, ttg and ttng,
/// which lay elements out on threads or move them between them; so do we,
/// and also any other op that reads or writes memory (amdg's buffer ops),
/// whose addresses come from the lane and warp that hold each element.
/// Elementwise and control-flow ops, register shuffles of other dialects
/// (amdg.concat, amdg.extract_slice: they never ask which thread runs them,
/// and verify their operands against their results themselves) and function
/// arguments are left out, as in Triton: a value reaching a checked op is
/// checked there.
static bool placesElementsOnThreads(Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect == "tt" || dialect == "ttg" || dialect == "ttng")
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return effects && !effects.hasNoEffect();
}

/// Checks the layouts of the values used and defined under `root` against a
/// launch of `numWarps` warps; the partitions of a ttg.warp_specialize
/// against their own warp counts.
static LogicalResult checkLaunch(Operation *root, int64_t numWarps,
                                 int64_t threadsPerWarp, int64_t numCTAs,
                                 bool inPartition = false) {
  LaunchChecker checker(numWarps, threadsPerWarp, numCTAs, inPartition);
  WalkResult result = root->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (auto partitions = dyn_cast<WarpSpecializePartitionsOp>(nested)) {
      // A misplaced partitions op fails its own verifier later.
      auto ws = dyn_cast_or_null<WarpSpecializeOp>(partitions->getParentOp());
      if (!ws)
        return WalkResult::skip();
      for (auto [region, warps] : llvm::zip(partitions.getPartitionRegions(),
                                            ws.getPartitionNumWarps()))
        for (Operation &inner : region.getOps())
          if (failed(checkLaunch(&inner, warps, threadsPerWarp, numCTAs,
                                 /*inPartition=*/true)))
            return WalkResult::interrupt();
      return WalkResult::skip();
    }
    // A function may run with its own warp count (`ttg.num-warps` on the
    // function), which its body's layouts follow instead of the module's.
    if (nested != root && !isa<ModuleOp>(nested))
      if (auto warps = nested->getAttrOfType<IntegerAttr>(kNumWarpsAttrName)) {
        if (failed(checkLaunch(nested, warps.getInt(), threadsPerWarp, numCTAs,
                               inPartition)))
          return WalkResult::interrupt();
        return WalkResult::skip();
      }
    if (auto dot = dyn_cast<triton::DotOp>(nested))
      if (failed(checkDotOperandEncodings(dot)))
        return WalkResult::interrupt();
    if (failed(LaunchChecker::checkDistributed(nested)) ||
        failed(checkShapeOpLayout(nested)))
      return WalkResult::interrupt();
    for (Type type : nested->getResultTypes())
      if (failed(checker.checkWellFormed(nested, type)))
        return WalkResult::interrupt();
    for (Region &region : nested->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(checker.checkWellFormed(nested, arg.getType())))
            return WalkResult::interrupt();
    if (!placesElementsOnThreads(nested))
      return WalkResult::advance();
    for (Type type : nested->getOperandTypes())
      if (failed(LaunchChecker::checkRank(nested, type)) ||
          failed(checker.checkType(nested, type)))
        return WalkResult::interrupt();
    for (Type type : nested->getResultTypes())
      if (failed(LaunchChecker::checkRank(nested, type)) ||
          failed(checker.checkType(nested, type)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult TritonGPUDialect::verifyOperationAttribute(Operation *op,
                                                         NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == kNumWarpsAttrName || name == kNumCTAsAttrName ||
      name == kThreadsPerWarpAttrName) {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || value.getInt() <= 0)
      return op->emitError() << "'" << name << "' must be a positive integer";
  }
  if (name == kTargetAttrName && !isa<StringAttr>(attr.getValue()))
    return op->emitError() << "'" << name << "' must be a string";
  // The whole module is checked once, when its warp count is verified.
  if (name != kNumWarpsAttrName || !isa<ModuleOp>(op))
    return success();
  return checkLaunch(op, getModuleInt(op, kNumWarpsAttrName),
                     getModuleInt(op, kThreadsPerWarpAttrName),
                     getModuleInt(op, kNumCTAsAttrName));
}

int mlir::triton::gpu::getCudaComputeCapability(Operation *module) {
  auto target = module ? module->getAttrOfType<StringAttr>(kTargetAttrName)
                       : StringAttr();
  int capability = 0;
  if (!target || !target.getValue().starts_with("cuda:") ||
      target.getValue().drop_front(5).getAsInteger(10, capability))
    return 0;
  return capability;
}
