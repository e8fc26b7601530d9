#include "kinds/functions/functions_spec.h"

#include <algorithm>

namespace orrery::kinds::functions {

bool FunctionsSpec::scaleArrivals(double factor)
{
    for (FunctionSpec& function : functions)
        function.arrivals.ratePerSecond *= factor;
    churnArrivals.ratePerSecond *= factor;
    return true;
}

double FunctionsSpec::peakArrivalsPerSecond() const
{
    double peak = churnArrivals.ratePerSecond;
    for (const FunctionSpec& function : functions)
        peak = std::max(peak, function.arrivals.ratePerSecond);
    return peak;
}

} // namespace orrery::kinds::functions
