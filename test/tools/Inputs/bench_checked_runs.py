"""utils/bench/run.py's checked_runs without a GPU (bench-checked-runs.test):
Runner's kern, drop and check replaced, so that which compile each name
resolves to (a case, a configuration <case>@<label>, a variant
<member>@<suffix> with its cubin) and which sides run can be checked."""
import os
import sys
import types

sys.path.insert(0, os.path.join(sys.argv[1], "utils", "bench"))
import run  # noqa: E402

out = sys.argv[2]
for n in ("attn_tf32@ahead", "attention_fwd_d128_s8192@m128n64w8s3@ahead"):
    open(os.path.join(out, n + ".cubin"), "w").write("")


def check(self, case, kern, size, which, drop, variant=None):
    print(f"check {case.name} {which} {variant}")
    return 0.0, None, 0


run.Runner.__init__ = lambda self, out: setattr(self, "torch", types.SimpleNamespace())
run.Runner.kern = lambda self, case: None
run.Runner.drop = lambda self, case, kern: set()
run.Runner.check = check
run.Runner.out = out
for name, kw in [("attn_tf32", {}), ("attn_tf32@ahead", {"ours_only": True}),
                 ("attention_fwd_d128_s8192@m128n64w8s3", {"ours_only": True}),
                 ("attention_fwd_d128_s8192@m128n64w8s3@ahead", {}),
                 ("attn_tf32@nope", {})]:
    try:
        runs = run.checked_runs(out, name, **kw)
        print(f"{name}: {len(runs)} runs")
    except SystemExit as e:
        print(f"{name}: exit {e}")
