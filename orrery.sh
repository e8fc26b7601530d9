#!/usr/bin/env bash
# Orrery's one entry point for developers and CI on Debian 12.
#
#   ./orrery.sh [ARGS…]   install missing packages, build into build/, run orrery ARGS
#                         (no ARGS: the window when a display exists, else the headless demo)
#   ./orrery.sh test      the same set-up, then every test through ctest
#   ./orrery.sh build     set-up and build only
#
# Environment: ORRERY_WERROR=ON (warnings are errors; CI sets it), ORRERY_CMAKE_ARGS (extra
# configure arguments), ORRERY_JOBS (parallel jobs; default: all cores).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

readonly PACKAGES=(
  cmake ninja-build g++ pkg-config file
  qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-translations-l10n libqt6opengl6-dev libxkbcommon-dev libgl-dev fonts-dejavu-core
  libsqlite3-dev sqlite3 libtorch-dev libcurl4-openssl-dev libyaml-cpp-dev nlohmann-json3-dev
  libgraphviz-dev coinor-libcbc-dev libxgboost-dev
  prometheus poppler-utils xvfb xauth openssl
)
readonly JOBS="${ORRERY_JOBS:-$(nproc)}"

say() { printf '[orrery.sh] %s\n' "$*" >&2; }

install_missing_packages() {
  local missing=()
  for package in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
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

configure_and_build() {
  say "configuring build/ (Release, warnings as errors: ${ORRERY_WERROR:-OFF})"
  # shellcheck disable=SC2086 # ORRERY_CMAKE_ARGS is a list of arguments on purpose
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DORRERY_WERROR="${ORRERY_WERROR:-OFF}" \
    ${ORRERY_CMAKE_ARGS:-} >/dev/null
  say "building with $JOBS jobs"
  cmake --build build --parallel "$JOBS"
}

main() {
  install_missing_packages
  configure_and_build
  case "${1:-}" in
    test)
      shift
      say "running every test through ctest"
      exec ctest --test-dir build --output-on-failure --parallel "$JOBS" "$@"
      ;;
    build)
      ;;
    *)
      exec build/bin/orrery "$@"
      ;;
  esac
}

main "$@"
