"""The kernels the compile-time tools compile: every distinct capture of the
benchmark harness (each case's configurations too, ../registry.py) at its
target, warps and stages, every TTIR and TTGIR of the corpus, and the
TorchInductor TTIRs of ../inductor. compile_ptx_check.py compares our PTX of each before and after a
change; compile_bench.py times each against Triton 3.6's compile.

A kernel is a dict: name, path, target, warps, stages, ctas, stage ("ttir" or
"ttgir"), group ("harness", "corpus" or "inductor"). Two cases that compile the same
file with the same options are one kernel (the first case's name).
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(os.path.dirname(BENCH))
INDUCTOR = os.path.join(ROOT, "test", "Inputs", "inductor")


def harness_kernels(corpus=None):
    """The harness's captures. CORPUS: its triton-3.6-sm90 folder where it is
    not at ../shared beside the checkout (the GPU machine)."""
    sys.path.insert(0, BENCH)
    import run  # noqa: E402  (the harness's runner: its registry and IR paths)
    from registry import all_cases, members  # noqa: E402
    if corpus:
        run.CORPUS = corpus
    out = []
    for case in all_cases():
        for member in members(case):
            path, _ = run.ir_path(member)
            out.append(dict(name=member.name, path=path, target=member.target,
                            warps=member.warps, stages=member.stages, ctas=1,
                            stage=member.stage, group="harness"))
    return out


def inductor_kernels(folder=INDUCTOR):
    """The 128 TTIRs TorchInductor generated for the sweep's programs."""
    index = json.load(open(os.path.join(folder, "index.json")))
    return [dict(name=k["file"][:-len(".ttir")], path=os.path.join(folder, k["file"]),
                 target="cuda:90", warps=k["num_warps"], stages=k["num_stages"],
                 ctas=k.get("num_ctas", 1), stage="ttir", group="inductor")
            for _, k in sorted(index.items(), key=lambda item: item[1]["file"])]


def corpus_kernels(corpus_root=None):
    """Every TTIR and TTGIR of the corpus's sm_90 kernels (at the warps and
    stages of their .meta.json) and of its language-construct kernels (ops/,
    4 warps, 3 stages, as they were dumped)."""
    root = corpus_root or os.path.join(os.path.dirname(ROOT), "shared", "corpus")
    out = []
    for sub in ("triton-3.6-sm90", "triton-3.6-ops"):
        folder = os.path.join(root, sub)
        for f in sorted(os.listdir(folder)):
            stem, ext = os.path.splitext(f)
            if ext not in (".ttir", ".ttgir"):
                continue
            meta = os.path.join(folder, stem + ".meta.json")
            m = json.load(open(meta)) if os.path.exists(meta) else {}
            out.append(dict(name=f"corpus/{stem}{'_ttgir' if ext == '.ttgir' else ''}",
                            path=os.path.join(folder, f), target="cuda:90",
                            warps=m.get("num_warps", 4), stages=m.get("num_stages", 3),
                            ctas=m.get("num_ctas", 1), stage=ext[1:], group="corpus"))
    return out


def all_kernels(corpus=None):
    """Harness, corpus and inductor kernels, each file and configuration once,
    in a stable order; those whose file is missing are left out (and named on
    standard error). CORPUS: the corpus's root folder where it is not at
    ../shared beside the checkout."""
    seen, out = set(), []
    sm90 = corpus and os.path.join(corpus, "triton-3.6-sm90")
    for k in harness_kernels(sm90) + corpus_kernels(corpus) + inductor_kernels():
        key = (os.path.realpath(k["path"]), k["target"], k["warps"], k["stages"], k["ctas"])
        if key in seen:
            continue
        seen.add(key)
        if not os.path.exists(k["path"]):
            print(f"compile_kernels: {k['name']}: {k['path']} is missing", file=sys.stderr)
            continue
        out.append(k)
    return out


def select(kernels, names):
    """The KERNELS named in NAMES (comma-separated), in their order; exits
    naming any of NAMES that is not among them, rather than timing fewer."""
    wanted = set(names.split(","))
    unknown = wanted - {k["name"] for k in kernels}
    if unknown:
        sys.exit(f"--kernels: no such kernel: {', '.join(sorted(unknown))}")
    return [k for k in kernels if k["name"] in wanted]


STAGE = re.compile(r"([^,(]+?) ([0-9.]+) ms")
REPORT = re.compile(r".*: (compiled|failed|cache hit)( \(|$)")


def stage_reports(stderr):
    """triton-compile -v's report of each kernel, in batch order: a list of
    (stages, ok), stages a dict of stage name to milliseconds."""
    return [({name.strip(): float(ms) for name, ms in STAGE.findall(line)},
             ": compiled" in line)
            for line in stderr.splitlines() if REPORT.match(line)]


def batch_line(kernel, prefix):
    """The kernel as a line of triton-compile --batch's list."""
    return (f"{kernel['path']} --target {kernel['target']} --num-warps {kernel['warps']} "
            f"--num-stages {kernel['stages']} --num-ctas {kernel['ctas']} -o {prefix}")


if __name__ == "__main__":
    kernels = all_kernels()
    for k in kernels:
        print(f"{k['group']:9} {k['name']:40} {k['target']} {k['warps']}w{k['stages']}s "
              f"{k['stage']} {os.path.relpath(k['path'], ROOT)}")
    print(f"{len(kernels)} kernels", file=sys.stderr)
