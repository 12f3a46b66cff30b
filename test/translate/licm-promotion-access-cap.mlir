// RUN: triton-translate --mlir-to-ptx %s | FileCheck %s
// RUN: triton-translate --mlir-to-ptx -licm-mssa-max-acc-promotion=250 %s | FileCheck %s --check-prefix=LLVM-CAP

// LICM's scalar promotion on NVIDIA: a loop that loads and stores one
// address keeps it in a register and stores once after the loop, unless
// the loop holds more than 100 memory accesses (LLVM's own limit is 250;
// LLVMCodegen.cpp says why ours is lower). Both loops below add x[i] to
// *acc; the volatile loads of x[0..] only count as accesses: 90 in the
// first loop, 110 in the second.

// CHECK-LABEL: .entry few_accesses(
// CHECK: @%p{{[0-9]+}} bra $L__BB0_1;
// CHECK-NEXT: st.global.b32
// CHECK-NEXT: ret;
// CHECK-LABEL: .entry many_accesses(
// CHECK: ld.volatile.global.b32 {{.*}}[%rd{{[0-9]+}}+436];
// CHECK: st.global.b32
// CHECK: @%p{{[0-9]+}} bra $L__BB1_1;
// CHECK-NEXT: ret;

// An explicit -licm-mssa-max-acc-promotion decides instead: at LLVM's 250
// both loops are promoted.
// LLVM-CAP-LABEL: .entry few_accesses(
// LLVM-CAP: @%p{{[0-9]+}} bra $L__BB0_1;
// LLVM-CAP-NEXT: st.global.b32
// LLVM-CAP-LABEL: .entry many_accesses(
// LLVM-CAP: @%p{{[0-9]+}} bra $L__BB1_1;
// LLVM-CAP-NEXT: st.global.b32
// LLVM-CAP-NEXT: ret;

