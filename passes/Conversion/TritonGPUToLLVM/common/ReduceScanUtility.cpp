//===- ReduceScanUtility.cpp - What tt.reduce and tt.scan share -----------===//

#include "passes/Conversion/TritonGPUToLLVM/common/ReduceScanUtility.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Utility.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/Support/MathExtras.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

SmallVector<unsigned> AxisBits::bitsOf(HardwareDim dim) const {
  SmallVector<unsigned> bits;
  for (const Owner &owner : owners)
    if (owner.dim == dim)
      bits.push_back(owner.bit);
  return bits;
}

FailureOr<AxisBits> mlir::triton::analyzeAxis(const LinearLayout &layout,
                                              unsigned axis,
                                              std::string &whyNot) {
  ArrayRef<LinearLayout::OutDim> outs = layout.getOutDims();
  if (axis >= outs.size()) {
    whyNot = "the axis is not a dimension of the layout";
    return failure();
  }
  // Each CTA of a cluster combines along the axis within its tile; tiles
  // split along the axis would need memory shared between CTAs.
  if (layout.hasInDim("block"))
    for (const LinearLayout::Basis &basis : layout.getBases("block"))
      if (basis[axis] != 0) {
        whyNot = "the layout splits the axis over several CTAs";
        return failure();
      }
  int32_t size = outs[axis].size;
  unsigned numBits = llvm::Log2_32(size);
  AxisBits result;
  result.owners.assign(numBits, {HardwareDim::Register, ~0u});
  SmallVector<bool> seen(numBits, false);
  const std::pair<HardwareDim, StringRef> dims[] = {
      {HardwareDim::Register, "register"},
      {HardwareDim::Lane, "lane"},
      {HardwareDim::Warp, "warp"}};
  for (auto [dim, name] : dims) {
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(name))) {
      int32_t along = basis[axis];
      if (along == 0)
        continue;
      for (auto [d, value] : llvm::enumerate(basis))
        if (d != axis && value != 0) {
          whyNot = ("a " + name +
                    " basis moves along the axis and another dimension at once")
                       .str();
          return failure();
        }
      if (along < 0 || !llvm::isPowerOf2_32(along) || along >= size) {
        whyNot =
            ("a " + name + " basis moves along the axis by a non-power of two")
                .str();
        return failure();
      }
      unsigned p = llvm::Log2_32(along);
      if (seen[p]) {
        whyNot = "two bases move along the axis by the same amount";
        return failure();
      }
      seen[p] = true;
      result.owners[p] = {dim, static_cast<unsigned>(bit)};
    }
  }
  if (llvm::is_contained(seen, false)) {
    whyNot = "the layout does not cover the axis";
    return failure();
  }
  return result;
}

Type mlir::triton::getLLVMElementType(const TypeConverter &converter,
                                      Type type) {
  return static_cast<const TritonGPUToLLVMTypeConverter &>(converter)
      .convertElementType(type);
}

ValueTuple mlir::triton::emitCombine(ConversionPatternRewriter &rewriter,
                                     Location loc, Block &combine,
                                     const TypeConverter &converter,
                                     ValueRange acc, ValueRange cur) {
  unsigned n = acc.size();
  IRMapping mapping;
  llvm::DenseMap<Value, Value> direct; // block argument -> its LLVM value
  auto bind = [&](BlockArgument arg, Value value) {
    direct[arg] = value;
    Value bound = value;
    // The cloned ops take their operands in the region's types; where the
    // LLVM type differs (small floats, pointers) a cast bridges until the
    // conversion rewrites them.
    if (value.getType() != arg.getType())
      bound = UnrealizedConversionCastOp::create(rewriter, loc, arg.getType(),
                                                 value)
                  .getResult(0);
    mapping.map(arg, bound);
  };
  for (unsigned i = 0; i < n; ++i) {
    bind(combine.getArgument(i), acc[i]);
    bind(combine.getArgument(n + i), cur[i]);
  }
  for (Operation &op : combine.without_terminator())
    rewriter.clone(op, mapping);
  ValueTuple results;
  for (Value yielded : combine.getTerminator()->getOperands()) {
    auto it = direct.find(yielded);
    if (it != direct.end()) {
      results.push_back(it->second);
      continue;
    }
    Value value;
    if (yielded.getParentBlock() == &combine)
      value = mapping.lookup(yielded);
    else
      value = rewriter.getRemappedValue(yielded); // defined above the op
    Type llvmType = getLLVMElementType(converter, yielded.getType());
    if (value.getType() != llvmType)
      value = UnrealizedConversionCastOp::create(rewriter, loc, llvmType, value)
                  .getResult(0);
    results.push_back(value);
  }
  return results;
}

