# SPDX-License-Identifier: GPL-3.0-or-later
# Desktop integration files and the Debian package (cpack -G DEB), included by the top-level
# CMakeLists.txt after the targets exist. The programs' install rules are in cli/ (shardscope) and app/ (shardscope-gui).
#
#   cmake --build build/ci && cd build/ci && cpack -G DEB    # -> shardscope_<version>_<arch>.deb
#
# Reverse-DNS id org.shardscope.ShardScope: the .desktop and metainfo file names, the icon
# name, and QApplication::setDesktopFileName in app/main.cpp all use it.

set(SHARDSCOPE_APP_ID "org.shardscope.ShardScope")
set(_pkg "${CMAKE_CURRENT_LIST_DIR}")

install(FILES "${_pkg}/${SHARDSCOPE_APP_ID}.desktop" DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
install(FILES "${_pkg}/${SHARDSCOPE_APP_ID}.metainfo.xml" DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")
# Session files (*.shardscope), named in the .desktop MimeType key.
install(FILES "${_pkg}/${SHARDSCOPE_APP_ID}.mime.xml" DESTINATION "${CMAKE_INSTALL_DATADIR}/mime/packages"
        RENAME "${SHARDSCOPE_APP_ID}.xml")
install(FILES "${PROJECT_SOURCE_DIR}/resources/icons/${SHARDSCOPE_APP_ID}.svg"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")
# PNGs rendered once from the SVG by packaging/render_icons.cpp and committed.
foreach(size IN ITEMS 16 32 48 64 128 256)
  install(FILES "${PROJECT_SOURCE_DIR}/resources/icons/hicolor/${size}x${size}/apps/${SHARDSCOPE_APP_ID}.png"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps")
endforeach()
# Debian keeps documentation in /usr/share/doc/<package>, not the CMake default <Project>.
set(SHARDSCOPE_DOC_DIR "${CMAKE_INSTALL_DATADIR}/doc/shardscope")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" "${_pkg}/copyright" DESTINATION "${SHARDSCOPE_DOC_DIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${SHARDSCOPE_DOC_DIR}/docs"
        FILES_MATCHING PATTERN "*.md")

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "shardscope")
set(CPACK_PACKAGE_VENDOR "ShardScope contributors")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/shardscope/shardscope")
# Placeholder address until the project has a public maintainer list.
set(CPACK_PACKAGE_CONTACT "ShardScope maintainers <maintainers@shardscope.org>")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

set(CPACK_DEBIAN_PACKAGE_NAME "shardscope")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # shardscope_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_SECTION "science")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
# First line: the summary; the rest: the extended description (CPackDeb formats it).
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "${PROJECT_DESCRIPTION}\n"
    "ShardScope searches tensor-, pipeline- and data-parallel degrees, ZeRO stage, "
    "micro-batch size, activation recomputation, sequence parallelism and pipeline schedule "
    "for a model on a GPU cluster, and predicts memory per GPU, step time, pipeline bubble, "
    "communication and MFU for each plan from published cost formulas. It has a desktop "
    "planner and a command line, and exports launch settings for Megatron-LM, DeepSpeed "
    "and torchtitan.")
string(JOIN "" CPACK_DEBIAN_PACKAGE_DESCRIPTION ${CPACK_DEBIAN_PACKAGE_DESCRIPTION})
# Depends from dpkg-shlibdeps (package dpkg-dev, in packaging/build-deps.txt).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)

set(CPACK_SOURCE_GENERATOR "TGZ")
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build/")

include(CPack)
