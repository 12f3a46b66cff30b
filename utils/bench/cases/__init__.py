"""The case registry: one module per kernel family (kernels/<family>.py),
each with CASES, a list of registry.Case records; `variants` holds the cases
that rerun another's kernel at other warps, stages or input stage."""
FAMILIES = ("corpus", "matmul", "attention", "descriptors", "norms", "reductions", "scan_sort",
            "quant", "conv", "atomics", "memory", "elementwise", "variants")
