//===- ConvertLayoutOpToLLVM.cpp - Layout conversions between threads -----===//
//
// ttg.convert_layout when elements change thread (ViewOpToLLVM.cpp handles
// conversions that keep every element in its thread). The allocation analysis
// decides the route: a conversion it gives scratch goes through shared
// memory, one it gives none stays within each warp and uses shuffles.
//
// Through shared memory, every thread stores its elements, a barrier, every
// thread loads the elements of its destination registers. Element x sits at
// a linear (XOR) bijection of its flat index chosen for the two layouts
// (Triton's swizzling, passes/Analysis/SwizzledScratch.h): the elements of
// one 16-byte access contiguous, and the bits that pick a 4-byte bank a
// common complement of what one phase of accesses reaches on each side, so
// that few of a phase's accesses meet in a bank. Where the target has
// matrix instructions, the layout is Triton's best for a pair of a store
// (st.shared, stmatrix, stmatrix.trans) and a load (ld.shared, ldmatrix,
// ldmatrix.trans), and each side uses its instruction where its registers
// form the matrices. Register bits that both layouts hold above those are
// rounds: the scratch holds one tile and the tensor goes through it once
// per round, a barrier between rounds. Where the allocation found room for
// more of the rounds' tiles (`allocation.tiles`, Allocation.h), that many
// rounds go through at once, each in its own tile: the stores of a group of
// rounds, a barrier, their loads.
//
// A conversion marked `amdg.use_padded_scratch_shmem` (Triton's AMD padded
// conversion, sized in PaddedScratch.h) goes through one padded tile per
// round instead, with a barrier between rounds.
//
// Within a warp, the conversion takes one shuffle round per destination
// register. In round t lane l fills register t ^ E(l), reading lane
// sigma(t) ^ M(l), which sends its register tau(t) ^ S(m) (E, M, S linear over
// the lane bits, chosen in planShuffles): lanes pick their registers with
// selects, and two lanes that read one sender want the same element.
//
//===----------------------------------------------------------------------===//

#include "dialects/TritonGPU/IR/CTATiles.h"
#include "dialects/TritonGPU/IR/Dialect.h"
#include "passes/Analysis/Allocation.h"
#include "passes/Analysis/PaddedScratch.h"
#include "passes/Analysis/SwizzledScratch.h"
#include "passes/Conversion/TritonGPUToLLVM/common/Patterns.h"
#include "passes/Conversion/TritonGPUToLLVM/common/SharedMemoryUtility.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <map>

using namespace mlir;
using namespace mlir::triton;
using gpu::LinearLayout;

namespace {

uint64_t combine(ArrayRef<uint64_t> bases, uint64_t bits) {
  uint64_t value = 0;
  for (auto [i, basis] : llvm::enumerate(bases))
    if (bits >> i & 1)
      value ^= basis;
  return value;
}

//===----------------------------------------------------------------------===//
// Through shared memory
//===----------------------------------------------------------------------===//

/// Where each element of the tensor sits in the scratch buffer.
class ScratchLayout {
public:
  /// Contiguous elements picked among the register bases both layouts
  /// share; accesses of a phase are the lanes 0, 1, ... of each side.
  ScratchLayout(const FlatLayout &src, const FlatLayout &dst,
                unsigned totalBits, unsigned elementBytes);
  /// The flat vector of each offset bit given, lowest first (a basis).
  explicit ScratchLayout(ArrayRef<uint64_t> offsetBases) {
    for (auto [i, v] : llvm::enumerate(offsetBases)) {
      rest.insert(v);
      positions.push_back(i);
    }
  }
  int64_t getOffset(uint64_t flat) const {
    int64_t offset = 0;
    for (auto [i, bit] : llvm::enumerate(vectorBits))
      if (flat >> bit & 1)
        offset |= int64_t(1) << i;
    std::optional<uint64_t> combination = rest.decompose(flat & ~vectorMask);
    assert(combination && "the scratch layout covers the tensor");
    for (auto [i, position] : llvm::enumerate(positions))
      if (*combination >> i & 1)
        offset |= int64_t(1) << position;
    return offset;
  }

  OffsetMap map(const FlatLayout &layout) const {
    OffsetMap result;
    for (uint64_t basis : layout.registers)
      result.registers.push_back(getOffset(basis));
    for (uint64_t basis : layout.lanes)
      result.lanes.push_back(getOffset(basis));
    for (uint64_t basis : layout.warps)
      result.warps.push_back(getOffset(basis));
    return result;
  }

  unsigned getVectorElements() const { return 1u << vectorBits.size(); }

private:
  /// The offsets of the other bits: the bank-picking offset bits of each
  /// side's phase lanes independent, the rest a common complement.
  void placeRest(ArrayRef<uint64_t> srcPhaseLanes,
                 ArrayRef<uint64_t> dstPhaseLanes, unsigned totalBits,
                 unsigned elementBytes);

