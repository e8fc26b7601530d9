#include "aware_controller.h"

#include "learn/embedding_math.h"

namespace orrery::plugins::aware {

AwareController::AwareController(const AwareParams& params, std::vector<float> embedding)
    : m_params(params), m_embedding(std::move(embedding))
{
    beginEpisode();
}

void AwareController::beginEpisode()
{
    m_fallback = std::make_unique<orrery::aware::MultidimensionalRecommender>(m_params.fallback);
    m_baseLimits.clear();
    m_context.beginEpisode();
}

const policy::PerControlResource<double>& AwareController::baseOf(const policy::TargetObservation& target)
{
    return m_baseLimits.try_emplace(target.name, target.limit).first->second;
}

std::vector<float> AwareController::stateOf(const policy::TargetObservation& target) const
{
    const auto found = m_baseLimits.find(target.name);
    const AwareState state = awareState(target, found != m_baseLimits.end() ? found->second : target.limit,
                                        m_params.scale);
    if (!m_params.contextFeatures)
        return learn::conditionedState(state, m_embedding);
    std::vector<float> extended(state.begin(), state.end());
    const auto context = m_context.features(target, state[0], m_params.scale);
    extended.insert(extended.end(), context.begin(), context.end());
    return learn::conditionedState(extended, m_embedding);
}

std::vector<float> AwareController::agentInput(std::span<const float> state) const
{
    std::vector<float> input(state.begin(), state.end());
    if (m_normalizer && m_normalizer->dimension() <= input.size()) {
        const std::span<float> prefix(input.data(), m_normalizer->dimension());
        m_normalizer->normalize(prefix, prefix);
    }
    return input;
}

std::vector<float> AwareController::executedAction(const policy::TargetObservation& next, std::span<const float> requested) const
{
    const auto found = m_baseLimits.find(next.name);
    if (found == m_baseLimits.end())
        return {requested.begin(), requested.end()};
    return plugins::aware::executedAction(next, found->second, requested, m_params.scale);
}

void AwareController::recordContext(const policy::Observation& observation)
{
    if (!m_params.contextFeatures)
        return;
    for (const policy::TargetObservation& target : observation.targets) {
        const AwareState state = awareState(target, m_baseLimits.at(target.name), m_params.scale);
        m_context.record(target, state[0], m_params.scale);
    }
}

AwareDecision AwareController::decide(const policy::Observation& observation, orrery::aware::ActingController who,
                                      learn::ControlAgent& agent, bool explore, bool warmup)
{
    AwareDecision decision;
    for (const policy::TargetObservation& target : observation.targets)
        (void)baseOf(target);
    if (who == orrery::aware::ActingController::Fallback) {
        decision.actions = m_fallback->recommend(observation);
        for (const policy::TargetObservation& target : observation.targets) {
            const AwareAction action
                = encodeConfiguration(target, m_baseLimits.at(target.name), decision.actions, m_params.scale);
            decision.steps.push_back({target.name, stateOf(target), {action.begin(), action.end()}});
        }
        recordContext(observation);
        return decision;
    }
    if (who == orrery::aware::ActingController::None)
        return decision;
    for (const policy::TargetObservation& target : observation.targets) {
        AwareTargetStep step{target.name, stateOf(target), {}};
        step.action = warmup ? agent.randomAction() : agent.act(agentInput(step.state), explore);
        for (auto& action :
             decodeAction(target, m_baseLimits.at(target.name), step.action, m_params.scale, m_params.minRelativeChange))
            decision.actions.push_back(std::move(action));
        decision.steps.push_back(std::move(step));
    }
    recordContext(observation);
    return decision;
}

} // namespace orrery::plugins::aware
