#pragma once
#include "kinds/model_serving/gpu_device_profile.h"

namespace orrery::kinds::model_serving {

//! Board power of a GPU as a function of its SM clock f and how busy it is:
//! P(f, a) = P_idle + a · (P_max − P_idle) · (u + (1 − u) · ((1 − c) · φ + c · φ³)), φ = f / f_max,
//! with u = unscaledPowerShare and c = cubicPowerShare of the profile and activity a ≥ 0
//! (1 = the workload that draws TDP at f_max; 0 = idle). Increasing in f for a > 0, with the idle
//! floor at a = 0: near-linear for small c, as seed 001 Fig. 6.2 (right).
class GpuPowerModel {
public:
    explicit GpuPowerModel(GpuDeviceProfile profile);

    //! P(f, a) in W; f is clamped to the profile's [minMhz, maxMhz].
    [[nodiscard]] double watts(double mhz, double activity = 1.0) const;
    //! The highest clock in [minMhz, maxMhz] with P(f, a) ≤ `limitWatts` (what a power cap
    //! makes the driver hold), continuous (not snapped to stepMhz); minMhz when none is.
    [[nodiscard]] double mhzUnderPowerLimit(double limitWatts, double activity) const;
    //! The activity a at which P(f_max, a) = `watts` (0 when `watts` ≤ idle).
    [[nodiscard]] double activityAtMaxMhz(double watts) const;

    [[nodiscard]] const GpuDeviceProfile& profile() const { return m_profile; }

private:
    [[nodiscard]] double shape(double phi) const;

    GpuDeviceProfile m_profile;
};

} // namespace orrery::kinds::model_serving