bool mlir::triton::isCommutativeCombine(Block &combine) {
  unsigned n = combine.getNumArguments() / 2;
  for (auto [i, yielded] :
       llvm::enumerate(combine.getTerminator()->getOperands())) {
    Operation *def = yielded.getDefiningOp();
    if (!def || def->getBlock() != &combine || def->getNumOperands() != 2 ||
        def->getNumRegions() != 0 || !def->hasTrait<OpTrait::IsCommutative>())
      return false;
    Value acc = combine.getArgument(i), cur = combine.getArgument(n + i);
    Value lhs = def->getOperand(0), rhs = def->getOperand(1);
    if (!((lhs == acc && rhs == cur) || (lhs == cur && rhs == acc)))
      return false;
  }
  return true;
}

ValueTuple mlir::triton::selectTuple(OpBuilder &b, Location loc, Value cond,
                                     ValueRange a, ValueRange b2) {
  ValueTuple result;
  for (auto [x, y] : llvm::zip(a, b2))
    result.push_back(
        x == y ? x : LLVM::SelectOp::create(b, loc, cond, x, y).getResult());
  return result;
}

int64_t mlir::triton::getSharedBytes(Type llvmType) {
  if (isa<LLVM::LLVMPointerType>(llvmType))
    return 8;
  return std::max<int64_t>(1, (llvmType.getIntOrFloatBitWidth() + 7) / 8);
}

/// The type an element is kept as in shared memory (i1 as a byte).
static Type getStorageType(Type llvmType) {
  if (llvmType.isInteger(1))
    return IntegerType::get(llvmType.getContext(), 8);
  return llvmType;
}

/// The operands' order in the scratch: widest first, ties in operand order.
static SmallVector<unsigned> getRegionOrder(ArrayRef<Type> types) {
  SmallVector<unsigned> order(types.size());
  std::iota(order.begin(), order.end(), 0);
  llvm::stable_sort(order, [&](unsigned a, unsigned b) {
    return getSharedBytes(types[a]) > getSharedBytes(types[b]);
  });
  return order;
}

ScratchTuple::ScratchTuple(OpBuilder &b, Location loc, int64_t offset,
                           ArrayRef<Type> types, int64_t slots)
    : types(types) {
  bases.resize(types.size());
  regionOffsets.resize(types.size());
  int64_t byteOffset = offset;
  for (unsigned i : getRegionOrder(types)) {
    bases[i] = getSharedMemoryBase(b, loc, byteOffset);
    regionOffsets[i] = byteOffset;
    byteOffset += slots * getSharedBytes(types[i]);
  }
}

int64_t ScratchTuple::getSizeInBytes(ArrayRef<Type> types, int64_t slots) {
  int64_t bytes = 0;
  for (Type type : types)
    bytes += slots * getSharedBytes(type);
  return bytes;
}

std::pair<Value, unsigned> ScratchTuple::address(OpBuilder &b, Location loc,
                                                 unsigned i,
                                                 const ScratchSlot &slot) const {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(), 3);
  Type storage = getStorageType(types[i]);
  Value ptr = LLVM::GEPOp::create(b, loc, ptrType, storage, bases[i],
                                  ArrayRef<LLVM::GEPArg>{slot.index});
  if (slot.constant != 0)
    ptr = LLVM::GEPOp::create(
        b, loc, ptrType, storage, ptr,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(slot.constant)});
  // Shared memory's base is 16-byte aligned; the region's offset, the
  // index's known multiple and the constant each bound the alignment.
  uint64_t bytes = getSharedBytes(types[i]);
  uint64_t alignment = 16;
  auto bound = [&](uint64_t multiple) {
    if (multiple != 0)
      alignment = std::min<uint64_t>(alignment,
                                     uint64_t(1) << llvm::countr_zero(multiple));
  };
  bound(regionOffsets[i]);
  bound(bytes << std::min(slot.indexAlignLog2, 31u));
  bound(bytes * slot.constant);
  return {ptr, static_cast<unsigned>(alignment)};
}

void ScratchTuple::store(OpBuilder &b, Location loc, const ScratchSlot &slot,
                         ValueRange values) const {
  for (auto [i, value] : llvm::enumerate(values)) {
    Type storage = getStorageType(types[i]);
    auto [ptr, alignment] = address(b, loc, i, slot);
    Value stored = value;
    if (storage != types[i])
      stored = LLVM::ZExtOp::create(b, loc, storage, value);
    LLVM::StoreOp::create(b, loc, stored, ptr, alignment);
  }
}

