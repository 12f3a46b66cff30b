#!/usr/bin/env python3
"""Prepares, on the build machine, the interpreter-checked GPU runs: for each
corpus kernel of the table in test/passes/semantic/semantic.py that our tools
compile, the kernel's inputs (OUT/NAME/in.ARG.npy), the buffers after a run
of our interpreter, triton-run, on them (OUT/NAME/ref.ARG.npy), our cubin and
metadata (OUT/NAME.cubin, .json) and OUT/NAME/spec.json (grid, arguments in
signature order). utils/bench/tools/check_refs.py then runs the cubins on the GPU and
compares every buffer with the interpreter's.

Usage: make_refs.py BUILD_BIN CORPUS OUT KERNEL...
"""
import json
import os
import re
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "test", "passes", "semantic"))
from semantic import KERNELS  # noqa: E402

BIN, CORPUS, OUT = sys.argv[1:4]
NP = {"f32": np.float32, "f16": np.float16, "i32": np.int32, "i64": np.int64, "u32": np.uint32}


def signature(ttir):
    head = re.search(r"tt\.func public @\w+\((.*?)\) attributes", open(ttir).read())
    return re.findall(r'loc\("(\w+)"', head.group(1))


def make_input(spec, rng):
    """NAME=DTYPE[D0,...]:INIT -> (name, dtype, array) with INIT drawn here."""
    name, rest = spec.split("=", 1)
    m = re.match(r"(\w+)\[([\d,]+)\]:(\w+)(?:\((.*)\))?$", rest)
    dtype, shape, init, params = m.group(1), [int(d) for d in m.group(2).split(",")], \
        m.group(3), m.group(4)
    if dtype not in NP:
        return None
    if init == "zeros":
        array = np.zeros(shape, NP[dtype])
    elif init == "randint":
        lo, hi = [int(p) for p in params.split(",")[:2]]
        array = rng.integers(lo, hi, shape).astype(NP[dtype])
    else:
        array = rng.standard_normal(shape).astype(NP[dtype])
    return name, dtype, array


def main():
    compile_ = os.path.join(HERE, "..", "..", "triton-compile")
    for kernel in sys.argv[4:]:
        if kernel not in KERNELS:
            print(f"skipped   {kernel}: no inputs in the semantic table")
            continue
        path, grid, args, _ = KERNELS[kernel]
        ttir = os.path.join(CORPUS, path + ".ttir")
        if not os.path.exists(ttir):  # kernels the reference stopped after its frontend
            ttir = os.path.join(CORPUS, path + ".frontend.mlir")
        out = os.path.join(OUT, kernel)
        os.makedirs(out, exist_ok=True)
        built = subprocess.run([compile_, "-o", out, ttir],
                               env=dict(os.environ, TRITON_BIN=BIN), capture_output=True, text=True)
        if built.returncode != 0:
            print(f"FAILED    {kernel}: {built.stderr.strip().splitlines()[0][:150]}")
            continue
        rng = np.random.default_rng(7)
        run = [os.path.join(BIN, "triton-run"), ttir, "--grid", grid]
        spec = {"grid": [int(g) for g in grid.split(",")], "args": []}
        by_name = {}
        for arg in args:
            name = arg.split("=", 1)[0]
            if "[" in arg:
                made = make_input(arg, rng)
                if made is None:
                    break
                _, dtype, array = made
                np.save(os.path.join(out, f"in.{name}.npy"), array)
                run += ["--arg", f"{name}={dtype}[{','.join(map(str, array.shape))}]:"
                        f"file({os.path.join(out, f'in.{name}.npy')})",
                        "--save", f"{name}={os.path.join(out, f'ref.{name}.npy')}"]
                by_name[name] = {"name": name, "kind": "buffer", "dtype": dtype}
            else:
                dtype, value = arg.split("=", 1)[1].split(":")
                run += ["--arg", arg]
                by_name[name] = {"name": name, "kind": "scalar", "dtype": dtype,
                                 "value": float(value) if dtype.startswith("f") else int(value)}
        else:
            ran = subprocess.run(run, capture_output=True, text=True)
            if ran.returncode != 0:
                print(f"FAILED    {kernel}: triton-run: {ran.stderr.strip()[:150]}")
                continue
            spec["args"] = [by_name[n] for n in signature(ttir)]
            json.dump(spec, open(os.path.join(out, "spec.json"), "w"), indent=1)
            print(f"prepared  {kernel}")
            continue
        print(f"skipped   {kernel}: an input type the check does not draw")


main()
