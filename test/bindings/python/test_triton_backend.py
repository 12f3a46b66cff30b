"""The Triton backend plugin's logic (triton_ir/triton_backend.py) without Triton:
Triton's stage dict, options and CUDABackend are stood in for by plain objects,
the tool is the build's triton-compile. The plugin under Triton itself runs on
the GPU machine (utils/plugin-check.py)."""

import collections
import pathlib
import sys
import types

import pytest

from conftest import REPO, has_ptxas, load_by_path, require

TOOL = pathlib.Path(__import__("triton_ir").__file__).resolve().parents[2] / "bin" / "triton-compile"

Options = collections.namedtuple(
    "Options", "num_warps num_stages num_ctas maxnreg enable_fp_fusion ptx_options "
    "instrumentation_mode extern_libs arch", defaults=(4, 3, 1, None, True, None, "", None, "sm90"))
Language = collections.namedtuple("Language", "name")
TRITON, GLUON = Language("TRITON"), Language("GLUON")


class FakeModule:
    """Stands for Triton's ir.module: the stages print it with str()."""

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


@pytest.fixture
def backend():
    # Loaded by path, as on the GPU machine: it must not need the native module.
    return load_by_path(REPO / "bindings" / "python" / "triton_ir" / "triton_backend.py")


@pytest.fixture
def tool():
    require(TOOL.exists(), f"{TOOL}")
    require(has_ptxas(), "ptxas")
    return str(TOOL)


def triton_stages(calls):
    """A stage dict as Triton 3.6's CUDABackend.add_stages makes it."""
    def stage(name):
        def run(src, metadata):
            calls.append(name)
            return f"<{name} of {src}>"
        return run
    return {name: stage(name) for name in ("ttir", "ttgir", "llir", "ptx", "cubin")}


def test_stages_after_ttir_are_the_tools(backend, tool, add_ttir):
    calls = []
    stages = triton_stages(calls)
    backend.take_over_stages(stages, Options(), TRITON, 90, tool)
    assert list(stages) == ["ttir", "ptx", "cubin"]
    metadata = {"num_warps": 4, "cluster_dims": (1, 1, 1)}
    ttir = stages["ttir"](FakeModule(add_ttir), metadata)
    assert calls == ["ttir"]  # Triton's own make_ttir is kept
    ptx = stages["ptx"](FakeModule(add_ttir), metadata)
    assert ".visible .entry add_kernel" in ptx and ".target sm_90a" in ptx
    cubin = stages["cubin"](ptx, metadata)
    assert cubin[:4] == b"\x7fELF" and calls == ["ttir"]
    assert metadata["name"] == "add_kernel" and metadata["num_warps"] == 4
    assert metadata["shared"] == 0 and metadata["global_scratch_size"] == 0
    assert metadata["tensordesc_meta"] == [] and metadata["cluster_dims"] == (1, 1, 1)
    assert metadata["tmem_size"] is None
    assert ttir.startswith("<ttir")


def test_warps_and_target_reach_the_tool(backend, tool, add_ttir):
    stages = triton_stages([])
    backend.take_over_stages(stages, Options(num_warps=2), TRITON, 80, tool)
    metadata = {}
    ptx = stages["ptx"](FakeModule(add_ttir), metadata)
    assert metadata["num_warps"] == 2 and ".target sm_80" in ptx


def test_other_ptx_goes_to_tritons_assembler(backend, tool, add_ttir):
    calls = []
    stages = triton_stages(calls)
    backend.take_over_stages(stages, Options(), TRITON, 90, tool)
    stages["ptx"](FakeModule(add_ttir), {})
    assert stages["cubin"]("// an overriding .ptx file", {}) == "<cubin of // an overriding .ptx file>"
    assert calls == ["cubin"]


def test_tool_diagnostics_raise(backend, tool):
    stages = triton_stages([])
    backend.take_over_stages(stages, Options(), TRITON, 90, tool)
    bad = "module {\n  tt.func public @k() {\n    %0 = arith.addi %x, %x : i32\n" \
          "    tt.return\n  }\n}\n"
    with pytest.raises(backend.CompileError, match=r"k\.ttir:3:\d+: error: use of undeclared SSA value"):
        stages["ptx"](FakeModule(bad), {})


def test_gluon_keeps_tritons_stages(backend, tool):
    stages = triton_stages([])
    backend.take_over_stages(stages, Options(), GLUON, 90, tool)
    assert list(stages) == ["ttir", "ttgir", "llir", "ptx", "cubin"]


