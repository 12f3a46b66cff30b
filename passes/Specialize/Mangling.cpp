//===- Mangling.cpp - The frontend's names of specialized functions -------===//

#include "passes/Specialize/Mangling.h"

#include "dialects/Triton/IR/Types.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeRange.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::mangling;

std::optional<Scheme> mangling::parseScheme(StringRef spelling) {
  if (spelling == "seed")
    return Scheme::Seed;
  if (spelling == "3.6")
    return Scheme::Triton36;
  return std::nullopt;
}

StringRef mangling::stringifyScheme(Scheme scheme) {
  return scheme == Scheme::Seed ? "seed" : "3.6";
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// Triton's names of its float types, longest first, so that when reading a
/// mangling back no name is taken for a prefix of a longer one.
static constexpr StringLiteral kFloatNames[] = {
    "fp8e4b15", "fp8e5b16", "fp8e4nv", "fp8e4b8", "fp8e5",
    "fp16",     "bf16",     "fp32",    "fp64"};

static std::optional<StringRef> tritonFloatName(Type type) {
  return TypeSwitch<Type, std::optional<StringRef>>(type)
      .Case<Float16Type>([](auto) { return StringRef("fp16"); })
      .Case<BFloat16Type>([](auto) { return StringRef("bf16"); })
      .Case<Float32Type>([](auto) { return StringRef("fp32"); })
      .Case<Float64Type>([](auto) { return StringRef("fp64"); })
      .Case<Float8E4M3FNType>([](auto) { return StringRef("fp8e4nv"); })
      .Case<Float8E5M2Type>([](auto) { return StringRef("fp8e5"); })
      .Case<Float8E4M3FNUZType>([](auto) { return StringRef("fp8e4b8"); })
      .Case<Float8E5M2FNUZType>([](auto) { return StringRef("fp8e5b16"); })
      // Triton builds its fp8e4b15 as MLIR's f8E4M3B11FNUZ.
      .Case<Float8E4M3B11FNUZType>([](auto) { return StringRef("fp8e4b15"); })
      .Default([](Type) { return std::nullopt; });
}

FailureOr<std::string> mangling::mangleType(Type type) {
  if (auto pointer = dyn_cast<PointerType>(type)) {
    FailureOr<std::string> pointee = mangleType(pointer.getPointeeType());
    if (failed(pointee))
      return failure();
    return "P" + *pointee;
  }
  if (auto integer = dyn_cast<IntegerType>(type)) {
    // The frontend's int1 (bool) is unsigned; MLIR's signless integers are the
    // frontend's signed ones.
    unsigned width = integer.getWidth();
    bool isUnsigned = integer.isUnsigned() || width == 1;
    return (isUnsigned ? "u" : "i") + std::to_string(width);
  }
  if (std::optional<StringRef> name = tritonFloatName(type))
    return name->str();
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    if (!tensor.hasStaticShape())
      return failure();
    FailureOr<std::string> element = mangleType(tensor.getElementType());
    if (failed(element))
      return failure();
    std::string shape;
    llvm::raw_string_ostream os(shape);
    llvm::interleave(tensor.getShape(), os, "_");
    return *element + "S" + shape + "S";
  }
  if (isa<NoneType>(type))
    return std::string("V");
  return failure();
}

FailureOr<std::string> mangling::mangleTypeName(StringRef name) {
  // `*T` is a pointer to T, `*kT` a pointer to const T (const is not mangled).
  if (name.consume_front("*")) {
    name.consume_front("k");
    FailureOr<std::string> pointee = mangleTypeName(name);
    if (failed(pointee))
      return failure();
    return "P" + *pointee;
  }
  std::optional<StringRef> mangled =
      llvm::StringSwitch<std::optional<StringRef>>(name)
          .Cases({"i1", "u1", "B"}, StringRef("u1"))
          .Cases({"i8", "i16", "i32", "i64"}, name)
          .Cases({"u8", "u16", "u32", "u64"}, name)
          .Default(std::nullopt);
  if (mangled)
    return mangled->str();
  if (llvm::is_contained(kFloatNames, name))
    return name.str();
  return failure();
}

