#!/usr/bin/env python3
"""Runs, on the GPU machine, the cubins tools/make_refs.py prepared (`run.py
prepare` runs it), on the inputs it drew, and compares every buffer afterwards with what our
interpreter (triton-run) computed from the same inputs: integers exactly,
floats within a relative tolerance (libdevice's and NumPy's math differ in the
last bits; atomics may add in another order). Prints one line per kernel.

Usage: check_refs.py DIR
"""
import json
import os
import sys

import cupy as cp
import numpy as np

DIR = sys.argv[1]
SCALAR = {"i32": np.int32, "i64": np.int64, "f32": np.float32}


def check(name):
    spec = json.load(open(os.path.join(DIR, name, "spec.json")))
    meta = json.load(open(os.path.join(DIR, f"{name}.json")))
    fn = cp.RawModule(path=os.path.join(DIR, f"{name}.cubin")).get_function(meta["name"])
    buffers, params = {}, []
    for arg in spec["args"]:
        if arg["kind"] == "buffer":
            host = np.load(os.path.join(DIR, name, f"in.{arg['name']}.npy"))
            buffers[arg["name"]] = cp.asarray(host)
            params.append(np.uint64(buffers[arg["name"]].data.ptr))
        else:
            params.append(SCALAR[arg["dtype"]](arg["value"]))
    params += [np.uint64(0), np.uint64(0)]
    grid = tuple(spec["grid"]) + (1,) * (3 - len(spec["grid"]))
    fn(grid, (meta["threads_per_warp"] * meta["num_warps"], 1, 1), tuple(params),
       shared_mem=meta["shared"])
    cp.cuda.runtime.deviceSynchronize()
    worst = 0.0
    for arg_name, buffer in buffers.items():
        got = cp.asnumpy(buffer)
        want = np.load(os.path.join(DIR, name, f"ref.{arg_name}.npy"))
        if got.dtype.kind == "f":
            got64, want64 = got.astype(np.float64), want.astype(np.float64)
            if not np.array_equal(np.isnan(got64), np.isnan(want64)):
                return f"WRONG     {name}: NaNs differ in {arg_name}"
            finite = ~np.isnan(want64)
            denom = max(np.linalg.norm(want64[finite]), 1e-30)
            err = np.linalg.norm(got64[finite] - want64[finite]) / denom
            worst = max(worst, err)
            if err > 1e-5:
                return f"WRONG     {name}: {arg_name} relative error {err:.2e}"
        elif not np.array_equal(got, want):
            bad = np.argwhere(got != want)[:3].tolist()
            return f"WRONG     {name}: {arg_name} differs at {bad}"
    return f"ok        {name}: every buffer matches the interpreter (float rel err {worst:.1e})"


for entry in sorted(os.listdir(DIR)):
    if os.path.isdir(os.path.join(DIR, entry)) and os.path.exists(os.path.join(DIR, entry, "spec.json")):
        try:
            print(check(entry))
        except Exception as e:  # one broken kernel must not hide the others
            print(f"ERROR     {entry}: {str(e)[:150]}")
