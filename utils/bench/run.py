#!/usr/bin/env python3
"""The GPU benchmark suite: our compile of each case against Triton 3.6's own.

  run.py list [GLOB...] [--tag T]...      the cases (name, kernel, config, metric, tags)
  run.py prepare OUT [GLOB...]            here: our cubins of the cases (utils/triton-compile
                                          on test/Inputs/<case>/ or the corpus) into OUT
  run.py run OUT [GLOB...] [--rounds N] [--variants S,...] [--json FILE] [--jobs N]
                                          GPU machine: check ours and Triton's against
                                          PyTorch in float64 (a timed and a ragged size),
                                          then time both in alternating rounds
  run.py report FILE.json [--suite NAME] [--out DIR]
                                          docs/results/<date>-<suite>.json and .md
  run.py dump OUT [GLOB...] --corpus-dir PREPARED [--jobs N]
                                          GPU machine: Triton 3.6's TTIR (and TTGIR) of
                                          the cases, as test/Inputs/<case>/ holds them

`run` times with triton.testing.do_bench medians, ROUNDS rounds whose order
flips every round (neither side always runs on a GPU the other just warmed);
the ratio is the median of the rounds' ratios ours / Triton. --variants times
other cubins of our compile, OUT/<case>@<suffix>.cubin (with their own
OUT/<case>@<suffix>.json where they have one, else the case's metadata),
against the same Triton runs: an experiment on the assembly needs no new case.
In a case with configurations, a variant runs at its own fastest one (each
timed once; <case>@<label>@<suffix>, or the configuration's own cubin where
the variant has none: tools/ttgir_variants.py writes none for a configuration
its options leave unchanged).
"""
import argparse
import datetime
import hashlib
import json
import os
import statistics
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
from registry import all_cases, members, resolve_kernel  # noqa: E402

CORPUS = os.path.abspath(os.path.join(ROOT, "..", "shared", "corpus", "triton-3.6-sm90"))
INPUTS = os.path.join(ROOT, "test", "Inputs")


def output_error(torch, outs, expected):
    """The largest error of OUTS against EXPECTED: relative norm for floats (NaN where an
    output is not finite), largest absolute difference for integers."""
    errs = []
    for out, expect in zip(outs, expected):
        if out.is_floating_point():
            o, e = out.double(), expect.double()
            errs.append(float("nan") if not torch.isfinite(o).all()
                        else (o - e).norm().item() / (e.norm().item() or 1.0))
        else:
            errs.append(float((out.long() - expect.long()).abs().max().item()))
    return max(errs)


def selected(args):
    cases = [c for c in all_cases() if c.matches(args.cases, args.tag)]
    if not cases:
        sys.exit(f"run.py: no case matches {' '.join(args.cases + args.tag)}")
    return cases


def config(case):
    c = ", ".join(f"{k}={v}" for k, v in case.constexprs.items() if v is not None)
    ctas = f", {case.ctas} CTAs a program" if case.ctas > 1 else ""
    return (f"{c}; {case.warps} warps, {case.stages} stages{ctas}, {case.target}, "
            f"from {case.stage}")


def short_config(case, member):
    """What sets MEMBER apart among CASE's configurations: 'BM=128 BN=64 8w3s'."""
    others = members(case)
    keys = [k for k in member.constexprs if len({repr(m.constexprs.get(k)) for m in others}) > 1]
    return " ".join([f"{k}={member.constexprs[k]}" for k in keys]
                    + [f"{member.warps}w{member.stages}s"])


# ---------------------------------------------------------------- list ----

def cmd_list(args):
    cases = selected(args)
    for c in cases:
        print(f"{c.name:28} {c.kernel:40} {c.metric:8} {config(c)}  [{' '.join(c.all_tags)}]")
    print(f"{len(cases)} cases", file=sys.stderr)


# ------------------------------------------------------------- prepare ----

def ir_path(case):
    """The captured IR we compile for CASE, and its manifest (None for the corpus)."""
    if case.capture.startswith("corpus/"):
        return os.path.join(CORPUS, f"{case.capture[len('corpus/'):]}.{case.stage}"), None
    folder = os.path.join(INPUTS, case.capture)
    manifest = os.path.join(folder, "manifest.json")
    return (os.path.join(folder, f"{case.capture}.{case.stage}"),
            json.load(open(manifest)) if os.path.exists(manifest) else None)


