# The three-process compile that utils/triton-compile ran up to 2026-12-02,
# the reference for the triton-compile tool: triton-opt (make_ttir, make_ttgir,
# make_llir; make_llir alone for TTGIR), triton-translate (LLVM, PTX and the
# metadata, from the printed LLVM-dialect module), ptxas (the cubin).
#   three-process-compile.py BIN PTXAS OUTDIR NAME INPUT WARPS STAGES
import os
import re
import subprocess
import sys

bin_dir, ptxas, out_dir, name, source, warps, stages = sys.argv[1:]
prefix = os.path.join(out_dir, name)
options = f"target=cuda:90 num-warps={warps} num-ctas=1 num-stages={stages}"
with open(source) as f:
    ttgir = re.search(r'"?ttg\.num-warps"?', f.read()) is not None
pipeline = "-triton-make-llir" if ttgir else "-triton-to-llvm"
subprocess.run([os.path.join(bin_dir, "triton-opt"), source, f"{pipeline}={options}",
                "-o", prefix + ".llvm.mlir"], check=True, stderr=subprocess.DEVNULL)
subprocess.run([os.path.join(bin_dir, "triton-translate"), "--mlir-to-ptx", "--arch=sm_90a",
                prefix + ".llvm.mlir", "-o", prefix + ".ptx", "--metadata=" + prefix + ".json"],
               check=True)
# -v as the tools assemble (they read the register and spill counts from it);
# ptxas records its options in the cubin.
subprocess.run([ptxas, "-v", "--gpu-name=sm_90a", prefix + ".ptx", "-o", prefix + ".cubin"],
               check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
