# The repository stands on its own (issue 30): no tracked text refers to a path outside it (the
# project's shared folder beside the checkout, by default), and every relative link of README.md and
# docs/*.md resolves.
#   cmake -DROOT=<source dir> [-DOUTSIDE=<regex>] -P tests/repo/check_standalone.cmake
# Prints each offence as "file:line: what" and fails when there is one.
if(NOT ROOT)
  message(FATAL_ERROR "check_standalone.cmake: pass -DROOT=<the repository's folder>")
endif()
set(offences "")
file(GLOB_RECURSE texts LIST_DIRECTORIES false RELATIVE "${ROOT}"
  "${ROOT}/*.cpp" "${ROOT}/*.h" "${ROOT}/*.md" "${ROOT}/*.json" "${ROOT}/*.txt" "${ROOT}/*.cmake"
  "${ROOT}/*.sh" "${ROOT}/*.py" "${ROOT}/*.ts" "${ROOT}/*.toml" "${ROOT}/*.yaml" "${ROOT}/.ci/*")
list(FILTER texts EXCLUDE REGEX "^(build|\\.git)/")
if(NOT OUTSIDE)
  set(OUTSIDE "\\.\\./share[d]") # written so that the pattern does not match itself
endif()
foreach(f IN LISTS texts)
  file(STRINGS "${ROOT}/${f}" lines REGEX "${OUTSIDE}")
  foreach(line IN LISTS lines)
    string(SUBSTRING "${line}" 0 120 shown)
    string(REGEX REPLACE "[][;]" "_" shown "${shown}")
    list(APPEND offences "${f}: refers to a folder outside the repository: ${shown}")
  endforeach()
endforeach()
file(GLOB docs LIST_DIRECTORIES false RELATIVE "${ROOT}" "${ROOT}/README.md" "${ROOT}/docs/*.md" "${ROOT}/ui/README.md")
foreach(f IN LISTS docs)
  get_filename_component(dir "${ROOT}/${f}" DIRECTORY)
  file(READ "${ROOT}/${f}" content)
  # Square brackets and semicolons nest and split CMake lists: neither may reach one.
  string(REPLACE "[" "<" content "${content}")
  string(REPLACE "]" ">" content "${content}")
  string(REPLACE ";" "," content "${content}")
  string(REGEX MATCHALL ">\\([^) \t\n]+\\)" links "${content}")
  foreach(link IN LISTS links)
    string(REGEX REPLACE "^>\\(([^)#]*).*\\)$" "\\1" target "${link}")
    if(target STREQUAL "" OR target MATCHES "^(https?|mailto):")
      continue()
    endif()
    if(NOT EXISTS "${dir}/${target}")
      list(APPEND offences "${f}: link to ${target}, which is not in the repository")
    endif()
  endforeach()
endforeach()
if(offences)
  list(JOIN offences "\n" text)
  message(FATAL_ERROR "${text}")
endif()
message(STATUS "standalone: ${ROOT}")
