#!/usr/bin/env python3
"""Output unchanged: our PTX, cubin and metadata of every kernel of
compile_kernels.py (harness captures, corpus, TorchInductor TTIRs) from two
triton-compile executables, compared file by file. A change meant to speed
the compile up must leave every PTX as it was (issue 33); where one changes
on purpose, this names the kernels to time on the GPU.

    compile_ptx_check.py make TOOL DIR     # TOOL's outputs of every kernel into DIR
    compile_ptx_check.py compare BEFORE AFTER
        # BEFORE, AFTER: a folder `make` filled, or a triton-compile to run now

Keep the executable of the commit you start from (cp build/bin/triton-compile
somewhere: it holds the project's code, linked from its archives), or `make`
its outputs before changing anything. Runs on the CPU machine, with the
compile cache off, -j as many cores as there are (TRITON_COMPILE_JOBS).
Exit status 1 if any kernel's PTX differs or compiles on one side only.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile_kernels import all_kernels, batch_line  # noqa: E402


def file_name(kernel):
    return kernel["name"].replace("/", "__").replace("@", "_at_")


def make(tool, out):
    """Compiles every kernel with TOOL into OUT/<name>.{ptx,cubin,json};
    triton-compile's messages into OUT/compile.log."""
    os.makedirs(out, exist_ok=True)
    kernels = all_kernels()
    batch = os.path.join(out, "batch.txt")
    with open(batch, "w") as f:
        for k in kernels:
            f.write(batch_line(k, os.path.join(out, file_name(k))) + "\n")
    jobs = os.environ.get("TRITON_COMPILE_JOBS", str(os.cpu_count()))
    with open(os.path.join(out, "compile.log"), "w") as log:
        subprocess.run([tool, "--no-cache", f"-j{jobs}", "--batch", batch],
                       stdout=log, stderr=log)
    return kernels


def outputs(spec, scratch):
    """SPEC's outputs folder: SPEC itself, or a folder SPEC (an executable)
    has just filled."""
    if os.path.isdir(spec):
        return spec
    out = os.path.join(scratch, os.path.basename(spec) + f"-{len(os.listdir(scratch))}")
    make(spec, out)
    return out


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def compare(before, after):
    with tempfile.TemporaryDirectory() as scratch:
        before, after = outputs(before, scratch), outputs(after, scratch)
        counts = {"identical": 0, "PTX differs": 0, "cubin differs": 0,
                  "metadata differs": 0, "fails before": 0, "fails after": 0,
                  "fails on both": 0}
        changed = []
        for k in all_kernels():
            name = file_name(k)
            old = [read(os.path.join(before, f"{name}.{e}")) for e in ("ptx", "cubin", "json")]
            new = [read(os.path.join(after, f"{name}.{e}")) for e in ("ptx", "cubin", "json")]
            if old[0] is None or new[0] is None:
                why = ("fails on both" if old[0] is None and new[0] is None
                       else "fails before" if old[0] is None else "fails after")
            elif old[0] != new[0]:
                why = "PTX differs"
            elif old[1] != new[1]:
                why = "cubin differs"
            elif old[2] != new[2]:
                why = "metadata differs"
            else:
                why = "identical"
            counts[why] += 1
            if why not in ("identical", "fails on both"):
                changed.append((k["name"], why))
        for name, why in changed:
            print(f"{why:16} {name}")
        print(", ".join(f"{n} {why}" for why, n in counts.items() if n))
        bad = counts["PTX differs"] + counts["fails before"] + counts["fails after"]
        return 1 if bad else 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "make":
        kernels = make(os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3]))
        print(f"{len(kernels)} kernels into {sys.argv[3]}")
        return 0
    if len(sys.argv) == 4 and sys.argv[1] == "compare":
        return compare(os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
