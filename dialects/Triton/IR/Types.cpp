//===- Types.cpp - Types of the tt dialect --------------------------------===//

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_TYPEDEF_CLASSES
#include "dialects/Triton/IR/TritonTypes.cpp.inc"

void TritonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/Triton/IR/TritonTypes.cpp.inc"
      >();
}

// `!tt.ptr<T>` or `!tt.ptr<T, AS>`: Triton 3.6 prints the address space as an
// integer and leaves out the default (global, 1).
Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = kGlobalAddressSpace;
  if (parser.parseLess() || parser.parseType(pointee))
    return Type();
  if (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseInteger(addressSpace))
      return Type();
    if (addressSpace < 0) {
      parser.emitError(loc, "address space must be non-negative, got ")
          << addressSpace;
      return Type();
    }
  }
  if (parser.parseGreater())
    return Type();
  return PointerType::get(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != kGlobalAddressSpace)
    printer << ", " << getAddressSpace();
  printer << ">";
}

namespace mlir {
namespace triton {

bool isScalarPointerType(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && !isa<RankedTensorType>(ptr.getPointeeType());
}

bool isTensorPointerType(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && isa<RankedTensorType>(ptr.getPointeeType());
}

Type getPointeeType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    auto ptr = dyn_cast<PointerType>(tensor.getElementType());
    if (!ptr)
      return Type();
    return RankedTensorType::get(tensor.getShape(), ptr.getPointeeType(),
                                 tensor.getEncoding());
  }
  if (auto ptr = dyn_cast<PointerType>(type))
    return ptr.getPointeeType();
  return Type();
}

Type getI1SameShape(Type type) {
  if (!type)
    return Type();
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), i1, tensor.getEncoding());
  return i1;
}

Type getPointerTypeSameShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(
        tensor.getShape(),
        PointerType::get(tensor.getElementType(), kGlobalAddressSpace),
        tensor.getEncoding());
  return PointerType::get(type, kGlobalAddressSpace);
}

Type getBlockBasePointerType(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  if (!ptr)
    return Type();
  auto block = dyn_cast<RankedTensorType>(ptr.getPointeeType());
  if (!block)
    return Type();
  return PointerType::get(block.getElementType(), ptr.getAddressSpace());
}

Type getTypeWithElementType(Type type, Type elementType) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), elementType,
                                 tensor.getEncoding());
  return elementType;
}

unsigned getElementBitWidth(Type elementType) {
  if (isa<PointerType>(elementType))
    return 64;
  return elementType.getIntOrFloatBitWidth();
}

} // namespace triton
} // namespace mlir
