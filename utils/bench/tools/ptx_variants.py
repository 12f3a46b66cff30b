#!/usr/bin/env python3
"""Assembly experiments: rewrites our PTX of a case's kernel into variants,
each a question about the hardware that a compiler change would act on
(does an L2 prefetch or eviction hint on the tile loads help? does streaming
the output past L2 help? does ptxas's own register target hold a kernel back?), and assembles them with ptxas to
DIR/NAME@VARIANT.cubin, which `run.py run --variants` times next to NAME and
Triton. A variant that finds nothing to rewrite is not
written. Measurements only: the compiler's output is NAME.cubin.

"same" rewrites nothing: with $PTXAS naming another ptxas and --suffix, it asks what
that assembler alone changes. With $NVJITLINK naming CUDA's nvJitLink library, the
variants are assembled through it in this process instead of by ptxas (as
`triton-compile --nvjitlink` assembles): "same" with it times what nvJitLink's cubin
changes.

Usage: ptx_variants.py DIR NAME [--suffix S] [VARIANT...]   (default: all of VARIANTS;
--suffix S names the cubins NAME@S instead of NAME@VARIANT, for one variant)
"""
import ctypes
import os
import re
import shutil
import subprocess
import sys

CP_ASYNC = re.compile(r"cp\.async\.cg\.shared\.global (\[[^\]]*\]), (\[[^\]]*\]), 16, (%r\d+);")
ST_GLOBAL = re.compile(r"st\.global\.(v\d\.b\d+|b\d+) (\[[^\]]*\]), ([^;]*);")


def with_policy(ptx, kind):
    """Declares %hint and sets it to an L2 policy at the kernel's start."""
    return re.sub(r"(\n\{\n(?:\t\.reg [^\n]*\n)+)",
                  lambda m: m.group(1) + "\t.reg .b64 \t%hint;\n"
                  f"\tcreatepolicy.fractional.L2::{kind}.b64 \t%hint, 1.0;\n", ptx, count=1)


def l2_prefetch(size):
    return lambda ptx: CP_ASYNC.sub(
        lambda m: f"cp.async.cg.shared.global.L2::{size} {m[1]}, {m[2]}, 16, {m[3]};", ptx)


def loads_evict_last(ptx):
    out = CP_ASYNC.sub(lambda m: f"cp.async.cg.shared.global.L2::cache_hint {m[1]}, {m[2]}, "
                       f"16, {m[3]}, %hint;", ptx)
    return with_policy(out, "evict_last") if out != ptx else ptx


def stores_evict_first(ptx):
    out = ST_GLOBAL.sub(lambda m: f"st.global.L2::cache_hint.{m[1]} {m[2]}, {m[3]}, %hint;",
                        ptx)
    return with_policy(out, "evict_first") if out != ptx else ptx


def stores_no_allocate(ptx):
    return ST_GLOBAL.sub(lambda m: f"st.global.L1::no_allocate.{m[1]} {m[2]}, {m[3]};", ptx)


def loop_bodies(ptx, rewrite):
    """PTX with REWRITE applied to the text of each loop (a label to the
    branch back to it)."""
    return re.sub(r"(\n(\$L__BB\d+_\d+):\n)(.*?)(\n\s*@%p\d+ bra \s*\2;)",
                  lambda m: m.group(1) + rewrite(m.group(3)) + m.group(4), ptx, flags=re.S)


def no_loop_shared_stores(ptx):
    """Loops without their st.shared (what a register-to-shared transpose of
    an 8-bit operand costs, its loads and permutes going dead with them;
    the results are wrong)."""
    return loop_bodies(ptx, lambda text: re.sub(r"\n\s*st\.shared\.b32 [^\n]*;", "", text))


def no_last_loop_barrier(ptx):
    """Loops without their last bar.sync (what one barrier per iteration
    costs; racy)."""
    barrier = "\tbar.sync \t0;"

    def drop_last(text):
        at = text.rfind(barrier)
        return text if at < 0 else text[:at] + text[at + len(barrier):]
    return loop_bodies(ptx, drop_last)


