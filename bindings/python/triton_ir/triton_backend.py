"""Triton 3.6 backend plugin: unchanged @triton.jit code compiled by this toolchain.

Triton's frontend turns the Python function into TTIR and its `ttir` stage
(make_ttir) runs as usual; from there the `triton-compile` binary of this
project takes over: make_ttir, make_ttgir and make_llir, LLVM and ptxas in one
process, giving the PTX, the cubin and the launch metadata Triton's launcher
needs (name, warps, shared memory, scratch sizes, tensor-descriptor metadata).
Triton's cache, launcher, autotuner and runtime are unchanged.

    import triton_ir.triton_backend as backend
    backend.install("/path/to/triton-compile")   # or $TRITON_IR_COMPILE
    ...                                          # @triton.jit kernels as usual
    backend.uninstall()

or, for a script left as it is:

    TRITON_IR_COMPILE=/path/to/triton-compile python3 -m triton_ir.triton_backend script.py ARGS

Compiles made while it is installed are cached apart from Triton's own (the
backend's cache key names the tool). It is pure Python and imports nothing of
the native module, so it runs with whatever Python Triton runs on; the tool is
a separate (statically linked, where LLVM 22 is not installed) executable.

A kernel's maxnreg reaches the tool (`--maxnreg`). Kernels asking for what the
tool cannot do yet (fp fusion off, extra ptxas options, extern libraries
besides libdevice, instrumentation) raise UnsupportedOption instead of silently
compiling something else; Gluon kernels keep Triton's own stages.
"""

import functools
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

TOOL_ENV = "TRITON_IR_COMPILE"
# Extra words for the tool's command line (LLVM options, for experiments).
FLAGS_ENV = "TRITON_IR_COMPILE_FLAGS"

# Triton's metadata keys that the tool's JSON gives (the rest of Triton's
# metadata comes from the options, as with Triton's own stages).
_METADATA_KEYS = ("name", "num_warps", "shared", "global_scratch_size", "global_scratch_align",
                  "profile_scratch_size", "profile_scratch_align", "tensordesc_meta")


class CompileError(RuntimeError):
    """The tool refused a kernel; the message holds its located diagnostics."""


class UnsupportedOption(CompileError):
    """A compile option the toolchain does not honour yet."""


class CompiledOutput:
    """What one run of the tool gives: PTX text, cubin bytes, metadata dict."""

    def __init__(self, ptx, cubin, metadata):
        self.ptx, self.cubin, self.metadata = ptx, cubin, metadata


def find_tool(path=None):
    """The triton-compile executable: PATH, else $TRITON_IR_COMPILE, else one
    on $PATH."""
    path = path or os.environ.get(TOOL_ENV) or shutil.which("triton-compile")
    if not path:
        raise CompileError(f"no triton-compile: pass its path or set ${TOOL_ENV}")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise CompileError(f"{path} (${TOOL_ENV}) is not an executable file")
    return os.path.abspath(path)


def _get(options, name, default=None):
    return getattr(options, name, default) if not isinstance(options, dict) \
        else options.get(name, default)


def check_options(options):
    """Raises UnsupportedOption for a Triton CUDAOptions (or dict of its
    fields) the tool cannot compile as asked."""
    problems = []
    maxnreg = _get(options, "maxnreg")
    if maxnreg is not None and not 1 <= maxnreg <= 255:
        problems.append(f"maxnreg={maxnreg!r} (a thread can be given 1-255 registers)")
    if _get(options, "enable_fp_fusion", True) is False:
        problems.append("enable_fp_fusion=False")
    if _get(options, "ptx_options"):
        problems.append(f"ptx_options ({_get(options, 'ptx_options')!r})")
    if _get(options, "instrumentation_mode"):
        problems.append(f"instrumentation_mode={_get(options, 'instrumentation_mode')!r}")
    libs = dict(_get(options, "extern_libs") or ())
    others = sorted(set(libs) - {"libdevice"})
    if others:
        problems.append(f"extern_libs {others} (the tool links its own libdevice only)")
    if problems:
        raise UnsupportedOption("triton_ir backend: not supported yet: " + ", ".join(problems))


def compile_ttir(text, target, num_warps, num_stages, num_ctas, tool, ptxas=None, flags=(),
                 name="kernel", maxnreg=None):
    """Runs the tool on TTIR (or TTGIR) TEXT; a CompiledOutput, or
    CompileError with the tool's diagnostics. MAXNREG: the registers a thread
    may use (Triton's maxnreg), None for ptxas's choice."""
    with tempfile.TemporaryDirectory(prefix="triton-ir-") as work:
        source = os.path.join(work, name + ".ttir")
        prefix = os.path.join(work, name)
        with open(source, "w", encoding="utf-8") as f:
            f.write(text)
        command = [tool, *flags, "--no-cache", "--target", target, "--num-warps", str(num_warps),
                   "--num-stages", str(num_stages), "--num-ctas", str(num_ctas), "-o", prefix]
        if maxnreg is not None:
            command += ["--maxnreg", str(maxnreg)]
        if ptxas:
            command += ["--ptxas", ptxas]
        command.append(source)
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise CompileError(f"triton-compile failed (exit {done.returncode}) on {name}:\n"
                               f"{done.stderr.strip() or done.stdout.strip()}\n"
                               f"command: {' '.join(command)}")
        with open(prefix + ".ptx", encoding="utf-8") as f:
            ptx = f.read()
        with open(prefix + ".cubin", "rb") as f:
            cubin = f.read()
        with open(prefix + ".json", encoding="utf-8") as f:
            metadata = json.load(f)
    return CompiledOutput(ptx, cubin, metadata)