ValueTuple ScratchTuple::load(OpBuilder &b, Location loc,
                              const ScratchSlot &slot) const {
  ValueTuple values;
  for (auto [i, type] : llvm::enumerate(types)) {
    Type storage = getStorageType(type);
    auto [ptr, alignment] = address(b, loc, i, slot);
    Value value = LLVM::LoadOp::create(b, loc, storage, ptr, alignment);
    if (storage != type)
      value = LLVM::TruncOp::create(b, loc, type, value);
    values.push_back(value);
  }
  return values;
}

unsigned mlir::triton::getFlatIndexAlignLog2(const LinearLayout &layout,
                                             std::optional<unsigned> dropped,
                                             ArrayRef<int32_t> regPart,
                                             ArrayRef<int64_t> shape,
                                             bool withBlock) {
  SmallVector<StringRef> threadDims = {"lane", "warp"};
  if (withBlock)
    threadDims.push_back("block");
  // The layout's dimensions that index `shape`, in its order.
  SmallVector<unsigned> kept;
  for (unsigned d = 0, rank = layout.getOutDims().size(); d < rank; ++d)
    if (!dropped || d != *dropped)
      kept.push_back(d);
  if (kept.size() != shape.size())
    return 0;
  // A coordinate is a multiple of the lowest power of two among its thread
  // bases and constant; the index adds each coordinate times its stride.
  unsigned result = 31;
  int64_t stride = 1;
  for (int e = static_cast<int>(shape.size()) - 1; e >= 0; --e) {
    unsigned lowest = 31;
    auto take = [&](int32_t coordinate) {
      if (coordinate != 0)
        lowest = std::min<unsigned>(
            lowest, llvm::countr_zero(static_cast<uint32_t>(coordinate)));
    };
    for (StringRef dim : threadDims)
      if (layout.hasInDim(dim))
        for (const LinearLayout::Basis &basis : layout.getBases(dim))
          take(basis[kept[e]]);
    if (static_cast<size_t>(e) < regPart.size())
      take(regPart[e]);
    if (lowest != 31)
      result = std::min<unsigned>(
          result, lowest + llvm::countr_zero(static_cast<uint64_t>(stride)));
    stride *= shape[e];
  }
  return result;
}

Value mlir::triton::flattenIndex(OpBuilder &b, Location loc,
                                 ArrayRef<Value> coords,
                                 ArrayRef<int64_t> shape) {
  Value index;
  int64_t stride = 1;
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] != 1) {
      Value term = coords[d];
      if (stride != 1)
        term = LLVM::MulOp::create(b, loc, term,
                                   createI32Constant(b, loc, stride));
      index =
          index ? LLVM::AddOp::create(b, loc, index, term).getResult() : term;
    }
    stride *= shape[d];
  }
  return index ? index : createI32Constant(b, loc, 0);
}

Value mlir::triton::moveBits(OpBuilder &b, Location loc, Value value,
                             ArrayRef<std::pair<unsigned, unsigned>> moves) {
  Value result;
  size_t i = 0;
  while (i < moves.size()) {
    size_t end = i + 1;
    while (end < moves.size() && moves[end].first == moves[end - 1].first + 1 &&
           moves[end].second == moves[end - 1].second + 1)
      ++end;
    unsigned from = moves[i].first, to = moves[i].second, length = end - i;
    Value term = value;
    if (from != 0)
      term =
          LLVM::LShrOp::create(b, loc, term, createI32Constant(b, loc, from));
    term = LLVM::AndOp::create(b, loc, term,
                               createI32Constant(b, loc, (1u << length) - 1));
    if (to != 0)
      term = LLVM::ShlOp::create(b, loc, term, createI32Constant(b, loc, to));
    result =
        result ? LLVM::OrOp::create(b, loc, result, term).getResult() : term;
    i = end;
  }
  return result ? result : createI32Constant(b, loc, 0);
}

Coords mlir::triton::dropAxis(ArrayRef<int32_t> coords, unsigned axis) {
  Coords result(coords.begin(), coords.end());
  result.erase(result.begin() + axis);
  return result;
}

SmallVector<Value> mlir::triton::combineCoords(OpBuilder &b, Location loc,
                                               ArrayRef<Value> threadPart,
                                               ArrayRef<int32_t> regPart) {
  SmallVector<Value> coords;
  for (auto [value, constant] : llvm::zip(threadPart, regPart))
    coords.push_back(
        constant == 0 ? value
                      : LLVM::XOrOp::create(b, loc, value,
                                            createI32Constant(b, loc, constant))
                            .getResult());
  return coords;
}
