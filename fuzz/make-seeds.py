#!/usr/bin/env python3
"""Builds the seed inputs of each fuzz target under OUT/<target>/ from the
shared corpus, the test suite's inputs and the minimized corpus kept in
test/fuzz/<target>/.

Usage: make-seeds.py [--without-kept] SRC_ROOT SHARED_DIR OUT [TRITON_OPT]
TRITON_OPT (optional) lowers the corpus TTGIR to LLVM-dialect modules for the
translate target's seeds; without it, only test inputs seed that target.
--without-kept leaves out test/fuzz/<target>/ (run.sh --minimize measures the
kept corpus against the other seeds).
"""
import glob, hashlib, os, re, shlex, subprocess, sys

args = sys.argv[1:]
without_kept = "--without-kept" in args
args = [a for a in args if a != "--without-kept"]
src, shared, out = args[0], args[1], args[2]
triton_opt = args[3] if len(args) > 3 else None
corpus = os.path.join(shared, "corpus")
MAX_LEN = 32768  # the -max_len run.sh gives the module targets


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    if not data.strip() or len(data) > MAX_LEN:
        return
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def read(path):
    with open(path, errors="replace") as f:
        return f.read()


def pieces(path):
    """A test file's -split-input-file pieces, RUN/CHECK lines dropped."""
    text = read(path)
    for piece in re.split(r"^// -----.*$", text, flags=re.M):
        yield "\n".join(l for l in piece.split("\n")
                        if not re.match(r"\s*//\s*(RUN|CHECK|COM|REQUIRES|XFAIL)", l))


modules = sorted(glob.glob(f"{corpus}/*/*.ttir") + glob.glob(f"{corpus}/*/*.ttgir") +
                 glob.glob(f"{corpus}/*/*.frontend.mlir") + glob.glob(f"{corpus}/*/*.mlir"))
tests = sorted(p for p in glob.glob(f"{src}/test/**/*.mlir", recursive=True)
               if "/fuzz/" not in p)
for path in modules + tests:
    for piece in pieces(path):
        put("parse", piece)
        if "tt.func" in piece and "ttg." not in piece:
            put("pipelines", piece)  # TTIR: what make_ttgir takes
        if "llvm.func" in piece and "tt.func" not in piece:
            put("translate", piece)

# LLVM-dialect modules: the corpus TTGIR through make_llir.
if triton_opt:
    for path in sorted(glob.glob(f"{corpus}/triton-3.6-*/*.ttgir")):
        target = "hip:gfx942" if "gfx" in path else "cuda:90"
        r = subprocess.run([triton_opt, path, f"--triton-make-llir=target={target}"],
                           capture_output=True, text=True)
        if r.returncode == 0:
            put("translate", r.stdout)

# triton-run: each RUN line's grid and --arg specs, then its module.
for test in sorted(glob.glob(f"{src}/test/**/*.test", recursive=True) +
                   glob.glob(f"{src}/test/**/*.mlir", recursive=True)):
    text = read(test).replace("\\\n", " ")
    for line in re.findall(r"RUN:.*?triton-run (.*)", text):
        try:
            words = shlex.split(line.split("|")[0])
        except ValueError:
            continue
        inputs = [w for w in words if w.endswith((".mlir", ".ttir", ".ttgir"))]
        if not inputs:
            continue
        path = (inputs[0].replace("%S", os.path.dirname(test))
                .replace("%s", test).replace("%corpus", corpus))
        if not os.path.exists(path):
            continue
        grid, args = "1", []
        for i, w in enumerate(words[:-1]):
            if w == "--grid":
                grid = words[i + 1]
            elif w == "--arg":
                args.append(words[i + 1])
        for spec in args:
            put("argspec", spec)
        for piece in pieces(path):
            put("run", " ".join([grid] + args) + "\n" + piece)

# Mangled names: the functions of the frontend's IR and of the tests.
for path in glob.glob(f"{corpus}/*/*.frontend.mlir") + tests:
    for name in re.findall(r"@([A-Za-z_][\w.$()',]*__[\w.$()',]*)", read(path)):
        put("demangle", name)

# The minimized corpus kept in the tree.
for d in [] if without_kept else glob.glob(f"{src}/test/fuzz/*/"):
    target = os.path.basename(d.rstrip("/"))
    if target == "upstream":
        continue
    for f in glob.glob(d + "*"):
        if os.path.isfile(f) and not f.endswith((".test", ".md")):
            put(target, open(f, "rb").read())

for target in sorted(os.listdir(out)):
    print(f"{target}: {len(os.listdir(os.path.join(out, target)))} seeds")