def check_manifest(case, path, manifest):
    """The capture must be what its manifest says, at the case's configuration
    when it is TTGIR (3.6 already laid it out for that many warps)."""
    problems = []
    digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
    recorded = [f.get("sha256") for f in manifest.get("files", {}).values()
                if isinstance(f, dict) and f.get("name") == os.path.basename(path)]
    recorded += [v for k, v in manifest.get("files", {}).items()
                 if k == os.path.basename(path) and isinstance(v, str)]
    if recorded and digest not in recorded:
        problems.append("sha256 differs from the manifest's")
    if case.stage == "ttgir" and manifest.get("num_warps") not in (None, case.warps):
        problems.append(f"captured at {manifest['num_warps']} warps, the case has {case.warps}")
    return problems


def cmd_prepare(args):
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    import shutil
    shutil.copy(os.path.join(CORPUS, "kernels.py"), os.path.join(out, "corpus_kernels.py"))
    compile_ = os.path.join(ROOT, "utils", "triton-compile")
    failed = 0
    for case in [m for c in selected(args) for m in members(c)]:
        path, manifest = ir_path(case)
        if not os.path.exists(path):
            print(f"MISSING   {case.name}: {os.path.relpath(path, ROOT)}")
            failed += 1
            continue
        for problem in check_manifest(case, path, manifest) if manifest else ():
            print(f"WARNING   {case.name}: {problem}")
        log = os.path.join(out, f"{case.name}.log")
        cmd = [compile_, "--target", case.target, "--num-warps", str(case.warps),
               "--num-stages", str(case.stages), "--num-ctas", str(case.ctas),
               "-o", os.path.join(out, case.name), path]
        with open(log, "w") as f:
            ok = subprocess.run(cmd, stderr=f, stdout=f).returncode == 0
        if ok:
            print(f"compiled  {case.name}")
            os.remove(log)
        else:
            first = next((line for line in open(log) if "error" in line), "").strip()
            print(f"FAILED    {case.name}: {first}")
            failed += 1
    print(f"{failed} not compiled", file=sys.stderr)
    if not args.cases and not args.tag and not args.no_extras:
        extras(out, compile_)


def extras(out, compile_):
    """The checks beside the cases, run by tools/ on the GPU machine: TMA
    copies of many block shapes (tools/tma_shapes.py check OUT/tma_shapes) and
    every corpus kernel we compile against our interpreter
    (tools/check_refs.py OUT/refs)."""
    tools = os.path.join(HERE, "tools")
    shapes = os.path.join(out, "tma_shapes")
    subprocess.run([sys.executable, os.path.join(tools, "tma_shapes.py"), "gen", shapes],
                   check=True)
    for f in sorted(os.listdir(shapes)):
        if f.endswith(".ttir"):
            stem = os.path.join(shapes, f[:-len(".ttir")])
            with open(stem + ".log", "w") as log:
                ok = subprocess.run([compile_, "--num-warps", "4", "-o", stem, stem + ".ttir"],
                                    stdout=log, stderr=log).returncode == 0
            print(("compiled  " if ok else "FAILED    ") + f[:-len(".ttir")])
    subprocess.run([sys.executable, os.path.join(tools, "make_refs.py"),
                    os.path.join(ROOT, "build", "bin"), os.path.dirname(CORPUS),
                    os.path.join(out, "refs")] + REFS.split())


# The corpus kernels tools/check_refs.py compares with our interpreter on the GPU.
REFS = """add_fp32 add_fp16 softmax blockptr misc math shape atomics casts control grid precise
ptrs reduce_scan memory_hints shapes libdevice_asm matmul_fp16_small dot_variants"""


# ------------------------------------------------------------ run (GPU) ----

class Kern:
    """What a builder may ask of its case's kernel (registry.py)."""

    def __init__(self, case, fn, constexprs):
        self.fn, self.warps, self.stages, self.c = fn, case.warps, case.stages, constexprs
        self.ctas = case.ctas

    def triton_ref(self, args, outs, grid):
        def run():
            fresh = [a.clone() if any(a is o for o in outs) else a for a in args]
            self.fn[grid](*fresh, **self.c, num_warps=self.warps, num_ctas=self.ctas)
            return [f for a, f in zip(args, fresh) if any(a is o for o in outs)]
        return run


