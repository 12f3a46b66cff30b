

llvm.func @transposed_tf32(%d: i64, %p: i0) {
  //ma %d, %d, %p {eltTypeA = 6 : i32, eltTypeB =6:i   32, eltTypeC = 7 : i32, layoutA =f8E4M3FN, layoutf = 0 : i32, m = 64 : i32, . = 8 : i32, k = 8 : i32} : (i64, $i64, i1) -> !llvm.struct<(fÍÍÓß™ÌÍÓ f<2, f%d)>
  llvm.return
}

