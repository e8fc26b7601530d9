# cmake -DORRERY=<orrery executable> -DOUTPUT=<dir>/orrery.1.gz -P GenerateManPage.cmake
# Writes the manual page `orrery help --man` prints (app/cli/command_help.cpp), gzip-compressed
# without a name or time stamp (-n) so the same sources give the same bytes.
get_filename_component(dir ${OUTPUT} DIRECTORY)
get_filename_component(name ${OUTPUT} NAME_WLE)
execute_process(COMMAND ${ORRERY} help --man OUTPUT_FILE ${dir}/${name} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "${ORRERY} help --man failed: ${result}")
endif()
execute_process(COMMAND gzip -9 -n -f ${dir}/${name} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "gzip ${dir}/${name} failed: ${result}")
endif()
