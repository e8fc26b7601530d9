#include "simppo_policy.h"

#include "simppo_params.h"

namespace orrery::plugins::simppo {

namespace {
TeamConfig servingConfig(const policy::PolicyContext& context, Mode mode)
{
    const SimppoParams params = SimppoParams::from(context.params);
    TeamConfig config;
    config.mode = mode;
    config.alpha = params.alpha;
    config.parameterSharing = true; // serving: unknown functions start from their class's base
    config.minibatch = params.minibatchFor(mode);
    config.rolloutSteps = params.teamRolloutSteps(); // the model's own form wins on load
    return config;
}
} // namespace

SimppoPolicy::SimppoPolicy(const policy::PolicyContext& context, Mode mode)
    : m_team(servingConfig(context, mode))
    , m_actUntrained(SimppoParams::from(context.params).actUntrained)
{
    if (context.model && !context.model->empty()) {
        m_team.load(*context.model);
        m_trained = true;
    }
}

std::vector<policy::ControlAction> SimppoPolicy::decide(const policy::Observation& observation)
{
    if (!m_trained && !m_actUntrained)
        return {};
    m_team.syncAgents(observation);
    return m_team.act(observation, false, false);
}

} // namespace orrery::plugins::simppo
