#!/usr/bin/env python3
"""GPU check of triton_ir's ctypes launcher (bindings/python/triton_ir/launcher.py).

Runs a cubin compiled on the build machine (the GPU machine has no LLVM 22):

    # here:  PYTHONPATH=build/python /usr/bin/python3 examples/add_kernel_builder.py --out gpu-inputs
    # there: python3 utils/launch-check.py gpu-inputs/add_kernel

The vector-add kernel runs on PyTorch (else CuPy) arrays passed once through
__cuda_array_interface__ and once through DLPack only, on a size that leaves
the last program partly masked; prints one line per case and exits 1 on a
wrong result."""

import importlib.util
import json
import os
import sys


def load_launcher():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bindings", "python",
                        "triton_ir", "launcher.py")
    spec = importlib.util.spec_from_file_location("launcher", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class DLPackOnly:
    """Hides every interface of an array but DLPack."""

    def __init__(self, array):
        self.array = array

    def __dlpack__(self, stream=None):
        return self.array.__dlpack__()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    prefix = sys.argv[1]
    launcher = load_launcher()
    with open(prefix + ".json") as f:
        metadata = json.load(f)
    with open(prefix + ".cubin", "rb") as f:
        kernel = launcher.Kernel(f.read(), metadata)
    try:
        import torch
        make = lambda values: torch.tensor(values, dtype=torch.float32, device="cuda")
        host = lambda array: array.cpu().tolist()
    except ImportError:
        import cupy
        make = lambda values: cupy.asarray(values, dtype=cupy.float32)
        host = lambda array: cupy.asnumpy(array).tolist()
    n, size = 3000, 4096
    ok = True
    for how, wrap in (("__cuda_array_interface__", lambda a: a), ("DLPack", DLPackOnly)):
        x = make([float(i) for i in range(size)])
        y = make([0.25 * i for i in range(size)])
        out = make([-1.0] * size)
        kernel[((n + 1023) // 1024,)](wrap(x), wrap(y), wrap(out), n)
        got = host(out)
        wrong = sum(got[i] != 1.25 * i for i in range(n)) + sum(v != -1.0 for v in got[n:])
        print(f"{metadata['name']} via {how}: {'ok' if not wrong else f'{wrong} wrong'}")
        ok &= not wrong
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
