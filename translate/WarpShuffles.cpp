//===- WarpShuffles.cpp - One shuffle for identical shuffles --------------===//
//
// A warp shuffle (NVVM's shfl.sync) reads a register of another lane, so
// LLVM models it as touching memory it cannot see and never merges two of
// them, even with the same operands. Within one basic block the same lanes
// run both, with the same values: the second is the first's result (merged
// where the two are near each other, below). The reductions that select an
// element (OneHotSum.h) shuffle a pair's values once for each of the pair's
// sums; this pass leaves one shuffle, and InstCombine then sees the pair's
// two elements as the same two values.
//
//===----------------------------------------------------------------------===//

#include "translate/LLVMPasses.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace mlir::triton;

namespace {

/// How many instructions apart two identical shuffles may be and still
/// merge. The merged result stays in a register from the first to the
/// second's uses: a few hundred instructions for the two sums of a pair
/// (Inductor's 32x128 sort: 65-129), but copies from the iterations of an
/// unrolled loop lie thousands apart (column_scans: 1618-2176), and holding
/// those raised ptxas's spills there from 52 to 428 bytes; a shuffle again
/// costs less.
cl::opt<unsigned> maxDistance(
    "merge-warp-shuffles-max-distance", cl::Hidden, cl::init(512),
    cl::desc("how many instructions apart two identical warp shuffles may be "
             "for -merge-warp-shuffles to merge them"));

/// A shuffle's callee and operands.
struct ShuffleKey {
  Function *callee;
  SmallVector<Value *, 4> operands;
  bool operator==(const ShuffleKey &other) const {
    return callee == other.callee && operands == other.operands;
  }
};

struct ShuffleKeyInfo {
  static ShuffleKey getEmptyKey() {
    return {DenseMapInfo<Function *>::getEmptyKey(), {}};
  }
  static ShuffleKey getTombstoneKey() {
    return {DenseMapInfo<Function *>::getTombstoneKey(), {}};
  }
  static unsigned getHashValue(const ShuffleKey &key) {
    return hash_combine(key.callee, hash_combine_range(key.operands.begin(),
                                                       key.operands.end()));
  }
  static bool isEqual(const ShuffleKey &a, const ShuffleKey &b) {
    return a == b;
  }
};

bool isWarpShuffle(const CallInst &call) {
  const Function *callee = call.getCalledFunction();
  return callee && callee->isIntrinsic() &&
         callee->getName().starts_with("llvm.nvvm.shfl.sync.");
}

} // namespace

PreservedAnalyses MergeWarpShufflesPass::run(Function &function,
                                             FunctionAnalysisManager &) {
  bool changed = false;
  for (BasicBlock &block : function) {
    // Each shuffle seen, with its position in the block.
    DenseMap<ShuffleKey, std::pair<CallInst *, unsigned>, ShuffleKeyInfo> seen;
    unsigned position = 0;
    for (Instruction &inst : make_early_inc_range(block)) {
      ++position;
      auto *call = dyn_cast<CallInst>(&inst);
      if (!call || !isWarpShuffle(*call))
        continue;
      ShuffleKey key{call->getCalledFunction(),
                     SmallVector<Value *, 4>(call->args())};
      auto [it, inserted] = seen.try_emplace(key, call, position);
      if (inserted)
        continue;
      if (position - it->second.second > maxDistance) {
        it->second = {call, position};
        continue;
      }
      call->replaceAllUsesWith(it->second.first);
      call->eraseFromParent();
      changed = true;
    }
  }
  if (!changed)
    return PreservedAnalyses::all();
  PreservedAnalyses kept;
  kept.preserveSet<CFGAnalyses>();
  return kept;
}
