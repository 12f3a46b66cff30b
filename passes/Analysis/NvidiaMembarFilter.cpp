//===- NvidiaMembarFilter.cpp - Accesses NVIDIA orders without bar.sync ---===//

#include "passes/Analysis/NvidiaMembarFilter.h"

#include "dialects/TritonNvidiaGPU/IR/Dialect.h"

using namespace mlir;
namespace ttng = mlir::triton::nvidia_gpu;

bool mlir::triton::nvidiaOrdersWithoutBarrier(Operation *earlier,
                                              Operation *later) {
  if (isa<ttng::InitBarrierOp>(earlier) && isa<ttng::InitBarrierOp>(later))
    return true;
  if (isa<ttng::InvalBarrierOp>(earlier) && isa<ttng::InvalBarrierOp>(later))
    return true;
  if (isa<ttng::WaitBarrierOp>(earlier) && isa<ttng::WaitBarrierOp>(later))
    return false;
  auto tracked = [](Operation *op) {
    return isa<ttng::WaitBarrierOp, ttng::AsyncTMACopyGlobalToLocalOp,
               ttng::BarrierExpectOp>(op);
  };
  if (tracked(earlier) && tracked(later))
    return true;
  return isa<ttng::AsyncTMACopyGlobalToLocalOp, ttng::WaitBarrierOp>(earlier) &&
         !isa<ttng::InvalBarrierOp>(later);
}