class Runner:
    def __init__(self, out):
        import importlib.util

        import torch
        import triton
        self.torch, self.triton, self.out = torch, triton, out
        spec = importlib.util.spec_from_file_location("corpus_kernels",
                                                      os.path.join(out, "corpus_kernels.py"))
        self.corpus = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(self.corpus)
        # Scratch for the descriptors Triton's own compiles make in the kernel.
        triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8,
                                                                     device="cuda"))

    def kern(self, case):
        c = {k: (v.resolve() if hasattr(v, "resolve") else v) for k, v in case.constexprs.items()}
        return Kern(case, resolve_kernel(case.kernel, self.corpus), c)

    def drop(self, case, kern):
        """The argument indices our cubin lacks: Triton specializes integer
        arguments equal to 1 away."""
        if case.drop is not None:
            return set(case.drop)
        args = case.build(self.torch, "meta", case.probe, kern.c, kern)[0]
        return {i for i, v in enumerate(args) if isinstance(v, int) and not isinstance(v, bool)
                and v == 1}

    def ours(self, case, kern, built, drop, variant=None):
        import ctypes

        import cupy as cp
        import numpy as np

        import launch
        args, grid = built[0], built[3]
        stem = f"{case.name}@{variant}" if variant else case.name
        # A variant compiled with other options (warps) brings its own
        # metadata; one that only changes the assembly shares the case's.
        meta_path = os.path.join(self.out, f"{stem}.json")
        if not os.path.exists(meta_path):
            meta_path = os.path.join(self.out, f"{case.name}.json")
        meta = json.load(open(meta_path))
        # sm_80 cubins do not run on an sm_90 GPU: their PTX is JIT-compiled.
        image = "ptx" if case.target == "cuda:80" else "cubin"
        fn = cp.RawModule(path=os.path.join(self.out, f"{stem}.{image}")).get_function(meta["name"])
        if meta["shared"] > 48 * 1024:
            fn.max_dynamic_shared_size_bytes = meta["shared"]
            if os.environ.get("BENCH_TRITON_FUNC_SETUP"):
                # Triton's driver.c above 48 KiB: prefer shared memory over L1
                # and allow the device's whole opt-in amount.
                launch._cuda.cuFuncSetCacheConfig(ctypes.c_void_p(getattr(fn, "kernel", fn).ptr), 1)
                fn.max_dynamic_shared_size_bytes = \
                    cp.cuda.runtime.getDeviceProperties(0)["sharedMemPerBlockOptin"]
        kept = [a for i, a in enumerate(args) if i not in drop]
        block = (meta["threads_per_warp"] * meta["num_warps"], 1, 1)
        ctas = meta.get("num_ctas", 1)
        if (any(isinstance(a, launch.Desc) for a in kept) or meta.get("global_scratch_size", 0)
                or ctas > 1):
            # Descriptors by value, global scratch and clusters: the driver's launcher.
            programs = 1
            for g in grid:
                programs *= g
            # Global scratch per CTA (3.6's launcher: grid x num_ctas slices).
            scratch = self.torch.empty(max(1, meta.get("global_scratch_size", 0) * programs
                                           * ctas),
                                       dtype=self.torch.uint8, device="cuda")
            params = launch.launch_params(kept + [scratch], meta)
            params.append(ctypes.c_uint64(0))
            # A variant's JSON may name another cluster scheduling policy
            # ("cluster_scheduling": "default"), to time the launch alone.
            run = launch.launcher(fn, grid, block, meta["shared"], params, ctas,
                                  meta.get("cluster_scheduling", "spread"))
            run.keep += (scratch, args)
            return run
        params = []
        for a in kept:
            if isinstance(a, self.torch.Tensor):
                params.append(np.uint64(a.data_ptr()))
            elif isinstance(a, float):
                params.append(np.float32(a))
            else:
                params.append(np.int32(a))
        params += [np.uint64(0), np.uint64(0)]
        grid3 = tuple(grid) + (1,) * (3 - len(grid))
        # The launch holds the tensors: the parameters are bare addresses, and a
        # freed tensor's memory goes to the next allocation (the timer's L2
        # flush buffer, say), which would then be what the kernel reads.
        return lambda: (args, fn(grid3, block, tuple(params), shared_mem=meta["shared"]))

    @staticmethod
    def triton_args(args):
        """Triton's call arguments: host descriptors as Triton's TensorDescriptor."""
        from triton.tools.tensor_descriptor import TensorDescriptor

        import launch
        return [TensorDescriptor.from_tensor(a.tensor, a.block) if isinstance(a, launch.Desc)
                else a for a in args]

    def theirs(self, case, kern, built):
        args, grid = self.triton_args(built[0]), built[3]
        return lambda: kern.fn[grid](*args, **kern.c, num_warps=case.warps,
                                     num_stages=case.stages, num_ctas=case.ctas)

    def warm(self, case):
        """Compiles Triton's side of CASE (each of its configurations) at its
        timed size into Triton's cache."""
        for m in members(case):
            kern = self.kern(m)
            built = m.build(self.torch, "cuda", m.size, kern.c, kern)
            try:
                kern.fn.warmup(*self.triton_args(built[0]), grid=built[3], **kern.c,
                               num_warps=m.warps, num_stages=m.stages, num_ctas=m.ctas)
            except Exception:  # a configuration Triton rejects is left out when timed
                if m is case:
                    raise
            del built
            self.torch.cuda.empty_cache()  # many workers share the GPU's memory

    def launch(self, case, kern, size, which, drop, variant=None):
        """(built, run) of one compile at SIZE on fresh inputs."""
        # The same inputs for every compile of a case (its configurations
        # <case>@<label> too): the GPU's power, and so its clock under a long
        # dot, depends on the values multiplied.
        self.torch.manual_seed(zlib.crc32(case.name.split("@")[0].encode()))
        built = case.build(self.torch, "cuda", size, kern.c, kern)
        return built, (self.theirs(case, kern, built) if which == "triton"
                       else self.ours(case, kern, built, drop, variant))

    def check(self, case, kern, size, which, drop, variant=None):
        """(error, run, work) of one compile at SIZE on fresh inputs."""
        torch = self.torch
        built, run = self.launch(case, kern, size, which, drop, variant)
        args, outs, ref, grid, work = built
        run()
        torch.cuda.synchronize()
        return output_error(torch, outs, ref()), run, work

    def has(self, member, variant):
        return os.path.exists(os.path.join(self.out, f"{member.name}@{variant}.cubin"))

    def screen(self, case, entries):
        """{member name: {which: rate}} of ENTRIES, (member, which, variant suffix or None)
        of CASE, each timed at the timed size in two passes of opposite order, keeping
        the lower rate: the first kernel timed on a GPU the case left cool runs at a
        higher clock, which once made a configuration look 10% faster than it was."""
        seen = {}
        scale = 1e-9 if case.metric == "GB/s" else 1e-12
        for order in (entries, entries[::-1]):
            for m, which, suffix in order:
                kern = self.kern(m)
                try:
                    built, run = self.launch(m, kern, m.size, which, self.drop(m, kern), suffix)
                    ms = self.triton.testing.do_bench(run, warmup=25, rep=100,
                                                      return_mode="median")
                except Exception:  # Triton may refuse a configuration (shared memory)
                    continue
                rate = built[4] / (ms * 1e-3) * scale
                rates = seen.setdefault(m.name, {})
                rates[which] = min(rates.get(which, rate), rate)
                del built, run
                self.torch.cuda.empty_cache()
        return seen

    def compiled(self, member):
        return os.path.exists(os.path.join(self.out, f"{member.name}.json"))

    def variant_best(self, case, variant):
        """(member, suffix, rates seen) of VARIANT at its fastest configuration of
        CASE (screen): <member>@VARIANT where written, else <member> itself (the
        variant's options left that configuration unchanged,
        tools/ttgir_variants.py); None where no configuration has the variant."""
        if not any(self.has(m, variant) for m in members(case)):
            return None
        suffix = {m.name: variant if self.has(m, variant) else None for m in members(case)}
        seen = self.screen(case, [(m, "ours", suffix[m.name]) for m in members(case)
                                  if self.compiled(m)])
        if not seen:
            return None
        best = max((r["ours"], n) for n, r in seen.items())[1]
        return next(m for m in members(case) if m.name == best), suffix[best], seen

    def best(self, case):
        """The configurations of CASE (`members`) fastest for ours and for
        Triton's (screen), and the rates seen."""
        seen = self.screen(case, [(m, which, None) for m in members(case)
                                  for which in ("ours", "triton")
                                  if which == "triton" or self.compiled(m)])
        pick = {w: max((r[w], n) for n, r in seen.items() if w in r)[1] for w in ("ours", "triton")}
        by_name = {m.name: m for m in members(case)}
        return by_name[pick["ours"]], by_name[pick["triton"]], seen

    def case(self, case, rounds, variants):
        """One result row (and one per timed variant)."""
        row = {"case": case.name, "config": config(case), "metric": case.metric, "ours": None,
               "triton": None, "vendor": None, "vendor_name": None, "ratio_triton": None,
               "ratio_vendor": None, "correct": False, "error": None, "err_ours": None,
               "err_ragged": None, "err_triton": None}
        if not os.path.exists(os.path.join(self.out, f"{case.name}.json")):
            row["error"] = "no cubin"
            return [row]
        try:
            kern = self.kern(case)
            drop = self.drop(case, kern)
            mine, theirs = case, case
            if case.configs and case.timed:
                # Each side at its best configuration: picked in one short timing
                # of every configuration, then checked and timed as one case.
                mine, theirs, row["screen"] = self.best(case)
                row.update(config_ours=short_config(case, mine),
                           config_triton=short_config(case, theirs))
            kern_mine, kern_theirs = self.kern(mine), self.kern(theirs)
            drop_mine = self.drop(mine, kern_mine)
            err_ours, run_ours, work = self.check(mine, kern_mine, case.size, "ours", drop_mine)
            try:
                err_ref, run_ref, _ = self.check(theirs, kern_theirs, case.size, "triton", drop)
            except Exception as e:
                # Triton's own compile may refuse what ours compiles (3.6 at
                # num_ctas > 1): ours is still checked, not timed.
                err_ref, run_ref = None, None
                row["triton_failed"] = f"{type(e).__name__}: {str(e)[:200]}"
            err_ragged = (self.check(mine, kern_mine, case.ragged, "ours", drop_mine)[0]
                          if case.ragged else None)
            runs = {"ours": run_ours, "triton": run_ref}
            errs = {"ours": err_ours}
            timed = case.timed and work and run_ref is not None
            variant_at = {}
            for v in variants if timed else ():
                at = self.variant_best(case, v) if case.configs else (
                    (case, v, None) if self.has(case, v) else None)
                if at is not None:
                    member, suffix, screen = at
                    variant_at[v] = (short_config(case, member) if case.configs else None, screen)
                    errs[v], runs[v], _ = self.check(member, self.kern(member), case.size, "ours",
                                                     self.drop(member, self.kern(member)), suffix)
            vendors = []
            if case.vendor and timed:
                # The vendor library's ops on the same inputs, timed in the same rounds.
                self.torch.manual_seed(zlib.crc32(case.name.encode()))
                vendor_args = case.build(self.torch, "cuda", case.size, kern.c, kern)[0]
                given = case.vendor(self.torch, vendor_args)
                for name, run in [given] if isinstance(given, tuple) else given:
                    try:  # a backend that refuses these inputs is left out
                        run()
                    except Exception as e:
                        row.setdefault("vendor_errors", {})[name] = str(e)[:200]
                        continue
                    vendors.append(name)
                    runs["vendor:" + name] = run
            rates = {w: [] for w in runs}
            ratios = {w: [] for w in runs if w != "triton" and not w.startswith("vendor:")}
            scale = 1e-9 if case.metric == "GB/s" else 1e-12
            order = list(runs)
            # BENCH_REP_MS shortens each timing (default 300 ms, warm-up a
            # sixth of it) where a device call must time many variants.
            rep = int(os.environ.get("BENCH_REP_MS", "300"))
            for r in range(rounds if timed else 0):
                for which in (order if r % 2 == 0 else order[::-1]):
                    ms = self.triton.testing.do_bench(runs[which], warmup=max(1, rep // 6),
                                                      rep=rep, return_mode="median")
                    rates[which].append(work / (ms * 1e-3) * scale)
                for which in ratios:
                    ratios[which].append(rates[which][-1] / rates["triton"][-1])
            if vendors and rates["ours"]:
                row["vendors"] = {n: statistics.median(rates["vendor:" + n]) for n in vendors}
                best = max(vendors, key=row["vendors"].get)
                row.update(vendor=row["vendors"][best], vendor_name=best,
                           ratio_vendor=statistics.median(
                               [o / v for o, v in zip(rates["ours"], rates["vendor:" + best])]))
            ok = err_ours <= case.tol and (err_ragged is None or err_ragged <= case.tol)
            row.update(correct=ok, err_ours=err_ours, err_ragged=err_ragged, err_triton=err_ref)
            if not ok:
                row["error"] = f"error {err_ours:.2e} (ragged {err_ragged}) over {case.tol}"
            elif run_ref is None:
                row["error"] = "Triton's compile failed, ours checked, not timed: " + \
                    row["triton_failed"]
            rows = [row]
            for which in ratios:
                r = row if which == "ours" else dict(row, case=f"{case.name}@{which}",
                                                     correct=errs[which] <= case.tol,
                                                     err_ours=errs[which], err_ragged=None)
                if which in variant_at:
                    # The variant's own configuration, screen and rate against the vendor.
                    at, screen = variant_at[which]
                    if at:
                        r.update(config_ours=at, screen=screen)
                    if row["vendor_name"] and rates[which]:
                        r["ratio_vendor"] = statistics.median(
                            [o / v for o, v in zip(rates[which],
                                                   rates["vendor:" + row["vendor_name"]])])
                if rates["triton"]:
                    r.update(ours=statistics.median(rates[which]),
                             triton=statistics.median(rates["triton"]),
                             ratio_triton=statistics.median(ratios[which]))
                if r is not row:
                    rows.append(r)
            return rows
        except Exception as e:  # one broken case must not hide the others
            row["error"] = f"{type(e).__name__}: {str(e)[:300]}"
            return [row]


def checked_runs(out, name, vendor=False, ours_only=False):
    """(ours, Triton's) launches of case NAME (or of its configuration
    <case>@<label>, or of a variant of either, <member>@<suffix> with its
    OUT/<member>@<suffix>.cubin) at its timed size, each checked once: for the
    tools that profile or watch a pair (tools/ncu_pair.py, power.py). With
    VENDOR, the case's vendor ops on the same inputs stand in for Triton's;
    with OURS_ONLY, ours alone (a variant profiled beside the default)."""
    runner = Runner(os.path.abspath(out))
    by_name = {m.name: m for c in all_cases() for m in members(c)}
    case, variant = by_name.get(name), None
    if case is None and "@" in name:
        base, variant = name.rsplit("@", 1)
        case = by_name.get(base)
        if case is not None and not runner.has(case, variant):
            sys.exit(f"no {name}.cubin in {out}")
    if case is None:
        sys.exit(f"no case {name}")
    kern = runner.kern(case)
    drop = runner.drop(case, kern)
    runs = []
    for which in ("ours",) if vendor or ours_only else ("ours", "triton"):
        err, run, _ = runner.check(case, kern, case.size, which, drop,
                                   variant if which == "ours" else None)
        print(f"{name} {which}: error {err:.1e}", file=sys.stderr)
        runs.append(run)
    if vendor:
        if not case.vendor:
            sys.exit(f"{name} has no vendor op")
        runner.torch.manual_seed(zlib.crc32(name.split("@")[0].encode()))
        args = case.build(runner.torch, "cuda", case.size, kern.c, kern)[0]
        given = case.vendor(runner.torch, args)
        for vname, run in [given] if isinstance(given, tuple) else given:
            print(f"{name} vendor {vname}", file=sys.stderr)
            runs.append(run)
    return runs


def header():
    import torch
    import triton
    driver = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                            capture_output=True, text=True).stdout.strip()
    return {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "gpu": torch.cuda.get_device_name(0), "driver": driver, "triton": triton.__version__,
            "pytorch": torch.__version__}


