#include "firm_agent.h"

#include "firm_state.h"
#include "learn/ddpg_agent.h"
#include "learn/off_policy_agent.h"
#include "learn/seeded_random.h"

namespace orrery::plugins::firm {

const char* toString(FirmLearner learner)
{
    switch (learner) {
    case FirmLearner::SeedDdpg: return "seed-ddpg";
    case FirmLearner::Ddpg: return "ddpg";
    case FirmLearner::Td3: return "td3";
    case FirmLearner::Sac: return "sac";
    }
    return "?";
}

std::optional<FirmLearner> firmLearnerNamed(std::string_view name)
{
    for (const FirmLearner learner : {FirmLearner::SeedDdpg, FirmLearner::Ddpg, FirmLearner::Td3, FirmLearner::Sac})
        if (name == toString(learner))
            return learner;
    return std::nullopt;
}

struct FirmAgent::Impl {
    std::unique_ptr<learn::DdpgAgent> seedDdpg;
    std::unique_ptr<learn::OffPolicyAgent> core;
    learn::SeededRandom warmup;

    explicit Impl(std::uint64_t seed) : warmup(seed ^ 0xA5A5A5A5A5A5A5A5ull) {}
};

namespace {

//! Table 3.3's dimensions and rates for the learning core's agents.
learn::OffPolicyConfig coreConfig(FirmLearner learner, std::uint64_t seed, const FirmAgentOptions& options)
{
    const learn::DdpgConfig table; // seed 001 Table 3.3
    learn::OffPolicyConfig c;
    c.algorithm = learner == FirmLearner::Td3   ? learn::OffPolicyAlgorithm::Td3
                  : learner == FirmLearner::Sac ? learn::OffPolicyAlgorithm::Sac
                                                : learn::OffPolicyAlgorithm::Ddpg;
    c.stateDim = kStateDim;
    c.actionDim = kActionDim;
    c.actorHidden = {table.actorHidden1, table.actorHidden2};
    c.criticHidden = {table.criticHidden1, table.criticHidden2};
    c.actorLearningRate = table.actorLearningRate;
    c.criticLearningRate = table.criticLearningRate;
    c.entropyLearningRate = table.actorLearningRate;
    c.discount = table.discount;
    c.softUpdate = table.softUpdate;
    c.finalLayerInit = table.finalLayerInit; // an untrained actor keeps limits near base
    c.explorationNoise = options.explorationNoise;
    c.preTanhPenalty = options.preTanhPenalty;
    c.seed = seed;
    return c;
}

} // namespace

FirmAgent::FirmAgent(FirmLearner learner, std::uint64_t seed, const FirmAgentOptions& options)
    : m_learner(learner), m_impl(std::make_unique<Impl>(seed))
{
    if (learner == FirmLearner::SeedDdpg) {
        learn::DdpgConfig config; // Table 3.3 defaults
        config.seed = seed;
        m_impl->seedDdpg = std::make_unique<learn::DdpgAgent>(config);
    } else {
        m_impl->core = std::make_unique<learn::OffPolicyAgent>(coreConfig(learner, seed, options));
    }
}

FirmAgent::~FirmAgent() = default;
FirmAgent::FirmAgent(FirmAgent&&) noexcept = default;
FirmAgent& FirmAgent::operator=(FirmAgent&&) noexcept = default;

std::vector<float> FirmAgent::act(std::span<const float> state, bool explore)
{
    return m_impl->seedDdpg ? m_impl->seedDdpg->act(state, explore) : m_impl->core->act(state, explore);
}

std::vector<float> FirmAgent::randomAction()
{
    std::vector<float> action(kActionDim);
    for (float& a : action)
        a = static_cast<float>(2 * m_impl->warmup.uniform() - 1);
    return action;
}

void FirmAgent::startEpisode()
{
    if (m_impl->seedDdpg)
        m_impl->seedDdpg->resetNoise();
}

learn::OffPolicyUpdateStats FirmAgent::update(const learn::ReplayBatch& batch, bool* valuesMeasured)
{
    if (valuesMeasured != nullptr)
        *valuesMeasured = m_impl->seedDdpg == nullptr;
    if (m_impl->seedDdpg) {
        const learn::DdpgUpdateStats losses = m_impl->seedDdpg->update(batch);
        learn::OffPolicyUpdateStats stats;
        stats.criticLoss = losses.criticLoss;
        stats.actorLoss = losses.actorLoss;
        stats.actorUpdated = true;
        return stats;
    }
    return m_impl->core->update(batch);
}

std::string FirmAgent::saveBytes() const
{
    return m_impl->seedDdpg ? m_impl->seedDdpg->saveBytes() : m_impl->core->saveBytes();
}

void FirmAgent::loadBytes(std::string_view bytes)
{
    if (m_impl->seedDdpg)
        m_impl->seedDdpg->loadBytes(bytes);
    else
        m_impl->core->loadBytes(bytes);
}

} // namespace orrery::plugins::firm
