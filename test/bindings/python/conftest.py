"""Shared fixtures of the Python binding tests (run by `make check` with
PYTHONPATH set to the build tree's python/ folder)."""

import importlib.util
import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
REQUIRE_TOOLS = os.environ.get("TRITON_REQUIRE_TOOLS") == "1"


def require(condition, what):
    """Skips the test when `condition` is false, unless CI requires the tools."""
    if condition:
        return
    if REQUIRE_TOOLS:
        pytest.fail(f"{what} is missing and TRITON_REQUIRE_TOOLS=1")
    pytest.skip(f"{what} is missing")


@pytest.fixture
def add_ttir():
    return (REPO / "examples" / "vector_add.ttir").read_text()


def load_by_path(path):
    """The Python file at PATH as a module of its own, as the GPU machine loads
    the pure-Python parts (no package, no native module)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def example():
    """examples/add_kernel_builder.py as a module."""
    return load_by_path(REPO / "examples" / "add_kernel_builder.py")


@pytest.fixture
def seeds_dir():
    shared = pathlib.Path(os.environ.get("TRITON_SHARED_DIR", REPO.parent / "shared"))
    seeds = shared / "seeds"
    require((seeds / "code_generator.py").exists(), f"{seeds}/code_generator.py")
    return seeds


def has_ptxas():
    return os.path.exists("/usr/local/cuda/bin/ptxas") or bool(os.environ.get("PTXAS"))
