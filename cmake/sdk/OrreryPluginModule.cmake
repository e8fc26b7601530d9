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
