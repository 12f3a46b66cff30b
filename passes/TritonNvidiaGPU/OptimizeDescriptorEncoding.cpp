//===- OptimizeDescriptorEncoding.cpp - Shared layouts of descriptors -----===//
//
// A TMA copy moves a descriptor's block between global memory and a shared
// buffer in one NVMMA layout, fixed when the descriptor is made (its swizzle
// is part of the 128-byte TMA descriptor). Descriptor values that flow into
// one another (function parameters and calls, loop-carried values, if
// results) are one descriptor at run time, so they get one layout: the
// layout of the buffers their loads are put in when all agree, else the
// NVMMA layout of the block in row-major order, split over a cluster's CTAs
// as the tensors it copies are.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonGPU/SharedEncodings.h"
#include "passes/TritonNvidiaGPU/Passes.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/EquivalenceClasses.h"

namespace mlir {
namespace triton {
namespace nvidia_gpu {
#define GEN_PASS_DEF_TRITONNVIDIAGPUOPTIMIZEDESCRIPTORENCODING
#include "passes/TritonNvidiaGPU/Passes.h.inc"
} // namespace nvidia_gpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

bool isDescriptor(Value value) { return isa<TensorDescType>(value.getType()); }

/// Classes of descriptor values that are the same descriptor at run time.
class DescriptorClasses {
public:
  void add(Value value) {
    if (isDescriptor(value))
      classes.insert(value.getAsOpaquePointer());
  }
  void join(Value a, Value b) {
    if (isDescriptor(a) && isDescriptor(b))
      classes.unionSets(a.getAsOpaquePointer(), b.getAsOpaquePointer());
  }
  /// Each class as a list of its values.
  SmallVector<SmallVector<Value>> getClasses() const {
    SmallVector<SmallVector<Value>> result;
    for (const auto &leader : classes) {
      if (!leader->isLeader())
        continue;
      SmallVector<Value> members;
      for (auto it = classes.member_begin(*leader); it != classes.member_end();
           ++it)
        members.push_back(Value::getFromOpaquePointer(*it));
      result.push_back(std::move(members));
    }
    return result;
  }

private:
  llvm::EquivalenceClasses<const void *> classes;
};

void joinRange(DescriptorClasses &classes, ValueRange a, ValueRange b) {
  for (auto [x, y] : llvm::zip(a, b))
    classes.join(x, y);
}

DescriptorClasses collectClasses(ModuleOp module) {
  DescriptorClasses classes;
  module.walk([&](Operation *op) {
    for (Value result : op->getResults())
      classes.add(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          classes.add(arg);
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      joinRange(classes, forOp.getInitArgs(), forOp.getRegionIterArgs());
      joinRange(classes, forOp.getYieldedValues(), forOp.getRegionIterArgs());
      joinRange(classes, forOp.getResults(), forOp.getRegionIterArgs());
    } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      joinRange(classes, ifOp.getResults(), ifOp.thenYield().getOperands());
      if (!ifOp.getElseRegion().empty())
        joinRange(classes, ifOp.getResults(), ifOp.elseYield().getOperands());
    } else if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
      joinRange(classes, whileOp.getInits(), whileOp.getBeforeArguments());
      joinRange(classes, whileOp.getYieldOp().getOperands(),
                whileOp.getBeforeArguments());
      joinRange(classes, whileOp.getConditionOp().getArgs(),
                whileOp.getAfterArguments());
      joinRange(classes, whileOp.getConditionOp().getArgs(),
                whileOp.getResults());
    } else if (auto call = dyn_cast<CallOp>(op)) {
      if (auto callee = module.lookupSymbol<FuncOp>(call.getCallee())) {
        if (!callee.isExternal())
          joinRange(classes, call.getOperands(), callee.getArguments());
      }
    } else if (auto ret = dyn_cast<ReturnOp>(op)) {
      // Results returned by a device function are the descriptors its
      // callers receive.
      auto func = ret->getParentOfType<FuncOp>();
      if (auto uses = SymbolTable::getSymbolUses(func, module))
        for (const SymbolTable::SymbolUse &use : *uses)
          if (auto call = dyn_cast<CallOp>(use.getUser()))
            joinRange(classes, call.getResults(), ret.getOperands());
    }
  });
  return classes;
}

