#include "placement_simulator.h"

#include "sim/rng_stream.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::plugins {
namespace {

//! A Gamma(shape, 1) draw (Marsaglia and Tsang, ACM TOMS 26(3), 2000; shape < 1 by the
//! u^(1/shape) boost), written out so that a seed gives the same draws on every standard library.
double gammaDraw(double shape, sim::RngStream& rng)
{
    if (shape < 1.0) {
        const double u = std::max(rng.uniform(), std::numeric_limits<double>::min());
        return gammaDraw(shape + 1.0, rng) * std::pow(u, 1.0 / shape);
    }
    const double d = shape - 1.0 / 3.0, c = 1.0 / std::sqrt(9.0 * d);
    for (;;) {
        const double x = rng.normal();
        const double v = std::pow(1.0 + c * x, 3);
        if (v <= 0)
            continue;
        const double u = rng.uniform();
        if (u > 0 && std::log(u) < 0.5 * x * x + d - d * v + d * std::log(v))
            return d * v;
    }
}

} // namespace

std::vector<SampledRequest> sampleWorkload(const policy::ServingPlanRequest& request, double minDurationSeconds, double minSamples,
                                           bool useRecorded, sim::RngStream& rng)
{
    double totalRate = 0;
    for (const auto& model : request.models)
        totalRate += std::max(0.0, model.requestRate);
    std::vector<SampledRequest> workload;
    if (totalRate <= 0)
        return workload;
    const double duration = std::max(minDurationSeconds, minSamples / totalRate);
    for (std::uint32_t m = 0; m < request.models.size(); ++m) {
        const auto& model = request.models[m];
        if (model.requestRate <= 0)
            continue;
        const std::vector<double>& recorded = model.recordedArrivalSeconds;
        if (useRecorded && !recorded.empty()) {
            // One pass lasts its last arrival plus a mean gap, as a replayed trace repeats.
            const double period = recorded.back() + 1.0 / model.requestRate;
            for (double offset = 0; offset < duration; offset += period) {
                for (const double at : recorded) {
                    if (offset + at >= duration)
                        break;
                    workload.push_back({offset + at, m});
                }
            }
            continue;
        }
        const double cv = std::max(model.arrivalCv, 1e-3);
        const double shape = 1.0 / (cv * cv), scale = cv * cv / model.requestRate; // mean gap 1/rate, CV cv
        for (double t = gammaDraw(shape, rng) * scale; t < duration; t += gammaDraw(shape, rng) * scale)
            workload.push_back({t, m});
    }
    std::stable_sort(workload.begin(), workload.end(),
                     [](const SampledRequest& a, const SampledRequest& b) { return a.arrivalSeconds < b.arrivalSeconds; });
    return workload;
}

const policy::PartitionOption* optionWithStages(const policy::ServedModelDemand& demand, std::uint32_t stages)
{
    const auto it = std::find_if(demand.options.begin(), demand.options.end(), [&](const auto& o) { return o.stages == stages; });
    return it == demand.options.end() ? nullptr : &*it;
}

PlacementScore simulatePlacement(const GroupPlacement& placement, const policy::ServingPlanRequest& request,
                                 const std::vector<SampledRequest>& workload)
{
    const std::uint32_t stages = placement.stages;
    const std::size_t groups = placement.groupModels.size();
    // Per model: the groups serving it, its stage time and its hand-off between stages.
    std::vector<std::vector<std::uint32_t>> groupsOf(request.models.size());
    std::vector<double> stageSeconds(request.models.size(), 0), handoffSeconds(request.models.size(), 0);
    PlacementScore score;
    for (std::uint32_t g = 0; g < groups; ++g) {
        for (const std::uint32_t m : placement.groupModels[g]) {
            groupsOf[m].push_back(g);
            ++score.replicas;
        }
    }
    for (std::uint32_t m = 0; m < request.models.size(); ++m) {
        if (const policy::PartitionOption* option = optionWithStages(request.models[m], stages)) {
            stageSeconds[m] = option->stageSeconds;
            handoffSeconds[m] = stages > 1 ? std::max(0.0, option->latencySeconds - stages * option->stageSeconds) / (stages - 1) : 0.0;
        } else {
            groupsOf[m].clear(); // a group cannot hold it: unserved
        }
    }
    std::vector<double> freeAt(groups * stages, 0.0); // per group and stage: when its device is next free
    std::size_t withinSlo = 0, served = 0;
    double latencySum = 0;
    for (const SampledRequest& r : workload) {
        const std::vector<std::uint32_t>& candidates = groupsOf[r.model];
        if (candidates.empty())
            continue;
        std::uint32_t group = candidates.front();
        for (const std::uint32_t g : candidates) {
            if (freeAt[g * stages] < freeAt[group * stages])
                group = g;
        }
        double ready = r.arrivalSeconds, end = ready;
        for (std::uint32_t k = 0; k < stages; ++k) {
            double& free = freeAt[group * stages + k];
            end = std::max(ready, free) + stageSeconds[r.model];
            free = end;
            ready = end + handoffSeconds[r.model];
        }
        const double latency = end - r.arrivalSeconds;
        ++served;
        latencySum += latency;
        withinSlo += latency <= request.models[r.model].sloSeconds ? 1 : 0;
    }
    score.goodput = workload.empty() ? 0.0 : static_cast<double>(withinSlo) / static_cast<double>(workload.size());
    score.meanLatencySeconds = served > 0 ? latencySum / static_cast<double>(served) : 0.0;
    return score;
}

} // namespace orrery::plugins