_WORKER = None


def _warm(job):
    """A worker's compile of Triton's side of one case (cmd_run --jobs)."""
    global _WORKER
    out, name = job
    try:
        if _WORKER is None:
            _WORKER = Runner(out)
        _WORKER.warm(next(c for c in all_cases() if c.name == name))
        return name, None
    except Exception as e:  # the main process reports it when it compiles the case itself
        return name, f"{type(e).__name__}: {str(e)[:200]}"


def cmd_run(args):
    out = os.path.abspath(args.out)
    cases = selected(args)
    rows = []
    if args.resume:
        rows = json.load(open(args.resume))["rows"]
        done = {r["case"] for r in rows}
        cases = [c for c in cases if c.name not in done]
    if args.jobs > 1:
        # Triton compiles a kernel in one thread: fill its cache from many
        # processes first, so the checks and timings below wait on none.
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            failed = [n for n, e in pool.imap_unordered(_warm, [(out, c.name) for c in cases]) if e]
        print(f"Triton's compiles warmed, {len(failed)} failed", flush=True)
    runner = Runner(out)
    variants = [v for v in args.variants.split(",") if v]
    result = {"header": dict(header(), rounds=args.rounds), "rows": rows}
    print(f"{'case':30} {'check':6} {'err':>8} {'ragged':>8} {'Triton err':>10} {'ours':>9} "
          f"{'Triton':>9} {'ratio':>6}", flush=True)
    for case in cases:
        for row in runner.case(case, args.rounds, variants):
            rows.append(row)
            fmt = lambda v, f: "-" if v is None else format(v, f)  # noqa: E731
            state = "ok" if row["correct"] else ("ERROR" if row["err_ours"] is None else "WRONG")
            print(f"{row['case']:30} {state:6} {fmt(row['err_ours'], '.1e'):>8} "
                  f"{fmt(row['err_ragged'], '.1e'):>8} {fmt(row['err_triton'], '.1e'):>10} "
                  f"{fmt(row['ours'], '.1f'):>9} {fmt(row['triton'], '.1f'):>9} "
                  f"{fmt(row['ratio_triton'], '.3f'):>6}"
                  + (f"  {row['error']}" if row["error"] else ""), flush=True)
            if args.json:
                json.dump(result, open(args.json, "w"), indent=1)
    bad = sum(not r["correct"] for r in rows)
    print(f"{len(rows)} rows, {bad} not correct", flush=True)


