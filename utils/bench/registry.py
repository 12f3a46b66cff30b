"""The case record and what the case builders share.

A case is data: which kernel, at which configuration, on which sizes, checked
how and measured in what. Its builder makes the arguments; nothing in the
runner looks at a case's name to decide what to do with it.

A builder is `build(torch, dev, size, c, kern)` -> (args, outputs, reference,
grid, work): Triton's call arguments at SIZE on device DEV (outputs poisoned
with NaN or a sentinel, so an element the kernel never writes fails the
check), the outputs to check, a function giving the expected outputs (PyTorch
in float64, or Triton's own compile where the meaning is Triton's rounding or
random stream), the launch grid, and the work in the case's metric's unit
(bytes, flops or integer ops). C is the case's constexprs; KERN gives the
@triton.jit function (kern.fn), the case's warps and stages, and
kern.triton_ref(args, outputs, grid), a reference that runs Triton's compile
into fresh copies of the outputs. On DEV "meta" a builder must still give the
argument list (the runner finds the integer arguments Triton specializes
away on meta tensors).
"""
import dataclasses
import fnmatch
import importlib
from typing import Callable, Optional

METRICS = ("GB/s", "TFLOP/s", "TOP/s")
TARGETS = ("cuda:90", "cuda:80")


@dataclasses.dataclass(frozen=True)
class Case:
    name: str              # what it tests; the cubin and test/Inputs/<ir>/ are named after it
    kernel: str            # "family.function" in utils/bench/kernels/, or "corpus.function"
    build: Callable
    constexprs: dict
    warps: int = 4
    stages: int = 3
    ctas: int = 1          # CTAs per program: > 1 runs each program on a cluster (sm_90)
    size: int = 0          # the timed size (the builder says what it means)
    ragged: Optional[int] = None  # a size that is no multiple of the blocks: correctness only
    tol: float = 1e-5      # relative Frobenius error (floats) or largest difference (integers)
    metric: str = "GB/s"
    target: str = "cuda:90"
    ir: Optional[str] = None   # the capture we compile: test/Inputs/<ir>/<ir>.<stage>, or
    #                            "corpus/<stem>" for ../shared/corpus/triton-3.6-sm90/<stem>.<stage>
    stage: str = "ttir"        # "ttgir": 3.6's own TTGIR through our make_llir alone
    timed: bool = True         # False: checked only (sm_80 cubins run through PTX JIT)
    drop: Optional[tuple] = None  # argument indices Triton specialized away; None: the
    #                               integer arguments equal to 1 at size `probe`
    probe: int = 16
    dump_size: int = 256   # the size `run.py dump` captures at: Triton specializes on the
    #                        arguments (divisibility by 16), so every capture was made at one
    tags: tuple = ()
    vendor: Optional[Callable] = None  # vendor(torch, args) -> (name, run), or a list of
    #                                    them: the vendor library's ops on the case's
    #                                    arguments, timed beside
    configs: tuple = ()    # (label, changes): other configurations of the same kernel
    #                        (changes: Case fields, `ir` among them); each side is timed
    #                        at its best of them and the case's own (see `members`)

    def __post_init__(self):
        if self.metric not in METRICS:
            raise ValueError(f"{self.name}: metric {self.metric!r} is not one of {METRICS}")
        if self.target not in TARGETS:
            raise ValueError(f"{self.name}: target {self.target!r} is not one of {TARGETS}")
        if self.stage not in ("ttir", "ttgir"):
            raise ValueError(f"{self.name}: stage {self.stage!r} is neither ttir nor ttgir")

    @property
    def family(self):
        return self.kernel.split(".")[0]

    @property
    def capture(self):
        return self.ir or self.name

    @property
    def all_tags(self):
        return (self.family, self.metric, self.stage, self.target) + self.tags

    def matches(self, patterns=(), tags=()):
        """NAME matches one of PATTERNS (globs; none: all) and has every one of TAGS."""
        named = not patterns or any(fnmatch.fnmatchcase(self.name, p) for p in patterns)
        return named and all(t in self.all_tags for t in tags)


def variant(case, name, **changes):
    """CASE under another name with other fields (its own capture unless IR is given)."""
    changes.setdefault("ir", name)
    return dataclasses.replace(case, name=name, **changes)


def members(case):
    """CASE and its other configurations as cases named <case>@<label> (each
    compiled into its own cubin from its own capture), the case itself first."""
    return [case] + [dataclasses.replace(case, name=f"{case.name}@{label}", configs=(), **changes)
                     for label, changes in case.configs]


def from_ttgir(case):
    """CASE compiled from Triton 3.6's own TTIR of it: times our lowering alone."""
    return dataclasses.replace(case, name=case.name + "_ttgir", ir=case.capture, stage="ttgir",
                               tags=case.tags + ("ttgir-input",))


def for_sm80(case):
    """CASE compiled for sm_80 (mma.sync, cp.async) and run on the H200 through
    PTX JIT, for correctness only: Triton's side is its sm_90 compile."""
    return dataclasses.replace(case, name=case.name + "_sm80", ir=case.capture, target="cuda:80",
                               timed=False)


def resolve_kernel(name, corpus=None):
    """The @triton.jit function NAME ("family.function"); "corpus.*" from CORPUS."""
    family, function = name.split(".")
    module = corpus if family == "corpus" else importlib.import_module("kernels." + family)
    return getattr(module, function)


def cdiv(a, b):
    return -(-a // b)


def nan_maker(torch, dev):
    """nan(*shape, dtype=float32): a tensor of NaN on DEV, for outputs a
    kernel must overwrite."""
    def nan(*shape, dtype=torch.float32):
        return torch.full(shape, float("nan"), device=dev, dtype=dtype)
    return nan


def all_cases():
    """Every case of every family, in a stable order; names are unique."""
    from cases import FAMILIES
    out, seen = [], set()
    for family in FAMILIES:
        for case in importlib.import_module("cases." + family).CASES:
            if case.name in seen:
                raise ValueError(f"case {case.name} is defined twice")
            seen.add(case.name)
            out.append(case)
    return out


def all_cases_before(family):
    """The cases of the families listed before FAMILY (for derived cases)."""
    from cases import FAMILIES
    out = []
    for name in FAMILIES[:FAMILIES.index(family)]:
        out += importlib.import_module("cases." + name).CASES
    return out
