# Install rules and the Debian package: `cmake --install build --prefix DIR`, or `cpack -G DEB`
# in build/ (scripts/package builds the package and checks it).
#
# What the program loads at run time is embedded, so the installed binary needs no data directory
# of its own: the lessons and the window icon through resources/resources.qrc, the compiled
# translations under :/i18n (app/CMakeLists.txt). Qt's own translations come from Qt's
# directory (QLibraryInfo), as for any Qt program. What is installed besides the binary is for
# the desktop: a launcher entry, the icon, AppStream metadata, and the lessons and examples as
# files a user can open (double-clicking a .py offers StrideScope through the entry's MimeType).
include(GNUInstallDirs)

set(STRIDESCOPE_HOMEPAGE_URL "https://github.com/stridescope/stridescope"
    CACHE STRING "The project's web page (AppStream metadata, the Debian package's Homepage)")
set(STRIDESCOPE_SCREENSHOT_URL
    "https://raw.githubusercontent.com/stridescope/stridescope/main/docs/images/window.png"
    CACHE STRING "Where docs/images/window.png is published (AppStream screenshot)")
set(STRIDESCOPE_RELEASE_DATE "2026-12-01" CACHE STRING "Date of this version's release (AppStream), YYYY-MM-DD")
set(STRIDESCOPE_PACKAGE_MAINTAINER "The StrideScope developers <stridescope@example.org>"
    CACHE STRING "The Debian package's Maintainer field (set it to whoever publishes the package)")

set(STRIDESCOPE_DESKTOP_DIR ${PROJECT_SOURCE_DIR}/resources/desktop)
set(STRIDESCOPE_APPSTREAM_ID io.github.stridescope.StrideScope)

# ---- the program ------------------------------------------------------------------------------
install(TARGETS stridescope RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# ---- desktop entry, AppStream metadata ----------------------------------------------------------
# The entry's file name is the desktop file name the window announces
# (QGuiApplication::setDesktopFileName("stridescope") in MainWindowLauncher.cpp), so a Wayland
# compositor matches the running window to its entry and icon.
install(FILES ${STRIDESCOPE_DESKTOP_DIR}/stridescope.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
configure_file(${STRIDESCOPE_DESKTOP_DIR}/${STRIDESCOPE_APPSTREAM_ID}.metainfo.xml.in
               ${PROJECT_BINARY_DIR}/desktop/${STRIDESCOPE_APPSTREAM_ID}.metainfo.xml @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/desktop/${STRIDESCOPE_APPSTREAM_ID}.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)

# ---- the icon: the SVG, and PNGs rendered from it by the build -----------------------------------
set(STRIDESCOPE_ICON_SVG ${PROJECT_SOURCE_DIR}/resources/icons/stridescope.svg)
set(STRIDESCOPE_ICON_SIZES 16 22 24 32 48 64 128 256 512)
install(FILES ${STRIDESCOPE_ICON_SVG} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

add_executable(stridescope_icon_png ${STRIDESCOPE_DESKTOP_DIR}/IconPng.cpp)
target_link_libraries(stridescope_icon_png PRIVATE Qt6::Svg Qt6::Gui)
target_compile_definitions(stridescope_icon_png PRIVATE QT_NO_CAST_FROM_ASCII)
stridescope_set_warnings(stridescope_icon_png)

set(STRIDESCOPE_ICON_PNGS)
foreach(size IN LISTS STRIDESCOPE_ICON_SIZES)
    set(png ${PROJECT_BINARY_DIR}/icons/hicolor/${size}x${size}/apps/stridescope.png)
    add_custom_command(OUTPUT ${png}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/icons/hicolor/${size}x${size}/apps
        # A sanitizer build (scripts/test-sanitizers) builds this tool with ASan too: leaks of a
        # tool that exits at once are not the suite's business.
        COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
                $<TARGET_FILE:stridescope_icon_png> ${STRIDESCOPE_ICON_SVG} ${size} ${png}
        DEPENDS stridescope_icon_png ${STRIDESCOPE_ICON_SVG}
        COMMENT "Rendering the ${size}x${size} icon" VERBATIM)
    list(APPEND STRIDESCOPE_ICON_PNGS ${png})
    install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
endforeach()
add_custom_target(stridescope_icons ALL DEPENDS ${STRIDESCOPE_ICON_PNGS})

# ---- lessons and examples, as files ----------------------------------------------------------
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/lessons/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/stridescope/lessons FILES_MATCHING PATTERN "*.py")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/examples/
        DESTINATION ${CMAKE_INSTALL_DATADIR}/stridescope/examples FILES_MATCHING PATTERN "*.py")

# ---- the Debian package: cpack -G DEB ------------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME stridescope)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The StrideScope developers")
set(CPACK_PACKAGE_CONTACT ${STRIDESCOPE_PACKAGE_MAINTAINER})
set(CPACK_PACKAGE_HOMEPAGE_URL ${STRIDESCOPE_HOMEPAGE_URL})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "shows how a PyTorch tensor sits in memory")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# RelWithDebInfo carries ~50 MB of debug information; the package ships the stripped binary.
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # stridescope_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${STRIDESCOPE_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${STRIDESCOPE_HOMEPAGE_URL})
# Debian's long description (the synopsis line is CPACK_PACKAGE_DESCRIPTION_SUMMARY); CPack
# indents each line, "." is an empty line between paragraphs.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "StrideScope is a Qt desktop program for teaching and exploring tensor layout:
the one-dimensional storage behind a PyTorch tensor, its strides as arrows,
its storage offset, which cells a view touches and in what order, and what
the CPU or a CUDA GPU achieves when it reads that view. Shapes, strides,
view-or-copy decisions and error messages follow PyTorch 1.13.
.
It comes with thirteen lessons (in English and Chinese), exports diagrams as
PNG, SVG, PDF, TikZ and animated GIF, prints lesson handouts, and runs
scripts headless (stridescope eval --json prints one strict JSON line per
tensor). PyTorch itself is not needed.")
# The Depends line from the libraries the binary links (Qt 6, QCustomPlot, libstdc++, ...).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Wayland without XWayland needs Qt's Wayland plugin; Qt's own dialogs in Chinese need its
# translations. Neither is linked, so dpkg-shlibdeps cannot know them.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "qt6-translations-l10n")

include(CPack)
