#include "aware_policy.h"

#include "aware_learners.h"
#include "aware_model.h"
#include "env/control_reward.h"
#include "env/transition_features.h"

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
        m_agent = std::make_unique<learn::ControlAgent>(makeAwareAgent(model.learner, 0, m_params.stateDim(), embedding.size()));
        m_agent->loadBytes(model.agent);
        if (!model.stateNormalizer.empty()) {
            m_normalizer = std::make_unique<learn::RunningNormalizer>(m_params.stateDim());
            m_normalizer->loadBytes(model.stateNormalizer);
        }
        for (const double reward : model.lifecycleRewards)
            (void)m_lifecycle.observe(reward);
        if (m_params.runEmbedding && !model.metaLearner.empty())
            m_meta = metaLearnerFromBytes(m_params, model.metaLearner);
    } else {
        const std::uint64_t seed = context.rng != nullptr ? context.rng->nextU64() : 0;
        m_agent = std::make_unique<learn::ControlAgent>(
            makeAwareAgent(m_params.learner, seed, m_params.stateDim(), embedding.size(), m_params.agentOptions));
    }
    m_controller = std::make_unique<AwareController>(m_params, std::move(embedding));
    m_controller->setNormalizer(m_normalizer.get());
    m_shot = {env::TransitionFeatures::kStateDim, env::TransitionFeatures::kActionDim, {}, {}, {}};
}

void AwarePolicy::recordShot(double reward, bool episodeEnds)
{
    std::vector<policy::ActionOutcome> outcomes;
    for (const policy::ControlAction& action : m_sent)
        outcomes.push_back({policy::ActionOutcome::Status::Applied, action, action, {}});
    const auto state = env::TransitionFeatures::state(m_previous);
    const auto action = env::TransitionFeatures::action(m_previous, outcomes);
    m_shot.states.insert(m_shot.states.end(), state.begin(), state.end());
    m_shot.actions.insert(m_shot.actions.end(), action.begin(), action.end());
    m_shot.rewards.push_back(static_cast<float>(reward));
    if (!episodeEnds)
        return;
    m_shots.push_back(std::move(m_shot));
    m_shot = {env::TransitionFeatures::kStateDim, env::TransitionFeatures::kActionDim, {}, {}, {}};
    if (m_shots.size() == m_params.kShot) {
        m_controller->setEmbedding(m_meta->adaptationEmbedding(m_shots));
        m_adapted = true;
        m_meta.reset(); // done: the run keeps this embedding
        m_shots.clear();
    }
}

AwarePolicy::~AwarePolicy() = default;

std::vector<policy::ControlAction> AwarePolicy::decide(const policy::Observation& observation)
{
    // The observation closes the period the previous decision acted on: its reward counts.
    if (m_decided) {
        const double reward = env::controlReward(observation, m_params.alpha);
        m_windowReward += reward;
        if (m_meta)
            recordShot(reward, m_windowSteps + 1 >= m_params.episodeSteps);
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
    if (m_meta) {
        m_previous = observation;
        m_sent = decision.actions;
    }
    return std::move(decision.actions);
}

std::vector<policy::TargetLabel> AwarePolicy::targetLabels() const
{
    return m_labels;
}

} // namespace orrery::plugins::aware
