//===- Passes.td - TTIR to TTGIR --------------------------*- tablegen -*-===//

#ifndef CONVERSION_TRITONTOTRITONGPU_PASSES_TD
#define CONVERSION_TRITONTOTRITONGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTritonToTritonGPU : Pass<"convert-triton-to-tritongpu", "mlir::ModuleOp"> {
  let summary = "Gives every tensor of a TTIR module a layout: TTIR to TTGIR";
  let description = [{
    Every tensor without an encoding gets the default `#ttg.blocked` layout
    of its shape for `num-warps`, `threads-per-warp` and `num-ctas` (one
    element per thread, threads then warps spread from the fastest dimension);
    the module gets `ttg.num-warps`, `ttg.num-ctas`, `ttg.threads-per-warp`
    and `ttg.target`. Ops whose layout follows from their operands get that
    layout instead: `tt.broadcast` keeps its source's, `tt.reduce` yields a
    `#ttg.slice` of its source's, `tt.expand_dims` takes a `#ttg.slice` of
    its result's, `tt.trans`/`tt.join`/`tt.split` permute, extend or shrink
    their source's, and `tt.dot` takes `#ttg.dot_op` operands of its
    accumulator's layout. `ttg.convert_layout` joins values whose layouts
    differ. `scf` loops, ifs and functions are converted with their types.

    ```mlir
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    // becomes, with num-warps=4
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    // #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"\"",
           "the target, e.g. cuda:90 or hip:gfx942 (recorded as ttg.target)">,
    Option<"numWarps", "num-warps", "int32_t", /*default=*/"4", "warps per program">,
    Option<"threadsPerWarp", "threads-per-warp", "int32_t", /*default=*/"32",
           "threads per warp (64 on AMD)">,
    Option<"numCTAs", "num-ctas", "int32_t", /*default=*/"1", "CTAs per cluster">,
    Option<"enableSourceRemat", "enable-source-remat", "bool", /*default=*/"false",
           "accepted for compatibility with upstream's flag; has no effect">
  ];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

#endif // CONVERSION_TRITONTOTRITONGPU_PASSES_TD
