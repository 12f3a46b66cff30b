"""A lit test format with one test per file of the shared corpus.

The corpus lives outside the repository (../shared/corpus, set at configure
time), so its files are enumerated here instead of being lit test files. A
"kind" decides what each test checks:

  roundtrip   triton-opt prints the file back byte for byte (the number of
              newlines at the very end excepted), and its generic form
              re-parses to the same module.
  make-ttir   -triton-make-ttir (target from the folder name) runs on a
              frontend file and its output verifies; the test output says
              whether it is identical to the reference's .ttir up to SSA
              names and locations (a measurement, reported by
              test/scripts/compare-make-ttir.py).
  convert     -convert-triton-to-tritongpu (the folder's target, 4 warps) runs
              on a reference .ttir and its output verifies when read back.
  llir        the reference's .llir through triton-translate: PTX that ptxas
              assembles for sm_90a, or AMDGCN that LLVM 22's llvm-mc
              assembles for the folder's gfx target.
"""

import os
import subprocess

import lit.formats
import lit.Test


def _run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


class CorpusFormat(lit.formats.TestFormat):
    def __init__(self, corpus_dir, suffixes, kind, tools_dir, ptxas=None, llvm_tools_dir=None):
        self.corpus_dir = corpus_dir
        self.suffixes = tuple(suffixes)
        self.kind = kind
        self.tools_dir = tools_dir
        self.ptxas = ptxas
        self.llvm_tools_dir = llvm_tools_dir

    def getTestsInDirectory(self, testSuite, path_in_suite, litConfig, localConfig):
        if not os.path.isdir(self.corpus_dir):
            litConfig.error(f"corpus not found at {self.corpus_dir}")
            return
        for sub in sorted(os.listdir(self.corpus_dir)):
            subdir = os.path.join(self.corpus_dir, sub)
            if not os.path.isdir(subdir):
                continue
            for name in sorted(os.listdir(subdir)):
                if name.endswith(self.suffixes):
                    yield lit.Test.Test(testSuite, path_in_suite + (sub, name),
                                        localConfig,
                                        file_path=os.path.join(subdir, name))

    def execute(self, test, litConfig):
        path = os.path.join(self.corpus_dir, *test.path_in_suite[-2:])
        if self.kind == "roundtrip":
            return self._roundtrip(path)
        if self.kind == "make-ttir":
            return self._make_ttir(path)
        if self.kind == "llir":
            return self._llir(path)
        if self.kind == "convert":
            return self._convert(path)
        return lit.Test.UNRESOLVED, f"unknown corpus test kind {self.kind}"

    def _roundtrip(self, path):
        opt = os.path.join(self.tools_dir, "triton-opt")
        flags = ["--mlir-print-debuginfo", "--mlir-use-nameloc-as-prefix"]
        with open(path) as f:
            expected = f.read().rstrip("\n")
        rc, printed, err = _run([opt, *flags, path])
        if rc != 0:
            return lit.Test.FAIL, f"triton-opt failed on {path}:\n{err}"
        if printed.rstrip("\n") != expected:
            diff = subprocess.run(["diff", path, "-"], input=printed, capture_output=True,
                                  text=True).stdout
            return lit.Test.FAIL, f"printed text differs from {path}:\n{diff[:6000]}"
        rc, generic, err = _run([opt, "--mlir-print-op-generic", "--mlir-print-debuginfo",
                                 path])
        if rc != 0:
            return lit.Test.FAIL, f"generic printing failed:\n{err}"
        rc, reparsed, err = _run([opt, "--mlir-print-op-generic", "--mlir-print-debuginfo",
                                  "-"], stdin=generic)
        if rc != 0:
            return lit.Test.FAIL, f"the generic form does not re-parse:\n{err}"
        if reparsed != generic:
            return lit.Test.FAIL, "the generic form re-parses to a different module"
        return lit.Test.PASS, ""

    def _make_ttir(self, path):
        opt = os.path.join(self.tools_dir, "triton-opt")
        target = target_of(path)
        rc, out, err = _run([opt, path, f"-triton-make-ttir=target={target}"])
        if rc != 0:
            return lit.Test.FAIL, f"make_ttir failed on {path}:\n{err}"
        rc, normalized, err = _run([opt, "-"], stdin=out)
        if rc != 0:
            return lit.Test.FAIL, f"make_ttir output does not re-parse:\n{err}"
        reference = path.replace(".frontend.mlir", ".ttir")
        if not os.path.exists(reference):
            return lit.Test.PASS, "no reference .ttir"
        rc, expected, err = _run([opt, reference])
        same = rc == 0 and expected == normalized
        return lit.Test.PASS, "identical to the reference" if same else "differs from the reference"


def _llir_impl(self, path):
    import tempfile
    translate = os.path.join(self.tools_dir, "triton-translate")
    target = target_of(path)
    with tempfile.TemporaryDirectory() as tmp:
        if target.startswith("cuda"):
            ptx = os.path.join(tmp, "k.ptx")
            rc, out, err = _run([translate, "--llvmir-to-ptx", path, "-o", ptx])
            if rc != 0:
                return lit.Test.FAIL, f"triton-translate failed:\n{err}"
            rc, out, err = _run([self.ptxas, "--gpu-name=sm_90a", ptx, "-o",
                                 os.path.join(tmp, "k.cubin")])
            if rc != 0:
                return lit.Test.FAIL, f"ptxas rejected our PTX:\n{err}"
            return lit.Test.PASS, err
        arch = target.split(":")[1]
        asm = os.path.join(tmp, "k.s")
        rc, out, err = _run([translate, "--llvmir-to-amdgcn", f"--arch={arch}", path, "-o", asm])
        if rc != 0:
            return lit.Test.FAIL, f"triton-translate failed:\n{err}"
        rc, out, err = _run([os.path.join(self.llvm_tools_dir, "llvm-mc"),
                             "-triple=amdgcn-amd-amdhsa", f"-mcpu={arch}", "-filetype=obj",
                             asm, "-o", os.path.join(tmp, "k.o")])
        if rc != 0:
            return lit.Test.FAIL, f"llvm-mc rejected our AMDGCN:\n{err}"
        return lit.Test.PASS, ""


CorpusFormat._llir = _llir_impl


def _convert_impl(self, path):
    opt = os.path.join(self.tools_dir, "triton-opt")
    target = target_of(path)
    lanes = 64 if target.startswith("hip") else 32
    rc, out, err = _run([opt, path, "-convert-triton-to-tritongpu="
                         f"target={target} num-warps=4 threads-per-warp={lanes}"])
    if rc != 0:
        return lit.Test.FAIL, f"convert-triton-to-tritongpu failed on {path}:\n{err}"
    rc, _, err = _run([opt, "-", "-o", "/dev/null"], stdin=out)
    if rc != 0:
        return lit.Test.FAIL, f"its output does not verify:\n{err}"
    return lit.Test.PASS, ""


CorpusFormat._convert = _convert_impl


def target_of(path):
    """The target a corpus folder was compiled for."""
    folder = os.path.basename(os.path.dirname(path))
    if "gfx942" in folder:
        return "hip:gfx942"
    if "gfx90a" in folder:
        return "hip:gfx90a"
    return "cuda:90"
