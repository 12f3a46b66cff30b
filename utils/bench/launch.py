"""Tensor-descriptor (TMA) arguments and launches of our cubins for run.py.

A kernel parameter of type `!tt.tensordesc` is, in Triton 3.6's ABI, a
128-byte CUtensorMap passed by value followed by the tensor's shape (i32)
and strides (i64); without TMA (sm_80) the CUtensorMap's place holds the
base pointer, shape and strides (i64) and a NaN-padding flag (i1). The kernel's JSON (`tensordesc_meta`) says how each was
encoded (swizzle, data type, box); `encode` builds it with the driver's
cuTensorMapEncodeTiled, and `launch` calls cuLaunchKernel with arbitrary
parameter bytes (CuPy's launcher takes only scalars and pointers), or
cuLaunchKernelEx for programs on clusters of CTAs.
"""
import ctypes

import cupy as cp

_cuda = ctypes.CDLL("libcuda.so.1")
_cuda.cuTensorMapEncodeTiled.restype = ctypes.c_int


class Desc:
    """A host-made tensor descriptor argument: `tensor` read and written in
    blocks of `block` (the kernel's block shape)."""

    def __init__(self, tensor, block):
        self.tensor, self.block = tensor, list(block)


def encode(desc, meta):
    """The 128 CUtensorMap bytes of `desc` as the kernel expects them."""
    t = desc.tensor
    rank = t.dim()
    dims = (ctypes.c_uint64 * rank)(*reversed(t.shape))
    strides = (ctypes.c_uint64 * max(1, rank - 1))(
        *[s * t.element_size() for s in reversed(t.stride()[:-1])])
    box = (ctypes.c_uint32 * rank)(*reversed(meta["block_size"]))
    ones = (ctypes.c_uint32 * rank)(*([1] * rank))
    out = (ctypes.c_uint8 * 128)()
    # interleave none, L2 promotion 128B, out-of-bounds fill zero
    # The metadata numbers element types as PTX's tensormap does (Triton
    # 3.6's); the driver has FLOAT64 8, BFLOAT16 9, FLOAT32_FTZ 10 instead
    # of PTX's 9, 10, 8.
    host_type = {8: 10, 9: 8, 10: 9}.get(meta["elem_type"], meta["elem_type"])
    err = _cuda.cuTensorMapEncodeTiled(out, host_type, rank, ctypes.c_void_p(t.data_ptr()),
                                       dims, strides, box, ones, 0, meta["swizzle"], 2, 0)
    if err != 0:
        raise RuntimeError(f"cuTensorMapEncodeTiled failed with CUresult {err}")
    return out


def launch_params(args, meta):
    """ctypes objects for each parameter: tensors as pointers, ints as i32,
    floats as f32, and a Desc as Triton 3.6's launcher passes it: where the
    kernel takes a TMA descriptor (`nvTmaDesc`), its CUtensorMap; on targets
    without TMA its base, shape and strides (i64) and NaN-padding flag (i1);
    then, either way, its shape (i32) and strides (i64) again."""
    params, descs = [], iter(meta.get("tensordesc_meta", []))
    spelled = meta.get("params", [])
    for a in args:
        if isinstance(a, Desc):
            if len(spelled) > len(params) and spelled[len(params)] != "nvTmaDesc":
                params.append(ctypes.c_uint64(a.tensor.data_ptr()))
                params += [ctypes.c_int64(s) for s in a.tensor.shape]
                params += [ctypes.c_int64(s) for s in a.tensor.stride()]
                params.append(ctypes.c_uint8(0))  # zero padding
            else:
                params.append(encode(a, next(descs)))
            params += [ctypes.c_int32(s) for s in a.tensor.shape]
            params += [ctypes.c_int64(s) for s in a.tensor.stride()]
        elif hasattr(a, "data_ptr"):
            params.append(ctypes.c_uint64(a.data_ptr()))
        elif isinstance(a, float):
            params.append(ctypes.c_float(a))
        else:
            params.append(ctypes.c_int32(a))
    return params


def _cluster_structs():
    """cuLaunchKernelEx's configuration structures, from triton_ir's launcher
    (loaded by path: it imports nothing native)."""
    import importlib.util
    import os
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bindings",
                        "python", "triton_ir", "launcher.py")
    spec = importlib.util.spec_from_file_location("triton_ir_launcher", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def launcher(function, grid, block, shared, params, ctas=1, scheduling="spread"):
    """A callable launching `function` (a CuPy Function) with `params`. With
    CTAS > 1 each program is a cluster of CTAS CTAs along x (Triton 3.6's
    launch: the grid counts clusters; cuLaunchKernelEx over grid x CTAS CTAs
    with the cluster's shape and SCHEDULING, a CUclusterSchedulingPolicy
    name, 3.6's "spread" unless a variant asks for another)."""
    handle = getattr(function, "kernel", function).ptr  # RawKernel -> Function
    pointers = (ctypes.c_void_p * len(params))(*[ctypes.addressof(p) for p in params])
    grid = tuple(grid) + (1,) * (3 - len(grid))

    if ctas == 1:
        def run():
            cp.cuda.driver.launchKernel(handle, *grid, *block, shared, 0,
                                        ctypes.addressof(pointers), 0)
        run.keep = (params, pointers)
        return run
    structs = _cluster_structs()
    attrs = structs.cluster_attributes(ctas, scheduling)
    config = structs._LaunchConfig(grid[0] * ctas, grid[1], grid[2], *block, shared,
                                   ctypes.c_void_p(0), attrs, len(attrs))
    _cuda.cuLaunchKernelEx.restype = ctypes.c_int

    def run():
        err = _cuda.cuLaunchKernelEx(ctypes.byref(config), ctypes.c_void_p(handle),
                                     pointers, None)
        if err != 0:
            raise RuntimeError(f"cuLaunchKernelEx failed with CUresult {err}")
    run.keep = (params, pointers, attrs, config)
    return run