module {
  llvm.func @few_accesses(%arg0: !llvm.ptr<1> {llvm.noalias}, %arg1: !llvm.ptr<1> {llvm.noalias}, %arg2: i32) attributes {nvvm.kernel} {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = llvm.mlir.constant(1 : i32) : i32
    %2 = llvm.mlir.constant(2 : i32) : i32
    %3 = llvm.mlir.constant(3 : i32) : i32
    %4 = llvm.mlir.constant(4 : i32) : i32
    %5 = llvm.mlir.constant(5 : i32) : i32
    %6 = llvm.mlir.constant(6 : i32) : i32
    %7 = llvm.mlir.constant(7 : i32) : i32
    %8 = llvm.mlir.constant(8 : i32) : i32
    %9 = llvm.mlir.constant(9 : i32) : i32
    %10 = llvm.mlir.constant(10 : i32) : i32
    %11 = llvm.mlir.constant(11 : i32) : i32
    %12 = llvm.mlir.constant(12 : i32) : i32
    %13 = llvm.mlir.constant(13 : i32) : i32
    %14 = llvm.mlir.constant(14 : i32) : i32
    %15 = llvm.mlir.constant(15 : i32) : i32
    %16 = llvm.mlir.constant(16 : i32) : i32
    %17 = llvm.mlir.constant(17 : i32) : i32
    %18 = llvm.mlir.constant(18 : i32) : i32
    %19 = llvm.mlir.constant(19 : i32) : i32
    %20 = llvm.mlir.constant(20 : i32) : i32
    %21 = llvm.mlir.constant(21 : i32) : i32
    %22 = llvm.mlir.constant(22 : i32) : i32
    %23 = llvm.mlir.constant(23 : i32) : i32
    %24 = llvm.mlir.constant(24 : i32) : i32
    %25 = llvm.mlir.constant(25 : i32) : i32
    %26 = llvm.mlir.constant(26 : i32) : i32
    %27 = llvm.mlir.constant(27 : i32) : i32
    %28 = llvm.mlir.constant(28 : i32) : i32
    %29 = llvm.mlir.constant(29 : i32) : i32
    %30 = llvm.mlir.constant(30 : i32) : i32
    %31 = llvm.mlir.constant(31 : i32) : i32
    %32 = llvm.mlir.constant(32 : i32) : i32
    %33 = llvm.mlir.constant(33 : i32) : i32
    %34 = llvm.mlir.constant(34 : i32) : i32
    %35 = llvm.mlir.constant(35 : i32) : i32
    %36 = llvm.mlir.constant(36 : i32) : i32
    %37 = llvm.mlir.constant(37 : i32) : i32
    %38 = llvm.mlir.constant(38 : i32) : i32
    %39 = llvm.mlir.constant(39 : i32) : i32
    %40 = llvm.mlir.constant(40 : i32) : i32
    %41 = llvm.mlir.constant(41 : i32) : i32
    %42 = llvm.mlir.constant(42 : i32) : i32
    %43 = llvm.mlir.constant(43 : i32) : i32
    %44 = llvm.mlir.constant(44 : i32) : i32
    %45 = llvm.mlir.constant(45 : i32) : i32
    %46 = llvm.mlir.constant(46 : i32) : i32
    %47 = llvm.mlir.constant(47 : i32) : i32
    %48 = llvm.mlir.constant(48 : i32) : i32
    %49 = llvm.mlir.constant(49 : i32) : i32
    %50 = llvm.mlir.constant(50 : i32) : i32
    %51 = llvm.mlir.constant(51 : i32) : i32
    %52 = llvm.mlir.constant(52 : i32) : i32
    %53 = llvm.mlir.constant(53 : i32) : i32
    %54 = llvm.mlir.constant(54 : i32) : i32
    %55 = llvm.mlir.constant(55 : i32) : i32
    %56 = llvm.mlir.constant(56 : i32) : i32
    %57 = llvm.mlir.constant(57 : i32) : i32
    %58 = llvm.mlir.constant(58 : i32) : i32
    %59 = llvm.mlir.constant(59 : i32) : i32
    %60 = llvm.mlir.constant(60 : i32) : i32
    %61 = llvm.mlir.constant(61 : i32) : i32
    %62 = llvm.mlir.constant(62 : i32) : i32
    %63 = llvm.mlir.constant(63 : i32) : i32
    %64 = llvm.mlir.constant(64 : i32) : i32
    %65 = llvm.mlir.constant(65 : i32) : i32
    %66 = llvm.mlir.constant(66 : i32) : i32
    %67 = llvm.mlir.constant(67 : i32) : i32
    %68 = llvm.mlir.constant(68 : i32) : i32
    %69 = llvm.mlir.constant(69 : i32) : i32
    %70 = llvm.mlir.constant(70 : i32) : i32
    %71 = llvm.mlir.constant(71 : i32) : i32
    %72 = llvm.mlir.constant(72 : i32) : i32
    %73 = llvm.mlir.constant(73 : i32) : i32
    %74 = llvm.mlir.constant(74 : i32) : i32
    %75 = llvm.mlir.constant(75 : i32) : i32
    %76 = llvm.mlir.constant(76 : i32) : i32
    %77 = llvm.mlir.constant(77 : i32) : i32
    %78 = llvm.mlir.constant(78 : i32) : i32
    %79 = llvm.mlir.constant(79 : i32) : i32
    %80 = llvm.mlir.constant(80 : i32) : i32
    %81 = llvm.mlir.constant(81 : i32) : i32
    %82 = llvm.mlir.constant(82 : i32) : i32
    %83 = llvm.mlir.constant(83 : i32) : i32
    %84 = llvm.mlir.constant(84 : i32) : i32
    %85 = llvm.mlir.constant(85 : i32) : i32
    %86 = llvm.mlir.constant(86 : i32) : i32
    %87 = llvm.mlir.constant(87 : i32) : i32
    %88 = llvm.mlir.constant(88 : i32) : i32
    %89 = llvm.mlir.constant(89 : i32) : i32
    llvm.br ^bb1(%0 : i32)
  ^bb1(%90: i32):  // 2 preds: ^bb0, ^bb1
    %91 = llvm.load %arg0 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %92 = llvm.getelementptr %arg1[%90] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %93 = llvm.load %92 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %94 = llvm.fadd %91, %93 : f32
    %95 = llvm.getelementptr %arg1[%0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %96 = llvm.load volatile %95 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %97 = llvm.fadd %94, %96 : f32
    %98 = llvm.getelementptr %arg1[%1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %99 = llvm.load volatile %98 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %100 = llvm.fadd %97, %99 : f32
    %101 = llvm.getelementptr %arg1[%2] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %102 = llvm.load volatile %101 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %103 = llvm.fadd %100, %102 : f32
    %104 = llvm.getelementptr %arg1[%3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %105 = llvm.load volatile %104 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %106 = llvm.fadd %103, %105 : f32
    %107 = llvm.getelementptr %arg1[%4] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %108 = llvm.load volatile %107 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %109 = llvm.fadd %106, %108 : f32
    %110 = llvm.getelementptr %arg1[%5] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %111 = llvm.load volatile %110 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %112 = llvm.fadd %109, %111 : f32
    %113 = llvm.getelementptr %arg1[%6] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %114 = llvm.load volatile %113 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %115 = llvm.fadd %112, %114 : f32
    %116 = llvm.getelementptr %arg1[%7] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %117 = llvm.load volatile %116 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %118 = llvm.fadd %115, %117 : f32
    %119 = llvm.getelementptr %arg1[%8] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %120 = llvm.load volatile %119 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %121 = llvm.fadd %118, %120 : f32
    %122 = llvm.getelementptr %arg1[%9] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %123 = llvm.load volatile %122 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %124 = llvm.fadd %121, %123 : f32
    %125 = llvm.getelementptr %arg1[%10] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %126 = llvm.load volatile %125 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %127 = llvm.fadd %124, %126 : f32
    %128 = llvm.getelementptr %arg1[%11] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %129 = llvm.load volatile %128 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %130 = llvm.fadd %127, %129 : f32
    %131 = llvm.getelementptr %arg1[%12] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %132 = llvm.load volatile %131 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %133 = llvm.fadd %130, %132 : f32
    %134 = llvm.getelementptr %arg1[%13] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %135 = llvm.load volatile %134 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %136 = llvm.fadd %133, %135 : f32
    %137 = llvm.getelementptr %arg1[%14] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %138 = llvm.load volatile %137 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %139 = llvm.fadd %136, %138 : f32
    %140 = llvm.getelementptr %arg1[%15] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %141 = llvm.load volatile %140 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %142 = llvm.fadd %139, %141 : f32
    %143 = llvm.getelementptr %arg1[%16] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %144 = llvm.load volatile %143 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %145 = llvm.fadd %142, %144 : f32
    %146 = llvm.getelementptr %arg1[%17] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %147 = llvm.load volatile %146 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %148 = llvm.fadd %145, %147 : f32
    %149 = llvm.getelementptr %arg1[%18] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %150 = llvm.load volatile %149 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %151 = llvm.fadd %148, %150 : f32
    %152 = llvm.getelementptr %arg1[%19] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %153 = llvm.load volatile %152 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %154 = llvm.fadd %151, %153 : f32
    %155 = llvm.getelementptr %arg1[%20] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %156 = llvm.load volatile %155 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %157 = llvm.fadd %154, %156 : f32
    %158 = llvm.getelementptr %arg1[%21] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %159 = llvm.load volatile %158 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %160 = llvm.fadd %157, %159 : f32
    %161 = llvm.getelementptr %arg1[%22] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %162 = llvm.load volatile %161 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %163 = llvm.fadd %160, %162 : f32
    %164 = llvm.getelementptr %arg1[%23] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %165 = llvm.load volatile %164 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %166 = llvm.fadd %163, %165 : f32
    %167 = llvm.getelementptr %arg1[%24] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %168 = llvm.load volatile %167 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %169 = llvm.fadd %166, %168 : f32
    %170 = llvm.getelementptr %arg1[%25] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %171 = llvm.load volatile %170 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %172 = llvm.fadd %169, %171 : f32
    %173 = llvm.getelementptr %arg1[%26] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %174 = llvm.load volatile %173 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %175 = llvm.fadd %172, %174 : f32
    %176 = llvm.getelementptr %arg1[%27] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %177 = llvm.load volatile %176 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %178 = llvm.fadd %175, %177 : f32
    %179 = llvm.getelementptr %arg1[%28] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %180 = llvm.load volatile %179 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %181 = llvm.fadd %178, %180 : f32
    %182 = llvm.getelementptr %arg1[%29] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %183 = llvm.load volatile %182 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %184 = llvm.fadd %181, %183 : f32
    %185 = llvm.getelementptr %arg1[%30] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %186 = llvm.load volatile %185 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %187 = llvm.fadd %184, %186 : f32
    %188 = llvm.getelementptr %arg1[%31] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %189 = llvm.load volatile %188 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %190 = llvm.fadd %187, %189 : f32
    %191 = llvm.getelementptr %arg1[%32] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %192 = llvm.load volatile %191 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %193 = llvm.fadd %190, %192 : f32
    %194 = llvm.getelementptr %arg1[%33] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %195 = llvm.load volatile %194 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %196 = llvm.fadd %193, %195 : f32
    %197 = llvm.getelementptr %arg1[%34] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %198 = llvm.load volatile %197 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %199 = llvm.fadd %196, %198 : f32
    %200 = llvm.getelementptr %arg1[%35] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %201 = llvm.load volatile %200 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %202 = llvm.fadd %199, %201 : f32
    %203 = llvm.getelementptr %arg1[%36] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %204 = llvm.load volatile %203 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %205 = llvm.fadd %202, %204 : f32
    %206 = llvm.getelementptr %arg1[%37] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %207 = llvm.load volatile %206 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %208 = llvm.fadd %205, %207 : f32
    %209 = llvm.getelementptr %arg1[%38] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %210 = llvm.load volatile %209 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %211 = llvm.fadd %208, %210 : f32
    %212 = llvm.getelementptr %arg1[%39] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %213 = llvm.load volatile %212 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %214 = llvm.fadd %211, %213 : f32
    %215 = llvm.getelementptr %arg1[%40] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %216 = llvm.load volatile %215 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %217 = llvm.fadd %214, %216 : f32
    %218 = llvm.getelementptr %arg1[%41] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %219 = llvm.load volatile %218 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %220 = llvm.fadd %217, %219 : f32
    %221 = llvm.getelementptr %arg1[%42] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %222 = llvm.load volatile %221 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %223 = llvm.fadd %220, %222 : f32
    %224 = llvm.getelementptr %arg1[%43] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %225 = llvm.load volatile %224 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %226 = llvm.fadd %223, %225 : f32
    %227 = llvm.getelementptr %arg1[%44] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %228 = llvm.load volatile %227 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %229 = llvm.fadd %226, %228 : f32
    %230 = llvm.getelementptr %arg1[%45] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %231 = llvm.load volatile %230 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %232 = llvm.fadd %229, %231 : f32
    %233 = llvm.getelementptr %arg1[%46] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %234 = llvm.load volatile %233 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %235 = llvm.fadd %232, %234 : f32
    %236 = llvm.getelementptr %arg1[%47] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %237 = llvm.load volatile %236 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %238 = llvm.fadd %235, %237 : f32
    %239 = llvm.getelementptr %arg1[%48] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %240 = llvm.load volatile %239 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %241 = llvm.fadd %238, %240 : f32
    %242 = llvm.getelementptr %arg1[%49] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %243 = llvm.load volatile %242 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %244 = llvm.fadd %241, %243 : f32
    %245 = llvm.getelementptr %arg1[%50] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %246 = llvm.load volatile %245 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %247 = llvm.fadd %244, %246 : f32
    %248 = llvm.getelementptr %arg1[%51] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %249 = llvm.load volatile %248 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %250 = llvm.fadd %247, %249 : f32
    %251 = llvm.getelementptr %arg1[%52] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %252 = llvm.load volatile %251 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %253 = llvm.fadd %250, %252 : f32
    %254 = llvm.getelementptr %arg1[%53] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %255 = llvm.load volatile %254 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %256 = llvm.fadd %253, %255 : f32
    %257 = llvm.getelementptr %arg1[%54] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %258 = llvm.load volatile %257 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %259 = llvm.fadd %256, %258 : f32
    %260 = llvm.getelementptr %arg1[%55] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %261 = llvm.load volatile %260 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %262 = llvm.fadd %259, %261 : f32
    %263 = llvm.getelementptr %arg1[%56] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %264 = llvm.load volatile %263 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %265 = llvm.fadd %262, %264 : f32
    %266 = llvm.getelementptr %arg1[%57] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %267 = llvm.load volatile %266 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %268 = llvm.fadd %265, %267 : f32
    %269 = llvm.getelementptr %arg1[%58] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %270 = llvm.load volatile %269 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %271 = llvm.fadd %268, %270 : f32
    %272 = llvm.getelementptr %arg1[%59] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %273 = llvm.load volatile %272 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %274 = llvm.fadd %271, %273 : f32
    %275 = llvm.getelementptr %arg1[%60] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %276 = llvm.load volatile %275 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %277 = llvm.fadd %274, %276 : f32
    %278 = llvm.getelementptr %arg1[%61] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %279 = llvm.load volatile %278 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %280 = llvm.fadd %277, %279 : f32
    %281 = llvm.getelementptr %arg1[%62] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %282 = llvm.load volatile %281 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %283 = llvm.fadd %280, %282 : f32
    %284 = llvm.getelementptr %arg1[%63] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %285 = llvm.load volatile %284 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %286 = llvm.fadd %283, %285 : f32
    %287 = llvm.getelementptr %arg1[%64] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %288 = llvm.load volatile %287 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %289 = llvm.fadd %286, %288 : f32
    %290 = llvm.getelementptr %arg1[%65] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %291 = llvm.load volatile %290 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %292 = llvm.fadd %289, %291 : f32
    %293 = llvm.getelementptr %arg1[%66] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %294 = llvm.load volatile %293 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %295 = llvm.fadd %292, %294 : f32
    %296 = llvm.getelementptr %arg1[%67] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %297 = llvm.load volatile %296 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %298 = llvm.fadd %295, %297 : f32
    %299 = llvm.getelementptr %arg1[%68] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %300 = llvm.load volatile %299 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %301 = llvm.fadd %298, %300 : f32
    %302 = llvm.getelementptr %arg1[%69] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %303 = llvm.load volatile %302 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %304 = llvm.fadd %301, %303 : f32
    %305 = llvm.getelementptr %arg1[%70] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %306 = llvm.load volatile %305 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %307 = llvm.fadd %304, %306 : f32
    %308 = llvm.getelementptr %arg1[%71] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %309 = llvm.load volatile %308 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %310 = llvm.fadd %307, %309 : f32
    %311 = llvm.getelementptr %arg1[%72] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %312 = llvm.load volatile %311 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %313 = llvm.fadd %310, %312 : f32
    %314 = llvm.getelementptr %arg1[%73] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %315 = llvm.load volatile %314 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %316 = llvm.fadd %313, %315 : f32
    %317 = llvm.getelementptr %arg1[%74] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %318 = llvm.load volatile %317 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %319 = llvm.fadd %316, %318 : f32
    %320 = llvm.getelementptr %arg1[%75] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %321 = llvm.load volatile %320 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %322 = llvm.fadd %319, %321 : f32
    %323 = llvm.getelementptr %arg1[%76] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %324 = llvm.load volatile %323 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %325 = llvm.fadd %322, %324 : f32
    %326 = llvm.getelementptr %arg1[%77] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %327 = llvm.load volatile %326 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %328 = llvm.fadd %325, %327 : f32
    %329 = llvm.getelementptr %arg1[%78] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %330 = llvm.load volatile %329 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %331 = llvm.fadd %328, %330 : f32
    %332 = llvm.getelementptr %arg1[%79] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %333 = llvm.load volatile %332 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %334 = llvm.fadd %331, %333 : f32
    %335 = llvm.getelementptr %arg1[%80] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %336 = llvm.load volatile %335 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %337 = llvm.fadd %334, %336 : f32
    %338 = llvm.getelementptr %arg1[%81] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %339 = llvm.load volatile %338 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %340 = llvm.fadd %337, %339 : f32
    %341 = llvm.getelementptr %arg1[%82] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %342 = llvm.load volatile %341 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %343 = llvm.fadd %340, %342 : f32
    %344 = llvm.getelementptr %arg1[%83] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %345 = llvm.load volatile %344 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %346 = llvm.fadd %343, %345 : f32
    %347 = llvm.getelementptr %arg1[%84] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %348 = llvm.load volatile %347 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %349 = llvm.fadd %346, %348 : f32
    %350 = llvm.getelementptr %arg1[%85] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %351 = llvm.load volatile %350 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %352 = llvm.fadd %349, %351 : f32
    %353 = llvm.getelementptr %arg1[%86] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %354 = llvm.load volatile %353 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %355 = llvm.fadd %352, %354 : f32
    %356 = llvm.getelementptr %arg1[%87] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %357 = llvm.load volatile %356 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %358 = llvm.fadd %355, %357 : f32
    %359 = llvm.getelementptr %arg1[%88] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %360 = llvm.load volatile %359 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %361 = llvm.fadd %358, %360 : f32
    %362 = llvm.getelementptr %arg1[%89] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %363 = llvm.load volatile %362 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %364 = llvm.fadd %361, %363 : f32
    llvm.store %364, %arg0 {alignment = 4 : i64} : f32, !llvm.ptr<1>
    %365 = llvm.add %90, %1 : i32
    %366 = llvm.icmp "eq" %365, %arg2 : i32
    llvm.cond_br %366, ^bb2, ^bb1(%365 : i32)
  ^bb2:  // pred: ^bb1
    llvm.return
  }
  llvm.func @many_accesses(%arg0: !llvm.ptr<1> {llvm.noalias}, %arg1: !llvm.ptr<1> {llvm.noalias}, %arg2: i32) attributes {nvvm.kernel} {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = llvm.mlir.constant(1 : i32) : i32
    %2 = llvm.mlir.constant(2 : i32) : i32
    %3 = llvm.mlir.constant(3 : i32) : i32
    %4 = llvm.mlir.constant(4 : i32) : i32
    %5 = llvm.mlir.constant(5 : i32) : i32
    %6 = llvm.mlir.constant(6 : i32) : i32
    %7 = llvm.mlir.constant(7 : i32) : i32
    %8 = llvm.mlir.constant(8 : i32) : i32
    %9 = llvm.mlir.constant(9 : i32) : i32
    %10 = llvm.mlir.constant(10 : i32) : i32
    %11 = llvm.mlir.constant(11 : i32) : i32
    %12 = llvm.mlir.constant(12 : i32) : i32
    %13 = llvm.mlir.constant(13 : i32) : i32
    %14 = llvm.mlir.constant(14 : i32) : i32
    %15 = llvm.mlir.constant(15 : i32) : i32
    %16 = llvm.mlir.constant(16 : i32) : i32
    %17 = llvm.mlir.constant(17 : i32) : i32
    %18 = llvm.mlir.constant(18 : i32) : i32
    %19 = llvm.mlir.constant(19 : i32) : i32
    %20 = llvm.mlir.constant(20 : i32) : i32
    %21 = llvm.mlir.constant(21 : i32) : i32
    %22 = llvm.mlir.constant(22 : i32) : i32
    %23 = llvm.mlir.constant(23 : i32) : i32
    %24 = llvm.mlir.constant(24 : i32) : i32
    %25 = llvm.mlir.constant(25 : i32) : i32
    %26 = llvm.mlir.constant(26 : i32) : i32
    %27 = llvm.mlir.constant(27 : i32) : i32
    %28 = llvm.mlir.constant(28 : i32) : i32
    %29 = llvm.mlir.constant(29 : i32) : i32
    %30 = llvm.mlir.constant(30 : i32) : i32
    %31 = llvm.mlir.constant(31 : i32) : i32
    %32 = llvm.mlir.constant(32 : i32) : i32
    %33 = llvm.mlir.constant(33 : i32) : i32
    %34 = llvm.mlir.constant(34 : i32) : i32
    %35 = llvm.mlir.constant(35 : i32) : i32
    %36 = llvm.mlir.constant(36 : i32) : i32
    %37 = llvm.mlir.constant(37 : i32) : i32
    %38 = llvm.mlir.constant(38 : i32) : i32
    %39 = llvm.mlir.constant(39 : i32) : i32
    %40 = llvm.mlir.constant(40 : i32) : i32
    %41 = llvm.mlir.constant(41 : i32) : i32
    %42 = llvm.mlir.constant(42 : i32) : i32
    %43 = llvm.mlir.constant(43 : i32) : i32
    %44 = llvm.mlir.constant(44 : i32) : i32
    %45 = llvm.mlir.constant(45 : i32) : i32
    %46 = llvm.mlir.constant(46 : i32) : i32
    %47 = llvm.mlir.constant(47 : i32) : i32
    %48 = llvm.mlir.constant(48 : i32) : i32
    %49 = llvm.mlir.constant(49 : i32) : i32
    %50 = llvm.mlir.constant(50 : i32) : i32
    %51 = llvm.mlir.constant(51 : i32) : i32
    %52 = llvm.mlir.constant(52 : i32) : i32
    %53 = llvm.mlir.constant(53 : i32) : i32
    %54 = llvm.mlir.constant(54 : i32) : i32
    %55 = llvm.mlir.constant(55 : i32) : i32
    %56 = llvm.mlir.constant(56 : i32) : i32
    %57 = llvm.mlir.constant(57 : i32) : i32
    %58 = llvm.mlir.constant(58 : i32) : i32
    %59 = llvm.mlir.constant(59 : i32) : i32
    %60 = llvm.mlir.constant(60 : i32) : i32
    %61 = llvm.mlir.constant(61 : i32) : i32
    %62 = llvm.mlir.constant(62 : i32) : i32
    %63 = llvm.mlir.constant(63 : i32) : i32
    %64 = llvm.mlir.constant(64 : i32) : i32
    %65 = llvm.mlir.constant(65 : i32) : i32
    %66 = llvm.mlir.constant(66 : i32) : i32
    %67 = llvm.mlir.constant(67 : i32) : i32
    %68 = llvm.mlir.constant(68 : i32) : i32
    %69 = llvm.mlir.constant(69 : i32) : i32
    %70 = llvm.mlir.constant(70 : i32) : i32
    %71 = llvm.mlir.constant(71 : i32) : i32
    %72 = llvm.mlir.constant(72 : i32) : i32
    %73 = llvm.mlir.constant(73 : i32) : i32
    %74 = llvm.mlir.constant(74 : i32) : i32
    %75 = llvm.mlir.constant(75 : i32) : i32
    %76 = llvm.mlir.constant(76 : i32) : i32
    %77 = llvm.mlir.constant(77 : i32) : i32
    %78 = llvm.mlir.constant(78 : i32) : i32
    %79 = llvm.mlir.constant(79 : i32) : i32
    %80 = llvm.mlir.constant(80 : i32) : i32
    %81 = llvm.mlir.constant(81 : i32) : i32
    %82 = llvm.mlir.constant(82 : i32) : i32
    %83 = llvm.mlir.constant(83 : i32) : i32
    %84 = llvm.mlir.constant(84 : i32) : i32
    %85 = llvm.mlir.constant(85 : i32) : i32
    %86 = llvm.mlir.constant(86 : i32) : i32
    %87 = llvm.mlir.constant(87 : i32) : i32
    %88 = llvm.mlir.constant(88 : i32) : i32
    %89 = llvm.mlir.constant(89 : i32) : i32
    %90 = llvm.mlir.constant(90 : i32) : i32
    %91 = llvm.mlir.constant(91 : i32) : i32
    %92 = llvm.mlir.constant(92 : i32) : i32
    %93 = llvm.mlir.constant(93 : i32) : i32
    %94 = llvm.mlir.constant(94 : i32) : i32
    %95 = llvm.mlir.constant(95 : i32) : i32
    %96 = llvm.mlir.constant(96 : i32) : i32
    %97 = llvm.mlir.constant(97 : i32) : i32
    %98 = llvm.mlir.constant(98 : i32) : i32
    %99 = llvm.mlir.constant(99 : i32) : i32
    %100 = llvm.mlir.constant(100 : i32) : i32
    %101 = llvm.mlir.constant(101 : i32) : i32
    %102 = llvm.mlir.constant(102 : i32) : i32
    %103 = llvm.mlir.constant(103 : i32) : i32
    %104 = llvm.mlir.constant(104 : i32) : i32
    %105 = llvm.mlir.constant(105 : i32) : i32
    %106 = llvm.mlir.constant(106 : i32) : i32
    %107 = llvm.mlir.constant(107 : i32) : i32
    %108 = llvm.mlir.constant(108 : i32) : i32
    %109 = llvm.mlir.constant(109 : i32) : i32
    llvm.br ^bb1(%0 : i32)
  ^bb1(%110: i32):  // 2 preds: ^bb0, ^bb1
    %111 = llvm.load %arg0 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %112 = llvm.getelementptr %arg1[%110] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %113 = llvm.load %112 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %114 = llvm.fadd %111, %113 : f32
    %115 = llvm.getelementptr %arg1[%0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %116 = llvm.load volatile %115 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %117 = llvm.fadd %114, %116 : f32
    %118 = llvm.getelementptr %arg1[%1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %119 = llvm.load volatile %118 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %120 = llvm.fadd %117, %119 : f32
    %121 = llvm.getelementptr %arg1[%2] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %122 = llvm.load volatile %121 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %123 = llvm.fadd %120, %122 : f32
    %124 = llvm.getelementptr %arg1[%3] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %125 = llvm.load volatile %124 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %126 = llvm.fadd %123, %125 : f32
    %127 = llvm.getelementptr %arg1[%4] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %128 = llvm.load volatile %127 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %129 = llvm.fadd %126, %128 : f32
    %130 = llvm.getelementptr %arg1[%5] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %131 = llvm.load volatile %130 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %132 = llvm.fadd %129, %131 : f32
    %133 = llvm.getelementptr %arg1[%6] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %134 = llvm.load volatile %133 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %135 = llvm.fadd %132, %134 : f32
    %136 = llvm.getelementptr %arg1[%7] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %137 = llvm.load volatile %136 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %138 = llvm.fadd %135, %137 : f32
    %139 = llvm.getelementptr %arg1[%8] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %140 = llvm.load volatile %139 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %141 = llvm.fadd %138, %140 : f32
    %142 = llvm.getelementptr %arg1[%9] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %143 = llvm.load volatile %142 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %144 = llvm.fadd %141, %143 : f32
    %145 = llvm.getelementptr %arg1[%10] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %146 = llvm.load volatile %145 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %147 = llvm.fadd %144, %146 : f32
    %148 = llvm.getelementptr %arg1[%11] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %149 = llvm.load volatile %148 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %150 = llvm.fadd %147, %149 : f32
    %151 = llvm.getelementptr %arg1[%12] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %152 = llvm.load volatile %151 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %153 = llvm.fadd %150, %152 : f32
    %154 = llvm.getelementptr %arg1[%13] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %155 = llvm.load volatile %154 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %156 = llvm.fadd %153, %155 : f32
    %157 = llvm.getelementptr %arg1[%14] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %158 = llvm.load volatile %157 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %159 = llvm.fadd %156, %158 : f32
    %160 = llvm.getelementptr %arg1[%15] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %161 = llvm.load volatile %160 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %162 = llvm.fadd %159, %161 : f32
    %163 = llvm.getelementptr %arg1[%16] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %164 = llvm.load volatile %163 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %165 = llvm.fadd %162, %164 : f32
    %166 = llvm.getelementptr %arg1[%17] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %167 = llvm.load volatile %166 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %168 = llvm.fadd %165, %167 : f32
    %169 = llvm.getelementptr %arg1[%18] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %170 = llvm.load volatile %169 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %171 = llvm.fadd %168, %170 : f32
    %172 = llvm.getelementptr %arg1[%19] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %173 = llvm.load volatile %172 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %174 = llvm.fadd %171, %173 : f32
    %175 = llvm.getelementptr %arg1[%20] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %176 = llvm.load volatile %175 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %177 = llvm.fadd %174, %176 : f32
    %178 = llvm.getelementptr %arg1[%21] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %179 = llvm.load volatile %178 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %180 = llvm.fadd %177, %179 : f32
    %181 = llvm.getelementptr %arg1[%22] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %182 = llvm.load volatile %181 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %183 = llvm.fadd %180, %182 : f32
    %184 = llvm.getelementptr %arg1[%23] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %185 = llvm.load volatile %184 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %186 = llvm.fadd %183, %185 : f32
    %187 = llvm.getelementptr %arg1[%24] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %188 = llvm.load volatile %187 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %189 = llvm.fadd %186, %188 : f32
    %190 = llvm.getelementptr %arg1[%25] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %191 = llvm.load volatile %190 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %192 = llvm.fadd %189, %191 : f32
    %193 = llvm.getelementptr %arg1[%26] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %194 = llvm.load volatile %193 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %195 = llvm.fadd %192, %194 : f32
    %196 = llvm.getelementptr %arg1[%27] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %197 = llvm.load volatile %196 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %198 = llvm.fadd %195, %197 : f32
    %199 = llvm.getelementptr %arg1[%28] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %200 = llvm.load volatile %199 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %201 = llvm.fadd %198, %200 : f32
    %202 = llvm.getelementptr %arg1[%29] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %203 = llvm.load volatile %202 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %204 = llvm.fadd %201, %203 : f32
    %205 = llvm.getelementptr %arg1[%30] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %206 = llvm.load volatile %205 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %207 = llvm.fadd %204, %206 : f32
    %208 = llvm.getelementptr %arg1[%31] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %209 = llvm.load volatile %208 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %210 = llvm.fadd %207, %209 : f32
    %211 = llvm.getelementptr %arg1[%32] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %212 = llvm.load volatile %211 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %213 = llvm.fadd %210, %212 : f32
    %214 = llvm.getelementptr %arg1[%33] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %215 = llvm.load volatile %214 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %216 = llvm.fadd %213, %215 : f32
    %217 = llvm.getelementptr %arg1[%34] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %218 = llvm.load volatile %217 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %219 = llvm.fadd %216, %218 : f32
    %220 = llvm.getelementptr %arg1[%35] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %221 = llvm.load volatile %220 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %222 = llvm.fadd %219, %221 : f32
    %223 = llvm.getelementptr %arg1[%36] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %224 = llvm.load volatile %223 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %225 = llvm.fadd %222, %224 : f32
    %226 = llvm.getelementptr %arg1[%37] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %227 = llvm.load volatile %226 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %228 = llvm.fadd %225, %227 : f32
    %229 = llvm.getelementptr %arg1[%38] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %230 = llvm.load volatile %229 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %231 = llvm.fadd %228, %230 : f32
    %232 = llvm.getelementptr %arg1[%39] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %233 = llvm.load volatile %232 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %234 = llvm.fadd %231, %233 : f32
    %235 = llvm.getelementptr %arg1[%40] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %236 = llvm.load volatile %235 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %237 = llvm.fadd %234, %236 : f32
    %238 = llvm.getelementptr %arg1[%41] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %239 = llvm.load volatile %238 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %240 = llvm.fadd %237, %239 : f32
    %241 = llvm.getelementptr %arg1[%42] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %242 = llvm.load volatile %241 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %243 = llvm.fadd %240, %242 : f32
    %244 = llvm.getelementptr %arg1[%43] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %245 = llvm.load volatile %244 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %246 = llvm.fadd %243, %245 : f32
    %247 = llvm.getelementptr %arg1[%44] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %248 = llvm.load volatile %247 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %249 = llvm.fadd %246, %248 : f32
    %250 = llvm.getelementptr %arg1[%45] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %251 = llvm.load volatile %250 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %252 = llvm.fadd %249, %251 : f32
    %253 = llvm.getelementptr %arg1[%46] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %254 = llvm.load volatile %253 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %255 = llvm.fadd %252, %254 : f32
    %256 = llvm.getelementptr %arg1[%47] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %257 = llvm.load volatile %256 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %258 = llvm.fadd %255, %257 : f32
    %259 = llvm.getelementptr %arg1[%48] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %260 = llvm.load volatile %259 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %261 = llvm.fadd %258, %260 : f32
    %262 = llvm.getelementptr %arg1[%49] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %263 = llvm.load volatile %262 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %264 = llvm.fadd %261, %263 : f32
    %265 = llvm.getelementptr %arg1[%50] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %266 = llvm.load volatile %265 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %267 = llvm.fadd %264, %266 : f32
    %268 = llvm.getelementptr %arg1[%51] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %269 = llvm.load volatile %268 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %270 = llvm.fadd %267, %269 : f32
    %271 = llvm.getelementptr %arg1[%52] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %272 = llvm.load volatile %271 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %273 = llvm.fadd %270, %272 : f32
    %274 = llvm.getelementptr %arg1[%53] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %275 = llvm.load volatile %274 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %276 = llvm.fadd %273, %275 : f32
    %277 = llvm.getelementptr %arg1[%54] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %278 = llvm.load volatile %277 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %279 = llvm.fadd %276, %278 : f32
    %280 = llvm.getelementptr %arg1[%55] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %281 = llvm.load volatile %280 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %282 = llvm.fadd %279, %281 : f32
    %283 = llvm.getelementptr %arg1[%56] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %284 = llvm.load volatile %283 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %285 = llvm.fadd %282, %284 : f32
    %286 = llvm.getelementptr %arg1[%57] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %287 = llvm.load volatile %286 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %288 = llvm.fadd %285, %287 : f32
    %289 = llvm.getelementptr %arg1[%58] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %290 = llvm.load volatile %289 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %291 = llvm.fadd %288, %290 : f32
    %292 = llvm.getelementptr %arg1[%59] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %293 = llvm.load volatile %292 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %294 = llvm.fadd %291, %293 : f32
    %295 = llvm.getelementptr %arg1[%60] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %296 = llvm.load volatile %295 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %297 = llvm.fadd %294, %296 : f32
    %298 = llvm.getelementptr %arg1[%61] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %299 = llvm.load volatile %298 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %300 = llvm.fadd %297, %299 : f32
    %301 = llvm.getelementptr %arg1[%62] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %302 = llvm.load volatile %301 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %303 = llvm.fadd %300, %302 : f32
    %304 = llvm.getelementptr %arg1[%63] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %305 = llvm.load volatile %304 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %306 = llvm.fadd %303, %305 : f32
    %307 = llvm.getelementptr %arg1[%64] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %308 = llvm.load volatile %307 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %309 = llvm.fadd %306, %308 : f32
    %310 = llvm.getelementptr %arg1[%65] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %311 = llvm.load volatile %310 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %312 = llvm.fadd %309, %311 : f32
    %313 = llvm.getelementptr %arg1[%66] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %314 = llvm.load volatile %313 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %315 = llvm.fadd %312, %314 : f32
    %316 = llvm.getelementptr %arg1[%67] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %317 = llvm.load volatile %316 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %318 = llvm.fadd %315, %317 : f32
    %319 = llvm.getelementptr %arg1[%68] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %320 = llvm.load volatile %319 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %321 = llvm.fadd %318, %320 : f32
    %322 = llvm.getelementptr %arg1[%69] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %323 = llvm.load volatile %322 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %324 = llvm.fadd %321, %323 : f32
    %325 = llvm.getelementptr %arg1[%70] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %326 = llvm.load volatile %325 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %327 = llvm.fadd %324, %326 : f32
    %328 = llvm.getelementptr %arg1[%71] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %329 = llvm.load volatile %328 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %330 = llvm.fadd %327, %329 : f32
    %331 = llvm.getelementptr %arg1[%72] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %332 = llvm.load volatile %331 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %333 = llvm.fadd %330, %332 : f32
    %334 = llvm.getelementptr %arg1[%73] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %335 = llvm.load volatile %334 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %336 = llvm.fadd %333, %335 : f32
    %337 = llvm.getelementptr %arg1[%74] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %338 = llvm.load volatile %337 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %339 = llvm.fadd %336, %338 : f32
    %340 = llvm.getelementptr %arg1[%75] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %341 = llvm.load volatile %340 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %342 = llvm.fadd %339, %341 : f32
    %343 = llvm.getelementptr %arg1[%76] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %344 = llvm.load volatile %343 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %345 = llvm.fadd %342, %344 : f32
    %346 = llvm.getelementptr %arg1[%77] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %347 = llvm.load volatile %346 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %348 = llvm.fadd %345, %347 : f32
    %349 = llvm.getelementptr %arg1[%78] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %350 = llvm.load volatile %349 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %351 = llvm.fadd %348, %350 : f32
    %352 = llvm.getelementptr %arg1[%79] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %353 = llvm.load volatile %352 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %354 = llvm.fadd %351, %353 : f32
    %355 = llvm.getelementptr %arg1[%80] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %356 = llvm.load volatile %355 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %357 = llvm.fadd %354, %356 : f32
    %358 = llvm.getelementptr %arg1[%81] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %359 = llvm.load volatile %358 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %360 = llvm.fadd %357, %359 : f32
    %361 = llvm.getelementptr %arg1[%82] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %362 = llvm.load volatile %361 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %363 = llvm.fadd %360, %362 : f32
    %364 = llvm.getelementptr %arg1[%83] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %365 = llvm.load volatile %364 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %366 = llvm.fadd %363, %365 : f32
    %367 = llvm.getelementptr %arg1[%84] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %368 = llvm.load volatile %367 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %369 = llvm.fadd %366, %368 : f32
    %370 = llvm.getelementptr %arg1[%85] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %371 = llvm.load volatile %370 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %372 = llvm.fadd %369, %371 : f32
    %373 = llvm.getelementptr %arg1[%86] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %374 = llvm.load volatile %373 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %375 = llvm.fadd %372, %374 : f32
    %376 = llvm.getelementptr %arg1[%87] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %377 = llvm.load volatile %376 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %378 = llvm.fadd %375, %377 : f32
    %379 = llvm.getelementptr %arg1[%88] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %380 = llvm.load volatile %379 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %381 = llvm.fadd %378, %380 : f32
    %382 = llvm.getelementptr %arg1[%89] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %383 = llvm.load volatile %382 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %384 = llvm.fadd %381, %383 : f32
    %385 = llvm.getelementptr %arg1[%90] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %386 = llvm.load volatile %385 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %387 = llvm.fadd %384, %386 : f32
    %388 = llvm.getelementptr %arg1[%91] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %389 = llvm.load volatile %388 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %390 = llvm.fadd %387, %389 : f32
    %391 = llvm.getelementptr %arg1[%92] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %392 = llvm.load volatile %391 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %393 = llvm.fadd %390, %392 : f32
    %394 = llvm.getelementptr %arg1[%93] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %395 = llvm.load volatile %394 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %396 = llvm.fadd %393, %395 : f32
    %397 = llvm.getelementptr %arg1[%94] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %398 = llvm.load volatile %397 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %399 = llvm.fadd %396, %398 : f32
    %400 = llvm.getelementptr %arg1[%95] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %401 = llvm.load volatile %400 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %402 = llvm.fadd %399, %401 : f32
    %403 = llvm.getelementptr %arg1[%96] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %404 = llvm.load volatile %403 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %405 = llvm.fadd %402, %404 : f32
    %406 = llvm.getelementptr %arg1[%97] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %407 = llvm.load volatile %406 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %408 = llvm.fadd %405, %407 : f32
    %409 = llvm.getelementptr %arg1[%98] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %410 = llvm.load volatile %409 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %411 = llvm.fadd %408, %410 : f32
    %412 = llvm.getelementptr %arg1[%99] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %413 = llvm.load volatile %412 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %414 = llvm.fadd %411, %413 : f32
    %415 = llvm.getelementptr %arg1[%100] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %416 = llvm.load volatile %415 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %417 = llvm.fadd %414, %416 : f32
    %418 = llvm.getelementptr %arg1[%101] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %419 = llvm.load volatile %418 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %420 = llvm.fadd %417, %419 : f32
    %421 = llvm.getelementptr %arg1[%102] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %422 = llvm.load volatile %421 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %423 = llvm.fadd %420, %422 : f32
    %424 = llvm.getelementptr %arg1[%103] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %425 = llvm.load volatile %424 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %426 = llvm.fadd %423, %425 : f32
    %427 = llvm.getelementptr %arg1[%104] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %428 = llvm.load volatile %427 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %429 = llvm.fadd %426, %428 : f32
    %430 = llvm.getelementptr %arg1[%105] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %431 = llvm.load volatile %430 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %432 = llvm.fadd %429, %431 : f32
    %433 = llvm.getelementptr %arg1[%106] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %434 = llvm.load volatile %433 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %435 = llvm.fadd %432, %434 : f32
    %436 = llvm.getelementptr %arg1[%107] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %437 = llvm.load volatile %436 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %438 = llvm.fadd %435, %437 : f32
    %439 = llvm.getelementptr %arg1[%108] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %440 = llvm.load volatile %439 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %441 = llvm.fadd %438, %440 : f32
    %442 = llvm.getelementptr %arg1[%109] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %443 = llvm.load volatile %442 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %444 = llvm.fadd %441, %443 : f32
    llvm.store %444, %arg0 {alignment = 4 : i64} : f32, !llvm.ptr<1>
    %445 = llvm.add %110, %1 : i32
    %446 = llvm.icmp "eq" %445, %arg2 : i32
    llvm.cond_br %446, ^bb2, ^bb1(%445 : i32)
  ^bb2:  // pred: ^bb1
    llvm.return
  }
}
