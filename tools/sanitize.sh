#!/usr/bin/env bash
# Sanitizer pass (issue 22 item 3; docs/reliability.md): builds the core, the plugins, the CLI and
# the test suites with GCC under AddressSanitizer + UndefinedBehaviorSanitizer into build-asan/
# (GUI and LibTorch off: Qt's widgets and LibTorch are not instrumented and would only add time)
# and runs the tests of one ctest label there. .ci/run calls it after the normal test pass.
#
#   tools/sanitize.sh [--label L] [--jobs J]
#
#   --label L   the ctest label to run (default: unit; "all" runs every test built)
#   --jobs J    build and test jobs (default: all cores)
#
# Any sanitizer report fails the test that triggered it: UBSan halts on the first finding
# (-fno-sanitize-recover), ASan aborts on the first error. The crash inputs that the fuzzers
# found are replayed by the unit suites (their fuzzRegressions tests), so they run here too.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

label=unit
jobs="$(nproc)"
while (($#)); do
  case "$1" in
    --label) label="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "sanitize.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

say() { printf '[sanitize.sh] %s\n' "$*" >&2; }

build=build-asan
sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
flags="-O1 -g1 -fno-omit-frame-pointer $sanitizers"
settings="flags=$flags python=off"
export CCACHE_BASEDIR="$PWD"
if [[ ! -f $build/build.ninja || "$(cat $build/.orrery-settings 2>/dev/null)" != "$settings" ]]; then
  say "configuring $build/ (GCC, ASan+UBSan, GUI, Torch and Python off)"
  # Warnings are checked by the normal build; -O1 with sanitizers gives GCC 12 false positives.
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None \
    "-DCMAKE_C_FLAGS=$flags" "-DCMAKE_CXX_FLAGS=$flags" \
    "-DCMAKE_EXE_LINKER_FLAGS=$sanitizers" "-DCMAKE_SHARED_LINKER_FLAGS=$sanitizers" \
    -DORRERY_BUILD_GUI=OFF -DORRERY_WITH_TORCH=OFF -DORRERY_BUILD_PYTHON=OFF -DORRERY_WERROR=OFF -DBUILD_TESTING=ON >/dev/null
  printf '%s' "$settings" >"$build/.orrery-settings"
fi
say "building with $jobs jobs"
NINJA_STATUS="[asan %p %f/%t %es] " cmake --build "$build" --parallel "$jobs"

# Leak checking stays on; a report names the allocation's stack. halt_on_error is ASan's default.
export ASAN_OPTIONS="detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
label_args=(-L "$label")
[[ $label == all ]] && label_args=()
say "running the ${label} tests under ASan+UBSan"
start=$SECONDS
ctest --test-dir "$build" --output-on-failure --parallel "$jobs" "${label_args[@]}"
say "sanitizer tests took $((SECONDS - start)) s"
