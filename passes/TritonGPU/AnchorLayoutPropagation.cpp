//===- AnchorLayoutPropagation.cpp - Carry dot layouts forward ------------===//

#include "passes/TritonGPU/AnchorLayoutPropagation.h"
#include "dialects/TritonGPU/IR/LinearLayoutConversions.h"
#include "passes/TritonGPU/LayoutInference.h"
#include "passes/TritonGPU/SharedEncodings.h"

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

Attribute encodingOf(Value v) {
  if (auto tensor = dyn_cast<RankedTensorType>(v.getType()))
    return tensor.getEncoding();
  return {};
}

bool isDotLike(Operation *op) {
  return isa<DotOp, DotScaledOp, nvidia_gpu::WarpGroupDotOp>(op);
}

/// An op whose results may take its operands' layout: elementwise ops and
/// ops with one encoding for operands and results, but not atomics, whose
/// layout is chosen for memory.
bool keepsOperandLayout(Operation *op) {
  if (isa<AtomicRMWOp, AtomicCASOp>(op))
    return false;
  return op->hasTrait<OpTrait::Elementwise>() ||
         op->hasTrait<OpTrait::SameOperandsAndResultEncoding>();
}

/// Whether a conversion to `encoding` brings a value into an MMA's world:
/// an MMA layout or an operand of an MMA.
bool isMmaSide(Attribute encoding) {
  if (auto dotOperand = dyn_cast_or_null<DotOperandEncodingAttr>(encoding))
    return isMmaEncoding(dotOperand.getParent());
  return isMmaEncoding(encoding);
}

/// Whether the values computed from `result` (an MMA dot's) keep its
/// layout down to the stores, sparing the accumulator a conversion through
/// shared memory: yes, unless a
/// reduction of a tensor smaller than one MMA instruction tile comes first
/// (such reductions in the MMA layout are slower) without the value going
/// back to the MMA side before (converted to an MMA layout or operand, or,
/// for MMA v3, put in shared memory). Follows every user and loop-carried
/// values.
bool carriesMmaLayout(Value result, Attribute mma) {
  auto nvidia = dyn_cast<NvidiaMmaEncodingAttr>(mma);
  SmallVector<Value> worklist{result};
  llvm::DenseSet<Value> seen{result};
  auto push = [&](Value v) {
    if (seen.insert(v).second)
      worklist.push_back(v);
  };
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (auto convert = dyn_cast<ConvertLayoutOp>(user))
        if (isMmaSide(convert.getType().getEncoding()))
          return true;
      if (nvidia && nvidia.getVersionMajor() == 3 &&
          isa<LocalAllocOp, LocalStoreOp>(user))
        return true;
      // The accumulator of a dot already in an MMA layout (after pipelining,
      // flash attention's `acc * alpha` feeding the second wgmma directly):
      // the value is back on the MMA side without a conversion.
      if (isDotLike(user) && use.getOperandNumber() == 2 &&
          isMmaEncoding(encodingOf(user->getResult(0))))
        return true;
      if (auto reduce = dyn_cast<ReduceOp>(user)) {
        auto type = cast<RankedTensorType>(use.get().getType());
        if (nvidia && isa<NvidiaMmaEncodingAttr>(type.getEncoding())) {
          ArrayRef<int64_t> shape = type.getShape();
          ArrayRef<unsigned> instr = nvidia.getInstrShape();
          if (shape.size() >= 2 && instr.size() >= 2 &&
              (shape[shape.size() - 2] < instr[0] || shape.back() < instr[1]))
            return false;
        }
      }
      if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        Operation *parent = yield->getParentOp();
        unsigned i = use.getOperandNumber();
        if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
          push(forOp.getRegionIterArgs()[i]);
          push(forOp.getResult(i));
        } else if (isa<scf::IfOp>(parent)) {
          push(parent->getResult(i));
        }
        continue;
      }
      for (Value v : user->getResults())
        push(v);
    }
  }
  return true;
}

