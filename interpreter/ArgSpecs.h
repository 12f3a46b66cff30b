//===- ArgSpecs.h - Kernel arguments from command-line specs ----*- C++ -*-===//
//
// `NAME=DTYPE[D0,D1,...]:INIT` binds a buffer, `NAME=TYPE:VALUE` a scalar.
// NAME is the argument's name (its name location, `x_ptr`) or its index.
// A buffer bound to a `!tt.tensordesc` argument is the tensor the descriptor
// describes (row-major; `{shape=D0xD1}` after the dimensions takes only its
// leading part, `{pad=nan}` pads out-of-bounds loads with NaN), and fills
// the shape (i32) and stride (i64) arguments Triton passes after it.
//
// Buffer initialisers: zeros, ones, arange, fill(V), file(PATH.npy),
// rand(SEED) (standard normal) and randint(LO,HI,SEED) (uniform in
// [LO, HI)). The generator is SplitMix64 seeded with SEED; rand turns pairs
// of 53-bit uniforms into pairs of normals with Marsaglia's polar method, and
// randint takes each 64-bit draw modulo HI - LO. Values are then
// rounded to the buffer's dtype (fp8 saturating). Tests compare against the
// inputs saved with --save, never against a regenerated stream.
//
//===----------------------------------------------------------------------===//

#ifndef INTERPRETER_ARGSPECS_H
#define INTERPRETER_ARGSPECS_H

#include "interpreter/Buffers.h"
#include "interpreter/Interpreter.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/Error.h"

namespace mlir {
namespace triton {
namespace interp {

/// One parsed --arg.
struct ArgSpec {
  std::string text; ///< the spec as given
  std::string name;
  bool isBuffer = false;
  std::string dtype; ///< buffer dtype or scalar type
  llvm::SmallVector<int64_t, 4> shape;
  std::string init;  ///< buffer initialiser
  std::string value; ///< scalar value
  /// Options of a buffer bound to a tensor descriptor argument,
  /// `{shape=D0xD1,pad=nan}`: the descriptor's shape when it views only the
  /// leading part of the buffer, and its padding.
  bool hasDescOptions = false;
  llvm::SmallVector<int64_t, 4> descShape;
  bool padNan = false;
};

/// Parses one spec; the error names what is wrong with it.
llvm::Expected<ArgSpec> parseArgSpec(llvm::StringRef text);

/// The MLIR element type of a spec dtype, or null when unknown.
mlir::Type dtypeToType(mlir::MLIRContext *ctx, llvm::StringRef dtype);

/// Creates the buffer of a buffer spec (reading or generating its data).
/// Generated values are computed on up to `threads` threads (0: one per
/// core); the values do not depend on it.
llvm::Expected<Buffer> makeBuffer(mlir::MLIRContext *ctx, const ArgSpec &spec,
                                  unsigned threads = 0);

/// Matches `specs` to the arguments of `kernel`, checks every type, creates
/// the buffers in `memory` and fills `args`. Reports each problem at the
/// kernel and fails if any. Buffers that would take more than `maxBytes`
/// together are refused before any is created.
LogicalResult bindArgs(Operation *kernel, llvm::ArrayRef<ArgSpec> specs,
                       Memory &memory, SmallVectorImpl<KernelArg> &args,
                       llvm::StringMap<size_t> &bufferByName,
                       int64_t maxBytes = RunLimits::kDefaultMaxMemory);

/// The name of kernel argument `i` (from its name location), or "".
std::string argName(Operation *kernel, unsigned i);

} // namespace interp
} // namespace triton
} // namespace mlir

#endif // INTERPRETER_ARGSPECS_H
