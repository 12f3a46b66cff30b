//===- ManglingTest.cpp - Unit tests of the frontend's mangling ----------===//
//
// Every expected string here is written from the rules of the reference
// frontend (seeds/code_generator.py: mangle_ty, mangle_fn, kernel_suffix) or
// copied from Triton 3.6's output (corpus *.frontend.mlir), never from the
// library's own output.
//
//===----------------------------------------------------------------------===//

#include "passes/Specialize/Mangling.h"

#include "dialects/Triton/IR/Dialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "gtest/gtest.h"

#include <cfloat>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::mangling;

namespace {

using Path = SmallVector<unsigned, 2>;
/// No argument manglings (a bare `{}` could also be a TypeRange).
const SmallVector<std::string> kNoArgs;

class ManglingTest : public ::testing::Test {
protected:
  ManglingTest() { context.loadDialect<TritonDialect>(); }

  Type parse(StringRef text) { return parseType(text, &context); }
  /// The mangling of the type written `text`, or "<failure>".
  std::string mangle(StringRef text) {
    Type type = parse(text);
    if (!type)
      return "<unparsable>";
    FailureOr<std::string> mangled = mangleType(type);
    return succeeded(mangled) ? *mangled : "<failure>";
  }
  std::string mangleName(StringRef name) {
    FailureOr<std::string> mangled = mangleTypeName(name);
    return succeeded(mangled) ? *mangled : "<failure>";
  }