  SmallVector<unsigned>
      vectorBits; // flat bits stored contiguously, in offset order
  uint64_t vectorMask = 0;
  GF2Span rest; // the other flat bits' basis ...
  SmallVector<unsigned>
      positions; // ... and the offset bit of each basis vector
};

ScratchLayout::ScratchLayout(const FlatLayout &src, const FlatLayout &dst,
                             unsigned totalBits, unsigned elementBytes) {
  // Contiguous elements: single flat bits that are register bases of both
  // layouts and that no other basis touches (so every vector is aligned).
  unsigned maxVector = std::max(1u, 16 / elementBytes);
  SmallVector<uint64_t> candidates;
  for (uint64_t basis : src.registers)
    if (llvm::isPowerOf2_64(basis) &&
        llvm::is_contained(dst.registers, basis) &&
        !llvm::is_contained(candidates, basis) &&
        (2u << candidates.size()) <= maxVector)
      candidates.push_back(basis);
  uint64_t others = 0;
  auto addOthers = [&](ArrayRef<uint64_t> bases) {
    for (uint64_t basis : bases)
      if (!llvm::is_contained(candidates, basis))
        others |= basis;
  };
  for (const FlatLayout *layout : {&src, &dst}) {
    addOthers(layout->registers);
    addOthers(layout->lanes);
    addOthers(layout->warps);
    // A basis repeated in two registers would also put its bit elsewhere.
    for (uint64_t candidate : candidates)
      if (llvm::count(layout->registers, candidate) > 1)
        others |= candidate;
  }
  for (uint64_t candidate : candidates)
    if (!(candidate & others)) {
      vectorBits.push_back(llvm::countr_zero(candidate));
      vectorMask |= candidate;
    }
  placeRest(src.lanes, dst.lanes, totalBits, elementBytes);
}

void ScratchLayout::placeRest(ArrayRef<uint64_t> srcPhaseLanes,
                              ArrayRef<uint64_t> dstPhaseLanes,
                              unsigned totalBits, unsigned elementBytes) {
  // The unit of an access is 2^k elements; which unit bits pick the bank.
  unsigned k = vectorBits.size();
  unsigned unitBytesLog2 = k + llvm::Log2_32(elementBytes);
  unsigned unitBits = totalBits - k;
  unsigned bankLow = unitBytesLog2 < 2 ? 2 - unitBytesLog2 : 0;
  unsigned bankCount = unitBytesLog2 <= 2 ? 5 : 7 - std::min(7u, unitBytesLog2);
  unsigned bankHigh = std::min(unitBits, bankLow + bankCount);
  unsigned bankBits = bankHigh > bankLow ? bankHigh - bankLow : 0;
  // Lanes that access shared memory in the same phase of 128 bytes.
  unsigned phaseLanes =
      unitBytesLog2 <= 2 ? 5 : 7 - std::min(7u, unitBytesLog2);

  // For each side, its phase lanes, extended to `bankBits` independent
  // vectors outside the vector bits.
  auto phaseSpace = [&](ArrayRef<uint64_t> lanes) {
    GF2Span span;
    for (unsigned i = 0; i < std::min<size_t>(phaseLanes, lanes.size()); ++i)
      if (span.size() < bankBits && lanes[i] != 0)
        span.insert(lanes[i] & ~vectorMask);
    for (unsigned bit = 0; bit < totalBits && span.size() < bankBits; ++bit)
      if (!(vectorMask >> bit & 1))
        span.insert(uint64_t(1) << bit);
    return span;
  };
  GF2Span srcPhase = phaseSpace(srcPhaseLanes),
          dstPhase = phaseSpace(dstPhaseLanes);

  // A common complement of both phase spaces among the non-vector bits.
  GF2Span srcSide = srcPhase, dstSide = dstPhase;
  SmallVector<uint64_t> complement;
  SmallVector<uint64_t> units;
  for (unsigned bit = 0; bit < totalBits; ++bit)
    if (!(vectorMask >> bit & 1))
      units.push_back(uint64_t(1) << bit);
  while (srcSide.size() < unitBits) {
    uint64_t pick = 0;
    for (uint64_t unit : units)
      if (!srcSide.contains(unit) && !dstSide.contains(unit)) {
        pick = unit;
        break;
      }
    if (!pick) {
      uint64_t inSrc = 0, inDst = 0;
      for (uint64_t unit : units) {
        if (!inSrc && !dstSide.contains(unit))
          inSrc = unit; // then srcSide holds it
        if (!inDst && !srcSide.contains(unit))
          inDst = unit;
      }
      pick = inSrc ^ inDst;
    }
    srcSide.insert(pick);
    dstSide.insert(pick);
    complement.push_back(pick);
  }

  for (unsigned i = 0; i < srcPhase.size(); ++i) {
    rest.insert(srcPhase.vector(i));
    positions.push_back(k + bankLow + i);
  }
  unsigned position = k;
  for (uint64_t vector : complement) {
    if (position == k + bankLow)
      position = k + bankHigh;
    rest.insert(vector);
    positions.push_back(position++);
  }
}

/// Whether every warp reads back only elements its own threads stored: the
/// same warp bases on both sides, none repeating data, and each side's
/// register and lane bases within the other's.
bool readsOwnWarpOnly(const FlatLayout &src, const FlatLayout &dst) {
  if (src.warps != dst.warps || llvm::is_contained(src.warps, 0))
    return false;
  auto within = [](const FlatLayout &inner, const FlatLayout &outer) {
    GF2Span span;
    for (uint64_t v : outer.registers)
      span.insert(v);
    for (uint64_t v : outer.lanes)
      span.insert(v);
    auto inSpan = [&](uint64_t v) { return span.contains(v); };
    return llvm::all_of(inner.registers, inSpan) &&
           llvm::all_of(inner.lanes, inSpan);
  };
  return within(src, dst) && within(dst, src);
}

//===----------------------------------------------------------------------===//
// Within a warp
//===----------------------------------------------------------------------===

/// The shuffle rounds of a conversion that stays within each warp (see the
/// file comment). Register indices are full indices of each layout.
struct ShufflePlan {
  SmallVector<uint64_t>
      senderRegisterOfLane;               // S: lane bit -> source register bits
  SmallVector<uint64_t> sourceLaneOfLane; // M: lane bit -> source lane bits
  SmallVector<uint64_t>
      targetRegisterOfLane; // E: lane bit -> destination register bits
  struct Round {
    uint64_t targetRegister; // t
    uint64_t sourceLane;     // sigma
    uint64_t sourceRegister; // tau
  };
  SmallVector<Round> rounds;
  /// For each destination register, the independent register whose element
  /// it holds (itself, unless its basis repeats others).
  SmallVector<uint64_t> canonicalRegister;
};

/// Bits of `combination` (over vectors numbered from `first`) spread to the
/// index bits `positions`.
uint64_t spreadCombination(uint64_t combination, unsigned first, unsigned count,
                           ArrayRef<unsigned> positions) {
  uint64_t bits = 0;
  for (unsigned i = 0; i < count; ++i)
    if (combination >> (first + i) & 1)
      bits |= uint64_t(1) << positions[i];
  return bits;
}

std::optional<ShufflePlan> planShuffles(const FlatLayout &src,
                                        const FlatLayout &dst) {
  ShufflePlan plan;
  unsigned laneBits = src.lanes.size();
  if (dst.lanes.size() != laneBits)
    return std::nullopt;
  // The source's registers (A) and lanes, redundant bases dropped.
  GF2Span srcBasis, srcRegSpan;
  SmallVector<unsigned> srcRegs, srcLanes;
  for (auto [i, basis] : llvm::enumerate(src.registers))
    if (basis && srcBasis.insert(basis)) {
      srcRegs.push_back(i);
      srcRegSpan.insert(basis);
    }
  for (auto [j, basis] : llvm::enumerate(src.lanes))
    if (basis && srcBasis.insert(basis))
      srcLanes.push_back(j);
  unsigned numSrcRegs = srcRegs.size();
  auto decomposeSource =
      [&](uint64_t x) -> std::optional<std::pair<uint64_t, uint64_t>> {
    std::optional<uint64_t> combination = srcBasis.decompose(x);
    if (!combination)
      return std::nullopt;
    return std::make_pair(
        spreadCombination(*combination, 0, numSrcRegs, srcRegs),
        spreadCombination(*combination, numSrcRegs, srcLanes.size(), srcLanes));
  };
  // K: lane combinations whose source elements lie in the registers' span
  // (lanes repeating others' data); such lanes may send other registers.
  SmallVector<uint64_t> freeLanes;
  for (unsigned j = 0; j < laneBits; ++j) {
    if (llvm::is_contained(srcLanes, j))
      continue;
    std::optional<std::pair<uint64_t, uint64_t>> parts =
        decomposeSource(src.lanes[j]);
    if (!parts)
      return std::nullopt;
    freeLanes.push_back((uint64_t(1) << j) ^ parts->second);
  }

  // The destination's independent registers (B); the others repeat them.
  GF2Span dstRegBasis;
  SmallVector<unsigned> dstRegs;
  for (auto [i, basis] : llvm::enumerate(dst.registers))
    if (basis && dstRegBasis.insert(basis))
      dstRegs.push_back(i);
  for (uint64_t reg = 0; reg < (uint64_t(1) << dst.registers.size()); ++reg) {
    std::optional<uint64_t> combination =
        dstRegBasis.decompose(combine(dst.registers, reg));
    if (!combination)
      return std::nullopt; // a register basis that only lanes explain
    plan.canonicalRegister.push_back(
        spreadCombination(*combination, 0, dstRegs.size(), dstRegs));
  }

  // Y: for destination lane bit i the element y_i = L_d e_i ^ R_d E e_i its
  // lanes take in the round of register 0. Each new y_i either adds a
  // dimension outside A + Y, or (at most dim K times) one inside it, which a
  // free lane then sends from its registers.
  GF2Span chosen, srcRegsAndChosen = srcRegSpan, dstRegsAndChosen;
  for (unsigned i : dstRegs)
    dstRegsAndChosen.insert(dst.registers[i]);
  unsigned budget = freeLanes.size();
  SmallVector<uint64_t> laneElements;
  for (uint64_t lane : dst.lanes) {
    uint64_t element = lane, targetRegs = 0;
    if (std::optional<uint64_t> combination =
            dstRegsAndChosen.decompose(lane)) {
      // lane = (destination registers) ^ (an element already chosen).
      for (unsigned q = 0; q < dstRegs.size(); ++q)
        if (*combination >> q & 1) {
          element ^= dst.registers[dstRegs[q]];
          targetRegs |= uint64_t(1) << dstRegs[q];
        }
    } else {
      if (srcRegsAndChosen.contains(lane)) {
        auto outside = llvm::find_if(dstRegs, [&](unsigned q) {
          return !srcRegsAndChosen.contains(dst.registers[q]);
        });
        if (outside != dstRegs.end()) {
          element ^= dst.registers[*outside];
          targetRegs = uint64_t(1) << *outside;
        } else if (budget > 0) {
          --budget;
        } else {
          return std::nullopt;
        }
      }
      chosen.insert(element);
      srcRegsAndChosen.insert(element);
      dstRegsAndChosen.insert(element);
    }
    laneElements.push_back(element);
    plan.targetRegisterOfLane.push_back(targetRegs);
  }

  // Lambda = L_s ^ R_s S over the lane bits must reach every chosen y: pick
  // independent lane vectors v with Lambda v = y (v fixed modulo K), S on
  // them from the registers that y ^ L_s v needs, zero elsewhere.
  GF2Span laneVectors;
  SmallVector<uint64_t> senderOfVector; // S v, for the inserted vectors
  SmallVector<uint64_t> vectors;
  for (unsigned n = 0; n < chosen.size(); ++n) {
    uint64_t y = chosen.vector(n);
    std::optional<std::pair<uint64_t, uint64_t>> parts = decomposeSource(y);
    if (!parts)
      return std::nullopt;
    uint64_t v = 0;
    bool placed = false;
    for (uint64_t c = 0; c < (uint64_t(1) << freeLanes.size()) && !placed;
         ++c) {
      v = parts->second ^ combine(freeLanes, c);
      placed = laneVectors.insert(v);
    }
    if (!placed)
      return std::nullopt;
    std::optional<std::pair<uint64_t, uint64_t>> rest =
        decomposeSource(y ^ combine(src.lanes, v));
    if (!rest || rest->second != 0)
      return std::nullopt;
    vectors.push_back(v);
    senderOfVector.push_back(rest->first);
  }
  for (unsigned j = 0; j < laneBits; ++j)
    if (laneVectors.insert(uint64_t(1) << j))
      senderOfVector.push_back(0);
  for (unsigned j = 0; j < laneBits; ++j) {
    uint64_t combination = *laneVectors.decompose(uint64_t(1) << j);
    plan.senderRegisterOfLane.push_back(combine(senderOfVector, combination));
  }
  for (uint64_t element : laneElements) {
    std::optional<uint64_t> combination = chosen.decompose(element);
    if (!combination)
      return std::nullopt;
    plan.sourceLaneOfLane.push_back(combine(vectors, *combination));
  }

  // One round per independent destination register.
  for (uint64_t t = 0; t < (uint64_t(1) << dstRegs.size()); ++t) {
    uint64_t targetRegister = spreadCombination(t, 0, dstRegs.size(), dstRegs);
    std::optional<std::pair<uint64_t, uint64_t>> source =
        decomposeSource(combine(dst.registers, targetRegister));
    if (!source)
      return std::nullopt;
    auto [reg, lane] = *source;
    plan.rounds.push_back(
        {targetRegister, lane, reg ^ combine(plan.senderRegisterOfLane, lane)});
  }
  return plan;
}

/// Elements of 8 or 16 bits that a conversion within warps moves together
/// as one word of up to 32 bits: register bases, single flat bits, that both
/// layouts hold once and no other basis of either touches, so each thread
/// holds the same elements together on both sides. An 8-bit MMA accumulator
/// going to a wgmma operand (fp8 attention's P) moves four elements per
/// shuffle instead of one.
struct WordPacking {
  /// The register bit of each packed basis in each layout, in word order.
  SmallVector<unsigned> srcPositions, dstPositions;

