#!/usr/bin/env python3
"""Measures how many corpus kernels' make_ttir output is identical to the
reference's .ttir, up to SSA names and locations (both are printed by
triton-opt without debug info). Usage: compare-make-ttir.py TRITON_OPT CORPUS_DIR

Prints one line per kernel and a closing line "identical: N/M". Exits 1 if
make_ttir fails on any kernel; differences are a measurement, not a failure.
"""
import os
import subprocess
import sys


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


def main():
    opt, corpus = sys.argv[1], sys.argv[2]
    same = total = 0
    failed = False
    for folder in sorted(os.listdir(corpus)):
        if not os.path.isdir(os.path.join(corpus, folder)):
            continue
        target = "hip:" + folder.split("-")[-1] if "gfx" in folder else "cuda:90"
        for name in sorted(os.listdir(os.path.join(corpus, folder))):
            if not name.endswith(".frontend.mlir"):
                continue
            path = os.path.join(corpus, folder, name)
            reference = path.replace(".frontend.mlir", ".ttir")
            if not os.path.exists(reference):
                continue
            total += 1
            ours = run([opt, path, f"-triton-make-ttir=target={target}"])
            if ours.returncode != 0:
                print(f"FAILED    {folder}/{name}: {ours.stderr.strip()[:200]}")
                failed = True
                continue
            normalized = run([opt, "-"], stdin=ours.stdout).stdout
            expected = run([opt, reference]).stdout
            status = "identical" if normalized == expected else "differs"
            same += status == "identical"
            print(f"{status:9} {folder}/{name}")
    print(f"identical: {same}/{total}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
