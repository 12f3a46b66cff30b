//===- AsyncWaits.cpp - How many copy groups a ttg.async_wait lets run ----===//
//
// cp.async.wait_group N waits until at most N committed groups are pending.
// A wait for a token can let run every group committed after the token's
// own, on every path to the wait (through loop back edges and entries).
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/Pipeline/Pipeline.h"

#include "dialects/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton::gpu;

namespace {

/// The weights of the ops from `from` up to `to` (exclusive) in one block;
/// nested regions are not counted, which can only make the result smaller.
int weightBetween(Operation *from, Operation *to,
                  llvm::function_ref<int(Operation *)> weight) {
  int count = 0;
  for (Operation *op = from; op && op != to; op = op->getNextNode())
    count += weight(op);
  return count;
}

int fewestAfter(Value token, Operation *sink, int sofar, int best, int depth,
                llvm::function_ref<int(Operation *)> weight) {
  if (depth > 8)
    return 0;
  if (Operation *def = token.getDefiningOp())
    return std::min(best, sofar + weightBetween(def->getNextNode(), sink,
                                                weight));
  auto arg = cast<BlockArgument>(token);
  auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!forOp || arg.getArgNumber() == 0)
    return 0;
  sofar += weightBetween(&forOp.getBody()->front(), sink, weight);
  if (sofar >= best)
    return best;
  unsigned index = arg.getArgNumber() - 1;
  // Entering the loop, and coming around from the previous iteration.
  best = fewestAfter(forOp.getInitArgs()[index], forOp, sofar, best,
                     depth + 1, weight);
  Operation *yield = forOp.getBody()->getTerminator();
  return fewestAfter(yield->getOperand(index), yield, sofar, best, depth + 1,
                     weight);
}

} // namespace

int mlir::triton::gpu::pipeline::fewestWeightAfter(
    Value token, Operation *sink, llvm::function_ref<int(Operation *)> weight) {
  return fewestAfter(token, sink, 0, std::numeric_limits<int>::max(), 0,
                     weight);
}

void mlir::triton::gpu::pipeline::updateAsyncWaits(Operation *root) {
  // Waits with only non-commit ops between them are one wait.
  SmallVector<AsyncWaitOp> waits;
  root->walk([&](AsyncWaitOp wait) { waits.push_back(wait); });
  DenseSet<Operation *> merged;
  for (AsyncWaitOp wait : waits) {
    if (merged.count(wait))
      continue;
    SmallVector<AsyncWaitOp> group{wait};
    for (Operation *op = wait->getNextNode();
         op && !isa<AsyncCommitGroupOp>(op); op = op->getNextNode())
      if (auto next = dyn_cast<AsyncWaitOp>(op))
        group.push_back(next);
    if (group.size() == 1)
      continue;
    SmallVector<Value> tokens;
    unsigned num = wait.getNum();
    for (AsyncWaitOp member : group) {
      tokens.append(member.getAsyncToken().begin(),
                    member.getAsyncToken().end());
      num = std::min<unsigned>(num, member.getNum());
    }
    OpBuilder builder(wait);
    auto combined = AsyncWaitOp::create(builder, wait.getLoc(), wait.getType(),
                                        tokens, num);
    for (AsyncWaitOp member : group) {
      member.getResult().replaceAllUsesWith(combined);
      merged.insert(member);
      member.erase();
    }
  }
  root->walk([&](AsyncWaitOp wait) {
    if (wait.getAsyncToken().empty())
      return;
    auto commits = [](Operation *op) {
      return isa<AsyncCommitGroupOp>(op) ? 1 : 0;
    };
    int best = std::numeric_limits<int>::max();
    for (Value token : wait.getAsyncToken())
      best = std::min(best, fewestWeightAfter(token, wait, commits));
    if (best == std::numeric_limits<int>::max())
      best = 0;
    wait.setNum(best);
  });
}
