#include "learn/control_agent.h"

#include "learn/ddpg_agent.h"
#include "learn/off_policy_agent.h"
#include "learn/seeded_random.h"

namespace orrery::learn {

const char* toString(ControlLearner learner)
{
    switch (learner) {
    case ControlLearner::SeedDdpg: return "seed-ddpg";
    case ControlLearner::Ddpg: return "ddpg";
    case ControlLearner::Td3: return "td3";
    case ControlLearner::Sac: return "sac";
    }
    return "?";
}

std::optional<ControlLearner> controlLearnerNamed(std::string_view name)
{
    for (const ControlLearner learner : {ControlLearner::SeedDdpg, ControlLearner::Ddpg, ControlLearner::Td3, ControlLearner::Sac})
        if (name == toString(learner))
            return learner;
    return std::nullopt;
}

struct ControlAgent::Impl {
    std::unique_ptr<DdpgAgent> seedDdpg;
    std::unique_ptr<OffPolicyAgent> core;
    SeededRandom warmup;
    std::size_t actionDim = 0;

    Impl(std::uint64_t seed, std::size_t actions) : warmup(seed ^ 0xA5A5A5A5A5A5A5A5ull), actionDim(actions) {}
};

namespace {

//! The seed's dimensions and rates for the learning core's agents.
OffPolicyConfig coreConfig(ControlLearner learner, const DdpgConfig& seed, const ControlAgentOptions& options)
{
    OffPolicyConfig c;
    c.algorithm = learner == ControlLearner::Td3   ? OffPolicyAlgorithm::Td3
                  : learner == ControlLearner::Sac ? OffPolicyAlgorithm::Sac
                                                   : OffPolicyAlgorithm::Ddpg;
    c.stateDim = seed.stateDim;
    c.actionDim = seed.actionDim;
    c.actorHidden = {seed.actorHidden1, seed.actorHidden2};
    c.criticHidden = {seed.criticHidden1, seed.criticHidden2};
    c.actorLearningRate = seed.actorLearningRate;
    c.criticLearningRate = seed.criticLearningRate;
    c.entropyLearningRate = seed.actorLearningRate;
    c.discount = seed.discount;
    c.softUpdate = seed.softUpdate;
    c.finalLayerInit = seed.finalLayerInit; // an untrained actor keeps its outputs near 0
    c.explorationNoise = options.explorationNoise;
    c.preTanhPenalty = options.preTanhPenalty;
    c.seed = seed.seed;
    return c;
}

OffPolicyUpdateStats lossesOnly(const DdpgUpdateStats& losses)
{
    OffPolicyUpdateStats stats;
    stats.criticLoss = losses.criticLoss;
    stats.actorLoss = losses.actorLoss;
    stats.actorUpdated = true;
    return stats;
}

} // namespace

ControlAgent::ControlAgent(ControlLearner learner, const DdpgConfig& seed, const ControlAgentOptions& options)
    : m_learner(learner), m_impl(std::make_unique<Impl>(seed.seed, seed.actionDim))
{
    if (learner == ControlLearner::SeedDdpg)
        m_impl->seedDdpg = std::make_unique<DdpgAgent>(seed);
    else
        m_impl->core = std::make_unique<OffPolicyAgent>(coreConfig(learner, seed, options));
}

ControlAgent::~ControlAgent() = default;
ControlAgent::ControlAgent(ControlAgent&&) noexcept = default;
ControlAgent& ControlAgent::operator=(ControlAgent&&) noexcept = default;

std::vector<float> ControlAgent::act(std::span<const float> state, bool explore)
{
    return m_impl->seedDdpg ? m_impl->seedDdpg->act(state, explore) : m_impl->core->act(state, explore);
}

std::vector<float> ControlAgent::randomAction()
{
    std::vector<float> action(m_impl->actionDim);
    for (float& a : action)
        a = static_cast<float>(2 * m_impl->warmup.uniform() - 1);
    return action;
}

void ControlAgent::startEpisode()
{
    if (m_impl->seedDdpg)
        m_impl->seedDdpg->resetNoise();
}

OffPolicyUpdateStats ControlAgent::update(const ReplayBatch& batch, bool* valuesMeasured)
{
    return updateWithBehaviourCloning(batch, 0, valuesMeasured);
}

OffPolicyUpdateStats ControlAgent::updateWithBehaviourCloning(const ReplayBatch& batch, double alpha, bool* valuesMeasured)
{
    if (valuesMeasured != nullptr)
        *valuesMeasured = m_impl->seedDdpg == nullptr;
    if (m_impl->seedDdpg)
        return lossesOnly(alpha > 0 ? m_impl->seedDdpg->updateWithBehaviourCloning(batch, alpha) : m_impl->seedDdpg->update(batch));
    return alpha > 0 ? m_impl->core->updateWithBehaviourCloning(batch, alpha) : m_impl->core->update(batch);
}

std::string ControlAgent::saveBytes() const
{
    return m_impl->seedDdpg ? m_impl->seedDdpg->saveBytes() : m_impl->core->saveBytes();
}

void ControlAgent::loadBytes(std::string_view bytes)
{
    if (m_impl->seedDdpg)
        m_impl->seedDdpg->loadBytes(bytes);
    else
        m_impl->core->loadBytes(bytes);
}

} // namespace orrery::learn
