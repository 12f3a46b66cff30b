//===- SharedMemoryUtility.cpp - Addressing shared memory from registers --===//

#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"
#include "dialects/TritonGPU/IR/CTATiles.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

unsigned mlir::triton::log2Exact(int64_t value) {
  return llvm::Log2_64(static_cast<uint64_t>(value));
}

uint64_t mlir::triton::flattenCoords(ArrayRef<int32_t> coords,
                                     ArrayRef<int64_t> shape) {
  uint64_t index = 0;
  for (auto [c, size] : llvm::zip(coords, shape))
    index = (index << log2Exact(size)) | static_cast<uint64_t>(c);
  return index;
}

SmallVector<uint64_t> mlir::triton::getFlatBases(const LinearLayout &layout,
                                                 StringRef dim,
                                                 ArrayRef<int64_t> shape) {
  SmallVector<uint64_t> flat;
  for (const LinearLayout::Basis &basis : layout.getBases(dim))
    flat.push_back(flattenCoords(basis, shape));
  return flat;
}

//===----------------------------------------------------------------------===//
// Offsets and vectors
//===----------------------------------------------------------------------===//

Value mlir::triton::emitThreadOffset(OpBuilder &b, Location loc,
                                     const OffsetMap &map, LaneAndWarp thread) {
  int64_t maxOffset = 1;
  std::vector<LinearLayout::Basis> lanes, warps;
  for (int64_t offset : map.lanes) {
    lanes.push_back({static_cast<int32_t>(offset)});
    maxOffset = std::max(maxOffset, offset + 1);
  }
  for (int64_t offset : map.warps) {
    warps.push_back({static_cast<int32_t>(offset)});
    maxOffset = std::max(maxOffset, offset + 1);
  }
  int32_t size = static_cast<int32_t>(llvm::PowerOf2Ceil(maxOffset));
  std::optional<LinearLayout> layout = LinearLayout::get(
      {{"lane", std::move(lanes)}, {"warp", std::move(warps)}},
      {{"offset", size}});
  assert(layout && "offsets fit their power-of-two size");
  return emitThreadPart(b, loc, *layout, thread)[0];
}

int64_t mlir::triton::getRegisterOffset(const OffsetMap &map, unsigned reg) {
  int64_t offset = 0;
  for (auto [bit, value] : llvm::enumerate(map.registers))
    if (reg >> bit & 1)
      offset ^= value;
  return offset;
}

ThreadOffset mlir::triton::emitThreadOffset(OpBuilder &b, Location loc,
                                            const OffsetMap &map,
                                            LaneAndWarp thread, Value view,
                                            int64_t viewBits) {
  // The thread part XORs basis offsets, so it sets no bit outside theirs.
  ThreadOffset result{emitThreadOffset(b, loc, map, thread), 0};
  for (int64_t offset : map.lanes)
    result.bits |= offset;
  for (int64_t offset : map.warps)
    result.bits |= offset;
  if (view) {
    result.value = LLVM::XOrOp::create(b, loc, result.value, view);
    result.bits |= viewBits;
  }
  return result;
}

Value ThreadOffset::withRegister(OpBuilder &b, Location loc,
                                 int64_t registerOffset) const {
  Value offset = value;
  if (int64_t mixed = registerOffset & bits)
    offset =
        LLVM::XOrOp::create(b, loc, offset, createI32Constant(b, loc, mixed));
  if (int64_t apart = registerOffset & ~bits)
    offset =
        LLVM::AddOp::create(b, loc, offset, createI32Constant(b, loc, apart));
  return offset;
}

/// The 8 x 8 matrices of 16-bit elements `map` forms (see MatrixLoadPlan).
static std::optional<MatrixLoadPlan>
planMatrices(const OffsetMap &map, int64_t viewOffsetMask, Type sharedType,
             bool forStores, bool anyCount);

std::optional<MatrixLoadPlan>
mlir::triton::planMatrixLoads(const OffsetMap &map, int64_t viewOffsetMask,
                              Type sharedType, const TargetInfoBase &target,
                              bool anyCount) {
  if (!target.canLoadMatrices())
    return std::nullopt;
  return planMatrices(map, viewOffsetMask, sharedType, /*forStores=*/false,
                      anyCount);
}