  bool empty() const { return srcPositions.empty(); }
  unsigned elements() const { return 1u << srcPositions.size(); }
};

WordPacking planWordPacking(const FlatLayout &src, const FlatLayout &dst,
                            unsigned elementBits) {
  WordPacking packing;
  if (elementBits != 8 && elementBits != 16)
    return packing;
  unsigned maxPacked = llvm::Log2_32(32 / elementBits);
  // The bit is in one basis of the layout, a register's.
  auto onlyInOneRegister = [](const FlatLayout &layout, uint64_t bit) {
    auto touching = [&](ArrayRef<uint64_t> bases) {
      return llvm::count_if(bases, [&](uint64_t basis) { return basis & bit; });
    };
    return touching(layout.registers) == 1 && touching(layout.lanes) == 0 &&
           touching(layout.warps) == 0;
  };
  for (auto [i, basis] : llvm::enumerate(src.registers)) {
    if (packing.srcPositions.size() == maxPacked)
      break;
    if (!llvm::isPowerOf2_64(basis) ||
        !llvm::is_contained(dst.registers, basis) ||
        !onlyInOneRegister(src, basis) || !onlyInOneRegister(dst, basis))
      continue;
    packing.srcPositions.push_back(i);
    packing.dstPositions.push_back(llvm::find(dst.registers, basis) -
                                   dst.registers.begin());
  }
  return packing;
}

/// `layout` without the register bases at `positions`: one register per word.
FlatLayout withoutRegisters(FlatLayout layout, ArrayRef<unsigned> positions) {
  SmallVector<unsigned> sorted(positions);
  llvm::sort(sorted, std::greater<unsigned>());
  for (unsigned position : sorted)
    layout.registers.erase(layout.registers.begin() + position);
  return layout;
}

/// The register index, among `numRegisterBits` bits, of element `j` of word
/// register `word`: the packed bits at `positions` from j, the others from
/// word in order.
uint64_t registerOfWordElement(uint64_t word, uint64_t j,
                               ArrayRef<unsigned> positions,
                               unsigned numRegisterBits) {
  uint64_t full = 0;
  unsigned next = 0;
  for (unsigned bit = 0; bit < numRegisterBits; ++bit) {
    const unsigned *packed = llvm::find(positions, bit);
    bool set = packed != positions.end()
                   ? (j >> (packed - positions.begin()) & 1)
                   : (word >> next++ & 1);
    if (set)
      full |= uint64_t(1) << bit;
  }
  return full;
}

/// A vector of a word's elements (as integers) and the integer of the word.
std::pair<VectorType, Type>
getWordTypes(OpBuilder &b, const WordPacking &packing, unsigned elementBits) {
  Type element = b.getIntegerType(elementBits);
  return {VectorType::get({int64_t(packing.elements())}, element),
          b.getIntegerType(elementBits * packing.elements())};
}

/// The source registers `values` (over `numRegisterBits` register bits)
/// packed into words, one per word register.
SmallVector<Value> packWords(OpBuilder &b, Location loc, ArrayRef<Value> values,
                             const WordPacking &packing,
                             unsigned numRegisterBits, unsigned elementBits) {
  auto [vectorType, wordType] = getWordTypes(b, packing, elementBits);
  Type element = vectorType.getElementType();
  SmallVector<Value> words;
  for (uint64_t w = 0; w < (values.size() >> packing.srcPositions.size());
       ++w) {
    Value word = LLVM::UndefOp::create(b, loc, vectorType);
    for (uint64_t j = 0; j < packing.elements(); ++j) {
      Value value = values[registerOfWordElement(w, j, packing.srcPositions,
                                                 numRegisterBits)];
      if (value.getType() != element)
        value = LLVM::BitcastOp::create(b, loc, element, value);
      word = LLVM::InsertElementOp::create(b, loc, word, value,
                                           createI32Constant(b, loc, j));
    }
    words.push_back(LLVM::BitcastOp::create(b, loc, wordType, word));
  }
  return words;
}

/// The destination registers (over `numRegisterBits` register bits, of
/// `registerType`) unpacked from `words`.
SmallVector<Value> unpackWords(OpBuilder &b, Location loc,
                               ArrayRef<Value> words,
                               const WordPacking &packing,
                               unsigned numRegisterBits, Type registerType) {
  auto [vectorType, wordType] =
      getWordTypes(b, packing, registerType.getIntOrFloatBitWidth());
  SmallVector<Value> elements(size_t(1) << numRegisterBits);
  for (auto [w, word] : llvm::enumerate(words)) {
    Value vector = LLVM::BitcastOp::create(b, loc, vectorType, word);
    for (uint64_t j = 0; j < packing.elements(); ++j) {
      Value value = LLVM::ExtractElementOp::create(
          b, loc, vector, createI32Constant(b, loc, j));
      if (registerType != value.getType())
        value = LLVM::BitcastOp::create(b, loc, registerType, value);
      elements[registerOfWordElement(w, j, packing.dstPositions,
                                     numRegisterBits)] = value;
    }
  }
  return elements;
}

/// The lane `lane`'s bits map to: each bit j moves to the bits
/// `targets[j]` (XORed). A run of bits moving by the same distance is one
/// mask and shift, masked before it is shifted, so a mask shared with the
/// lane tests of the selects serves both.
Value emitLanePermutation(OpBuilder &b, Location loc, Value lane,
                          ArrayRef<uint64_t> targets) {
  Value result;
  auto add = [&](Value term) {
    result = result ? LLVM::XOrOp::create(b, loc, result, term).getResult()
                    : term;
  };
  unsigned j = 0;
  while (j < targets.size()) {
    uint64_t target = targets[j];
    if (target == 0) {
      ++j;
      continue;
    }
    if (!llvm::isPowerOf2_64(target)) {
      // Several target bits: the bit, tested, picks the constant.
      Value bit = LLVM::AndOp::create(b, loc, lane,
                                      createI32Constant(b, loc, 1 << j));
      Value set = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, bit,
                                       createI32Constant(b, loc, 0));
      Value zero = createI32Constant(b, loc, 0);
      Value targetBits = createI32Constant(b, loc, int32_t(target));
      add(LLVM::SelectOp::create(b, loc, set, targetBits, zero));
      ++j;
      continue;
    }
    int shift = int(llvm::countr_zero(target)) - int(j);
    unsigned end = j + 1;
    while (end < targets.size() && llvm::isPowerOf2_64(targets[end]) &&
           int(llvm::countr_zero(targets[end])) - int(end) == shift)
      ++end;
    uint64_t mask = ((uint64_t(1) << (end - j)) - 1) << j;
    Value term = LLVM::AndOp::create(b, loc, lane,
                                     createI32Constant(b, loc, int32_t(mask)));
    if (shift > 0)
      term = LLVM::ShlOp::create(b, loc, term, createI32Constant(b, loc, shift));
    else if (shift < 0)
      term =
          LLVM::LShrOp::create(b, loc, term, createI32Constant(b, loc, -shift));
    add(term);
    j = end;
  }
  return result ? result : createI32Constant(b, loc, 0);
}