/// The layout `user`'s result `resultIndex` gets when its operand
/// `operandIndex` has `encoding`; null where the layout stops. A blocked
/// layout passes shape ops only with `blockedThroughViews`.
Attribute resultEncodingFor(Operation *user, unsigned operandIndex,
                            unsigned resultIndex, Attribute encoding,
                            bool blockedThroughViews) {
  if (isa<ConvertLayoutOp>(user))
    return encoding; // the conversion disappears
  if (auto reduce = dyn_cast<ReduceOp>(user))
    return splitsDimOverCTAs(encoding, reduce.getAxis())
               ? Attribute() // each CTA reduces its own
               : SliceEncodingAttr::get(user->getContext(), reduce.getAxis(),
                                        encoding);
  if (auto expand = dyn_cast<ExpandDimsOp>(user)) {
    auto slice = dyn_cast<SliceEncodingAttr>(encoding);
    if (!slice || slice.getDim() != expand.getAxis())
      return {};
    return slice.getParent();
  }
  if (isa<nvidia_gpu::WarpGroupDotWaitOp>(user))
    return operandIndex == resultIndex ? encoding : Attribute();
  // A gather's result shares its indices' layout (its source goes through
  // shared memory), unless its layout was chosen for its shuffles.
  if (auto gather = dyn_cast<GatherOp>(user))
    return !gather.getEfficientLayout() &&
                   operandIndex == gather.getIndicesMutable().getOperandNumber()
               ? encoding
               : Attribute();
  // Shape ops carry a dot's layout through as the linear layout that keeps
  // each element in its thread, so the shape op moves no data; a load's
  // blocked one only where the load is anchored for the reductions its
  // views reach (loadReducesCheaperThroughViews).
  if (isa<ReshapeOp, TransOp, SplitOp, JoinOp>(user))
    return isa<BlockedEncodingAttr>(encoding) && !blockedThroughViews
               ? Attribute()
               : inferResultEncoding(user, encoding);
  // Narrowing integers stops the propagation: the conversion stays after the
  // truncation, where make_ttgir's layout tests expect it (Triton 3.6's
  // TTGIR).
  if (isa<arith::TruncIOp>(user))
    return {};
  if (keepsOperandLayout(user) && user->getNumRegions() == 0)
    return encoding;
  return {};
}

/// What reducing a tensor of `type` in `encoding` along `axis` costs in
/// steps between threads: one shuffle per lane bit of the axis, and a round
/// trip through shared memory between barriers per warp bit, which costs
/// far more. Null where the layout has no linear form.
std::optional<unsigned> reductionCost(RankedTensorType type,
                                      Attribute encoding, unsigned axis) {
  std::optional<LinearLayout> layout =
      toLinearLayout(type.getShape(), encoding);
  if (!layout)
    return std::nullopt;
  auto bitsAlongAxis = [&](StringRef dim) {
    unsigned bits = 0;
    if (layout->hasInDim(dim))
      for (const LinearLayout::Basis &basis : layout->getBases(dim))
        bits += basis[axis] != 0;
    return bits;
  };
  return 32 * bitsAlongAxis("warp") + bitsAlongAxis("lane");
}

class AnchorPropagation {
public:
  explicit AnchorPropagation(FuncOp func) : func(func) {}

  bool run() {
    seed();
    for (LoadOp load : loadsReducedThroughViews())
      seedViewed(load);
    if (candidates.empty())
      return false;
    propagate();
    DenseMap<Value, Attribute> changes = resolve();
    if (changes.empty())
      return false;
    rewrite(changes);
    return true;
  }

private:
  /// The loads outside loops whose tiles are reshaped (or transposed,
  /// joined, split) and reduced along what the views made, where those
  /// reductions cross fewer threads and warps in the load's layout, carried
  /// through the views, than in the layouts they have (Inductor's and
  /// tl.sort's bitonic networks: a pair axis split off a row that the load
  /// keeps in a thread or a warp, the default layout across warps). Other
  /// loads outside loops keep their conversions: the pass's patterns handle
  /// them (an unaligned row stays narrow in layer-norm backward).
  SmallVector<LoadOp> loadsReducedThroughViews() {
    SmallVector<LoadOp> loads;
    func.walk([&](LoadOp load) {
      auto type = dyn_cast<RankedTensorType>(load.getType());
      if (!type || !isa_and_nonnull<BlockedEncodingAttr>(type.getEncoding()) ||
          load->getParentOfType<LoopLikeOpInterface>())
        return;
      AnchorPropagation trial(func);
      trial.seedViewed(load);
      trial.propagate();
      unsigned before = 0, after = 0;
      bool reached = false, known = true;
      func.walk([&](ReduceOp reduce) {
        for (Value operand : reduce.getOperands()) {
          auto it = trial.candidates.find(operand);
          if (it == trial.candidates.end() ||
              !trial.viewed.contains({operand, it->second.front()}))
            continue;
          auto operandType = cast<RankedTensorType>(operand.getType());
          std::optional<unsigned> now = reductionCost(
              operandType, operandType.getEncoding(), reduce.getAxis());
          std::optional<unsigned> carried = reductionCost(
              operandType, it->second.front(), reduce.getAxis());
          if (!now || !carried) {
            known = false;
            continue;
          }
          reached = true;
          before += *now;
          after += *carried;
        }
      });
      if (reached && known && after < before)
        loads.push_back(load);
    });
    return loads;
  }