/// Consumes a non-empty run of decimal digits from the front of `text`.
static bool consumeDigits(StringRef &text) {
  size_t count = 0;
  while (count < text.size() && llvm::isDigit(text[count]))
    ++count;
  text = text.drop_front(count);
  return count != 0;
}

/// Consumes one type mangling from the front of `text`; leaves `text` as it
/// was on failure.
static bool consumeTypeMangling(StringRef &text) {
  StringRef rest = text;
  if (rest.consume_front("V")) {
    text = rest;
    return true;
  }
  while (rest.consume_front("P")) {
  }
  if (rest.consume_front("i") || rest.consume_front("u")) {
    if (!consumeDigits(rest))
      return false;
  } else {
    const StringLiteral *name =
        llvm::find_if(kFloatNames, [&](StringLiteral name) {
          return rest.starts_with(name);
        });
    if (name == std::end(kFloatNames))
      return false;
    rest = rest.drop_front(name->size());
  }
  // A tensor: `{elt}S{d0_d1_...}S`.
  if (rest.consume_front("S")) {
    if (!rest.consume_front("S")) {
      do {
        if (!consumeDigits(rest))
          return false;
      } while (rest.consume_front("_"));
      if (!rest.consume_front("S"))
        return false;
    }
  }
  text = rest;
  return true;
}

bool mangling::isTypeMangling(StringRef text) {
  return consumeTypeMangling(text) && text.empty();
}

//===----------------------------------------------------------------------===//
// Values of bound arguments
//===----------------------------------------------------------------------===//

std::string mangling::pythonFloatRepr(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  if (value == 0)
    return std::signbit(value) ? "-0.0" : "0.0";

  // The fewest significant digits that read back as `value`. printf rounds
  // correctly, so the first precision that round-trips gives the digits
  // Python's repr picks (the closest of the shortest).
  char buffer[64];
  for (int precision = 0; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof(buffer), "%.*e", precision, value);
    if (std::strtod(buffer, nullptr) == value)
      break;
  }
  // `buffer` is `[-]d[.ddd]e(+|-)xx`.
  StringRef text(buffer);
  bool negative = text.consume_front("-");
  auto [mantissa, exponentText] = text.split('e');
  std::string digits;
  for (char c : mantissa)
    if (llvm::isDigit(c))
      digits.push_back(c);
  while (digits.size() > 1 && digits.back() == '0')
    digits.pop_back();
  int exponent = 0;
  exponentText.consume_front("+");
  exponentText.getAsInteger(10, exponent);

  // Python writes 0.DIGITS x 10^point with an exponent when the point lies
  // before the 4th digit after the decimal point or after the 16th digit.
  int point = exponent + 1;
  int numDigits = static_cast<int>(digits.size());
  std::string result = negative ? "-" : "";
  if (point <= -4 || point > 16) {
    result += digits[0];
    if (numDigits > 1)
      result += "." + digits.substr(1);
    char expBuffer[16];
    std::snprintf(expBuffer, sizeof(expBuffer), "e%c%02d",
                  exponent < 0 ? '-' : '+', std::abs(exponent));
    return result + expBuffer;
  }
  if (point <= 0)
    return result + "0." + std::string(-point, '0') + digits;
  if (point >= numDigits)
    return result + digits + std::string(point - numDigits, '0') + ".0";
  return result + digits.substr(0, point) + "." + digits.substr(point);
}

std::string mangling::constexprRepr(StringRef valueText) {
  return ("constexpr[" + valueText + "]").str();
}

