#include "kinds/training_jobs/training_model.h"

#include <algorithm>
#include <cmath>

namespace orrery::kinds::training_jobs {

double TrainingModel::evaluationAt(double epochs) const
{
    return asymptote + amplitude * std::exp(-std::max(0.0, epochs) / tauEpochs);
}

double TrainingModel::busyCores(double grantCores) const
{
    return std::clamp(grantCores, 0.0, maxCores);
}

double TrainingModel::epochsPerSecond(double cores, double speed) const
{
    const double c = busyCores(cores);
    if (c <= 0.0)
        return 0.0;
    // Amdahl: on fewer than one core the job time-slices (speed-up = c); above one core the
    // serial fraction caps the gain.
    const double speedup = c <= 1.0 ? c : c / (1.0 + serialFraction * (c - 1.0));
    return speedup * speed / epochCoreSeconds;
}

} // namespace orrery::kinds::training_jobs
