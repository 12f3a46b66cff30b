#!/usr/bin/env python3
"""Compile time, ours against Triton 3.6, on the GPU machine's CPU (issue 33).

    compile_bench.py pack DIR            # here: what the GPU machine needs, into DIR
    compile_bench.py run DIR --json F    # GPU machine: time both sides
    compile_bench.py report F [--out docs/results]

`pack` packs the static triton-compile and triton-opt (`make static-tools`,
build/static-stage/) and copies the corpus's TTIR into DIR (git-ignored,
carried); the harness and TorchInductor captures travel with the working
tree.

`run` unpacks the tools and measures, with every cache off, on the kernels of
compile_kernels.py that Triton compiles as we do (TTIR for cuda:90; `--kernels
a,b,...` those only, such as the kernels a change's PTX touches):

- per kernel, ours: the static triton-compile, one process per worker after a
  first kernel (as Triton and Inductor compile), its own stage times (-v);
  Triton: triton.compile() of the same TTIR file with the same warps, stages
  and CTAs in a Python process that has compiled a kernel before, its stage
  times through knobs.compilation.listener. Both sides' PTX -> cubin (our
  ptxas stage: the recompute-after-loops check's runs and the cubin's,
  overlapped; Triton's make_cubin) is timed apart, both with Triton's ptxas.
  The kernels are shared among WORKERS workers per side (8), each pinned to
  its own cores (taskset), ours first, then Triton's; that ROUNDS times
  (`--rounds`, 3), and each kernel's time is the median of its rounds (each
  stage's median, and for Triton its total's; both sides' per-kernel times
  move by 10-20% from one run to the next). After the first round the list
  is shuffled (seeded by the round, the same order on both sides), so that a
  kernel's rounds run on other workers' cores after other kernels: a kernel
  kept in its place is slowed alike in every round by a slow core or what the
  kernel before it left behind, and the median cannot undo that. Each round's
  totals are kept as well (`ours_rounds`, `triton_rounds`), and `report` gives
  the ratios of each side's fastest round beside the medians.
- a batch: the 128 TorchInductor TTIRs by one triton-compile -j16 process
  (wall, its start-up included) and by Triton in a pool of 16 processes that
  each compiled a kernel first (wall of the pool's map); and each kernel's
  time within its batch (ours: its stage times; Triton's: its
  triton.compile() call, and when it started).
- start-up: `--version` of the static triton-compile and triton-opt, median of
  20 runs.

`run --tool-arg ARG` (repeated) passes ARG to each triton-compile of ours
(e.g. `--verify-each`, to time another of its settings with the same static
binary); `run --ours-only` times ours alone (per kernel and batch), to set
beside Triton's times of a run made in the same call.

Each side's batch runs twice (`--pool-runs`): Triton's pool varied by
almost 2x between calls; the batch figure is the faster run of each side,
all are reported.

`run --keep-slow-ptx DIR` keeps Triton's TTGIR and PTX of the kernels whose
PTX -> cubin takes over a second (`--keep-ptx-over MS` sets another
threshold, 0 keeps all), to compare with ours. `report` also gives the bounds
of the batch on each side: its longest kernel, and all kernels' time spread
over the jobs.

Triton from a .ttir file starts at make_ttgir (its make_ttir is skipped for IR
input); ours runs make_ttir too (1-3 ms).
"""
import argparse
import datetime
import json
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compile_kernels  # noqa: E402

ROOT = compile_kernels.ROOT


# ---------------------------------------------------------------- pack ----

def cmd_pack(args):
    out = os.path.abspath(args.dir)
    os.makedirs(out, exist_ok=True)
    # triton-compile and triton-opt alone: the three tools' archive and the
    # working tree together pass the 64 MiB a device call carries.
    stage = os.path.join(ROOT, "build", "static-stage")
    subprocess.run(f"tar -C {stage} -cf - bin/triton-compile bin/triton-opt | xz -T0 -6 > "
                   f"{out}/triton-tools-static.tar.xz", shell=True, check=True)
    corpus = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
    for sub in ("triton-3.6-sm90", "triton-3.6-ops"):
        os.makedirs(os.path.join(out, "corpus", sub), exist_ok=True)
        for f in os.listdir(os.path.join(corpus, sub)):
            if f.endswith((".ttir", ".ttgir", ".meta.json")):
                shutil.copy(os.path.join(corpus, sub, f), os.path.join(out, "corpus", sub))
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(out) for f in fs)
    print(f"packed {out}: {size / 2**20:.1f} MiB")


