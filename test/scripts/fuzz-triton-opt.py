#!/usr/bin/env python3
"""Mutates corpus files (deleted, duplicated, cut or spliced lines) and runs
triton-opt on each, alone or with one pass, to find inputs that crash it
instead of giving a diagnostic. Deterministic for a given seed.

Usage: fuzz-triton-opt.py TRITON_OPT SEED ITERATIONS CORPUS_DIR
Prints each crashing input (saved under $TMPDIR) and "crashes: N"; exits 1 if
any crashed.
"""
import os, random, subprocess, sys, glob
opt = sys.argv[1]
corpus = sys.argv[4]
files = sorted(glob.glob(corpus + '/*/*.ttir') + glob.glob(corpus + '/*/*.frontend.mlir') +
               glob.glob(corpus + '/*/*.ttgir'))
random.seed(int(sys.argv[2]))
tokens = ['tt.load', 'tt.store', '%0', 'tensor<4xf32>', '!tt.ptr<f32>', '{axis = 3 : i32}', 'i1', 'f16', '[', ']', '(', ')', '<', '>', ',', ':', '->', '"tt.reduce"', 'tt.return', '0', '-1', '99999999999', 'array<i32: 5>', 'dense<1>']
crashes = 0
for it in range(int(sys.argv[3])):
    f = random.choice(files)
    text = open(f).read()
    lines = text.split('\n')
    for _ in range(random.randint(1, 4)):
        kind = random.random()
        i = random.randrange(len(lines))
        if kind < 0.3:
            del lines[i]
        elif kind < 0.6 and lines[i]:
            j = random.randrange(len(lines[i]))
            lines[i] = lines[i][:j] + random.choice(tokens) + lines[i][j:]
        elif kind < 0.8 and lines[i]:
            j = random.randrange(len(lines[i])); k = random.randrange(j, len(lines[i])+1)
            lines[i] = lines[i][:j] + lines[i][k:]
        else:
            lines.insert(i, random.choice(lines))
    src = '\n'.join(lines)
    args = [opt, '-', '-o', '/dev/null']
    if random.random() < 0.5:
        args.append(random.choice(['-canonicalize', '-triton-make-ttir', '-inline', '-triton-combine', '-triton-rewrite-tensor-pointer', '-triton-licm', '-triton-loop-aware-cse', '-triton-reorder-broadcast', '-triton-rewrite-tensor-descriptor-to-pointer', '-triton-loop-unroll',
                                   '-triton-make-ttgir=target=cuda:90', '-triton-make-llir=target=cuda:90',
                                   '-triton-to-llvm=target=cuda:90', '-triton-to-llvm=target=hip:gfx942',
                                   '-allocate-shared-memory', '-tritongpu-accelerate-matmul',
                                   '-triton-make-ttgir=target=hip:gfx942', '-triton-make-llir=target=hip:gfx942',
                                   '-tritongpu-remove-layout-conversions', '-tritongpu-F32DotTC=emu-tf32=true',
                                   '-tritongpu-assign-latencies', '-tritongpu-schedule-loops',
                                   '--pass-pipeline=builtin.module(tritongpu-assign-latencies,tritongpu-schedule-loops,tritongpu-pipeline)',
                                   '-tritongpu-prefetch', '-tritongpu-coalesce-async-copy',
                                   '-tritongpu-optimize-dot-operands', '-triton-nvidia-gpu-fence-insertion',
                                   '-triton-nvidia-optimize-descriptor-encoding', '-triton-nvidia-tma-lowering',
                                   '-tritongpu-global-scratch-memory-allocation',
                                   '--pass-pipeline=builtin.module(allocate-shared-memory,tritongpu-global-scratch-memory-allocation,convert-triton-gpu-to-llvm)',
                                   '-tritonamdgpu-accelerate-matmul=gfx-arch=gfx942',
                                   '-tritonamdgpu-optimize-epilogue', '-tritonamdgpu-canonicalize-pointers',
                                   '-tritonamdgpu-convert-buffer-ops=gfx-arch=gfx942']))
    p = subprocess.run(args, input=src, capture_output=True, text=True)
    if p.returncode < 0 or p.returncode > 1:
        crashes += 1
        path = os.path.join(os.environ.get('TMPDIR', '/tmp'), f'triton-opt-crash{crashes}.mlir')
        open(path, 'w').write(src)
        print('CRASH', p.returncode, args[-1], path, p.stderr[-300:].replace('\n', ' | '))
print('crashes:', crashes)
sys.exit(1 if crashes else 0)