std::optional<MatrixLoadPlan>
mlir::triton::planMatrixStores(const OffsetMap &map, int64_t viewOffsetMask,
                               Type sharedType, const TargetInfoBase &target,
                               bool anyCount) {
  if (!target.canStoreMatrices())
    return std::nullopt;
  // Registers repeating others (offset 0) are not stored: the matrices are
  // planned over the others, as loads would read them.
  OffsetMap stored = map;
  stored.registers.clear();
  SmallVector<unsigned> storedBits;
  for (auto [bit, offset] : llvm::enumerate(map.registers))
    if (offset != 0) {
      stored.registers.push_back(offset);
      storedBits.push_back(bit);
    }
  std::optional<MatrixLoadPlan> plan =
      planMatrices(stored, viewOffsetMask, sharedType, /*forStores=*/true,
                   anyCount);
  if (plan)
    plan->registerBits = std::move(storedBits);
  return plan;
}

void mlir::triton::emitMatrixStores(OpBuilder &b, Location loc,
                                    const MatrixLoadPlan &plan,
                                    const OffsetMap &map, Value base,
                                    Value viewOffset, int64_t viewBits,
                                    LaneAndWarp thread, Type sharedType,
                                    ArrayRef<Value> values,
                                    const TargetInfoBase &target) {
  ThreadOffset rowOffset =
      emitThreadOffset(b, loc, plan.rowMap, thread, viewOffset, viewBits);
  unsigned wordBits = llvm::Log2_32(4 / plan.elementBytes);
  auto wordType = VectorType::get({1 << wordBits}, sharedType);
  Type i32 = b.getI32Type();
  // Index `r` over the stored registers (plan.registerBits) as a register
  // of `map`.
  auto registerOf = [&](unsigned r) {
    unsigned reg = 0;
    for (auto [i, bit] : llvm::enumerate(plan.registerBits))
      if (r >> i & 1)
        reg |= 1u << bit;
    return reg;
  };
  // The registers of a word, then those picking the matrix, are one
  // store's (as for loads); the others pick the store.
  unsigned perStore = 1u << (wordBits + plan.matrixBits);
  for (unsigned r = 0; r < (1u << plan.registerBits.size()); r += perStore) {
    SmallVector<Value> words;
    for (unsigned j = 0; j < plan.count; ++j) {
      if (wordBits == 0) {
        Value element = values[registerOf(r | j)];
        words.push_back(element.getType() == i32
                            ? element
                            : LLVM::BitcastOp::create(b, loc, i32, element));
        continue;
      }
      Value word = LLVM::UndefOp::create(b, loc, wordType);
      for (unsigned e = 0; e < (1u << wordBits); ++e)
        word = LLVM::InsertElementOp::create(
            b, loc, word, values[registerOf(r | j << wordBits | e)],
            createI32Constant(b, loc, e));
      words.push_back(LLVM::BitcastOp::create(b, loc, i32, word));
    }
    Value offset =
        rowOffset.withRegister(b, loc, getRegisterOffset(map, registerOf(r)));
    Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), sharedType, base,
                                    ArrayRef<LLVM::GEPArg>{offset});
    target.storeMatrices(b, loc, ptr, words, plan.transpose);
  }
}