# -------------------------------------------------------------- report ----

def cmd_report(args):
    data = json.load(open(args.results))
    head = data["header"]
    date = head["date"][:10]
    out = args.out or os.path.join(ROOT, "docs", "results")
    os.makedirs(out, exist_ok=True)
    keys = ("case", "config", "metric", "ours", "triton", "vendor", "vendor_name",
            "ratio_triton", "ratio_vendor", "correct", "error", "config_ours", "config_triton",
            "vendors", "screen")
    rows = [{k: r.get(k) for k in keys} for r in data["rows"]]
    vendor_cols = any(r["vendor"] for r in rows)
    stem = os.path.join(out, f"{date}-{args.suite}")
    json.dump({"header": head, "rows": rows}, open(stem + ".json", "w"), indent=1)
    fmt = lambda v, f: "" if v is None else format(v, f)  # noqa: E731
    lines = [f"# {args.suite}: our compile against Triton {head['triton']}, {date}", "",
             f"{head['gpu']}, driver {head['driver']}, PyTorch {head['pytorch']}, "
             f"{head.get('rounds', '?')} timing round(s) per case; rates are do_bench medians, "
             "the ratio ours / Triton the median of the rounds' ratios. Written by "
             "`utils/bench/run.py report` from `run`'s JSON.", "",
             "| case | metric | ours | Triton | ratio | "
             + ("vendor | ours / vendor | " if vendor_cols else "") + "correct | note |",
             "|---|---|---|---|---|" + ("---|---|" if vendor_cols else "") + "---|---|"]
    for r in rows:
        # Cases over a grid of configurations say which one each side ran at.
        note = "; ".join(filter(None, [
            r["config_ours"] and f"ours {r['config_ours']}, Triton {r['config_triton']}",
            r["vendors"] and ", ".join(f"{n} {v:.1f}" for n, v in r["vendors"].items()),
            r["error"]]))
        vendor = (f"{fmt(r['vendor'], '.1f')} | {fmt(r['ratio_vendor'], '.3f')} | "
                  if vendor_cols else "")
        lines.append(f"| {r['case']} | {r['metric']} | {fmt(r['ours'], '.1f')} | "
                     f"{fmt(r['triton'], '.1f')} | {fmt(r['ratio_triton'], '.3f')} | {vendor}"
                     f"{'yes' if r['correct'] else 'no'} | {note} |")
    ratios = [r["ratio_triton"] for r in rows if r["ratio_triton"]]
    if ratios:
        lines += ["", f"{len(rows)} rows, {sum(r['correct'] for r in rows)} correct; "
                  f"{len(ratios)} timed, median ratio {statistics.median(ratios):.3f}, "
                  f"geometric mean {statistics.geometric_mean(ratios):.3f}."]
    open(stem + ".md", "w").write("\n".join(lines) + "\n")
    print(stem + ".json", stem + ".md")