# ----------------------------------------------------------------- run ----

def unpack_tools(folder):
    dest = os.path.join(tempfile.gettempdir(), "triton-tools-static")
    shutil.rmtree(dest, ignore_errors=True)
    with tarfile.open(os.path.join(folder, "triton-tools-static.tar.xz")) as tar:
        tar.extractall(dest)
    return os.path.join(dest, "bin")


def startup(tool, runs=20):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([tool, "--version"], stdout=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times)


def shares(items, n):
    return [items[i::n] for i in range(n)]


def median_rounds(rounds):
    """Per kernel, the median of its rounds: each stage's median, the
    total's and PTX -> cubin's; a kernel that failed in a round is the
    failure (the first)."""
    merged = {}
    for name in rounds[0]:
        runs = [r.get(name) for r in rounds]
        failed = next((run for run in runs if not (run and run.get("ok"))), None)
        if failed is not None or not runs:
            merged[name] = failed or dict(ok=False, error="missing in a round")
            continue
        stage_names = list(dict.fromkeys(st for run in runs for st in run["stages"]))
        stages = {st: statistics.median(run["stages"].get(st, 0.0) for run in runs)
                  for st in stage_names}
        merged[name] = dict(ok=True, stages=stages,
                            total=statistics.median(run["total"] for run in runs),
                            ptxas=statistics.median(run["ptxas"] or 0.0 for run in runs),
                            rounds=len(runs))
    return merged


def round_totals(rounds):
    """Per kernel, its total and PTX -> cubin in each round, in round order
    (None where it failed): what the fastest-round figure of `report` reads."""
    return {name: [[run[name]["total"], run[name]["ptxas"] or 0.0]
                   if run.get(name, {}).get("ok") else None for run in rounds]
            for name in rounds[0]}


def round_order(kernels, round_index):
    """The kernels in round ROUND_INDEX's order: as listed in the first round,
    then shuffled with the round as the seed."""
    order = list(kernels)
    if round_index:
        random.Random(round_index).shuffle(order)
    return order


def cores(worker, per):
    return f"{worker * per}-{worker * per + per - 1}"


STAGE = compile_kernels.STAGE


def ours_per_kernel(tool, ptxas, kernels, warmup, workers, per, tmp, tool_args=()):
    """Each worker: one triton-compile -j1 process over its share, after
    WARMUP; the stage times of each kernel from -v, in list order."""
    procs = []
    for w, share in enumerate(shares(kernels, workers)):
        batch = os.path.join(tmp, f"ours-{w}.txt")
        with open(batch, "w") as f:
            f.write(compile_kernels.batch_line(warmup, os.path.join(tmp, f"o{w}-warmup")) + "\n")
            for i, k in enumerate(share):
                f.write(compile_kernels.batch_line(k, os.path.join(tmp, f"o{w}-{i}")) + "\n")
        cmd = ["taskset", "-c", cores(w, per), tool, f"--ptxas={ptxas}", "--no-cache", "-v",
               "-j1", *tool_args, "--batch", batch]
        procs.append((share, subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                              stderr=subprocess.PIPE, text=True)))
    results = {}
    for share, proc in procs:
        _, err = proc.communicate()
        reports = compile_kernels.stage_reports(err)
        for k, (stages, ok) in zip(share, reports[1:]):
            results[k["name"]] = dict(ok=ok, stages=stages,
                                      total=sum(stages.values()) if ok else None,
                                      ptxas=stages.get("ptxas") if ok else None)
        if len(reports) != len(share) + 1:
            print(f"ours: {len(reports)} reports for {len(share) + 1} kernels", file=sys.stderr)
            print(err[-2000:], file=sys.stderr)
    return results