  /// Seeds `load`'s layout, to be carried through views too.
  void seedViewed(LoadOp load) {
    Attribute encoding = encodingOf(load.getResult());
    candidates[load.getResult()].insert(encoding);
    throughViews.insert({load.getResult(), encoding});
  }

  void seed() {
    // A tensor argument arrives in its layout, which the caller chose (as
    // Triton takes it: its values flow on in it, and are converted only
    // where an op needs another).
    for (BlockArgument arg : func.getArguments())
      if (Attribute encoding = encodingOf(arg))
        candidates[arg].insert(encoding);
    func.walk([&](Operation *op) {
      // A tile loaded in a loop: converting it costs every iteration.
      if (auto load = dyn_cast<LoadOp>(op)) {
        auto type = dyn_cast<RankedTensorType>(load.getType());
        if (type && isa_and_nonnull<BlockedEncodingAttr>(type.getEncoding()) &&
            load->getParentOfType<LoopLikeOpInterface>())
          candidates[load.getResult()].insert(type.getEncoding());
        return;
      }
      if (!isDotLike(op))
        return;
      for (Value result : op->getResults()) {
        Attribute encoding = encodingOf(result);
        if (!encoding ||
            (isMmaEncoding(encoding) && !carriesMmaLayout(result, encoding)))
          continue;
        candidates[result].insert(encoding);
      }
    });
  }

  /// Adds to each of `values` the layouts `map` makes of `from`'s
  /// `encodings` (null: none). A layout carried from a load anchored for its
  /// views stays carried in what it maps to, and viewed once it passed a
  /// view (`view`: the map is a shape op's); a value whose layouts or their
  /// marks grew goes to `changed`.
  void addAll(ValueRange values, Value from,
              const llvm::SetVector<Attribute> &encodings,
              function_ref<Attribute(Attribute)> map, bool view,
              SmallVectorImpl<Value> &changed) {
    for (Value value : values) {
      if (!isa<RankedTensorType>(value.getType()))
        continue;
      bool grew = false;
      for (Attribute encoding : encodings) {
        Attribute mapped = map(encoding);
        if (!mapped)
          continue;
        grew |= candidates[value].insert(mapped);
        if (!throughViews.contains({from, encoding}))
          continue;
        grew |= throughViews.insert({value, mapped}).second;
        if (view || viewed.contains({from, encoding}))
          grew |= viewed.insert({value, mapped}).second;
      }
      if (grew)
        changed.push_back(value);
    }
  }

