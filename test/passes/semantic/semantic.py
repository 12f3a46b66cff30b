"""Checks that our passes keep a corpus kernel's meaning, by execution.

For one kernel of the table below, runs triton-run --compare-after with each
pipeline: make_ttir for every target, and each TTIR pass after inlining. The
kernel runs on the same inputs before and after; every buffer must be
bit-identical, except after passes that may reassociate floating-point sums
(triton-combine folds an add into a dot's accumulator), where the kernel's
tolerance applies. Prints one line per pipeline and "N ok, N failed".

Usage: semantic.py TRITON_RUN CORPUS_DIR KERNEL
"""
import subprocess
import sys

# kernel -> (corpus file, grid, arguments, (rtol, atol) after reassociation)
F32 = (1e-5, 1e-6)
KERNELS = {
    "add_fp32": ("triton-3.6-sm90/add_fp32", "4", ["x_ptr=f32[4000]:rand(1)", "y_ptr=f32[4000]:rand(2)", "out_ptr=f32[4000]:zeros", "n=i32:4000"], F32),
    "add_fp16": ("triton-3.6-sm90/add_fp16", "3", ["x_ptr=f16[3000]:rand(1)", "y_ptr=f16[3000]:rand(2)", "out_ptr=f16[3000]:zeros", "n=i32:3000"], F32),
    "softmax": ("triton-3.6-sm90/softmax", "8", ["out_ptr=f32[8,1000]:zeros", "in_ptr=f32[8,1000]:rand(3)", "in_stride=i32:1000", "out_stride=i32:1000", "n_cols=i32:1000"], F32),
    "blockptr": ("triton-3.6-sm90/blockptr", "2", ["x_ptr=f32[100,130]:rand(1)", "y_ptr=f32[100,130]:zeros", "M=i32:100", "N=i32:130", "sm=i32:130"], F32),
    "misc": ("triton-3.6-sm90/misc", "4", ["x_ptr=i32[1000]:randint(-50,50,1)", "out_ptr=i32[1000]:zeros", "cnt_ptr=i32[1]:zeros", "n=i32:1000"], F32),
    "math": ("triton-3.6-sm90/math", "1", ["x_ptr=f32[1000]:rand(1)", "y_ptr=f32[1000]:zeros", "z_ptr=f32[1000]:zeros", "i_ptr=i32[1000]:randint(-1000,1000,2)", "n=i32:1000"], F32),
    "shape": ("triton-3.6-sm90/shape", "1", ["x_ptr=f32[64]:rand(1)", "idx_ptr=i32[64]:randint(0,64,2)", "out_ptr=f32[64]:zeros", "h_ptr=i32[64]:zeros"], F32),
    "matmul_fp16_small": ("triton-3.6-sm90/matmul_fp16_small", "9", ["a_ptr=f16[192,96]:rand(1)", "b_ptr=f16[96,192]:rand(2)", "c_ptr=f16[192,192]:zeros", "M=i32:192", "N=i32:192", "K=i32:96", "sam=i32:96", "sbk=i32:192", "scm=i32:192"], (2e-3, 1e-3)),
    "matmul_fp16_sm90": ("triton-3.6-sm90/matmul_fp16_sm90", "4", ["a_ptr=f16[256,128]:rand(1)", "b_ptr=f16[128,512]:rand(2)", "c_ptr=f16[256,512]:zeros", "M=i32:256", "N=i32:512", "K=i32:128", "sam=i32:128", "sbk=i32:512", "scm=i32:512"], (2e-3, 1e-3)),
    "atomics": ("triton-3.6-ops/atomics", "1", ["p_ptr=i32[128]:randint(-100,100,1)", "f_ptr=f32[64]:rand(2)", "n=i32:40"], F32),
    "casts": ("triton-3.6-ops/casts", "1", ["x_ptr=f32[64]:rand(1)", "y_ptr=f32[64]:zeros", "i_ptr=i32[64]:randint(-300,300,2)", "u_ptr=i32[64]:randint(0,1000,3)"], F32),
    "control": ("triton-3.6-ops/control", "4", ["x_ptr=f32[1024]:rand(1)", "y_ptr=f32[256]:zeros", "n=i32:5"], F32),
    "desc_gather": ("triton-3.6-ops/desc_gather", "1", ["x_ptr=f32[64,64]:rand(1)", "y_ptr=f32[64,64]:zeros", "idx_ptr=i32[32]:randint(0,64,3)", "M=i32:64", "N=i32:64"], F32),
    "dot_variants": ("triton-3.6-ops/dot_variants", "1", ["a_ptr=f32[32,32]:rand(1)", "b_ptr=f32[32,32]:rand(2)", "c_ptr=f32[32,32]:zeros", "f8_ptr=f8e4nv[32,32]:rand(3)"], (1e-4, 1e-4)),
    "grid": ("triton-3.6-ops/grid", "2,2,2", ["x_ptr=i32[64]:zeros"], F32),
    "precise": ("triton-3.6-ops/precise", "1", ["x_ptr=f32[64]:rand(1)", "y_ptr=f32[64]:zeros"], F32),
    "ptrs": ("triton-3.6-ops/ptrs", "1", ["x_ptr=f32[64]:rand(1)", "y_ptr=f32[64]:zeros", "n=i32:3"], F32),
    "reduce_scan": ("triton-3.6-ops/reduce_scan", "1", ["x_ptr=f32[64]:rand(1)", "y_ptr=f32[64]:zeros", "i_ptr=i32[64]:zeros"], F32),
    "memory_hints": ("triton-3.6-ops/memory_hints", "1", ["x_ptr=f32[64]:rand(1)", "y_ptr=f32[64]:zeros", "n=i32:64"], F32),
    "print": ("triton-3.6-ops/print", "1", ["x_ptr=f32[64]:rand(1)"], F32),
    "shapes": ("triton-3.6-ops/shapes", "1", ["x_ptr=f32[64]:rand(1)", "y_ptr=f32[256]:zeros"], F32),
}

