# Warning flags for Orrery's own targets (third-party headers are included as SYSTEM).
add_library(orrery_warnings INTERFACE)
target_compile_options(orrery_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow=local -Wnon-virtual-dtor)
if(ORRERY_WERROR)
  target_compile_options(orrery_warnings INTERFACE -Werror)
endif()
