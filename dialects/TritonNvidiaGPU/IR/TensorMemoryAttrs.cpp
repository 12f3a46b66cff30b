//===- TensorMemoryAttrs.cpp - The tensor-memory attributes of ttng -------===//
//
// `#ttng.tensor_memory` and the two TMEM layouts. Their text is ODS's
// struct(params) form; only the CGA layout needs a parser and printer of its
// own, to read and write the ttg layouts' `[[...], ...]` basis lists.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

/// `[[b0, b1], ...]`: one basis per bit of the CTA index.
static FailureOr<BasisList> parseCGALayout(AsmParser &parser) {
  BasisList list;
  auto parseBasis = [&]() -> ParseResult {
    SmallVector<int32_t> &basis = list.bases.emplace_back();
    return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
      return parser.parseInteger(basis.emplace_back());
    });
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseBasis))
    return failure();
  return list;
}

static void printCGALayout(AsmPrinter &printer, const BasisList &list) {
  printer << "[";
  llvm::interleaveComma(list.bases, printer.getStream(),
                        [&](const SmallVector<int32_t> &basis) {
                          printer << "[";
                          llvm::interleaveComma(basis, printer.getStream());
                          printer << "]";
                        });
  printer << "]";
}

#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrDefs.cpp.inc"

void TritonNvidiaGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrDefs.cpp.inc"
      >();
}

bool mlir::triton::nvidia_gpu::isTensorMemory(MemDescType type) {
  return isa_and_nonnull<TensorMemorySpaceAttr>(type.getMemorySpace());
}

/// The TMEM layouts describe 2-D blocks: each CTA basis has two entries.
static LogicalResult
verifyCGALayout(function_ref<InFlightDiagnostic()> emitError,
                const BasisList &cga) {
  for (const auto &basis : cga.bases)
    if (basis.size() != 2)
      return emitError() << "CGALayout basis [" << basis
                         << "] must have two entries (rows, columns)";
  return success();
}

LogicalResult TensorMemoryEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned blockM,
    unsigned blockN, unsigned colStride, BasisList cga, bool, bool) {
  // TMEM has 128 lanes; an MMA's accumulator block takes 64 or all of them.
  if (blockM != 64 && blockM != 128)
    return emitError() << "blockM must be 64 or 128, got " << blockM;
  // TMEM has 512 columns of 32 bits.
  if (!llvm::isPowerOf2_32(blockN) || blockN > 512)
    return emitError() << "blockN must be a power of two of at most 512, got "
                       << blockN;
  // 32 / bitwidth elements share a column: 32-, 16- or 8-bit elements.
  if (colStride != 1 && colStride != 2 && colStride != 4)
    return emitError() << "colStride must be 1, 2 or 4, got " << colStride;
  return verifyCGALayout(emitError, cga);
}

LogicalResult TensorMemoryScalesEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, BasisList cga,
    TensorMemoryScalesBlockRepOrder) {
  return verifyCGALayout(emitError, cga);
}
