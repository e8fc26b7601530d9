#include "fleet/typical_gpu_pods.h"

#include "model/gpu_request.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>

namespace orrery::fleet {

std::vector<policy::ExpectedPod> typicalGpuPods(const std::vector<AlibabaGpuPod>& pods, double coverage)
{
    if (!(coverage > 0 && coverage <= 1))
        throw std::invalid_argument("typicalGpuPods: coverage " + std::to_string(coverage) + " is not in (0, 1]");
    if (pods.empty())
        throw std::invalid_argument("typicalGpuPods: no pods");
    // A shape as the trace states it: CPU, per-GPU milli, GPU count, the gpu_spec text.
    using Shape = std::tuple<std::int64_t, int, int, std::string>;
    std::map<Shape, std::size_t> counts;
    for (const AlibabaGpuPod& pod : pods) {
        std::string spec;
        for (std::size_t i = 0; i < pod.gpuSpec.size(); ++i)
            spec += (i ? "|" : "") + pod.gpuSpec[i];
        const int milli = pod.gpuCount == 0 ? 0 : pod.gpuMilli;
        ++counts[{pod.cpuMillicores, milli, pod.gpuCount, spec}];
    }
    std::vector<std::pair<Shape, std::size_t>> ranked(counts.begin(), counts.end());
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first > b.first;
    });
    // Whole pods: the shapes kept are the fewest, most common, that reach the coverage.
    const auto wanted = static_cast<std::size_t>(std::floor(coverage * 100.0 + 1e-9)) * pods.size() / 100;
    std::size_t kept = 0;
    std::size_t covered = 0;
    while (kept < ranked.size() && (kept == 0 || covered < wanted))
        covered += ranked[kept++].second;
    std::vector<policy::ExpectedPod> shapes;
    shapes.reserve(kept);
    for (std::size_t i = 0; i < kept; ++i) {
        const auto& [shape, count] = ranked[i];
        policy::ExpectedPod pod;
        pod.request.millicores = std::get<0>(shape);
        pod.gpus = model::GpuRequest::fromTrace(std::get<2>(shape), std::get<1>(shape));
        pod.deviceModel = std::get<3>(shape);
        pod.popularity = static_cast<double>(count) / static_cast<double>(covered);
        shapes.push_back(std::move(pod));
    }
    return shapes;
}

} // namespace orrery::fleet
