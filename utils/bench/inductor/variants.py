#!/usr/bin/env python3
"""Times other compiles of TorchInductor kernels beside ours, on the GPU,
without torch.compile: for kernels that autotuning compiles but may not
launch (sweep.py compare times only what a program launches).

  variants.py DIR --rows R --cols C --out OUT STEM...   (GPU machine)

DIR holds, for each STEM (the first 8 hex digits of a kernel's hash in
test/Inputs/inductor/index.json), our STEM.cubin and STEM.json
(`triton-compile -o DIR/STEM`) and any variants STEM@SUFFIX.cubin (another
compile of the same TTIR: a change of the compiler against what it was).
Each kernel is launched as Inductor launches a reduction over an R x C
tensor: every pointer argument a buffer of R * C elements of its type (the
TTIR's `in_ptr*` ones drawn at random, the others zero), `xnumel` R,
`r0_numel` / `rnumel` C, one program per XBLOCK rows (XBLOCK: the length of
the TTIR's `xindex` range, 1 without one).

Checks: ours gives the same output buffers in two launches, and each
variant byte-identical ones on the same inputs; with `--reference sort`
(Inductor's sort of each row: the first floating-point output holds the
sorted rows, the first integer output their indices in the input) every
variant is also checked against NumPy's sort (indices of equal values in
any order). Every buffer is made and read on the
launches' stream (a non-blocking stream does not wait for the default one's
fills). Timing: a burst of launches queued behind a GPU spin (so the
CPU is ahead and launch overhead is not timed), median over bursts, rounds
alternating between the variants. Writes OUT/inductor-variants.json and a
table (.md); `time_ratio` is the variant's time / ours (>= 1: ours is
faster)."""
import argparse
import datetime
import json
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "..", "..", "..", "test", "Inputs", "inductor")

ELEMENT = {"f32": "float32", "f16": "float16", "bf16": "uint16", "f64": "float64",
           "i1": "int8", "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64"}

SPIN = r'''
extern "C" __global__ void spin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {}
}
'''


def kernel_source(stem):
    index = json.load(open(os.path.join(INPUTS, "index.json")))
    found = [k for h, k in index.items() if h.startswith(stem)]
    if len(found) != 1:
        sys.exit(f"{stem}: {len(found)} kernels in {INPUTS}/index.json start so")
    return open(os.path.join(INPUTS, found[0]["file"])).read()


def signature(ttir):
    """[(name, element type or None for a scalar, scalar type)] of the
    kernel's arguments, in order, and its XBLOCK."""
    header = re.search(r"tt\.func public @\w+\((.*?)\)\s*attributes", ttir, re.S)
    if not header:
        sys.exit("no public tt.func in the TTIR")
    args = []
    for name, ty in re.findall(r"%(\w+): (!tt\.ptr<\w+>|i\d+|f\d+)", header.group(1)):
        ptr = re.match(r"!tt\.ptr<(\w+)>", ty)
        args.append((name, ptr.group(1) if ptr else None, ty))
    xblock = re.search(r"%xindex\w* = tt\.make_range \{end = (\d+) : i32, start = 0", ttir)
    return args, int(xblock.group(1)) if xblock else 1