@pytest.mark.parametrize("maxnreg, directive", [(40, ".maxnreg 40\n"), (None, None)])
def test_maxnreg_reaches_the_tool(backend, tool, add_ttir, maxnreg, directive):
    stages = triton_stages([])
    backend.take_over_stages(stages, Options(maxnreg=maxnreg), TRITON, 90, tool)
    ptx = stages["ptx"](FakeModule(add_ttir), {})
    if directive:
        assert directive in ptx
    else:
        assert ".maxnreg" not in ptx  # ptxas chooses


@pytest.mark.parametrize("change, word", [
    ({"maxnreg": 0}, "maxnreg=0"),
    ({"maxnreg": 256}, "maxnreg=256"),
    ({"enable_fp_fusion": False}, "enable_fp_fusion"),
    ({"ptx_options": "-O1"}, "ptx_options"),
    ({"instrumentation_mode": "consan"}, "instrumentation_mode"),
    ({"extern_libs": (("libdevice", "/x.bc"), ("mylib", "/y.bc"))}, "mylib"),
])
def test_unsupported_options_raise(backend, change, word):
    with pytest.raises(backend.UnsupportedOption, match=word):
        backend.check_options(Options()._replace(**change))


def test_supported_options_pass(backend):
    backend.check_options(Options(extern_libs=(("libdevice", "/x.bc"),), num_warps=8))
    backend.check_options(Options(maxnreg=128))


def test_metadata_needs_the_tools_keys(backend):
    with pytest.raises(backend.CompileError, match="tensordesc_meta"):
        backend.triton_metadata({"name": "k", "num_warps": 4, "shared": 0}, 1)


def test_missing_tool(backend, monkeypatch, tmp_path):
    monkeypatch.delenv(backend.TOOL_ENV, raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(backend.CompileError, match=backend.TOOL_ENV):
        backend.find_tool()
    (tmp_path / "not-executable").write_text("")
    with pytest.raises(backend.CompileError, match="not an executable"):
        backend.find_tool(str(tmp_path / "not-executable"))


@pytest.fixture
def fake_triton(monkeypatch):
    """triton.backends.nvidia.compiler with a CUDABackend as 3.6's: add_stages
    fills the five stages, hash names the ptxas."""
    class CUDABackend:
        def __init__(self, arch):
            self.target = types.SimpleNamespace(arch=arch)

        def _parse_arch(self, arch):
            return int(arch[2:])

        def add_stages(self, stages, options, language):
            stages.update(triton_stages([]))

        def hash(self):
            return f"ptxas-12.8-{self.target.arch}"

    compiler = types.ModuleType("triton.backends.nvidia.compiler")
    compiler.CUDABackend = CUDABackend
    compiler.get_ptxas = lambda arch: types.SimpleNamespace(path="/usr/local/cuda/bin/ptxas")
    names = ["triton", "triton.backends", "triton.backends.nvidia"]
    for name in names:
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "triton.backends.nvidia.compiler", compiler)
    sys.modules["triton.backends.nvidia"].compiler = compiler
    return CUDABackend


def test_install_and_uninstall(backend, fake_triton, tool):
    original_add_stages, original_hash = fake_triton.add_stages, fake_triton.hash
    backend.install(tool)
    try:
        assert backend.installed()
        cuda = fake_triton(90)
        stages = {}
        cuda.add_stages(stages, Options(), TRITON)
        assert list(stages) == ["ttir", "ptx", "cubin"]
        # Cached apart from Triton's own compiles.
        assert cuda.hash().startswith("ptxas-12.8-90-triton-ir-")
    finally:
        backend.uninstall()
    assert not backend.installed()
    assert fake_triton.add_stages is original_add_stages and fake_triton.hash is original_hash


def test_runner_installs_then_runs_the_script(backend, fake_triton, tool, tmp_path, capsys):
    script = tmp_path / "user_script.py"
    script.write_text("import sys\nfrom triton.backends.nvidia.compiler import CUDABackend\n"
                      "stages = {}\nCUDABackend(90).add_stages(stages, None, None)\n"
                      "print('args', sys.argv[1:], 'hash', CUDABackend(90).hash())\n")
    try:
        assert backend.main(["--tool", tool, str(script), "a", "b"]) == 0
        assert backend.installed()
        assert "args ['a', 'b'] hash ptxas-12.8-90-triton-ir-" in capsys.readouterr().out
    finally:
        backend.uninstall()
