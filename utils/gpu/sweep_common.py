"""What the wide sweeps' kernel_args functions share (sweep_wide*.py)."""
import importlib


def cdiv(a, b):
    return -(-a // b)


def nan_maker(torch, dev):
    """nan(*shape, dtype=float32): a tensor of NaN on DEV, for outputs a
    kernel must overwrite."""
    def nan(*shape, dtype=torch.float32):
        return torch.full(shape, float("nan"), device=dev, dtype=dtype)
    return nan


def triton_reference(module, kernel, constexprs, warps):
    """ref(args, outs, grid): a reference running Triton's own compile of
    MODULE.KERNEL on ARGS, into fresh copies of OUTS (for results whose
    meaning is Triton's own: its rounding, random streams, bit patterns)."""
    def ref(args, outs, grid):
        def run():
            fresh = [a.clone() if any(a is o for o in outs) else a for a in args]
            getattr(importlib.import_module(module), kernel)[grid](*fresh, **constexprs,
                                                                  num_warps=warps)
            return [f for a, f in zip(args, fresh) if any(a is o for o in outs)]
        return run
    return ref