# (name, pipeline, may reassociate floats)
PIPELINES = [
    ("make_ttir cuda:90", "triton-make-ttir{target=cuda:90}", True),
    ("make_ttir cuda:80", "triton-make-ttir{target=cuda:80}", True),
    ("make_ttir hip:gfx942", "triton-make-ttir{target=hip:gfx942}", True),
    ("triton-combine", "inline,triton-combine", True),
    ("triton-reorder-broadcast", "inline,triton-reorder-broadcast", False),
    ("triton-rewrite-tensor-pointer", "inline,triton-rewrite-tensor-pointer", False),
    ("triton-rewrite-tensor-descriptor-to-pointer", "inline,triton-rewrite-tensor-descriptor-to-pointer", False),
    ("triton-loop-unroll", "inline,triton-loop-unroll", False),
    ("triton-licm", "inline,triton-licm", False),
    ("triton-loop-aware-cse", "inline,triton-loop-aware-cse", False),
    ("make_ttir + make_ttgir cuda:90",
     "triton-make-ttir{target=cuda:90},triton-make-ttgir{target=cuda:90}", True),
    ("make_ttir + make_ttgir hip:gfx942",
     "triton-make-ttir{target=hip:gfx942},triton-make-ttgir{target=hip:gfx942}", True),
    # make_llir's TTGIR-level passes (the rest produces the LLVM dialect,
    # which the interpreter does not run; the GPU harness checks that).
    ("make_ttir + make_ttgir + make_llir's TTGIR passes cuda:90",
     "triton-make-ttir{target=cuda:90},triton-make-ttgir{target=cuda:90},"
     "tritongpu-combine-tensor-select-and-if,allocate-shared-memory", True),
]


def main():
    run, corpus, kernel = sys.argv[1:4]
    path, grid, args, (rtol, atol) = KERNELS[kernel]
    ok = failed = 0
    for name, pipeline, reassociates in PIPELINES:
        cmd = [run, f"{corpus}/{path}.frontend.mlir", "--grid", grid]
        for arg in args:
            cmd += ["--arg", arg]
        cmd.append(f"--compare-after=builtin.module({pipeline})")
        if reassociates:
            cmd += ["--rtol", str(rtol), "--atol", str(atol)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode == 0:
            ok += 1
            print(f"ok      {kernel}: {name}")
        else:
            failed += 1
            print(f"FAILED  {kernel}: {name}\n{proc.stderr.strip()[:2000]}")
    print(f"{ok} ok, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