/// The NVMMA layout every load of the class is put in, when they agree and
/// TMA can fill it (not transposed: TMA keeps the global contiguous
/// dimension contiguous).
NVMMASharedEncodingAttr findWantedEncoding(ArrayRef<Value> members) {
  NVMMASharedEncodingAttr wanted;
  for (Value desc : members)
    for (Operation *user : desc.getUsers()) {
      auto load = dyn_cast<DescriptorLoadOp>(user);
      if (!load || load.getDesc() != desc)
        continue;
      for (Operation *loadUser : load.getResult().getUsers()) {
        auto alloc = dyn_cast<LocalAllocOp>(loadUser);
        if (!alloc)
          continue;
        auto encoding = dyn_cast<NVMMASharedEncodingAttr>(
            alloc.getResult().getType().getEncoding());
        if (!encoding || encoding.getTransposed() || encoding.getFp4Padded())
          return {};
        if (wanted && wanted != encoding)
          return {};
        wanted = encoding;
      }
    }
  return wanted;
}

/// The CGA layout the class's copies agree on when no load fixes its
/// layout: each store's and reduction's source tensor (and each load's
/// result) splits its block over the CTAs so, and a buffer laid out the same
/// way lets each CTA copy its own tile (3.6 takes the CTA layout of every
/// use the same way); the default split where they differ or none tells.
BasisList findWantedCGALayout(ArrayRef<Value> members, unsigned numCTAs,
                              unsigned rank) {
  std::optional<BasisList> wanted;
  bool agree = true;
  auto see = [&](Type tensor) {
    auto type = dyn_cast<RankedTensorType>(tensor);
    std::optional<BasisList> cga =
        type && type.getRank() == rank ? getCGALayoutOf(type.getEncoding())
                                       : std::nullopt;
    if (!cga || (wanted && *wanted != *cga))
      agree = false;
    else
      wanted = cga;
  };
  for (Value desc : members)
    for (Operation *user : desc.getUsers()) {
      if (auto store = dyn_cast<DescriptorStoreOp>(user))
        see(store.getSrc().getType());
      else if (auto reduce = dyn_cast<DescriptorReduceOp>(user))
        see(reduce.getSrc().getType());
      else if (auto load = dyn_cast<DescriptorLoadOp>(user))
        see(load.getType());
    }
  if (!agree || !wanted || wanted->size() != llvm::Log2_32(numCTAs))
    return getDefaultCGALayout(numCTAs, rank);
  return *wanted;
}

struct OptimizeDescriptorEncodingPass
    : triton::nvidia_gpu::impl::TritonNvidiaGPUOptimizeDescriptorEncodingBase<
          OptimizeDescriptorEncodingPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    int numCTAs = 1;
    if (auto attr = module->getAttrOfType<IntegerAttr>(kNumCTAsAttrName))
      numCTAs = attr.getInt();

    for (const SmallVector<Value> &members :
         collectClasses(module).getClasses()) {
      RankedTensorType block =
          cast<TensorDescType>(members.front().getType()).getBlockType();
      NVMMASharedEncodingAttr encoding = findWantedEncoding(members);
      if (!encoding) {
        unsigned rank = block.getRank();
        SmallVector<unsigned> order;
        for (unsigned dim = rank; dim-- > 0;)
          order.push_back(dim);
        encoding = getNVMMASharedEncoding(
            context, block.getShape(), order,
            findWantedCGALayout(members, numCTAs, rank),
            block.getElementType());
      }
      auto type = TensorDescType::get(
          context, RankedTensorType::get(block.getShape(),
                                         block.getElementType(), encoding));
      for (Value member : members)
        member.setType(type);
    }
    // Function types follow their (retyped) entry block arguments and
    // returned values.
    module.walk([&](FuncOp func) {
      if (func.isExternal())
        return;
      SmallVector<Type> results(func.getFunctionType().getResults());
      func.walk([&](ReturnOp ret) {
        if (ret->getParentOp() == func.getOperation())
          results.assign(ret.getOperandTypes().begin(),
                         ret.getOperandTypes().end());
      });
      func.setFunctionType(
          FunctionType::get(context, func.front().getArgumentTypes(), results));
    });
  }
};

} // namespace
