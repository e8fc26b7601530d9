#pragma once
#include "policy/control_policy.h"
#include "policy/policy_context.h"

#include <string>
#include <vector>

namespace orrery::plugins {

//! μ-Serve's SLO-preserving GPU frequency scaler (seed 001 §6.3.4, Alg. 6.3): every control
//! period and per GPU, a slack below `increaseSlack` multiplies the SM clock by `increaseFactor`
//! (capped at the device's maximum); a slack that exceeds the estimated latency cost of one
//! additive step (plus the same margin) lowers it by `decreaseStepMhz` (floored at the minimum).
//! Stateless: the clock in force arrives in each observation.
class MiadFrequencyPolicy : public policy::ControlPolicy {
public:
    explicit MiadFrequencyPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;
    [[nodiscard]] std::vector<policy::TargetLabel> targetLabels() const override;

    //! What one period's measurements ask of one device's clock.
    enum class Step : unsigned char { Hold, Up, Down };

    //! Alg. 6.3 L10–L19 for one device: `p99SloRatio` is p99(latency / SLO) over the period
    //! (0 when nothing completed), `sensitivityPerMhz` ΔL/ΔF of its residents (< 0: unknown).
    [[nodiscard]] Step stepFor(double p99SloRatio, double completed, double busy, double queued,
                               double sensitivityPerMhz, double mhz) const;

    //! The clock after `step`, within [minMhz, maxMhz].
    [[nodiscard]] double nextMhz(Step step, double mhz, double minMhz, double maxMhz) const;

private:
    double m_increaseSlack;
    double m_increaseFactor;
    double m_decreaseStepMhz;
    bool m_idleDecrease;
    bool m_windowSignal;
    double m_minRequests;
    std::vector<policy::TargetLabel> m_labels;
};

} // namespace orrery::plugins
