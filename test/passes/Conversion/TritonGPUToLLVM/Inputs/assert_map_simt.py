"""Runs two harness kernels through make_ttgir and make_llir for gfx942 and
gfx90a (triton-opt's pipelines) and on the CPU with the SIMT simulator
(test/scripts/simt_sim.py), and compares them with the interpreter
(triton-run) on their TTIR:

- huber_map (tt.map_elementwise with two scf.if in its region): y for inputs
  taking each of the region's four paths (the simulator needs every thread
  on one path), exactly as the interpreter computes it;
- assert (three tt.assert, one on the loaded x): with x >= 0 the same y as
  the interpreter; with a negative x the interpreter reports the assertion
  and the lowered kernel prints 3.6's "device assertion failed" line to
  stderr in each thread, then traps.

Prints one line per case, then a count.

Usage: assert_map_simt.py TRITON_OPT TRITON_RUN SCRIPTS_DIR INPUTS_DIR
(INPUTS_DIR: test/Inputs, holding huber_map/ and assert/.)
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

OPT, RUN, SCRIPTS, INPUTS = sys.argv[1:5]
sys.path.insert(0, SCRIPTS)
import simt_sim  # noqa: E402

TMP = tempfile.mkdtemp()
N = 1024  # each kernel's block: one program covers it
WARPS = 4


def lowered(ttir, arch):
    options = f"target=hip:{arch} num-warps={WARPS} num-stages=2"
    r = subprocess.run([OPT, ttir, f"-triton-make-ttgir={options}", f"-triton-make-llir={options}",
                        "--mlir-print-op-generic"], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(r.stderr.strip().splitlines()[0])
    return r.stdout, int(re.search(r"ttg.shared = (\d+)", r.stdout).group(1))


def interpreted(ttir, x, n, extra=()):
    src, out = os.path.join(TMP, "x.npy"), os.path.join(TMP, "y.npy")
    np.save(src, x)
    r = subprocess.run([RUN, ttir, "--grid", "1", "--arg", f"x_ptr=f32[{N}]:file({src})",
                        "--arg", f"y_ptr=f32[{N}]:fill(-1)", "--arg", f"n=i32:{n}",
                        *extra, "--save", f"y_ptr={out}"], capture_output=True, text=True)
    if r.returncode:
        return None, r.stderr
    return np.load(out), ""


def simulated(text, shared, name, arrays, n):
    outs, races = simt_sim.run(text, name, arrays + [n], WARPS * 64, shared, warp_size=64)
    if races:
        raise RuntimeError(f"races: {races[:2]}")
    return outs


def huber_cases(arch):
    ttir = os.path.join(INPUTS, "huber_map", "huber_map.ttir")
    text, shared = lowered(ttir, arch)
    rng = np.random.default_rng(7)
    u = rng.uniform(0.0, 1.0, N).astype(np.float32)
    # delta is 1: |x| below it squares, above it grows linearly.
    for path, x in (("x<-1", -1.5 - 3 * u), ("-1<x<0", -0.9 * u - 0.05), ("0<x<1", 0.9 * u + 0.05),
                    ("x>1", 1.5 + 3 * u)):
        x = x.astype(np.float32)
        want, err = interpreted(ttir, x, N)
        if want is None:
            yield f"huber_map {arch} {path}", False, err.strip()
            continue
        got = simulated(text, shared, "huber_map", [x.copy(), np.full(N, -1, np.float32)], N)[1]
        yield f"huber_map {arch} {path}", np.array_equal(got, want), ""


def assert_cases(arch):
    ttir = os.path.join(INPUTS, "assert", "assert.ttir")
    text, shared = lowered(ttir, arch)
    rng = np.random.default_rng(11)
    x = rng.uniform(0.0, 9.0, N).astype(np.float32)
    # The loads stay pointer loads (the int64 overflow checks keep the
    # offsets out of buffer ops), masked under a branch: the simulator needs
    # every thread on one side of it, so n is all or nothing.
    for n in (N, 0):
        want, err = interpreted(ttir, x, n)
        got = simulated(text, shared, "asserted_scale", [x.copy(), np.full(N, -1, np.float32)], n)[1]
        ok = want is not None and np.array_equal(got, want)
        yield f"assert {arch} x>=0 n={n}", ok, err.strip()
    # Every element negative: every thread fails the assertion on x alike.
    neg = -1.0 - x
    want, err = interpreted(ttir, neg, N)
    try:
        simulated(text, shared, "asserted_scale", [neg.copy(), np.full(N, -1, np.float32)], N)
        yield f"assert {arch} x<0", False, "the simulated kernel did not trap"
        return
    except simt_sim.Trapped as trap:
        printed = trap.printed
    lines = {(stream, line) for _, stream, line in printed}
    expected = re.compile(r"device assertion failed: 'negative input', in asserted_scale at "
                          r".*kernels_wide3\.py:\d+\n")
    ok = (want is None and "assertion failed: negative input" in err and len(printed) == WARPS * 64
          and len(lines) == 1 and all(s == "stderr" and expected.fullmatch(t) for s, t in lines))
    detail = "" if ok else f"interpreter: {err.strip()!r}; printed: {sorted(lines)[:2]}"
    yield f"assert {arch} x<0 traps after printing", ok, detail


total = passed = 0
for arch in ("gfx942", "gfx90a"):
    for cases in (huber_cases, assert_cases):
        try:
            results = list(cases(arch))
        except Exception as e:  # noqa: BLE001 -- a lowering or simulation error fails the kernel
            results = [(f"{cases.__name__} {arch}", False, str(e))]
        for name, ok, detail in results:
            total += 1
            passed += ok
            print(("PASS " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))
print(f"{passed} of {total} cases match")
