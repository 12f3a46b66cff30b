"""Mangling and demangling, against the reference frontend's formula."""

import pytest

import triton_ir as tir


def seed_mangle_fn(name, arg_manglings, constants):
    # seeds/code_generator.py's mangle_fn, on already mangled types.
    mangled_constants = "_".join(f"{i}c{constants[i]}" for i in sorted(constants))
    mangled_constants = mangled_constants.replace(".", "_d_").replace("'", "_sq_")
    mangled_constants = mangled_constants.replace("[", "_").replace("]", "_")
    return f"{name}__{'_'.join(arg_manglings)}__{mangled_constants}"


def test_mangle_type():
    assert tir.mangle_type("*fp32") == "Pfp32"
    assert tir.mangle_type("i32") == "i32"
    assert tir.mangle_type("u8") == "u8"
    with pytest.raises(ValueError):
        tir.mangle_type("float")


def test_mangle_fn_matches_the_seed():
    got = tir.mangle_fn("helper", ["*fp32", "i32"], {2: 4, 3: 0.5})
    assert got == seed_mangle_fn("helper", ["Pfp32", "i32"],
                                 {2: "constexpr[4]", 3: "constexpr[0.5]"})
    assert got == "helper__Pfp32_i32__2cconstexpr_4__3cconstexpr_0_d_5_"


def test_mangle_fn_triton36_keys():
    got = tir.mangle_fn("triton.language.standard.cdiv", ["i32"], {(1,): 64}, scheme="3.6")
    assert got == "triton.language.standard.cdiv__i32__(1,)cconstexpr_64_"


def test_demangle_round_trip():
    parts = tir.demangle("helper__Pfp32_i32__2cconstexpr_4__3cconstexpr_0_d_5_")
    assert parts["scheme"] == "seed"
    assert parts["name"] == "helper"
    assert parts["arg_manglings"] == ["Pfp32", "i32"]
    assert [c[1] for c in parts["constants"]] == ["constexpr[4]", "constexpr[0.5]"]
    assert tir.demangle("not_mangled") is None
