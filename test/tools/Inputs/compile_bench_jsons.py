"""Writes two small compile_bench.py run results into DIR, as a run of ours
alone (--ours-only, with a --tool-arg) and a full run of the same call:
kernel a at 10 ms of ours (4 of them ptxas) against 40 (20), b at 30 (10)
against 40 (20). Within the batches: a took 0.2 s of ours and 3.5 s of
Triton's pool (started 0.1 s in), b 0.9 s and 1.0 s. Triton's pool ran
twice, 4.0 and 5.0 s, ours 1.0 and 1.5 s (the batch records are the faster
runs); the run of ours alone took each kernel's median of 3 rounds. Each
round's totals (total, PTX -> cubin): ours a 10/4, 12/4, 9/5 and b 30/10,
31/10, 35/10; Triton's a 40/20, 38/20, 45/20 and b 40/20, 50/20, 40/25."""
import json
import os
import sys

out = sys.argv[1]
info = dict(date="2026-01-02 03:04 UTC", cpu="cpu", cores=16, triton="3.6.0", python="3.12",
            glibc="glibc 2.39", ptxas="ptxas", workers=8, cores_per_worker=2)
kernels = [dict(name=n, path=f"{n}.ttir", target="cuda:90", warps=4, stages=3, ctas=1,
                stage="ttir", group="harness") for n in ("a", "b")]


def ours(total, ptxas):
    return dict(ok=True, stages={"make_ttir+ttgir+llir": total - ptxas, "ptxas": ptxas},
                total=total, ptxas=ptxas)


def triton(total, cubin):
    return dict(ok=True, stages={"ttgir": total - cubin, "cubin": cubin}, total=total,
                ptxas=cubin)


alone = dict(info=dict(info, tool_args=["--verify-each"]), startup_ms={"triton-compile": 2.0},
             kernels=kernels, rounds=3, ours={"a": ours(10, 4), "b": ours(30, 10)},
             batch_ours=dict(seconds=1.0, done=2, kernels=2, jobs=16,
                             each={"a": dict(seconds=0.2), "b": dict(seconds=0.9)}),
             batch_ours_runs=[1.0, 1.5],
             ours_rounds={"a": [[10, 4], [12, 4], [9, 5]], "b": [[30, 10], [31, 10], [35, 10]]})
full = dict(info=dict(info, date="2026-01-02 03:00 UTC", tool_args=[]),
            startup_ms={"triton-compile": 2.0}, kernels=kernels,
            ours={"a": ours(99, 9), "b": ours(99, 9)},
            triton={"a": triton(40, 20), "b": triton(40, 20)},
            batch_ours=dict(seconds=9.0, done=2, kernels=2, jobs=16),
            batch_triton=dict(seconds=4.0, done=2, kernels=2, jobs=16,
                              each={"a": dict(seconds=3.5, start=0.1),
                                    "b": dict(seconds=1.0, start=0.0)}),
            batch_triton_runs=[4.0, 5.0],
            triton_rounds={"a": [[40, 20], [38, 20], [45, 20]],
                           "b": [[40, 20], [50, 20], [40, 25]]})
json.dump(alone, open(os.path.join(out, "alone.json"), "w"))
json.dump(full, open(os.path.join(out, "full.json"), "w"))
