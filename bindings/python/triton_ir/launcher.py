"""Launches a compiled kernel (a cubin and its metadata) through the CUDA
driver API with ctypes: no dependency beyond libcuda.so.1.

    from triton_ir.launcher import Kernel
    kernel = Kernel(cubin_bytes, metadata_dict)
    kernel[(blocks,)](x, y, out, n)          # arrays on the GPU, then scalars

Pointer arguments are anything exposing __cuda_array_interface__ (CuPy,
PyTorch, Numba) or DLPack (__dlpack__), or a plain int address. The launch
follows the metadata (DESIGN.md's kernel ABI): threads_per_warp * num_warps
threads, `shared` bytes of dynamic shared memory (opted into above 48 KiB), a
global-scratch buffer of global_scratch_size bytes per program when non-zero,
and the two scratch pointers after the kernel's own arguments. A kernel of
num_ctas > 1 runs each program on a cluster of num_ctas CTAs along x, as
Triton 3.6's launcher does: the grid counts programs (clusters), and the
launch asks for grid x num_ctas CTAs with that cluster shape.

This file imports nothing of the native module, so that it runs on a machine
without LLVM (load it by path there).
"""

import ctypes

_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
_SCALARS = {
    "i1": ctypes.c_int8, "i8": ctypes.c_int8, "i16": ctypes.c_int16, "i32": ctypes.c_int32,
    "i64": ctypes.c_int64, "u1": ctypes.c_uint8, "u8": ctypes.c_uint8, "u16": ctypes.c_uint16,
    "u32": ctypes.c_uint32, "u64": ctypes.c_uint64, "fp32": ctypes.c_float,
    "f32": ctypes.c_float, "fp64": ctypes.c_double, "f64": ctypes.c_double,
}


# cuLaunchKernelEx's configuration (cuda.h's CUlaunchConfig and
# CUlaunchAttribute, whose value is a 64-byte union).
_CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4
_CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5
# CUclusterSchedulingPolicy
CLUSTER_SCHEDULING = {"default": 0, "spread": 1, "load_balancing": 2}


class _ClusterDim(ctypes.Structure):
    _fields_ = [("x", ctypes.c_uint), ("y", ctypes.c_uint), ("z", ctypes.c_uint)]


class _LaunchAttrValue(ctypes.Union):
    _fields_ = [("clusterDim", _ClusterDim), ("clusterSchedulingPolicyPreference", ctypes.c_int),
                ("pad", ctypes.c_char * 64)]


class _LaunchAttr(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int), ("pad", ctypes.c_char * 4), ("value", _LaunchAttrValue)]


class _LaunchConfig(ctypes.Structure):
    _fields_ = [("gridDimX", ctypes.c_uint), ("gridDimY", ctypes.c_uint),
                ("gridDimZ", ctypes.c_uint), ("blockDimX", ctypes.c_uint),
                ("blockDimY", ctypes.c_uint), ("blockDimZ", ctypes.c_uint),
                ("sharedMemBytes", ctypes.c_uint), ("hStream", ctypes.c_void_p),
                ("attrs", ctypes.POINTER(_LaunchAttr)), ("numAttrs", ctypes.c_uint)]


def cluster_attributes(ctas, scheduling="spread"):
    """The launch attributes of programs on clusters of CTAS CTAs along x, as
    Triton 3.6's launcher asks for them: the cluster shape and the "spread"
    scheduling preference (clusters placed across the GPU's processor
    clusters rather than packed; on the H200 the driver's default timed the
    same for 3.6's 2-CTA matmul). SCHEDULING names another policy, for
    measuring that."""
    attrs = (_LaunchAttr * 2)()
    attrs[0].id = _CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
    attrs[0].value.clusterDim = _ClusterDim(ctas, 1, 1)
    attrs[1].id = _CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE
    attrs[1].value.clusterSchedulingPolicyPreference = CLUSTER_SCHEDULING[scheduling]
    return attrs


class CudaError(RuntimeError):
    pass


class _Driver:
    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")
        self.check(self.lib.cuInit(0), "cuInit")

    def check(self, status, what):
        if status != 0:
            name = ctypes.c_char_p()
            self.lib.cuGetErrorName(status, ctypes.byref(name))
            raise CudaError(f"{what} failed: {name.value.decode() if name.value else status}")

    def current_context(self):
        """The current context, else device 0's primary context made current."""
        context = ctypes.c_void_p()
        self.check(self.lib.cuCtxGetCurrent(ctypes.byref(context)), "cuCtxGetCurrent")
        if not context.value:
            device = ctypes.c_int()
            self.check(self.lib.cuDeviceGet(ctypes.byref(device), 0), "cuDeviceGet")
            self.check(self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(context), device),
                       "cuDevicePrimaryCtxRetain")
            self.check(self.lib.cuCtxSetCurrent(context), "cuCtxSetCurrent")
        return context


_driver = None


def driver():
    global _driver
    if _driver is None:
        _driver = _Driver()
    return _driver


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


