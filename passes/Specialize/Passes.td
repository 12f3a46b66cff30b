//===- Passes.td - Specializing kernels and device functions --*- td -*-===//

#ifndef PASSES_SPECIALIZE_PASSES_TD
#define PASSES_SPECIALIZE_PASSES_TD

include "mlir/Pass/PassBase.td"

def TritonSpecialize : Pass<"triton-specialize", "mlir::ModuleOp"> {
  let summary = "Binds kernel arguments and specializes device functions on "
                "constant arguments, naming them as the frontend does";
  let description = [{
    Performs the specialization that the Triton frontend performs while it
    generates IR, on IR that already exists.

    1. On the kernel named by `kernel`, every argument bound by `constants`
       (`IDX:VALUE`) or by `equal-to-1` (value 1) is replaced by an
       `arith.constant` of its type and removed from the signature; every
       argument in `divisibility` gets `{tt.divisibility = 16 : i32}`. With
       `kernel-suffix=true` the kernel is renamed `NAME_{kernel_suffix}`, the
       suffix being computed over its original arguments (`i`, then `c` if
       equal to 1, then `d` if divisible by 16).
    2. Every `tt.call` to a private `tt.func` that has a body and a name not
       mangled yet (by either scheme), with operands defined by scalar
       `arith.constant`s, calls instead a clone of the callee with those
       arguments bound, named
       `mangle_fn(callee, remaining argument types, bound constants)`. Calls
       that bind the same values share one clone; callees left without calls
       are erased. This repeats inside the clones until nothing changes.

    `scheme=seed` names clones as the reference frontend does (argument-index
    keys, `helper__fp32S128S__1cconstexpr_4_`); `scheme=3.6` as Triton 3.6
    does (the callee's symbol as the qualified name, argument-path keys,
    `pkg.helper__fp32S128S__(1,)cconstexpr_4_`).

    An unknown kernel, an index out of range, a value that does not fit its
    argument's type, binding a pointer or a tensor, and a malformed option are
    errors at the module or kernel.

    With `-triton-specialize='kernel=k constants=2:4 divisibility=0 kernel-suffix=true'`:

    ```mlir
    tt.func private @helper(%x: tensor<128xf32>, %n: i32) -> tensor<128xf32> {...}
    tt.func public @k(%p: !tt.ptr<f32>, %x: tensor<128xf32>, %n: i32) {
      %0 = tt.call @helper(%x, %n) : (tensor<128xf32>, i32) -> tensor<128xf32>
      ...
    }
    ```

    becomes

    ```mlir
    tt.func private @helper__fp32S128S__1cconstexpr_4_(%x: tensor<128xf32>) -> tensor<128xf32> {
      %n = arith.constant 4 : i32
      ...
    }
    tt.func public @k_0d12(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %x: tensor<128xf32>) {
      %0 = tt.call @helper__fp32S128S__1cconstexpr_4_(%x) : (tensor<128xf32>) -> tensor<128xf32>
      ...
    }
    ```
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
  let options = [
    Option<"kernel", "kernel", "std::string", /*default=*/"\"\"",
           "The kernel whose arguments are bound (none: only device functions "
           "are specialized)">,
    ListOption<"constants", "constants", "std::string",
               "Kernel arguments bound to values, as IDX:VALUE: an integer "
               "(in the signed or unsigned range of the argument's width), "
               "true/false, or a float">,
    ListOption<"divisibility", "divisibility", "std::string",
               "Indices of kernel arguments divisible by 16">,
    ListOption<"equalTo1", "equal-to-1", "std::string",
               "Indices of kernel arguments specialized equal to 1 (bound "
               "to 1)">,
    Option<"kernelSuffix", "kernel-suffix", "bool", /*default=*/"false",
           "Rename the kernel NAME_{kernel_suffix}">,
    Option<"scheme", "scheme", "std::string", /*default=*/"\"seed\"",
           "The mangling scheme of clones: seed or 3.6">,
  ];
}

#endif // PASSES_SPECIALIZE_PASSES_TD
