//===- ByteTransposes.cpp - 4 x 4 byte transposes in two rounds ----------===//
//
// A thread that turns four 32-bit words of bytes into the four words of
// their transpose (the 8-bit operand transposes of
// -tritongpu-transpose-narrow-operands: four words along MN loaded, four
// along K stored) reaches LLVM as sixteen extractelements and four
// insertelement chains. InstCombine makes each chain three two-source
// shuffles and the backends one byte permute each (NVPTX: prmt): twelve per
// block. Interleaving the words pairwise, bytes first and then 16-bit
// halves, needs eight, and no later pass merges them back since each
// result depends on all four words.
//
//===----------------------------------------------------------------------===//

#include "translate/LLVMPasses.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/Local.h"

#include <array>
#include <map>
#include <optional>

using namespace llvm;
using namespace mlir::triton;

// For measurements: the chains as InstCombine leaves them, in our pipeline
// (TRITON_TRANSLATE_FLAGS=--disable-transpose-byte-blocks utils/triton-compile).
static cl::opt<bool> disableByteTransposes(
    "disable-transpose-byte-blocks", cl::Hidden, cl::init(false),
    cl::desc("Leave 4 x 4 byte transposes to InstCombine (twelve permutes)"));

namespace {

/// A 32-bit word of bytes: lanes 4 * word .. 4 * word + 3 of an i8 vector.
struct ByteWord {
  Value *vector;
  unsigned word;
  bool operator<(const ByteWord &other) const {
    return std::tie(vector, word) < std::tie(other.vector, other.word);
  }
  bool operator==(const ByteWord &other) const {
    return vector == other.vector && word == other.word;
  }
};

/// A byte of a word: the word and the byte's place in it.
struct ByteSource {
  ByteWord word;
  unsigned byte;
};

bool isByteVector(Type *type) {
  auto *vector = dyn_cast<FixedVectorType>(type);
  return vector && vector->getElementType()->isIntegerTy(8) &&
         vector->getNumElements() % 4 == 0;
}

bool isByteQuad(Type *type) {
  return isByteVector(type) &&
         cast<FixedVectorType>(type)->getNumElements() == 4;
}

/// The byte that lane `lane` of the i8 vector `value` copies, followed
/// through insertelements, extractelements and shufflevectors with constant
/// indices to a vector made otherwise (a load, an argument, a bitcast);
/// std::nullopt where the lane is undefined or computed.
std::optional<ByteSource> getByteSource(Value *value, unsigned lane,
                                        unsigned depth = 0) {
  // Chains are at most a few links long; the bound keeps a pathological one
  // from costing more than it could save.
  if (depth > 32)
    return std::nullopt;
  if (auto *insert = dyn_cast<InsertElementInst>(value)) {
    auto *index = dyn_cast<ConstantInt>(insert->getOperand(2));
    if (!index)
      return std::nullopt;
    if (index->getZExtValue() != lane)
      return getByteSource(insert->getOperand(0), lane, depth + 1);
    auto *extract = dyn_cast<ExtractElementInst>(insert->getOperand(1));
    if (!extract || !isByteVector(extract->getVectorOperandType()))
      return std::nullopt;
    auto *from = dyn_cast<ConstantInt>(extract->getIndexOperand());
    if (!from)
      return std::nullopt;
    return getByteSource(extract->getVectorOperand(), from->getZExtValue(),
                         depth + 1);
  }
  if (auto *shuffle = dyn_cast<ShuffleVectorInst>(value)) {
    Value *first = shuffle->getOperand(0);
    if (!isByteVector(first->getType()))
      return std::nullopt;
    int element = shuffle->getMaskValue(lane);
    if (element < 0)
      return std::nullopt;
    unsigned width = cast<FixedVectorType>(first->getType())->getNumElements();
    return getByteSource(shuffle->getOperand(unsigned(element) / width),
                         unsigned(element) % width, depth + 1);
  }
  if (isa<UndefValue>(value) || !isByteVector(value->getType()))
    return std::nullopt;
  return ByteSource{{value, lane / 4}, lane % 4};
}

/// Whether `value` is used as a whole somewhere, not only as the vector
/// that a further insertelement or shufflevector builds on.
bool isUsedAsWhole(Instruction *value) {
  return llvm::any_of(value->users(), [&](User *user) {
    return !isa<InsertElementInst, ShuffleVectorInst>(user) ||
           !isByteQuad(user->getType());
  });
}

/// The four words a column was gathered from, in lane order.
using WordQuad = std::array<ByteWord, 4>;

struct WordQuadLess {
  bool operator()(const WordQuad &a, const WordQuad &b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(),
                                        b.end());
  }
};

