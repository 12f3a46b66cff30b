//===- LLVMPasses.h - Triton's own passes over LLVM IR ----------*- C++ -*-===//
//
// New-pass-manager passes that the LLVM pipeline of LLVMCodegen.cpp runs
// around LLVM's O3, in a library of their own so that triton-llvm-opt runs
// exactly them on textual LLVM IR.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSLATE_LLVMPASSES_H
#define TRANSLATE_LLVMPASSES_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class FunctionPass;
class PassBuilder;
class PassInstrumentationCallbacks;
} // namespace llvm

namespace mlir {
namespace triton {

/// Replaces each phi of a struct of scalars by one phi per field (two lanes
/// of a vector for consecutive 16-bit floats); Triton's
/// `-break-struct-phi-nodes`.
struct BreakStructPhiNodesPass
    : llvm::PassInfoMixin<BreakStructPhiNodesPass> {
  /// Only phis of structs of at least `minFields` fields.
  explicit BreakStructPhiNodesPass(unsigned minFields = 0)
      : minFields(minFields) {}
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "BreakStructPhiNodesPass"; }
  unsigned minFields;
};

/// BreakStructPhiNodes for the phis of wide structs (at least
/// kWideStructFields fields: a loop-carried accumulator's registers), then
/// InstSimplify on the extract/insert chains around them where it split
/// one; at the start of the LLVM pipeline, for IPSCCP, which tracks every
/// field of every struct value through those chains;
/// `-split-wide-struct-phis`.
struct SplitWideStructPhisPass : llvm::PassInfoMixin<SplitWideStructPhisPass> {
  static constexpr unsigned kWideStructFields = 8;
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "SplitWideStructPhisPass"; }
};

/// Freezes the divisor of an integer division or remainder when it is a phi
/// that can be zero or undef (what a masked load's other value leaves on
/// the lanes it does not load), so that LLVM does not conclude from
/// "division by zero is undefined" that the masked path is never taken and
/// make the load unconditional; `-freeze-masked-div-rem`.
struct FreezeMaskedDivRemPass : llvm::PassInfoMixin<FreezeMaskedDivRemPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "FreezeMaskedDivRemPass"; }
};

/// Rebuilds four <4 x i8> values that are the columns of four 32-bit words
/// of bytes (a 4 x 4 byte transpose) as two rounds of two-source shuffles,
/// eight byte permutes instead of InstCombine's twelve;
/// `-transpose-byte-blocks` (ByteTransposes.cpp).
struct TransposeByteBlocksPass
    : llvm::PassInfoMixin<TransposeByteBlocksPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "TransposeByteBlocksPass"; }
};

/// Replaces a warp shuffle (llvm.nvvm.shfl.sync.*) by an identical one
/// shortly before it in its block, which LLVM's CSE does not do
/// (WarpShuffles.cpp); `-merge-warp-shuffles`.
struct MergeWarpShufflesPass : llvm::PassInfoMixin<MergeWarpShufflesPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "MergeWarpShufflesPass"; }
};

/// LLVM 22's straight-line strength reduction (bases by index, base or
/// stride difference), written again with its reuse check asked once per
/// instruction (DeltaStrengthReduction.cpp); `-delta-strength-reduction`.
struct DeltaStrengthReductionPass
    : llvm::PassInfoMixin<DeltaStrengthReductionPass> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses);
  static llvm::StringRef name() { return "DeltaStrengthReductionPass"; }
};

/// The same for a legacy (codegen) pass manager.
llvm::FunctionPass *createDeltaStrengthReductionLegacyPass();

/// Makes the passes above known to `builder`'s textual pipelines under their
/// flag names (`-passes=break-struct-phi-nodes,instcombine`).
void registerTritonLLVMPasses(llvm::PassBuilder &builder);

/// Gives LLVM's instrumentation the flag names of the passes above, so that
/// `-print-before=merge-warp-shuffles`, `-print-after=...` and the like
/// name them as they name LLVM's own.
void registerTritonLLVMPassNames(llvm::PassInstrumentationCallbacks &callbacks);

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_LLVMPASSES_H