def full_register_limit(ptx):
    """Kernels that name no register limit given `.maxnreg 255`: under
    `.reqntid` alone ptxas keeps to a register target of its own, for
    occupancy (column_sums took 76 registers, 111 with the limit, and ran
    1.8x as fast over its 33 programs)."""
    if ".maxnreg" in ptx:
        return ptx
    return re.sub(r"(\n\.reqntid [^\n]*)\n", r"\1\n.maxnreg 255\n", ptx)


VARIANTS = {
    "same": lambda ptx: ptx,
    "l2_128": l2_prefetch("128B"),
    "l2_256": l2_prefetch("256B"),
    "ld_evict_last": loads_evict_last,
    "st_evict_first": stores_evict_first,
    "st_no_alloc": stores_no_allocate,
    "no_loop_st_shared": no_loop_shared_stores,
    "no_last_loop_bar": no_last_loop_barrier,
    "maxnreg_255": full_register_limit,
}


def nvjitlink_cubin(library, ptx, arch):
    """PTX -> cubin through the nvJitLink library at LIBRARY (its C
    interface: create, add the PTX, complete, take the cubin)."""
    lib = ctypes.CDLL(library)
    handle = ctypes.c_void_p()
    # -verbose as triton-compile passes it (the options are recorded in the cubin).
    options = (ctypes.c_char_p * 2)(f"-arch={arch}".encode(), b"-verbose")
    if lib.nvJitLinkCreate(ctypes.byref(handle), 2, options):
        sys.exit(f"nvJitLink cannot link for {arch}")
    try:
        text = ptx.encode() + b"\0"
        input_ptx = 2
        if (lib.nvJitLinkAddData(handle, input_ptx, text, len(text), b"kernel.ptx")
                or lib.nvJitLinkComplete(handle)):
            size = ctypes.c_size_t()
            lib.nvJitLinkGetErrorLogSize(handle, ctypes.byref(size))
            log = ctypes.create_string_buffer(size.value or 1)
            lib.nvJitLinkGetErrorLog(handle, log)
            sys.exit(f"nvJitLink failed:\n{log.value.decode()}")
        size = ctypes.c_size_t()
        lib.nvJitLinkGetLinkedCubinSize(handle, ctypes.byref(size))
        cubin = ctypes.create_string_buffer(size.value)
        lib.nvJitLinkGetLinkedCubin(handle, cubin)
        return cubin.raw
    finally:
        lib.nvJitLinkDestroy(ctypes.byref(handle))


def main():
    out, name, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    suffix = None
    if rest[:1] == ["--suffix"]:
        suffix, rest = rest[1], rest[2:]
    chosen = rest or [v for v in VARIANTS if v != "same"]
    ptxas = os.environ.get("PTXAS", "/usr/local/cuda/bin/ptxas")
    ptx = open(os.path.join(out, f"{name}.ptx")).read()
    arch = re.search(r"\.target (sm_\w+)", ptx)[1]
    for v in chosen:
        changed = VARIANTS[v](ptx)
        if changed == ptx and v != "same":
            print(f"{name}@{v}: nothing to rewrite")
            continue
        stem = os.path.join(out, f"{name}@{suffix or v}")
        open(stem + ".ptx", "w").write(changed)
        if os.environ.get("NVJITLINK"):
            open(stem + ".cubin", "wb").write(
                nvjitlink_cubin(os.environ["NVJITLINK"], changed, arch))
        else:
            subprocess.run([ptxas, f"--gpu-name={arch}", stem + ".ptx", "-o", stem + ".cubin"],
                           check=True)
        shutil.copy(os.path.join(out, f"{name}.json"), stem + ".json")
        print(f"{name}@{suffix or v}: written")


if __name__ == "__main__":
    main()
