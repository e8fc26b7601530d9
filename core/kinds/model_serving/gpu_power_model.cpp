#include "kinds/model_serving/gpu_power_model.h"

#include <algorithm>
#include <utility>

namespace orrery::kinds::model_serving {

GpuPowerModel::GpuPowerModel(GpuDeviceProfile profile) : m_profile(std::move(profile)) {}

double GpuPowerModel::shape(double phi) const
{
    const double u = m_profile.unscaledPowerShare;
    const double c = m_profile.cubicPowerShare;
    return u + (1 - u) * ((1 - c) * phi + c * phi * phi * phi);
}

double GpuPowerModel::watts(double mhz, double activity) const
{
    const double f = std::clamp(mhz, m_profile.minMhz, m_profile.maxMhz);
    const double active = m_profile.maxWatts - m_profile.idleWatts;
    return m_profile.idleWatts + std::max(activity, 0.0) * active * shape(f / m_profile.maxMhz);
}

double GpuPowerModel::mhzUnderPowerLimit(double limitWatts, double activity) const
{
    if (watts(m_profile.maxMhz, activity) <= limitWatts)
        return m_profile.maxMhz;
    double low = m_profile.minMhz;
    double high = m_profile.maxMhz;
    if (watts(low, activity) > limitWatts)
        return low;
    // P is increasing in f: bisect to well below a clock step.
    for (int i = 0; i < 60; ++i) {
        const double middle = (low + high) / 2;
        (watts(middle, activity) <= limitWatts ? low : high) = middle;
    }
    return low;
}

double GpuPowerModel::activityAtMaxMhz(double boardWatts) const
{
    return std::max(0.0, (boardWatts - m_profile.idleWatts) / (m_profile.maxWatts - m_profile.idleWatts));
}

} // namespace orrery::kinds::model_serving