def triton_metadata(tool_metadata, num_ctas):
    """The entries of Triton's compile metadata that its make_llir and
    make_ptx stages would have set, from the tool's JSON."""
    missing = [k for k in _METADATA_KEYS if k not in tool_metadata]
    if missing:
        raise CompileError(f"the tool's metadata lacks {missing}")
    out = {k: tool_metadata[k] for k in _METADATA_KEYS}
    out["tmem_size"] = None  # no tensor memory on the targets the tool compiles for
    out["cluster_dims"] = (num_ctas, 1, 1)
    return out


def _kernel_name(text):
    """The public tt.func's name in TTIR text, for the work files' names."""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("tt.func public @"):
            return line[len("tt.func public @"):].split("(")[0]
    return "kernel"


def _is_triton_language(language):
    return getattr(language, "name", str(language)).upper().endswith("TRITON")


def take_over_stages(stages, options, language, capability, tool, ptxas=None, flags=()):
    """Rewrites Triton's stage dict (as add_stages made it) so that what
    follows `ttir` is the tool's: `ptx` compiles the TTIR to PTX, cubin and
    metadata; `cubin` hands the cubin over (Triton's own assembler runs only
    on PTX that is not the tool's, e.g. an override). Gluon kernels keep
    Triton's stages."""
    if not _is_triton_language(language):
        return stages
    check_options(options)
    keep = {k: stages[k] for k in ("ttir",) if k in stages}
    triton_cubin = stages.get("cubin")
    num_warps, num_stages = _get(options, "num_warps", 4), _get(options, "num_stages", 3)
    num_ctas = _get(options, "num_ctas", 1)
    maxnreg = _get(options, "maxnreg")
    made = {}

    def make_ptx(src, metadata):
        text = str(src)
        out = compile_ttir(text, f"cuda:{capability}", num_warps, num_stages, num_ctas, tool,
                           ptxas, flags, _kernel_name(text), maxnreg)
        metadata.update(triton_metadata(out.metadata, num_ctas))
        made["ptx"], made["cubin"] = out.ptx, out.cubin
        return out.ptx

    def make_cubin(src, metadata):
        if made.get("ptx") is not None and src == made["ptx"]:
            return made["cubin"]
        if triton_cubin is None:
            raise CompileError("the PTX is not the tool's and there is no assembler stage")
        return triton_cubin(src, metadata)

    stages.clear()
    stages.update(keep)
    stages["ptx"] = make_ptx
    stages["cubin"] = make_cubin
    return stages


@functools.lru_cache(maxsize=None)
def _file_digest(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


_installed = None


def install(tool=None, ptxas=None):
    """Makes Triton's CUDA backend compile through TOOL (default
    $TRITON_IR_COMPILE) from now on, in this process. PTXAS defaults to the
    one Triton uses."""
    global _installed
    tool = find_tool(tool)
    from triton.backends.nvidia import compiler as nvidia

    uninstall()
    backend = nvidia.CUDABackend
    flags = tuple(os.environ.get(FLAGS_ENV, "").split())
    original_add_stages, original_hash = backend.add_stages, backend.hash
    identity = hashlib.sha256(f"{_file_digest(tool)} {' '.join(flags)}".encode()).hexdigest()

    def add_stages(self, stages, options, language):
        original_add_stages(self, stages, options, language)
        if not _is_triton_language(language):
            return
        assembler = ptxas or nvidia.get_ptxas(self.target.arch).path
        take_over_stages(stages, options, language, self._parse_arch(options.arch), tool,
                         assembler, flags)

    def hash(self):
        # Triton's cache key includes the backend's hash: kernels compiled by
        # the tool are cached apart from Triton's own.
        return f"{original_hash(self)}-triton-ir-{identity[:16]}"

    backend.add_stages, backend.hash = add_stages, hash
    _installed = (backend, original_add_stages, original_hash)


def uninstall():
    """Gives Triton its own stages back (kernels already compiled stay)."""
    global _installed
    if _installed is not None:
        backend, add_stages, hash_ = _installed
        backend.add_stages, backend.hash = add_stages, hash_
        _installed = None


def installed():
    return _installed is not None


def main(argv=None):
    """python3 -m triton_ir.triton_backend [--tool PATH] SCRIPT [ARGS...]"""
    import runpy
    argv = list(sys.argv[1:] if argv is None else argv)
    tool = None
    if argv[:1] == ["--tool"] and len(argv) > 1:
        tool, argv = argv[1], argv[2:]
    if not argv or argv[0] in ("-h", "--help"):
        print(main.__doc__ + "\n\n" + __doc__)
        return 0 if argv else 2
    install(tool)
    sys.argv = argv
    sys.path.insert(0, os.path.dirname(os.path.abspath(argv[0])))
    runpy.run_path(argv[0], run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
