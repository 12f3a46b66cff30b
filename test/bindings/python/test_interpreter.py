"""The interpreter on NumPy arrays."""

import numpy as np
import pytest

import triton_ir as tir


def test_add_kernel_writes_into_arrays(add_ttir):
    n = 1500
    x = np.random.default_rng(0).standard_normal(2048).astype(np.float32)
    y = np.random.default_rng(1).standard_normal(2048).astype(np.float32)
    out = np.full(2048, -7.0, dtype=np.float32)
    tir.run(add_ttir, 2, x, y, out, n)
    np.testing.assert_array_equal(out[:n], x[:n] + y[:n])
    assert (out[n:] == -7.0).all()  # masked off


def test_kernel_by_name_and_grid_tuple(add_ttir):
    x = np.ones(1024, dtype=np.float32)
    out = np.zeros(1024, dtype=np.float32)
    tir.run(tir.parse(add_ttir), (1, 1, 1), x, x, out, 1024, kernel="add_kernel")
    assert (out == 2).all()


def test_out_of_bounds_access_raises(add_ttir):
    x = np.ones(1000, dtype=np.float32)  # shorter than n
    out = np.zeros(2048, dtype=np.float32)
    with pytest.raises(tir.DiagnosticError, match="out-of-bounds"):
        tir.run(add_ttir, 2, x, x, out, 1500)


def test_wrong_dtype_raises(add_ttir):
    x = np.ones(1024, dtype=np.float64)
    out = np.zeros(1024, dtype=np.float32)
    with pytest.raises(tir.DiagnosticError, match="points to 'f32'"):
        tir.run(add_ttir, 1, x, x, out, 1024)


def test_float_for_int_scalar_raises(add_ttir):
    x = np.ones(1024, dtype=np.float32)
    with pytest.raises(tir.DiagnosticError, match="is 'i32' but the value given is a float"):
        tir.run(add_ttir, 1, x, x, x, 2.5)


def test_missing_argument_raises(add_ttir):
    x = np.ones(1024, dtype=np.float32)
    with pytest.raises(tir.DiagnosticError, match="not bound"):
        tir.run(add_ttir, 1, x, x, x)


def test_non_contiguous_array_refused(add_ttir):
    x = np.ones(2048, dtype=np.float32)[::2]
    with pytest.raises(ValueError, match="contiguous"):
        tir.run(add_ttir, 1, x, x, x, 1024)


def test_unknown_kernel_raises(add_ttir):
    x = np.ones(1024, dtype=np.float32)
    with pytest.raises(tir.DiagnosticError):
        tir.run(add_ttir, 1, x, x, x, 1024, kernel="nope")