static std::optional<MatrixLoadPlan>
planMatrices(const OffsetMap &map, int64_t viewOffsetMask, Type sharedType,
             bool forStores, bool anyCount) {
  unsigned elementBytes = getSharedElementBytes(sharedType);
  if (map.lanes.size() != 5 || (elementBytes != 1 && elementBytes != 2 &&
                                elementBytes != 4))
    return std::nullopt;
  // A 32-bit word holds 1 << wordBits elements, a 16-byte row rowElements.
  unsigned wordBits = llvm::Log2_32(4 / elementBytes);
  int64_t rowElements = 16 / elementBytes;
  const SmallVector<int64_t> &regs = map.registers, &lanes = map.lanes;
  if (regs.size() < wordBits || (viewOffsetMask & (rowElements - 1)))
    return std::nullopt;
  auto aligned = [&](ArrayRef<int64_t> offsets) {
    return llvm::all_of(offsets, [&](int64_t offset) {
      return (offset & (rowElements - 1)) == 0;
    });
  };
  ArrayRef<int64_t> wordRegs = ArrayRef<int64_t>(regs).take_front(wordBits);
  ArrayRef<int64_t> otherRegs = ArrayRef<int64_t>(regs).drop_front(wordBits);
  // The register bits picking the matrix; those whose registers repeat the
  // others' (offset 0) come last, and their matrices are not loaded.
  unsigned matrixBits = std::min<unsigned>(2, otherRegs.size());
  unsigned loadedBits = 0;
  while (loadedBits < matrixBits && otherRegs[loadedBits] != 0)
    ++loadedBits;
  for (unsigned i = loadedBits; i < matrixBits; ++i)
    if (otherRegs[i] != 0)
      return std::nullopt;
  // 16-bit elements take register bits for four matrices; others, two
  // matrices at least (one matrix of one word per thread is no better than
  // a plain access), unless `anyCount` (a conversion whose scratch layout
  // Triton 3.6 chose for matrices: it then uses .x1 and .x2 too). Stores
  // are planned over registers that do not repeat others, so they move
  // every matrix they name.
  if (!anyCount && (elementBytes == 2 ? matrixBits != 2 : loadedBits == 0))
    return std::nullopt;
  if (forStores && loadedBits != matrixBits)
    return std::nullopt;
  for (bool transpose : {false, true}) {
    // Transposed, a word's two elements come from two rows: 16-bit only.
    if (transpose && elementBytes != 2)
      continue;
    SmallVector<int64_t> columns, rows;
    if (!transpose) {
      columns.append(wordRegs.begin(), wordRegs.end());
      columns.append({lanes[0], lanes[1]});
      rows = {lanes[2], lanes[3], lanes[4]};
    } else {
      columns = {lanes[2], lanes[3], lanes[4]};
      rows = {wordRegs[0], lanes[0], lanes[1]};
    }
    bool contiguous = true;
    for (auto [i, column] : llvm::enumerate(columns))
      contiguous &= column == (int64_t(1) << i);
    if (!contiguous || !aligned(rows) || !aligned(otherRegs) ||
        !aligned(map.warps))
      continue;
    MatrixLoadPlan plan;
    plan.transpose = transpose;
    plan.elementBytes = elementBytes;
    plan.count = 1u << loadedBits;
    plan.matrixBits = matrixBits;
    // Lane l supplies row l % 8 of matrix l / 8.
    plan.rowMap.lanes = {rows[0], rows[1], rows[2],
                         matrixBits > 0 ? otherRegs[0] : 0,
                         matrixBits > 1 ? otherRegs[1] : 0};
    plan.rowMap.warps = map.warps;
    return plan;
  }
  return std::nullopt;
}

