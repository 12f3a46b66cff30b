//===- Dialect.cpp - The ttng dialect and its op verifiers ----------------===//

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

//===----------------------------------------------------------------------===//
// Custom assembly directives of the tensor-memory and tcgen05 ops
//===----------------------------------------------------------------------===//

/// `[%dep]` or `[]` when the op gives a token (the dependency is optional),
/// nothing when it does not.
static ParseResult
parseToken(OpAsmParser &parser,
           std::optional<OpAsmParser::UnresolvedOperand> &dep,
           Type &tokenType) {
  if (failed(parser.parseOptionalLSquare()))
    return success();
  tokenType = parser.getBuilder().getType<AsyncTokenType>();
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  OpAsmParser::UnresolvedOperand operand;
  if (parser.parseOperand(operand) || parser.parseRSquare())
    return failure();
  dep = operand;
  return success();
}

static void printToken(OpAsmPrinter &printer, Operation *, Value dep,
                       Type tokenType) {
  if (!tokenType)
    return;
  printer << "[";
  if (dep)
    printer << dep;
  printer << "]";
}

/// `, %bar[%pred]` for each completion barrier.
static ParseResult
parseBarriersAndPreds(OpAsmParser &parser,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &barriers,
                      SmallVectorImpl<OpAsmParser::UnresolvedOperand> &preds) {
  while (succeeded(parser.parseOptionalComma())) {
    if (parser.parseOperand(barriers.emplace_back()) || parser.parseLSquare() ||
        parser.parseOperand(preds.emplace_back()) || parser.parseRSquare())
      return failure();
  }
  return success();
}

static void printBarriersAndPreds(OpAsmPrinter &printer, Operation *,
                                  OperandRange barriers, OperandRange preds) {
  for (auto [barrier, pred] : llvm::zip(barriers, preds))
    printer << ", " << barrier << "[" << pred << "]";
}

/// The result type of `ttng.tmem_load`. Later Triton versions add a reduced
/// second result after a comma; it is refused here by name rather than with
/// a confusing error at the next op.
static ParseResult parseLoadResultType(OpAsmParser &parser, Type &type) {
  if (parser.parseType(type))
    return failure();
  if (succeeded(parser.parseOptionalComma()))
    return parser.emitError(
        parser.getCurrentLocation(),
        "the reduced result of ttng.tmem_load is not supported");
  return success();
}

static void printLoadResultType(OpAsmPrinter &printer, Operation *, Type type) {
  printer << type;
}

#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.cpp.inc"

namespace {
/// Triton 3.6's aliases for the tensor-memory layouts (`#tmem`,
/// `#tmem_scales`); the memory space is printed in full.
struct TritonNvidiaGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<TensorMemoryEncodingAttr>(attr)) {
      os << "tmem";
      return AliasResult::FinalAlias;
    }
    if (isa<TensorMemoryScalesEncodingAttr>(attr)) {
      os << "tmem_scales";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};

/// Lets `-inline` inline a function holding this dialect's ops: none of
/// them depends on the function it is in (Triton does the same).
struct TritonNvidiaGPUInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void TritonNvidiaGPUDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.cpp.inc"
      >();
  addInterfaces<TritonNvidiaGPUOpAsmInterface,
                TritonNvidiaGPUInlinerInterface>();
}

//===----------------------------------------------------------------------===//
// Warp-group MMA
//===----------------------------------------------------------------------===//

static ArrayRef<int64_t> getShapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return cast<MemDescType>(type).getShape();
}

static Type getElementTypeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getElementType();
  return cast<MemDescType>(type).getElementType();
}

