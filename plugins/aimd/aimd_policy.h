#pragma once
#include "policy/control_policy.h"
#include "policy/control_resource.h"
#include "policy/policy_context.h"

#include <map>
#include <string>
#include <vector>

namespace orrery::plugins {

//! Additive-increase / multiplicative-decrease of per-instance limits, FIRM's rule-based
//! baseline (seed 001 §3.3.1, after refs [52, 53]). Every control period, per target and
//! managed resource: when the target violates its SLO (p99 over its own SLO, or FIRM's SLO
//! maintenance ratio below 1 when it has none) the limit grows by `increaseStep` × its initial
//! limit; when comfortably within it (p99 ≤ comfortFraction × SLO) it shrinks by
//! `decreaseFactor`; always within [minFraction, maxFraction] × the initial limit.
class AimdPolicy : public policy::ControlPolicy {
public:
    explicit AimdPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

private:
    std::vector<policy::ControlResource> m_resources;
    double m_increaseStep;
    double m_decreaseFactor;
    double m_comfortFraction;
    double m_minFraction;
    double m_maxFraction;
    //! First limit seen per (target, resource): the unit of the additive step and the bounds.
    std::map<std::string, policy::PerControlResource<double>> m_baseLimits;
};

} // namespace orrery::plugins
