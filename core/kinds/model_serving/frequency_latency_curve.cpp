#include "kinds/model_serving/frequency_latency_curve.h"

#include <algorithm>

namespace orrery::kinds::model_serving {

FrequencyLatencyCurve::FrequencyLatencyCurve(double latencyAtMaxSeconds, double computeFraction, double maxMhz)
    : m_latencyAtMaxSeconds(latencyAtMaxSeconds), m_computeFraction(std::clamp(computeFraction, 0.0, 1.0)),
      m_maxMhz(maxMhz)
{
}

FrequencyLatencyCurve FrequencyLatencyCurve::fromSensitivity(double sensitivityPerMhz, double latencyAtDefaultSeconds,
                                                             double defaultMhz, double maxMhz)
{
    // With r = f_max / f_d and s = sensitivity · f_d / 2 (the normalised slowdown at half frequency):
    // L(f_d/2) / L(f_d) − 1 = α·r / ((1 − α) + α·r) = s  ⇒  α = s / (r·(1 − s) + s).
    const double r = maxMhz / defaultMhz;
    const double s = sensitivityPerMhz * defaultMhz / 2;
    const double alpha = std::clamp(s / (r * (1 - s) + s), 0.0, 1.0);
    const double atMax = latencyAtDefaultSeconds / ((1 - alpha) + alpha * r);
    return FrequencyLatencyCurve(atMax, alpha, maxMhz);
}

double FrequencyLatencyCurve::latencySeconds(double mhz) const
{
    const double f = std::clamp(mhz, 1e-9, m_maxMhz);
    return m_latencyAtMaxSeconds * ((1 - m_computeFraction) + m_computeFraction * m_maxMhz / f);
}

double FrequencyLatencyCurve::sensitivityPerMhz(double defaultMhz) const
{
    const double atDefault = latencySeconds(defaultMhz);
    const double atHalf = latencySeconds(defaultMhz / 2);
    return (atHalf - atDefault) / atDefault / (defaultMhz / 2);
}

double FrequencyLatencyCurve::minimumMhzFor(double targetSeconds) const
{
    // Solve L(f) = target: α·f_max/f = target/L_max − (1 − α).
    const double excess = targetSeconds / m_latencyAtMaxSeconds - (1 - m_computeFraction);
    if (m_computeFraction <= 0)
        return excess >= m_computeFraction ? 0.0 : m_maxMhz;
    if (excess <= m_computeFraction)
        return m_maxMhz;
    return m_computeFraction * m_maxMhz / excess;
}

} // namespace orrery::kinds::model_serving
