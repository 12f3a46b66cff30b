"""Triton IR from Python: parse, print and verify modules, run passes and
pipelines, compile to PTX/cubin (or AMDGCN), interpret kernels on NumPy
arrays, mangle names, and build kernels with the calls Triton's frontend makes.

    import triton_ir as tir
    module = tir.parse(open("add.ttir").read(), "add.ttir")
    tir.run(module, (2,), x, y, out, 1500)          # the interpreter, on arrays
    kernel = tir.compile(module, target="cuda:90")  # .asm["ptx"], .asm["cubin"], .metadata

Errors of the IR raise DiagnosticError, whose .diagnostics hold file, line,
column, severity and message. docs/Bindings.md describes the module.
"""

try:
    from ._triton_ir import (CACHE_MODIFIER, EVICTION_POLICY, INPUT_PRECISION, Context, Diagnostic,
                             DiagnosticError, InsertPoint, Module, OpState, attribute, block,
                             builder, context, demangle, function, get_default_context, location,
                             mangle_type, module, parse, region, run_pipeline, type, value)
    from .compiler import CompiledKernel, compile
    from .interpreter import run
    from .mangling import mangle_fn
except ImportError as error:
    # Without the native module (another Python, no LLVM 22 on the machine)
    # the pure-Python parts still import: triton_ir.launcher and
    # triton_ir.triton_backend. The rest says why it is missing.
    _native_error = error

    def __getattr__(name):
        if name not in __all__:
            raise AttributeError(f"module 'triton_ir' has no attribute {name!r}")
        raise ImportError(f"triton_ir.{name} needs the native module _triton_ir, which did not "
                          f"load: {_native_error}") from _native_error

__all__ = [
    "CACHE_MODIFIER", "EVICTION_POLICY", "INPUT_PRECISION", "CompiledKernel", "Context", "Diagnostic",
    "DiagnosticError", "InsertPoint", "Module", "OpState", "attribute", "block", "builder", "compile",
    "context", "demangle", "function", "get_default_context", "location", "mangle_fn", "mangle_type",
    "module", "parse", "parse_file", "region", "run", "run_pipeline", "type", "value",
]


def parse_file(path, context=None):
    """Parses the module in the file at `path` (its diagnostics name the file)."""
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), str(path), context)
