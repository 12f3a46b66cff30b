#!/usr/bin/env python3
"""GPU check of the Triton backend plugin (bindings/python/triton_ir/triton_backend.py):
benchmark-harness kernels (utils/bench) called as @triton.jit functions, once
compiled by Triton 3.6 and once through the plugin (Triton's frontend and
make_ttir, then our triton-compile), each checked against the case's reference
(PyTorch in float64, or Triton's own compile where the case says so) and
timed with triton.testing.do_bench in alternating rounds.

    python3 utils/plugin-check.py --tool PATH/triton-compile [--rounds N] [--json FILE] CASE...|all

Prints one line per case (errors, seconds of each side's first call, which
compiles, rates, ratio plugin / Triton) and exits 1 when a case is wrong, was
not compiled through the plugin (its kernel has Triton's TTGIR stage) or
fails. The first calls are not a compile-time comparison: Triton's side also
builds its launcher, which the plugin's side then finds in Triton's cache. Corpus cases
(corpus.*) need the shared corpus and are not taken."""

import argparse
import copy
import importlib.util
import json
import os
import statistics
import sys
import time
import zlib
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "bench"))
from registry import all_cases, resolve_kernel  # noqa: E402
from run import Kern, output_error  # noqa: E402  (what a case builder may ask of its kernel)


def load_backend():
    """The plugin, loaded by path: it needs no native module."""
    path = os.path.join(HERE, "..", "bindings", "python", "triton_ir", "triton_backend.py")
    spec = importlib.util.spec_from_file_location("triton_backend", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def triton_args(args):
    """Host descriptors (the harness's launch.Desc) as Triton's TensorDescriptor."""
    from triton.tools.tensor_descriptor import TensorDescriptor
    return [TensorDescriptor.from_tensor(a.tensor, a.block)
            if type(a).__name__ == "Desc" and hasattr(a, "block") else a for a in args]


def fresh_jit(fn):
    """FN with a cache of its own: its compiles are kept apart from FN's."""
    other = copy.copy(fn)
    other.device_caches = defaultdict(other.create_binder)
    return other


def check_case(torch, triton, backend, case, rounds):
    c = {k: (v.resolve() if hasattr(v, "resolve") else v) for k, v in case.constexprs.items()}
    fn = resolve_kernel(case.kernel)
    kern = Kern(case, fn, c)
    options = dict(num_warps=case.warps, num_stages=case.stages)
    row = {"case": case.name}
    sides = {}
    # Each side on its own inputs, drawn alike; the reference is made before
    # the plugin is installed (some cases' reference is Triton's compile).
    for side in ("triton", "plugin"):
        torch.manual_seed(zlib.crc32(case.name.encode()))
        args, outs, ref, grid, work = case.build(torch, "cuda", case.size, c, kern)
        expected = ref()
        if side == "plugin":
            backend.install(backend.find_tool())
        try:
            jit = fn if side == "triton" else fresh_jit(fn)
            call_args = triton_args(args)
            start = time.perf_counter()
            compiled = jit[grid](*call_args, **c, **options)
            torch.cuda.synchronize()
            row[f"first_call_s_{side}"] = round(time.perf_counter() - start, 3)
            # Triton's own stages leave TTGIR beside the cubin; the plugin's do not.
            row[f"stages_{side}"] = sorted(compiled.asm)
        finally:
            backend.uninstall()
        row[f"err_{side}"] = output_error(torch, outs, expected)
        sides[side] = (lambda j=jit, a=call_args, g=grid: (a, j[g](*a, **c, **options)))
    row["through_plugin"] = "ttgir" not in row["stages_plugin"] and "ttgir" in row["stages_triton"]
    row["correct"] = row["err_plugin"] <= case.tol and row["through_plugin"]
    scale = 1e-9 if case.metric == "GB/s" else 1e-12
    rates = {side: [] for side in sides}
    order = list(sides)
    for r in range(rounds if case.timed and work else 0):
        for side in (order if r % 2 == 0 else order[::-1]):
            ms = triton.testing.do_bench(sides[side], warmup=25, rep=100, return_mode="median")
            rates[side].append(work / (ms * 1e-3) * scale)
    if rates["triton"]:
        row.update(metric=case.metric,
                   plugin=round(statistics.median(rates["plugin"]), 2),
                   triton=round(statistics.median(rates["triton"]), 2),
                   ratio=round(statistics.median(
                       [p / t for p, t in zip(rates["plugin"], rates["triton"])]), 3))
    return row


HEADER = (f"{'case':24} {'ok':3} {'err plugin':>10} {'err triton':>10} "
          f"{'first call s plugin / triton':>28} {'plugin':>9} {'triton':>9} {'ratio':>6}")


def print_row(row):
    if "error" in row:
        print(f"{row['case']:24} no  {row['error']}", flush=True)
        return
    rate = (f"{row['plugin']:>9} {row['triton']:>9} {row['ratio']:>6} {row['metric']}"
            if "ratio" in row else "")
    ok = "yes" if row["correct"] else ("NO" if row["through_plugin"] else "NOT-OURS")
    print(f"{row['case']:24} {ok:3} {row['err_plugin']:10.2e} "
          f"{row['err_triton']:10.2e} {row['first_call_s_plugin']:>14} / {row['first_call_s_triton']:<11} "
          f"{rate}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="+")
    parser.add_argument("--tool", help="triton-compile (default: $TRITON_IR_COMPILE)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", help="write the rows here")
    args = parser.parse_args()
    if args.tool:
        os.environ["TRITON_IR_COMPILE"] = os.path.abspath(args.tool)

    import torch
    import triton
    backend = load_backend()
    backend.find_tool()  # fails early, with the reason
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8,
                                                                 device="cuda"))
    by_name = {c.name: c for c in all_cases()}
    if args.cases == ["all"]:  # every case a Triton plugin can see
        args.cases = [c.name for c in all_cases() if not c.kernel.startswith("corpus.")
                      and c.stage == "ttir" and c.target == "cuda:90"]
    rows = []
    print(HEADER, flush=True)
    for name in args.cases:
        case = by_name.get(name)
        if case is None or case.kernel.startswith("corpus.") or case.stage != "ttir" \
                or case.target != "cuda:90":
            rows.append({"case": name, "correct": False,
                         "error": "no such harness case (sm_90 from TTIR, not corpus)"})
            print_row(rows[-1])
            continue
        try:
            rows.append(check_case(torch, triton, backend, case, args.rounds))
        except Exception as e:  # one broken case must not hide the others
            rows.append({"case": name, "correct": False,
                         "error": f"{type(e).__name__}: {str(e)[:400]}"})
        print_row(rows[-1])
        torch.cuda.empty_cache()
        if args.json:  # after each case: a run cut short keeps what it did
            with open(args.json, "w") as f:
                json.dump(rows, f, indent=1)
    sys.exit(0 if all(r.get("correct") for r in rows) else 1)


if __name__ == "__main__":
    main()
