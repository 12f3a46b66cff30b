//===- Mangling.h - The frontend's mangled names ----------------*- C++ -*-===//
//
// The Triton frontend names every device function it instantiates after the
// function, the types of its runtime arguments and the values of its bound
// (constexpr) arguments, and once named kernels after their specialization.
// This library reproduces those names exactly, for two schemes:
//
//  - Scheme::Seed, the reference frontend (seeds/code_generator.py):
//      helper__fp32S128S__1cconstexpr_4_
//    `mangle_fn(fn.__name__, arg_tys, constants)` with argument-index keys.
//  - Scheme::Triton36, what Triton 3.6 prints (corpus *.frontend.mlir):
//      triton.language.standard.cdiv__i32__(1,)cconstexpr_64_
//    the same three parts, with the qualified `module.qualname` as the name
//    and argument-path tuples as keys.
//
// and splits a name of either scheme back into its parts.
//
//===----------------------------------------------------------------------===//

#ifndef PASSES_SPECIALIZE_MANGLING_H
#define PASSES_SPECIALIZE_MANGLING_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir {
class TypeRange;
class TypedAttr;

namespace triton {
namespace mangling {

/// Which frontend's naming to follow.
enum class Scheme {
  /// The reference frontend: plain names, argument-index keys (`1c...`).
  Seed,
  /// Triton 3.6: qualified names, argument-path keys (`(1,)c...`).
  Triton36,
};

/// Parses a scheme's option spelling: `seed` or `3.6`.
std::optional<Scheme> parseScheme(StringRef spelling);
/// The option spelling of `scheme`: `seed` or `3.6`.
StringRef stringifyScheme(Scheme scheme);

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// Mangles `type` as the frontend's `mangle_ty`: `P` + pointee for a pointer,
/// `i{bits}` for a signed or signless integer other than `i1`, `u{bits}` for an
/// unsigned integer and for `i1`, the Triton name of a float (`fp16`, `bf16`,
/// `fp32`, `fp64`, `fp8e4nv`, `fp8e5`, `fp8e4b8`, `fp8e5b16`, `fp8e4b15`),
/// `{elt}S{d0_d1_...}S` for a ranked tensor and `V` for `none` (void). Fails on
/// any other type, as `mangle_ty` raises.
FailureOr<std::string> mangleType(Type type);

/// Mangles a type given by its Triton signature name: `*fp32` (and the const
/// pointer `*kfp32`), `i32`, `u32`, `i1`/`u1`/`B`, `fp8e4nv`, ... Unsigned
/// types mangle `u`, as the frontend mangles them. Fails on an unknown name.
FailureOr<std::string> mangleTypeName(StringRef tritonTypeName);

/// Whether `text` is one type mangling (`Pfp32`, `i32S16_16S`, `V`, ...).
bool isTypeMangling(StringRef text);

//===----------------------------------------------------------------------===//
// Values of bound arguments
//===----------------------------------------------------------------------===//

/// Python's `repr` of a float (a double): the shortest string that reads back
/// as `value`, e.g. `0.5`, `1.0`, `0.10000000149011612`, `1e-05`, `1e+16`,
/// `inf`, `nan`, `-0.0`.
std::string pythonFloatRepr(double value);

/// Python's `repr(constexpr(v))` given `str(v)`: `constexpr[{valueText}]`.
std::string constexprRepr(StringRef valueText);

/// `repr(constexpr(v))` for the value of an integer or float attribute:
/// `constexpr[128]`, `constexpr[-1]` (signless integers read as signed),
/// `constexpr[True]` for an `i1`, `constexpr[0.5]` (floats as doubles).
/// Fails on any other attribute.
FailureOr<std::string> constexprReprOf(TypedAttr value);

//===----------------------------------------------------------------------===//
// Function and kernel names
//===----------------------------------------------------------------------===//

/// One bound argument of a specialized function.
struct BoundConstant {
  /// The argument's index, or its path through tuple arguments (3.6).
  SmallVector<unsigned, 2> path;
  /// Python's repr of the bound value, e.g. `constexpr[4]` or `None`.
  std::string repr;
};

/// The key of a bound argument as its scheme writes it: `1` (seed; a path of
/// several indices is written as a tuple, as Python would) or `(1,)`,
/// `(0, 1)` (3.6).
std::string formatConstantKey(ArrayRef<unsigned> path, Scheme scheme);

/// The constants part of a mangled name: `{key}c{repr}` for every bound
/// argument in key order, joined by `_`, with `.` written `_d_`, `'` written
/// `_sq_` and `[`, `]` written `_`.
std::string mangleConstants(ArrayRef<BoundConstant> constants, Scheme scheme);

/// `mangle_fn`: `{name}__{argManglings joined by _}__{constants}`.
std::string mangleFunctionName(StringRef name,
                               ArrayRef<std::string> argManglings,
                               ArrayRef<BoundConstant> constants,
                               Scheme scheme);

/// `mangle_fn` over the MLIR types of the arguments left after binding. Fails
/// when one of `argTypes` has no mangling.
FailureOr<std::string> mangleFunctionName(StringRef name, TypeRange argTypes,
                                          ArrayRef<BoundConstant> constants,
                                          Scheme scheme);

/// `kernel_suffix`: for each argument index `i` in order, `i`, then `c` if it
/// is specialized equal to 1, then `d` if it is divisible by 16.
std::string kernelSuffix(unsigned numArgs, ArrayRef<unsigned> equalTo1,
                         ArrayRef<unsigned> divisibleBy16);

//===----------------------------------------------------------------------===//
// Demangling
//===----------------------------------------------------------------------===//

/// One bound argument read back from a mangled name.
struct DemangledConstant {
  SmallVector<unsigned, 2> path;
  /// The value exactly as it appears in the name, e.g. `constexpr_0_d_5_`.
  std::string mangledRepr;
  /// The repr it most likely came from, e.g. `constexpr[0.5]` (the mangling
  /// of `[`, `]` into `_` cannot always be undone).
  std::string repr;
};

/// A mangled name split into its parts.
struct DemangledName {
  /// Triton36 when the keys are path tuples, or, with no constants, when the
  /// name is qualified (has a `.`); Seed otherwise.
  Scheme scheme;
  std::string baseName;
  SmallVector<std::string> argManglings;
  SmallVector<DemangledConstant> constants;
};

/// Splits `name`, mangled by either scheme, into base name, argument manglings
/// and constants; std::nullopt when `name` is not a mangled name. Where the
/// base name itself contains `__`, the shortest base that leaves a valid
/// argument and constant list is taken.
std::optional<DemangledName> demangle(StringRef name);

/// Whether `name` is a mangled name of either scheme.
inline bool isMangledName(StringRef name) { return demangle(name).has_value(); }

} // namespace mangling
} // namespace triton
} // namespace mlir

#endif // PASSES_SPECIALIZE_MANGLING_H
