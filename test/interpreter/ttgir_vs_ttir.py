"""Runs each corpus kernel's reference TTGIR and TTIR on the same inputs and
compares every buffer byte for byte: triton-run gives a kernel the same
meaning at both stages. Kernels and arguments come from the semantic suite's
table. Usage: ttgir_vs_ttir.py TRITON_RUN CORPUS_DIR OUT_DIR
Prints one line per kernel and "N same, N different, N not run".
"""
import filecmp
import importlib.util
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "semantic", os.path.join(HERE, "..", "passes", "semantic", "semantic.py"))
semantic = importlib.util.module_from_spec(spec)
spec.loader.exec_module(semantic)


def run(tool, path, grid, args, out):
    os.makedirs(out, exist_ok=True)
    cmd, buffers = [tool, path, "--grid", grid], []
    for arg in args:
        cmd += ["--arg", arg]
        name, spec_ = arg.split("=", 1)
        if "[" in spec_:
            cmd += ["--save", f"{name}={out}/{name}.npy"]
            buffers.append(name)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    return proc.returncode, proc.stderr.strip(), buffers


def main():
    tool, corpus, out = sys.argv[1:4]
    same = different = not_run = 0
    for kernel, (path, grid, args, _) in sorted(semantic.KERNELS.items()):
        ttgir = f"{corpus}/{path}.ttgir"
        if not os.path.exists(ttgir):
            continue
        rc1, err1, buffers = run(tool, f"{corpus}/{path}.ttir", grid, args, f"{out}/{kernel}/ttir")
        rc2, err2, _ = run(tool, ttgir, grid, args, f"{out}/{kernel}/ttgir")
        if rc1 or rc2:
            not_run += 1
            print(f"not run    {kernel}: {(err1 or err2).splitlines()[0]}")
            continue
        equal = all(filecmp.cmp(f"{out}/{kernel}/ttir/{b}.npy", f"{out}/{kernel}/ttgir/{b}.npy",
                                shallow=False) for b in buffers)
        same += equal
        different += not equal
        print(f"{'same' if equal else 'DIFFERENT':10} {kernel}")
    print(f"{same} same, {different} different, {not_run} not run")
    return 1 if different else 0


if __name__ == "__main__":
    sys.exit(main())
