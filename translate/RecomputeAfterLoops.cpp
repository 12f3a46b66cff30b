//===- RecomputeAfterLoops.cpp - thread-index math again after loops ------===//
//
// A kernel computes its per-thread offsets (lane, warp, the element a
// thread owns, swizzled shared-memory addresses) from the thread and program
// indices once, before its main loop, and LLVM's value numbering gives the
// epilogue the same values: they stay live through the whole loop. In a
// matmul whose accumulator fills most of the registers, those values are
// what pushes the register count past an occupancy step (LoRA's matmul, 12
// such values against Triton's 4). Here every use after a loop of such a
// value is given its own copy of the computation, next to the use; only the
// indices themselves (and arguments) then live through the loop. This runs
// after the optimization pipeline, whose value numbering would merge the
// copies again. The copies cost registers where they are made, next to the
// accumulator: a kernel already at the register limit can spill (the fp8
// matmul that sums in chunks), so NVPTXEmission.cpp keeps them only where
// ptxas's register counts then let more programs share a multiprocessor.
//
//===----------------------------------------------------------------------===//

#include "translate/LLVMCodegen.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace {

/// Instructions cheap to compute again and free of memory and control:
/// integer arithmetic, casts, compares and selects, and reads of special
/// registers (intrinsics with no operands and no memory effects).
bool isRecomputable(const Instruction &inst) {
  if (isa<BinaryOperator, CastInst, ICmpInst, SelectInst>(inst))
    return inst.getType()->isIntOrIntVectorTy();
  if (auto *call = dyn_cast<IntrinsicInst>(&inst))
    return call->arg_empty() && call->doesNotAccessMemory() &&
           call->willReturn();
  return false;
}

class Recomputer {
public:
  /// `dryRun`: only find whether some use would be given a copy, making
  /// none (and stopping at the first).
  Recomputer(Function &function, bool dryRun)
      : function(function), tree(function), loops(tree), dryRun(dryRun) {}

  bool run() {
    if (loops.empty())
      return false;
    bool changed = false;
    for (BasicBlock &block : function) {
      if (loops.getLoopFor(&block))
        continue;
      DenseMap<Instruction *, Instruction *> copies; // per block
      for (Instruction &user : block) {
        if (isa<PHINode>(user))
          continue;
        for (Use &use : user.operands()) {
          auto *def = dyn_cast<Instruction>(use.get());
          if (!def || !crossesLoop(*def, block))
            continue;
          Instruction *copy =
              recompute(def, block, &user, copies, /*budget=*/16);
          if (copy && dryRun)
            return true;
          if (copy) {
            use.set(copy);
            changed = true;
          }
        }
      }
    }
    return changed;
  }

private:
  /// Whether `def`, computed outside loops, reaches `block` (also outside
  /// loops) through a loop: some loop starts after it and leads to `block`.
  bool crossesLoop(Instruction &def, BasicBlock &block) {
    BasicBlock *from = def.getParent();
    if (from == &block || loops.getLoopFor(from))
      return false;
    if (!isRecomputable(def))
      return false;
    for (Loop *loop : loops)
      if (tree.dominates(from, loop->getHeader()) &&
          isPotentiallyReachable(loop->getHeader(), &block, nullptr, &tree,
                                 &loops))
        return true;
    return false;
  }

  /// A copy of `def`'s computation before `at`, made of copies of its
  /// recomputable operands (arguments and constants as they are); null if
  /// it reads anything else or needs more than `budget` instructions.
  Instruction *recompute(Instruction *def, BasicBlock &block, Instruction *at,
                         DenseMap<Instruction *, Instruction *> &copies,
                         int budget) {
    if (Instruction *known = copies.lookup(def))
      return known;
    if (budget <= 0 || !isRecomputable(*def) ||
        loops.getLoopFor(def->getParent()))
      return nullptr;
    SmallVector<Value *> operands;
    for (Value *operand : def->operands()) {
      // Arguments, constants and values computed after the loop are used
      // as they are.
      auto *inner = dyn_cast<Instruction>(operand);
      if (!inner || !crossesLoop(*inner, block)) {
        if (inner && !tree.dominates(inner, at))
          return nullptr;
        operands.push_back(operand);
        continue;
      }
      Instruction *copy = recompute(inner, block, at, copies, budget - 1);
      if (!copy)
        return nullptr;
      operands.push_back(copy);
    }
    if (dryRun) {
      // Stands for the copy that would be made.
      copies[def] = def;
      return def;
    }
    Instruction *copy = readSpecialRegisterAgain(*def);
    if (!copy) {
      copy = def->clone();
      for (auto [index, operand] : llvm::enumerate(operands))
        copy->setOperand(index, operand);
    }
    copy->insertBefore(at->getIterator());
    copies[def] = copy;
    return copy;
  }

  /// A PTX special register read (`%tid.x`, `%ctaid.y`, ...) as inline asm
  /// with side effects: copies the code generator cannot merge with the
  /// read before the loop, as it would merge copies of the intrinsic (and
  /// then all the arithmetic on it). Null for anything else.
  static Instruction *readSpecialRegisterAgain(Instruction &def) {
    auto *call = dyn_cast<IntrinsicInst>(&def);
    if (!call || !call->getType()->isIntegerTy(32))
      return nullptr;
    StringRef name = call->getCalledFunction()->getName();
    if (!name.consume_front("llvm.nvvm.read.ptx.sreg."))
      return nullptr;
    auto *type = FunctionType::get(call->getType(), /*isVarArg=*/false);
    auto *read =
        InlineAsm::get(type, ("mov.u32 $0, %" + name + ";").str(), "=r",
                       /*hasSideEffects=*/true);
    return CallInst::Create(type, read);
  }

  Function &function;
  DominatorTree tree;
  LoopInfo loops;
  bool dryRun;
};

} // namespace

bool mlir::triton::recomputeIndicesAfterLoops(Module &module) {
  bool changed = false;
  for (Function &function : module)
    if (!function.isDeclaration())
      changed |= Recomputer(function, /*dryRun=*/false).run();
  return changed;
}

bool mlir::triton::hasIndicesToRecomputeAfterLoops(Module &module) {
  for (Function &function : module)
    if (!function.isDeclaration() &&
        Recomputer(function, /*dryRun=*/true).run())
      return true;
  return false;
}