SmallVector<Value>
mlir::triton::emitMatrixLoads(OpBuilder &b, Location loc,
                              const MatrixLoadPlan &plan, const OffsetMap &map,
                              Value base, Value viewOffset, int64_t viewBits,
                              LaneAndWarp thread, Type sharedType,
                              Type registerType, const TargetInfoBase &target) {
  ThreadOffset rowOffset =
      emitThreadOffset(b, loc, plan.rowMap, thread, viewOffset, viewBits);
  unsigned count = 1u << map.registers.size();
  unsigned wordBits = llvm::Log2_32(4 / plan.elementBytes);
  auto wordType = VectorType::get({1 << wordBits}, sharedType);
  SmallVector<Value> results(count);
  // The registers of a word, then those picking the matrix, are one load's;
  // the others repeat it. Matrices past `count` repeat the loaded ones.
  unsigned perLoad = 1u << (wordBits + plan.matrixBits);
  for (unsigned reg = 0; reg < count; reg += perLoad) {
    Value offset = rowOffset.withRegister(b, loc, getRegisterOffset(map, reg));
    Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), sharedType, base,
                                    ArrayRef<LLVM::GEPArg>{offset});
    SmallVector<Value> words =
        target.loadMatrices(b, loc, ptr, plan.transpose, plan.count);
    for (auto [j, word] : llvm::enumerate(words)) {
      if (wordBits == 0) {
        Value element = word;
        if (word.getType() != sharedType)
          element = LLVM::BitcastOp::create(b, loc, sharedType, word);
        results[reg | unsigned(j)] =
            fromSharedValue(b, loc, element, registerType);
        continue;
      }
      Value elements = LLVM::BitcastOp::create(b, loc, wordType, word);
      for (unsigned e = 0; e < (1u << wordBits); ++e)
        results[reg | unsigned(j) << wordBits | e] =
            fromSharedValue(b, loc,
                            LLVM::ExtractElementOp::create(
                                b, loc, elements, createI32Constant(b, loc, e)),
                            registerType);
    }
    for (unsigned j = plan.count; j < (1u << plan.matrixBits); ++j)
      for (unsigned e = 0; e < (1u << wordBits); ++e)
        results[reg | j << wordBits | e] =
            results[reg | (j & (plan.count - 1)) << wordBits | e];
  }
  return results;
}

unsigned VectorPlan::mask() const {
  unsigned m = 0;
  for (unsigned bit : registerBits)
    m |= 1u << bit;
  return m;
}

unsigned VectorPlan::spread(unsigned base, unsigned j) const {
  unsigned reg = base;
  for (auto [i, bit] : llvm::enumerate(registerBits))
    if (j >> i & 1)
      reg |= 1u << bit;
  return reg;
}

VectorPlan mlir::triton::planVectors(const OffsetMap &map, unsigned maxElements,
                                     int64_t extraOffsetMask) {
  VectorPlan plan;
  SmallVector<bool> used(map.registers.size(), false);
  for (unsigned p = 0; (2u << p) <= maxElements; ++p) {
    unsigned found = map.registers.size();
    for (unsigned i = 0; i < map.registers.size(); ++i)
      if (!used[i] && map.registers[i] == (int64_t(1) << p)) {
        found = i;
        break;
      }
    if (found == map.registers.size())
      break;
    used[found] = true;
    plan.registerBits.push_back(found);
  }
  int64_t others = extraOffsetMask;
  for (auto [i, offset] : llvm::enumerate(map.registers))
    if (!used[i])
      others |= offset;
  for (int64_t offset : map.lanes)
    others |= offset;
  for (int64_t offset : map.warps)
    others |= offset;
  unsigned aligned =
      others == 0 ? 64 : llvm::countr_zero(static_cast<uint64_t>(others));
  if (plan.registerBits.size() > aligned)
    plan.registerBits.resize(aligned);
  return plan;
}

unsigned mlir::triton::getBroadcastRegisterMask(const LinearLayout &layout) {
  unsigned mask = 0;
  for (auto [bit, basis] : llvm::enumerate(layout.getBases("register")))
    if (llvm::all_of(basis, [](int32_t v) { return v == 0; }))
      mask |= 1u << bit;
  return mask;
}

Value mlir::triton::getUniqueOwnerPredicate(OpBuilder &b, Location loc,
                                            const LinearLayout &layout,
                                            LaneAndWarp thread) {
  Value predicate;
  for (StringRef dim : {"lane", "warp"}) {
    int32_t repeated = 0;
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(dim)))
      if (llvm::all_of(basis, [](int32_t v) { return v == 0; }))
        repeated |= 1 << bit;
    if (!repeated)
      continue;
    Value index = dim == "lane" ? thread.lane : thread.warp;
    Value bits =
        LLVM::AndOp::create(b, loc, index, createI32Constant(b, loc, repeated));
    Value isOwner = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, bits,
                                         createI32Constant(b, loc, 0));
    predicate =
        predicate ? LLVM::AndOp::create(b, loc, predicate, isOwner).getResult()
                  : isOwner;
  }
  return predicate;
}

