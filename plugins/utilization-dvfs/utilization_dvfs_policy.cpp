#include "utilization_dvfs_policy.h"

#include <algorithm>
#include <cmath>

namespace orrery::plugins {

namespace {

double featureOr(const policy::TargetObservation& target, const char* name, double fallback)
{
    const auto it = target.features.find(name);
    return it == target.features.end() ? fallback : it->second;
}

} // namespace

UtilizationDvfsPolicy::UtilizationDvfsPolicy(const policy::PolicyContext& context)
    : m_upThreshold(context.params.getDouble("upThreshold"))
    , m_samplingDownFactor(static_cast<int>(context.params.getInt("samplingDownFactor")))
{
}

double UtilizationDvfsPolicy::nextMhz(double busy, double minMhz, double maxMhz, int& holdPeriods) const
{
    const double load = std::clamp(busy, 0.0, 1.0);
    if (load > m_upThreshold) {
        // ondemand: "if (load > dbs_data->up_threshold) ... rate_mult = sampling_down_factor".
        holdPeriods = m_samplingDownFactor - 1;
        return maxMhz;
    }
    if (holdPeriods > 0) {
        --holdPeriods;
        return maxMhz;
    }
    // ondemand: freq_next = min_f + load * (max_f - min_f) / 100.
    return minMhz + load * (maxMhz - minMhz);
}

std::vector<policy::ControlAction> UtilizationDvfsPolicy::decide(const policy::Observation& observation)
{
    constexpr std::size_t kFrequency = policy::indexOf(policy::ControlResource::GpuFrequency);
    std::vector<policy::ControlAction> actions;
    for (const auto& target : observation.targets) {
        const double mhz = target.limit[kFrequency];
        const double maxMhz = featureOr(target, "maxMhz", 0);
        if (mhz <= 0 || maxMhz <= 0)
            continue; // not a GPU
        const double minMhz = std::min(featureOr(target, "minMhz", 0), maxMhz);
        auto it = m_holdPeriods.find(target.name);
        if (it == m_holdPeriods.end())
            it = m_holdPeriods.emplace(target.name, 0).first;
        const double next = std::clamp(nextMhz(featureOr(target, "busy", 0), minMhz, maxMhz, it->second), minMhz, maxMhz);
        // The kind snaps to its supported clocks: ask only for a change of at least half a step.
        const double stepMhz = featureOr(target, "stepMhz", 0);
        if (std::abs(next - mhz) > std::max(0.5 * stepMhz, 1e-9))
            actions.push_back(policy::ControlAction::setLimit(target.name, policy::ControlResource::GpuFrequency, next));
    }
    return actions;
}

} // namespace orrery::plugins
