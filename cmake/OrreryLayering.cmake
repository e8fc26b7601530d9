# orrery_forbid_includes(TARGET t FOLDER dir FORBIDDEN f1 f2 ...): every build of `t` first checks
# that no source or header in `dir` (and its subfolders) includes "f1/…", "f2/…" (cmake/CheckIncludes.cmake). The
# link graph keeps core's layers apart; above core every folder of app/ shares one include root,
# so this check is what keeps the window off the command line (docs/architecture.md §1).
function(orrery_forbid_includes)
  cmake_parse_arguments(arg "" "TARGET;FOLDER" "FORBIDDEN" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${arg_FOLDER}/*.cpp ${arg_FOLDER}/*.h)
  file(RELATIVE_PATH layer ${CMAKE_SOURCE_DIR} ${arg_FOLDER})
  string(MAKE_C_IDENTIFIER "${layer}" layer_id)
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/${layer_id}_includes.stamp)
  # Lists travel as "|"-separated text: a ";" would split the argument.
  string(REPLACE ";" "|" files_arg "${sources}")
  string(REPLACE ";" "|" forbidden_arg "${arg_FORBIDDEN}")
  add_custom_command(OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DFILES=${files_arg} -DFORBIDDEN=${forbidden_arg} -DLAYER=${layer}
            -DSTAMP=${stamp} -P ${CMAKE_SOURCE_DIR}/cmake/CheckIncludes.cmake
    DEPENDS ${sources} ${CMAKE_SOURCE_DIR}/cmake/CheckIncludes.cmake
    COMMENT "Checking the includes of ${layer}"
    VERBATIM)
  add_custom_target(${layer_id}_layering DEPENDS ${stamp})
  add_dependencies(${arg_TARGET} ${layer_id}_layering)
endfunction()
