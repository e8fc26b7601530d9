#pragma once
#include "agent_team.h"
#include "policy/control_policy.h"
#include "policy/policy_context.h"
#include "simppo_mode.h"

namespace orrery::plugins::simppo {

//! Serving (seed 001 §4.8.2): every function's trained agent picks its greedy action each
//! control period. A function the model has no agent for gets one from its class's base model;
//! without any model the policy holds (or acts untrained, with `untrained: act`).
class SimppoPolicy : public policy::ControlPolicy {
public:
    SimppoPolicy(const policy::PolicyContext& context, Mode mode);
    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

private:
    AgentTeam m_team;
    bool m_trained = false;
    bool m_actUntrained = false;
};

//! One ControlPolicy type per plugin id, for createControlOf.
template <Mode M>
class ModePolicy final : public SimppoPolicy {
public:
    explicit ModePolicy(const policy::PolicyContext& context)
        : SimppoPolicy(context, M)
    {
    }
};

} // namespace orrery::plugins::simppo
