"""The interpreter on NumPy arrays."""

import numbers

import numpy as np

from . import _triton_ir

# NumPy dtypes as triton-run names them.
_DTYPES = {
    np.dtype(np.bool_): "i1", np.dtype(np.int8): "i8", np.dtype(np.int16): "i16",
    np.dtype(np.int32): "i32", np.dtype(np.int64): "i64", np.dtype(np.uint8): "u8",
    np.dtype(np.uint16): "u16", np.dtype(np.uint32): "u32", np.dtype(np.uint64): "u64",
    np.dtype(np.float16): "f16", np.dtype(np.float32): "f32", np.dtype(np.float64): "f64",
}


def _spec(index, arg):
    if isinstance(arg, np.ndarray):
        if arg.dtype not in _DTYPES:
            raise TypeError(f"argument {index}: the interpreter takes no {arg.dtype} arrays")
        if not arg.flags.c_contiguous or not arg.flags.writeable:
            raise ValueError(f"argument {index}: the array must be C-contiguous and writeable")
        return ("buffer", _DTYPES[arg.dtype], arg.ctypes.data, list(arg.shape))
    if isinstance(arg, (bool, np.bool_)):
        return ("int", int(arg))
    if isinstance(arg, numbers.Integral):
        return ("int", int(arg))
    if isinstance(arg, numbers.Real):
        return ("float", float(arg))
    raise TypeError(f"argument {index}: expected a NumPy array or a number, got {type(arg).__name__}")


def run(module, grid, *args, kernel=""):
    """Runs `kernel` (default: the first public tt.func) of `module` (or its
    text) over `grid` (an int or a tuple of up to three) on `args`, in the
    kernel's parameter order: NumPy arrays for pointers, numbers for scalars.
    The arrays are read before the run and written back after it; an access
    outside them, like any error, raises DiagnosticError."""
    if isinstance(module, str):
        module = _triton_ir.parse(module)
    if isinstance(grid, numbers.Integral):
        grid = (grid,)
    specs = [_spec(i, arg) for i, arg in enumerate(args)]
    # The arrays stay referenced by `args` while the native code uses them.
    _triton_ir._interpret(module, kernel, [int(g) for g in grid], specs)
