#!/usr/bin/env bash
# Orrery's one entry point for developers and CI on Debian 12.
#
#   ./orrery.sh [ARGS…]   install missing packages, build the app into build/ (the executable,
#                         plugins, translations, resources), run orrery ARGS
#                         (no ARGS: the window when a display exists, else the headless demo)
#   ./orrery.sh test      the same set-up, build everything (tests, benchmarks), run ctest
#   ./orrery.sh build     set-up and build everything only
#   ./orrery.sh package   set-up, build what is installed, write the Debian package
#                         build/orrery_<version>-1_<arch>.deb with CPack (docs/packaging.md)
#
# Environment: ORRERY_WERROR=ON (warnings are errors; CI sets it), ORRERY_CMAKE_ARGS (extra
# configure arguments), ORRERY_JOBS (parallel jobs; default: all cores).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

readonly PACKAGES=(
  cmake ninja-build g++ pkg-config file ccache libsimdjson-dev
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-translations-l10n libqt6opengl6-dev libxkbcommon-dev libgl-dev fonts-dejavu-core
  libsqlite3-dev sqlite3 libtorch-dev libopenblas0-pthread libcurl4-openssl-dev libyaml-cpp-dev nlohmann-json3-dev
  libgraphviz-dev coinor-libcbc-dev libxgboost-dev pybind11-dev python3-dev python3-numpy
  prometheus poppler-utils xvfb xauth openssl slurm-wlm munge
  dpkg-dev desktop-file-utils appstream shared-mime-info groff-base x11-utils
)
readonly JOBS="${ORRERY_JOBS:-$(nproc)}"

say() { printf '[orrery.sh] %s\n' "$*" >&2; }

install_missing_packages() {
  # One dpkg-query for all of them: a second run of this script should cost milliseconds here.
  local installed missing=()
  # dpkg-query exits 1 when any package is unknown (a fresh machine): under pipefail that must not
  # end the script before it installs them.
  installed="$({ dpkg-query -W -f='${Package} ${Status}\n' "${PACKAGES[@]}" 2>/dev/null || true; } | awk '/ install ok installed$/ {print $1}')"
  for package in "${PACKAGES[@]}"; do
    grep -qx "$package" <<<"$installed" || missing+=("$package")
  done
  # kubectl for the test that runs `kubectl top` against `orrery serve`: Debian's
  # kubernetes-client, unless a kubectl is installed already (its /usr/bin/kubectl would conflict).
  command -v kubectl >/dev/null || missing+=(kubernetes-client)
  if ((${#missing[@]} == 0)); then
    say "all ${#PACKAGES[@]} Debian packages present"
    return
  fi
  say "installing ${#missing[@]} missing Debian packages: ${missing[*]}"
  local sudo=()
  ((EUID == 0)) || sudo=(sudo)
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# configure_and_build TARGET…: configures build/ when it is new or its settings changed (ninja
# re-runs CMake by itself when a CMakeLists.txt changes), then builds the targets (none: all).
configure_and_build() {
  # Object paths relative to the checkout, so build folders side by side share ccache hits.
  export CCACHE_BASEDIR="$PWD"
  local settings="Release werror=${ORRERY_WERROR:-OFF} args=${ORRERY_CMAKE_ARGS:-}"
  if [[ ! -f build/build.ninja || "$(cat build/.orrery-settings 2>/dev/null)" != "$settings" ]]; then
    say "configuring build/ (Release, warnings as errors: ${ORRERY_WERROR:-OFF})"
    # shellcheck disable=SC2086 # ORRERY_CMAKE_ARGS is a list of arguments on purpose
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DORRERY_WERROR="${ORRERY_WERROR:-OFF}" \
      ${ORRERY_CMAKE_ARGS:-} >/dev/null
    printf '%s' "$settings" >build/.orrery-settings
  fi
  local targets=()
  for target in "$@"; do targets+=(--target "$target"); done
  say "building ${*:-everything} with $JOBS jobs"
  # Ninja's progress line: percentage, finished/total, elapsed seconds.
  NINJA_STATUS="[%p %f/%t %es] " cmake --build build --parallel "$JOBS" "${targets[@]}"
}

main() {
  install_missing_packages
  case "${1:-}" in
    test)
      shift
      configure_and_build
      say "running every test through ctest"
      exec ctest --test-dir build --output-on-failure --parallel "$JOBS" "$@"
      ;;
    build)
      configure_and_build
      ;;
    package)
      configure_and_build orrery_installed_files
      say "writing the Debian package with CPack (dpkg-shlibdeps computes Depends)"
      (cd build && cpack -G DEB)
      ls -1 build/orrery_*.deb
      ;;
    *)
      # Only what the app runs: the executable, its plugins (dependencies of `orrery`, with the
      # translations it embeds) and the resources; tests and benchmarks wait for `test`.
      configure_and_build orrery orrery_resources
      exec build/bin/orrery "$@"
      ;;
  esac
}

main "$@"
