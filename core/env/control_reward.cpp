#include "env/control_reward.h"

#include <algorithm>

namespace orrery::env {

double targetReward(const policy::TargetObservation& target, double alpha)
{
    double resources = 0.0;
    double utilization = 0.0;
    for (std::size_t r = 0; r < target.limit.size(); ++r) {
        if (target.limit[r] <= 0.0)
            continue;
        resources += 1.0;
        utilization += std::min(1.0, std::max(0.0, target.usage[r] / target.limit[r]));
    }
    return alpha * target.sloMaintenance * resources + (1.0 - alpha) * utilization;
}

double controlReward(const policy::Observation& observation, double alpha)
{
    if (observation.targets.empty())
        return 0.0;
    double total = 0.0;
    for (const auto& target : observation.targets)
        total += targetReward(target, alpha);
    return total / static_cast<double>(observation.targets.size());
}

} // namespace orrery::env
