//===- LayoutPropagation.cpp - Carry a layout through scf control flow ----===//

#include "passes/TritonGPU/LayoutPropagation.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

bool isElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0 &&
         isMemoryEffectFree(op) &&
         llvm::all_of(op->getResultTypes(),
                      [](Type t) { return isa<RankedTensorType>(t); });
}

// A value that can simply be created again in another layout.
bool isRecreatable(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  if (isa<SplatOp>(def))
    return true;
  if (auto constant = dyn_cast<arith::ConstantOp>(def))
    return isa<DenseElementsAttr>(constant.getValue());
  return false;
}

/// Whether `v` is a broadcast: less data than the tensor before it.
bool isBroadcast(Value v) {
  return isa_and_nonnull<BroadcastOp>(v.getDefiningOp());
}

Value recreate(Value v, Attribute encoding, OpBuilder &builder) {
  Operation *def = v.getDefiningOp();
  builder.setInsertionPointAfter(def);
  RankedTensorType type =
      cast<RankedTensorType>(v.getType()).cloneWithEncoding(encoding);
  if (auto splat = dyn_cast<SplatOp>(def))
    return SplatOp::create(builder, def->getLoc(), type, splat.getSrc());
  auto constant = cast<arith::ConstantOp>(def);
  auto attr = cast<DenseElementsAttr>(constant.getValue()).reshape(type);
  return arith::ConstantOp::create(builder, def->getLoc(), type, attr);
}

/// The innermost loop around `op`, or null.
Operation *enclosingLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent))
      return parent;
  return nullptr;
}

/// How many loops enclose `op`.
unsigned loopDepth(Operation *op) {
  unsigned depth = 0;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent))
      ++depth;
  return depth;
}

// The values whose layout changes, found from the conversion's result.
// Where the conversion is in a loop, data may enter or leave the slice
// outside that loop through new conversions: they run fewer times than the
// one erased.
class Slice {
public:
  Slice(ConvertLayoutOp cvt, Attribute from, Attribute to)
      : from(from), to(to), cvtDepth(loopDepth(cvt)),
        cvtLoop(enclosingLoop(cvt)) {}

  bool grow(Value root) {
    add(root);
    for (size_t i = 0; i < values.size(); ++i)
      for (OpOperand &use : values[i].getUses())
        if (!follow(use))
          return false;
    // Values merged with the slice by control flow must be in it, or be
    // made again in the new layout.
    for (OpOperand *operand : required)
      if (!values.contains(operand->get()) && !isRecreatable(operand->get())) {
        // Another conversion out of the new layout (the other branch of an
        // scf.if, say): its source is taken as it is.
        if (auto convert = operand->get().getDefiningOp<ConvertLayoutOp>())
          if (cast<RankedTensorType>(convert.getSrc().getType())
                  .getEncoding() == to) {
            bypassed.push_back(operand);
            continue;
          }
        // In the loop, only a broadcast may be converted: the conversion
        // then moves onto the data before it (HoistConvertAboveWidening),
        // a row or column vector against the tile conversion erased (a
        // blockwise fp8 matmul's per-row scales beside its accumulator).
        if (!outsideLoop(operand->getOwner()) && !isBroadcast(operand->get()))
          return false;
        entries.push_back(operand);
      }
    return true;
  }

  llvm::SetVector<Value> values;
  llvm::SetVector<OpOperand *> required;
  SmallVector<Operation *> exits;   // conversions out of the slice
  SmallVector<OpOperand *> leaving; // other uses, to be given a conversion back
  SmallVector<OpOperand *> entries; // operands to be converted into the slice
  SmallVector<OpOperand *> bypassed; // operands converted out of the new layout
  bool costly = false; // some of `leaving` are in the erased one's loop

  /// Whether the rewrite leaves fewer conversions than it finds, counting
  /// the erased one, the bypassed ones and the exits that become no-ops.
  bool netGain() const {
    // A bypassed conversion goes only if nothing else reads it.
    llvm::SmallPtrSet<Operation *, 4> bypassedConverts;
    for (OpOperand *operand : bypassed)
      bypassedConverts.insert(operand->get().getDefiningOp());
    size_t removed =
        1 + llvm::count_if(bypassedConverts, [&](Operation *convert) {
          return llvm::all_of(convert->getUses(), [&](OpOperand &use) {
            return llvm::is_contained(bypassed, &use);
          });
        });
    removed += llvm::count_if(exits, [&](Operation *exit) {
      return cast<RankedTensorType>(exit->getResult(0).getType())
                 .getEncoding() == to;
    });
    return removed > leaving.size() + entries.size();
  }

private:
  void add(Value v) {
    if (auto type = dyn_cast<RankedTensorType>(v.getType()))
      if (type.getEncoding() == from)
        values.insert(v);
  }
  bool addAll(ValueRange range, unsigned i) {
    if (i >= range.size())
      return false;
    add(range[i]);
    return true;
  }

