#!/usr/bin/env python3
"""Pipeline-option experiments: our compile of the cases (each configuration,
<case>@<label>) with extra make_ttgir options, as DIR/<member>@SUFFIX.cubin,
which `run.py run DIR --variants SUFFIX` times beside the default compile
(at the variant's own best configuration, in the same rounds). A member whose
TTGIR the options leave unchanged gets no variant: there is nothing to time,
and run.py falls back to its default cubin. Measurements only: the
compiler's output is <member>.cubin (run.py prepare).

Usage: ttgir_variants.py DIR SUFFIX 'OPTIONS' [GLOB...] [--tag T]
  e.g. ttgir_variants.py gpu-run/i29 ahead 'dot-ahead=true' --tag issue29
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import run  # noqa: E402
from registry import members  # noqa: E402

# triton-opt from $TRITON_BIN (as utils/triton-compile finds its tool), else build/bin.
TOOLS = os.environ.get("TRITON_BIN") or os.path.join(run.ROOT, "build", "bin")


def ttgir(path, case, extra):
    """Our TTGIR of the TTIR at PATH at CASE's configuration, with EXTRA
    make_ttgir options; None (and the error) where it fails."""
    common = (f"target={case.target} num-warps={case.warps} num-ctas=1 "
              f"num-stages={case.stages}")
    cmd = [os.path.join(TOOLS, "triton-opt"), path, f"-triton-make-ttir={common}",
           f"-triton-make-ttgir={common} {extra}".strip()]
    done = subprocess.run(cmd, capture_output=True, text=True)
    return (done.stdout, None) if done.returncode == 0 else (None, done.stderr.strip()[-300:])


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dir")
    p.add_argument("suffix")
    p.add_argument("options", help="extra make_ttgir options, 'name=value ...'")
    p.add_argument("cases", nargs="*", metavar="GLOB")
    p.add_argument("--tag", action="append", default=[])
    args = p.parse_args()
    out = os.path.abspath(args.dir)
    os.makedirs(out, exist_ok=True)
    written = failed = 0
    done_before = {}  # cases sharing a capture and configuration compile once
    for case in [m for c in run.selected(args) for m in members(c)]:
        path, _ = run.ir_path(case)
        if case.stage != "ttir" or not os.path.exists(path):
            print(f"skipped   {case.name}: no TTIR capture")
            continue
        stem = os.path.join(out, f"{case.name}@{args.suffix}")
        key = (path, case.target, case.warps, case.stages)
        if key in done_before:
            if done_before[key]:
                for ext in (".ptx", ".cubin", ".json"):
                    shutil.copyfile(done_before[key] + ext, stem + ext)
                print(f"copied    {case.name}@{args.suffix}")
                written += 1
            continue
        done_before[key] = None
        base, err = ttgir(path, case, "")
        mine, err2 = ttgir(path, case, args.options)
        if base is None or mine is None:
            print(f"FAILED    {case.name}: {err or err2}")
            failed += 1
            continue
        if base == mine:
            print(f"unchanged {case.name}")
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".ttgir", delete=False) as f:
            f.write(mine)
        done = subprocess.run([os.path.join(run.ROOT, "utils", "triton-compile"), "--target",
                               case.target, "--num-warps", str(case.warps), "--num-stages",
                               str(case.stages), "-o", stem, f.name],
                              capture_output=True, text=True)
        os.remove(f.name)
        if done.returncode:
            print(f"FAILED    {case.name}@{args.suffix}: {done.stderr.strip()[-300:]}")
            failed += 1
        else:
            print(f"compiled  {case.name}@{args.suffix}")
            written += 1
            done_before[key] = stem
    print(f"{written} variants written, {failed} failed", file=sys.stderr)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
