# tilelens --help and --version with no display at all (no DISPLAY, no WAYLAND_DISPLAY, no
# QT_QPA_PLATFORM): each must print what it is asked for and exit 0, not abort.
# Run as: cmake -DTILELENS=<program> -DVERSION=<x.y.z> -P check_help_without_display.cmake
foreach(flag --help --version)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY
            --unset=QT_QPA_PLATFORM ${TILELENS} ${flag}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 20)
  if(NOT rc STREQUAL "0")
    message(FATAL_ERROR "tilelens ${flag} without a display: exit ${rc}\n${out}\n${err}")
  endif()
  if(flag STREQUAL "--help")
    foreach(expected "Usage:" "--screenshot <FILE>" "--limit <NAME=VALUE>" "--version")
      string(FIND "${out}" "${expected}" at)
      if(at EQUAL -1)
        message(FATAL_ERROR "tilelens --help does not list '${expected}':\n${out}\n${err}")
      endif()
    endforeach()
  elseif(NOT out STREQUAL "TileLens ${VERSION}\n")
    message(FATAL_ERROR "tilelens --version printed '${out}', not 'TileLens ${VERSION}'\n${err}")
  endif()
endforeach()
