#pragma once
#include "policy/control_policy.h"
#include "policy/policy_context.h"

#include <map>
#include <string>
#include <vector>

namespace orrery::plugins {

//! A utilisation-driven GPU frequency governor after Linux's cpufreq "ondemand" (the baseline
//! DVFS of issue 16): per device and period, busy > `upThreshold` jumps to the maximum clock;
//! otherwise the clock is min + busy·(max − min). After a jump to the maximum the device stays
//! there for `samplingDownFactor` periods before scaling down again (ondemand's hysteresis).
class UtilizationDvfsPolicy : public policy::ControlPolicy {
public:
    explicit UtilizationDvfsPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

    //! The clock for one device with `busy` share of the last period; `holdPeriods` is its
    //! remaining hold at the maximum (updated).
    [[nodiscard]] double nextMhz(double busy, double minMhz, double maxMhz, int& holdPeriods) const;

private:
    double m_upThreshold;
    int m_samplingDownFactor;
    std::map<std::string, int, std::less<>> m_holdPeriods; //!< per device: periods left at the maximum
};

} // namespace orrery::plugins
