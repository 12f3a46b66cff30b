//===- StageTimes.h - Milliseconds per compile stage ------------*- C++ -*-===//
//
// What triton-compile -v prints for each kernel: the time of each stage, in
// the order they ran, measured from the end of the one before. The stages of
// emitPTX (LLVM O3, codegen, ptxas) are recorded into the same list by
// emitPTX itself.
//
//===----------------------------------------------------------------------===//

#ifndef TRANSLATE_STAGETIMES_H
#define TRANSLATE_STAGETIMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <chrono>
#include <utility>

namespace mlir {
namespace triton {

class StageTimes {
public:
  /// Ends `stage` (a string literal) now; the next one starts.
  void done(const char *stage) {
    done(stage, std::chrono::steady_clock::now());
  }
  /// Ends `stage` at `end` (not before the stage before it ended; work of
  /// another thread, which ended then); the next one starts there.
  void done(const char *stage, std::chrono::steady_clock::time_point end) {
    end = std::max(end, last);
    stages.push_back(
        {stage, std::chrono::duration<double, std::milli>(end - last).count()});
    last = end;
  }
  llvm::ArrayRef<std::pair<const char *, double>> get() const {
    return stages;
  }

private:
  llvm::SmallVector<std::pair<const char *, double>> stages;
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
};

} // namespace triton
} // namespace mlir

#endif // TRANSLATE_STAGETIMES_H
