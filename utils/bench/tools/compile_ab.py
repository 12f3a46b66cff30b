#!/usr/bin/env python3
"""Compile time of two or more settings of triton-compile on this machine's CPU,
side by side (issue 33): each a triton-compile executable, optionally with
arguments and environment of its own, over the kernels of compile_kernels.py.

    compile_ab.py [--rounds N] [--limit N] [--kernels a,b] [--stage S] [--out DIR]
                  NAME=TOOL[::ARG...][::ENV=VALUE...] ...

e.g. compile_ab.py before=/tmp/triton-compile-before after=build/bin/triton-compile
     compile_ab.py plain=build/bin/triton-compile \
                   nogvn=build/bin/triton-compile::--codegen-gvn-memdep

Each setting compiles every kernel in one triton-compile -j1 process (after a
first kernel, as compile_bench.py times it on the GPU machine), the settings
taking turns, ROUNDS times; a kernel's time for a setting is the median of its
rounds. Times are triton-compile's own stage times (-v) without PTX -> cubin
(or one stage, --stage). Prints, and with --out writes a results file
(<date>-compile-ab-<HHMM>.md) with the sums per stage and per kernel ratios
against the first setting. Compare settings whose PTX is the same
(compile_ptx_check.py) for a compile-time change.
"""
import argparse
import datetime
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_kernels import all_kernels, batch_line, select, stage_reports  # noqa: E402

ASSEMBLY = "ptxas"


def parse_setting(text):
    name, _, rest = text.partition("=")
    if not rest:
        raise SystemExit(f"compile_ab: a setting is NAME=TOOL[::ARG...], not {text!r}")
    tool, *extra = rest.split("::")
    args = [e for e in extra if not re.match(r"^[A-Z_][A-Z0-9_]*=", e)]
    env = dict(e.split("=", 1) for e in extra if re.match(r"^[A-Z_][A-Z0-9_]*=", e))
    return dict(name=name, tool=tool, args=args, env=env)


def one_round(setting, batch, count):
    env = dict(os.environ, **setting["env"])
    cmd = [setting["tool"], "--no-cache", "-v", "-j1", *setting["args"], "--batch", batch]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    reports = stage_reports(proc.stderr)[1:]
    if len(reports) != count:
        sys.exit(f"compile_ab: {setting['name']}: {len(reports)} reports for {count} kernels\n"
                 + proc.stderr[-2000:])
    return reports


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("settings", nargs="+")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--limit", type=int, default=0, help="the first N kernels only")
    parser.add_argument("--kernels", help="comma-separated kernel names")
    parser.add_argument("--stage", help="time this stage alone (e.g. 'LLVM O3')")
    parser.add_argument("--out", help="folder for the results file (docs/results)")
    args = parser.parse_args()
    settings = [parse_setting(s) for s in args.settings]
    kernels = [k for k in all_kernels() if k["target"].startswith("cuda")]
    if args.kernels:
        kernels = select(kernels, args.kernels)
    if args.limit:
        kernels = kernels[:args.limit]
    if not kernels:
        sys.exit("compile_ab: no kernels")

    times = {s["name"]: {k["name"]: [] for k in kernels} for s in settings}
    stages = {s["name"]: {} for s in settings}
    failed = set()
    with tempfile.TemporaryDirectory() as tmp:
        batch = os.path.join(tmp, "batch.txt")
        with open(batch, "w") as f:
            f.write(batch_line(kernels[0], os.path.join(tmp, "warmup")) + "\n")
            for i, k in enumerate(kernels):
                f.write(batch_line(k, os.path.join(tmp, str(i))) + "\n")
        for _ in range(args.rounds):
            for s in settings:
                for k, (st, ok) in zip(kernels, one_round(s, batch, len(kernels))):
                    if not ok:
                        failed.add(k["name"])
                    for n, ms in st.items():
                        stages[s["name"]].setdefault(n, []).append(ms)
                    picked = [ms for n, ms in st.items()
                              if (n == args.stage if args.stage else n != ASSEMBLY)]
                    times[s["name"]][k["name"]].append(sum(picked))

    names = [k["name"] for k in kernels if k["name"] not in failed]
    what = f"stage '{args.stage}'" if args.stage else "all stages but PTX -> cubin"
    first = settings[0]["name"]
    median = {s: {n: statistics.median(times[s][n]) for n in names} for s in times}
    out = [f"# Compile time A/B, {datetime.datetime.now():%Y-%m-%d %H:%M} (this machine's CPU)",
           "",
           f"`utils/bench/tools/compile_ab.py`, {platform.processor() or platform.machine()}, "
           f"{os.cpu_count()} cores; {len(names)} kernels (cuda targets of compile_kernels.py"
           f"{', failing on some side: ' + str(len(failed)) if failed else ''}), "
           f"{args.rounds} rounds, one triton-compile -j1 process a setting and round, "
           f"settings taking turns; {what}, each kernel's median over rounds (ms).",
           "",
           "| setting | command | summed | median ratio to the first | p10 | p90 |",
           "|---|---|---:|---:|---:|---:|"]
    for s in settings:
        ratios = sorted(median[s["name"]][n] / max(median[first][n], 1e-9) for n in names)
        command = " ".join([os.path.basename(s["tool"]), *s["args"],
                            *(f"{k}={v}" for k, v in s["env"].items())])
        out.append(f"| {s['name']} | `{command}` | {sum(median[s['name']].values()):.0f} | "
                   f"{ratios[len(ratios) // 2]:.3f} | {ratios[len(ratios) // 10]:.3f} | "
                   f"{ratios[(9 * len(ratios)) // 10]:.3f} |")
    out += ["", "Stages summed over kernels and rounds, divided by rounds (ms):", ""]
    every = sorted({n for s in stages.values() for n in s})
    out.append("| stage | " + " | ".join(s["name"] for s in settings) + " |")
    out.append("|---|" + "---:|" * len(settings))
    for n in every:
        out.append(f"| {n} | " + " | ".join(
            f"{sum(stages[s['name']].get(n, [])) / args.rounds:.0f}" for s in settings) + " |")
    text = "\n".join(out) + "\n"
    print(text)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        path = os.path.join(args.out, f"{datetime.datetime.now():%Y-%m-%d}-compile-ab-"
                            f"{datetime.datetime.now():%H%M}.md")
        with open(path, "w") as f:
            f.write(text)
        print(f"written: {path}")


if __name__ == "__main__":
    main()