//===----------------------------------------------------------------------===//
// Element types and accesses
//===----------------------------------------------------------------------===//

Type mlir::triton::getSharedElementType(
    const TritonGPUToLLVMTypeConverter &converter, Type elementType) {
  MLIRContext *context = elementType.getContext();
  if (isa<PointerType>(elementType))
    return IntegerType::get(context, 64);
  if (elementType.isInteger(1))
    return IntegerType::get(context, 8);
  return converter.convertElementType(elementType);
}

unsigned mlir::triton::getSharedElementBytes(Type sharedType) {
  return std::max(1u, sharedType.getIntOrFloatBitWidth() / 8);
}

Value mlir::triton::toSharedValue(OpBuilder &b, Location loc, Value value,
                                  Type sharedType) {
  Type type = value.getType();
  if (type == sharedType)
    return value;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::PtrToIntOp::create(b, loc, sharedType, value);
  if (type.isInteger(1))
    return LLVM::ZExtOp::create(b, loc, sharedType, value);
  return LLVM::BitcastOp::create(b, loc, sharedType, value);
}

Value mlir::triton::fromSharedValue(OpBuilder &b, Location loc, Value value,
                                    Type registerType) {
  Type type = value.getType();
  if (type == registerType)
    return value;
  if (isa<LLVM::LLVMPointerType>(registerType))
    return LLVM::IntToPtrOp::create(b, loc, registerType, value);
  if (registerType.isInteger(1))
    return LLVM::TruncOp::create(b, loc, registerType, value);
  return LLVM::BitcastOp::create(b, loc, registerType, value);
}

/// The type one access of `count` elements of `sharedType` moves: on targets
/// that keep the element type, a vector of it; else a vector of as many
/// integers of the element's width, or of 32-bit words when more than four
/// narrower elements go together (Triton's access types on each target; the
/// backend packs narrow vectors into 32-bit registers).
static Type getAccessType(OpBuilder &b, unsigned count, Type sharedType,
                          const TargetInfoBase &target) {
  if (target.sharedAccessesKeepElementType())
    return VectorType::get({count}, sharedType);
  unsigned bits = getSharedElementBytes(sharedType) * 8;
  if (count > 4 && bits < 32)
    return VectorType::get({count * bits / 32}, b.getI32Type());
  return VectorType::get({count}, b.getIntegerType(bits));
}

Value mlir::triton::getSharedAddress(OpBuilder &b, Location loc, Value base,
                                    Value offset, Type sharedType,
                                    const TargetInfoBase &target,
                                    ArrayRef<SharedPadding> padding) {
  if (!target.sharedAccessesKeepElementType() && padding.empty())
    return LLVM::GEPOp::create(b, loc, base.getType(), sharedType, base,
                               ArrayRef<LLVM::GEPArg>{offset});
  unsigned bytesLog2 = log2Exact(getSharedElementBytes(sharedType));
  Value bytes = offset;
  if (bytesLog2)
    bytes = LLVM::MulOp::create(b, loc, offset,
                                createI32Constant(b, loc, 1 << bytesLog2));
  if (!padding.empty()) {
    // Offsets are never negative, so the arithmetic shift is a logical one
    // (3.6 writes ashr).
    Value pad = createI32Constant(b, loc, 0);
    for (const SharedPadding &p : padding) {
      Value intervals = LLVM::AShrOp::create(
          b, loc, bytes, createI32Constant(b, loc, p.intervalLog2 + bytesLog2));
      pad = LLVM::AddOp::create(
          b, loc, pad,
          LLVM::ShlOp::create(
              b, loc, intervals,
              createI32Constant(b, loc, p.paddingLog2 + bytesLog2)));
    }
    bytes = LLVM::AddOp::create(b, loc, bytes, pad);
  }
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{bytes},
                             LLVM::GEPNoWrapFlags::inbounds);
}

void mlir::triton::storeSharedVector(OpBuilder &b, Location loc, Value base,
                                     Value offset, ArrayRef<Value> values,
                                     Type sharedType,
                                     const TargetInfoBase &target,
                                     ArrayRef<SharedPadding> padding) {
  storeSharedVectorAt(
      b, loc,
      getSharedAddress(b, loc, base, offset, sharedType, target, padding),
      values, sharedType, target);
}

