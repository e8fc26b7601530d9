#include "aware/lifecycle_transition.h"

#include <cstdio>

namespace orrery::aware {

std::string_view toString(TransitionReason reason)
{
    switch (reason) {
    case TransitionReason::BootstrapEnabled:
        return "bootstrap-enabled";
    case TransitionReason::BootstrapDisabled:
        return "bootstrap-disabled";
    case TransitionReason::ReachedOnline:
        return "reached-online";
    case TransitionReason::ReachedServing:
        return "reached-serving";
    case TransitionReason::AverageBelowServing:
        return "average-below-serving";
    case TransitionReason::StdDevAboveLimit:
        return "stddev-above-limit";
    case TransitionReason::DegradedBeyondRetraining:
        return "degraded-beyond-retraining";
    }
    return "unknown";
}

std::string LifecycleTransition::describe() const
{
    std::string text = "episode " + std::to_string(episode) + ": " + std::string(toString(from)) + " -> "
        + std::string(toString(to)) + " (" + std::string(toString(reason));
    if (windowSize > 0) {
        char numbers[96];
        std::snprintf(numbers, sizeof numbers, "; avg %.6g, std %.6g over %lld episode%s", average, stdDev,
                      static_cast<long long>(windowSize), windowSize == 1 ? "" : "s");
        text += numbers;
    }
    return text + ")";
}

} // namespace orrery::aware
