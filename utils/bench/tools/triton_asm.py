#!/usr/bin/env python3
"""Triton 3.6's own assembly of cases, for comparing with ours: for each case,
the compile the harness times (Triton's side at the case's timed size) written
to OUT/<case>/ as <case>.ttgir, .llir, .ptx, .cubin, .sass (cuobjdump) and
info.json (registers, spills, shared memory, warps, stages), then all of it
packed into OUT/triton_asm.tar.gz (the device tool brings back few files).
With --ours DIR (a `run.py prepare` folder), our cubins of the same cases are
disassembled beside them (<case>.ours.sass) with the same cuobjdump.

Usage (GPU machine): triton_asm.py OUT GLOB... --corpus-dir PREPARED [--ours DIR] [--jobs N]

`triton_asm.py variants TARBALL DIR GLOB...` (here, after `run.py prepare DIR`)
writes, for `run.py run --variants tptx,tcubin`, each case's
DIR/<case>@tptx.cubin (Triton's PTX through our ptxas) and
DIR/<case>@tcubin.cubin (Triton's own cubin), with our metadata but Triton's
shared memory: timed beside ours and Triton's launch, they split a gap into
what our PTX, the assembler and the launch each cost.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tarfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import run  # noqa: E402
from registry import all_cases  # noqa: E402


def cuobjdump():
    import triton
    here = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "cuobjdump")
    return next((p for p in [shutil.which("cuobjdump"), here] if p and os.path.exists(p)), None)


def sass(cubin, dest):
    tool = cuobjdump()
    if tool:
        with open(dest, "w") as f:
            subprocess.run([tool, "--dump-sass", cubin], stdout=f, stderr=subprocess.STDOUT)


def dump_one(job):
    corpus_dir, out, name = job
    try:
        runner = run._WORKER = run._WORKER or run.Runner(corpus_dir)
        case = next(c for c in all_cases() if c.name == name)
        kern = runner.kern(case)
        args = case.build(runner.torch, "cuda", case.size, kern.c, kern)[0]
        compiled = kern.fn.warmup(*runner.triton_args(args), grid=(1,), **kern.c,
                                  num_warps=case.warps, num_stages=case.stages,
                                  num_ctas=case.ctas)
        compiled._init_handles()
        folder = os.path.join(out, name)
        os.makedirs(folder, exist_ok=True)
        for stage in ("ttgir", "llir", "ptx"):
            open(os.path.join(folder, f"{name}.{stage}"), "w").write(compiled.asm[stage])
        cubin = os.path.join(folder, f"{name}.cubin")
        open(cubin, "wb").write(compiled.asm["cubin"])
        sass(cubin, os.path.join(folder, f"{name}.sass"))
        md = compiled.metadata
        json.dump({"case": name, "n_regs": compiled.n_regs, "n_spills": compiled.n_spills,
                   "shared": md.shared, "num_warps": md.num_warps, "num_stages": md.num_stages,
                   "maxnreg": getattr(md, "maxnreg", None), "num_ctas": case.ctas,
                   "cluster_dims": list(getattr(md, "cluster_dims", ()) or ()),
                   # Host descriptors' boxes as Triton's launcher encodes them.
                   "tensordesc_meta": getattr(md, "tensordesc_meta", None)},
                  open(os.path.join(folder, "info.json"), "w"), indent=1)
        del args
        runner.torch.cuda.empty_cache()
        return name, None
    except Exception as e:  # one case Triton rejects must not stop the others
        return name, f"{type(e).__name__}: {str(e)[-400:]}"


def variants(tarball, out, patterns):
    """The @tptx and @tcubin cubins of the prepared cases matching PATTERNS."""
    ptxas = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
    with tarfile.open(tarball) as tar:
        members = {m.name: m for m in tar.getmembers()}
        for case in [c for c in all_cases() if c.matches(patterns)]:
            ours = os.path.join(out, f"{case.name}.json")
            source = case.capture
            if not os.path.exists(ours) or f"{source}/info.json" not in members:
                print(f"{case.name}: no cubin of ours or no dump of Triton's")
                continue
            meta = json.load(open(ours))
            meta["shared"] = json.load(tar.extractfile(members[f"{source}/info.json"]))["shared"]
            stem = os.path.join(out, case.name)
            open(f"{stem}@tptx.ptx", "wb").write(
                tar.extractfile(members[f"{source}/{source}.ptx"]).read())
            subprocess.run([ptxas, "--gpu-name=sm_90a", f"{stem}@tptx.ptx", "-o",
                            f"{stem}@tptx.cubin"], check=True)
            open(f"{stem}@tcubin.cubin", "wb").write(
                tar.extractfile(members[f"{source}/{source}.cubin"]).read())
            for v in ("tptx", "tcubin"):
                json.dump(meta, open(f"{stem}@{v}.json", "w"), indent=1)
            print(f"{case.name}: @tptx, @tcubin written")


def main():
    if sys.argv[1:2] == ["variants"]:
        return variants(sys.argv[2], sys.argv[3], sys.argv[4:])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("out")
    p.add_argument("cases", nargs="+", metavar="GLOB")
    p.add_argument("--corpus-dir", required=True)
    p.add_argument("--ours", help="a prepare folder: disassemble our cubins of the cases too")
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args()
    out = os.path.abspath(args.out)
    names = [c.name for c in all_cases() if c.matches(args.cases)]
    jobs = [(os.path.abspath(args.corpus_dir), out, n) for n in names]
    results = run.in_processes(dump_one, jobs, args.jobs)
    for name, error in sorted(results):
        print(name, error or "dumped", flush=True)
    if args.ours:
        for cubin in glob.glob(os.path.join(args.ours, "*.cubin")):
            stem = os.path.basename(cubin)[:-len(".cubin")]
            if stem.split("@")[0] in names:
                os.makedirs(os.path.join(out, stem.split("@")[0]), exist_ok=True)
                sass(cubin, os.path.join(out, stem.split("@")[0], f"{stem}.ours.sass"))
    with tarfile.open(os.path.join(out, "triton_asm.tar.gz"), "w:gz") as tar:
        for name in names:
            if os.path.isdir(os.path.join(out, name)):
                tar.add(os.path.join(out, name), arcname=name)
    for name in names:
        shutil.rmtree(os.path.join(out, name), ignore_errors=True)
    print("registers, spills, shared of Triton's compiles:")
    with tarfile.open(os.path.join(out, "triton_asm.tar.gz")) as tar:
        for m in tar.getmembers():
            if m.name.endswith("info.json"):
                i = json.load(tar.extractfile(m))
                print(f"{i['case']:20} regs {i['n_regs']:4} spills {i['n_spills']:3} "
                      f"shared {i['shared']:7}")


if __name__ == "__main__":
    main()
