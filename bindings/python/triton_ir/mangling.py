"""The frontend's mangled function names."""

from . import _triton_ir


def _repr(value):
    # The frontend binds constexpr values; repr(constexpr(v)) is constexpr[str(v)].
    if value is None:
        return "None"
    if isinstance(value, str):
        return value
    return f"constexpr[{value}]"


def mangle_fn(name, arg_types, constants=None, scheme="seed"):
    """`mangle_fn` of the reference frontend (scheme "seed") or Triton 3.6's
    names (scheme "3.6"): `arg_types` are Triton type names ("*fp32", "i32"),
    `constants` maps an argument index (or path tuple) to its bound value (an
    int, float or bool, None, or a repr string such as "constexpr[4]")."""
    bound = []
    for key, value in sorted((constants or {}).items(),
                             key=lambda kv: kv[0] if isinstance(kv[0], tuple) else (kv[0],)):
        path = list(key) if isinstance(key, tuple) else [key]
        bound.append((path, _repr(value)))
    return _triton_ir._mangle_fn(name, list(arg_types), bound, scheme)
