#include "autoscaling/hpa_replica_calculator.h"

#include <cmath>

namespace orrery::autoscaling {

std::int32_t hpaReplicas(std::int32_t ready, std::int32_t unready, double utilization, double targetUtilization,
                         double tolerance)
{
    const std::int32_t current = ready + unready;
    if (ready <= 0 || targetUtilization <= 0)
        return current;
    const double ratio = utilization / targetUtilization;
    // Unready pods only matter for a scale-up (k8s ignores them when scaling down).
    if (unready == 0 || ratio <= 1.0) {
        if (std::abs(ratio - 1.0) <= tolerance)
            return current;
        return static_cast<std::int32_t>(std::ceil(ratio * ready));
    }
    // Scale-up with unready pods: assume they use nothing, then re-check.
    const double newRatio = utilization * ready / (targetUtilization * current);
    if (std::abs(newRatio - 1.0) <= tolerance || newRatio < 1.0)
        return current;
    const auto desired = static_cast<std::int32_t>(std::ceil(newRatio * current));
    return desired < current ? current : desired;
}

} // namespace orrery::autoscaling
