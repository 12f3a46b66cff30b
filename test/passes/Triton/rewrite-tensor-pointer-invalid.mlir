// RUN: triton-opt %s -split-input-file -triton-rewrite-tensor-pointer -verify-diagnostics

// expected-error @+1 {{block pointers as function arguments or results are not supported yet by -triton-rewrite-tensor-pointer; inline first}}
tt.func private @takes_block_pointer(%p: !tt.ptr<tensor<16xf32>>) -> tensor<16xf32> {
  %v = tt.load %p : !tt.ptr<tensor<16xf32>>
  tt.return %v : tensor<16xf32>
}
