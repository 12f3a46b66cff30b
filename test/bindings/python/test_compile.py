"""TTIR and TTGIR text to PTX, cubin, AMDGCN and the metadata dict."""

import os

import pytest

import triton_ir as tir
from conftest import has_ptxas, require

REQUIRED_KEYS = {"name", "num_warps", "num_ctas", "threads_per_warp", "shared",
                 "global_scratch_size", "global_scratch_align", "profile_scratch_size",
                 "profile_scratch_align", "target", "params"}


def test_ttir_to_ptx_and_cubin(add_ttir):
    require(has_ptxas(), "ptxas")
    module = tir.parse(add_ttir)
    before = str(module)
    kernel = tir.compile(module, target="cuda:90", num_warps=4)
    assert str(module) == before  # the caller's module is left alone
    assert ".visible .entry add_kernel" in kernel.asm["ptx"]
    assert kernel.asm["cubin"][:4] == b"\x7fELF"
    assert REQUIRED_KEYS <= kernel.metadata.keys()
    assert kernel.metadata["name"] == "add_kernel"
    assert kernel.metadata["num_warps"] == 4
    assert kernel.metadata["target"] == {"backend": "cuda", "arch": 90, "warp_size": 32}
    assert kernel.metadata["params"] == ["*fp32", "*fp32", "*fp32", "i32"]
    assert kernel.metadata["ptx_version"] == 87


def test_ttgir_text_compiles_with_its_own_warps(add_ttir):
    require(has_ptxas(), "ptxas")
    module = tir.parse(add_ttir)
    module.run_pipeline("triton-make-ttgir{target=cuda:80 num-warps=2}")
    kernel = tir.compile(str(module), target="cuda:80")
    assert kernel.metadata["num_warps"] == 2
    assert kernel.metadata["target"]["arch"] == 80
    assert ".target sm_80" in kernel.asm["ptx"]


def test_ttir_to_amdgcn(add_ttir):
    require(os.path.exists("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ocml.bc"), "rocm-device-libs")
    kernel = tir.compile(add_ttir, target="hip:gfx942", num_warps=4)
    assert ".amdgcn_target" in kernel.asm["amdgcn"]
    assert kernel.asm["hsaco"][:4] == b"\x7fELF"
    assert kernel.metadata["target"] == {"backend": "hip", "arch": "gfx942", "warp_size": 64}


def test_bad_target_raises(add_ttir):
    with pytest.raises(tir.DiagnosticError, match="cuda:77|target"):
        tir.compile(add_ttir, target="cuda:77")


def test_not_a_target_raises(add_ttir):
    with pytest.raises(tir.DiagnosticError, match="is not cuda"):
        tir.compile(add_ttir, target="metal")


def test_maxnreg_limits_the_kernels_registers(add_ttir):
    require(has_ptxas(), "ptxas")
    kernel = tir.compile(add_ttir, target="cuda:90", maxnreg=40)
    assert ".maxnreg 40\n" in kernel.asm["ptx"]
    assert ".maxnreg" not in tir.compile(add_ttir, target="cuda:90").asm["ptx"]
    with pytest.raises(ValueError, match="1-255"):
        tir.compile(add_ttir, maxnreg=256)


def test_maxnreg_contradicting_the_modules_raises(add_ttir):
    require(has_ptxas(), "ptxas")
    module = tir.parse(add_ttir)
    module.run_pipeline("triton-make-ttgir{target=cuda:90}")
    text = str(module).replace("module attributes {", 'module attributes {"ttg.maxnreg" = 64 : i32, ', 1)
    assert ".maxnreg 64\n" in tir.compile(text, maxnreg=64).asm["ptx"]
    with pytest.raises(tir.DiagnosticError, match=r"ttg.maxnreg \(64\) differs from the maxnreg asked for \(32\)"):
        tir.compile(text, maxnreg=32)


def test_maxnreg_is_for_cuda_targets(add_ttir):
    with pytest.raises(tir.DiagnosticError, match="maxnreg is an option of cuda targets"):
        tir.compile(add_ttir, target="hip:gfx942", maxnreg=64)


def nvjitlink_library():
    """CUDA's nvJitLink beside ptxas (bin/../lib64), as triton-compile finds it."""
    ptxas = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
    return os.path.join(os.path.dirname(os.path.dirname(ptxas)), "lib64", "libnvJitLink.so")


def test_nvjitlink_assembles_in_process(add_ttir):
    require(has_ptxas(), "ptxas")
    library = nvjitlink_library()
    if not os.path.exists(library):
        pytest.skip(f"{library} is missing")  # a CUDA toolkit without nvJitLink
    by_ptxas = tir.compile(add_ttir, target="cuda:90")
    by_nvjitlink = tir.compile(add_ttir, target="cuda:90", nvjitlink=library)
    assert by_nvjitlink.asm["ptx"] == by_ptxas.asm["ptx"]
    assert by_nvjitlink.metadata == by_ptxas.metadata
    cubin = by_nvjitlink.asm["cubin"]
    assert cubin[:4] == b"\x7fELF" and b".text.add_kernel" in cubin
    assert cubin != by_ptxas.asm["cubin"]  # another assembler's bytes


def test_nvjitlink_that_cannot_load_raises(add_ttir):
    require(has_ptxas(), "ptxas")
    with pytest.raises(tir.DiagnosticError, match="cannot load nvJitLink from '/nonexistent"):
        tir.compile(add_ttir, target="cuda:90", nvjitlink="/nonexistent/libnvJitLink.so")
    with pytest.raises(tir.DiagnosticError, match="option of cuda targets"):
        tir.compile(add_ttir, target="hip:gfx942", nvjitlink="/nonexistent/libnvJitLink.so")
