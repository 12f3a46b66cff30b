"""Building kernels without text, with the calls Triton's frontend makes."""

import ast

import numpy as np
import pytest

import triton_ir as tir

F = (tir.CACHE_MODIFIER.NONE, tir.EVICTION_POLICY.NORMAL)


def dotted(node):
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted(node.value)
        return f"{inner}.{node.attr}" if inner else None
    return None


def calls_on(tree, owners):
    """Names of the methods called on the objects named `owners` (dotted, or
    a last component such as "builder" for self.builder and
    self.generator.builder alike)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = dotted(node.func.value)
            if owner and (owner in owners or owner.split(".")[-1] in owners):
                names.add(node.func.attr)
    return names


def test_every_builder_call_of_the_seed_frontend_exists(seeds_dir):
    tree = ast.parse((seeds_dir / "code_generator.py").read_text())
    called = calls_on(tree, {"builder"})
    assert len(called) > 20
    missing = sorted(name for name in called if not hasattr(tir.builder, name))
    assert not missing, f"builder methods the seed frontend calls but triton_ir lacks: {missing}"
    # The function, module, block and op methods it calls on what the builder returns.
    for owner, cls in (("self.fn", tir.function), ("self.module", tir.module)):
        missing = sorted(n for n in calls_on(tree, {owner}) if not hasattr(cls, n))
        assert not missing, f"{owner} methods missing: {missing}"


def test_attributes_the_frontend_sets_on_the_builder():
    b = tir.builder(tir.context())
    b.options, b.codegen_fns, b.module_map = object(), {}, {}


def test_example_add_kernel_builds_and_runs(example):
    module = example.build_add_kernel()
    text = str(module)
    assert "tt.func public @add_kernel" in text and "tt.divisibility = 16" in text
    x = np.arange(1024, dtype=np.float32)
    out = np.zeros(1024, dtype=np.float32)
    tir.run(module, 1, x, x, out, 1000)
    np.testing.assert_array_equal(out[:1000], 2 * x[:1000])
    assert not out[1000:].any()


def build_rich_kernel():
    """out[0:16] = rowsum(a @ b) * twice(k) summed over a loop of 3, with an if
    choosing the scale: a for with carried values, an if with a result, a
    call, loads/stores, a dot and a reduction."""
    b = tir.builder()
    m = b.create_module()
    f32, i32 = b.get_float_ty(), b.get_int32_ty()
    ptr = b.get_ptr_ty(f32, 1)
    b.set_loc("rich.py", 1, 0)

    # A device function: twice(v) = v + v.
    twice = b.get_or_insert_function(m, "twice", b.get_function_ty([f32], [f32]), "private", False)
    m.push_back(twice)
    b.set_insertion_point_to_start(twice.add_entry_block())
    v = twice.args(0)
    b.ret([b.create_fadd(v, v)])

    kernel = b.get_or_insert_function(m, "rich", b.get_function_ty([ptr, ptr, ptr, i32], []),
                                      "public", False)
    m.push_back(kernel)
    b.set_insertion_point_to_start(kernel.add_entry_block())
    a_ptr, b_ptr, out_ptr, flag = (kernel.args(i) for i in range(4))
    t16 = b.get_block_ty(i32, [16])
    rows = b.create_make_range(t16, 0, 16)
    rows2d = b.create_expand_dims(rows, 1)            # 16x1
    cols2d = b.create_expand_dims(rows, 0)            # 1x16
    t2 = b.get_block_ty(i32, [16, 16])
    offs = b.create_add(b.create_mul(b.create_broadcast(rows2d, [16, 16]),
                                     b.create_splat(t2, b.get_int32(16))),
                        b.create_broadcast(cols2d, [16, 16]))
    p2 = b.get_block_ty(ptr, [16, 16])
    a = b.create_load(b.create_addptr(b.create_splat(p2, a_ptr), offs), *F, False)
    bb = b.create_load(b.create_addptr(b.create_splat(p2, b_ptr), offs), *F, False)
    zero = b.create_splat(b.get_block_ty(f32, [16, 16]), b.get_fp32(0.0))
    acc0 = b.create_dot(a, bb, zero, tir.INPUT_PRECISION.IEEE, 0)

    # for i in range(0, 3): acc += acc0
    loop = b.create_for_op(b.get_int32(0), b.get_int32(3), b.get_int32(1), [zero])
    ip = b.get_insertion_point()
    body = loop.get_body(0)
    b.set_insertion_point_to_start(body)
    b.create_yield_op([b.create_fadd(body.arg(1), acc0)])
    b.restore_insertion_point(ip)
    acc = loop.get_result(0)

    # rowsum: tt.reduce over axis 1 with an add region.
    reduce = b.create_reduce([acc], 1)
    ip = b.get_insertion_point()
    combine = b.create_block_with_parent(reduce.get_region(0), [f32, f32])
    b.create_reduce_ret(b.create_fadd(combine.arg(0), combine.arg(1)))
    b.restore_insertion_point(ip)
    rowsum = reduce.get_result(0)

    # scale = twice(1.5) if flag != 0 else 1.0
    cond = b.create_icmpNE(flag, b.get_int32(0))
    branch = b.create_if_op([f32], cond, True)
    ip = b.get_insertion_point()
    b.set_insertion_point_to_start(branch.get_then_block())
    called = b.call(twice, [b.get_fp32(1.5)])
    b.create_yield_op([called.get_result(0)])
    b.set_insertion_point_to_start(branch.get_else_block())
    b.create_yield_op([b.get_fp32(1.0)])
    b.restore_insertion_point(ip)
    scale = b.create_splat(b.get_block_ty(f32, [16]), branch.get_result(0))

    out_ptrs = b.create_addptr(b.create_splat(b.get_block_ty(ptr, [16]), out_ptr), rows)
    b.create_store(out_ptrs, b.create_fmul(rowsum, scale), *F)
    b.ret([])
    m.verify()
    return m


@pytest.mark.parametrize("flag, scale", [(1, 3.0), (0, 1.0)])
def test_rich_kernel_matches_numpy(flag, scale):
    module = build_rich_kernel()
    rng = np.random.default_rng(2)
    a = rng.integers(-3, 4, (16, 16)).astype(np.float32)
    b = rng.integers(-3, 4, (16, 16)).astype(np.float32)
    out = np.zeros(16, dtype=np.float32)
    tir.run(module, 1, a, b, out, flag, kernel="rich")
    np.testing.assert_allclose(out, (3 * (a @ b)).sum(axis=1) * scale)


def test_rich_kernel_lowers_to_ttgir():
    module = build_rich_kernel()
    module.run_pipeline("triton-make-ttir{target=cuda:90},triton-make-ttgir{target=cuda:90}")
    assert "tt.dot" in str(module)


def test_builder_errors_are_python_exceptions():
    b = tir.builder()
    with pytest.raises(IndexError):
        b.create_get_program_id(3)
    with pytest.raises(TypeError):
        b.create_broadcast(b.get_int32(1), [4])
