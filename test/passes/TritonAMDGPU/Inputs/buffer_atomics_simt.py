"""Runs the buffer-atomics kernel (Inputs/buffer-atomics.mlir) through
-tritonamdgpu-convert-buffer-ops and the AMD lowering for gfx942, on the CPU
(test/scripts/simt_sim.py: every thread in lockstep, buffer atomics one
thread after another), and compares every output buffer with what the
interpreter (triton-run) computes for the kernel before the conversion and
for the converted kernel. Prints one line per case, then a count. The
kernel runs on its module's "ttg.num-warps" warps of 64 lanes.

Usage: buffer_atomics_simt.py TRITON_OPT TRITON_RUN SCRIPTS_DIR INPUT
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

OPT, RUN, SCRIPTS, INPUT = sys.argv[1:5]
sys.path.insert(0, SCRIPTS)
import simt_sim  # noqa: E402

TMP = tempfile.mkdtemp()
# name, dtype, elements; the interpreter's spelling of the type
BUFFERS = [("f", np.float32, 256, "f32"), ("i", np.int32, 8 * 256, "i32"),
           ("l", np.int64, 256, "i64"), ("d", np.float64, 256, "f64"),
           ("fo", np.float32, 256, "f32"), ("io", np.int32, 7 * 256, "i32"),
           ("lo", np.int64, 256, "i64"), ("do", np.float64, 256, "f64")]


def inputs(seed):
    rng = np.random.default_rng(seed)
    arrays = {
        "f": rng.integers(-8, 8, 256).astype(np.float32) / 4,
        "i": rng.integers(0, 1 << 12, 8 * 256).astype(np.int32),
        "l": np.arange(256, dtype=np.int64),
        "d": rng.integers(-200, 200, 256).astype(np.float64),
    }
    for name, dtype, size, _ in BUFFERS:
        arrays.setdefault(name, np.full(size, -1, dtype=dtype))
    return arrays


def interpreted(path, arrays, n):
    args = []
    for name, _, size, spelling in BUFFERS:
        src = os.path.join(TMP, f"in_{name}.npy")
        np.save(src, arrays[name])
        args += ["--arg", f"{name}={spelling}[{size}]:file({src})",
                 "--save", f"{name}={os.path.join(TMP, f'out_{name}.npy')}"]
    subprocess.run([RUN, path, "--grid", "1", *args, "--arg", f"n=i32:{n}"],
                   check=True, capture_output=True, text=True)
    return {name: np.load(os.path.join(TMP, f"out_{name}.npy")) for name, *_ in BUFFERS}


WARPS = int(re.search(r'"ttg.num-warps" = (\d+)', open(INPUT).read()).group(1))


def converted():
    text = subprocess.run([OPT, INPUT, "-tritonamdgpu-convert-buffer-ops"],
                          capture_output=True, text=True, check=True).stdout
    kinds = sorted(set(re.findall(r"amdg\.buffer_atomic_(rmw \w+|cas)", text)))
    if "tt.atomic" in text:
        raise RuntimeError("an atomic was not converted")
    # The printer numbers the arguments; the interpreter's --arg names them.
    names = [name for name, *_ in BUFFERS] + ["n"]
    text = re.sub(r"%arg(\d+)\b", lambda m: "%" + names[int(m.group(1))], text)
    path = os.path.join(TMP, "converted.mlir")
    open(path, "w").write(text)
    return path, text, kinds


def lowered(text):
    r = subprocess.run([OPT, "-", "-convert-scf-to-cf", "-allocate-amdgpu-shared-memory",
                        "-convert-triton-amdgpu-to-llvm=gfx-arch=gfx942", "-canonicalize", "-cse",
                        "-reconcile-unrealized-casts", "--mlir-print-op-generic"],
                       input=text, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(r.stderr.strip().splitlines()[0])
    return r.stdout, int(re.search(r"ttg.shared = (\d+)", r.stdout).group(1))


path, text, kinds = converted()
print("converted: " + ", ".join(kinds))
llvm, shared = lowered(text)
passed = total = 0
for seed, n in ((1, 256), (2, 200), (3, 0)):
    arrays = inputs(seed)
    order = [name for name, *_ in BUFFERS]
    outs, races = simt_sim.run(llvm, "atomics", [arrays[k].copy() for k in order] + [n],
                               64 * WARPS, shared, warp_size=64)
    simulated = dict(zip(order, outs))
    before = interpreted(INPUT, arrays, n)
    after = interpreted(path, arrays, n)
    for name in order:
        total += 1
        ok = (np.array_equal(simulated[name], before[name]) and
              np.array_equal(after[name], before[name]) and not races)
        passed += ok
        print(("PASS " if ok else "FAIL ") + f"n={n} {name}" + ("" if ok else f": {races[:2]}"))
print(f"{passed} of {total} cases match")
