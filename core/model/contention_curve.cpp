#include "model/contention_curve.h"

#include <algorithm>

namespace orrery::model {

double ContentionCurve::stretch(double utilization) const
{
    if (!(utilization > knee)) // also catches NaN
        return 1.0;
    if (utilization > 1.0)
        return proRataBeyondSaturation ? saturation * utilization : saturation;
    if (knee >= 1.0)
        return 1.0;
    const double x = (utilization - knee) / (1.0 - knee);
    return 1.0 + (saturation - 1.0) * x * x;
}

} // namespace orrery::model
