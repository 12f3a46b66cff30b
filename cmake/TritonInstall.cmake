# Install rules: headers (with the TableGen'd .inc files), the libraries, the
# three tools and a CMake package, so that `find_package(TritonIR CONFIG)` gives
# imported targets TritonIR::<library>.
include(CMakePackageConfigHelpers)

get_property(_triton_libs GLOBAL PROPERTY TRITON_LIBS)
get_property(_triton_tools GLOBAL PROPERTY TRITON_TOOLS)

install(TARGETS ${_triton_libs} EXPORT TritonIRTargets
        ARCHIVE DESTINATION lib LIBRARY DESTINATION lib)
install(TARGETS ${_triton_tools} RUNTIME DESTINATION bin)

foreach(dir dialects passes translate interpreter)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir} DESTINATION include
          FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
  install(DIRECTORY ${PROJECT_BINARY_DIR}/${dir} DESTINATION include
          FILES_MATCHING PATTERN "*.inc" PATTERN "CMakeFiles" EXCLUDE)
endforeach()

install(EXPORT TritonIRTargets NAMESPACE TritonIR:: DESTINATION lib/cmake/TritonIR)
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/TritonIRConfig.cmake.in
  ${PROJECT_BINARY_DIR}/TritonIRConfig.cmake
  INSTALL_DESTINATION lib/cmake/TritonIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/TritonIRConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/TritonIRConfig.cmake
              ${PROJECT_BINARY_DIR}/TritonIRConfigVersion.cmake
        DESTINATION lib/cmake/TritonIR)