# ---------------------------------------------------------------- dump ----

def dump_case(runner, case, out):
    """Triton 3.6's TTIR and TTGIR of CASE into OUT/<capture>/ with its manifest
    (the capture is the case's name unless it names one, as configurations do)."""
    import triton
    kern = runner.kern(case)
    args_ = case.build(runner.torch, "cuda", case.dump_size, kern.c, kern)[0]
    compiled = kern.fn.warmup(*runner.triton_args(args_), grid=(1,), **kern.c,
                              num_warps=case.warps, num_stages=case.stages,
                              num_ctas=case.ctas)
    folder = os.path.join(out, case.capture)
    os.makedirs(folder, exist_ok=True)
    files = {}
    for stage in ("ttir", "ttgir"):
        name = f"{case.capture}.{stage}"
        text = compiled.asm[stage]
        open(os.path.join(folder, name), "w").write(text)
        files[stage] = {"name": name, "sha256": hashlib.sha256(text.encode()).hexdigest()}
    json.dump({"case": case.capture, "triton": triton.__version__, "target": case.target,
               "num_warps": case.warps, "num_stages": case.stages, "num_ctas": case.ctas,
               "files": files}, open(os.path.join(folder, "manifest.json"), "w"), indent=1)
    runner.torch.cuda.empty_cache()


