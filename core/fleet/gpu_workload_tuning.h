#pragma once
#include "fleet/alibaba_gpu_pod.h"

#include <cstdint>
#include <vector>

namespace orrery::fleet {

//! GPU milli-cores a trace pod asks: 1000 per whole GPU, or its share of one.
[[nodiscard]] std::int64_t gpuDemandMilli(const AlibabaGpuPod& pod);

//! How a pod list becomes a replay's arrivals (docs/fleet.md, "GPU sharing replay").
struct GpuArrivalOptions {
    double demandRatio = 1.3;  //!< requested GPU demand / the fleet's GPU capacity after tuning; 0: leave as is
    bool shuffle = true;       //!< seeded random order; false: the pods sorted by name
    std::uint64_t seed = 42;
};

//! The pods in the order a replay submits them, tuned to a GPU demand of demandRatio × capacity
//! (the peer simulator's workload tuning, Weng et al., ATC '23 §5.1): the pods sorted by name and,
//! with `shuffle`, shuffled; then, while the demand is under the target, pods drawn uniformly with
//! replacement from the name-sorted list are appended (a copy named "<name>-tuned-<i>") until the
//! next draw would pass it; or, while the demand is over it, pods drawn uniformly are removed.
//! Draws come from the stream (seed, "gpu-replay-arrivals"). Throws std::invalid_argument for a
//! negative ratio, a capacity ≤ 0, or tuning up a list without GPU demand.
[[nodiscard]] std::vector<AlibabaGpuPod> tunedGpuArrivals(const std::vector<AlibabaGpuPod>& pods, std::int64_t capacityMilli,
                                                          const GpuArrivalOptions& options);

} // namespace orrery::fleet
