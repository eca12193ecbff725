# Writes OUTPUT, a C++ source whose function NAMESPACE::FUNCTION() returns the bytes of INPUT:
# the Python parts of the benchmark script live in .py files that Python tools can check, and
# reach the binary unchanged.
file(READ "${INPUT}" text)
set(delimiter "TLTEXT")
string(FIND "${text}" ")${delimiter}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains )${delimiter}\" and cannot be embedded as is")
endif()
file(WRITE "${OUTPUT}.tmp"
  "// Generated from ${INPUT} by embed_text.cmake; edit that file instead.\n"
  "#include <string_view>\n\n"
  "namespace ${NAMESPACE} {\n\n"
  "std::string_view ${FUNCTION}() {\n"
  "    return R\"${delimiter}(${text})${delimiter}\";\n"
  "}\n\n"
  "}  // namespace ${NAMESPACE}\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
