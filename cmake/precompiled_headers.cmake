# Precompiled headers. Most of a Qt-using file's compile time is parsing third-party headers: QtTest
# alone takes 5-6 s per file, and CI builds the tree twice (ci with gcc, asan with clang). Each group of targets
# whose flags agree parses them once: the tests of an area share a carrier target's PCH, ui/ and cli/
# have their own. A test or ui file then compiles in a fifth to a third less time. core/ has none
# with GCC: its files include little of Qt's size, and a PCH of the standard library and
# nlohmann_json made them no faster with -g1 and up to 40 % slower with -g (GCC loads a PCH whole,
# which costs more than the few headers each file parses); with clang, which reads only what a
# file uses, it has one (core/CMakeLists.txt). Only third-party headers go in, so editing the project's own headers rebuilds
# no PCH. A PCH hides a missing #include of these headers: configure with -DSHARDSCOPE_PCH=OFF (the
# bench preset does) to see one.
option(SHARDSCOPE_PCH "Precompile the third-party headers most files include" ON)

set(SHARDSCOPE_PCH_STD <algorithm> <array> <cmath> <cstddef> <cstdint> <functional> <limits> <map>
    <memory> <optional> <set> <span> <string> <string_view> <unordered_map> <utility> <variant> <vector>)
set(SHARDSCOPE_PCH_QTCORE ${SHARDSCOPE_PCH_STD} <nlohmann/json.hpp> <QCoreApplication> <QFile> <QFileInfo> <QList> <QLocale>
    <QObject> <QString> <QStringList>)
set(SHARDSCOPE_PCH_WIDGETS ${SHARDSCOPE_PCH_QTCORE} <QApplication> <QColor> <QComboBox> <QDoubleSpinBox>
    <QFont> <QFontMetricsF> <QHBoxLayout> <QImage> <QLabel> <QPainter> <QPushButton> <QRectF>
    <QSpinBox> <QVBoxLayout> <QWidget>)
set(SHARDSCOPE_PCH_TEST <QtTest> <QSignalSpy> <QTemporaryDir>)

# shardscope_precompile(<target> HEADERS <header>...): <target> precompiles these headers.
# shardscope_precompile(<target> LIKE <other>): <target> uses <other>'s PCH; both need the same
# compile options. -Winvalid-pch turns a PCH the compiler refuses (flags that differ) into a
# warning, an error in CI, rather than a silently slower build.
function(shardscope_precompile target)
  if(NOT SHARDSCOPE_PCH)
    return()
  endif()
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "LIKE" "HEADERS")
  if(arg_LIKE)
    target_precompile_headers(${target} REUSE_FROM ${arg_LIKE})
  else()
    target_precompile_headers(${target} PRIVATE ${arg_HEADERS})
  endif()
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    target_compile_options(${target} PRIVATE -Winvalid-pch)
    # GCC 12's middle-end warns inside libstdc++'s std::string copies for `std::string("a") + b` and
    # `v.push_back("literal")` (its known false positives, GCC bugs 105329 and 105651). Without a PCH
    # those warnings are dropped because they point into a system header; through a PCH the header is
    # no longer recognised as one and they surface (31 of them when core had a PCH, none about our own
    # code). They stay on for core (no PCH); the PCH targets' out-of-bounds accesses remain the
    # sanitizer suite's to catch.
    if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overflow -Wno-stringop-overread
                             -Wno-restrict)
    endif()
  endif()
endfunction()