FailureOr<std::string> mangling::constexprReprOf(TypedAttr value) {
  if (auto integer = dyn_cast<IntegerAttr>(value)) {
    Type type = integer.getType();
    if (type.isInteger(1))
      return constexprRepr(integer.getValue().isZero() ? "False" : "True");
    bool isUnsigned = type.isUnsignedInteger();
    return constexprRepr(llvm::toString(integer.getValue(), 10, !isUnsigned));
  }
  if (auto floating = dyn_cast<FloatAttr>(value))
    return constexprRepr(pythonFloatRepr(floating.getValueAsDouble()));
  return failure();
}

//===----------------------------------------------------------------------===//
// Function and kernel names
//===----------------------------------------------------------------------===//

std::string mangling::formatConstantKey(ArrayRef<unsigned> path,
                                        Scheme scheme) {
  if (scheme == Scheme::Seed && path.size() == 1)
    return std::to_string(path.front());
  // Python's repr of a tuple: `(1,)`, `(0, 1)`.
  std::string key = "(";
  llvm::raw_string_ostream os(key);
  llvm::interleave(path, os, ", ");
  if (path.size() == 1)
    key += ",";
  return key + ")";
}

std::string mangling::mangleConstants(ArrayRef<BoundConstant> constants,
                                      Scheme scheme) {
  SmallVector<const BoundConstant *> sorted =
      llvm::map_to_vector(constants, [](const BoundConstant &c) { return &c; });
  llvm::stable_sort(sorted, [](const BoundConstant *a, const BoundConstant *b) {
    return ArrayRef<unsigned>(a->path) < ArrayRef<unsigned>(b->path);
  });
  std::string joined;
  for (const BoundConstant *constant : sorted) {
    if (!joined.empty())
      joined += "_";
    joined += formatConstantKey(constant->path, scheme) + "c" + constant->repr;
  }
  std::string mangled;
  for (char c : joined) {
    switch (c) {
    case '.':
      mangled += "_d_";
      break;
    case '\'':
      mangled += "_sq_";
      break;
    case '[':
    case ']':
      mangled += "_";
      break;
    default:
      mangled += c;
    }
  }
  return mangled;
}

std::string mangling::mangleFunctionName(StringRef name,
                                         ArrayRef<std::string> argManglings,
                                         ArrayRef<BoundConstant> constants,
                                         Scheme scheme) {
  return (name + "__" + llvm::join(argManglings, "_") + "__" +
          mangleConstants(constants, scheme))
      .str();
}

FailureOr<std::string>
mangling::mangleFunctionName(StringRef name, TypeRange argTypes,
                             ArrayRef<BoundConstant> constants, Scheme scheme) {
  SmallVector<std::string> argManglings;
  for (Type type : argTypes) {
    FailureOr<std::string> mangled = mangleType(type);
    if (failed(mangled))
      return failure();
    argManglings.push_back(std::move(*mangled));
  }
  return mangleFunctionName(name, argManglings, constants, scheme);
}

std::string mangling::kernelSuffix(unsigned numArgs,
                                   ArrayRef<unsigned> equalTo1,
                                   ArrayRef<unsigned> divisibleBy16) {
  std::string suffix;
  for (unsigned i = 0; i < numArgs; ++i) {
    suffix += std::to_string(i);
    if (llvm::is_contained(equalTo1, i))
      suffix += "c";
    if (llvm::is_contained(divisibleBy16, i))
      suffix += "d";
  }
  return suffix;
}

//===----------------------------------------------------------------------===//
// Demangling
//===----------------------------------------------------------------------===//

/// Consumes a key of `scheme`'s form and the `c` after it from the front of
/// `text`; leaves `text` as it was on failure.
static bool consumeConstantKey(StringRef &text, Scheme scheme,
                               SmallVectorImpl<unsigned> &path) {
  StringRef rest = text;
  SmallVector<unsigned, 2> indices;
  auto consumeIndex = [&]() {
    StringRef before = rest;
    if (!consumeDigits(rest))
      return false;
    unsigned index;
    if (before.take_front(before.size() - rest.size()).getAsInteger(10, index))
      return false;
    indices.push_back(index);
    return true;
  };
  if (scheme == Scheme::Seed) {
    if (!consumeIndex())
      return false;
  } else {
    // Python's repr of a non-empty tuple of ints: `(1,)` or `(0, 1, 2)`.
    if (!rest.consume_front("(") || !consumeIndex())
      return false;
    if (!rest.consume_front(",)")) {
      while (rest.consume_front(", "))
        if (!consumeIndex())
          return false;
      if (indices.size() < 2 || !rest.consume_front(")"))
        return false;
    }
  }
  if (!rest.consume_front("c"))
    return false;
  path.assign(indices.begin(), indices.end());
  text = rest;
  return true;
}

