//===- InitAllPasses.cpp - Register the passes triton-opt offers ----------===//

#include "passes/InitAllPasses.h"
#include "passes/Analysis/Passes.h"
#include "passes/Conversion/NVGPUToLLVM/Passes.h"
#include "passes/Conversion/TritonGPUToLLVM/Passes.h"
#include "passes/Conversion/TritonToTritonGPU/Passes.h"
#include "passes/Hopper/Passes.h"
#include "passes/LLVMIR/Passes.h"
#include "passes/Pipelines/Pipelines.h"
#include "passes/Specialize/Passes.h"
#include "passes/Triton/Passes.h"
#include "passes/TritonAMDGPU/Passes.h"
#include "passes/TritonGPU/Passes.h"
#include "passes/TritonNvidiaGPU/Passes.h"
#include "passes/UpstreamFlags.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Transforms/Passes.h"

void mlir::triton::registerTritonPasses() {
  // The project's passes and named pipelines.
  registerTritonTransformsPasses();
  registerTritonSpecializePasses();
  registerTritonPipelines();
  registerAllocationPasses();
  registerTritonToTritonGPUPasses();
  registerTritonGPUToLLVMPasses();
  registerNVGPUToLLVMPasses();
  registerTritonLLVMIRPasses();
  gpu::registerTritonGPUTransformsPasses();
  nvidia_gpu::registerTritonNvidiaGPUTransformsPasses();
  hopper::registerTritonHopperTransformsPasses();
  amdgpu::registerTritonAMDGPUTransformsPasses();
  // Upstream transforms that Triton's pipelines run.
  registerCanonicalizerPass();
  registerCSEPass();
  registerInlinerPass();
  registerSCCPPass();
  registerSymbolDCEPass();
  registerLoopInvariantCodeMotionPass();
  registerStripDebugInfoPass();
  // Upstream conversions used on the way to the LLVM dialect.
  registerSCFToControlFlowPass();
  registerConvertControlFlowToLLVMPass();
  registerArithToLLVMConversionPass();
  registerConvertIndexToLLVMPass();
  registerConvertNVVMToLLVMPass();
  registerReconcileUnrealizedCastsPass();
  // Last: upstream Triton's flag spellings, as aliases of the passes above.
  registerUpstreamFlags();
}
