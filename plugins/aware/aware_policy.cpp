#include "aware_policy.h"

#include "aware_learners.h"
#include "aware_model.h"
#include "env/control_reward.h"

#include <string>

namespace orrery::plugins::aware {

AwarePolicy::AwarePolicy(const policy::PolicyContext& context)
    : m_params(AwareParams::from(context.params)), m_lifecycle(m_params.lifecycle)
{
    m_lifecycle.start();
    std::vector<float> embedding(m_params.embeddingDim, 0.0f);
    if (context.model != nullptr && !context.model->empty()) {
        const AwareModel model = AwareModel::fromBytes(*context.model);
        m_params.scale = model.scale; // map actions the way the agent was trained
        m_params.contextFeatures = model.stateDim != kStateDim; // observe what the agent was trained on
        embedding = model.embedding;
        m_agent = std::make_unique<learn::DdpgAgent>(awareDdpgConfig(0, m_params.stateDim(), embedding.size()));
        m_agent->loadBytes(model.agent);
        for (const double reward : model.lifecycleRewards)
            (void)m_lifecycle.observe(reward);
    } else {
        const std::uint64_t seed = context.rng != nullptr ? context.rng->nextU64() : 0;
        m_agent = std::make_unique<learn::DdpgAgent>(awareDdpgConfig(seed, m_params.stateDim(), embedding.size()));
    }
    m_controller = std::make_unique<AwareController>(m_params, std::move(embedding));
}

AwarePolicy::~AwarePolicy() = default;

std::vector<policy::ControlAction> AwarePolicy::decide(const policy::Observation& observation)
{
    // The observation closes the period the previous decision acted on: its reward counts.
    if (m_decided) {
        m_windowReward += env::controlReward(observation, m_params.alpha);
        if (++m_windowSteps >= m_params.episodeSteps) {
            (void)m_lifecycle.observe(m_windowReward / static_cast<double>(m_windowSteps) * m_params.lifecycleSteps);
            m_windowReward = 0;
            m_windowSteps = 0;
        }
    }
    m_decided = true;
    AwareDecision decision
        = m_controller->decide(observation, m_lifecycle.actingController(), *m_agent, m_lifecycle.explores());
    m_labels.clear();
    const std::string stage(orrery::aware::toString(m_lifecycle.stage()));
    for (const policy::TargetObservation& target : observation.targets)
        m_labels.push_back({target.name, stage});
    return std::move(decision.actions);
}

std::vector<policy::TargetLabel> AwarePolicy::targetLabels() const
{
    return m_labels;
}

} // namespace orrery::plugins::aware
