"""Prints a loop of warp-group dots that stay in flight (the accumulator is
read only under an scf.if), whose upper bound ends a chain of N dependent
arith.addi made before the loop (N from the command line), for
pipeline-async-dots-long-chain.test: the wait after the loop looks back from
the loop's results through the ops of its block for the dots they come from,
and that walk took one stack frame per op of the chain."""
import sys

n = int(sys.argv[1])
acc = "tensor<128x64xf32, #mma>"
a_ptr = "tensor<128x64x!tt.ptr<f16>, #blocked>"
b_ptr = "tensor<64x64x!tt.ptr<f16>, #blocked1>"
a_smem = "!ttg.memdesc<128x64xf16, #shared, #smem>"
b_smem = "!ttg.memdesc<64x64xf16, #shared1, #smem>"
print('#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>')
print('#blocked1 = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>')
print('#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>')
print('#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>')
print('#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>')
print('#smem = #ttg.shared_memory')
print('module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, '
      'ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {')
print(f'  tt.func @long_bound(%a_ptr: {a_ptr} {{tt.divisibility = dense<[16, 16]> : tensor<2xi32>, '
      'tt.contiguity = dense<[1, 64]> : tensor<2xi32>}, '
      f'%b_ptr: {b_ptr} {{tt.divisibility = dense<[16, 16]> : tensor<2xi32>, '
      'tt.contiguity = dense<[64, 1]> : tensor<2xi32>}, '
      f'%n0: i32, %limit: i32) -> {acc} {{')
print('    %c0 = arith.constant 0 : i32')
print('    %c1 = arith.constant 1 : i32')
print(f'    %zero = arith.constant dense<0.000000e+00> : {acc}')
print(f'    %half = arith.constant dense<5.000000e-01> : {acc}')
for k in range(1, n + 1):
    print(f'    %n{k} = arith.addi %n{k - 1}, %c1 : i32')
print(f'    %res = scf.for %i = %c0 to %n{n} step %c1 iter_args(%acc = %zero) -> ({acc}) : i32 {{')
print(f'      %a = tt.load %a_ptr : {a_ptr}')
print(f'      %b = tt.load %b_ptr : {b_ptr}')
print(f'      %as = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> {a_smem}')
print(f'      %bs = ttg.local_alloc %b : (tensor<64x64xf16, #blocked1>) -> {b_smem}')
print(f'      %d = ttng.warp_group_dot %as, %bs, %acc : {a_smem} * {b_smem} -> {acc}')
print('      %big = arith.cmpi sge, %i, %limit : i32')
print(f'      %next = scf.if %big -> ({acc}) {{')
print(f'        %scaled = arith.mulf %d, %half : {acc}')
print(f'        scf.yield %scaled : {acc}')
print('      } else {')
print(f'        scf.yield %d : {acc}')
print('      }')
print(f'      scf.yield %next : {acc}')
print('    }')
print(f'    tt.return %res : {acc}')
print('  }')
print('}')
