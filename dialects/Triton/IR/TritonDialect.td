//===- TritonDialect.td - The Triton (tt) dialect ---------*- tablegen -*-===//
//
// The dialect of Triton's tile-level IR (TTIR), as Triton 3.6 prints it.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_DIALECT_TD
#define TRITON_DIALECT_TD

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::mlir::triton";
  let summary = "The Triton tile-level IR (TTIR)";
  let description = [{
    Tile programs over blocks of data: pointers and tensors of pointers, masked
    loads and stores, block pointers, tensor descriptors, shape manipulation,
    reductions, scans and matrix products. Scalar and elementwise arithmetic
    comes from `arith` and `math`, control flow from `scf` and `cf`.

    ```mlir
    %pid = tt.get_program_id x : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %p = tt.splat %ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %q = tt.addptr %p, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %v = tt.load %q : tensor<1024x!tt.ptr<f32>>
    ```
  }];
  let dependentDialects = [
    "arith::ArithDialect", "math::MathDialect", "scf::SCFDialect",
    "cf::ControlFlowDialect", "ub::UBDialect"
  ];
  let extraClassDeclaration = [{
    void registerTypes();
  }];
  let discardableAttrs = (ins
    "::mlir::IntegerAttr":$num_stages,
    "::mlir::IntegerAttr":$latency,
    "::mlir::IntegerAttr":$self_latency
  );
  let hasConstantMaterializer = 1;
  let useDefaultTypePrinterParser = 1;
}

#endif // TRITON_DIALECT_TD
