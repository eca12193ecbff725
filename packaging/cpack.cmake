# Debian package of the GUI and the audit tool, from a `portable` build (README, "Install").
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "tilelens")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "TileLens maintainers")
set(CPACK_PACKAGE_CONTACT "TileLens maintainers <tilelens@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "See and check Pallas-style tiled kernels")
if(TILELENS_HOMEPAGE)
  set(CPACK_PACKAGE_HOMEPAGE_URL "${TILELENS_HOMEPAGE}")
  endif()
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
# The long description, unindented: CPack puts the summary first, indents each line by one
# space and turns the empty line into dpkg's " ." paragraph break.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "TileLens shows, for every program of a Pallas-style tiled kernel's grid, the
block of each operand it reads or writes, the padding read past the edge and
the writes dropped there. It checks coverage, revisits, races and
out-of-bounds blocks over the whole grid and rejects layouts, dtypes and
memory budgets the target cannot run.

The package holds the window (tilelens), the terminal and CI checker
(tilelens-audit), the example specs and the Python stand-ins that run kernel
files.")
# The libraries the programs link (Qt, zlib, ...) are found by dpkg-shlibdeps; Python and
# numpy run only a spec's kernel file, and a font only draws exported images.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "python3, python3-numpy, fonts-dejavu-core")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
include(CPack)
