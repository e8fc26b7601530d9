#pragma once
#include "firm_params.h"
#include "firm_agent.h"
#include "policy/control_policy.h"
#include "policy/policy_context.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace orrery::plugins::firm {

//! FIRM's control policy (seed 001 §3.2.3–3.2.5): every control period, for each critical target
//! (TargetObservation::critical, set by the environment's critical-component extractor; or every
//! target with `targets: all`), the DDPG actor maps the target's Table 3.2 state (firmState) to
//! five limits (limitActions) without exploration noise.
//!
//! Agents come from the trained model (PolicyContext::model, a FirmModel): the target's own agent
//! when one-for-each or transfer trained one, else the shared one. Without a model the policy holds
//! (returns no actions) unless `untrained: act`: an untrained actor is not a policy, and an
//! untrained DDPG actor outputs ≈ 0, i.e. ≈ the base limits, so holding is what it would do anyway
//! minus the actuation churn.
class FirmPolicy : public policy::ControlPolicy {
public:
    explicit FirmPolicy(const policy::PolicyContext& context);
    ~FirmPolicy() override;

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

    //! Whether a model (or an untrained actor, with `untrained: act`) drives the policy.
    [[nodiscard]] bool acts() const { return !m_agents.empty(); }

private:
    FirmAgent* agentFor(const std::string& target);

    FirmParams m_params;
    std::map<std::string, std::unique_ptr<FirmAgent>> m_agents; //!< "" = shared
    std::map<std::string, policy::PerControlResource<double>> m_baseLimits;
};

} // namespace orrery::plugins::firm