void mlir::triton::storeSharedVectorAt(OpBuilder &b, Location loc, Value ptr,
                                       ArrayRef<Value> values, Type sharedType,
                                       const TargetInfoBase &target) {
  unsigned count = values.size();
  unsigned bytes = count * getSharedElementBytes(sharedType);
  auto vectorType = VectorType::get({count}, sharedType);
  Value stored = LLVM::UndefOp::create(b, loc, vectorType);
  for (auto [i, value] : llvm::enumerate(values))
    stored = LLVM::InsertElementOp::create(b, loc, stored, value,
                                           createI32Constant(b, loc, i));
  Type accessType = getAccessType(b, count, sharedType, target);
  if (accessType != vectorType)
    stored = LLVM::BitcastOp::create(b, loc, accessType, stored);
  LLVM::StoreOp::create(b, loc, stored, ptr, /*alignment=*/bytes);
}

SmallVector<Value> mlir::triton::loadSharedVector(OpBuilder &b, Location loc,
                                                  Value base, Value offset,
                                                  unsigned count,
                                                  Type sharedType,
                                                  const TargetInfoBase &target,
                                                  ArrayRef<SharedPadding> padding) {
  return loadSharedVectorAt(
      b, loc,
      getSharedAddress(b, loc, base, offset, sharedType, target, padding),
      count, sharedType, target);
}

SmallVector<Value> mlir::triton::loadSharedVectorAt(
    OpBuilder &b, Location loc, Value ptr, unsigned count, Type sharedType,
    const TargetInfoBase &target) {
  unsigned bytes = count * getSharedElementBytes(sharedType);
  Type accessType = getAccessType(b, count, sharedType, target);
  Value loaded =
      LLVM::LoadOp::create(b, loc, accessType, ptr, /*alignment=*/bytes);
  auto vectorType = VectorType::get({count}, sharedType);
  if (accessType != vectorType)
    loaded = LLVM::BitcastOp::create(b, loc, vectorType, loaded);
  SmallVector<Value> values;
  for (unsigned i = 0; i < count; ++i)
    values.push_back(LLVM::ExtractElementOp::create(
        b, loc, loaded, createI32Constant(b, loc, i)));
  return values;
}

//===----------------------------------------------------------------------===//
// Shared-memory descriptors
//===----------------------------------------------------------------------===//

/// The flat-index bit of bit `bit` of coordinate `dim` in `shape`.
static unsigned flatBit(ArrayRef<int64_t> shape, unsigned dim, unsigned bit) {
  unsigned position = bit;
  for (unsigned d = dim + 1; d < shape.size(); ++d)
    position += log2Exact(shape[d]);
  return position;
}

