//===- Membar.cpp - Barriers between conflicting shared-memory accesses ---===//

#include "passes/Analysis/Membar.h"

#include "dialects/TritonGPU/IR/Dialect.h"
#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>
#include <optional>

using namespace mlir;
using namespace mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {

struct Interval {
  int64_t begin, end; // [begin, end)
  /// The op that accessed these bytes (null where unknown), for the filter.
  Operation *op = nullptr;
  bool operator==(const Interval &o) const {
    return begin == o.begin && end == o.end && op == o.op;
  }
  bool overlaps(const Interval &o) const {
    return begin < o.end && o.begin < end;
  }
};

// Bytes read and written since the last barrier; `generic`: bytes accessed
// through the generic proxy since the last async-proxy fence (TMA, which
// goes through the async proxy, must not overtake them).
struct Pending {
  SmallVector<Interval> reads, writes, generic;

  static bool anyOverlap(ArrayRef<Interval> a, ArrayRef<Interval> b) {
    for (const Interval &x : a)
      for (const Interval &y : b)
        if (x.overlaps(y))
          return true;
    return false;
  }
  static void add(SmallVector<Interval> &to, ArrayRef<Interval> from) {
    for (const Interval &i : from)
      if (!llvm::is_contained(to, i))
        to.push_back(i);
  }
  /// Whether `next`'s accesses need a barrier after these: overlapping
  /// bytes, one side writing, unless `filter` says the two ops order their
  /// accesses themselves.
  bool conflictsWith(const Pending &next, const MembarFilter &filter) const {
    auto conflict = [&](ArrayRef<Interval> a, ArrayRef<Interval> b) {
      for (const Interval &x : a)
        for (const Interval &y : b)
          if (x.overlaps(y) && !(filter && x.op && y.op && filter(y.op, x.op)))
            return true;
      return false;
    };
    return conflict(next.writes, reads) || conflict(next.writes, writes) ||
           conflict(next.reads, writes);
  }
  /// These accesses moved by OFFSET bytes (a callee's, seen from its
  /// caller, whose call gives the callee its base).
  Pending shifted(int64_t offset) const {
    Pending out;
    auto move = [&](ArrayRef<Interval> from, SmallVector<Interval> &to) {
      for (Interval i : from) {
        i.begin += offset;
        i.end += offset;
        to.push_back(i);
      }
    };
    move(reads, out.reads);
    move(writes, out.writes);
    move(generic, out.generic);
    return out;
  }
  void join(const Pending &other) {
    add(reads, other.reads);
    add(writes, other.writes);
    add(generic, other.generic);
  }
  /// A CTA barrier: every access so far is seen by all threads (the proxy
  /// state is not changed by it).
  void clear() {
    reads.clear();
    writes.clear();
  }
  bool operator==(const Pending &o) const {
    auto sameSet = [](ArrayRef<Interval> a, ArrayRef<Interval> b) {
      return a.size() == b.size() && llvm::all_of(a, [&](const Interval &i) {
               return llvm::is_contained(b, i);
             });
    };
    return sameSet(reads, o.reads) && sameSet(writes, o.writes) &&
           sameSet(generic, o.generic);
  }
};

bool isMemDesc(Value v) { return isa<ttg::MemDescType>(v.getType()); }

/// The shared buffer a TMA copy writes or reads through the async proxy.
Value getTMABuffer(Operation *op) {
  if (auto load = dyn_cast<ttng::AsyncTMACopyGlobalToLocalOp>(op))
    return load.getResult();
  if (auto store = dyn_cast<ttng::AsyncTMACopyLocalToGlobalOp>(op))
    return store.getSrc();
  if (auto reduce = dyn_cast<ttng::AsyncTMAReduceOp>(op))
    return reduce.getSrc();
  return Value();
}

class FunctionMembar {
public:
  /// CALLEE_EXITS: what each function of the module already visited leaves
  /// pending where it returns, in its own offsets.
  /// FENCES_ONLY: insert the async-proxy fences and no barriers.
  FunctionMembar(const FunctionAllocation &allocation, MembarFilter filter,
                 const llvm::DenseMap<Operation *, Pending> &calleeExits,
                 bool fencesOnly = false)
      : filter(std::move(filter)), calleeExits(calleeExits),
        fencesOnly(fencesOnly) {
    for (const FunctionAllocation::Buffer &buffer : allocation.getBuffers()) {
      Interval range{buffer.offset, buffer.offset + buffer.size};
      if (buffer.explicitBuffer) {
        explicitRanges[buffer.owner] = range;
        allExplicit.push_back(range);
      } else {
        scratchRanges[buffer.owner] = range;
      }
    }
  }

  /// Every buffer of the function, read and written through the generic
  /// proxy.
  Pending everything() const {
    Pending all;
    Pending::add(all.reads, allExplicit);
    for (const auto &entry : scratchRanges)
      Pending::add(all.reads, {entry.second});
    all.writes = all.generic = all.reads;
    return all;
  }

  void visitBlock(Block &block, Pending &pending) {
    for (Operation &op : llvm::make_early_inc_range(block))
      visitOp(&op, pending);
  }

  /// Visits REGION's blocks as a forward dataflow over its CFG (after
  /// scf-to-cf, loops are back edges between blocks, as Triton's membar
  /// reads them), entered with ENTRY pending. A block starts with what its
  /// predecessors left pending; visiting it adds barriers (never removes
  /// one, and a barrier it meets clears the state). Rounds repeat until no
  /// block's exit state changes, so every block was last visited with the
  /// final states of all its predecessors. Returns what is pending where
  /// the region returns (the join over its return-like exits), nothing when
  /// it has none.
  std::optional<Pending> visitRegion(Region &region, const Pending &entry) {
    llvm::DenseMap<Block *, Pending> exits;
    bool changed = true;
    for (int round = 0; changed && round < 64; ++round) {
      changed = false;
      for (Block &block : region) {
        bool reached = block.isEntryBlock();
        Pending pending = reached ? entry : Pending();
        for (Block *pred : block.getPredecessors()) {
          auto it = exits.find(pred);
          if (it == exits.end())
            continue;
          pending.join(it->second);
          reached = true;
        }
        if (!reached)
          continue;
        visitBlock(block, pending);
        auto [it, inserted] = exits.try_emplace(&block, pending);
        if (inserted || !(it->second == pending)) {
          it->second = pending;
          changed = true;
        }
      }
    }
    // Blocks the entry does not reach (or a CFG that did not settle): as if
    // every byte had just been accessed.
    for (Block &block : region) {
      if (!changed && exits.count(&block))
        continue;
      Pending pending = everything();
      visitBlock(block, pending);
    }
    std::optional<Pending> exit;
    for (Block &block : region) {
      if (block.empty() || !block.back().hasTrait<OpTrait::ReturnLike>())
        continue;
      auto it = exits.find(&block);
      if (it == exits.end() || changed)
        return everything();
      if (!exit)
        exit = Pending();
      exit->join(it->second);
    }
    return exit;
  }

private:
  // The allocations a shared-memory descriptor may point into.
  void rootsOf(Value value, SmallVector<Interval> &ranges,
               llvm::DenseSet<Value> &seen) {
    if (!seen.insert(value).second)
      return;
    if (Operation *def = value.getDefiningOp()) {
      auto it = explicitRanges.find(def);
      if (it != explicitRanges.end()) {
        Pending::add(ranges, {it->second});
        return;
      }
      // A view: its first descriptor operand is what it looks into.
      if (def->getNumRegions() == 0)
        for (Value operand : def->getOperands())
          if (isMemDesc(operand)) {
            rootsOf(operand, ranges, seen);
            return;
          }
      if (auto forOp = dyn_cast<scf::ForOp>(def)) {
        unsigned i = cast<OpResult>(value).getResultNumber();
        rootsOf(forOp.getInitArgs()[i], ranges, seen);
        rootsOf(forOp.getYieldedValues()[i], ranges, seen);
        return;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
        unsigned i = cast<OpResult>(value).getResultNumber();
        rootsOf(ifOp.thenYield().getOperand(i), ranges, seen);
        if (!ifOp.getElseRegion().empty())
          rootsOf(ifOp.elseYield().getOperand(i), ranges, seen);
        return;
      }
    } else if (auto arg = dyn_cast<BlockArgument>(value)) {
      // A partition's argument is the capture of its ttg.warp_specialize.
      Operation *owner = arg.getOwner()->getParentOp();
      if (isa<ttg::WarpSpecializePartitionsOp>(owner) &&
          arg.getOwner()->isEntryBlock()) {
        auto ws = cast<ttg::WarpSpecializeOp>(owner->getParentOp());
        rootsOf(ws.getExplicitCaptures()[arg.getArgNumber()], ranges, seen);
        return;
      }
      if (auto forOp = dyn_cast<scf::ForOp>(owner)) {
        if (arg.getArgNumber() >= 1) {
          unsigned i = arg.getArgNumber() - 1;
          rootsOf(forOp.getInitArgs()[i], ranges, seen);
          rootsOf(forOp.getYieldedValues()[i], ranges, seen);
          return;
        }
      }
    }
    // Unknown origin (a function argument, another region): any buffer.
    Pending::add(ranges, allExplicit);
  }

  // What `op` itself reads and writes in shared memory.
  Pending accessesOf(Operation *op) {
    Pending access;
    SmallVector<Interval> touched;
    llvm::DenseSet<Value> seen;
    for (Value operand : op->getOperands())
      if (isMemDesc(operand))
        rootsOf(operand, touched, seen);
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
      // Allocating with an initial value writes it.
      if (alloc.getSrc())
        Pending::add(access.writes, {explicitRanges.lookup(op)});
    } else if (!touched.empty()) {
      // Accesses are what the op declares on shared memory; an op declaring
      // nothing (a wait that only keeps its buffers alive) accesses nothing,
      // as in Triton.
      bool reads = false, writes = false;
      if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
        SmallVector<MemoryEffects::EffectInstance> list;
        effects.getEffects(list);
        for (const MemoryEffects::EffectInstance &e : list) {
          if (!isa<ttg::SharedMemory>(e.getResource()))
            continue;
          reads |= isa<MemoryEffects::Read>(e.getEffect());
          writes |= isa<MemoryEffects::Write>(e.getEffect());
        }
      }
      if (reads)
        Pending::add(access.reads, touched);
      if (writes)
        Pending::add(access.writes, touched);
    }
    // Scratch is written and read back within the op.
    auto scratch = scratchRanges.find(op);
    if (scratch != scratchRanges.end()) {
      Pending::add(access.reads, {scratch->second});
      Pending::add(access.writes, {scratch->second});
    }
    if (filter)
      for (SmallVector<Interval> *ranges : {&access.reads, &access.writes})
        for (Interval &range : *ranges)
          range.op = op;
    return access;
  }

  static bool isLocalBarrier(Operation *op) {
    if (isa<::mlir::gpu::BarrierOp, ttg::LocalBarrierOp>(op))
      return true;
    if (auto barrier = dyn_cast<ttg::BarrierOp>(op))
      return barrier.getAddrSpace() & 1;
    return false;
  }

  void visitOp(Operation *op, Pending &pending) {
    if (isLocalBarrier(op)) {
      pending.clear();
      return;
    }
    // A thread's wait covers only its own copies: a CTA barrier after it
    // shows every thread's copies to all, as in Triton.
    if (isa<ttg::AsyncWaitOp>(op)) {
      Operation *next = op->getNextNode();
      if (!fencesOnly && (!next || !isLocalBarrier(next))) {
        OpBuilder builder(op->getContext());
        builder.setInsertionPointAfter(op);
        ttg::LocalBarrierOp::create(builder, op->getLoc());
      }
      pending.clear();
      return;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      Pending thenState = pending, elseState = pending;
      visitBlock(ifOp.getThenRegion().front(), thenState);
      if (!ifOp.getElseRegion().empty())
        visitBlock(ifOp.getElseRegion().front(), elseState);
      thenState.join(elseState);
      pending = thenState;
      return;
    }
    if (isa<scf::ForOp, scf::WhileOp>(op)) {
      // A body's start sees what came before the loop and what its own end
      // left pending; iterate to a fixed point (barriers only get added).
      Pending entry = pending, exit;
      for (int round = 0; round < 8; ++round) {
        exit = entry;
        for (Region &region : op->getRegions())
          visitBlock(region.front(), exit);
        Pending next = pending;
        next.join(exit);
        if (next == entry)
          break;
        entry = next;
      }
      pending.join(exit);
      return;
    }
    if (auto ws = dyn_cast<ttg::WarpSpecializeOp>(op)) {
      // The default region runs in line on this code's warps. Each
      // partition runs on warps of its own and starts with nothing pending
      // (its warps wait at a barrier with everyone before they start), as
      // Triton 3.6 reads them; what it leaves pending stays with it. A
      // barrier inside either becomes its warps' own named barrier in
      // -convert-warp-specialize-to-llvm. The op itself accesses nothing:
      // its captures are accessed where its regions use them.
      if (ttg::WarpSpecializePartitionsOp partitions = ws.getPartitionOp())
        for (Region &region : partitions.getPartitionRegions())
          visitRegion(region, Pending());
      pending =
          visitRegion(ws.getDefaultRegion(), pending).value_or(everything());
      return;
    }
    // Other ops with regions (reductions' combiners, ...): their blocks run
    // in order where the op is.
    if (op->getNumRegions() != 0)
      for (Region &region : op->getRegions())
        for (Block &block : region)
          visitBlock(block, pending);
    Pending access = accessesOf(op);
    // A TMA copy's buffer accessed through the generic proxy since the last
    // fence: fence (every thread, for its own accesses), then a barrier
    // before the copy is issued. Other ops' accesses are generic ones.
    if (Value buffer = getTMABuffer(op)) {
      SmallVector<Interval> ranges;
      llvm::DenseSet<Value> seen;
      rootsOf(buffer, ranges, seen);
      if (Pending::anyOverlap(ranges, pending.generic)) {
        OpBuilder builder(op);
        ttng::FenceAsyncSharedOp::create(builder, op->getLoc(),
                                         /*bCluster=*/false);
        if (!fencesOnly) {
          ttg::LocalBarrierOp::create(builder, op->getLoc());
          pending.clear();
        }
        pending.generic.clear();
      }
    } else if (isa<ttng::FenceAsyncSharedOp>(op)) {
      pending.generic.clear();
    } else if (!isa<ttng::WarpGroupDotOp>(
                   op)) { // wgmma reads through the async proxy

      Pending::add(pending.generic, access.reads);
      Pending::add(pending.generic, access.writes);
    }
    if (!fencesOnly && pending.conflictsWith(access, filter)) {
      OpBuilder builder(op);
      ttg::LocalBarrierOp::create(builder, op->getLoc());
      pending.clear();
    }
    // Its lowering has a CTA barrier between the scratch write and the
    // reads: what came before is seen by all threads after it.
    if (barriersInside(op))
      pending.clear();
    // A call was checked above as reading and writing its callee's whole
    // range (its first accesses may come before any barrier of its own);
    // what stays pending after it is what the callee leaves pending where
    // it returns, at the call's offset, when the callee is known.
    if (const Pending *exit = calleeExitOf(op)) {
      auto scratch = scratchRanges.find(op);
      pending.join(exit->shifted(scratch->second.begin));
      return;
    }
    pending.join(access);
  }

  /// The pending state a call's callee returns with, if the callee was
  /// visited and the call has its range in this function's allocation.
  const Pending *calleeExitOf(Operation *op) const {
    auto call = dyn_cast<CallOpInterface>(op);
    if (!call || !scratchRanges.count(op))
      return nullptr;
    Operation *callee = call.resolveCallable();
    if (!callee)
      return nullptr;
    auto it = calleeExits.find(callee);
    return it == calleeExits.end() ? nullptr : &it->second;
  }

  /// Whether OP's lowering puts a CTA-wide barrier inside it: a scalar
  /// atomic whose old value is used hands it from the one thread that
  /// performs it to the others through its scratch (AtomicUtility.cpp).
  /// (A tensor atomic does so only where an element's owners span threads,
  /// and other scratch users may synchronize within a warp only.)
  bool barriersInside(Operation *op) const {
    if (!isa<AtomicRMWOp, AtomicCASOp>(op) || !scratchRanges.count(op))
      return false;
    Value result = op->getResult(0);
    return !result.use_empty() && !isa<RankedTensorType>(result.getType());
  }

  llvm::DenseMap<Operation *, Interval> explicitRanges, scratchRanges;
  SmallVector<Interval> allExplicit;
  MembarFilter filter;
  const llvm::DenseMap<Operation *, Pending> &calleeExits;
  bool fencesOnly;
};

} // namespace