  void propagate() {
    SmallVector<Value> worklist;
    for (auto &entry : candidates)
      worklist.push_back(entry.first);
    auto same = [](Attribute e) { return e; };
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      llvm::SetVector<Attribute> encodings = candidates[value];
      SmallVector<Value> changed;
      for (OpOperand &use : value.getUses()) {
        Operation *user = use.getOwner();
        unsigned idx = use.getOperandNumber();
        if (auto forOp = dyn_cast<scf::ForOp>(user)) {
          if (idx < forOp.getNumControlOperands())
            continue;
          unsigned i = idx - forOp.getNumControlOperands();
          addAll({forOp.getRegionIterArgs()[i], forOp.getResult(i)}, value,
                 encodings, same, false, changed);
        } else if (auto whileOp = dyn_cast<scf::WhileOp>(user)) {
          addAll({whileOp.getBeforeArguments()[idx]}, value, encodings, same,
                 false, changed);
        } else if (auto condition = dyn_cast<scf::ConditionOp>(user)) {
          if (idx == 0)
            continue;
          auto whileOp = cast<scf::WhileOp>(condition->getParentOp());
          addAll({whileOp.getAfterArguments()[idx - 1],
                  whileOp.getResult(idx - 1)},
                 value, encodings, same, false, changed);
        } else if (auto yield = dyn_cast<scf::YieldOp>(user)) {
          Operation *parent = yield->getParentOp();
          if (auto forOp = dyn_cast<scf::ForOp>(parent))
            addAll({forOp.getRegionIterArgs()[idx], forOp.getResult(idx)},
                   value, encodings, same, false, changed);
          else if (isa<scf::IfOp>(parent))
            addAll({parent->getResult(idx)}, value, encodings, same, false,
                   changed);
          else if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
            addAll({whileOp.getBeforeArguments()[idx]}, value, encodings, same,
                   false, changed);
        } else if (!isDotLike(user)) {
          for (OpResult result : user->getResults())
            addAll(
                {result}, value, encodings,
                [&](Attribute e) {
                  return resultEncodingFor(user, idx, result.getResultNumber(),
                                           e, throughViews.contains({value, e}));
                },
                isa<ReshapeOp, TransOp, SplitOp, JoinOp>(user), changed);
        }
      }
      worklist.append(changed.begin(), changed.end());
    }
  }

  /// One layout per value: an MMA layout if one reached it, else the first;
  /// only the values whose layout changes.
  DenseMap<Value, Attribute> resolve() {
    DenseMap<Value, Attribute> changes;
    for (auto &[value, encodings] : candidates) {
      Attribute chosen = encodings.front();
      for (Attribute encoding : encodings)
        if (isMmaEncoding(encoding)) {
          chosen = encoding;
          break;
        }
      if (chosen != encodingOf(value))
        changes[value] = chosen;
    }
    return changes;
  }

  /// The layout `operand` must have once the values in `changes` have
  /// theirs; null for a conversion's operand, which may have any.
  Attribute requiredEncoding(OpOperand &operand,
                             const DenseMap<Value, Attribute> &changes) {
    auto final = [&](Value v) {
      auto it = changes.find(v);
      return it != changes.end() ? it->second : encodingOf(v);
    };
    Operation *user = operand.getOwner();
    unsigned idx = operand.getOperandNumber();
    if (isa<ConvertLayoutOp>(user))
      return {};
    if (auto forOp = dyn_cast<scf::ForOp>(user)) {
      if (idx < forOp.getNumControlOperands())
        return encodingOf(operand.get());
      return final(
          forOp.getRegionIterArgs()[idx - forOp.getNumControlOperands()]);
    }
    if (auto whileOp = dyn_cast<scf::WhileOp>(user))
      return final(whileOp.getBeforeArguments()[idx]);
    if (auto condition = dyn_cast<scf::ConditionOp>(user)) {
      if (idx == 0)
        return encodingOf(operand.get());
      return final(cast<scf::WhileOp>(condition->getParentOp())
                       .getAfterArguments()[idx - 1]);
    }
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      Operation *parent = yield->getParentOp();
      if (auto forOp = dyn_cast<scf::ForOp>(parent))
        return final(forOp.getRegionIterArgs()[idx]);
      if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
        return final(whileOp.getBeforeArguments()[idx]);
      return final(parent->getResult(idx));
    }
    bool rewritten = llvm::any_of(user->getResults(),
                                  [&](Value r) { return changes.count(r); });
    if (!rewritten)
      return encodingOf(operand.get());
    if (isa<ReduceOp>(user)) {
      auto slice =
          dyn_cast_or_null<SliceEncodingAttr>(final(user->getResult(idx)));
      return slice ? slice.getParent() : encodingOf(operand.get());
    }
    if (auto expand = dyn_cast<ExpandDimsOp>(user))
      return SliceEncodingAttr::get(user->getContext(), expand.getAxis(),
                                    final(user->getResult(0)));
    if (isa<nvidia_gpu::WarpGroupDotWaitOp>(user))
      return final(user->getResult(idx));
    if (auto gather = dyn_cast<GatherOp>(user))
      return idx == gather.getIndicesMutable().getOperandNumber()
                 ? final(user->getResult(0))
                 : final(operand.get());
    if (isa<ReshapeOp, TransOp, SplitOp, JoinOp>(user)) {
      Attribute source = inferSourceEncoding(user, final(user->getResult(0)));
      if (!source)
        return encodingOf(operand.get());
      // The operand's own spelling of the same layout (#mma against the
      // #linear a reshape infers from it) needs no conversion.
      Attribute own = final(operand.get());
      auto type = cast<RankedTensorType>(operand.get().getType());
      return own && isSameLayout(type.getShape(), own, source) ? own : source;
    }
    return final(user->getResult(0));
  }

  static bool isSameLayout(ArrayRef<int64_t> shape, Attribute a, Attribute b) {
    if (a == b)
      return true;
    std::optional<LinearLayout> x = toLinearLayout(shape, a),
                                y = toLinearLayout(shape, b);
    return x && y && *x == *y;
  }

  void rewrite(const DenseMap<Value, Attribute> &changes) {
    // Find the uses that need a conversion before any type changes.
    SmallVector<std::pair<OpOperand *, Attribute>> conversions;
    func.walk([&](Operation *op) {
      for (OpOperand &operand : op->getOpOperands()) {
        if (!isa<RankedTensorType>(operand.get().getType()))
          continue;
        Attribute required = requiredEncoding(operand, changes);
        auto it = changes.find(operand.get());
        Attribute final =
            it != changes.end() ? it->second : encodingOf(operand.get());
        if (required && required != final)
          conversions.push_back({&operand, required});
      }
    });
    for (auto [value, encoding] : changes) {
      Value retyped = value;
      retyped.setType(
          cast<RankedTensorType>(value.getType()).cloneWithEncoding(encoding));
    }
    OpBuilder builder(func.getContext());
    // A function argument is converted at the start of the function (where
    // Triton converts it, so later rewrites see the conversion before what
    // else the function computes), in the order the conversions are made; a
    // conversion that the new layouts made an identity is converted again
    // where it stands (it changes its target, the program keeps its order);
    // other values right before the op that reads them.
    Operation *lastArgConversion = nullptr;
    for (auto &[operand, encoding] : conversions) {
      Operation *user = operand->getOwner();
      auto arg = dyn_cast<BlockArgument>(operand->get());
      bool funcArg = arg && arg.getOwner() == &func.getBody().front();
      auto retargeted = operand->get().getDefiningOp<ConvertLayoutOp>();
      if (retargeted && retargeted->getBlock() == user->getBlock())
        builder.setInsertionPointAfter(retargeted);
      else if (!funcArg)
        builder.setInsertionPoint(user);
      else if (lastArgConversion)
        builder.setInsertionPointAfter(lastArgConversion);
      else
        builder.setInsertionPointToStart(arg.getOwner());
      auto type = cast<RankedTensorType>(operand->get().getType())
                      .cloneWithEncoding(encoding);
      auto convert =
          ConvertLayoutOp::create(builder, user->getLoc(), type, operand->get());
      if (funcArg)
        lastArgConversion = convert;
      operand->set(convert.getResult());
    }
  }

  FuncOp func;
  llvm::MapVector<Value, llvm::SetVector<Attribute>> candidates;
  /// The (value, layout) candidates carried from a load anchored for its
  /// views (seedViewed), which pass shape ops; `viewed`: those that passed
  /// one. Per value, not per layout: another value in the same layout (a
  /// load in a loop, a dot's operand) stops at shape ops as before.
  llvm::DenseSet<std::pair<Value, Attribute>> throughViews, viewed;
};

} // namespace

bool mlir::triton::gpu::propagateAnchorLayouts(FuncOp func) {
  return AnchorPropagation(func).run();
}