std::optional<SharedMemoryLayout> SharedMemoryLayout::get(gpu::MemDescType type,
                                                          std::string &reason,
                                                          bool allowPadding) {
  SharedMemoryLayout result;
  result.shape.assign(type.getShape().begin(), type.getShape().end());
  unsigned rank = result.shape.size();
  ArrayRef<int64_t> alloc = type.getAllocShape().take_back(rank);
  result.layoutShape.assign(alloc.begin(), alloc.end());
  Attribute encoding = type.getEncoding();
  int64_t encodingRank = gpu::getEncodingRank(encoding);
  auto padded = dyn_cast_or_null<gpu::PaddedSharedEncodingAttr>(encoding);
  if ((!gpu::isSharedEncoding(encoding) && !padded) || encodingRank <= 0 ||
      encodingRank > rank) {
    reason = "a buffer without a shared encoding of its rank";
    return std::nullopt;
  }
  if (padded) {
    if (!allowPadding) {
      reason = "a padded shared layout (#ttg.padded_shared)";
      return std::nullopt;
    }
    for (auto [interval, pad] :
         llvm::zip(padded.getIntervals(), padded.getPaddings()))
      result.padding.push_back({log2Exact(interval), log2Exact(pad)});
  }
  // A leading dimension of whole buffers (multi-buffering: 3x128x64) may
  // have any size; the linear algebra sees it rounded up to a power of two,
  // which keeps buffer i at i times the buffer size.
  if (rank > static_cast<unsigned>(encodingRank) &&
      result.shape[0] == result.layoutShape[0]) {
    result.shape[0] = llvm::PowerOf2Ceil(result.shape[0]);
    result.layoutShape[0] = result.shape[0];
  }
  for (auto [size, full] : llvm::zip(result.shape, result.layoutShape))
    if (!llvm::isPowerOf2_64(size) || !llvm::isPowerOf2_64(full) ||
        size > full) {
      reason = "a buffer whose dimensions are not powers of two";
      return std::nullopt;
    }
  ArrayRef<int64_t> inner =
      ArrayRef<int64_t>(result.layoutShape).take_back(encodingRank);
  std::optional<LinearLayout> layout = gpu::toLinearLayout(inner, encoding);
  if (!layout) {
    reason = "a shared encoding without a linear layout for this shape";
    return std::nullopt;
  }
  unsigned outer = rank - encodingRank;
  // In a cluster each CTA holds its tile of the buffer (or its own copy):
  // offsets are within the tile, and accesses must stay in their CTA's.
  if (layout->hasInDim("block") && layout->getInDimSize("block") != 1) {
    std::optional<SmallVector<int64_t>> tile =
        gpu::getCTATileShape(*layout, reason);
    if (!tile)
      return std::nullopt;
    for (const LinearLayout::Basis &basis : layout->getBases("block")) {
      LinearLayout::Basis coords(outer, 0);
      coords.insert(coords.end(), basis.begin(), basis.end());
      result.blockBases.push_back(std::move(coords));
    }
    layout = gpu::getCTATileLayout(*layout, *tile, reason);
    if (!layout)
      return std::nullopt;
    for (auto [d, size] : llvm::enumerate(*tile)) {
      unsigned dim = outer + d;
      if (size == result.layoutShape[dim])
        continue;
      if (result.shape[dim] != result.layoutShape[dim]) {
        reason = "a view of part of a buffer split over CTAs";
        return std::nullopt;
      }
      result.shape[dim] = result.layoutShape[dim] = size;
    }
  }
  for (const LinearLayout::Basis &basis : layout->getBases("offset")) {
    SmallVector<int32_t> coords(outer, 0);
    coords.append(basis.begin(), basis.end());
    if (!result.offsetBases.insert(flattenCoords(coords, result.layoutShape))) {
      reason = "a shared layout that is not one to one";
      return std::nullopt;
    }
  }
  for (int d = static_cast<int>(outer) - 1; d >= 0; --d)
    for (unsigned bit = 0, e = log2Exact(result.layoutShape[d]); bit < e; ++bit)
      result.offsetBases.insert(uint64_t(1)
                                << flatBit(result.layoutShape, d, bit));
  unsigned totalBits = 0;
  for (int64_t size : result.layoutShape)
    totalBits += log2Exact(size);
  if (result.offsetBases.size() != totalBits) {
    reason = "a shared layout that does not cover its buffer";
    return std::nullopt;
  }
  return result;
}

int64_t SharedMemoryLayout::getOffset(ArrayRef<int32_t> coords) const {
  std::optional<uint64_t> offset =
      offsetBases.decompose(flattenCoords(coords, layoutShape));
  assert(offset && "the layout covers its buffer");
  return static_cast<int64_t>(*offset);
}

std::string
SharedMemoryLayout::whyNotInOwnCTA(const LinearLayout &layout) const {
  ArrayRef<LinearLayout::Basis> blocks;
  if (layout.hasInDim("block"))
    blocks = layout.getBases("block");
  bool same = blocks.size() == blockBases.size();
  for (auto [basis, bufferBasis] : llvm::zip(blocks, blockBases))
    same &= llvm::equal(basis, bufferBasis);
  if (!same)
    return "a tensor whose CTAs hold other parts of it than of the buffer "
           "(distributed shared memory)";
  for (StringRef dim : {"register", "lane", "warp"})
    for (const LinearLayout::Basis &basis : layout.getBases(dim))
      for (auto [v, size] : llvm::zip(basis, shape))
        if (v >= size)
          return "a tensor whose threads reach past their CTA's tile of the "
                 "buffer";
  return "";
}

