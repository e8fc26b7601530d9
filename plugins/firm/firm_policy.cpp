#include "firm_policy.h"

#include "firm_model.h"
#include "firm_state.h"

namespace orrery::plugins::firm {

FirmPolicy::FirmPolicy(const policy::PolicyContext& context) : m_params(FirmParams::from(context.params))
{
    if (context.model != nullptr && !context.model->empty()) {
        const FirmModel model = FirmModel::fromBytes(*context.model);
        // The scale the actor was trained with, whatever the parameters say now.
        m_params.scale.minFraction = model.scale.minFraction;
        m_params.scale.maxFraction = model.scale.maxFraction;
        m_params.scale.resourceMinFraction = model.scale.resourceMinFraction;
        for (const auto& [name, blob] : model.agents) {
            auto agent = std::make_unique<FirmAgent>(makeFirmAgent(model.learner, 0));
            agent->loadBytes(blob);
            m_agents.emplace(name, std::move(agent));
        }
    } else if (m_params.actUntrained) {
        const std::uint64_t seed = context.rng != nullptr ? context.rng->nextU64() : 0;
        m_agents.emplace("", std::make_unique<FirmAgent>(makeFirmAgent(m_params.learner, seed, m_params.agentOptions)));
    }
}

FirmPolicy::~FirmPolicy() = default;

FirmAgent* FirmPolicy::agentFor(const std::string& target)
{
    if (const auto own = m_agents.find(target); own != m_agents.end())
        return own->second.get();
    const auto shared = m_agents.find(std::string());
    return shared != m_agents.end() ? shared->second.get() : nullptr;
}

std::vector<policy::ControlAction> FirmPolicy::decide(const policy::Observation& observation)
{
    std::vector<policy::ControlAction> actions;
    for (const auto& target : observation.targets) {
        // Base limits are remembered for every target, so a target that turns critical later is
        // scaled relative to its deployed limits, not to what another policy left.
        const auto& base = m_baseLimits.try_emplace(target.name, target.limit).first->second;
        if (!m_params.allTargets && !target.critical)
            continue;
        FirmAgent* agent = agentFor(target.name);
        if (agent == nullptr)
            continue;
        const FirmState state = firmState(target, observation.requestComposition);
        const std::vector<float> action = agent->act(state, false);
        for (auto& limit : limitActions(target, base, action, m_params.scale))
            actions.push_back(std::move(limit));
    }
    return actions;
}

} // namespace orrery::plugins::firm