static void walkModule(ModuleOp module, const ModuleAllocation &allocation,
                       const MembarFilter &filter, bool fencesOnly) {
  // Callees first: a call leaves pending what its callee returns with.
  SmallVector<FunctionOpInterface> order;
  llvm::DenseSet<Operation *> placed;
  std::function<void(FunctionOpInterface)> place =
      [&](FunctionOpInterface func) {
        if (!placed.insert(func).second)
          return;
        func.walk([&](CallOpInterface call) {
          if (auto callee = dyn_cast_if_present<FunctionOpInterface>(
                  call.resolveCallable()))
            place(callee);
        });
        order.push_back(func);
      };
  module.walk([&](FunctionOpInterface func) { place(func); });

  llvm::DenseMap<Operation *, Pending> functionExits;
  for (FunctionOpInterface func : order) {
    if (func.isExternal())
      continue;
    FunctionMembar membar(allocation.getFunction(func), filter, functionExits,
                          fencesOnly);
    // What the function returns with: the exits of its returning blocks.
    if (std::optional<Pending> exit =
            membar.visitRegion(func.getFunctionBody(), Pending()))
      functionExits[func] = *exit;
  }
}

void mlir::triton::insertSharedMemoryBarriers(
    ModuleOp module, const ModuleAllocation &allocation,
    const MembarFilter &filter) {
  walkModule(module, allocation, filter, /*fencesOnly=*/false);
}

void mlir::triton::insertProxyFences(ModuleOp module,
                                     const ModuleAllocation &allocation) {
  walkModule(module, allocation, nullptr, /*fencesOnly=*/true);
}