def check_sort(np, args, inputs, outs, a):
    """Whether the sorted rows and their indices are NumPy's."""
    x = inputs[[name for name, elem, _ in args if name in inputs][0]].reshape(a.rows, a.cols)
    values = next(v for k, v in outs.items() if dict((n, e) for n, e, _ in args)[k][0] == "f")
    index = next(v for k, v in outs.items() if dict((n, e) for n, e, _ in args)[k][0] == "i")
    values, index = values.reshape(a.rows, a.cols), index.reshape(a.rows, a.cols)
    wrong_values = int((values != np.sort(x, axis=1)).any(axis=1).sum())
    in_range = (index >= 0).all() and (index < a.cols).all()
    wrong_index = (a.rows if not in_range else
                   int((np.take_along_axis(x, index, axis=1) != values).any(axis=1).sum() +
                       (np.sort(index, axis=1) != np.arange(a.cols)).any(axis=1).sum()))
    if not wrong_values and not wrong_index:
        return "sorted as NumPy sorts"
    return f"NOT sorted: {wrong_values} rows of values, {wrong_index} rows of indices wrong"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("dir")
    p.add_argument("stems", nargs="+")
    p.add_argument("--rows", type=int, required=True)
    p.add_argument("--cols", type=int, required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--bursts", type=int, default=7)
    p.add_argument("--count", type=int, default=20)
    p.add_argument("--reference", choices=["sort"])
    a = p.parse_args()

    import cupy as cp
    import numpy as np
    stream = cp.cuda.Stream(non_blocking=True)
    spin = cp.RawKernel(SPIN, "spin")
    rng = np.random.default_rng(0)
    results = {}
    for stem in a.stems:
        args, xblock = signature(kernel_source(stem))
        ours = json.load(open(os.path.join(a.dir, stem + ".json")))
        n = a.rows * a.cols
        inputs, scalars = {}, []
        for name, elem, ty in args:
            if elem is None:
                value = a.rows if name == "xnumel" else a.cols if name in (
                    "r0_numel", "rnumel") else None
                if value is None:
                    sys.exit(f"{stem}: no value for the scalar argument {name}")
                scalars.append((name, np.int32(value) if ty == "i32" else np.int64(value)))
            elif name.startswith("in_ptr"):
                data = (rng.standard_normal(n).astype(ELEMENT[elem])
                        if elem.startswith("f") else
                        rng.integers(0, a.cols, n).astype(ELEMENT[elem]))
                inputs[name] = data
        variants = {"ours": os.path.join(a.dir, stem + ".cubin")}
        for f in sorted(os.listdir(a.dir)):
            if f.startswith(stem + "@") and f.endswith(".cubin"):
                variants[f[len(stem) + 1:-len(".cubin")]] = os.path.join(a.dir, f)
        grid = ((a.rows + xblock - 1) // xblock, 1, 1)
        block = (32 * ours["num_warps"], 1, 1)

        def prepare(cubin):
            """A launch of `cubin` on fresh buffers, and its output buffers."""
            fn = cp.RawModule(path=cubin).get_function(ours["name"])
            if ours["shared"] > 48 * 1024:
                fn.max_dynamic_shared_size_bytes = ours["shared"]
            buffers, params = {}, []
            with stream:
                for name, elem, ty in args:
                    if elem is None:
                        params.append(dict(scalars)[name])
                        continue
                    buf = (cp.asarray(inputs[name]) if name in inputs
                           else cp.zeros(n, dtype=ELEMENT[elem]))
                    buffers[name] = buf
                    params.append(buf)
                scratch = cp.zeros(max(1, ours.get("global_scratch_size", 0) * grid[0]),
                                   cp.uint8)
            stream.synchronize()
            params += [scratch if ours.get("global_scratch_size", 0) else np.uint64(0),
                       np.uint64(0)]

            def launch(fn=fn, params=tuple(params)):
                fn(grid, block, params, shared_mem=ours["shared"], stream=stream)
            launch.keep = (scratch, buffers)
            return launch, {k: v for k, v in buffers.items() if k not in inputs}

        def run_once(cubin):
            launch, outs = prepare(cubin)
            launch()
            stream.synchronize()
            with stream:
                got = {k: cp.asnumpy(v, stream=stream) for k, v in outs.items()}
            stream.synchronize()
            return launch, got

        launches, outputs = {}, {}
        for label, cubin in variants.items():
            launches[label], outputs[label] = run_once(cubin)
        _, again = run_once(variants["ours"])
        checks = {}
        for label in variants:
            diff = [f"{k} at {int((outputs[label][k] != v).sum())} elements"
                    for k, v in outputs["ours"].items()
                    if not np.array_equal(outputs[label][k], v)]
            checks[label] = "exact" if not diff else "DIFF: " + ", ".join(diff)
        checks["ours"] = ("NOT the same in two launches"
                          if any(not np.array_equal(v, outputs["ours"][k])
                                 for k, v in again.items()) else "the same in two launches")
        if a.reference == "sort":
            for label in variants:
                checks[label] += "; " + check_sort(np, args, inputs, outputs[label], a)
        times = {label: [] for label in variants}
        for _ in range(a.rounds):
            for label, launch in launches.items():
                for _ in range(a.bursts):
                    start, end = cp.cuda.Event(), cp.cuda.Event()
                    spin((1, 1, 1), (1, 1, 1), (np.int64(2_000_000),), stream=stream)
                    start.record(stream)
                    for _ in range(a.count):
                        launch()
                    end.record(stream)
                    end.synchronize()
                    times[label].append(cp.cuda.get_elapsed_time(start, end) * 1000 / a.count)
        med = {label: statistics.median(t) for label, t in times.items()}
        results[stem] = {
            "name": ours["name"], "grid": grid[0], "xblock": xblock,
            "variants": {label: {"us": med[label], "time_ratio": med[label] / med["ours"],
                                 "check": checks[label], "us_all": times[label]}
                         for label in variants}}
        print(stem, " ".join(f"{label} {med[label]:.2f} us ({checks[label]})"
                             for label in variants), flush=True)

    os.makedirs(a.out, exist_ok=True)
    doc = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(),
           "rows": a.rows, "cols": a.cols, "rounds": a.rounds, "bursts": a.bursts,
           "count": a.count, "kernels": results}
    json.dump(doc, open(os.path.join(a.out, "inductor-variants.json"), "w"), indent=1)
    lines = [f"Inductor kernels, {a.rows} x {a.cols}, {doc['device']}, {doc['date']}", "",
             "| kernel | variant | us | time / ours | check |", "|---|---|---:|---:|---|"]
    for stem, r in results.items():
        for label, v in r["variants"].items():
            lines.append(f"| {r['name']}-{stem} (grid {r['grid']}) | {label} | {v['us']:.2f} | "
                         f"{v['time_ratio']:.3f} | {v['check']} |")
    open(os.path.join(a.out, "inductor-variants.md"), "w").write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
