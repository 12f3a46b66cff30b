// RUN: triton-translate --mlir-to-amdgcn --arch=gfx90a -split-input-file -verify-diagnostics %s

// Modules made for NVIDIA, or for gfx942 only, asked for gfx90a's AMDGCN:
// each mismatch is one error at what does not fit, before LLVM sees the
// module (which would otherwise stop with a fatal error).

// expected-error @+1 {{module was lowered for 'cuda:90' (ttg.target) but AMDGCN assembly for gfx90a was requested}}
module attributes {ttg.target = "cuda:90"} {
  llvm.func @kernel() attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

module {
  // expected-error @+1 {{function 'kernel' is marked for NVIDIA ('nvvm.kernel') but AMDGCN assembly for gfx90a was requested}}
  llvm.func @kernel() attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

module {
  // expected-error @+1 {{function 'kernel' has the NVIDIA calling convention 'ptx_kernel' but AMDGCN assembly for gfx90a was requested}}
  llvm.func ptx_kernelcc @kernel() {
    llvm.return
  }
}

// -----

module {
  llvm.func @thread_index(%p: !llvm.ptr<1>) {
    // expected-error @+1 {{'nvvm.read.ptx.sreg.tid.x' is an NVIDIA operation but AMDGCN assembly for gfx90a was requested}}
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    llvm.store %tid, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

module {
  llvm.func @thread_index(%p: !llvm.ptr<1>) {
    // expected-error @+1 {{'llvm.nvvm.read.ptx.sreg.tid.x' is an NVIDIA intrinsic but AMDGCN assembly for gfx90a was requested}}
    %tid = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.tid.x"() : () -> i32
    llvm.store %tid, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

module {
  llvm.func @llvm.x86.sse2.pause()
  llvm.func @spin() attributes {rocdl.kernel} {
    // expected-error @+1 {{'llvm.x86.sse2.pause' is an intrinsic of another target ('x86') but AMDGCN assembly for gfx90a was requested}}
    llvm.call @llvm.x86.sse2.pause() : () -> ()
    llvm.return
  }
}

// -----

// An 8-bit float matrix product: gfx942 has it, gfx90a does not.
module attributes {ttg.target = "hip:gfx942"} {
  llvm.func @mfma_fp8(%p: !llvm.ptr<1>, %a: i64, %b: i64) attributes {rocdl.kernel} {
    %zero = llvm.mlir.constant(0 : i32) : i32
    %c = llvm.load %p : !llvm.ptr<1> -> vector<4xf32>
    // expected-error @+1 {{'rocdl.mfma.f32.16x16x32.fp8.fp8' needs gfx942 but AMDGCN assembly for gfx90a was requested}}
    %d = rocdl.mfma.f32.16x16x32.fp8.fp8 %a, %b, %c, %zero, %zero, %zero : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %d, %p : vector<4xf32>, !llvm.ptr<1>
    llvm.return
  }
}