/// Picks `values[base ^ offsets(lane bits)]` with a tree of selects over the
/// lane bits whose offsets are non-zero.
Value selectByLane(OpBuilder &b, Location loc, ArrayRef<uint64_t> offsetOfLane,
                   ArrayRef<Value> laneBitSet, uint64_t base,
                   llvm::function_ref<Value(uint64_t)> valueAt) {
  SmallVector<unsigned> bits;
  for (auto [j, offset] : llvm::enumerate(offsetOfLane))
    if (offset)
      bits.push_back(j);
  std::function<Value(unsigned, uint64_t)> pick = [&](unsigned level,
                                                      uint64_t index) {
    if (level == bits.size())
      return valueAt(index);
    Value unset = pick(level + 1, index);
    Value set = pick(level + 1, index ^ offsetOfLane[bits[level]]);
    if (unset == set)
      return unset;
    return LLVM::SelectOp::create(b, loc, laneBitSet[bits[level]], set, unset)
        .getResult();
  };
  return pick(0, base);
}

struct ConvertLayoutOpPattern : ConvertOpToLLVMPattern<gpu::ConvertLayoutOp> {
  ConvertLayoutOpPattern(TritonGPUToLLVMTypeConverter &converter,
                         const TargetInfoBase &target)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/1), target(target) {}

  LogicalResult
  matchAndRewrite(gpu::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType srcType = op.getSrc().getType(), dstType = op.getType();
    std::optional<LinearLayout> srcLayout = getDistributedLayout(srcType);
    std::optional<LinearLayout> dstLayout = getDistributedLayout(dstType);
    if (!srcLayout || !dstLayout)
      return op.emitError(
          "ttg.convert_layout between layouts without a linear layout is not "
          "supported yet by the LLVM lowering");
    // In a cluster, a conversion whose CTAs keep their tiles (or copies)
    // is one within each CTA, over its tile.
    SmallVector<int64_t> shape(srcType.getShape());
    auto blocksOf = [](const LinearLayout &layout) {
      return layout.hasInDim("block") ? layout.getBases("block")
                                      : ArrayRef<LinearLayout::Basis>();
    };
    if (!blocksOf(*srcLayout).empty() || !blocksOf(*dstLayout).empty()) {
      if (blocksOf(*srcLayout) != blocksOf(*dstLayout))
        return op.emitError(
            "ttg.convert_layout that moves elements between CTAs is not "
            "supported yet by the LLVM lowering");
      std::string reason;
      std::optional<SmallVector<int64_t>> tile =
          gpu::getCTATileShape(*srcLayout, reason);
      if (tile) {
        shape = *tile;
        srcLayout = gpu::getCTATileLayout(*srcLayout, shape, reason);
        if (srcLayout)
          dstLayout = gpu::getCTATileLayout(*dstLayout, shape, reason);
      }
      if (!tile || !srcLayout || !dstLayout)
        return op.emitError() << "ttg.convert_layout of " << reason
                              << " is not supported yet by the LLVM lowering";
    }
    FlatLayout src(*srcLayout, shape), dst(*dstLayout, shape);
    if (getAllocationOffset(op) && op->hasAttr(kPaddedScratchAttrName))
      return lowerThroughPaddedScratch(op, adaptor, *srcLayout, *dstLayout,
                                       shape, rewriter);
    if (getAllocationOffset(op))
      return lowerThroughSharedMemory(op, adaptor, src, dst, *srcLayout,
                                      *dstLayout, shape, rewriter);
    if (src.warps != dst.warps)
      return op.emitError(
          "ttg.convert_layout between warps without shared-memory scratch: "
          "run -allocate-shared-memory first");
    return lowerWithinWarps(op, adaptor, src, dst, rewriter);
  }

  /// Replaces `op` by the destination registers `results`, those that
  /// repeat others (`repeated` bits) filled from them.
  LogicalResult replaceWithResults(gpu::ConvertLayoutOp op,
                                   SmallVector<Value> &results,
                                   unsigned repeated,
                                   ConversionPatternRewriter &rewriter) const {
    for (unsigned reg = 0; reg < results.size(); ++reg)
      if (reg & repeated)
        results[reg] = results[reg & ~repeated];
    rewriter.replaceOp(
        op, packLLElements(op.getLoc(), getTypeConverter(), results, rewriter,
                           op.getType()));
    return success();
  }

  /// One side of a conversion through scratch: the tile offsets of its
  /// input bases, the round each register bit moves (lanes and warps move
  /// none), its vectors and its repeated registers.
  struct RoundSide {
    OffsetMap map;
    SmallVector<int64_t> registerRounds;
    VectorPlan plan;
    unsigned repeated = 0;
    /// Matrix instructions for the registers of each round, where planned:
    /// `matrixMap` holds the tile registers (`tileRegisterBits`, in the
    /// order the plan takes them), a round's registers are those with its
    /// round bits (`roundRegisterBits`) set.
    std::optional<MatrixLoadPlan> matrices;
    OffsetMap matrixMap;
    SmallVector<unsigned> tileRegisterBits, roundRegisterBits;

    /// The register of tile register `index` (over tileRegisterBits) in
    /// round `round`.
    unsigned matrixRegister(unsigned index, int64_t round) const {
      unsigned reg = 0;
      for (auto [i, bit] : llvm::enumerate(tileRegisterBits))
        if (index >> i & 1)
          reg |= 1u << bit;
      for (unsigned bit : roundRegisterBits)
        if (round & registerRounds[bit])
          reg |= 1u << bit;
      return reg;
    }

    int64_t roundOf(unsigned reg) const {
      int64_t round = 0;
      for (auto [bit, r] : llvm::enumerate(registerRounds))
        if (reg >> bit & 1)
          round ^= r;
      return round;
    }
    /// Vectors of up to `maxElements`, none spanning two rounds.
    void planAccesses(unsigned maxElements) {
      plan = planVectors(map, maxElements);
      for (unsigned bit : plan.registerBits)
        if (registerRounds[bit])
          plan = planVectors(map, 1);
    }
  };

  /// Stores the source registers `values` of round `round` at their
  /// offsets in the tile at `base` (`address` gives the pointer of one).
  void storeRound(ConversionPatternRewriter &rewriter, Location loc,
                  ArrayRef<Value> values, const RoundSide &src,
                  const ThreadOffset &thread, int64_t round,
                  function_ref<Value(Value, Value)> address, Type sharedType,
                  Value base, LaneAndWarp lanes) const {
    if (src.matrices) {
      SmallVector<Value> stored;
      for (unsigned i = 0; i < (1u << src.tileRegisterBits.size()); ++i)
        stored.push_back(toSharedValue(
            rewriter, loc, values[src.matrixRegister(i, round)], sharedType));
      emitMatrixStores(rewriter, loc, *src.matrices, src.matrixMap, base,
                       /*viewOffset=*/nullptr, 0, lanes, sharedType, stored,
                       target);
      return;
    }
    for (unsigned reg = 0; reg < values.size(); ++reg) {
      if ((reg & (src.plan.mask() | src.repeated)) || src.roundOf(reg) != round)
        continue;
      SmallVector<Value> vector;
      for (unsigned j = 0; j < src.plan.elements(); ++j)
        vector.push_back(toSharedValue(
            rewriter, loc, values[src.plan.spread(reg, j)], sharedType));
      Value offset =
          thread.withRegister(rewriter, loc, getRegisterOffset(src.map, reg));
      storeSharedVectorAt(rewriter, loc, address(base, offset), vector,
                          sharedType, target);
    }
  }

  /// Loads the destination registers of round `round` into `results`,
  /// from the tile at `base`.
  void loadRound(ConversionPatternRewriter &rewriter, Location loc,
                 MutableArrayRef<Value> results, const RoundSide &dst,
                 const ThreadOffset &thread, int64_t round,
                 function_ref<Value(Value, Value)> address, Type sharedType,
                 Type registerType, Value base, LaneAndWarp lanes) const {
    if (dst.matrices) {
      SmallVector<Value> loaded = emitMatrixLoads(
          rewriter, loc, *dst.matrices, dst.matrixMap, base,
          /*viewOffset=*/nullptr, 0, lanes, sharedType, registerType, target);
      for (auto [i, value] : llvm::enumerate(loaded))
        results[dst.matrixRegister(i, round)] = value;
      return;
    }
    for (unsigned reg = 0; reg < results.size(); ++reg) {
      if ((reg & (dst.plan.mask() | dst.repeated)) || dst.roundOf(reg) != round)
        continue;
      Value offset =
          thread.withRegister(rewriter, loc, getRegisterOffset(dst.map, reg));
      SmallVector<Value> loaded =
          loadSharedVectorAt(rewriter, loc, address(base, offset),
                             dst.plan.elements(), sharedType, target);
      for (unsigned j = 0; j < dst.plan.elements(); ++j)
        results[dst.plan.spread(reg, j)] =
            fromSharedValue(rewriter, loc, loaded[j], registerType);
    }
  }

  void barrier(ConversionPatternRewriter &rewriter, Location loc,
               bool ownWarpOnly) const {
    if (ownWarpOnly)
      target.warpBarrier(rewriter, loc);
    else
      target.barrier(rewriter, loc);
  }

  /// The source registers `values` moved into the destination's through
  /// the scratch at `base`, in `rounds` rounds, `tiles` of them at once
  /// (the scratch holds that many tiles of `tileBytes`): every thread stores
  /// its source registers of a group of rounds, each round in its own tile,
  /// a barrier, then loads its destination registers of those rounds; the
  /// next group waits for those loads (a barrier) before it overwrites the
  /// tiles. Repeated destination registers are left null.
  SmallVector<Value> moveThroughScratch(
      ConversionPatternRewriter &rewriter, Location loc, LaneAndWarp thread,
      ArrayRef<Value> values, const RoundSide &src, const RoundSide &dst,
      unsigned numResults, int64_t rounds, int64_t tiles, int64_t tileBytes,
      bool ownWarpOnly, function_ref<Value(Value, Value)> address,
      Type sharedType, Type registerType, Value base) const {
    // Matrix accesses compute their rows' offsets themselves.
    ThreadOffset srcThread{};
    if (!src.matrices)
      srcThread = emitThreadOffset(rewriter, loc, src.map, thread, Value(), 0);
    std::optional<ThreadOffset> dstThread;
    SmallVector<Value> results(numResults);
    SmallVector<Value> tileBases{base};
    for (int64_t tile = 1; tile < tiles; ++tile)
      tileBases.push_back(LLVM::GEPOp::create(
          rewriter, loc, base.getType(), rewriter.getI8Type(), base,
          ArrayRef<LLVM::GEPArg>{int32_t(tile * tileBytes)},
          LLVM::GEPNoWrapFlags::inbounds));
    for (int64_t group = 0; group < rounds; group += tiles) {
      if (group)
        barrier(rewriter, loc, ownWarpOnly);
      for (int64_t round = group; round < group + tiles; ++round)
        storeRound(rewriter, loc, values, src, srcThread, round, address,
                   sharedType, tileBases[round - group], thread);
      barrier(rewriter, loc, ownWarpOnly);
      if (!dstThread)
        dstThread = dst.matrices ? ThreadOffset{}
                                 : emitThreadOffset(rewriter, loc, dst.map,
                                                    thread, Value(), 0);
      for (int64_t round = group; round < group + tiles; ++round)
        loadRound(rewriter, loc, results, dst, *dstThread, round, address,
                  sharedType, registerType, tileBases[round - group], thread);
    }
    return results;
  }

  /// Triton's padded conversion (PaddedScratch.h): the tensor goes through
  /// the scratch one tile per round; element offsets are row-major in the
  /// tile, each row followed by its padding. Coordinate bits inside the tile
  /// give offset bits, those above it round bits, and only registers may
  /// carry round bits (every thread stores and loads the same offsets each
  /// round, with other registers).
  LogicalResult lowerThroughPaddedScratch(gpu::ConvertLayoutOp op,
                                          OpAdaptor adaptor,
                                          const LinearLayout &srcLayout,
                                          const LinearLayout &dstLayout,
                                          ArrayRef<int64_t> shape,
                                          ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    RankedTensorType srcType = op.getSrc().getType(), type = op.getType();
    Type registerType = converter->convertElementType(type.getElementType());
    Type sharedType = getSharedElementType(*converter, type.getElementType());
    unsigned elementBytes = getSharedElementBytes(sharedType);
    // The tile as the allocation sized it, from the whole tensors' layouts.
    PaddedConvertTile tile = getPaddedConvertTile(
        *getDistributedLayout(srcType), *getDistributedLayout(type),
        elementBytes * 8);
    if (tile.elements() * elementBytes > getScratchSizeInBytes(op))
      return op.emitError("ttg.convert_layout whose scratch is smaller than "
                          "its padded tile is not supported yet by the LLVM "
                          "lowering");
    unsigned rank = shape.size();
    SmallVector<unsigned> offsetShift(rank), roundShift(rank);
    unsigned bits = 0;
    for (unsigned d : tile.order) {
      offsetShift[d] = bits;
      bits += log2Exact(tile.shape[d]);
    }
    unsigned roundBits = 0;
    for (unsigned d = rank; d-- > 0;) {
      if (tile.shape[d] > shape[d])
        return op.emitError("ttg.convert_layout whose padded tile exceeds "
                            "the tensor is not supported yet by the LLVM "
                            "lowering");
      roundShift[d] = roundBits;
      roundBits += log2Exact(shape[d] / tile.shape[d]);
    }
    // Offset and round of each basis of a layout's input dimension.
    bool threadsInTile = true;
    auto place = [&](const LinearLayout &layout) {
      RoundSide placed;
      auto placeDim = [&](StringRef dim, SmallVectorImpl<int64_t> &offsets,
                          SmallVectorImpl<int64_t> *rounds) {
        for (const LinearLayout::Basis &basis : layout.getBases(dim)) {
          int64_t offset = 0, round = 0;
          for (unsigned d = 0; d < rank; ++d) {
            int64_t c = basis[d];
            offset |= (c & (tile.shape[d] - 1)) << offsetShift[d];
            round |= (c >> log2Exact(tile.shape[d])) << roundShift[d];
          }
          offsets.push_back(offset);
          if (rounds)
            rounds->push_back(round);
          else if (round)
            threadsInTile = false;
        }
      };
      placeDim("register", placed.map.registers, &placed.registerRounds);
      placeDim("lane", placed.map.lanes, nullptr);
      placeDim("warp", placed.map.warps, nullptr);
      placed.repeated = getBroadcastRegisterMask(layout);
      return placed;
    };
    RoundSide src = place(srcLayout), dst = place(dstLayout);
    if (!threadsInTile)
      return op.emitError("ttg.convert_layout through a padded scratch whose "
                          "lanes or warps reach beyond one tile is not "
                          "supported yet by the LLVM lowering");
    // Vectors stay in one row (aligned, at most a row long) and one round.
    // Each row starts `padding` elements after the previous one ends, so a
    // vector longer than the padding's largest power-of-two divisor would
    // start misaligned in some row (its access claims its own size as
    // alignment); 3.6's vectors divide its padding the same way.
    unsigned rowLength = tile.shape[tile.order[0]];
    unsigned maxVector = std::min(std::max(1u, 16 / elementBytes), rowLength);
    if (tile.padding)
      maxVector = std::min(maxVector, 1u << llvm::countr_zero(tile.padding));
    src.planAccesses(maxVector);
    dst.planAccesses(maxVector);

    Value base = getSharedMemoryBase(rewriter, loc, *getAllocationOffset(op));
    // offset + (offset >> log2 row) << log2 padding, in elements (3.6's
    // spelling: lshr, shl, add, an inbounds GEP of the element type).
    auto address = [&](Value tileBase, Value offset) -> Value {
      if (tile.padding) {
        Value rowShift = createI32Constant(rewriter, loc, log2Exact(rowLength));
        Value rows = LLVM::LShrOp::create(rewriter, loc, offset, rowShift);
        Value padShift =
            createI32Constant(rewriter, loc, log2Exact(tile.padding));
        Value pad = LLVM::ShlOp::create(rewriter, loc, rows, padShift);
        offset = LLVM::AddOp::create(rewriter, loc, pad, offset);
      }
      return LLVM::GEPOp::create(rewriter, loc, tileBase.getType(), sharedType,
                                 tileBase, ArrayRef<LLVM::GEPArg>{offset},
                                 LLVM::GEPNoWrapFlags::inbounds);
    };
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    SmallVector<Value> results = moveThroughScratch(
        rewriter, loc, thread, values, src, dst,
        dstLayout.getInDimSize("register"), int64_t(1) << roundBits,
        /*tiles=*/1, /*tileBytes=*/0,
        /*ownWarpOnly=*/false, address, sharedType, registerType, base);
    return replaceWithResults(op, results, dst.repeated, rewriter);
  }

  LogicalResult lowerThroughSharedMemory(
      gpu::ConvertLayoutOp op, OpAdaptor adaptor, const FlatLayout &src,
      const FlatLayout &dst, const LinearLayout &srcLayout,
      const LinearLayout &dstLayout, ArrayRef<int64_t> shape,
      ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    auto converter =
        static_cast<const TritonGPUToLLVMTypeConverter *>(getTypeConverter());
    RankedTensorType type = op.getType();
    Type registerType = converter->convertElementType(type.getElementType());
    Type sharedType = getSharedElementType(*converter, type.getElementType());
    unsigned elementBytes = getSharedElementBytes(sharedType);
    int64_t numElements = 1;
    for (int64_t size : shape)
      numElements *= size;
    unsigned totalBits = log2Exact(numElements);
    // Triton's swizzling, for the pair of store and load instructions it
    // picks (matrices where the target has them), in rounds where the
    // allocation sized the scratch for one (the same plan,
    // SwizzledScratch.h).
    std::optional<SwizzledScratch> swizzled =
        planSwizzledScratch(src, dst, shape, elementBytes * 8,
                            {target.canStoreMatrices(), target.canLoadMatrices()});
    int64_t scratchElements = getScratchSizeInBytes(op) / elementBytes;
    bool wholeTensor = scratchElements >= numElements;
    unsigned roundBits = 0;
    if (!wholeTensor && swizzled)
      roundBits = swizzled->roundBits;
    if (scratchElements < (numElements >> roundBits))
      return op.emitError(
          "ttg.convert_layout whose scratch is smaller than a round of its "
          "tensor is not supported yet by the LLVM lowering");
    std::optional<ScratchLayout> scratch;
    unsigned maxAccess = std::max(1u, 16 / elementBytes);
    if (swizzled) {
      scratch.emplace(swizzled->offsetBases);
    } else {
      scratch.emplace(src, dst, totalBits, elementBytes);
      maxAccess = scratch->getVectorElements();
    }
    // Offsets within the tile; the bits above it are the round.
    unsigned tileBits = totalBits - roundBits;
    auto side = [&](const FlatLayout &layout, const LinearLayout &linear,
                    ScratchAccess access, bool stores) {
      RoundSide result;
      result.map = scratch->map(layout);
      int64_t tileMask = (int64_t(1) << tileBits) - 1;
      for (int64_t &offset : result.map.registers) {
        result.registerRounds.push_back(offset >> tileBits);
        offset &= tileMask;
      }
      result.repeated = getBroadcastRegisterMask(linear);
      result.planAccesses(maxAccess);
      if (access != ScratchAccess::Plain)
        planMatrixAccesses(result, access, stores, sharedType);
      return result;
    };
    RoundSide srcSide = side(src, srcLayout,
                             swizzled ? swizzled->store : ScratchAccess::Plain,
                             /*stores=*/true);
    RoundSide dstSide = side(dst, dstLayout,
                             swizzled ? swizzled->load : ScratchAccess::Plain,
                             /*stores=*/false);
    bool ownWarpOnly = readsOwnWarpOnly(src, dst);

    Value base = getSharedMemoryBase(rewriter, loc, *getAllocationOffset(op));
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    auto address = [&](Value tileBase, Value offset) {
      return getSharedAddress(rewriter, loc, tileBase, offset, sharedType,
                              target);
    };
    // The allocation may have given the scratch room for several rounds'
    // tiles (Allocation.h).
    int64_t tiles = 1;
    if (auto attr = op->getAttrOfType<IntegerAttr>(kScratchTilesAttrName))
      tiles = attr.getInt();
    if (tiles < 1 || (int64_t(1) << roundBits) % tiles != 0)
      return op.emitError() << "ttg.convert_layout's " << kScratchTilesAttrName
                            << " (" << tiles << ") does not divide its "
                            << (int64_t(1) << roundBits) << " rounds";
    SmallVector<Value> results = moveThroughScratch(
        rewriter, loc, thread, values, srcSide, dstSide,
        dstLayout.getInDimSize("register"), int64_t(1) << roundBits, tiles,
        (numElements >> roundBits) * elementBytes, ownWarpOnly, address,
        sharedType, registerType, base);
    return replaceWithResults(op, results, dstSide.repeated, rewriter);
  }

  /// Plans `side`'s accesses of each round as matrices (`access`: stmatrix
  /// or ldmatrix, transposed or not), where its register bits are each
  /// either within the tile or a round's and the tile registers form the
  /// matrices; the plan needs the register bits of a 32-bit word first
  /// (transposed: a register picking a row), then those picking the
  /// matrix. Leaves plain vectors otherwise.
  void planMatrixAccesses(RoundSide &side, ScratchAccess access, bool stores,
                          Type sharedType) const {
    SmallVector<unsigned> tileBits, roundBits;
    for (auto [bit, offset] : llvm::enumerate(side.map.registers)) {
      bool inTile = offset != 0, inRound = side.registerRounds[bit] != 0;
      if (inTile && inRound)
        return;
      if (inTile)
        tileBits.push_back(bit);
      else if (inRound)
        roundBits.push_back(bit);
    }
    // Each round bit moves one round bit of the offset.
    int64_t roundsSeen = 0;
    for (unsigned bit : roundBits) {
      int64_t round = side.registerRounds[bit];
      if (!llvm::isPowerOf2_64(round) || (roundsSeen & round))
        return;
      roundsSeen |= round;
    }
    SmallVector<unsigned> ordered;
    if (access == ScratchAccess::Matrix) {
      int64_t wordElements =
          std::max<int64_t>(1, 4 / getSharedElementBytes(sharedType));
      for (int64_t offset = 1; offset < wordElements; offset <<= 1)
        for (unsigned bit : tileBits)
          if (side.map.registers[bit] == offset)
            ordered.push_back(bit);
    }
    for (unsigned bit : tileBits)
      if (!llvm::is_contained(ordered, bit))
        ordered.push_back(bit);
    OffsetMap map{{}, side.map.lanes, side.map.warps};
    for (unsigned bit : ordered)
      map.registers.push_back(side.map.registers[bit]);
    std::optional<MatrixLoadPlan> plan =
        stores ? planMatrixStores(map, 0, sharedType, target,
                                  /*anyCount=*/true)
               : planMatrixLoads(map, 0, sharedType, target,
                                 /*anyCount=*/true);
    if (!plan)
      return;
    side.matrices = std::move(plan);
    side.matrixMap = std::move(map);
    side.tileRegisterBits = std::move(ordered);
    side.roundRegisterBits = std::move(roundBits);
  }

  LogicalResult lowerWithinWarps(gpu::ConvertLayoutOp op, OpAdaptor adaptor,
                                 const FlatLayout &src, const FlatLayout &dst,
                                 ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    Type registerType =
        getTypeConverter()->convertType(op.getType().getElementType());
    unsigned elementBits =
        registerType.isIntOrFloat() ? registerType.getIntOrFloatBitWidth() : 0;
    WordPacking packing = planWordPacking(src, dst, elementBits);
    std::optional<ShufflePlan> plan;
    if (!packing.empty()) {
      plan = planShuffles(withoutRegisters(src, packing.srcPositions),
                          withoutRegisters(dst, packing.dstPositions));
      if (!plan)
        packing = WordPacking();
    }
    if (!plan)
      plan = planShuffles(src, dst);
    if (!plan)
      return op.emitError(
          "ttg.convert_layout within warps between these layouts is not "
          "supported yet by the LLVM lowering");
    SmallVector<Value> values =
        unpackLLElements(loc, adaptor.getSrc(), rewriter);
    if (!packing.empty())
      values = packWords(rewriter, loc, values, packing, src.registers.size(),
                         elementBits);
    LaneAndWarp thread = getLaneAndWarp(rewriter, loc, target);
    unsigned laneBits = llvm::Log2_32(target.getWarpSize());
    SmallVector<Value> laneBitSet;
    for (unsigned j = 0; j < laneBits; ++j) {
      Value bit = LLVM::AndOp::create(rewriter, loc, thread.lane,
                                      createI32Constant(rewriter, loc, 1 << j));
      laneBitSet.push_back(
          LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, bit,
                               createI32Constant(rewriter, loc, 0)));
    }
    auto padded = [&](ArrayRef<uint64_t> bits) {
      SmallVector<uint64_t> result(bits);
      result.resize(laneBits, 0);
      return result;
    };
    SmallVector<uint64_t> senderRegs = padded(plan->senderRegisterOfLane);
    SmallVector<uint64_t> sourceLanes = padded(plan->sourceLaneOfLane);
    SmallVector<uint64_t> targetRegs = padded(plan->targetRegisterOfLane);
    bool identityLanes = true;
    for (unsigned j = 0; j < laneBits; ++j)
      identityLanes &= sourceLanes[j] == (uint64_t(1) << j);
    Value sourceLaneBase =
        emitLanePermutation(rewriter, loc, thread.lane, sourceLanes);

    // Three phases, each a run of independent instructions: every round's
    // sender selects, then the shuffles, then the receivers' selects.
    SmallVector<Value> sentByRound;
    for (const ShufflePlan::Round &round : plan->rounds)
      sentByRound.push_back(selectByLane(
          rewriter, loc, senderRegs, laneBitSet, round.sourceRegister,
          [&](uint64_t reg) { return values[reg]; }));
    std::map<uint64_t, Value> received;
    for (auto [round, sent] : llvm::zip(plan->rounds, sentByRound)) {
      Value value = sent;
      if (!(identityLanes && round.sourceLane == 0)) {
        Value lane = LLVM::XOrOp::create(
            rewriter, loc, sourceLaneBase,
            createI32Constant(rewriter, loc, round.sourceLane));
        value = shuffleIdxAny(rewriter, loc, target, sent, lane);
      }
      received[round.targetRegister] = value;
    }
    // Registers whose selects read the same received values (those the
    // lane bits of targetRegs exchange) are picked one after another.
    std::map<uint64_t, Value> canonical;
    uint64_t exchanged = 0;
    for (uint64_t bits : targetRegs)
      exchanged |= bits;
    for (uint64_t reg : plan->canonicalRegister) {
      if (canonical.count(reg))
        continue;
      for (uint64_t other : plan->canonicalRegister)
        if (((other ^ reg) & ~exchanged) == 0 && !canonical.count(other))
          canonical[other] =
              selectByLane(rewriter, loc, targetRegs, laneBitSet, other,
                           [&](uint64_t t) { return received.at(t); });
    }
    SmallVector<Value> results;
    for (uint64_t reg : plan->canonicalRegister)
      results.push_back(canonical.at(reg));
    if (!packing.empty())
      results = unpackWords(rewriter, loc, results, packing,
                            dst.registers.size(), registerType);
    rewriter.replaceOp(op, packLLElements(loc, getTypeConverter(), results,
                                          rewriter, op.getType()));
    return success();
  }

  const TargetInfoBase &target;
};

} // namespace

void mlir::triton::populateConvertLayoutOpToLLVMPatterns(
    TritonGPUToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const TargetInfoBase &target) {
  patterns.add<ConvertLayoutOpPattern>(converter, target);
}