OffsetMap SharedMemoryLayout::mapDistributed(const LinearLayout &layout) const {
  OffsetMap map;
  auto mapDim = [&](StringRef dim, SmallVectorImpl<int64_t> &out) {
    for (const LinearLayout::Basis &basis : layout.getBases(dim))
      out.push_back(getOffset(basis));
  };
  mapDim("register", map.registers);
  mapDim("lane", map.lanes);
  mapDim("warp", map.warps);
  return map;
}

int64_t SharedMemoryLayout::getViewOffsetMask() const {
  int64_t mask = 0;
  for (unsigned d = 0; d < shape.size(); ++d)
    for (unsigned bit = log2Exact(shape[d]); bit < log2Exact(layoutShape[d]);
         ++bit) {
      SmallVector<int32_t> coords(shape.size(), 0);
      coords[d] = 1 << bit;
      mask |= getOffset(coords);
    }
  return mask;
}

Value SharedMemoryLayout::emitViewOffset(OpBuilder &b, Location loc,
                                         ArrayRef<Value> coordOffsets) const {
  Value result;
  for (unsigned d = 0; d < shape.size(); ++d)
    for (unsigned bit = log2Exact(shape[d]); bit < log2Exact(layoutShape[d]);
         ++bit) {
      SmallVector<int32_t> coords(shape.size(), 0);
      coords[d] = 1 << bit;
      int64_t offset = getOffset(coords);
      Value one = createI32Constant(b, loc, 1);
      Value set = LLVM::AndOp::create(
          b, loc,
          LLVM::LShrOp::create(b, loc, coordOffsets[d],
                               createI32Constant(b, loc, bit)),
          one);
      Value term =
          LLVM::MulOp::create(b, loc, set, createI32Constant(b, loc, offset));
      result =
          result ? LLVM::XOrOp::create(b, loc, result, term).getResult() : term;
    }
  return result;
}

int64_t SharedMemoryLayout::getSliceElements() const {
  int64_t elements = 1;
  for (int64_t size : ArrayRef<int64_t>(layoutShape).drop_front())
    elements *= size;
  return elements;
}

unsigned SharedMemoryLayout::getMaxVectorElements(unsigned elementBytes) const {
  unsigned elements = std::max(1u, 16 / elementBytes);
  for (const SharedPadding &p : padding)
    elements = std::min(elements, 1u << p.intervalLog2);
  return elements;
}

bool SharedMemoryLayout::isLeadingDimOuter() const {
  int64_t slice = getSliceElements();
  for (unsigned bit = 0, e = log2Exact(layoutShape[0]); bit < e; ++bit) {
    SmallVector<int32_t> coords(shape.size(), 0);
    coords[0] = 1 << bit;
    if (getOffset(coords) != (int64_t(1) << bit) * slice)
      return false;
  }
  return true;
}

SharedMemoryObject mlir::triton::unpackSharedMemoryObject(OpBuilder &b,
                                                          Location loc,
                                                          Value value) {
  SmallVector<Value> fields = unpackLLElements(loc, value, b);
  SharedMemoryObject object;
  object.base = fields.front();
  object.offsets.assign(fields.begin() + 1, fields.end());
  return object;
}

Value mlir::triton::packSharedMemoryObject(OpBuilder &b, Location loc,
                                           Type structType,
                                           const SharedMemoryObject &object) {
  Value result = LLVM::UndefOp::create(b, loc, structType);
  result = LLVM::InsertValueOp::create(b, loc, result, object.base,
                                       ArrayRef<int64_t>{0});
  for (auto [i, offset] : llvm::enumerate(object.offsets))
    result = LLVM::InsertValueOp::create(
        b, loc, result, offset, ArrayRef<int64_t>{static_cast<int64_t>(i + 1)});
  return result;
}
