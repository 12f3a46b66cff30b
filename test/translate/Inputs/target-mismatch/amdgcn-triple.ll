; LLVM IR made for AMD (its triple) without a kernel calling convention.
target triple = "amdgcn-amd-amdhsa"

define void @copy(ptr addrspace(1) %p) {
  %v = load float, ptr addrspace(1) %p
  store float %v, ptr addrspace(1) %p
  ret void
}
