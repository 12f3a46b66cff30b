// RUN: triton-translate --mlir-to-ptx --arch=sm_80 -split-input-file -verify-diagnostics %s

// Modules made for AMD, or using sm_90 instructions, asked for sm_80's PTX:
// each mismatch is one error at what does not fit, before LLVM sees the
// module (NVPTX would stop with "Cannot select", and inline PTX would pass
// through to be rejected by ptxas only).

// expected-error @+1 {{module was lowered for 'hip:gfx942' (ttg.target) but PTX for sm_80 was requested}}
module attributes {ttg.target = "hip:gfx942"} {
  llvm.func @kernel() attributes {rocdl.kernel} {
    llvm.return
  }
}

// -----

module {
  // expected-error @+1 {{function 'kernel' is marked for AMD ('rocdl.kernel') but PTX for sm_80 was requested}}
  llvm.func @kernel() attributes {rocdl.kernel} {
    llvm.return
  }
}

// -----

module {
  // expected-error @+1 {{function 'kernel' has the AMD calling convention 'amdgpu_kernel' but PTX for sm_80 was requested}}
  llvm.func amdgpu_kernelcc @kernel() {
    llvm.return
  }
}

// -----

module {
  llvm.func @thread_index(%p: !llvm.ptr<1>) {
    // expected-error @+1 {{'rocdl.workitem.id.x' is an AMD operation but PTX for sm_80 was requested}}
    %tid = rocdl.workitem.id.x : i32
    llvm.store %tid, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

module {
  llvm.func @thread_index(%p: !llvm.ptr<1>) {
    // expected-error @+1 {{'llvm.amdgcn.workitem.id.x' is an AMD intrinsic but PTX for sm_80 was requested}}
    %tid = llvm.call_intrinsic "llvm.amdgcn.workitem.id.x"() : () -> i32
    llvm.store %tid, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}

// -----

module attributes {ttg.target = "cuda:90"} {
  llvm.func @kernel() attributes {nvvm.kernel} {
    // expected-error @+1 {{'nvvm.wgmma.fence.aligned' needs sm_90a but PTX for sm_80 was requested}}
    nvvm.wgmma.fence.aligned
    llvm.return
  }
}

// -----

module attributes {ttg.target = "cuda:90"} {
  llvm.func @kernel(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    // expected-error @+1 {{'nvvm.elect.sync' needs sm_90 or newer but PTX for sm_80 was requested}}
    %leader = nvvm.elect.sync -> i1
    llvm.store %leader, %p : i1, !llvm.ptr<1>
    llvm.return
  }
}

// -----

module attributes {ttg.target = "cuda:90"} {
  llvm.func @kernel() attributes {nvvm.kernel} {
    // expected-error @+1 {{inline PTX uses 'wgmma', which needs sm_90a, but PTX for sm_80 was requested}}
    llvm.inline_asm has_side_effects "wgmma.wait_group.sync.aligned 0;", "" : () -> ()
    llvm.return
  }
}

// -----

module attributes {ttg.target = "cuda:90"} {
  llvm.func @kernel() attributes {nvvm.kernel} {
    // expected-error @+1 {{inline PTX uses 'cp.async.bulk', which needs sm_90 or newer, but PTX for sm_80 was requested}}
    llvm.inline_asm has_side_effects "cp.async.bulk.commit_group;", "" : () -> ()
    llvm.return
  }
}

// -----

module attributes {ttg.target = "cuda:90"} {
  llvm.func @kernel(%p: !llvm.ptr<1>, %x: f32) attributes {nvvm.kernel} {
    // expected-error @+1 {{inline PTX uses 'e4m3', which needs sm_89 or newer, but PTX for sm_80 was requested}}
    %r = llvm.inline_asm "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $1;", "=h,r" %x : (f32) -> i16
    llvm.store %r, %p : i16, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// Instructions sm_80 has pass: cp.async, ldmatrix.
module attributes {ttg.target = "cuda:80"} {
  llvm.func @kernel() attributes {nvvm.kernel} {
    llvm.inline_asm has_side_effects "cp.async.commit_group;", "" : () -> ()
    llvm.return
  }
}
