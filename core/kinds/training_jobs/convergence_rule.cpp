#include "kinds/training_jobs/convergence_rule.h"

#include <cmath>

namespace orrery::kinds::training_jobs {

double ConvergenceRule::epochsToConverge(const TrainingModel& model) const
{
    const bool loss = model.amplitude > 0.0;
    for (std::int32_t k = 1; k < maxEpochs; ++k) {
        const double now = model.evaluationAt(k);
        const double gain = std::abs(model.evaluationAt(k - 1) - now);
        switch (kind) {
        case Kind::RelativeDelta:
            if (gain < epsilon * std::abs(now))
                return k;
            break;
        case Kind::Delta:
            if (gain < epsilon)
                return k;
            break;
        case Kind::Target:
            if (loss ? now <= target : now >= target)
                return k;
            break;
        }
    }
    return maxEpochs;
}

} // namespace orrery::kinds::training_jobs