  bool follow(OpOperand &use) {
    Operation *user = use.getOwner();
    unsigned idx = use.getOperandNumber();
    if (isa<ConvertLayoutOp>(user)) {
      exits.push_back(user);
      return true;
    }
    if (isElementwise(user)) {
      for (Value result : user->getResults())
        if (cast<RankedTensorType>(result.getType()).getEncoding() != from)
          return false;
      for (Value result : user->getResults())
        add(result);
      for (OpOperand &other : user->getOpOperands()) {
        auto type = dyn_cast<RankedTensorType>(other.get().getType());
        if (!type)
          continue;
        if (type.getEncoding() != from)
          return false;
        required.insert(&other);
      }
      return true;
    }
    // A reduction of the value to scalars (a while loop's condition, say)
    // reads it in any layout but one whose CTAs split the axis.
    if (auto reduce = dyn_cast<ReduceOp>(user))
      return llvm::none_of(reduce->getResultTypes(),
                           [](Type t) { return isa<RankedTensorType>(t); }) &&
             !splitsDimOverCTAs(to, reduce.getAxis()) &&
             llvm::all_of(reduce.getSrcs(),
                          [&](Value src) { return src == use.get(); });
    if (auto forOp = dyn_cast<scf::ForOp>(user)) {
      if (idx < 3)
        return false; // bounds are scalars
      unsigned i = idx - 3;
      add(forOp.getRegionIterArgs()[i]);
      add(forOp.getResult(i));
      required.insert(&forOp.getBody()->getTerminator()->getOpOperand(i));
      return true;
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(user)) {
      add(whileOp.getBeforeArguments()[idx]);
      required.insert(&whileOp.getYieldOp()->getOpOperand(idx));
      return true;
    }
    if (auto condition = dyn_cast<scf::ConditionOp>(user)) {
      if (idx == 0)
        return false;
      auto whileOp = cast<scf::WhileOp>(condition->getParentOp());
      add(whileOp.getAfterArguments()[idx - 1]);
      add(whileOp.getResult(idx - 1));
      return true;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      Operation *parent = yield->getParentOp();
      if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
        add(forOp.getRegionIterArgs()[idx]);
        add(forOp.getResult(idx));
        required.insert(&forOp->getOpOperand(3 + idx));
        return true;
      }
      if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
        add(whileOp.getBeforeArguments()[idx]);
        required.insert(&whileOp->getOpOperand(idx));
        return true;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
        add(ifOp.getResult(idx));
        if (ifOp.getElseRegion().empty())
          return false;
        required.insert(&ifOp.thenYield()->getOpOperand(idx));
        required.insert(&ifOp.elseYield()->getOpOperand(idx));
        return true;
      }
    }
    if (user->hasTrait<OpTrait::IsTerminator>())
      return false;
    if (!outsideLoop(user)) {
      // A conversion back in the erased one's own loop runs as often: worth
      // it only where it replaces more than it adds (see netGain).
      if (enclosingLoop(user) != cvtLoop)
        return false;
      costly = true;
    }
    leaving.push_back(&use);
    return true;
  }

  /// Whether a conversion before `op` runs outside the erased one's loop.
  bool outsideLoop(Operation *op) const { return loopDepth(op) < cvtDepth; }

  Attribute from, to;
  unsigned cvtDepth;
  Operation *cvtLoop;
};

} // namespace

bool mlir::triton::gpu::propagateSourceLayoutForward(ConvertLayoutOp cvt) {
  auto srcType = cast<RankedTensorType>(cvt.getSrc().getType());
  auto dstType = cast<RankedTensorType>(cvt.getType());
  Attribute to = srcType.getEncoding(), from = dstType.getEncoding();
  if (!to || !from || to == from)
    return false;
  Slice slice(cvt, from, to);
  if (!slice.grow(cvt.getResult()) || (slice.costly && !slice.netGain()))
    return false;
  // Only worth it through control flow; straight-line code has its own
  // patterns.
  bool crossesControlFlow = llvm::any_of(slice.values, [](Value v) {
    return isa<BlockArgument>(v) ||
           isa<scf::ForOp, scf::WhileOp, scf::IfOp>(v.getDefiningOp());
  });
  if (!crossesControlFlow)
    return false;

  OpBuilder builder(cvt);
  // Operands made again in the new layout, for uses inside the slice.
  llvm::DenseMap<Value, Value> again;
  for (OpOperand *operand : slice.required) {
    Value v = operand->get();
    if (slice.values.contains(v) || !isRecreatable(v))
      continue; // in the slice, or converted (slice.entries)
    Value &made = again[v];
    if (!made)
      made = recreate(v, to, builder);
    operand->set(made);
  }
  for (OpOperand *operand : slice.bypassed) {
    auto convert = operand->get().getDefiningOp<ConvertLayoutOp>();
    operand->set(convert.getSrc());
    if (convert->use_empty())
      convert.erase();
  }
  for (OpOperand *operand : slice.entries) {
    builder.setInsertionPoint(operand->getOwner());
    auto type =
        cast<RankedTensorType>(operand->get().getType()).cloneWithEncoding(to);
    operand->set(ConvertLayoutOp::create(builder, operand->getOwner()->getLoc(),
                                         type, operand->get()));
  }
  for (Value v : slice.values)
    if (v != cvt.getResult())
      v.setType(cast<RankedTensorType>(v.getType()).cloneWithEncoding(to));
  for (OpOperand *use : slice.leaving) {
    builder.setInsertionPoint(use->getOwner());
    auto type =
        cast<RankedTensorType>(use->get().getType()).cloneWithEncoding(from);
    use->set(ConvertLayoutOp::create(builder, use->getOwner()->getLoc(), type,
                                     use->get()));
  }
  cvt.getResult().replaceAllUsesWith(cvt.getSrc());
  cvt.erase();
  for (Operation *exit : slice.exits) {
    auto convert = cast<ConvertLayoutOp>(exit);
    if (convert.getSrc().getType() == convert.getType()) {
      convert.getResult().replaceAllUsesWith(convert.getSrc());
      convert.erase();
    }
  }
  return true;
}
