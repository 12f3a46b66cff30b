"""Parse, print, verify and pass pipelines."""

import pytest

import triton_ir as tir


def test_parse_print_round_trip(add_ttir):
    module = tir.parse(add_ttir, "vector_add.ttir")
    text = str(module)
    assert "tt.func public @add_kernel" in text
    assert str(tir.parse(text)) == text


def test_print_debuginfo_keeps_file_locations(add_ttir):
    module = tir.parse(add_ttir, "vector_add.ttir")
    assert 'loc("vector_add.ttir":' in module.print(debuginfo=True)


def test_parse_error_is_located():
    text = "module {\n  tt.func @f() {\n    %0 = tt.get_program_id w : i32\n    tt.return\n  }\n}\n"
    with pytest.raises(tir.DiagnosticError) as info:
        tir.parse(text, "bad.ttir")
    (diagnostic,) = [d for d in info.value.diagnostics if d.severity == "error"]
    assert (diagnostic.file, diagnostic.line) == ("bad.ttir", 3)
    assert diagnostic.column > 0
    assert str(info.value).startswith(f"bad.ttir:3:{diagnostic.column}: error: ")


def test_verifier_error_is_located():
    # tt.splat to a tensor of another element type does not verify.
    text = ("tt.func @f(%x: i32) {\n"
            "  %t = \"tt.splat\"(%x) : (i32) -> tensor<4xf32>\n"
            "  tt.return\n}\n")
    with pytest.raises(tir.DiagnosticError) as info:
        tir.parse(text, "splat.ttir")
    assert any(d.file == "splat.ttir" and d.line == 2 for d in info.value.diagnostics)


def test_verify_after_building_bad_ir():
    b = tir.builder()
    module = b.create_module()
    fn = b.get_or_insert_function(module, "f", b.get_function_ty([], []), "public", False)
    module.push_back(fn)
    fn.add_entry_block()  # no terminator
    with pytest.raises(tir.DiagnosticError):
        module.verify()


def test_run_pass_by_textual_form(add_ttir):
    module = tir.parse(add_ttir)
    module.run_pipeline("triton-make-ttgir{target=cuda:90 num-warps=8}")
    text = str(module)
    assert '"ttg.num-warps" = 8' in text
    assert "#ttg.blocked" in text


def test_run_pipeline_with_upstream_flag_and_anchor(add_ttir):
    module = tir.parse(add_ttir)
    tir.run_pipeline(module, "builtin.module(triton-combine,canonicalize,cse)")
    assert "tt.func public @add_kernel" in str(module)


def test_unknown_pass_raises(add_ttir):
    module = tir.parse(add_ttir, "vector_add.ttir")
    with pytest.raises(tir.DiagnosticError, match="no-such-pass"):
        module.run_pipeline("no-such-pass")


def test_clone_is_independent(add_ttir):
    module = tir.parse(add_ttir)
    copy = module.clone()
    copy.run_pipeline("convert-triton-to-tritongpu{target=cuda:90}")
    assert "#ttg.blocked" in str(copy)
    assert "#ttg.blocked" not in str(module)
