# Debian package of the GUI and the audit tool.
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "tilelens")
set(CPACK_PACKAGE_CONTACT "TileLens maintainers <tilelens@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "See and check Pallas-style tiled kernels")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
include(CPack)
