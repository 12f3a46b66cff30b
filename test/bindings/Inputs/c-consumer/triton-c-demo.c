/* triton-c-demo KERNEL.ttir: parses the vector-add kernel, runs a pass
 * pipeline, interprets it on arrays of this program, compiles it to PTX, a
 * cubin and AMDGCN, and shows that errors arrive as located diagnostics. */

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "triton-c/Compile.h"
#include "triton-c/Dialects.h"
#include "triton-c/Interpreter.h"
#include "triton-c/Passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printTo(MlirStringRef text, void *stream) {
  fwrite(text.data, 1, text.length, (FILE *)stream);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diagnostic,
                                         void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirLocationPrint(mlirDiagnosticGetLocation(diagnostic), printTo, stdout);
  printf(": ");
  mlirDiagnosticPrint(diagnostic, printTo, stdout);
  printf("\n");
  return mlirLogicalResultSuccess();
}

struct Sizes {
  size_t assembly, binary;
  char metadata[4096];
  size_t metadataLength;
};

static void countAssembly(MlirStringRef s, void *u) {
  ((struct Sizes *)u)->assembly += s.length;
}
static void countBinary(MlirStringRef s, void *u) {
  ((struct Sizes *)u)->binary += s.length;
}
static void keepMetadata(MlirStringRef s, void *u) {
  struct Sizes *sizes = u;
  size_t room = sizeof(sizes->metadata) - 1 - sizes->metadataLength;
  size_t n = s.length < room ? s.length : room;
  memcpy(sizes->metadata + sizes->metadataLength, s.data, n);
  sizes->metadataLength += n;
  sizes->metadata[sizes->metadataLength] = 0;
}

/* The PTX text, grown as its pieces arrive. */
struct Text {
  char *data;
  size_t length;
};
static void appendText(MlirStringRef s, void *u) {
  struct Text *text = u;
  char *grown = realloc(text->data, text->length + s.length + 1);
  if (!grown)
    return;
  memcpy(grown + text->length, s.data, s.length);
  text->data = grown;
  text->length += s.length;
  text->data[text->length] = 0;
}

static char *readFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = malloc(size + 1);
  size_t got = fread(text, 1, size, file);
  text[got] = 0;
  fclose(file);
  return text;
}

