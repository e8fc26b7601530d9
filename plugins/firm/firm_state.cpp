#include "firm_state.h"

#include <algorithm>
#include <cmath>

namespace orrery::plugins::firm {

double encodeRequestComposition(std::span<const double> shares)
{
    if (shares.empty())
        return 0.0;
    double index = 0.0;
    double largest = 0.0;
    for (const double share : shares) {
        const double level = std::clamp(std::floor(share * kCompositionLevels), 0.0, kCompositionLevels - 1.0);
        index = index * kCompositionLevels + level;
        largest = largest * kCompositionLevels + (kCompositionLevels - 1);
    }
    return index / largest;
}

double workloadChange(const policy::TargetObservation& target)
{
    const double now = std::max(target.arrivalRate, 0.0);
    const double before = std::max(target.previousArrivalRate, 0.0);
    if (before <= 0.0)
        return now <= 0.0 ? 0.0 : 1.0;
    if (now <= 0.0)
        return -1.0;
    const double log2Ratio = std::log2(now / before);
    return std::clamp(log2Ratio, -kWorkloadChangeLog2Bound, kWorkloadChangeLog2Bound) / kWorkloadChangeLog2Bound;
}

double utilization(const policy::TargetObservation& target, policy::ControlResource resource)
{
    const std::size_t i = policy::indexOf(resource);
    if (target.limit[i] <= 0.0)
        return 0.0;
    return std::clamp(target.usage[i] / target.limit[i], 0.0, 1.0);
}

FirmState firmState(const policy::TargetObservation& target, std::span<const double> requestComposition)
{
    FirmState state{};
    state[0] = static_cast<float>(std::clamp(target.sloMaintenance, 0.0, 1.0));
    state[1] = static_cast<float>(workloadChange(target));
    state[2] = static_cast<float>(encodeRequestComposition(requestComposition));
    for (std::size_t r = 0; r < kFirmResources.size(); ++r)
        state[3 + r] = static_cast<float>(utilization(target, kFirmResources[r]));
    return state;
}

double firmReward(const policy::TargetObservation& target, double alpha, bool sloGated)
{
    double utilizationSum = 0.0;
    for (const auto resource : kFirmResources)
        utilizationSum += utilization(target, resource);
    const double sm = std::clamp(target.sloMaintenance, 0.0, 1.0);
    return alpha * sm * static_cast<double>(kFirmResources.size()) + (1.0 - alpha) * (sloGated ? sm : 1.0) * utilizationSum;
}

} // namespace orrery::plugins::firm
