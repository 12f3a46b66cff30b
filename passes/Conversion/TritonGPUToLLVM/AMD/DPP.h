//===- DPP.h - gfx9 DPP cross-lane moves ------------------------*- C++ -*-===//
//
// DPP (data-parallel primitives) controls of gfx9: a lane reads another
// lane's register as an operand modifier, with no LDS traffic (ds_bpermute
// goes through the LDS crossbar). A wave's 64 lanes form 4 rows of 16, each
// of 4 banks of 4 lanes; row_mask and bank_mask pick the lanes that write
// (the others keep `old`), and with bound_ctrl a lane whose source lies
// outside its row reads 0 (else it too keeps `old`).
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_DPP_H
#define TRITON_PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_DPP_H

#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::triton::amd::dpp {

constexpr int kQuadPerm = 0x000; // + lane i of each quad reads bits [2i, 2i+2)
constexpr int kRowShl = 0x100;   // + n: lane reads lane + n of its row
constexpr int kRowShr = 0x110;   // + n: lane reads lane - n of its row
constexpr int kRowBcast15 = 0x142; // rows 1-3 read lane 15 of the row before
constexpr int kRowBcast31 = 0x143; // rows 2 and 3 read lane 31
constexpr int kAllRows = 0xF, kAllBanks = 0xF;

/// `src` as read through the DPP `control`, lanes outside the masks keeping
/// `old`.
inline Value move(OpBuilder &b, Location loc, Value old, Value src,
                  int control, int rowMask = kAllRows,
                  int bankMask = kAllBanks, bool boundCtrl = false) {
  return ROCDL::DPPUpdateOp::create(b, loc, src.getType(), old, src, control,
                                    rowMask, bankMask, boundCtrl);
}

} // namespace mlir::triton::amd::dpp

#endif // TRITON_PASSES_CONVERSION_TRITONGPUTOLLVM_AMD_DPP_H
