//===- TritonGPUDialect.td - The TritonGPU (ttg) dialect --*- tablegen -*-===//
//
// The dialect of Triton's GPU-level IR (TTGIR), as Triton 3.6 prints it.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_DIALECT_TD
#define TRITONGPU_DIALECT_TD

include "mlir/IR/OpBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::mlir::triton::gpu";
  let summary = "The Triton GPU-level IR (TTGIR)";
  let description = [{
    Tensors of TTIR with layout encodings that distribute their elements over
    registers, lanes, warps and CTAs, shared-memory descriptors, and the ops
    that move data between registers, shared memory and global memory. Module
    attributes `ttg.num-warps`, `ttg.num-ctas`, `ttg.threads-per-warp` and
    `ttg.target` describe the launch.

    ```mlir
    #blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    ```
  }];
  let dependentDialects = ["::mlir::triton::TritonDialect"];
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();

    /// toLinearLayout's results in this context (LinearLayoutCache.h).
    LinearLayoutCache &getLinearLayoutCache() { return *linearLayoutCache; }

  private:
    std::unique_ptr<LinearLayoutCache> linearLayoutCache;
  }];
  let hasOperationAttrVerify = 1;
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
}

#endif // TRITONGPU_DIALECT_TD
