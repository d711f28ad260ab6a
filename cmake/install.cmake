# `cmake --install BUILD --prefix PREFIX`: lawcheck's headers, libraries and CMake package, so that
# a project with a law of its own writes
#     find_package(lawcheck CONFIG REQUIRED)
#     target_link_libraries(my_law_tests PRIVATE lawcheck::properties)
# and gets the kit, the solver and the flags lawcheck was built with (cmake/build_flags.cmake).
# Layout: include/lawcheck/{solver,properties,reports}/... keep the include roots of the tree
# ("laws/contact_law.hpp", "law_subject.hpp", "cli/law_registry.hpp"); include/lawcheck holds
# oracles/ and bridge/ ("oracles/stiffness.hpp").
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(lawcheck_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/lawcheck)
set(lawcheck_exported lawcheck_build_flags lawcheck_solver lawcheck_oracles lawcheck_bridge lawcheck_properties
    lawcheck_reports)
set_target_properties(lawcheck_build_flags PROPERTIES EXPORT_NAME build_flags)
set_target_properties(lawcheck_solver PROPERTIES EXPORT_NAME solver)
set_target_properties(lawcheck_oracles PROPERTIES EXPORT_NAME oracles)
set_target_properties(lawcheck_bridge PROPERTIES EXPORT_NAME bridge)
set_target_properties(lawcheck_properties PROPERTIES EXPORT_NAME properties)
set_target_properties(lawcheck_reports PROPERTIES EXPORT_NAME reports)
foreach(extra IN ITEMS lawcheck_cli lawcheck_benchmark_kit)
  if(TARGET ${extra})
    list(APPEND lawcheck_exported ${extra})
  endif()
endforeach()
if(TARGET lawcheck_cli)
  set_target_properties(lawcheck_cli PROPERTIES EXPORT_NAME cli)
endif()
if(TARGET lawcheck_benchmark_kit)
  set_target_properties(lawcheck_benchmark_kit PROPERTIES EXPORT_NAME benchmarks)
endif()

install(TARGETS ${lawcheck_exported} EXPORT lawcheckTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT lawcheckTargets NAMESPACE lawcheck:: DESTINATION ${lawcheck_cmake_dir})

set(lawcheck_include ${CMAKE_INSTALL_INCLUDEDIR}/lawcheck)
foreach(dir IN ITEMS core geometry physics laws dynamics tester)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/solver/${dir} DESTINATION ${lawcheck_include}/solver
          FILES_MATCHING PATTERN "*.hpp")
endforeach()
install(FILES ${lawcheck_generated_include}/core/build_config.hpp DESTINATION ${lawcheck_include}/solver/core)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/oracles DESTINATION ${lawcheck_include} FILES_MATCHING PATTERN "*.hpp"
        PATTERN tests EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/bridge DESTINATION ${lawcheck_include} FILES_MATCHING PATTERN "*.hpp")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/properties/ DESTINATION ${lawcheck_include}/properties
        FILES_MATCHING PATTERN "*.hpp")
foreach(dir IN ITEMS cli claims render study)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/reports/${dir} DESTINATION ${lawcheck_include}/reports
          FILES_MATCHING PATTERN "*.hpp" PATTERN tests EXCLUDE)
endforeach()
if(TARGET lawcheck_benchmark_kit)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/benchmarks/ DESTINATION ${lawcheck_include}/benchmarks
          FILES_MATCHING PATTERN "*.hpp" PATTERN tests EXCLUDE PATTERN lammps EXCLUDE)
endif()

# The helpers a user's CMakeLists calls, and the law-dependent commands lawcheck_add_cli compiles.
install(FILES ${PROJECT_SOURCE_DIR}/cmake/lawcheck_property_test.cmake ${PROJECT_SOURCE_DIR}/cmake/lawcheck_cli.cmake
        DESTINATION ${lawcheck_cmake_dir})
install(FILES ${LAWCHECK_CLI_LAW_SOURCES} DESTINATION ${CMAKE_INSTALL_DATADIR}/lawcheck/cli)
if(TARGET lawcheck_benchmark_kit)
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/lawcheck_benchmarks.cmake DESTINATION ${lawcheck_cmake_dir})
  install(PROGRAMS ${PROJECT_SOURCE_DIR}/benchmarks/smoke_run.py ${PROJECT_SOURCE_DIR}/benchmarks/law_bench.py
          ${PROJECT_SOURCE_DIR}/benchmarks/regression_gate.py DESTINATION ${CMAKE_INSTALL_DATADIR}/lawcheck/benchmarks)
endif()

set(LAWCHECK_CONFIG_CLI_DIR ${CMAKE_INSTALL_DATADIR}/lawcheck/cli)
# The installed copies of the law-dependent command sources, by the same list the build uses
# (reports/CMakeLists.txt), so that a command added there is compiled into a user's program too.
set(LAWCHECK_CONFIG_CLI_SOURCES "")
foreach(source IN LISTS LAWCHECK_CLI_LAW_SOURCES)
  get_filename_component(name ${source} NAME)
  string(APPEND LAWCHECK_CONFIG_CLI_SOURCES " \${lawcheck_cli_dir}/${name}")
endforeach()
set(LAWCHECK_CONFIG_NATIVE ${LAWCHECK_NATIVE})
set(LAWCHECK_CONFIG_MARCH "${LAWCHECK_MARCH}")
set(LAWCHECK_CONFIG_OPENMP ${OpenMP_CXX_FOUND})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/lawcheckConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/lawcheckConfig.cmake INSTALL_DESTINATION ${lawcheck_cmake_dir}
  PATH_VARS LAWCHECK_CONFIG_CLI_DIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/lawcheckConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/lawcheckConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/lawcheckConfigVersion.cmake
        DESTINATION ${lawcheck_cmake_dir})

# The installed package holds no path of this machine's build or source tree, and a user's project
# with no build type builds Release (cmake/tests/installed_package_test.sh). Not under the
# sanitizers: their instrumentation records source paths by design, and that build is not installed.
if(LAWCHECK_BUILD_TESTING AND NOT LAWCHECK_SANITIZE)
  add_test(NAME Package.InstalledFilesHoldNoBuildPathAndTheExampleDefaultsToRelease
           COMMAND sh ${PROJECT_SOURCE_DIR}/cmake/tests/installed_package_test.sh ${PROJECT_BINARY_DIR} ${PROJECT_SOURCE_DIR})
  set_tests_properties(Package.InstalledFilesHoldNoBuildPathAndTheExampleDefaultsToRelease
                       PROPERTIES LABELS package TIMEOUT 300)
endif()