  MLIRContext context;
};

//===----------------------------------------------------------------------===//
// mangle_ty
//===----------------------------------------------------------------------===//

TEST_F(ManglingTest, SignlessIntegersMangleSigned) {
  EXPECT_EQ(mangle("i8"), "i8");
  EXPECT_EQ(mangle("i16"), "i16");
  EXPECT_EQ(mangle("i32"), "i32");
  EXPECT_EQ(mangle("i64"), "i64");
  EXPECT_EQ(mangle("si32"), "i32");
}

TEST_F(ManglingTest, BoolAndUnsignedIntegersMangleUnsigned) {
  EXPECT_EQ(mangle("i1"), "u1");
  EXPECT_EQ(mangle("ui8"), "u8");
  EXPECT_EQ(mangle("ui16"), "u16");
  EXPECT_EQ(mangle("ui32"), "u32");
  EXPECT_EQ(mangle("ui64"), "u64");
}

TEST_F(ManglingTest, FloatsMangleByTritonName) {
  EXPECT_EQ(mangle("f16"), "fp16");
  EXPECT_EQ(mangle("bf16"), "bf16");
  EXPECT_EQ(mangle("f32"), "fp32");
  EXPECT_EQ(mangle("f64"), "fp64");
  EXPECT_EQ(mangle("f8E4M3FN"), "fp8e4nv");
  EXPECT_EQ(mangle("f8E5M2"), "fp8e5");
  EXPECT_EQ(mangle("f8E4M3FNUZ"), "fp8e4b8");
  EXPECT_EQ(mangle("f8E5M2FNUZ"), "fp8e5b16");
  EXPECT_EQ(mangle("f8E4M3B11FNUZ"), "fp8e4b15");
}

TEST_F(ManglingTest, PointersTensorsAndVoid) {
  EXPECT_EQ(mangle("!tt.ptr<f16>"), "Pfp16");
  EXPECT_EQ(mangle("!tt.ptr<i1>"), "Pu1");
  EXPECT_EQ(mangle("!tt.ptr<f32, 3>"), "Pfp32"); // address space not mangled
  EXPECT_EQ(mangle("!tt.ptr<!tt.ptr<i32>>"), "PPi32");
  EXPECT_EQ(mangle("tensor<64x!tt.ptr<bf16>>"), "Pbf16S64S");
  EXPECT_EQ(mangle("tensor<16x16xf32>"), "fp32S16_16S");
  EXPECT_EQ(mangle("tensor<128xf32>"), "fp32S128S");
  EXPECT_EQ(mangle("tensor<2x2x2x2x2x2xi32>"), "i32S2_2_2_2_2_2S");
  EXPECT_EQ(mangle("tensor<8xi1>"), "u1S8S");
  EXPECT_EQ(mangle("!tt.ptr<tensor<64x32xf16>>"), "Pfp16S64_32S");
  EXPECT_EQ(mangle("none"), "V");
}

TEST_F(ManglingTest, TypesWithoutManglingFail) {
  EXPECT_EQ(mangle("index"), "<failure>");
  EXPECT_EQ(mangle("f80"), "<failure>");
  EXPECT_EQ(mangle("tf32"), "<failure>");
  EXPECT_EQ(mangle("tensor<?xf32>"), "<failure>");
  EXPECT_EQ(mangle("vector<4xf32>"), "<failure>");
  EXPECT_EQ(mangle("tensor<4xindex>"), "<failure>");
}

TEST_F(ManglingTest, TritonTypeNames) {
  EXPECT_EQ(mangleName("*fp32"), "Pfp32");
  EXPECT_EQ(mangleName("*kfp16"), "Pfp16"); // const is not mangled
  EXPECT_EQ(mangleName("**i8"), "PPi8");
  EXPECT_EQ(mangleName("*u1"), "Pu1");
  EXPECT_EQ(mangleName("i1"), "u1");
  EXPECT_EQ(mangleName("u1"), "u1");
  EXPECT_EQ(mangleName("B"), "u1");
  for (StringRef name : {"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"})
    EXPECT_EQ(mangleName(name), name.str());
  for (StringRef name : {"fp16", "bf16", "fp32", "fp64", "fp8e4nv", "fp8e5",
                         "fp8e4b8", "fp8e5b16", "fp8e4b15"})
    EXPECT_EQ(mangleName(name), name.str());
  EXPECT_EQ(mangleName("*"), "<failure>");
  EXPECT_EQ(mangleName(""), "<failure>");
  EXPECT_EQ(mangleName("int32"), "<failure>");
  EXPECT_EQ(mangleName("constexpr"), "<failure>");
  EXPECT_EQ(mangleName("f32"), "<failure>");
}

TEST_F(ManglingTest, TypeManglingsAreRecognized) {
  for (StringRef text : {"Pfp32", "PPi8", "fp32S16_16S", "Pbf16S64S", "V", "u1",
                         "i64", "fp8e5b16", "fp8e5", "fp32SS"})
    EXPECT_TRUE(isTypeMangling(text)) << text.str();
  for (StringRef text : {"", "P", "x", "fp8e4", "i", "fp32S16_S", "fp32S16",
                         "fp32S_16S", "i32_i32", "fp32S16S_"})
    EXPECT_FALSE(isTypeMangling(text)) << text.str();
}

//===----------------------------------------------------------------------===//
// repr of bound values
//===----------------------------------------------------------------------===//

TEST_F(ManglingTest, PythonFloatRepr) {
  EXPECT_EQ(pythonFloatRepr(0.5), "0.5");
  EXPECT_EQ(pythonFloatRepr(1.0), "1.0");
  EXPECT_EQ(pythonFloatRepr(-2.5), "-2.5");
  EXPECT_EQ(pythonFloatRepr(100.0), "100.0");
  EXPECT_EQ(pythonFloatRepr(0.1), "0.1");
  EXPECT_EQ(pythonFloatRepr(static_cast<double>(0.1f)), "0.10000000149011612");
  EXPECT_EQ(pythonFloatRepr(static_cast<double>(3.14f)), "3.140000104904175");
  EXPECT_EQ(pythonFloatRepr(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(pythonFloatRepr(2.0 / 3.0), "0.6666666666666666");
  EXPECT_EQ(pythonFloatRepr(123456789.125), "123456789.125");
  // Python switches to an exponent below 1e-4 and from 1e16 on.
  EXPECT_EQ(pythonFloatRepr(1e-4), "0.0001");
  EXPECT_EQ(pythonFloatRepr(1e-5), "1e-05");
  EXPECT_EQ(pythonFloatRepr(1.5e-7), "1.5e-07");
  EXPECT_EQ(pythonFloatRepr(1e15), "1000000000000000.0");
  EXPECT_EQ(pythonFloatRepr(1e16), "1e+16");
  EXPECT_EQ(pythonFloatRepr(12345678901234567890.0), "1.2345678901234567e+19");
  EXPECT_EQ(pythonFloatRepr(1e100), "1e+100");
  EXPECT_EQ(pythonFloatRepr(DBL_MAX), "1.7976931348623157e+308");
  EXPECT_EQ(pythonFloatRepr(5e-324), "5e-324");
  EXPECT_EQ(pythonFloatRepr(0.0), "0.0");
  EXPECT_EQ(pythonFloatRepr(-0.0), "-0.0");
  EXPECT_EQ(pythonFloatRepr(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(pythonFloatRepr(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(pythonFloatRepr(std::nan("")), "nan");
}

TEST_F(ManglingTest, ConstexprReprOfAttributes) {
  Builder b(&context);
  auto repr = [](TypedAttr attr) {
    FailureOr<std::string> text = constexprReprOf(attr);
    return succeeded(text) ? *text : "<failure>";
  };
  EXPECT_EQ(repr(b.getI32IntegerAttr(128)), "constexpr[128]");
  EXPECT_EQ(repr(b.getI32IntegerAttr(-1)), "constexpr[-1]");
  EXPECT_EQ(repr(b.getI64IntegerAttr(1LL << 40)), "constexpr[1099511627776]");
  EXPECT_EQ(repr(b.getBoolAttr(true)), "constexpr[True]");
  EXPECT_EQ(repr(b.getIntegerAttr(b.getI1Type(), 0)), "constexpr[False]");
  EXPECT_EQ(
      repr(b.getIntegerAttr(b.getIntegerType(8, /*isSigned=*/false), 255)),
      "constexpr[255]");
  EXPECT_EQ(repr(b.getF32FloatAttr(0.5f)), "constexpr[0.5]");
  EXPECT_EQ(repr(b.getF32FloatAttr(0.1f)), "constexpr[0.10000000149011612]");
  EXPECT_EQ(repr(b.getF64FloatAttr(0.1)), "constexpr[0.1]");
  EXPECT_EQ(repr(b.getF16FloatAttr(2.0f)), "constexpr[2.0]");
  // bf16 rounds 0.1 to 0x3DCD, which is 0.10009765625 exactly.
  EXPECT_EQ(repr(b.getFloatAttr(b.getBF16Type(), 0.1)),
            "constexpr[0.10009765625]");
  EXPECT_EQ(repr(b.getI64IntegerAttr(std::numeric_limits<int64_t>::min())),
            "constexpr[-9223372036854775808]");
  EXPECT_EQ(repr(b.getStringAttr("x")), "<failure>");
}

//===----------------------------------------------------------------------===//
// mangle_fn and kernel_suffix
//===----------------------------------------------------------------------===//

TEST_F(ManglingTest, IssueExamplesSeedScheme) {
  // helper(tensor<128xf32>, i32) called with a constant 4 as argument 1.
  FailureOr<std::string> helper =
      mangleFunctionName("helper", TypeRange{parse("tensor<128xf32>")},
                         {{{1}, "constexpr[4]"}}, Scheme::Seed);
  ASSERT_TRUE(succeeded(helper));
  EXPECT_EQ(*helper, "helper__fp32S128S__1cconstexpr_4_");

  // f(!tt.ptr<f16>, i32) with nothing bound.
  FailureOr<std::string> f = mangleFunctionName(
      "f", TypeRange{parse("!tt.ptr<f16>"), parse("i32")}, {}, Scheme::Seed);
  ASSERT_TRUE(succeeded(f));
  EXPECT_EQ(*f, "f__Pfp16_i32__");

  // g(f32, f32, i1) with argument 1 = 0.5 and argument 2 = true.
  Builder b(&context);
  FailureOr<std::string> half = constexprReprOf(b.getF32FloatAttr(0.5f));
  FailureOr<std::string> yes = constexprReprOf(b.getBoolAttr(true));
  ASSERT_TRUE(succeeded(half) && succeeded(yes));
  FailureOr<std::string> g = mangleFunctionName(
      "g", TypeRange{parse("f32")}, {{{2}, *yes}, {{1}, *half}}, Scheme::Seed);
  ASSERT_TRUE(succeeded(g));
  EXPECT_EQ(*g, "g__fp32__1cconstexpr_0_d_5__2cconstexpr_True_");
}

TEST_F(ManglingTest, ConstantsPartReplacements) {
  // `.` -> `_d_`, `'` -> `_sq_`, `[` and `]` -> `_`, only in the constants.
  EXPECT_EQ(mangleFunctionName("h", kNoArgs, {{{0}, "'abc'"}}, Scheme::Seed),
            "h____0c_sq_abc_sq_");
  EXPECT_EQ(mangleFunctionName("pkg.h", {"i32"}, {{{1}, "constexpr[1.5]"}},
                               Scheme::Seed),
            "pkg.h__i32__1cconstexpr_1_d_5_");
  EXPECT_EQ(mangleFunctionName("k", {"i32"}, {{{1}, "constexpr[1e-05]"}},
                               Scheme::Seed),
            "k__i32__1cconstexpr_1e-05_");
  // Keys in index order whatever the order given.
  EXPECT_EQ(mangleFunctionName("k", kNoArgs,
                               {{{10}, "constexpr[1]"}, {{2}, "constexpr[2]"}},
                               Scheme::Seed),
            "k____2cconstexpr_2__10cconstexpr_1_");
  FailureOr<std::string> unnamed =
      mangleFunctionName("k", TypeRange{parse("index")}, {}, Scheme::Seed);
  EXPECT_TRUE(failed(unnamed));
}

TEST_F(ManglingTest, ConstantKeys) {
  EXPECT_EQ(formatConstantKey({1}, Scheme::Seed), "1");
  EXPECT_EQ(formatConstantKey({1}, Scheme::Triton36), "(1,)");
  EXPECT_EQ(formatConstantKey({0, 1}, Scheme::Triton36), "(0, 1)");
  EXPECT_EQ(formatConstantKey({0, 1, 2}, Scheme::Triton36), "(0, 1, 2)");
  EXPECT_EQ(formatConstantKey({0, 1}, Scheme::Seed), "(0, 1)");
}

TEST_F(ManglingTest, KernelSuffix) {
  // 4 arguments, 0, 1, 2 divisible by 16 and 3 equal to 1.
  EXPECT_EQ(kernelSuffix(4, {3}, {0, 1, 2}), "0d1d2d3c");
  EXPECT_EQ(kernelSuffix(3, {}, {}), "012");
  EXPECT_EQ(kernelSuffix(2, {0}, {0}), "0cd1");
  EXPECT_EQ(kernelSuffix(12, {}, {11}), "01234567891011d");
  EXPECT_EQ(kernelSuffix(0, {}, {}), "");
}

TEST_F(ManglingTest, SchemeSpellings) {
  EXPECT_EQ(parseScheme("seed"), Scheme::Seed);
  EXPECT_EQ(parseScheme("3.6"), Scheme::Triton36);
  EXPECT_EQ(parseScheme("3.5"), std::nullopt);
  EXPECT_EQ(stringifyScheme(Scheme::Triton36), "3.6");
}

//===----------------------------------------------------------------------===//
// Triton 3.6 names (from the corpus)
//===----------------------------------------------------------------------===//

TEST_F(ManglingTest, Triton36NamesFromTheCorpus) {
  auto mangle36 = [&](StringRef name, ArrayRef<StringRef> types,
                      ArrayRef<BoundConstant> constants) {
    SmallVector<Type> parsed;
    for (StringRef type : types)
      parsed.push_back(parse(type));
    FailureOr<std::string> mangled =
        mangleFunctionName(name, parsed, constants, Scheme::Triton36);
    return succeeded(mangled) ? *mangled : "<failure>";
  };
  EXPECT_EQ(mangle36("triton.language.standard.cdiv", {"i32"},
                     {{{1}, "constexpr[64]"}}),
            "triton.language.standard.cdiv__i32__(1,)cconstexpr_64_");
  EXPECT_EQ(mangle36("triton.language.standard.zeros", {},
                     {{{1}, "constexpr[fp32]"},
                      {{0, 1}, "constexpr[64]"},
                      {{0, 0}, "constexpr[64]"}}),
            "triton.language.standard.zeros____(0, 0)cconstexpr_64__(0, "
            "1)cconstexpr_64__(1,)cconstexpr_fp32_");
  EXPECT_EQ(
      mangle36("triton.language.standard._sum_combine", {"f32", "f32"}, {}),
      "triton.language.standard._sum_combine__fp32_fp32__");
  EXPECT_EQ(mangle36("triton.language.standard.sum", {"tensor<16xf32>"},
                     {{{1}, "None"}, {{2}, "constexpr[False]"}, {{3}, "None"}}),
            "triton.language.standard.sum__fp32S16S__(1,)cNone_(2,)cconstexpr_"
            "False__(3,)cNone");
  EXPECT_EQ(mangle36("triton.language.standard._compare_and_swap",
                     {"tensor<2x2x2x2x2x2xf32>", "tensor<1x2x1x1x1x1xi32>"},
                     {{{2}, "constexpr[3]"}}),
            "triton.language.standard._compare_and_swap__fp32S2_2_2_2_2_2S_"
            "i32S1_2_1_1_1_1S__(2,)cconstexpr_3_");
  EXPECT_EQ(
      mangle36("opkernels.pair_combine", {"f32", "i32", "f32", "i32"}, {}),
      "opkernels.pair_combine__fp32_i32_fp32_i32__");
}

//===----------------------------------------------------------------------===//
// Demangling
//===----------------------------------------------------------------------===//

/// Re-mangles a demangled name from its parts.
std::string remangle(const DemangledName &parts) {
  SmallVector<BoundConstant> constants;
  for (const DemangledConstant &constant : parts.constants)
    constants.push_back({constant.path, constant.repr});
  return mangleFunctionName(parts.baseName, parts.argManglings, constants,
                            parts.scheme);
}

TEST_F(ManglingTest, DemangleSeedNames) {
  std::optional<DemangledName> helper =
      demangle("helper__fp32S128S__1cconstexpr_4_");
  ASSERT_TRUE(helper);
  EXPECT_EQ(helper->scheme, Scheme::Seed);
  EXPECT_EQ(helper->baseName, "helper");
  EXPECT_EQ(helper->argManglings, SmallVector<std::string>({"fp32S128S"}));
  ASSERT_EQ(helper->constants.size(), 1u);
  EXPECT_EQ(helper->constants[0].path, Path({1}));
  EXPECT_EQ(helper->constants[0].mangledRepr, "constexpr_4_");
  EXPECT_EQ(helper->constants[0].repr, "constexpr[4]");

  std::optional<DemangledName> g =
      demangle("g__fp32__1cconstexpr_0_d_5__2cconstexpr_True_");
  ASSERT_TRUE(g);
  EXPECT_EQ(g->baseName, "g");
  EXPECT_EQ(g->argManglings, SmallVector<std::string>({"fp32"}));
  ASSERT_EQ(g->constants.size(), 2u);
  EXPECT_EQ(g->constants[0].path, Path({1}));
  EXPECT_EQ(g->constants[0].repr, "constexpr[0.5]");
  EXPECT_EQ(g->constants[1].path, Path({2}));
  EXPECT_EQ(g->constants[1].repr, "constexpr[True]");

  std::optional<DemangledName> f = demangle("f__Pfp16_i32__");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->scheme, Scheme::Seed);
  EXPECT_EQ(f->baseName, "f");
  EXPECT_EQ(f->argManglings, SmallVector<std::string>({"Pfp16", "i32"}));
  EXPECT_TRUE(f->constants.empty());

  std::optional<DemangledName> quoted = demangle("h____0c_sq_abc_sq_");
  ASSERT_TRUE(quoted);
  EXPECT_TRUE(quoted->argManglings.empty());
  ASSERT_EQ(quoted->constants.size(), 1u);
  EXPECT_EQ(quoted->constants[0].repr, "'abc'");

  for (StringRef name :
       {"helper__fp32S128S__1cconstexpr_4_", "f__Pfp16_i32__",
        "g__fp32__1cconstexpr_0_d_5__2cconstexpr_True_", "h____0c_sq_abc_sq_",
        "k____2cconstexpr_2__10cconstexpr_1_"}) {
    std::optional<DemangledName> parts = demangle(name);
    ASSERT_TRUE(parts) << name.str();
    EXPECT_EQ(remangle(*parts), name.str());
  }
}

TEST_F(ManglingTest, DemangleBaseNamesWithUnderscores) {
  // The base of mangle_fn("my__helper", [i32], {}) holds a `__` itself.
  std::optional<DemangledName> inner = demangle("my__helper__i32__");
  ASSERT_TRUE(inner);
  EXPECT_EQ(inner->baseName, "my__helper");
  EXPECT_EQ(inner->argManglings, SmallVector<std::string>({"i32"}));
  // mangle_fn("helper_", [i32], {}) = "helper_" + "__" + "i32" + "__".
  std::optional<DemangledName> trailing = demangle("helper___i32__");
  ASSERT_TRUE(trailing);
  EXPECT_EQ(trailing->baseName, "helper_");
  // A leading underscore, as in the corpus's _sum_combine.
  std::optional<DemangledName> leading =
      demangle("_indicator____0cconstexpr_6_");
  ASSERT_TRUE(leading);
  EXPECT_EQ(leading->baseName, "_indicator");
  EXPECT_TRUE(leading->argManglings.empty());
}

TEST_F(ManglingTest, DemangleTriton36Names) {
  std::optional<DemangledName> zeros =
      demangle("triton.language.standard.zeros____(0, 0)cconstexpr_64__(0, "
               "1)cconstexpr_64__(1,)cconstexpr_fp32_");
  ASSERT_TRUE(zeros);
  EXPECT_EQ(zeros->scheme, Scheme::Triton36);
  EXPECT_EQ(zeros->baseName, "triton.language.standard.zeros");
  EXPECT_TRUE(zeros->argManglings.empty());
  ASSERT_EQ(zeros->constants.size(), 3u);
  EXPECT_EQ(zeros->constants[0].path, Path({0, 0}));
  EXPECT_EQ(zeros->constants[0].repr, "constexpr[64]");
  EXPECT_EQ(zeros->constants[1].path, Path({0, 1}));
  EXPECT_EQ(zeros->constants[2].path, Path({1}));
  EXPECT_EQ(zeros->constants[2].mangledRepr, "constexpr_fp32_");
  EXPECT_EQ(zeros->constants[2].repr, "constexpr[fp32]");

  std::optional<DemangledName> sum =
      demangle("triton.language.standard.sum__fp32S16S__(1,)cNone_(2,)"
               "cconstexpr_False__(3,)cNone");
  ASSERT_TRUE(sum);
  EXPECT_EQ(sum->baseName, "triton.language.standard.sum");
  EXPECT_EQ(sum->argManglings, SmallVector<std::string>({"fp32S16S"}));
  ASSERT_EQ(sum->constants.size(), 3u);
  EXPECT_EQ(sum->constants[0].repr, "None");
  EXPECT_EQ(sum->constants[1].repr, "constexpr[False]");
  EXPECT_EQ(sum->constants[2].repr, "None");

  // No constants: a qualified name is 3.6's.
  std::optional<DemangledName> combine =
      demangle("triton.language.standard._sum_combine__fp32_fp32__");
  ASSERT_TRUE(combine);
  EXPECT_EQ(combine->scheme, Scheme::Triton36);
  EXPECT_EQ(combine->baseName, "triton.language.standard._sum_combine");
  EXPECT_EQ(combine->argManglings, SmallVector<std::string>({"fp32", "fp32"}));

  std::optional<DemangledName> swap =
      demangle("triton.language.standard._compare_and_swap__fp32S2_2_2_2_2_2S_"
               "i32S2_1_1_1_1_1S__(2,)cconstexpr_4_");
  ASSERT_TRUE(swap);
  EXPECT_EQ(swap->argManglings, SmallVector<std::string>(
                                    {"fp32S2_2_2_2_2_2S", "i32S2_1_1_1_1_1S"}));
  ASSERT_EQ(swap->constants.size(), 1u);
  EXPECT_EQ(swap->constants[0].path, Path({2}));
  EXPECT_EQ(swap->constants[0].repr, "constexpr[4]");
}

TEST_F(ManglingTest, UnmangledNamesAreNotDemangled) {
  for (StringRef name : {"helper", "add_kernel_0d1d2d3d", "foo__bar", "a__i32",
                         "__i32__", "f__i32_x__", "f__i32__c4", "f__i32__(1)c4",
                         "f__i32__(1,)", "f__i32__(1,)c", "f__i32__1c",
                         "f__i32__(0,1)cx", "f__i32___1cx", "__", ""})
    EXPECT_FALSE(isMangledName(name)) << name.str();
}

//===----------------------------------------------------------------------===//
// Every device-function call in the corpus
//===----------------------------------------------------------------------===//

#ifdef TRITON_CORPUS_DIR
/// Every `tt.call` in the corpus's frontend files: the callee demangles as a
/// 3.6 name, its argument manglings are those of the call's operand types, and
/// mangling the parts again gives the name back.
TEST_F(ManglingTest, EveryCorpusCallRoundTrips) {
  std::error_code ec;
  unsigned checked = 0;
  for (llvm::sys::fs::recursive_directory_iterator it(TRITON_CORPUS_DIR, ec),
       end;
       it != end && !ec; it.increment(ec)) {
    StringRef path = it->path();
    if (!path.ends_with(".frontend.mlir"))
      continue;
    auto buffer = llvm::MemoryBuffer::getFile(path);
    ASSERT_TRUE(bool(buffer)) << path.str();
    SmallVector<StringRef> lines;
    (*buffer)->getBuffer().split(lines, '\n');
    for (StringRef line : lines) {
      size_t at = line.find("tt.call @");
      if (at == StringRef::npos)
        continue;
      StringRef rest = line.drop_front(at + StringRef("tt.call @").size());
      StringRef name;
      if (rest.consume_front("\"")) {
        name = rest.take_until([](char c) { return c == '"'; });
        rest = rest.drop_front(name.size() + 1);
      } else {
        name = rest.take_until([](char c) { return c == '('; });
        rest = rest.drop_front(name.size());
      }
      size_t colon = rest.find(" : ");
      ASSERT_NE(colon, StringRef::npos) << line.str();
      StringRef typeText = rest.drop_front(colon + 3);
      typeText = typeText.take_front(typeText.rfind(" loc("));
      auto type = dyn_cast_or_null<FunctionType>(parse(typeText));
      ASSERT_TRUE(type) << typeText.str();

      std::optional<DemangledName> parts = demangle(name);
      ASSERT_TRUE(parts) << name.str();
      EXPECT_EQ(parts->scheme, Scheme::Triton36) << name.str();
      EXPECT_TRUE(StringRef(parts->baseName).contains('.')) << name.str();
      ASSERT_EQ(parts->argManglings.size(), type.getNumInputs()) << name.str();
      for (auto [mangling, input] :
           llvm::zip_equal(parts->argManglings, type.getInputs())) {
        FailureOr<std::string> expected = mangleType(input);
        ASSERT_TRUE(succeeded(expected));
        EXPECT_EQ(mangling, *expected) << name.str();
      }
      EXPECT_EQ(remangle(*parts), name.str());
      ++checked;
    }
  }
  if (checked == 0)
    GTEST_SKIP() << "no corpus at " TRITON_CORPUS_DIR;
  EXPECT_GE(checked, 50u);
}
#endif

} // namespace
