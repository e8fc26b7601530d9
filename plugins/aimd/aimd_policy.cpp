#include "aimd_policy.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::plugins {

using policy::ControlResource;

AimdPolicy::AimdPolicy(const policy::PolicyContext& context)
    : m_increaseStep(context.params.getDouble("increaseStep"))
    , m_decreaseFactor(context.params.getDouble("decreaseFactor"))
    , m_comfortFraction(context.params.getDouble("comfortFraction"))
    , m_minFraction(context.params.getDouble("minFraction"))
    , m_maxFraction(context.params.getDouble("maxFraction"))
{
    if (m_minFraction > m_maxFraction)
        throw std::invalid_argument("minFraction exceeds maxFraction");
    if (context.params.getString("resources") == "all") {
        // FIRM's five partitioned resources (Table 3.2), not memory capacity.
        m_resources = {ControlResource::Cpu, ControlResource::MemoryBandwidth, ControlResource::Llc,
                       ControlResource::DiskIo, ControlResource::Network};
    } else {
        m_resources = {ControlResource::Cpu};
    }
}

std::vector<policy::ControlAction> AimdPolicy::decide(const policy::Observation& observation)
{
    std::vector<policy::ControlAction> actions;
    for (const auto& target : observation.targets) {
        auto [it, inserted] = m_baseLimits.try_emplace(target.name, target.limit);
        const policy::PerControlResource<double>& base = it->second;
        const bool hasSlo = target.sloLatencyMs > 0;
        const bool violated = hasSlo ? target.p99LatencyMs > target.sloLatencyMs : target.sloMaintenance < 1.0;
        const bool comfortable
            = !violated && (hasSlo ? target.p99LatencyMs <= m_comfortFraction * target.sloLatencyMs : true);
        if (!violated && !comfortable)
            continue; // between comfort and the SLO: hold
        for (const ControlResource resource : m_resources) {
            const std::size_t i = policy::indexOf(resource);
            const double current = target.limit[i];
            if (base[i] <= 0 || current <= 0)
                continue; // unlimited: nothing to adjust
            const double next = violated ? current + m_increaseStep * base[i] : current * m_decreaseFactor;
            const double bounded = std::clamp(next, m_minFraction * base[i], m_maxFraction * base[i]);
            // Skip no-op actions (already at a bound), relative to the limit's own scale.
            if (std::abs(bounded - current) > 1e-9 * base[i])
                actions.push_back(policy::ControlAction::setLimit(target.name, resource, bounded));
        }
    }
    return actions;
}

} // namespace orrery::plugins
