// libdevice's integer functions: x and y are i32 and i64 inputs; each
// output row holds one function of them.
module {
  tt.func public @libdevice_int(%x_ptr: !tt.ptr<i32> loc("x_ptr"), %y_ptr: !tt.ptr<i32> loc("y_ptr"), %l_ptr: !tt.ptr<i64> loc("l_ptr"), %o_ptr: !tt.ptr<i32> loc("o_ptr"), %ol_ptr: !tt.ptr<i64> loc("ol_ptr")) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xp = tt.splat %x_ptr : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %xq = tt.addptr %xp, %r : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %x = tt.load %xq : tensor<64x!tt.ptr<i32>>
    %yp = tt.splat %y_ptr : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %yq = tt.addptr %yp, %r : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    %y = tt.load %yq : tensor<64x!tt.ptr<i32>>
    %lp = tt.splat %l_ptr : !tt.ptr<i64> -> tensor<64x!tt.ptr<i64>>
    %lq = tt.addptr %lp, %r : tensor<64x!tt.ptr<i64>>, tensor<64xi32>
    %l = tt.load %lq : tensor<64x!tt.ptr<i64>>
    %popc = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_popc"} : (tensor<64xi32>) -> tensor<64xi32>
    %clz = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_clz"} : (tensor<64xi32>) -> tensor<64xi32>
    %ffs = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_ffs"} : (tensor<64xi32>) -> tensor<64xi32>
    %brev = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_brev"} : (tensor<64xi32>) -> tensor<64xi32>
    %mulhi = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_mulhi"} : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
    %umulhi = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_umulhi"} : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
    %hadd = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_hadd"} : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
    %umax = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_umax"} : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
    %popcll = tt.extern_elementwise %l {libname = "", libpath = "", pure = true, symbol = "__nv_popcll"} : (tensor<64xi64>) -> tensor<64xi32>
    %clzll = tt.extern_elementwise %l {libname = "", libpath = "", pure = true, symbol = "__nv_clzll"} : (tensor<64xi64>) -> tensor<64xi32>
    %brevll = tt.extern_elementwise %l {libname = "", libpath = "", pure = true, symbol = "__nv_brevll"} : (tensor<64xi64>) -> tensor<64xi64>
    %umul64hi = tt.extern_elementwise %l, %l {libname = "", libpath = "", pure = true, symbol = "__nv_umul64hi"} : (tensor<64xi64>, tensor<64xi64>) -> tensor<64xi64>
    %op = tt.splat %o_ptr : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
    %c64 = arith.constant dense<64> : tensor<64xi32>
    %o0 = tt.addptr %op, %r : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %o0, %popc : tensor<64x!tt.ptr<i32>>
    %o1 = tt.addptr %o0, %c64 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %o1, %clz : tensor<64x!tt.ptr<i32>>
    %o2 = tt.addptr %o1, %c64 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %o2, %ffs : tensor<64x!tt.ptr<i32>>
    %o3 = tt.addptr %o2, %c64 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %o3, %brev : tensor<64x!tt.ptr<i32>>
    %o4 = tt.addptr %o3, %c64 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %o4, %mulhi : tensor<64x!tt.ptr<i32>>
    %o5 = tt.addptr %o4, %c64 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %o5, %umulhi : tensor<64x!tt.ptr<i32>>
    %o6 = tt.addptr %o5, %c64 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %o6, %hadd : tensor<64x!tt.ptr<i32>>
    %o7 = tt.addptr %o6, %c64 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %o7, %umax : tensor<64x!tt.ptr<i32>>
    %o8 = tt.addptr %o7, %c64 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %o8, %popcll : tensor<64x!tt.ptr<i32>>
    %o9 = tt.addptr %o8, %c64 : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
    tt.store %o9, %clzll : tensor<64x!tt.ptr<i32>>
    %olp = tt.splat %ol_ptr : !tt.ptr<i64> -> tensor<64x!tt.ptr<i64>>
    %ol0 = tt.addptr %olp, %r : tensor<64x!tt.ptr<i64>>, tensor<64xi32>
    tt.store %ol0, %brevll : tensor<64x!tt.ptr<i64>>
    %ol1 = tt.addptr %ol0, %c64 : tensor<64x!tt.ptr<i64>>, tensor<64xi32>
    tt.store %ol1, %umul64hi : tensor<64x!tt.ptr<i64>>
    tt.return
  }
}
