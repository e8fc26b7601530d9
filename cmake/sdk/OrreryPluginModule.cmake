# orrery_configure_plugin_module(<target>): what makes a MODULE library an Orrery policy plugin,
# shared by the in-tree plugins (cmake/OrreryPlugin.cmake) and by plugins built against an
# installed Orrery (orrery_add_policy_plugin in OrreryPolicyPlugin.cmake; docs/writing-a-policy.md):
#  - ORRERY_PLUGIN_MODULE is defined, so ORRERY_PLUGIN_ENTRY (policy/plugin_export.h) defines
#    the exported `orrery_plugin` entry point;
#  - hidden visibility and a version script make `orrery_plugin` the only exported symbol, so the
#    copy of the policy API inside each plugin stays private to it;
#  - --no-undefined: a missing symbol fails the link, not the `dlopen` on a user's machine;
#  - the file is named liborrery_<id>.so, the pattern the host's registry loads.
function(orrery_configure_plugin_module target id)
  set(script ${CMAKE_CURRENT_BINARY_DIR}/orrery_plugin_${id}.map)
  file(CONFIGURE OUTPUT ${script} CONTENT "{\n  global: orrery_plugin;\n  local: *;\n};\n")
  target_compile_definitions(${target} PRIVATE ORRERY_PLUGIN_MODULE)
  target_link_options(${target} PRIVATE -Wl,--version-script=${script} -Wl,--no-undefined)
  set_target_properties(${target} PROPERTIES
    PREFIX "lib"
    OUTPUT_NAME orrery_${id}
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LINK_DEPENDS ${script})
endfunction()

# orrery_check_plugin_id(<caller> <id>): a plugin id is the descriptor's id, the name scenarios and
# experiments use and part of the file name, so it is [a-z0-9][a-z0-9-]* (policy/plugin_descriptor_check.h).
function(orrery_check_plugin_id caller id)
  if(NOT id MATCHES "^[a-z0-9][a-z0-9-]*$")
    message(FATAL_ERROR "${caller}: id '${id}' must match [a-z0-9][a-z0-9-]* (the descriptor's id)")
  endif()
endfunction()
