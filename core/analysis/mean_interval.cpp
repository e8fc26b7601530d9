#include "analysis/mean_interval.h"

#include <array>
#include <cmath>

namespace orrery::analysis {
namespace {

// t quantiles at 0.975 for 1–30 degrees of freedom (any statistics table, e.g. NIST/SEMATECH
// e-Handbook §1.3.6.7.2); above 30, the normal quantile with the first Cornish–Fisher term.
constexpr std::array<double, 30> kT975{12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                       2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                                       2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};

double t975(std::size_t degrees)
{
    if (degrees <= kT975.size())
        return kT975[degrees - 1];
    constexpr double z = 1.959964;
    return z + (z * z * z + z) / (4.0 * static_cast<double>(degrees));
}

} // namespace

ConfidenceInterval meanWithInterval(const std::vector<double>& values)
{
    ConfidenceInterval interval;
    if (values.empty())
        return interval;
    double sum = 0;
    for (const double value : values)
        sum += value;
    const double n = static_cast<double>(values.size());
    interval.estimate = sum / n;
    if (values.size() < 2)
        return interval;
    double squares = 0;
    for (const double value : values)
        squares += (value - interval.estimate) * (value - interval.estimate);
    const double halfWidth = t975(values.size() - 1) * std::sqrt(squares / (n - 1) / n);
    interval.low = interval.estimate - halfWidth;
    interval.high = interval.estimate + halfWidth;
    return interval;
}

} // namespace orrery::analysis
