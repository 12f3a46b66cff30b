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

/// Commit groups from `from` up to `to` (exclusive) in one block; nested
/// regions are not counted, which can only make the result smaller.
int commitsBetween(Operation *from, Operation *to) {
  int count = 0;
  for (Operation *op = from; op && op != to; op = op->getNextNode())
    if (isa<AsyncCommitGroupOp>(op))
      ++count;
  return count;
}

/// The fewest commits after `token`'s group on any path to `sink`.
int fewestCommitsAfter(Value token, Operation *sink, int sofar, int best,
                       int depth) {
  if (depth > 8)
    return 0;
  if (Operation *def = token.getDefiningOp())
    return std::min(best, sofar + commitsBetween(def->getNextNode(), sink));
  auto arg = cast<BlockArgument>(token);
  auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
  if (!forOp || arg.getArgNumber() == 0)
    return 0;
  sofar += commitsBetween(&forOp.getBody()->front(), sink);
  if (sofar >= best)
    return best;
  unsigned index = arg.getArgNumber() - 1;
  // Entering the loop, and coming around from the previous iteration.
  best = fewestCommitsAfter(forOp.getInitArgs()[index], forOp, sofar, best,
                            depth + 1);
  Operation *yield = forOp.getBody()->getTerminator();
  return fewestCommitsAfter(yield->getOperand(index), yield, sofar, best,
                            depth + 1);
}

} // namespace

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
    int best = std::numeric_limits<int>::max();
    for (Value token : wait.getAsyncToken())
      best = fewestCommitsAfter(token, wait, 0, best, 0);
    if (best == std::numeric_limits<int>::max())
      best = 0;
    wait.setNum(best);
  });
}
