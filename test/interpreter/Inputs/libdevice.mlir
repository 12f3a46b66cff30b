// extern_elementwise calls to libdevice and ocml functions with a standard
// meaning are computed; others are refused.
module {
  tt.func public @libdevice(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %y_ptr: !tt.ptr<f32> loc("y_ptr")) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %p = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %q = tt.addptr %p, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %x = tt.load %q : tensor<64x!tt.ptr<f32>>
    %two = arith.constant dense<2.0> : tensor<64xf32>
    %t = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<64xf32>) -> tensor<64xf32>
    %w = tt.extern_elementwise %x, %two {libname = "", libpath = "", pure = true, symbol = "__ocml_pow_f32"} : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %s = arith.addf %t, %w : tensor<64xf32>
    %o = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %oq = tt.addptr %o, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %oq, %s : tensor<64x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @unknown_extern(%x_ptr: !tt.ptr<f32> loc("x_ptr")) {
    %x = tt.load %x_ptr : !tt.ptr<f32>
    %y = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "my_function"} : (f32) -> f32
    tt.store %x_ptr, %y : !tt.ptr<f32>
    tt.return
  }
}
