# Thin wrappers for the project's libraries and tools.
#
# Every library links MLIR and LLVM through their shared libraries (Debian ships
# libMLIR.so and libLLVM.so): links stay in seconds on two cores, and no upstream
# static archive is pulled in by accident.

set_property(GLOBAL PROPERTY TRITON_LIBS "")

# Use LLD 22 (the unsuffixed ld.lld on PATH is LLVM 14) and ccache when present.
set(TRITON_LLD "${LLVM_TOOLS_BINARY_DIR}/ld.lld")
if(EXISTS "${TRITON_LLD}")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    add_link_options("--ld-path=${TRITON_LLD}")
  else()
    # GCC has no --ld-path: -B makes -fuse-ld=lld find LLD 22 before LLVM 14's.
    add_link_options("-B${LLVM_TOOLS_BINARY_DIR}" "-fuse-ld=lld")
  endif()
endif()
find_program(CCACHE_PROGRAM ccache)
if(CCACHE_PROGRAM)
  set(CMAKE_CXX_COMPILER_LAUNCHER "${CCACHE_PROGRAM}")
  set(CMAKE_C_COMPILER_LAUNCHER "${CCACHE_PROGRAM}")
endif()

# add_triton_library(name SRCS... [DEPENDS tablegen-targets...] [LINK_LIBS libs...])
# A static library of the project, installed and exported as TritonIR::<name>.
function(add_triton_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} MLIR LLVM)
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}>
    $<INSTALL_INTERFACE:include>)
  # The MLIR/LLVM imported targets carry no include paths; ours do, so that
  # consumers of the installed package compile against the same headers.
  target_include_directories(${name} SYSTEM PUBLIC ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  set_property(GLOBAL APPEND PROPERTY TRITON_LIBS ${name})
endfunction()

# add_triton_dialect_library: a library that holds TableGen'd dialect code.
function(add_triton_dialect_library name)
  add_triton_library(${name} ${ARGN})
endfunction()

# add_triton_tool(name SRCS... LINK_LIBS libs...)
function(add_triton_tool name)
  cmake_parse_arguments(ARG "" "" "LINK_LIBS" ${ARGN})
  add_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS} MLIR LLVM)
  set_property(GLOBAL APPEND PROPERTY TRITON_TOOLS ${name})
endfunction()

# triton_tablegen(ofn args...) with LLVM_TARGET_DEFINITIONS set, includes from the repo root.
function(triton_tablegen ofn)
  mlir_tablegen(${ofn} ${ARGN} "-I${PROJECT_SOURCE_DIR}")
  set(TABLEGEN_OUTPUT ${TABLEGEN_OUTPUT} PARENT_SCOPE)
endfunction()
