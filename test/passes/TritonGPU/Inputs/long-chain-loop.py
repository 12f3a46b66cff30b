"""Prints a pipelinable loop whose load address ends a chain of N dependent
arith.addi and whose loaded value starts a chain of N dependent arith.addf
(N from the command line), for schedule-long-chain.test and
coalesce-long-chain.test: walks along such chains took one stack frame per
op. TTGIR (4 warps, cuda:90), or TTIR when the second argument is "ttir"."""
import sys

n = int(sys.argv[1])
ttir = len(sys.argv) > 2 and sys.argv[2] == "ttir"
enc = "" if ttir else ", #blocked"
t = f"tensor<512xi32{enc}>"
f = f"tensor<512xf32{enc}>"
p = f"tensor<512x!tt.ptr<f32>{enc}>"
if ttir:
    print('module {')
else:
    print('#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>')
    print('module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, '
          'ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {')
print(f'  tt.func @long_chain(%p: !tt.ptr<f32> {{tt.divisibility = 16 : i32}}, %n: i32) -> {f} {{')
print('    %c0 = arith.constant 0 : i32')
print('    %c1 = arith.constant 1 : i32')
print(f'    %zero = arith.constant dense<0.000000e+00> : {f}')
print(f'    %r = tt.make_range {{end = 512 : i32, start = 0 : i32}} : {t}')
print(f'    %base = tt.splat %p : !tt.ptr<f32> -> {p}')
print(f'    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> ({f}) : i32 {{')
print(f'      %o0 = tt.splat %i : i32 -> {t}')
for k in range(1, n + 1):
    print(f'      %o{k} = arith.addi %o{k - 1}, %r : {t}')
print(f'      %q = tt.addptr %base, %o{n} : {p}, {t}')
print(f'      %x = tt.load %q : {p}')
print(f'      %y0 = arith.addf %x, %acc : {f}')
for k in range(1, n + 1):
    print(f'      %y{k} = arith.addf %y{k - 1}, %x : {f}')
print(f'      scf.yield %y{n} : {f}')
print('    } {tt.num_stages = 3 : i32}')
print(f'    tt.return %res : {f}')
print('  }')
print('}')
