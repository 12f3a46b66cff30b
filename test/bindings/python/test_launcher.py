"""The ctypes launcher's argument handling (launches run on the GPU machine:
utils/launch-check.py)."""

import numpy as np
import pytest

from conftest import REPO, load_by_path


@pytest.fixture
def launcher():
    # Loaded by path, as on a machine without LLVM: it must not need the native module.
    return load_by_path(REPO / "bindings" / "python" / "triton_ir" / "launcher.py")


class FakeGpuArray:
    __cuda_array_interface__ = {"data": (0x7f0000001000, False), "shape": (4,), "typestr": "<f4",
                                "version": 3}


def test_cuda_array_interface_pointer(launcher):
    assert launcher.device_pointer(FakeGpuArray()) == 0x7f0000001000
    assert launcher.device_pointer(1234) == 1234


def test_host_dlpack_array_is_refused(launcher):
    with pytest.raises(ValueError, match="not CUDA"):
        launcher.device_pointer(np.zeros(4, dtype=np.float32))


def test_not_an_array(launcher):
    with pytest.raises(TypeError, match="not a GPU array"):
        launcher.device_pointer([1, 2])


def test_hip_metadata_refused(launcher):
    with pytest.raises(ValueError, match="cuda"):
        launcher.Kernel(b"", {"target": {"backend": "hip"}, "num_ctas": 1})


def test_cluster_sizes(launcher):
    """num_ctas 2, 4, 8 launch as clusters; larger ones are refused before
    any driver call. The launch structures are cuda.h's on x86-64
    (CUlaunchAttribute: id, padding, a 64-byte value; CUlaunchConfig)."""
    with pytest.raises(ValueError, match="clusters of 2, 4 or 8 CTAs"):
        launcher.Kernel(b"", {"target": {"backend": "cuda"}, "num_ctas": 16})
    import ctypes
    assert ctypes.sizeof(launcher._LaunchAttr) == 72
    assert launcher._LaunchAttr.value.offset == 8
    assert ctypes.sizeof(launcher._LaunchConfig) == 56
    assert launcher._LaunchConfig.hStream.offset == 32
    assert launcher._LaunchConfig.numAttrs.offset == 48


def test_cluster_attributes(launcher):
    """Clusters launch as Triton 3.6's do: the cluster's shape, then the
    "spread" scheduling preference (CUlaunchAttributeID 5, policy 1)."""
    attrs = launcher.cluster_attributes(4)
    assert len(attrs) == 2
    assert (attrs[0].id, attrs[0].value.clusterDim.x, attrs[0].value.clusterDim.y,
            attrs[0].value.clusterDim.z) == (4, 4, 1, 1)
    assert (attrs[1].id, attrs[1].value.clusterSchedulingPolicyPreference) == (5, 1)
    assert launcher.cluster_attributes(2, "default")[1].value.clusterSchedulingPolicyPreference == 0
    with pytest.raises(KeyError):
        launcher.cluster_attributes(2, "packed")


def test_pure_parts_import_without_the_native_module(tmp_path):
    """On the GPU machine (another Python, no LLVM 22) the package imports
    without _triton_ir: the launcher and the backend plugin work, the rest
    says what is missing."""
    import shutil
    import subprocess
    import sys
    package = tmp_path / "triton_ir"
    shutil.copytree(REPO / "bindings" / "python" / "triton_ir", package)
    probe = ("import triton_ir, triton_ir.launcher, triton_ir.triton_backend\n"
             "from triton_ir import launcher\n"
             "try:\n    triton_ir.parse\nexcept ImportError as e:\n    print('ImportError', e)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                          text=True, env={"PYTHONPATH": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert "ImportError triton_ir.parse needs the native module _triton_ir" in done.stdout