/* Runs add_kernel on n elements with arrays of `length` elements. */
static int interpret(MlirModule module, int n, int length) {
  float *x = malloc(length * sizeof(float)), *y = malloc(length * sizeof(float));
  float *out = calloc(length, sizeof(float));
  for (int i = 0; i < length; ++i) {
    x[i] = (float)i;
    y[i] = 0.5f * (float)i;
  }
  int64_t shape[1] = {length};
  TritonInterpArg args[4];
  memset(args, 0, sizeof(args));
  args[0] = (TritonInterpArg){TritonInterpArgBuffer, "f32", x, shape, 1, 0, 0};
  args[1] = (TritonInterpArg){TritonInterpArgBuffer, "f32", y, shape, 1, 0, 0};
  args[2] = (TritonInterpArg){TritonInterpArgBuffer, "f32", out, shape, 1, 0, 0};
  args[3] = (TritonInterpArg){TritonInterpArgInt, NULL, NULL, NULL, 0, n, 0};
  int64_t grid[1] = {(n + 1023) / 1024};
  MlirLogicalResult result = tritonInterpret(
      module, mlirStringRefCreateFromCString(""), grid, 1, args, 4, NULL, NULL);
  int wrong = 0;
  for (int i = 0; i < n && i < length; ++i)
    wrong += out[i] != 1.5f * (float)i;
  printf("interpret n=%d: %s, %d wrong, out[%d] = %g\n", n,
         mlirLogicalResultIsSuccess(result) ? "ok" : "failed", wrong, n - 1,
         n <= length ? out[n - 1] : 0.0f);
  free(x);
  free(y);
  free(out);
  return mlirLogicalResultIsSuccess(result) && wrong == 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: triton-c-demo KERNEL.ttir\n");
    return 2;
  }
  char *text = readFile(argv[1]);
  if (!text) {
    fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  MlirContext context = tritonContextCreate();
  mlirContextAttachDiagnosticHandler(context, printDiagnostic, NULL, NULL);
  MlirDialectHandle tt = mlirGetDialectHandle__tt__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(tt);
  printf("dialect handles: %.*s", (int)ns.length, ns.data);
  MlirDialectHandle others[] = {mlirGetDialectHandle__ttg__(),
                                mlirGetDialectHandle__ttng__(),
                                mlirGetDialectHandle__amdg__()};
  for (int i = 0; i < 3; ++i) {
    ns = mlirDialectHandleGetNamespace(others[i]);
    printf(" %.*s", (int)ns.length, ns.data);
  }
  printf("\n");

  MlirModule module =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(text));
  if (mlirModuleIsNull(module))
    return 1;
  printf("verify: %d\n", mlirOperationVerify(mlirModuleGetOperation(module)));

  /* The frontend's cleanup, by its textual form. */
  if (mlirLogicalResultIsFailure(tritonRunPassPipeline(
          module, mlirStringRefCreateFromCString("triton-combine,canonicalize"))))
    return 1;
  mlirOperationPrint(mlirModuleGetOperation(module), printTo, stdout);
  printf("\n");

  int ok = interpret(module, 1500, 2048);
  /* Arrays shorter than n: the interpreter reports the access. */
  ok &= !interpret(module, 1500, 1000);

  TritonCompileOptions options = tritonCompileOptionsDefault();
  const char *targets[] = {"cuda:90", "hip:gfx942"};
  for (int i = 0; i < 2; ++i) {
    MlirModule copy =
        mlirModuleCreateParse(context, mlirStringRefCreateFromCString(text));
    options.target = targets[i];
    struct Sizes sizes;
    memset(&sizes, 0, sizeof(sizes));
    MlirLogicalResult result = tritonCompile(copy, &options, countAssembly,
                                             countBinary, keepMetadata, &sizes);
    printf("compile %s: %s, assembly %s, binary %s\nmetadata %s\n", targets[i],
           mlirLogicalResultIsSuccess(result) ? "ok" : "failed",
           sizes.assembly > 0 ? "non-empty" : "empty",
           sizes.binary > 0 ? "non-empty" : "empty", sizes.metadata);
    ok &= mlirLogicalResultIsSuccess(result);
    mlirModuleDestroy(copy);
  }

  /* Triton's maxnreg: the PTX's register limit; an option of cuda targets. */
  options = tritonCompileOptionsDefault();
  options.maxnreg = 40;
  MlirModule limited =
      mlirModuleCreateParse(context, mlirStringRefCreateFromCString(text));
  struct Text ptx = {NULL, 0};
  MlirLogicalResult lowered = tritonLowerToLLVM(limited, &options);
  if (mlirLogicalResultIsSuccess(lowered))
    lowered = tritonEmitDeviceCode(limited, TritonDeviceOutputPTX, &options,
                                   appendText, NULL, &ptx);
  printf("maxnreg 40: %s, .maxnreg 40 in the PTX: %d\n",
         mlirLogicalResultIsSuccess(lowered) ? "ok" : "failed",
         ptx.data && strstr(ptx.data, ".maxnreg 40\n") != NULL);
  ok &= mlirLogicalResultIsSuccess(lowered) && ptx.data &&
        strstr(ptx.data, ".maxnreg 40\n");
  free(ptx.data);
  mlirModuleDestroy(limited);
  options.target = "hip:gfx942";
  limited = mlirModuleCreateParse(context, mlirStringRefCreateFromCString(text));
  ok &= mlirLogicalResultIsFailure(tritonLowerToLLVM(limited, &options));
  mlirModuleDestroy(limited);

  /* nvJitLink in place of ptxas: a library that cannot be loaded, and a hip
     target, are diagnostics. */
  options = tritonCompileOptionsDefault();
  options.nvjitlink = "/nonexistent/libnvJitLink.so";
  for (int i = 0; i < 2; ++i) {
    options.target = targets[i];
    MlirModule copy =
        mlirModuleCreateParse(context, mlirStringRefCreateFromCString(text));
    struct Sizes sizes;
    memset(&sizes, 0, sizeof(sizes));
    MlirLogicalResult result =
        tritonCompile(copy, &options, countAssembly, countBinary, NULL, &sizes);
    printf("nvjitlink %s: %s\n", targets[i],
           mlirLogicalResultIsSuccess(result) ? "ok" : "failed");
    ok &= mlirLogicalResultIsFailure(result);
    mlirModuleDestroy(copy);
  }

  /* A bad pipeline and bad IR are diagnostics, not crashes. */
  ok &= mlirLogicalResultIsFailure(tritonRunPassPipeline(
      module, mlirStringRefCreateFromCString("no-such-pass")));
  MlirModule bad = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(
                   "tt.func @f() {\n  %0 = tt.get_program_id w : i32\n}\n"));
  printf("bad module parsed: %d\n", !mlirModuleIsNull(bad));

  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  free(text);
  printf("%s\n", ok ? "ALL OK" : "FAILED");
  return ok ? 0 : 1;
}
