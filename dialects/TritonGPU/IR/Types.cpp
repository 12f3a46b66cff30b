//===- Types.cpp - Types of the ttg dialect -------------------------------===//

#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#define GET_TYPEDEF_CLASSES
#include "dialects/TritonGPU/IR/TritonGPUTypes.cpp.inc"

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/TritonGPU/IR/TritonGPUTypes.cpp.inc"
      >();
}

static constexpr llvm::StringLiteral kMutable = "mutable";

/// `<shape x elementType, encoding[, memorySpace][, mutable][, allocShape]>`.
Type MemDescType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding))
    return {};
  Attribute memorySpace;
  bool mutableMemory = false;
  SmallVector<int64_t> allocShape;
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword(kMutable))) {
      mutableMemory = true;
      continue;
    }
    if (!memorySpace && !mutableMemory) {
      Attribute attr;
      OptionalParseResult result = parser.parseOptionalAttribute(attr);
      if (result.has_value()) {
        if (failed(*result))
          return {};
        memorySpace = attr;
        continue;
      }
    }
    if (!allocShape.empty()) {
      parser.emitError(
          parser.getCurrentLocation(),
          "unexpected field after the alloc shape of !ttg.memdesc");
      return {};
    }
    if (parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                  /*withTrailingX=*/false))
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return parser.getChecked<MemDescType>(loc, parser.getContext(), shape,
                                        elementType, encoding, memorySpace,
                                        mutableMemory, allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType();
  if (getEncoding())
    printer << ", " << getEncoding();
  if (getMemorySpace())
    printer << ", " << getMemorySpace();
  if (getMutableMemory())
    printer << ", " << kMutable;
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer.getStream(), "x");
  }
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding, Attribute memorySpace,
                                  bool, ArrayRef<int64_t> allocShape) {
  if (shape.empty())
    return emitError() << "rank 0 memdesc is not allowed: !ttg.memdesc must "
                          "have rank 1 or more";
  for (int64_t dim : shape)
    if (dim <= 0)
      return emitError() << "dimensions of !ttg.memdesc must be positive";
  if (!elementType.isIntOrFloat() && !isa<triton::PointerType>(elementType))
    return emitError() << "!ttg.memdesc elements must be integers, floats or "
                          "pointers, got "
                       << elementType;
  if (!encoding)
    return emitError() << "!ttg.memdesc needs a layout encoding";
  if (allocShape.size() < shape.size())
    return emitError() << "alloc shape of !ttg.memdesc must have at least the "
                          "rank of its shape";
  if (isSharedEncoding(encoding) || isa<PaddedSharedEncodingAttr>(encoding)) {
    // A shared layout covers the trailing dimensions; one more, leading, may
    // count the buffers of a pipeline (Triton 3.6's rule for every shared
    // layout, padded ones too; its words first: its users' tests match them).
    size_t rank = getEncodingRank(encoding);
    if (shape.size() != rank && shape.size() != rank + 1)
      return emitError() << "rank must be equal to or one less than the "
                            "shape size. Got "
                         << rank << " and " << shape.size() << " (" << encoding
                         << " on a !ttg.memdesc of rank " << shape.size()
                         << ")";
  }
  if (auto padded = dyn_cast<PaddedSharedEncodingAttr>(encoding)) {
    // The layout spans the alloc shape's trailing dimensions.
    ArrayRef<int64_t> trailing = allocShape.take_back(padded.getRank());
    for (auto [dim, size] : llvm::enumerate(padded.getLayoutShape()))
      if (trailing[dim] != size)
        return emitError() << "Mismatch in expected shape for dimension " << dim
                           << ". Expected: " << trailing[dim]
                           << ", got: " << size << " (the shape " << encoding
                           << " spans)";
  }
  return success();
}
