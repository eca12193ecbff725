# What `cmake --install` puts under the prefix besides the two programs (their install(TARGETS)
# rules are in app/*/CMakeLists.txt). The programs find share/tilelens from their own bin/
# folder, so the layout below is fixed relative to the prefix.
# The project's public address, for the package's Homepage field; unset until it is published.
set(TILELENS_HOMEPAGE "" CACHE STRING "Homepage URL written into the package (empty: none)")
set(_tl_res "${PROJECT_SOURCE_DIR}/resources")
set(_tl_data "share/tilelens")

install(DIRECTORY "${_tl_res}/examples/" DESTINATION "${_tl_data}/examples")
install(DIRECTORY "${_tl_res}/lessons/" DESTINATION "${_tl_data}/lessons")
install(FILES "${_tl_res}/targets.json" DESTINATION "${_tl_data}")
# The numpy stand-ins for jax and Pallas that kernel files run on (core/pyrun/python_env.h).
install(DIRECTORY "${_tl_res}/python/" DESTINATION "${_tl_data}/python"
        PATTERN __pycache__ EXCLUDE PATTERN "*.pyc" EXCLUDE)

# Bash completion: the --target values come from the profiles, so they cannot drift.
file(READ "${_tl_res}/targets.json" _tl_targets_text)
string(JSON _tl_count LENGTH "${_tl_targets_text}" targets)
set(TILELENS_TARGET_IDS "")
math(EXPR _tl_last "${_tl_count} - 1")
foreach(i RANGE ${_tl_last})
  string(JSON _tl_id GET "${_tl_targets_text}" targets ${i} id)
  list(APPEND TILELENS_TARGET_IDS "${_tl_id}")
endforeach()
list(JOIN TILELENS_TARGET_IDS " " TILELENS_TARGET_IDS)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_tl_res}/targets.json")
set(TILELENS_COMPLETION "${PROJECT_BINARY_DIR}/packaging/tilelens-audit.bash")
configure_file("${_tl_res}/completion/tilelens-audit.bash.in" "${TILELENS_COMPLETION}" @ONLY)
install(FILES "${TILELENS_COMPLETION}" DESTINATION share/bash-completion/completions
        RENAME tilelens-audit)

set(TILELENS_MAN_PAGES "")
foreach(page tilelens-audit tilelens)
  if(page STREQUAL "tilelens" AND NOT TILELENS_GUI)
    continue()
  endif()
  configure_file("${_tl_res}/man/${page}.1.in" "${PROJECT_BINARY_DIR}/packaging/${page}.1" @ONLY)
  list(APPEND TILELENS_MAN_PAGES "${PROJECT_BINARY_DIR}/packaging/${page}.1")
endforeach()
install(FILES ${TILELENS_MAN_PAGES} DESTINATION share/man/man1)

if(TILELENS_GUI)
  install(FILES "${_tl_res}/io.github.tilelens.TileLens.desktop" DESTINATION share/applications)
  install(FILES "${_tl_res}/io.github.tilelens.TileLens.metainfo.xml" DESTINATION share/metainfo)
  install(FILES "${_tl_res}/icons/tilelens.svg" DESTINATION share/icons/hicolor/scalable/apps
          RENAME io.github.tilelens.TileLens.svg)
  # The *.tilelens.json file type, named in the desktop file's MimeType.
  install(FILES "${_tl_res}/mime/io.github.tilelens.TileLens.xml" DESTINATION share/mime/packages)
endif()
