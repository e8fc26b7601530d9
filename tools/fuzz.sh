#!/usr/bin/env bash
# Fuzz campaign (issue 22; docs/reliability.md): builds the libFuzzer harnesses of tests/fuzz/
# with clang under ASan+UBSan into build-fuzz/ and runs each for N minutes.
#
#   tools/fuzz.sh [--minutes N] [--jobs J] [HARNESS…]
#
#   --minutes N   minutes per harness (default 10; fractions allowed, e.g. 0.5)
#   --jobs J      build jobs (default: all cores)
#   HARNESS…      only these (scenario, experiment, trace, kubeconfig, llm_trace, strl, exec_credential,
#                 kube_list_watch, prometheus, project_file, alibaba_gpu, kube_log_shard); default all
#
# Fuzzing is opt-in, so ./orrery.sh does not install its compiler: when clang or its runtime
# (libclang-rt-14-dev: libFuzzer, ASan, UBSan) is missing this script installs them with
# apt-get (Debian 12; sudo when not root).
#
# Each harness starts from tests/fuzz/corpus/<harness>/ (read-only; new inputs go to
# build-fuzz/corpus/<harness>/) with tests/fuzz/<harness>.dict, under -rss_limit_mb=2048 and
# -malloc_limit_mb=1024. Crash inputs are kept in build-fuzz/crashes/<harness>/. The table
# harness | executions | coverage (edges, libFuzzer's last `cov:`) | crashes goes to stdout and
# build-fuzz/fuzz-report.md. Exit status 1 when any harness crashed.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."

minutes=10
jobs="$(nproc)"
harnesses=()
while (($#)); do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) harnesses+=("$1"); shift ;;
  esac
done
((${#harnesses[@]})) || harnesses=(scenario experiment trace kubeconfig llm_trace strl exec_credential kube_list_watch prometheus project_file alibaba_gpu kube_log_shard)
seconds="$(awk -v m="$minutes" 'BEGIN { s = int(m * 60); if (s < 1) s = 1; print s }')"

say() { printf '[fuzz.sh] %s\n' "$*" >&2; }

packages=(clang libclang-rt-14-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]} (fuzzing needs clang's libFuzzer and sanitizer runtimes)"
  sudo=()
  ((EUID == 0)) || sudo=(sudo)
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y "${missing[@]}"
fi

build=build-fuzz
flags="-O1 -g1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined"
if [[ ! -f $build/build.ninja ]]; then
  say "configuring $build/ (clang, ASan+UBSan, GUI, Torch and tests off)"
  CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None \
    "-DCMAKE_C_FLAGS=$flags" "-DCMAKE_CXX_FLAGS=$flags" \
    -DORRERY_BUILD_GUI=OFF -DORRERY_WITH_TORCH=OFF -DBUILD_TESTING=OFF -DORRERY_FUZZ=ON >&2
fi
targets=()
for h in "${harnesses[@]}"; do targets+=("fuzz_$h"); done
cmake --build "$build" --target "${targets[@]}" -j "$jobs" >&2

report="$build/fuzz-report.md"
rows=()
crashed=0
for h in "${harnesses[@]}"; do
  corpus="$build/corpus/$h"
  crashes="$build/crashes/$h"
  log="$build/fuzz-$h.log"
  mkdir -p "$corpus" "$crashes"
  say "fuzz_$h for ${seconds}s (log: $log)"
  set +e
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$build/bin/fuzz_$h" "$corpus" "tests/fuzz/corpus/$h" \
    -dict="tests/fuzz/$h.dict" -max_total_time="$seconds" -rss_limit_mb=2048 -malloc_limit_mb=1024 \
    -timeout=25 -max_len=65536 -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1
  set -e
  execs="$(awk '/^stat::number_of_executed_units:/ {print $2}' "$log" | tail -1)"
  edges="$(grep -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')"
  found="$(find "$crashes" -type f | wc -l)"
  ((found == 0)) || crashed=1
  rows+=("| $h | ${execs:-?} | ${edges:-?} | $found |")
done

{
  echo "Fuzz campaign: ${minutes} min per harness, $(date -u +%Y-%m-%dT%H:%MZ), $(clang --version | head -1)"
  echo
  echo "| harness | executions | coverage (edges) | crashes |"
  echo "| --- | ---: | ---: | ---: |"
  printf '%s\n' "${rows[@]}"
} | tee "$report"
say "report: $report; crash inputs: $build/crashes/<harness>/"
exit "$crashed"
