"""The @triton.jit kernels the cases run, one module per family. Triton 3.6's
TTIR of each (test/Inputs/<case>/) is what our tools compile; `run.py dump`
captures it again from here."""
