# cmake -DINPUT=<file> -DOUTPUT=<file.cpp> -DSYMBOL=<function name> [-DNAMESPACE=<ns>] -P EmbedText.cmake
# Writes a C++ source defining `std::string_view NAMESPACE::SYMBOL()` (default namespace
# orrery::app) returning the file's bytes, so a resource ships inside the binary without Qt's
# resource system (the CLI and core build without Qt).
if(NOT NAMESPACE)
  set(NAMESPACE "orrery::app")
endif()
file(READ "${INPUT}" content HEX)
string(LENGTH "${content}" hexLength)
math(EXPR byteCount "${hexLength} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${content}")
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT} by cmake/EmbedText.cmake; do not edit.\n"
  "#include <string_view>\n"
  "namespace ${NAMESPACE} {\n"
  "static const char kBytes[] = {${bytes} '\\0'};\n"
  "std::string_view ${SYMBOL}() { return {kBytes, ${byteCount}}; }\n"
  "} // namespace ${NAMESPACE}\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
