#include "aware_trainer.h"

#include "aware_learners.h"
#include "policy/episode_reward_summary.h"
#include "env/transition_features.h"
#include "learn/deterministic_torch.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <unordered_map>

namespace orrery::plugins::aware {
namespace {

using orrery::aware::LifecycleStage;

//! Normalises the first normalizer.dimension() values of every state and next state of `batch`.
void normalizePrefixes(const learn::RunningNormalizer& normalizer, learn::ReplayBatch& batch)
{
    const std::size_t width = batch.stateDim, prefix = normalizer.dimension();
    for (std::vector<float>* rows : {&batch.states, &batch.nextStates}) {
        for (std::size_t i = 0; i < batch.size; ++i) {
            const std::span<float> head(rows->data() + i * width, prefix);
            normalizer.normalize(head, head);
        }
    }
}

std::string number(double value)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

} // namespace

AwareTrainer::AwareTrainer(AwareParams params, const policy::ControlTrainingConfig& config)
    : m_params(std::move(params)), m_config(config), m_lifecycle(m_params.lifecycle)
{
    if (m_config.episodes == 0 || m_config.stepsPerEpisode == 0)
        throw std::invalid_argument("aware training needs at least one episode of at least one step");
    if (m_config.resume)
        throw std::invalid_argument("aware cannot resume a training run (its replay buffer is not checkpointed); "
                                    "train again");
    const bool transfer = m_config.mode == policy::ControlTrainingMode::Transfer;
    if (m_config.mode == policy::ControlTrainingMode::OneForEach)
        throw std::invalid_argument("aware trains one agent for all targets (--mode one-for-all, or transfer)");
    if (transfer && (m_config.baseModel == nullptr || m_config.baseModel->empty()))
        throw std::invalid_argument("aware transfer learning needs a base aware model");
    learn::makeTorchDeterministic(m_config.seed);
    std::optional<AwareModel> base;
    if (transfer) {
        base = AwareModel::fromBytes(*m_config.baseModel);
        if (base->stateDim != m_params.stateDim() || base->embedding.size() != m_params.embeddingDim)
            throw std::invalid_argument("aware transfer: the base model has " + std::to_string(base->stateDim)
                                        + " state features and a " + std::to_string(base->embedding.size())
                                        + "-value embedding; these parameters give " + std::to_string(m_params.stateDim())
                                        + " and " + std::to_string(m_params.embeddingDim)
                                        + " (set contextFeatures and embeddingDim as the base model was trained)");
        m_params.scale = base->scale;
    }
    m_config.baseModel = nullptr;
    m_meta = loadMetaLearner(m_params);
    if (!m_meta && base && !base->metaLearner.empty())
        m_meta = metaLearnerFromBytes(m_params, base->metaLearner); // the meta learner travels with the model
    if (m_meta)
        m_metaBytes = m_meta->saveBytes();
    if (base && base->learner != m_params.learner)
        throw std::invalid_argument(std::string("aware transfer: the base model was trained with learner ") + learn::toString(base->learner)
                                    + ", this run asks for " + learn::toString(m_params.learner) + " (set learner as the base model was trained)");
    m_agent = std::make_unique<learn::ControlAgent>(
        makeAwareAgent(m_params.learner, m_config.seed, m_params.stateDim(), m_params.embeddingDim, m_params.agentOptions));
    m_replay = std::make_unique<learn::ReplayBuffer>(m_params.replayCapacity, m_params.stateDim() + m_params.embeddingDim,
                                                     kActionDim, m_config.seed + 1);
    for (std::uint32_t k = 0; k < std::max<std::uint32_t>(1, m_params.environments); ++k)
        m_controllers.push_back(std::make_unique<AwareController>(m_params, std::vector<float>(m_params.embeddingDim, 0.0f)));
    if (base)
        m_agentSteps = m_params.warmupSteps; // a transferred agent has learned: no random warm-up
    if ((base && !base->stateNormalizer.empty()) || m_params.normalizeState) {
        // A base model's statistics go on (its agent learned on inputs normalised by them).
        m_normalizer = std::make_unique<learn::RunningNormalizer>(m_params.stateDim());
        if (base && !base->stateNormalizer.empty())
            m_normalizer->loadBytes(base->stateNormalizer);
        for (const auto& controller : m_controllers)
            controller->setNormalizer(m_normalizer.get());
    }
    m_lifecycle.start();
    if (base) {
        // Weight transfer (FIRM's TL, seed 001 §5.5.2): the agent starts from the base model's
        // weights and embedding, and the lifecycle from the stage the base model's rewards reach
        // with this run's thresholds (as a run restores it); the k-shot embedding, with a meta
        // learner, replaces the base's after kShot episodes of this environment.
        m_agent->loadBytes(base->agent);
        setEmbedding(base->embedding);
        for (const double reward : base->lifecycleRewards) {
            (void)m_lifecycle.observe(reward);
            m_lifecycleRewards.push_back(reward);
        }
        m_transferredRewards = base->lifecycleRewards.size();
    }
}

AwareTrainer::~AwareTrainer() = default;

void AwareTrainer::setEmbedding(const std::vector<float>& embedding)
{
    for (const auto& controller : m_controllers)
        controller->setEmbedding(embedding);
}

std::vector<policy::ControlEpisodeReport> AwareTrainer::runRound(learn::SiblingEnvironments<policy::Environment>& environments,
                                                                 std::size_t count, std::uint32_t first)
{
    const std::span<policy::Environment* const> round = environments.first(count);
    m_agent->startEpisode();
    const orrery::aware::ActingController who = m_lifecycle.actingController();
    const bool explore = m_lifecycle.explores();
    const bool trains = m_lifecycle.trains();
    const bool offline = m_lifecycle.stage() == LifecycleStage::Offline;
    std::vector<Lane> lanes(count);
    std::vector<std::size_t> which;
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        Lane& lane = lanes[i];
        lane.environment = round[i];
        lane.controller = m_controllers[i].get();
        lane.controller->beginEpisode();
        lane.report.episode = first + static_cast<std::uint32_t>(i);
        lane.recordShot = m_meta && m_shots.size() + i < m_params.kShot;
        lane.shot = {env::TransitionFeatures::kStateDim, env::TransitionFeatures::kActionDim, {}, {}, {}};
        which.push_back(i);
    }
    environments.run(which, [&](std::size_t i) {
        Lane& lane = lanes[i];
        if (environments.size() > 1)
            lane.environment->resumeAfter(lane.report.episode - 1); // a sibling runs every K-th episode
        lane.observation = lane.environment->reset(m_config.seed + lane.report.episode - 1);
    });
    std::unordered_map<std::string, std::size_t> nextIndex;
    for (;;) {
        which.clear();
        for (std::size_t i = 0; i < lanes.size(); ++i) {
            Lane& lane = lanes[i];
            if (lane.done || lane.report.steps >= m_config.stepsPerEpisode)
                continue;
            lane.warmup = who == orrery::aware::ActingController::Agent && explore && m_agentSteps < m_params.warmupSteps;
            lane.decision = lane.controller->decide(lane.observation, who, *m_agent, explore, lane.warmup);
            m_agentSteps += who == orrery::aware::ActingController::Agent && explore ? 1 : 0;
            if (m_normalizer)
                for (const AwareTargetStep& step : lane.decision.steps)
                    m_normalizer->update(std::span<const float>(step.state.data(), m_normalizer->dimension()));
            which.push_back(i);
        }
        if (which.empty())
            break;
        environments.run(which, [&](std::size_t i) { lanes[i].result = lanes[i].environment->step(lanes[i].decision.actions); });
        for (const std::size_t i : which) {
            Lane& lane = lanes[i];
            policy::StepResult& result = lane.result;
            ++lane.report.steps;
            ++m_steps;
            lane.report.reward += result.reward;
            lane.done = result.done;
            if (lane.recordShot) {
                const auto state = env::TransitionFeatures::state(lane.observation);
                const auto action = env::TransitionFeatures::action(lane.observation, result.outcomes);
                lane.shot.states.insert(lane.shot.states.end(), state.begin(), state.end());
                lane.shot.actions.insert(lane.shot.actions.end(), action.begin(), action.end());
                lane.shot.rewards.push_back(static_cast<float>(result.reward));
            }
            nextIndex.clear();
            for (std::size_t t = 0; t < result.observation.targets.size(); ++t)
                nextIndex.emplace(result.observation.targets[t].name, t);
            for (const AwareTargetStep& step : lane.decision.steps) {
                const auto found = nextIndex.find(step.target);
                if (found == nextIndex.end())
                    continue; // the target is gone: no successor state to learn from
                // Learn from the configuration the step left, not the request the environment may have
                // converted, clamped or refused (issue 32), nor a change below minRelativeChange.
                const policy::TargetObservation& next = result.observation.targets[found->second];
                m_replay->add(step.state, lane.controller->executedAction(next, step.action), static_cast<float>(result.reward),
                              lane.controller->stateOf(next), result.done && !result.truncated); // the time limit is no terminal state
            }
            if (trains && !lane.warmup && !lane.decision.steps.empty() && m_replay->size() >= m_params.batchSize) {
                m_replay->sampleInto(m_params.batchSize, m_batch);
                if (m_normalizer) // the buffer keeps raw states; the agent learns on today's statistics
                    normalizePrefixes(*m_normalizer, m_batch);
                bool valuesMeasured = false;
                const learn::OffPolicyUpdateStats stats = m_agent->updateWithBehaviourCloning(m_batch, offline ? m_params.bcAlpha : 0.0, &valuesMeasured);
                m_offlineUpdates += offline ? 1 : 0;
                m_sinceCheckpoint.add(stats, valuesMeasured); // the seed's DDPG measures its losses only
                ++m_updates;
            }
            lane.observation = std::move(result.observation);
        }
    }
    std::vector<policy::ControlEpisodeReport> reports;
    for (Lane& lane : lanes) {
        policy::ControlEpisodeReport& report = lane.report;
        report.meanReward = report.steps > 0 ? report.reward / report.steps : 0.0;
        report.updates = m_updates;
        report.terminatedEarly = lane.done && report.steps < m_config.stepsPerEpisode;
        if (lane.recordShot && lane.shot.size() > 0)
            m_shots.push_back(std::move(lane.shot));
        // k-shot adaptation (§5.3.2): the embedding of the first kShot episodes, from the next one on
        // (or from the last episode's, when training is shorter than kShot).
        if (m_meta && !m_embedded && !m_shots.empty()
            && (m_shots.size() == m_params.kShot || report.episode == m_config.episodes)) {
            setEmbedding(m_meta->adaptationEmbedding(m_shots));
            m_embedded = true;
        }
        const double lifecycleReward = report.meanReward * m_params.lifecycleSteps;
        m_lifecycleRewards.push_back(lifecycleReward);
        (void)m_lifecycle.observe(lifecycleReward);
        reports.push_back(report);
    }
    return reports;
}