/// The <4 x i8> value of `word`: the vector itself or its lanes taken out.
Value *getWordValue(IRBuilder<> &builder, ByteWord word) {
  if (isByteQuad(word.vector->getType()))
    return word.vector;
  unsigned first = 4 * word.word;
  return builder.CreateShuffleVector(
      word.vector, {int(first), int(first + 1), int(first + 2),
                    int(first + 3)});
}

} // namespace

PreservedAnalyses TransposeByteBlocksPass::run(Function &function,
                                               FunctionAnalysisManager &) {
  if (disableByteTransposes)
    return PreservedAnalyses::all();
  // Per block (the rewrite goes before the first of the four columns) and
  // per four source words: the values that are column c of them.
  std::map<std::pair<BasicBlock *, WordQuad>,
           std::array<SmallVector<Instruction *, 1>, 4>>
      columns;
  // Blocks' columns in the order met, for a deterministic rewrite.
  SmallVector<std::pair<BasicBlock *, WordQuad>> order;
  for (BasicBlock &block : function)
    for (Instruction &inst : block) {
      if (!isa<InsertElementInst, ShuffleVectorInst>(inst) ||
          !isByteQuad(inst.getType()) || !isUsedAsWhole(&inst))
        continue;
      WordQuad words;
      std::optional<unsigned> column;
      bool ok = true;
      for (unsigned lane = 0; lane < 4 && ok; ++lane) {
        std::optional<ByteSource> source = getByteSource(&inst, lane);
        ok = source && (!column || *column == source->byte);
        if (ok) {
          column = source->byte;
          words[lane] = source->word;
        }
      }
      // Four different words: a value that repeats one is no transpose.
      for (unsigned i = 0; i < 4 && ok; ++i)
        for (unsigned j = i + 1; j < 4 && ok; ++j)
          ok = !(words[i] == words[j]);
      if (!ok)
        continue;
      auto key = std::make_pair(&block, words);
      auto [it, inserted] = columns.try_emplace(key);
      if (inserted)
        order.push_back(key);
      it->second[*column].push_back(&inst);
    }

  bool changed = false;
  SmallVector<WeakTrackingVH> replaced;
  for (const auto &key : order) {
    auto &byColumn = columns[key];
    if (llvm::any_of(byColumn, [](const auto &c) { return c.empty(); }))
      continue;
    // Every column reads all four words, so the words are available before
    // the first of them, and the new values are before all their users.
    Instruction *first = byColumn[0].front();
    for (const auto &column : byColumn)
      for (Instruction *inst : column)
        if (inst->comesBefore(first))
          first = inst;
    IRBuilder<> builder(first);
    const WordQuad &words = key.second;
    Value *w0 = getWordValue(builder, words[0]);
    Value *w1 = getWordValue(builder, words[1]);
    Value *w2 = getWordValue(builder, words[2]);
    Value *w3 = getWordValue(builder, words[3]);
    // Bytes of words 0, 1 (and 2, 3) interleaved, then their 16-bit halves.
    Value *low01 = builder.CreateShuffleVector(w0, w1, {0, 4, 1, 5});
    Value *high01 = builder.CreateShuffleVector(w0, w1, {2, 6, 3, 7});
    Value *low23 = builder.CreateShuffleVector(w2, w3, {0, 4, 1, 5});
    Value *high23 = builder.CreateShuffleVector(w2, w3, {2, 6, 3, 7});
    std::array<Value *, 4> result = {
        builder.CreateShuffleVector(low01, low23, {0, 1, 4, 5}),
        builder.CreateShuffleVector(low01, low23, {2, 3, 6, 7}),
        builder.CreateShuffleVector(high01, high23, {0, 1, 4, 5}),
        builder.CreateShuffleVector(high01, high23, {2, 3, 6, 7})};
    for (unsigned c = 0; c < 4; ++c)
      for (Instruction *inst : byColumn[c]) {
        inst->replaceAllUsesWith(result[c]);
        replaced.push_back(inst);
      }
    changed = true;
  }
  // The old chains (one may feed another: hence the handles).
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(replaced);
  if (!changed)
    return PreservedAnalyses::all();
  PreservedAnalyses preserved;
  preserved.preserveSet<CFGAnalyses>();
  return preserved;
}