TRITON_WORKER = r"""
import json, os, sys, time, traceback
os.environ["TRITON_ALWAYS_COMPILE"] = "1"
os.environ["TRITON_CACHE_DIR"] = sys.argv[2]
import triton
from triton import knobs
from triton.backends.compiler import GPUTarget
target = GPUTarget("cuda", 90, 32)
stages = {}
def listener(src, metadata, metadata_group, times, cache_hit):
    stages.clear()
    stages["ir"] = times.ir_initialization / 1e3
    for name, us in times.lowering_stages:
        stages[name] = us / 1e3
    stages["store"] = times.store_results / 1e3
knobs.compilation.listener = listener
kernels = json.load(open(sys.argv[1]))
out = {}
for i, k in enumerate(kernels):
    opts = dict(num_warps=k["warps"], num_stages=k["stages"], num_ctas=k["ctas"])
    t = time.perf_counter()
    try:
        compiled = triton.compile(k["path"], target=target, options=opts)
        total = (time.perf_counter() - t) * 1e3
        if sys.argv[4] and i and stages.get("cubin", 0) > float(sys.argv[5]):
            name = k["name"].replace("/", "__").replace("@", "_at_")
            for stage in ("ttgir", "ptx"):
                open(os.path.join(sys.argv[4], f"{name}.{stage}"), "w").write(compiled.asm[stage])
        if i:
            out[k["name"]] = dict(ok=True, total=total, ptxas=stages.get("cubin"),
                                  stages=dict(stages))
    except Exception as e:
        out[k["name"]] = dict(ok=False, error=traceback.format_exception_only(e)[-1][:300])
json.dump(out, open(sys.argv[3], "w"))
"""


def triton_per_kernel(kernels, warmup, workers, per, tmp, keep_ptx=None, keep_over_ms=1000):
    """KEEP_PTX: a folder for Triton's TTGIR and PTX of the kernels whose
    PTX -> cubin took over KEEP_OVER_MS (to compare with ours)."""
    if keep_ptx:
        os.makedirs(keep_ptx, exist_ok=True)
    script = os.path.join(tmp, "triton_worker.py")
    open(script, "w").write(TRITON_WORKER)
    procs = []
    for w, share in enumerate(shares(kernels, workers)):
        src, res = os.path.join(tmp, f"t{w}.json"), os.path.join(tmp, f"t{w}-out.json")
        json.dump([warmup] + share, open(src, "w"))
        cmd = ["taskset", "-c", cores(w, per), sys.executable, script, src,
               os.path.join(tmp, f"tcache{w}"), res, keep_ptx or "", str(keep_over_ms)]
        procs.append((res, subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)))
    results = {}
    for res, proc in procs:
        _, err = proc.communicate()
        if proc.returncode:
            print(f"triton worker failed: {err[-2000:]}", file=sys.stderr)
            continue
        results.update(json.load(open(res)))
    return results


def _pool_init(cache):
    os.environ["TRITON_ALWAYS_COMPILE"] = "1"
    os.environ["TRITON_CACHE_DIR"] = cache + f"/{os.getpid()}"
    import triton  # noqa: F401


def _pool_compile(k):
    """Whether it compiled, and when it started and ended (CLOCK_MONOTONIC,
    one clock for all processes)."""
    import triton
    from triton.backends.compiler import GPUTarget
    start = time.monotonic()
    try:
        triton.compile(k["path"], target=GPUTarget("cuda", 90, 32),
                       options=dict(num_warps=k["warps"], num_stages=k["stages"],
                                    num_ctas=k["ctas"]))
        ok = True
    except Exception:
        ok = False
    return ok, start, time.monotonic()


def triton_pool(kernels, warmup, jobs, tmp):
    """The pool's wall time, the kernels compiled, and each kernel's seconds
    in the pool and when it started (from the map's start)."""
    import multiprocessing
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(jobs, initializer=_pool_init, initargs=(os.path.join(tmp, "pool"),)) as pool:
        pool.map(_pool_compile, [warmup] * jobs, chunksize=1)
        t = time.monotonic()
        done = pool.map(_pool_compile, kernels, chunksize=1)
        wall = time.monotonic() - t
    each = {k["name"]: dict(seconds=end - start, start=start - t)
            for k, (ok, start, end) in zip(kernels, done) if ok}
    return wall, sum(ok for ok, _, _ in done), each