LogicalResult WarpGroupDotOp::verify() {
  ArrayRef<int64_t> a = getShapeOf(getA().getType());
  ArrayRef<int64_t> b = getB().getType().getShape();
  ArrayRef<int64_t> c = getC().getType().getShape();
  if (a.size() != 2 || b.size() != 2 || c.size() != 2)
    return emitOpError() << "operands must be 2-D";
  if (a[1] != b[0])
    return emitOpError() << "K of a (" << a[1] << ") differs from K of b ("
                         << b[0] << ")";
  if (c[0] != a[0] || c[1] != b[1])
    return emitOpError() << "accumulator shape [" << c << "] must be [" << a[0]
                         << ", " << b[1] << "]";
  Type aElement = getElementTypeOf(getA().getType());
  Type bElement = getB().getType().getElementType();
  if (!aElement.isIntOrFloat() || !bElement.isIntOrFloat())
    return emitOpError() << "a and b must hold integers or floats, got "
                         << aElement << " and " << bElement;
  if (aElement.getIntOrFloatBitWidth() != bElement.getIntOrFloatBitWidth())
    return emitOpError() << "a and b must have element types of one width, got "
                         << aElement << " and " << bElement;
  if (auto tensor = dyn_cast<RankedTensorType>(getA().getType())) {
    auto dotOperand =
        dyn_cast_or_null<DotOperandEncodingAttr>(tensor.getEncoding());
    if (!dotOperand)
      return emitOpError() << "a in registers must have a #ttg.dot_op layout";
    // wgmma reads a 32-bit register per thread and k step of A.
    unsigned kWidth = 32 / tensor.getElementTypeBitWidth();
    if (dotOperand.getKWidth() != kWidth)
      return emitOpError() << "in-register LHS operand must have a kWidth of "
                           << kWidth << " but got " << dotOperand.getKWidth();
  }
  if (!isa_and_nonnull<NvidiaMmaEncodingAttr>(getC().getType().getEncoding()))
    return emitOpError() << "accumulator must have a #ttg.nvidia_mma layout";
  return success();
}

LogicalResult WarpGroupDotWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  for (Value operand : operands)
    inferredReturnTypes.push_back(operand.getType());
  return success();
}

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

LogicalResult mlir::triton::nvidia_gpu::verifyBarrierType(Operation *op,
                                                          MemDescType type) {
  if (!type.getElementType().isInteger(64) || type.getShape().size() != 1 ||
      type.getShape()[0] != 1)
    return op->emitOpError()
           << "barrier must be a !ttg.memdesc<1xi64, ...>, got " << type;
  if (!isa_and_nonnull<SharedMemorySpaceAttr>(type.getMemorySpace()))
    return op->emitOpError() << "barrier must be in shared memory";
  return success();
}

LogicalResult InitBarrierOp::verify() {
  return verifyBarrierType(*this, getAlloc().getType());
}
LogicalResult InvalBarrierOp::verify() {
  return verifyBarrierType(*this, getAlloc().getType());
}
LogicalResult BarrierExpectOp::verify() {
  return verifyBarrierType(*this, getAlloc().getType());
}
LogicalResult WaitBarrierOp::verify() {
  return verifyBarrierType(*this, getAlloc().getType());
}
LogicalResult ArriveBarrierOp::verify() {
  return verifyBarrierType(*this, getAlloc().getType());
}

LogicalResult AsyncCopyMbarrierArriveOp::verify() {
  return verifyBarrierType(*this, getBarrier().getType());
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

/// The coordinates index every dimension of the descriptor's block.
static LogicalResult verifyTMACoords(Operation *op, TensorDescType desc,
                                     size_t numCoords, MemDescType buffer) {
  RankedTensorType block = desc.getBlockType();
  if (static_cast<int64_t>(numCoords) != block.getRank())
    return op->emitOpError() << "needs " << block.getRank()
                             << " coordinates, one per dimension of the block";
  if (buffer.getElementType() != block.getElementType())
    return op->emitOpError()
           << "buffer element type " << buffer.getElementType()
           << " differs from the descriptor's " << block.getElementType();
  return success();
}

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  if (failed(verifyBarrierType(*this, getBarrier().getType())))
    return failure();
  if (!getResult().getType().getMutableMemory())
    return emitOpError() << "cannot copy into an immutable buffer";
  // TMA writes the swizzled rows of an NVMMA layout, nothing else.
  if (!isa_and_nonnull<NVMMASharedEncodingAttr>(
          getResult().getType().getEncoding()))
    return emitOpError() << "TMA result must have NVMMA shared layout";
  return verifyTMACoords(*this, getDesc().getType(), getCoord().size(),
                         getResult().getType());
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  return verifyTMACoords(*this, getDesc().getType(), getCoord().size(),
                         getSrc().getType());
}

LogicalResult AsyncTMAReduceOp::verify() {
  return verifyTMACoords(*this, getDesc().getType(), getCoord().size(),
                         getSrc().getType());
}

LogicalResult TensormapCreateOp::verify() {
  size_t rank = getBoxDim().size();
  if (rank < 1 || rank > 5)
    return emitOpError() << "a TMA descriptor has 1 to 5 dimensions, got "
                         << rank;
  if (getGlobalDim().size() != rank || getElementStride().size() != rank)
    return emitOpError() << "box_dim, global_dim and element_stride must have "
                            "the same length";
  if (getGlobalStride().size() + 1 != rank)
    return emitOpError()
           << "global_stride must have one entry fewer than the rank";
  return success();
}
