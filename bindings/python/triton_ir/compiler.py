"""Triton IR text or modules to device code and launch metadata."""

import json

from . import _triton_ir


class CompiledKernel:
    """A compiled kernel: `asm` maps "ptx" and "cubin" (cuda targets) or
    "amdgcn" and "hsaco" (hip targets) to the code, `metadata` is the launch
    metadata (the keys of triton-compile's .json), `name` the kernel's."""

    def __init__(self, asm, metadata):
        self.asm = asm
        self.metadata = metadata
        self.name = metadata["name"]

    def __repr__(self):
        return f"<CompiledKernel {self.name} for {self.metadata['target']}>"


def compile(module, target="cuda:90", num_warps=4, num_ctas=1, num_stages=3, ptx_version=87,
            ptxas=None, maxnreg=None, nvjitlink=None):
    """Compiles TTIR or TTGIR (a module, or its text) as triton-compile does:
    make_ttir, make_ttgir and make_llir (make_llir alone for TTGIR), then the
    device code. MAXNREG (cuda targets): the registers a thread may use, 1-255,
    as Triton's maxnreg option; None lets ptxas choose. NVJITLINK (cuda
    targets): CUDA's nvJitLink library, a path or a name the dynamic loader
    finds, to assemble the cubin in this process instead of ptxas (not
    ptxas's cubin: triton-compile --nvjitlink). The module given is left as
    it was."""
    if maxnreg is not None and not 1 <= maxnreg <= 255:
        raise ValueError(f"maxnreg={maxnreg!r}: a thread can be given 1-255 registers")
    if isinstance(module, str):
        module = _triton_ir.parse(module)
    assembly, binary, metadata = _triton_ir._compile(module, target, num_warps, num_ctas,
                                                     num_stages, ptx_version, ptxas,
                                                     maxnreg or 0, nvjitlink)
    names = ("ptx", "cubin") if target.startswith("cuda:") else ("amdgcn", "hsaco")
    return CompiledKernel({names[0]: assembly, names[1]: binary}, json.loads(metadata))
