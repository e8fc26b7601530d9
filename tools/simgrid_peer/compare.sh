#!/bin/sh
# One command for the peer ratio: Orrery's contended first-fit dispatch and the same workload in
# SimGrid, both on 100,000 jobs (scale with $1: 0.2 = 20,000), then Orrery's figure over SimGrid's.
#   tools/simgrid_peer/compare.sh [scale]          (needs build/bench/simgrid_contended_dispatch:
#                                                   apt-get install libsimgrid-dev, then ./orrery.sh build)
set -eu
cd "$(dirname "$0")/../.."
scale=${1:-1}
bench=build/bench
if [ ! -x "$bench/simgrid_contended_dispatch" ]; then
  echo "compare.sh: $bench/simgrid_contended_dispatch is not built (install libsimgrid-dev and rebuild)" >&2
  exit 2
fi
jobs=$(awk -v s="$scale" 'BEGIN { printf "%d", 100000 * s }')
orrery=$("$bench/bench_placement" "$scale" firstfit_dispatch_contended | awk '{ print $2 }')
simgrid=$("$bench/simgrid_contended_dispatch" "$jobs" 2>/dev/null | awk '/^simgrid_contended_dispatch/ { print $2 }')
echo "firstfit_dispatch_contended $orrery jobs/s"
echo "simgrid_contended_dispatch $simgrid jobs/s"
awk -v a="$orrery" -v b="$simgrid" 'BEGIN { printf "orrery_over_simgrid_contended %.3g ratio\n", a / b }'
