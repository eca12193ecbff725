# Embeds resources/targets.json into the core library as a raw string literal, so the CLI
# needs no resource files at run time. Generated at configure time; the JSON is a configure
# dependency, so editing it re-runs CMake and rebuilds the generated source.
set(_tl_targets_json "${PROJECT_SOURCE_DIR}/resources/targets.json")
set(TILELENS_TARGETS_CPP "${CMAKE_CURRENT_BINARY_DIR}/generated/targets_json.cpp")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_tl_targets_json}")
file(READ "${_tl_targets_json}" _tl_targets_text)
string(FIND "${_tl_targets_text}" ")tljson\"" _tl_delim)
if(NOT _tl_delim EQUAL -1)
  message(FATAL_ERROR "resources/targets.json contains the raw-string delimiter )tljson\"")
endif()
# file(CONFIGURE) rewrites the output only when its content changes.
file(CONFIGURE OUTPUT "${TILELENS_TARGETS_CPP}" @ONLY CONTENT [==[
// Generated from resources/targets.json by core/target/embed_targets.cmake; do not edit.
#include <string_view>

#include "core/target/target.h"

namespace tl {

std::string_view builtin_targets_json() {
    static constexpr std::string_view text = R"tljson(@_tl_targets_text@)tljson";
    return text;
}

}  // namespace tl
]==])
