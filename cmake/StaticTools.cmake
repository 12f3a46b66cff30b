# Static twins of the tools, for machines without LLVM 22 (the GPU machine):
# `ninja static-tools` (or `make static-tools`) links triton-compile,
# triton-opt and triton-translate a second time, from the same objects of this
# build, as fully static executables (bin-static/<tool>-static), and packs
# them stripped, under their own names (bin/<tool>), into
# triton-tools-static.tar.xz (docs/CompileSpeed.md says how to carry and
# unpack it). Nothing of the ordinary build changes and nothing is compiled
# again but the tools' mains: a second build folder would compile every
# object anew (ccache keys them by absolute paths).
#
# Fully static, C library included: a partly static executable still needs
# the C library, C++ runtime and compression libraries of the machine it was
# linked on (Debian 12's glibc 2.36 and GCC 12's libstdc++), which another
# image may not have in those versions. Static, it needs only a Linux kernel,
# and starts without the dynamic loader. It cannot dlopen plugins (LLVM's
# -load options), which the compile path never does.

# Adds `<tool>-static` for each tool: the tool's sources and definitions,
# linked as triton_link_static links triton-run (../opt-tool/triton-run) plus
# -static. Called after every directory has been read (the libraries'
# dependencies must be known) and after triton_link_static is defined.
function(triton_add_static_tools)
  set(packed "")
  foreach(tool ${ARGN})
    get_target_property(dir ${tool} SOURCE_DIR)
    get_target_property(sources ${tool} SOURCES)
    get_target_property(libs ${tool} LINK_LIBRARIES)
    get_target_property(definitions ${tool} COMPILE_DEFINITIONS)
    set(absolute "")
    foreach(source ${sources})
      cmake_path(ABSOLUTE_PATH source BASE_DIRECTORY "${dir}")
      list(APPEND absolute "${source}")
    endforeach()
    set(twin ${tool}-static)
    add_executable(${twin} EXCLUDE_FROM_ALL ${absolute})
    # Named apart from the tool: with the same file name, Ninja's phony for
    # the tool's name (`ninja triton-compile`) would build the twin instead.
    set_target_properties(${twin} PROPERTIES
      RUNTIME_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/bin-static")
    if(definitions)
      target_compile_definitions(${twin} PRIVATE ${definitions})
    endif()
    list(REMOVE_ITEM libs MLIR LLVM)
    triton_link_static(${twin} ${libs})
    target_link_options(${twin} PRIVATE -static)
    list(APPEND packed ${tool})
  endforeach()

  set(stage "${PROJECT_BINARY_DIR}/static-stage")
  set(archive "${PROJECT_BINARY_DIR}/triton-tools-static.tar.xz")
  set(strip_commands "")
  foreach(tool ${packed})
    list(APPEND strip_commands COMMAND ${CMAKE_STRIP} --strip-all
      -o "${stage}/bin/${tool}" "$<TARGET_FILE:${tool}-static>")
  endforeach()
  list(TRANSFORM packed APPEND -static OUTPUT_VARIABLE twins)
  add_custom_command(OUTPUT "${archive}"
    COMMAND ${CMAKE_COMMAND} -E rm -rf "${stage}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${stage}/bin"
    ${strip_commands}
    # xz: a fraction of the stripped size, within the 64 MiB a device call
    # carries, and tar -xJf (or Python's tarfile) unpacks it anywhere.
    COMMAND ${CMAKE_COMMAND} -E chdir "${stage}"
            ${CMAKE_COMMAND} -E tar cJf "${archive}" bin
    DEPENDS ${twins}
    COMMENT "Packing the static tools into ${archive}"
    VERBATIM)
  add_custom_target(static-tools DEPENDS "${archive}")
endfunction()

triton_add_static_tools(triton-compile triton-opt triton-translate)
