//===- Ops.cpp - Operations of the ttg dialect ----------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "dialects/TritonGPU/IR/ShapeOpLayouts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton::gpu;

/// `0, 32` in `ttg.memdesc_subslice %a[0, 32]`.
static ParseResult parseOffsets(OpAsmParser &parser,
                                DenseI32ArrayAttr &offsets) {
  SmallVector<int32_t> values;
  if (parser.parseCommaSeparatedList([&]() {
        int32_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      }))
    return failure();
  offsets = DenseI32ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printOffsets(OpAsmPrinter &printer, Operation *,
                         DenseI32ArrayAttr offsets) {
  llvm::interleaveComma(offsets.asArrayRef(), printer.getStream());
}

#define GET_OP_CLASSES
#include "dialects/TritonGPU/IR/TritonGPUOps.cpp.inc"

/// Shape and element type of a tensor and a buffer agree.
static LogicalResult verifySameShapeAndElementType(Operation *op,
                                                   RankedTensorType tensor,
                                                   MemDescType memdesc) {
  if (tensor.getShape() != memdesc.getShape())
    return op->emitOpError()
           << "tensor shape [" << tensor.getShape()
           << "] differs from the buffer shape [" << memdesc.getShape() << "]";
  if (tensor.getElementType() != memdesc.getElementType())
    return op->emitOpError()
           << "tensor element type " << tensor.getElementType()
           << " differs from the buffer element type "
           << memdesc.getElementType();
  return success();
}

static LogicalResult verifySharedMemorySpace(Operation *op, MemDescType type) {
  if (!isa_and_nonnull<SharedMemorySpaceAttr>(type.getMemorySpace()))
    return op->emitOpError()
           << "buffer must be in shared memory (#ttg.shared_memory)";
  return success();
}

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getResult().getType();
  if (failed(verifySharedMemorySpace(*this, type)))
    return failure();
  // Without a source only bytes are reserved (barriers, say): the layout
  // places no element yet.
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError() << "without a source the buffer must be mutable";
    return success();
  }
  if (type.getAllocShape() != type.getShape())
    return emitOpError()
           << "a buffer initialized from a tensor cannot be a view";
  return verifySameShapeAndElementType(*this, getSrc().getType(), type);
}

LogicalResult LocalLoadOp::verify() {
  return verifySameShapeAndElementType(*this, getResult().getType(),
                                       getSrc().getType());
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError() << "cannot store into an immutable buffer";
  return verifySameShapeAndElementType(*this, getSrc().getType(),
                                       getDst().getType());
}

