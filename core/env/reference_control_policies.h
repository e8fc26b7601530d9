#pragma once
#include "policy/control_deleter.h"
#include "sim/rng_stream.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace orrery::env {

//! The reference policies a learned controller is evaluated beside (docs/learning.md,
//! "Evaluation of control agents"): whatever the agent learned must beat doing nothing, holding
//! the deployment, and acting at random, on the same held-out episodes.
enum class ReferenceControl : std::uint8_t {
    NoControl,  //!< no action ever: the deployment as the scenario declares it, left alone
    HoldAtBase, //!< every period, every target's limits and replicas set back to those of its first observation
    Random      //!< every period, each target's CPU and memory limits set to its first ones × a log-uniform factor in [1/4, 4]
};
inline constexpr ReferenceControl kReferenceControls[] = {ReferenceControl::NoControl, ReferenceControl::HoldAtBase,
                                                          ReferenceControl::Random};

//! "no-control", "hold-at-base", "random": the names metrics and views use.
[[nodiscard]] const char* toString(ReferenceControl reference);

//! The policy for `reference`; `seed` drives Random's draws (one stream per policy object).
[[nodiscard]] policy::ControlPolicyPtr makeReferenceControl(ReferenceControl reference, std::uint64_t seed);

//! HoldAtBase: the limits and replicas first seen for each target, re-sent every period, so
//! that whatever the environment or an earlier action changed is undone. In a simulation where
//! nothing else changes limits it acts like NoControl; live, it reverts other controllers.
class HoldAtBasePolicy final : public policy::ControlPolicy {
public:
    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

private:
    std::map<std::string, policy::TargetObservation> m_base;
};

//! Random: each period, each target's CPU and memory limits (those that have one) set to the
//! first-seen limit times exp(U[ln 1/4, ln 4]); replicas are left alone. The range is the firm
//! plugin's default action scale (plugins/firm/firm_action.h), so it spans what that agent can do.
class RandomControlPolicy final : public policy::ControlPolicy {
public:
    explicit RandomControlPolicy(std::uint64_t seed);
    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

private:
    sim::RngStream m_rng;
    std::map<std::string, policy::PerControlResource<double>> m_base;
};

} // namespace orrery::env
