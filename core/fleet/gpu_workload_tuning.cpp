#include "fleet/gpu_workload_tuning.h"

#include "model/gpu_request.h"
#include "sim/rng_stream.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace orrery::fleet {

std::int64_t gpuDemandMilli(const AlibabaGpuPod& pod)
{
    return model::GpuRequest::fromTrace(pod.gpuCount, pod.gpuMilli).milli();
}

std::vector<AlibabaGpuPod> tunedGpuArrivals(const std::vector<AlibabaGpuPod>& pods, std::int64_t capacityMilli,
                                            const GpuArrivalOptions& options)
{
    if (!(options.demandRatio >= 0) || !std::isfinite(options.demandRatio))
        throw std::invalid_argument("GPU demand ratio " + std::to_string(options.demandRatio) + " is not a number >= 0");
    if (capacityMilli <= 0)
        throw std::invalid_argument("a fleet without GPUs cannot be given a GPU demand ratio");
    std::vector<AlibabaGpuPod> byName = pods;
    std::stable_sort(byName.begin(), byName.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    std::vector<AlibabaGpuPod> arrivals = byName;
    sim::RngStream rng(options.seed, "gpu-replay-arrivals");
    if (options.shuffle) {
        for (std::size_t i = arrivals.size(); i > 1; --i)
            std::swap(arrivals[i - 1], arrivals[rng.below(i)]);
    }
    if (options.demandRatio == 0)
        return arrivals;
    std::int64_t demand = 0;
    for (const AlibabaGpuPod& pod : arrivals)
        demand += gpuDemandMilli(pod);
    const auto target = static_cast<std::int64_t>(std::llround(options.demandRatio * static_cast<double>(capacityMilli)));
    if (demand < target) {
        if (demand == 0)
            throw std::invalid_argument("the pod list asks no GPU, so no number of its pods reaches a GPU demand ratio");
        for (std::size_t copy = 0;; ++copy) {
            const AlibabaGpuPod& drawn = byName[rng.below(byName.size())];
            if (demand + gpuDemandMilli(drawn) > target)
                break;
            demand += gpuDemandMilli(drawn);
            arrivals.push_back(drawn);
            arrivals.back().name += "-tuned-" + std::to_string(copy);
        }
    } else {
        while (demand > target && !arrivals.empty()) {
            const std::size_t victim = rng.below(arrivals.size());
            demand -= gpuDemandMilli(arrivals[victim]);
            arrivals.erase(arrivals.begin() + static_cast<std::ptrdiff_t>(victim));
        }
    }
    return arrivals;
}

} // namespace orrery::fleet
