#include "firm_action.h"

#include <algorithm>
#include <cmath>

namespace orrery::plugins::firm {

double limitFor(double action, double base, const FirmActionScale& scale)
{
    const double a = std::clamp(action, -1.0, 1.0);
    return a >= 0.0 ? base * std::pow(scale.maxFraction, a) : base * std::pow(scale.minFraction, -a);
}

double actionFor(double limit, double base, const FirmActionScale& scale)
{
    if (!(limit > 0.0) || !(base > 0.0))
        return 0.0;
    const double ratio = std::log(limit / base);
    const double a = ratio >= 0.0 ? ratio / std::log(scale.maxFraction) : -ratio / std::log(scale.minFraction);
    return std::clamp(a, -1.0, 1.0);
}

std::vector<policy::ControlAction> limitActions(const policy::TargetObservation& target,
                                                const policy::PerControlResource<double>& base,
                                                std::span<const float> action, const FirmActionScale& scale)
{
    std::vector<policy::ControlAction> actions;
    for (std::size_t r = 0; r < kFirmResources.size() && r < action.size(); ++r) {
        const std::size_t i = policy::indexOf(kFirmResources[r]);
        if (base[i] <= 0.0)
            continue; // unlimited: nothing to scale
        const double next = limitFor(action[r], base[i], scale);
        const double current = target.limit[i];
        if (current > 0.0 && std::abs(next - current) < scale.minRelativeChange * current)
            continue;
        actions.push_back(policy::ControlAction::setLimit(target.name, kFirmResources[r], next));
    }
    return actions;
}

} // namespace orrery::plugins::firm
