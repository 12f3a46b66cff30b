//===- HoistLayoutConversions.cpp - Dot operands converted once ----------===//
//
// In attention kernels the Q tile is loaded before the K loop and converted
// to a dot-operand layout inside it, so every iteration redoes a conversion
// (through LDS) of the same value. A `ttg.convert_layout` to `#ttg.dot_op`
// whose source is computed by an op outside the loop around it is moved to
// just after that op: converted once, kept in registers across the loop.
// The conversion is pure, so running it where the loop might not run costs
// time only. Sources that are block arguments (function or loop arguments)
// stay where they are, as in Triton 3.6.
//
//===----------------------------------------------------------------------===//

#include "passes/TritonAMDGPU/Passes.h"

#include "dialects/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace triton {
namespace amdgpu {
#define GEN_PASS_DEF_TRITONAMDGPUHOISTLAYOUTCONVERSIONS
#include "passes/TritonAMDGPU/Passes.h.inc"
} // namespace amdgpu
} // namespace triton
} // namespace mlir

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {

/// Moves `convert` after its source's op when that op is outside the
/// innermost loop around `convert`.
void hoistOutOfLoop(ConvertLayoutOp convert) {
  auto type = dyn_cast<RankedTensorType>(convert.getType());
  if (!type || !isa_and_nonnull<DotOperandEncodingAttr>(type.getEncoding()))
    return;
  Operation *def = convert.getSrc().getDefiningOp();
  if (!def)
    return;
  auto loop = convert->getParentOfType<scf::ForOp>();
  if (loop && !loop->isAncestor(def))
    convert->moveAfter(def);
}

struct HoistLayoutConversionsPass
    : public amdgpu::impl::TritonAMDGPUHoistLayoutConversionsBase<
          HoistLayoutConversionsPass> {
  void runOnOperation() override {
    SmallVector<ConvertLayoutOp> converts;
    getOperation().walk(
        [&](ConvertLayoutOp convert) { converts.push_back(convert); });
    for (ConvertLayoutOp convert : converts)
      hoistOutOfLoop(convert);
  }
};

} // namespace
