# orrery_add_test(<name> SOURCES <files...> LIBS <targets...> LABELS <labels...> [GUI])
# One Qt Test executable per suite, registered with ctest under its labels.
function(orrery_add_test name)
  cmake_parse_arguments(T "GUI" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${name} ${T_SOURCES})
  target_link_libraries(${name} PRIVATE Qt6::Test ${T_LIBS} orrery_warnings)
  # tests/support: helpers every suite may use (diagnostic_expectation.h).
  target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR}/tests/support)
  target_compile_definitions(${name} PRIVATE
    ORRERY_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    ORRERY_FIXTURE_DIR="${CMAKE_SOURCE_DIR}/tests/fixtures"
    ORRERY_BIN_DIR="${CMAKE_BINARY_DIR}/bin")
  set_target_properties(${name} PROPERTIES AUTOMOC ON RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  add_test(NAME ${name} COMMAND ${name})
  if(NOT T_LABELS)
    set(T_LABELS unit)
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  set(env "QT_QPA_PLATFORM=offscreen")
  set_tests_properties(${name} PROPERTIES LABELS "${T_LABELS}" TIMEOUT ${T_TIMEOUT} ENVIRONMENT "${env}")
endfunction()

# orrery_add_benchmark(<area> SOURCES <files...> LIBS <targets...>)
# Benchmarks are executables named bench_<area>; they print "<figure> <value> <unit>" lines
# and are never registered as pass/fail tests.
function(orrery_add_benchmark area)
  cmake_parse_arguments(B "" "" "SOURCES;LIBS" ${ARGN})
  add_executable(bench_${area} ${B_SOURCES})
  target_link_libraries(bench_${area} PRIVATE ${B_LIBS} orrery_warnings)
  set_target_properties(bench_${area} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bench)
endfunction()
