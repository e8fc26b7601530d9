# orrery_add_policy_plugin(<id> SOURCES <files...> [LIBS <targets...>] [DESTINATION <dir>])
#
# Builds a policy plugin against an installed Orrery: a MODULE library liborrery_<id>.so linking
# Orrery::PolicyApi, with `orrery_plugin` as its only exported symbol (OrreryPluginModule.cmake).
# The sources define the descriptor and invoke ORRERY_PLUGIN_ENTRY (policy/plugin_export.h); <id>
# must be the descriptor's id. `cmake --install` puts it in DESTINATION, by default the cache
# variable ORRERY_POLICY_PLUGIN_DESTINATION: lib/orrery/plugins under the install prefix, which an
# Orrery installed under that same prefix searches. With --prefix ~/.local and the destination
# share/orrery/plugins, it lands in the user's plugin folder, which every Orrery searches
# (docs/writing-a-policy.md); any other folder can be named in ORRERY_PLUGIN_PATH.
set(ORRERY_POLICY_PLUGIN_DESTINATION lib/orrery/plugins CACHE STRING
    "Where orrery_add_policy_plugin installs plugins, relative to the install prefix (or absolute)")

function(orrery_add_policy_plugin id)
  cmake_parse_arguments(P "" "DESTINATION" "SOURCES;LIBS" ${ARGN})
  orrery_check_plugin_id(orrery_add_policy_plugin ${id})
  if(NOT P_SOURCES)
    message(FATAL_ERROR "orrery_add_policy_plugin(${id}): SOURCES is required")
  endif()
  if(NOT P_DESTINATION)
    set(P_DESTINATION ${ORRERY_POLICY_PLUGIN_DESTINATION})
  endif()
  set(target orrery_${id})
  add_library(${target} MODULE ${P_SOURCES})
  target_link_libraries(${target} PRIVATE Orrery::PolicyApi ${P_LIBS})
  target_compile_features(${target} PRIVATE cxx_std_20)
  orrery_configure_plugin_module(${target} ${id})
  install(TARGETS ${target} LIBRARY DESTINATION ${P_DESTINATION})
endfunction()
