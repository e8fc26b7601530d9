# Fails when a source of FILES includes a header under a forbidden folder: the layering of the
# application (docs/architecture.md §1, "Link rules and how they are enforced", rule 9).
# Run by orrery_forbid_includes (cmake/OrreryLayering.cmake) at build time, so an include added
# to an existing file is caught by the next build, not only by the next configure.
#   -DFILES=a.cpp|b.h  -DFORBIDDEN=cli|gui  -DLAYER=app/gui  -DSTAMP=path
string(REPLACE "|" ";" FILES "${FILES}")
string(REPLACE "|" ";" FORBIDDEN "${FORBIDDEN}")
set(violations "")
foreach(file IN LISTS FILES)
  file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(line IN LISTS lines)
    foreach(folder IN LISTS FORBIDDEN)
      if(line MATCHES "#[ \t]*include[ \t]*\"${folder}/")
        string(STRIP "${line}" line)
        string(APPEND violations "\n  ${file}: ${line}")
      endif()
    endforeach()
  endforeach()
endforeach()
if(violations)
  string(REPLACE ";" ", " forbidden_text "${FORBIDDEN}")
  message(FATAL_ERROR "${LAYER} may not include headers of ${forbidden_text} (docs/architecture.md §1):${violations}")
endif()
file(WRITE "${STAMP}" "")