/// Undoes the mangling of a constant's repr where it can be undone.
static std::string unmangleRepr(StringRef mangled) {
  StringRef inner = mangled;
  bool isConstexpr = mangled.size() >= StringRef("constexpr__").size() &&
                     mangled.starts_with("constexpr_") &&
                     mangled.ends_with("_");
  if (isConstexpr)
    inner = mangled.drop_front(StringRef("constexpr_").size()).drop_back();
  std::string text;
  while (!inner.empty()) {
    if (inner.consume_front("_sq_"))
      text += "'";
    else if (inner.consume_front("_d_"))
      text += ".";
    else {
      text += inner.front();
      inner = inner.drop_front();
    }
  }
  return isConstexpr ? constexprRepr(text) : text;
}

/// Parses the constants part of a mangled name. All keys take one form, which
/// decides `scheme`.
static bool parseConstants(StringRef text, std::optional<Scheme> &scheme,
                           SmallVectorImpl<DemangledConstant> &constants) {
  if (text.empty())
    return true;
  Scheme keyScheme =
      llvm::isDigit(text.front()) ? Scheme::Seed : Scheme::Triton36;
  DemangledConstant constant;
  if (!consumeConstantKey(text, keyScheme, constant.path))
    return false;
  while (true) {
    // The value runs to the first `_` that starts the next key.
    size_t end = StringRef::npos;
    SmallVector<unsigned, 2> nextPath;
    StringRef next;
    for (size_t i = 1; i < text.size(); ++i) {
      if (text[i] != '_')
        continue;
      next = text.drop_front(i + 1);
      if (consumeConstantKey(next, keyScheme, nextPath)) {
        end = i;
        break;
      }
    }
    StringRef value = text.substr(0, end);
    if (value.empty())
      return false;
    constant.mangledRepr = value.str();
    constant.repr = unmangleRepr(value);
    constants.push_back(constant);
    if (end == StringRef::npos)
      break;
    constant = DemangledConstant();
    constant.path = nextPath;
    text = next;
  }
  scheme = keyScheme;
  return true;
}

/// Parses `{args}__{constants}`, the part of a mangled name after its base.
static bool parseArgsAndConstants(StringRef rest, DemangledName &result,
                                  std::optional<Scheme> &keyScheme) {
  if (!rest.consume_front("__")) {
    while (true) {
      StringRef before = rest;
      if (!consumeTypeMangling(rest))
        return false;
      result.argManglings.push_back(
          before.take_front(before.size() - rest.size()).str());
      if (rest.consume_front("__"))
        break;
      if (!rest.consume_front("_"))
        return false;
    }
  }
  return parseConstants(rest, keyScheme, result.constants);
}

std::optional<DemangledName> mangling::demangle(StringRef name) {
  for (size_t split = name.find("__", 1); split != StringRef::npos;
       split = name.find("__", split + 1)) {
    DemangledName result;
    std::optional<Scheme> keyScheme;
    if (!parseArgsAndConstants(name.drop_front(split + 2), result, keyScheme))
      continue;
    result.baseName = name.take_front(split).str();
    if (keyScheme)
      result.scheme = *keyScheme;
    else
      result.scheme = StringRef(result.baseName).contains('.')
                          ? Scheme::Triton36
                          : Scheme::Seed;
    return result;
  }
  return std::nullopt;
}