def _dump(job):
    global _WORKER
    corpus_dir, out, name = job
    try:
        if _WORKER is None:
            _WORKER = Runner(corpus_dir)
        dump_case(_WORKER, next(m for c in all_cases() for m in members(c) if m.name == name),
                  out)
        return name, None
    except Exception as e:  # one configuration Triton rejects must not stop the others
        return name, f"{type(e).__name__}: {str(e)[-600:]}"


def in_processes(fn, jobs, processes):
    """FN of each of JOBS, in that many spawned processes (one: here)."""
    if processes <= 1:
        return [fn(j) for j in jobs]
    import multiprocessing
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        return list(pool.imap_unordered(fn, jobs))


def cmd_dump(args):
    # Each capture once: cases at other stages, targets or sizes, and one
    # configuration's cases at several sizes, compile the same one.
    captures = {}
    for m in (m for c in selected(args) for m in members(c)):
        if m.target == "cuda:90" and m.stage == "ttir" and not m.capture.startswith("corpus/"):
            captures.setdefault(m.capture, m)
    cases = list(captures.values())
    jobs = [(os.path.abspath(args.corpus_dir), os.path.abspath(args.out), c.name) for c in cases]
    results = in_processes(_dump, jobs, args.jobs)
    for name, error in sorted(results):
        print(name, "TRITON FAILED " + error if error else "dumped")
    print(f"{sum(e is None for _, e in results)} of {len(results)} dumped", flush=True)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)

    def with_cases(q):
        q.add_argument("cases", nargs="*", metavar="GLOB", help="case names (globs); none: all")
        q.add_argument("--tag", action="append", default=[], help="only cases with this tag")
        return q
    with_cases(sub.add_parser("list", help="print the cases")).set_defaults(fn=cmd_list)
    q = sub.add_parser("prepare", help="compile our cubins of the cases into OUT")
    q.add_argument("out")
    q.add_argument("--no-extras", action="store_true",
                   help="skip the TMA-shape and interpreter-reference checks' inputs")
    with_cases(q).set_defaults(fn=cmd_prepare)
    q = sub.add_parser("run", help="check and time the cases on the GPU")
    q.add_argument("out")
    q.add_argument("--rounds", type=int, default=3, help="alternating timing rounds (3)")
    q.add_argument("--variants", default="",
                   help="comma-separated SUFFIXes of OUT/CASE@SUFFIX.cubin")
    q.add_argument("--json", help="write the results here as they come")
    q.add_argument("--resume", metavar="JSON",
                   help="keep this run's rows, run only the cases it lacks")
    q.add_argument("--jobs", type=int, default=0,
                   help="compile Triton's side first in this many processes")
    with_cases(q).set_defaults(fn=cmd_run)
    q = sub.add_parser("report", help="docs/results/<date>-<suite>.{json,md} from run's JSON")
    q.add_argument("results")
    q.add_argument("--suite", default="harness")
    q.add_argument("--out", help="folder (default docs/results)")
    q.set_defaults(fn=cmd_report)
    q = sub.add_parser("dump", help="Triton 3.6's TTIR/TTGIR of the cases into OUT/<case>/")
    q.add_argument("out")
    q.add_argument("--corpus-dir", required=True,
                   help="a prepare OUT (its corpus_kernels.py gives the corpus cases' kernels)")
    q.add_argument("--jobs", type=int, default=0, help="dump from this many processes")
    with_cases(q).set_defaults(fn=cmd_dump)
    args = p.parse_args(argv)
    args.fn(args)


if __name__ == "__main__":
    main()