AwareModel AwareTrainer::model() const
{
    AwareModel model;
    model.stateDim = static_cast<std::uint32_t>(m_params.stateDim());
    model.scale = m_params.scale;
    model.embedding = m_controllers.front()->embedding();
    model.lifecycleRewards = m_lifecycleRewards;
    model.agent = m_agent->saveBytes();
    model.learner = m_params.learner;
    model.stateNormalizer = m_normalizer ? m_normalizer->saveBytes() : std::string();
    model.metaLearner = m_metaBytes;
    return model;
}

policy::TrainingResult AwareTrainer::train(policy::Environment& environment, policy::ControlTrainingProgress& progress)
{
    const auto start = std::chrono::steady_clock::now();
    std::vector<double> rewards;
    std::vector<LifecycleStage> stages;
    std::uint32_t earlyTerminations = 0;
    // Parallel rollouts: the environment given and its siblings (policy API 1.8).
    learn::SiblingEnvironments<policy::Environment> environments(environment, m_controllers.size(), m_config.threads, "aware");
    bool goOn = true;
    for (std::uint32_t first = 1; first <= m_config.episodes && goOn;) {
        const auto count = std::min<std::size_t>(environments.size(), m_config.episodes - first + 1);
        const LifecycleStage stage = m_lifecycle.stage(); // the whole round's
        const std::vector<policy::ControlEpisodeReport> reports =
            runRound(environments, count, first);
        first += static_cast<std::uint32_t>(count);
        for (const policy::ControlEpisodeReport& report : reports) {
            const std::uint32_t episode = report.episode;
            stages.push_back(stage);
            rewards.push_back(report.reward);
            earlyTerminations += report.terminatedEarly ? 1 : 0;
            goOn = !progress.onEpisode || progress.onEpisode(report);
            // A checkpoint holds the model at the end of its round.
            if (m_config.checkpointEvery > 0 && episode % m_config.checkpointEvery == 0 && progress.onCheckpoint) {
                std::vector<std::pair<std::string, double>> metrics = {
                    {"checkpoint_episode", episode}, {"episode_reward", report.reward},
                    {"steps", static_cast<double>(m_steps)}, {"updates", static_cast<double>(m_updates)},
                    {"lifecycle_stage", static_cast<double>(m_lifecycle.stage())}};
                m_sinceCheckpoint.takeMetricsInto(metrics);
                progress.onCheckpoint(episode, model().toBytes(), metrics);
            }
            if (!goOn)
                break;
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    policy::TrainingResult result;
    result.model = model().toBytes();
    const auto summary = policy::EpisodeRewardSummary::of(rewards);
    double norm = 0;
    for (const float v : m_controllers.front()->embedding())
        norm += static_cast<double>(v) * v;
    auto stageCount = [&](LifecycleStage stage) {
        return static_cast<double>(std::count(stages.begin(), stages.end(), stage));
    };
    // Transitions after the start one (INITIALIZED → OFFLINE/ONLINE, which every run has).
    const auto& history = m_lifecycle.history();
    const bool transfer = m_config.mode == policy::ControlTrainingMode::Transfer;
    auto& m = result.metrics;
    m.emplace_back("episodes", static_cast<double>(rewards.size()));
    m.emplace_back("steps", static_cast<double>(m_steps));
    m.emplace_back("updates", static_cast<double>(m_updates));
    m.emplace_back("offline_updates", static_cast<double>(m_offlineUpdates));
    m.emplace_back("early_terminations", earlyTerminations);
    summary.appendTo(m);
    m.emplace_back("steps_per_second", seconds > 0 ? static_cast<double>(m_steps) / seconds : 0.0);
    m.emplace_back("episodes_per_second", seconds > 0 ? static_cast<double>(rewards.size()) / seconds : 0.0);
    m.emplace_back("episodes_offline", stageCount(LifecycleStage::Offline));
    m.emplace_back("episodes_online", stageCount(LifecycleStage::Online));
    m.emplace_back("episodes_serving", stageCount(LifecycleStage::Serving));
    m.emplace_back("lifecycle_transitions", static_cast<double>(history.size() > 0 ? history.size() - 1 : 0));
    m.emplace_back("final_lifecycle_stage", static_cast<double>(m_lifecycle.stage()));
    m.emplace_back("embedding_norm", std::sqrt(norm));
    m.emplace_back("transferred_lifecycle_rewards", static_cast<double>(m_transferredRewards));
    for (std::size_t i = 0; i < rewards.size(); ++i) {
        m.emplace_back("episode_reward." + std::to_string(i + 1), rewards[i]);
        m.emplace_back("lifecycle_stage." + std::to_string(i + 1), static_cast<double>(stages[i]));
    }
    result.report = "aware: " + std::to_string(rewards.size()) + " episodes, " + std::to_string(m_steps) + " steps, "
        + std::to_string(m_updates) + " updates (" + std::to_string(m_offlineUpdates) + " offline); episode reward "
        + number(summary.first) + " → " + number(summary.last) + " (best " + number(summary.best) + "); stage "
        + std::string(orrery::aware::toString(m_lifecycle.stage())) + (m_meta ? "; embedding from " : "; zero embedding")
        + (m_meta ? std::to_string(m_shots.size()) + " episode(s)" : "")
        + (transfer ? "; transferred from a base model (" + std::to_string(m_transferredRewards) + " lifecycle rewards)"
                    : std::string());
    for (const auto& transition : history)
        result.report += "\n  lifecycle: " + transition.describe();
    return result;
}

} // namespace orrery::plugins::aware