/// Views keep the element type and memory space of their source, and may
/// drop its mutability but not add it (Triton 3.6 reads slices of a mutable
/// pipeline buffer through immutable subslices when it splits a wgmma).
static LogicalResult verifyView(Operation *op, MemDescType src,
                                MemDescType dst) {
  if (src.getElementType() != dst.getElementType())
    return op->emitOpError()
           << "result element type " << dst.getElementType()
           << " differs from the source's " << src.getElementType();
  if (src.getMemorySpace() != dst.getMemorySpace())
    return op->emitOpError() << "result memory space differs from the source's";
  if (dst.getMutableMemory() && !src.getMutableMemory())
    return op->emitOpError() << "result is mutable but the source is not";
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (failed(verifyView(*this, src, dst)))
    return failure();
  // "result rank" and "offsets" below are Triton's words, which its users'
  // tests match.
  if (src.getRank() < 2 || dst.getRank() + 1 != src.getRank())
    return emitOpError() << "result rank must be input rank - 1: source rank "
                         << src.getRank() << ", result rank " << dst.getRank()
                         << " (the source must have rank 2 or more)";
  if (dst.getShape() != src.getShape().drop_front())
    return emitOpError() << "result shape must be the source shape without its "
                            "leading dimension";
  // The source is a whole buffer and the result one whole slot of it: views
  // of views are subslices (Triton's words again).
  if (src.getAllocShape() != src.getShape() ||
      dst.getAllocShape() != dst.getShape())
    return emitOpError()
           << "alloc shape must match shape for both result and src: the "
              "source views a buffer of shape ["
           << src.getAllocShape() << "], the result one of shape ["
           << dst.getAllocShape() << "]";
  return success();
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (failed(verifyView(*this, src, dst)))
    return failure();
  ArrayRef<int32_t> offsets = getOffsets();
  if (offsets.size() != src.getRank())
    return emitOpError() << "offsets must have the same rank as input: "
                         << offsets.size() << " offsets for rank "
                         << src.getRank();
  if (dst.getRank() != src.getRank())
    return emitOpError() << "result rank must equal to input rank: "
                         << dst.getRank() << " and " << src.getRank();
  if (auto padded = dyn_cast<PaddedSharedEncodingAttr>(src.getEncoding()))
    if (padded.getRank() < src.getRank())
      return emitOpError()
             << "SubSlice of low rank PaddedSharedEncoding from higher rank "
                "tensors is not supported yet: the layout has rank "
             << padded.getRank() << ", the source " << src.getRank();
  // The slice is a tile of the source: it starts at a multiple of its own
  // size in each dimension it splits and at 0 in the others. (The messages
  // start with Triton's words, which its users' tests match.)
  SmallVector<unsigned> splitDims;
  for (auto [dim, offset] : llvm::enumerate(offsets)) {
    int64_t srcDim = src.getShape()[dim], dstDim = dst.getShape()[dim];
    if (srcDim == dstDim) {
      if (offset != 0)
        return emitOpError() << "A non zero offset found in a dimension that "
                                "is not being split: offset "
                             << offset << " in dimension " << dim;
      continue;
    }
    splitDims.push_back(dim);
    if (dstDim <= 0 || offset % dstDim != 0)
      return emitOpError() << "The split offset may not touch the tile: "
                              "offset "
                           << offset << " in dimension " << dim
                           << " is not a multiple of the slice's " << dstDim;
  }
  for (auto [offset, srcDim, dstDim] :
       llvm::zip(offsets, src.getShape(), dst.getShape()))
    if (offset < 0 || offset + dstDim > srcDim)
      return emitOpError() << "subslice at offset " << offset << " of size "
                           << dstDim << " exceeds the source dimension "
                           << srcDim;
  if (splitDims.empty())
    return success();
  // Splitting is addressing: a slice one CTA does not hold whole, or one
  // whose rows the swizzle mixes with others, has no plain base address.
  Attribute encoding = src.getEncoding();
  if (isa<PaddedSharedEncodingAttr>(encoding))
    return success();
  std::optional<LinearLayout> layout = toLinearLayout(src.getShape(), encoding);
  if (!layout)
    return success();
  if (layout->getInDimSize("block") != 1)
    return emitOpError() << "non-trivial block dimension not supported: the "
                            "layout spreads the source over "
                         << layout->getInDimSize("block") << " CTAs";
  std::optional<LinearLayout> inverse = layout->invert();
  if (!inverse)
    return success();
  SmallVector<std::string> dimNames = standardOutDimNames(src.getRank());
  for (unsigned dim : splitDims)
    // Each step from one slice to the next must move the address by a single
    // power of two: one bit of the offset, untouched by the swizzle's XOR.
    for (int64_t step = dst.getShape()[dim]; step < src.getShape()[dim];
         step *= 2) {
      LinearLayout::Point point = inverse->apply({{dimNames[dim], step}});
      int32_t address = 0;
      for (auto &[name, value] : point)
        if (name == "offset")
          address = value;
      if (!llvm::isPowerOf2_32(address))
        return emitOpError()
               << "We don't support splitting along the swizzling pattern: "
                  "a step of "
               << step << " in dimension " << dim << " moves the address by "
               << address;
    }
  return success();
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (failed(verifyView(*this, src, dst)))
    return failure();
  ArrayRef<int32_t> order = getOrder();
  if (order.size() != src.getRank() || dst.getRank() != src.getRank())
    return emitOpError() << "order must have one entry per dimension";
  SmallVector<bool> seen(order.size(), false);
  for (auto [i, dim] : llvm::enumerate(order)) {
    if (dim < 0 || dim >= static_cast<int32_t>(order.size()) || seen[dim])
      return emitOpError() << "order must be a permutation";
    seen[dim] = true;
    if (dst.getShape()[i] != src.getShape()[dim])
      return emitOpError()
             << "result shape must be the source shape permuted by "
                "order";
  }
  return success();
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType src = getSrc().getType(), dst = getResult().getType();
  if (failed(verifyView(*this, src, dst)))
    return failure();
  int64_t srcElements = 1, dstElements = 1;
  for (int64_t dim : src.getShape())
    srcElements *= dim;
  for (int64_t dim : dst.getShape())
    dstElements *= dim;
  if (srcElements != dstElements)
    return emitOpError() << "reshape must keep the number of elements ("
                         << srcElements << " vs " << dstElements << ")";
  return success();
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  MemDescType dst = getResult().getType();
  if (!dst.getMutableMemory())
    return emitOpError() << "cannot copy into an immutable buffer";
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (src.getShape() != dst.getShape())
    return emitOpError() << "source shape [" << src.getShape()
                         << "] differs from the buffer shape ["
                         << dst.getShape() << "]";
  Type pointee =
      cast<triton::PointerType>(src.getElementType()).getPointeeType();
  if (pointee != dst.getElementType())
    return emitOpError() << "pointee type " << pointee
                         << " differs from the buffer element type "
                         << dst.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// ttg.barrier
//===----------------------------------------------------------------------===//

namespace {
struct AddrSpaceBit {
  llvm::StringLiteral name;
  int32_t bit;
};
} // namespace

static constexpr AddrSpaceBit kAddrSpaces[] = {{"local", 1},
                                               {"global_read", 2},
                                               {"global_write", 4},
                                               {"tensor_read", 8},
                                               {"tensor_write", 16}};
static constexpr int32_t kAllAddrSpaces = 31;

ParseResult BarrierOp::parse(OpAsmParser &parser, OperationState &result) {
  int32_t bits = 0;
  do {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    if (keyword == "all") {
      bits |= kAllAddrSpaces;
      continue;
    }
    if (keyword == "none")
      continue;
    const AddrSpaceBit *found =
        llvm::find_if(kAddrSpaces, [&](const AddrSpaceBit &space) {
          return space.name == keyword;
        });
    if (found == std::end(kAddrSpaces))
      return parser.emitError(loc)
             << "unknown address space '" << keyword << "'";
    bits |= found->bit;
  } while (succeeded(parser.parseOptionalVerticalBar()));
  result.addAttribute("addrSpace", parser.getBuilder().getI32IntegerAttr(bits));
  return parser.parseOptionalAttrDict(result.attributes);
}

void BarrierOp::print(OpAsmPrinter &printer) {
  int32_t bits = getAddrSpace();
  printer << " ";
  if (bits == kAllAddrSpaces) {
    printer << "all";
  } else if (bits == 0) {
    printer << "none";
  } else {
    SmallVector<StringRef> names;
    for (const AddrSpaceBit &space : kAddrSpaces)
      if (bits & space.bit)
        names.push_back(space.name);
    llvm::interleave(names, printer.getStream(), "|");
  }
  printer.printOptionalAttrDict((*this)->getAttrs(), {"addrSpace"});
}

LogicalResult BarrierOp::verify() {
  if (getAddrSpace() > static_cast<uint32_t>(kAllAddrSpaces))
    return emitOpError() << "address-space set " << getAddrSpace()
                         << " has unknown bits";
  return success();
}

//===----------------------------------------------------------------------===//
// ttg.fp4_to_fp
//===----------------------------------------------------------------------===//

LogicalResult Fp4ToFpOp::verify() {
  // Triton's checks in its order and words (its users' tests match them).
  RankedTensorType src = getSrc().getType(), result = getType();
  Type elem = result.getElementType();
  if (!elem.isF16() && !elem.isBF16())
    return emitOpError("only bf16 or f16 is supported for now, got ") << elem;
  int64_t rank = src.getRank();
  if (result.getRank() != rank)
    return emitOpError("source rank ")
           << rank << " != result rank " << result.getRank();
  int32_t axis = getAxis();
  if (axis < 0 || axis >= rank)
    return emitOpError("axis ") << axis << " out of range for rank " << rank;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t s = src.getDimSize(d), r = result.getDimSize(d);
    if (d == axis && r != 2 * s)
      return emitOpError("axis ")
             << axis << " dimension must be 2x source dimension (src=" << s
             << ", dst=" << r << ")";
    if (d != axis && r != s)
      return emitOpError("dimension ")
             << d << " mismatch (src=" << s << ", dst=" << r
             << ", axis=" << axis << ")";
  }
  Attribute srcEnc = src.getEncoding(), resultEnc = result.getEncoding();
  if (!srcEnc != !resultEnc)
    return emitOpError(
        "source and result must both have an encoding, or neither");
  if (!srcEnc)
    return success();
  // The two values of a byte stay in its thread: the source layout must be
  // the result's with the step between them taken out. Layouts without a
  // linear form are left to the lowering, which refuses them.
  std::optional<LinearLayout> srcLayout =
      toLinearLayout(src.getShape(), srcEnc);
  std::optional<LinearLayout> resultLayout =
      toLinearLayout(result.getShape(), resultEnc);
  if (!srcLayout || !resultLayout)
    return success();
  std::optional<LinearLayout> packed = packedLayout(*resultLayout, axis);
  if (!packed) {
    emitOpError("Fp4ToFpOp requires at least 2 elements per thread in the "
                "axis dimension: no register of the result layout ")
        << resultEnc << " steps by one along axis " << axis << " alone";
    return emitOpError("failed to infer encoding");
  }
  if (*packed != *srcLayout) {
    auto diag = emitOpError("Src and Dst encodings are not compatible:\n")
                << packed->toString() << "\n"
                << srcLayout->toString()
                << "\n(the result layout needs the first source layout; the "
                   "source layout gives the result layout ";
    if (std::optional<LinearLayout> unpacked = unpackedLayout(*srcLayout, axis))
      diag << unpacked->toString();
    return diag << ")";
  }
  return success();
}