_DL_CUDA, _DL_CUDA_MANAGED = 2, 13


def device_pointer(arg):
    """The device address of a GPU array (CUDA array interface or DLPack)."""
    if isinstance(arg, int):
        return arg
    interface = getattr(arg, "__cuda_array_interface__", None)
    if interface is not None:
        return interface["data"][0]
    if hasattr(arg, "__dlpack__"):
        capsule = arg.__dlpack__()
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
        # A DLManagedTensor starts with its DLTensor. The capsule is left
        # unconsumed: the array keeps owning its memory.
        tensor = _DLTensor.from_address(get(capsule, b"dltensor"))
        if tensor.device.device_type not in (_DL_CUDA, _DL_CUDA_MANAGED):
            raise ValueError(f"the DLPack tensor is on device type {tensor.device.device_type}, "
                             "not CUDA")
        return tensor.data + tensor.byte_offset
    raise TypeError(f"{type(arg).__name__} is not a GPU array (no __cuda_array_interface__ "
                    "or __dlpack__)")


class Kernel:
    """A cubin's kernel, loaded into the current CUDA context."""

    def __init__(self, cubin, metadata):
        if metadata.get("target", {}).get("backend") != "cuda":
            raise ValueError("the launcher runs cuda kernels")
        if metadata.get("num_ctas", 1) not in (1, 2, 4, 8):
            raise ValueError(f"num_ctas = {metadata['num_ctas']}: clusters of 2, 4 or 8 CTAs "
                             "launch, larger ones need a non-portable cluster size")
        self.metadata = metadata
        d = driver()
        d.current_context()
        self.module = ctypes.c_void_p()
        d.check(d.lib.cuModuleLoadData(ctypes.byref(self.module), ctypes.c_char_p(cubin)),
                "cuModuleLoadData")
        self.function = ctypes.c_void_p()
        d.check(d.lib.cuModuleGetFunction(ctypes.byref(self.function), self.module,
                                          metadata["name"].encode()), "cuModuleGetFunction")
        self.shared = metadata["shared"]
        if self.shared > 48 * 1024:
            d.check(d.lib.cuFuncSetAttribute(self.function,
                                             _CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                             self.shared), "cuFuncSetAttribute")

    def __getitem__(self, grid):
        return lambda *args, stream=None: self.launch(grid, *args, stream=stream)

    def launch(self, grid, *args, stream=None):
        """Launches over `grid` (an int or up to three); waits for the kernel
        unless a stream (a CUstream handle as an int) is given."""
        d = driver()
        grid = (grid,) if isinstance(grid, int) else tuple(grid)
        grid = grid + (1,) * (3 - len(grid))
        params = self.metadata["params"]
        if len(args) != len(params):
            raise TypeError(f"{self.metadata['name']} takes {len(params)} arguments "
                            f"({', '.join(params)}), {len(args)} given")
        values = []
        for param, arg in zip(params, args):
            if param.startswith("*"):
                values.append(ctypes.c_void_p(device_pointer(arg)))
            elif param in _SCALARS:
                values.append(_SCALARS[param](arg))
            else:
                raise TypeError(f"the launcher cannot pass a {param} argument yet")
        scratch = ctypes.c_void_p(0)
        scratch_size = self.metadata.get("global_scratch_size", 0)
        if scratch_size:
            d.check(d.lib.cuMemAlloc_v2(ctypes.byref(scratch),
                                        ctypes.c_size_t(scratch_size * grid[0] * grid[1] * grid[2]
                                                        * self.metadata.get("num_ctas", 1))),
                    "cuMemAlloc")
        profile = ctypes.c_void_p(0)
        values += [scratch, profile]
        pointers = (ctypes.c_void_p * len(values))(
            *[ctypes.cast(ctypes.pointer(v), ctypes.c_void_p) for v in values])
        threads = self.metadata["threads_per_warp"] * self.metadata["num_warps"]
        ctas = self.metadata.get("num_ctas", 1)
        try:
            if ctas == 1:
                d.check(d.lib.cuLaunchKernel(self.function, grid[0], grid[1], grid[2], threads,
                                             1, 1, self.shared, ctypes.c_void_p(stream or 0),
                                             pointers, None), "cuLaunchKernel")
            else:
                attrs = cluster_attributes(ctas)
                config = _LaunchConfig(grid[0] * ctas, grid[1], grid[2], threads, 1, 1,
                                       self.shared, ctypes.c_void_p(stream or 0),
                                       attrs, len(attrs))
                d.check(d.lib.cuLaunchKernelEx(ctypes.byref(config), self.function, pointers,
                                               None), "cuLaunchKernelEx")
            if stream is None:
                d.check(d.lib.cuCtxSynchronize(), "cuCtxSynchronize")
        finally:
            if scratch.value:
                if stream is not None:
                    d.check(d.lib.cuStreamSynchronize(ctypes.c_void_p(stream)), "cuStreamSynchronize")
                d.lib.cuMemFree_v2(scratch)
