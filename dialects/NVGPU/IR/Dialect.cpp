//===- Dialect.cpp - The nvgpu dialect ------------------------------------===//
//
// The verifiers hold an op to what its lowering can write as valid PTX: a
// wgmma shape and type combination the ISA has, register counts that match
// the instruction's fragments, wait registers the asm constraints can name.
//
//===----------------------------------------------------------------------===//

#include "dialects/NVGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton::nvgpu;

#include "dialects/NVGPU/IR/NVGPUDialect.cpp.inc"
#include "dialects/NVGPU/IR/NVGPUEnums.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/NVGPU/IR/NVGPUOps.cpp.inc"

void NVGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/NVGPU/IR/NVGPUOps.cpp.inc"
      >();
}

int64_t mlir::triton::nvgpu::getWGMMAInstrK(WGMMAEltType type) {
  switch (type) {
  case WGMMAEltType::f16:
  case WGMMAEltType::bf16:
    return 16;
  case WGMMAEltType::tf32:
    return 8;
  case WGMMAEltType::e4m3:
  case WGMMAEltType::e5m2:
  case WGMMAEltType::s8:
    return 32;
  case WGMMAEltType::s32:
  case WGMMAEltType::f32:
    return 0;
  }
  return 0;
}

bool mlir::triton::nvgpu::isWGMMATypeCombination(WGMMAEltType c, WGMMAEltType a,
                                                 WGMMAEltType b) {
  auto isFp8 = [](WGMMAEltType t) {
    return t == WGMMAEltType::e4m3 || t == WGMMAEltType::e5m2;
  };
  bool fp16OrF32 = c == WGMMAEltType::f16 || c == WGMMAEltType::f32;
  // The PTX ISA's table of wgmma.mma_async types: the two fp8 formats mix,
  // every other kind takes one type for both inputs.
  if (isFp8(a) && isFp8(b))
    return fp16OrF32;
  if (a != b)
    return false;
  switch (a) {
  case WGMMAEltType::f16:
    return fp16OrF32;
  case WGMMAEltType::bf16:
  case WGMMAEltType::tf32:
    return c == WGMMAEltType::f32;
  case WGMMAEltType::s8:
    return c == WGMMAEltType::s32;
  default:
    return false;
  }
}

/// Whether `type` is a struct of `count` fields, all `field`.
static bool isStructOf(Type type, unsigned count, Type field) {
  auto structType = dyn_cast<LLVM::LLVMStructType>(type);
  return structType && structType.getBody().size() == count &&
         llvm::all_of(structType.getBody(), [&](Type t) { return t == field; });
}

LogicalResult WGMMAOp::verify() {
  uint32_t m = getM(), n = getN(), k = getK();
  WGMMAEltType a = getEltTypeA(), b = getEltTypeB(), c = getEltTypeC();
  if (!isWGMMATypeCombination(c, a, b))
    return emitOpError() << "has no wgmma of " << stringifyWGMMAEltType(a)
                         << " and " << stringifyWGMMAEltType(b) << " into "
                         << stringifyWGMMAEltType(c);
  if (m != 64)
    return emitOpError() << "m is " << m << ", wgmma's is 64";
  if (int64_t instrK = getWGMMAInstrK(a); k != instrK)
    return emitOpError() << "k is " << k << ", wgmma's for "
                         << stringifyWGMMAEltType(a) << " is " << instrK;
  // n: multiples of 8 up to 256; integer wgmma above 32 only multiples of 16.
  if (n < 8 || n > 256 || n % 8 != 0 ||
      (a == WGMMAEltType::s8 && n > 32 && n % 16 != 0))
    return emitOpError() << "n is " << n << ", not a wgmma n for "
                         << stringifyWGMMAEltType(a);
  bool sixteenBit = a == WGMMAEltType::f16 || a == WGMMAEltType::bf16;
  if (!sixteenBit &&
      (getLayoutA() != WGMMALayout::row || getLayoutB() != WGMMALayout::col))
    return emitOpError() << "reads a " << stringifyWGMMAEltType(a)
                         << " operand M/N-major (layoutA col or layoutB "
                            "row), which wgmma does for f16 and bf16 only";
  MLIRContext *context = getContext();
  Type i32 = IntegerType::get(context, 32);
  if (isa<LLVM::LLVMStructType>(getOpA().getType())) {
    if (!isStructOf(getOpA().getType(), 4, i32))
      return emitOpError("operand A in registers must be a struct of four "
                         "i32 (the thread's A fragment)");
    if (getLayoutA() != WGMMALayout::row)
      return emitOpError("operand A in registers is K-major: layoutA must "
                         "be row");
  }
  // D fragment: n / 2 elements per thread, f16 ones two to a register.
  unsigned registers = c == WGMMAEltType::f16 ? n / 4 : n / 2;
  Type field = c == WGMMAEltType::f32 ? Type(Float32Type::get(context)) : i32;
  if (!isStructOf(getType(), registers, field))
    return emitOpError() << "result must be a struct of " << registers << " "
                         << field << " (the " << stringifyWGMMAEltType(c)
                         << " accumulator registers of an n = " << n
                         << " wgmma), not " << getType();
  if (getOpC() && getOpC().getType() != getType())
    return emitOpError() << "accumulator operand type " << getOpC().getType()
                         << " differs from the result type " << getType();
  return success();
}

LogicalResult WGMMAWaitGroupOp::verify() {
  for (auto [i, field] : llvm::enumerate(
           cast<LLVM::LLVMStructType>(getInput().getType()).getBody())) {
    bool ok = isa<LLVM::LLVMPointerType>(field);
    if (field.isIntOrFloat()) {
      unsigned bits = field.getIntOrFloatBitWidth();
      ok = bits == 16 || bits == 32 || bits == 64;
    }
    if (!ok)
      return emitOpError() << "field " << i << " is " << field
                           << ": each field must be a register of 16, 32 or "
                              "64 bits";
  }
  return success();
}

LogicalResult LoadAcquireOp::verify() {
  // ld takes .relaxed or .acquire with a scope; release orders stores.
  if (getSem() != MemSemantic::ACQUIRE && getSem() != MemSemantic::RELAXED)
    return emitOpError() << "loads with " << stringifyMemSemantic(getSem())
                         << " semantics; a load is relaxed or acquire";
  return success();
}