def ours_batch(tool, ptxas, kernels, jobs, tmp, tool_args=()):
    """The batch's wall time, the kernels compiled, and each kernel's seconds
    in the batch (its stage times, -v)."""
    batch = os.path.join(tmp, "inductor.txt")
    with open(batch, "w") as f:
        for i, k in enumerate(kernels):
            f.write(compile_kernels.batch_line(k, os.path.join(tmp, "ib", str(i))) + "\n")
    t = time.perf_counter()
    proc = subprocess.run([tool, f"--ptxas={ptxas}", "--no-cache", "-v", f"-j{jobs}",
                           *tool_args, "--batch", batch],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t
    done = re.search(r"(\d+) done", proc.stderr)
    by_path = {k["path"]: k["name"] for k in kernels}
    each = {}
    for line in proc.stderr.splitlines():
        m = re.match(r"(.*): compiled \((.*)\)$", line)
        if m and m.group(1) in by_path:
            each[by_path[m.group(1)]] = dict(
                seconds=sum(float(ms) for _, ms in STAGE.findall(m.group(2))) / 1e3)
    return wall, int(done.group(1)) if done else 0, each


def fastest_batch(side, run, times, kernels):
    """RUN (a batch: its wall time, the kernels done, each kernel's times)
    TIMES times: the fastest run's record and every run's seconds."""
    runs = []
    for _ in range(times):
        wall, done, each = run()
        runs.append(dict(seconds=wall, done=done, kernels=kernels, jobs=16, each=each))
        print(f"batch {side}", {n: v for n, v in runs[-1].items() if n != "each"}, flush=True)
    return min(runs, key=lambda r: r["seconds"]), [r["seconds"] for r in runs]


def cmd_run(args):
    folder = os.path.abspath(args.dir)
    bin_dir = unpack_tools(folder)
    tool = os.path.join(bin_dir, "triton-compile")
    from triton import knobs
    import triton
    ptxas = knobs.nvidia.ptxas.path
    import triton.backends.nvidia as nvidia_backend
    libdevice = knobs.nvidia.libdevice_path or os.path.join(
        os.path.dirname(nvidia_backend.__file__), "lib", "libdevice.10.bc")
    os.environ["TRITON_LIBDEVICE_PATH"] = libdevice  # ours reads it too: the same file
    ncores = os.cpu_count()
    per = max(1, ncores // args.workers)
    kernels = [k for k in compile_kernels.all_kernels(os.path.join(folder, "corpus"))
               if k["stage"] == "ttir" and k["target"] == "cuda:90"]
    if args.kernels:
        kernels = compile_kernels.select(kernels, args.kernels)
    if args.limit:
        kernels = kernels[:args.limit]
    warmup = next(k for k in compile_kernels.corpus_kernels(os.path.join(folder, "corpus"))
                  if k["name"] == "corpus/add_fp32")
    warmup = dict(warmup, name="warmup")
    info = dict(date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                cpu=next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                          if line.startswith("model name")), platform.processor()),
                cores=ncores, triton=triton.__version__, python=platform.python_version(),
                glibc=" ".join(platform.libc_ver()),
                ptxas=subprocess.run([ptxas, "--version"], capture_output=True,
                                     text=True).stdout.strip().splitlines()[-1],
                workers=args.workers, cores_per_worker=per, tool_args=args.tool_arg,
                shuffled=True)
    print(json.dumps(info), flush=True)
    result = dict(info=info)
    result["startup_ms"] = {t: startup(os.path.join(bin_dir, t))
                            for t in ("triton-compile", "triton-opt")}
    print("startup", result["startup_ms"], flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        result["kernels"] = kernels
        result["rounds"] = args.rounds
        ours_rounds, triton_rounds = [], []
        for r in range(args.rounds):
            t = time.perf_counter()
            order = round_order(kernels, r)
            ours_rounds.append(ours_per_kernel(tool, ptxas, order, warmup, args.workers, per,
                                               tmp, args.tool_arg))
            print(f"ours per kernel, round {r + 1}: {time.perf_counter() - t:.1f} s", flush=True)
            result["ours"] = median_rounds(ours_rounds)
            result["ours_rounds"] = round_totals(ours_rounds)
            if not args.ours_only:
                t = time.perf_counter()
                triton_rounds.append(triton_per_kernel(order, warmup, args.workers, per, tmp,
                                                       args.keep_slow_ptx if not r else None,
                                                       args.keep_ptx_over))
                print(f"triton per kernel, round {r + 1}: {time.perf_counter() - t:.1f} s",
                      flush=True)
                result["triton"] = median_rounds(triton_rounds)
                result["triton_rounds"] = round_totals(triton_rounds)
            # What is done so far, should the rest run past the call's limit.
            json.dump(result, open(args.json, "w"), indent=1)
        inductor = [k for k in kernels if k["group"] == "inductor"]
        # Triton's pool took 9.7-17.2 s in calls of 2026-12-03 (its long sort
        # kernel varies most): several runs of each side in one call bound
        # that; each side's figure is its fastest.
        if inductor and not args.skip_batch:
            result["batch_ours"], result["batch_ours_runs"] = fastest_batch(
                "ours", lambda: ours_batch(tool, ptxas, inductor, 16, tmp, args.tool_arg),
                args.pool_runs, len(inductor))
        if inductor and not args.skip_batch and not args.ours_only:
            result["batch_triton"], result["batch_triton_runs"] = fastest_batch(
                "triton", lambda: triton_pool(inductor, warmup, 16, tmp), args.pool_runs,
                len(inductor))
    json.dump(result, open(args.json, "w"), indent=1)
    if not args.ours_only:
        print(summary(result))


# -------------------------------------------------------------- report ----

def ratios(result, exclude=()):
    """Per kernel: both sides' totals and ratios; EXCLUDE: stages of ours left
    out of its total (a stage that was no part of the compile under test)."""
    rows = []
    for k in result["kernels"]:
        o, t = result["ours"].get(k["name"]), result["triton"].get(k["name"])
        if not (o and t and o.get("ok") and t.get("ok")):
            continue
        o = dict(o, stages={n: ms for n, ms in o["stages"].items() if n not in exclude})
        o["total"] = sum(o["stages"].values())
        rows.append(dict(name=k["name"], group=k["group"], warps=k["warps"], stages=k["stages"],
                         ours=o["total"], ours_ptxas=o["ptxas"] or 0.0, triton=t["total"],
                         triton_ptxas=t["ptxas"] or 0.0, ours_stages=o["stages"],
                         triton_stages=t["stages"]))
    for r in rows:
        r["total_ratio"] = r["ours"] / r["triton"]
        r["noasm_ratio"] = (r["ours"] - r["ours_ptxas"]) / (r["triton"] - r["triton_ptxas"])
    return rows


def fastest_ratios(result):
    """Per kernel, the ratios of each side's fastest round (total, and without
    PTX -> cubin, each its own fastest round), where the run kept every
    round's totals and the kernel compiled in all of them on both sides.
    The median says what a kernel costs on a typical round; the fastest
    round, what it costs when nothing else on the host slowed it. Neither is
    steadier: a kernel slowed in most of our rounds drops here, and one fast
    round of Triton's raises its ratio (2026-12-06: conv2d_implicit_gemm 0.46
    at the median, 0.53 here), so the report gives both."""
    ours, triton = result.get("ours_rounds"), result.get("triton_rounds")
    if not (ours and triton):
        return {}
    rows = {}
    for name, o in ours.items():
        t = triton.get(name)
        if not t or None in o or None in t:
            continue
        rows[name] = (min(x for x, _ in o) / min(x for x, _ in t),
                      min(x - p for x, p in o) / min(x - p for x, p in t))
    return rows


def ratio_line(label, total, noasm):
    return (f"{label}: total ratio median {statistics.median(total):.2f} (max {max(total):.2f}, "
            f"{sum(x <= 0.8 for x in total)} <= 0.8); without PTX->cubin median "
            f"{statistics.median(noasm):.2f} (max {max(noasm):.2f}, "
            f"{sum(x <= 0.5 for x in noasm)} <= 0.5)")


def summary(result, exclude=()):
    rows = ratios(result, exclude)
    lines = []
    if rows:
        lines.append(ratio_line(f"{len(rows)} kernels compiled by both",
                                [r["total_ratio"] for r in rows],
                                [r["noasm_ratio"] for r in rows]))
        # The kept round totals hold every stage: with stages excluded they
        # would not compare with the rows above.
        fastest = fastest_ratios(result) if not exclude else {}
        if fastest and result.get("rounds", 1) > 1:
            worst = sorted(fastest.items(), key=lambda item: -item[1][1])[:3]
            lines.append(ratio_line(f"each side's fastest of {result['rounds']} rounds, "
                                    f"{len(fastest)} kernels",
                                    [t for t, _ in fastest.values()],
                                    [n for _, n in fastest.values()])
                         + "; highest without PTX->cubin: "
                         + ", ".join(f"{name} {n:.2f}" for name, (_, n) in worst))
    if "batch_ours" in result:
        bo, bt = result["batch_ours"], result["batch_triton"]
        lines.append(f"inductor batch: ours {bo['seconds']:.2f} s ({bo['done']}/{bo['kernels']}), "
                     f"Triton pool {bt['seconds']:.2f} s ({bt['done']}/{bt['kernels']}): "
                     f"{bo['seconds'] / bt['seconds']:.2f}x")
        pools = result.get("batch_triton_runs", [])
        if len(pools) > 1:
            lines.append(f"Triton's pool, {len(pools)} runs in this call: "
                         + ", ".join(f"{t:.2f}" for t in pools) + " s (the batch line: the "
                         f"fastest; ours against the slowest {bo['seconds'] / max(pools):.2f}x)")
        batches = result.get("batch_ours_runs", [])
        if len(batches) > 1:
            lines.append(f"Our batch, {len(batches)} runs in this call: "
                         + ", ".join(f"{t:.2f}" for t in batches) + " s (the batch line: the "
                         "fastest)")
        # A batch ends no sooner than its longest kernel, nor than its work
        # spread evenly over the jobs: both from the per-kernel times (which
        # ran with two cores a worker).
        inductor = [k["name"] for k in result["kernels"] if k["group"] == "inductor"]
        for side in ("ours", "triton"):
            times = [(result[side][n]["total"] - sum(ms for st, ms in
                                                     result[side][n]["stages"].items()
                                                     if side == "ours" and st in exclude), n)
                     for n in inductor if result[side].get(n, {}).get("ok")]
            if times:
                longest = max(times)
                lines.append(f"inductor batch bounds, {side}: longest kernel "
                             f"{longest[0] / 1000:.2f} s ({longest[1]}), all kernels' time "
                             f"/ {bo['jobs']} jobs {sum(t for t, _ in times) / 1000 / bo['jobs']:.2f} s")
        # The kernels' times within the batches themselves (where the run
        # recorded them): the per-kernel times above ran with every worker
        # busy, a batch's last kernel often runs alone on the machine.
        for side, batch in (("ours", bo), ("triton", bt)):
            if batch.get("each"):
                name, kernel = max(batch["each"].items(), key=lambda item: item[1]["seconds"])
                started = (f", started at {kernel['start']:.2f} s" if "start" in kernel
                           else "")
                lines.append(f"inductor batch, {side}: its longest kernel took "
                             f"{kernel['seconds']:.2f} s in the batch ({name}{started})")
    lines.append("startup (ms): " + ", ".join(f"{t} {ms:.1f}"
                                               for t, ms in result["startup_ms"].items()))
    return "\n".join(lines)


def cmd_report(args):
    result = json.load(open(args.json))
    info = result["info"]
    if args.triton_from:
        # An --ours-only run beside Triton's times of another run of the call.
        other = json.load(open(args.triton_from))
        result["triton"] = other["triton"]
        for key in ("batch_triton", "batch_triton_runs", "triton_rounds"):
            if key in other:
                result[key] = other[key]
        info["triton_from"] = other["info"]["date"]
    rows = ratios(result, args.exclude_stage)
    stamp = datetime.datetime.strptime(info["date"], "%Y-%m-%d %H:%M UTC")
    name = f"{stamp:%Y-%m-%d}-compile-speed-{stamp:%H%M}" + (args.suffix or "")
    os.makedirs(args.out, exist_ok=True)
    json.dump(result, open(os.path.join(args.out, name + ".json"), "w"), indent=1)
    failed_ours = sorted(n for n, r in result["ours"].items() if not r.get("ok"))
    failed_triton = sorted(n for n, r in result["triton"].items() if not r.get("ok"))
    md = [f"# Compile speed, {info['date']}: triton-compile (static) against Triton "
          f"{info['triton']}",
          "",
          f"`utils/bench/tools/compile_bench.py run`, GPU machine's CPU ({info['cpu']}, "
          f"{info['cores']} cores, {info['glibc']}), Python {info['python']}, "
          f"ptxas {info['ptxas']} (Triton's, for both sides), caches off. Per kernel: "
          f"{info['workers']} workers a side, each pinned to {info['cores_per_worker']} cores, "
          "each compiling its share after a first kernel"
          + (" (the kernels shuffled among them after the first round)"
             if info.get("shuffled") else "")
          + (f"; each kernel's times the median of {result['rounds']} rounds (every stage's "
             "median; Triton's total the median of its totals)" if result.get("rounds", 1) > 1
             else "") + "; ours is the static triton-compile's "
          "own stage times (-v), Triton's the wall time of triton.compile() on the same TTIR "
          "file with the same options, its stages through knobs.compilation.listener. "
          "\"asm\" is PTX -> cubin: Triton's make_cubin, our ptxas stage (the "
          "recompute-after-loops check's runs and the cubin's, overlapped). Milliseconds.",
          "", summary(result, args.exclude_stage).replace("\n", "\n\n"), ""]
    if info.get("tool_args"):
        md += [f"Ours ran with {' '.join(info['tool_args'])}.", ""]
    if info.get("triton_from"):
        md += [f"Triton's times are those of the run of {info['triton_from']} in the same "
               "call (this one timed ours alone).", ""]
    if args.exclude_stage:
        md += [f"Left out of our per-kernel totals: {', '.join(args.exclude_stage)} "
               "(no part of the compile under test; the batch figure includes it).", ""]
    if rows:
        md += ["| group | ratio, total | ratio, without asm |", "|---|---:|---:|"]
        for group in sorted({r["group"] for r in rows}):
            g = [r for r in rows if r["group"] == group]
            md.append(f"| {group} ({len(g)}) | "
                      f"{statistics.median(r['total_ratio'] for r in g):.2f} | "
                      f"{statistics.median(r['noasm_ratio'] for r in g):.2f} |")
        md += ["", "Where the time goes, summed over those kernels (ms):", ""]
        for side, key in (("ours", "ours_stages"), ("Triton", "triton_stages")):
            sums = {}
            for r in rows:
                for stage, ms in r[key].items():
                    sums[stage] = sums.get(stage, 0.0) + ms
            md.append(f"- {side}: " + ", ".join(f"{s} {ms:.0f}" for s, ms in sums.items()))
        md += ["", "| kernel | w/s | ours | ours asm | Triton | Triton asm | total | without asm |",
               "|---|---|---:|---:|---:|---:|---:|---:|"]
        for r in sorted(rows, key=lambda r: -r["noasm_ratio"]):
            md.append(f"| {r['name']} | {r['warps']}/{r['stages']} | {r['ours']:.0f} | "
                      f"{r['ours_ptxas']:.0f} | {r['triton']:.0f} | {r['triton_ptxas']:.0f} | "
                      f"{r['total_ratio']:.2f} | {r['noasm_ratio']:.2f} |")
    md += ["", f"Not compiled by ours: {', '.join(failed_ours) or 'none'}.",
           f"Not compiled by Triton: {', '.join(failed_triton) or 'none'}."]
    path = os.path.join(args.out, name + ".md")
    open(path, "w").write("\n".join(md) + "\n")
    print(path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pack")
    p.add_argument("dir")
    p = sub.add_parser("run")
    p.add_argument("dir")
    p.add_argument("--json", required=True)
    p.add_argument("--workers", type=int, default=8)
    p.add_argument("--limit", type=int, default=0, help="the first N kernels only")
    p.add_argument("--kernels", default="",
                   help="comma-separated kernel names: these only (a change's kernels)")
    p.add_argument("--skip-batch", action="store_true")
    p.add_argument("--tool-arg", action="append", default=[],
                   help="an argument for each triton-compile of ours (repeat for more)")
    p.add_argument("--ours-only", action="store_true",
                   help="time ours alone (per kernel and batch), no Triton")
    p.add_argument("--pool-runs", type=int, default=2,
                   help="times to run each side's batch (the figure: each side's fastest)")
    p.add_argument("--rounds", type=int, default=3,
                   help="times to time every kernel on each side (each kernel's time: the "
                        "median)")
    p.add_argument("--keep-slow-ptx", metavar="DIR",
                   help="keep Triton's TTGIR and PTX of kernels whose PTX -> cubin takes over 1 s")
    p.add_argument("--keep-ptx-over", metavar="MS", type=float, default=1000,
                   help="--keep-slow-ptx's threshold (0: every kernel's PTX)")
    p = sub.add_parser("report")
    p.add_argument("json")
    p.add_argument("--out", default=os.path.join(ROOT, "docs", "results"))
    p.add_argument("--triton-from", metavar="F",
                   help="Triton's times from F (for a run made with --ours-only)")
    p.add_argument("--suffix", help="added to the results files' names")
    p.add_argument("--exclude-stage", action="append", default=[],
                   help="a stage of ours to leave out of its per-kernel totals")
    args = parser.parse_args()
    {"pack": cmd_pack, "run": cmd_run, "report": cmd_report}[args.cmd](args)


if __name__ == "__main__":
    main()
