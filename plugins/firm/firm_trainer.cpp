#include "firm_trainer.h"

#include "firm_action.h"
#include "learn/deterministic_torch.h"
#include "learn/sibling_environments.h"
#include "policy/episode_reward_summary.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <unordered_map>

namespace orrery::plugins::firm {
namespace {

using policy::ControlTrainingMode;

//! FNV-1a: a per-target seed that does not depend on the standard library's std::hash.
std::uint64_t nameHash(const std::string& name)
{
    std::uint64_t hash = 1469598103934665603ull;
    for (const unsigned char c : name) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    return hash;
}

std::string number(double value)
{
    char text[40];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

//! The action dimensions by name, for the bound fractions.
std::vector<std::string> resourceNames()
{
    std::vector<std::string> names;
    for (const auto resource : kFirmResources)
        names.emplace_back(policy::toString(resource));
    return names;
}

} // namespace

FirmTrainer::FirmTrainer(FirmParams params, const policy::ControlTrainingConfig& config)
    : m_params(params), m_config(config), m_sinceCheckpoint(resourceNames()), m_wholeRun(resourceNames())
{
    if (m_config.episodes == 0 || m_config.stepsPerEpisode == 0)
        throw std::invalid_argument("firm training needs at least one episode of at least one step");
    // DDPG's replay buffers and noise processes are not in the model, so a resumed run would
    // not be the run that was stopped; say so rather than continue a different one.
    if (m_config.resume)
        throw std::invalid_argument("firm cannot resume a training run (its replay buffers are not checkpointed); "
                                    "train again, or continue from the model with --mode transfer");
    if (m_config.mode == ControlTrainingMode::Transfer) {
        if (m_config.baseModel == nullptr || m_config.baseModel->empty())
            throw std::invalid_argument("firm transfer learning needs a one-for-all base model");
        const FirmModel base = FirmModel::fromBytes(*m_config.baseModel);
        const std::string* shared = base.agentFor("");
        if (base.mode != ControlTrainingMode::OneForAll || shared == nullptr)
            throw std::invalid_argument(std::string("firm transfer learning starts from a one-for-all model, not a ")
                                        + toString(base.mode) + " one");
        if (base.learner != m_params.learner)
            throw std::invalid_argument(std::string("firm transfer learning: the base model was trained with learner ")
                                        + toString(base.learner) + ", this run asks for " + toString(m_params.learner));
        m_baseAgent = *shared;
    }
    m_config.baseModel = nullptr; // the caller's bytes need not outlive the constructor
}

FirmTrainer::~FirmTrainer() = default;

FirmTrainer::Learner& FirmTrainer::learnerFor(const std::string& target)
{
    const std::string key = m_config.mode == ControlTrainingMode::OneForAll ? std::string() : target;
    auto it = m_learners.find(key);
    if (it != m_learners.end())
        return *it->second;
    const std::uint64_t seed = key.empty() ? m_config.seed : m_config.seed ^ nameHash(key);
    auto learner = std::make_unique<Learner>(
        Learner{makeFirmAgent(m_params.learner, seed, m_params.agentOptions),
                learn::ReplayBuffer(m_params.replayCapacity, kStateDim, kActionDim, seed + 1), false});
    if (m_config.mode == ControlTrainingMode::Transfer)
        learner->agent.loadBytes(m_baseAgent);
    return *m_learners.emplace(key, std::move(learner)).first->second;
}

void FirmTrainer::begin(Rollout& rollout, std::uint32_t episode)
{
    rollout.report = {};
    rollout.report.episode = episode;
    rollout.baseLimits.clear();
    rollout.done = false;
    rollout.observation = rollout.environment->reset(m_config.seed + episode - 1);
}

bool FirmTrainer::running(const Rollout& rollout) const
{
    return !rollout.done && rollout.report.steps < m_config.stepsPerEpisode;
}

void FirmTrainer::act(Rollout& rollout)
{
    rollout.pending.clear();
    rollout.actions.clear();
    for (const auto& target : rollout.observation.targets) {
        const auto& base = rollout.baseLimits.try_emplace(target.name, target.limit).first->second;
        if (!m_params.allTargets && !target.critical)
            continue;
        Learner& learner = learnerFor(target.name);
        Pending step{&learner, target.name, firmState(target, rollout.observation.requestComposition), {}};
        step.action = m_steps < m_params.warmupSteps ? learner.agent.randomAction() : learner.agent.act(step.state, true);
        for (auto& limit : limitActions(target, base, step.action, m_params.scale))
            rollout.actions.push_back(std::move(limit));
        rollout.pending.push_back(std::move(step));
    }
}

void FirmTrainer::learn(Rollout& rollout)
{
    policy::StepResult& result = rollout.result;
    ++rollout.report.steps;
    ++m_steps;
    rollout.report.reward += result.reward;
    rollout.done = result.done;
    m_nextIndex.clear(); // kept between steps: no allocation per step
    for (std::size_t i = 0; i < result.observation.targets.size(); ++i)
        m_nextIndex.emplace(result.observation.targets[i].name, i);
    // The application-wide reward: the environment's, or with the SLO gate the mean of every
    // target's gated FIRM reward.
    double applicationReward = result.reward;
    if (m_params.environmentReward && m_params.sloGatedReward) {
        applicationReward = 0.0;
        for (const auto& target : result.observation.targets)
            applicationReward += firmReward(target, m_params.alpha, true);
        if (!result.observation.targets.empty())
            applicationReward /= static_cast<double>(result.observation.targets.size());
    }
    for (const Pending& step : rollout.pending) {
        const auto found = m_nextIndex.find(step.target);
        if (found == m_nextIndex.end())
            continue; // the target is gone: no successor state to learn from
        const auto& next = result.observation.targets[found->second];
        const FirmState nextState = firmState(next, result.observation.requestComposition);
        const double reward = m_params.environmentReward ? applicationReward : firmReward(next, m_params.alpha, m_params.sloGatedReward);
        // Learn from the action as executed (issue 32): the limits in effect after the step,
        // mapped back to the actor's scale, not the request the environment may have changed.
        std::vector<float> executed = step.action;
        const auto& base = rollout.baseLimits.at(step.target);
        for (std::size_t r = 0; r < kFirmResources.size() && r < executed.size(); ++r) {
            const std::size_t i = policy::indexOf(kFirmResources[r]);
            if (base[i] > 0.0 && next.limit[i] > 0.0)
                executed[r] = static_cast<float>(actionFor(next.limit[i], base[i], m_params.scale, r));
        }
        // Only a terminal state stops the bootstrap; the time limit is not one (issue 32).
        step.learner->replay.add(step.state, executed, static_cast<float>(reward), nextState, result.done && !result.truncated);
        step.learner->hasNewTransition = true;
    }
    for (auto& [name, learner] : m_learners) {
        if (!learner->hasNewTransition)
            continue;
        learner->hasNewTransition = false;
        if (learner->replay.size() < m_params.batchSize || m_steps <= m_params.warmupSteps)
            continue;
        learner->replay.sampleInto(m_params.batchSize, m_batch);
        bool valuesMeasured = true;
        const learn::OffPolicyUpdateStats stats = learner->agent.update(m_batch, &valuesMeasured);
        m_sinceCheckpoint.add(stats, valuesMeasured);
        m_wholeRun.add(stats, valuesMeasured);
        ++m_updates;
    }
    rollout.observation = std::move(result.observation);
}

policy::ControlEpisodeReport FirmTrainer::finish(Rollout& rollout) const
{
    policy::ControlEpisodeReport report = rollout.report;
    report.meanReward = report.steps > 0 ? report.reward / report.steps : 0.0;
    report.updates = m_updates;
    report.terminatedEarly = rollout.done && report.steps < m_config.stepsPerEpisode;
    return report;
}

policy::ControlEpisodeReport FirmTrainer::runEpisode(policy::Environment& environment, std::uint32_t episode)
{
    for (auto& [name, learner] : m_learners)
        learner->agent.startEpisode();
    Rollout rollout;
    rollout.environment = &environment;
    begin(rollout, episode);
    while (running(rollout)) {
        act(rollout);
        rollout.result = environment.step(rollout.actions);
        learn(rollout);
    }
    return finish(rollout);
}

std::vector<policy::ControlEpisodeReport> FirmTrainer::runRound(std::span<policy::Environment* const> environments,
                                                                std::uint32_t first, std::uint32_t count, learn::RolloutPool& pool)
{
    for (auto& [name, learner] : m_learners)
        learner->agent.startEpisode();
    std::vector<Rollout> rollouts(count);
    std::vector<std::size_t> which(count);
    for (std::uint32_t k = 0; k < count; ++k) {
        rollouts[k].environment = environments[k];
        which[k] = k;
    }
    pool.run(which, [&](std::size_t k) { begin(rollouts[k], first + static_cast<std::uint32_t>(k)); });
    for (;;) {
        which.clear();
        for (std::uint32_t k = 0; k < count; ++k) {
            if (running(rollouts[k])) {
                act(rollouts[k]);
                which.push_back(k);
            }
        }
        if (which.empty())
            break;
        pool.run(which, [&](std::size_t k) { rollouts[k].result = rollouts[k].environment->step(rollouts[k].actions); });
        for (const std::size_t k : which)
            learn(rollouts[k]);
    }
    std::vector<policy::ControlEpisodeReport> reports;
    for (Rollout& rollout : rollouts)
        reports.push_back(finish(rollout));
    return reports;
}

FirmModel FirmTrainer::model() const
{
    FirmModel model;
    model.learner = m_params.learner;
    model.mode = m_config.mode;
    model.scale = m_params.scale;
    if (m_config.mode == ControlTrainingMode::Transfer)
        model.agents.emplace_back(std::string(), m_baseAgent);
    for (const auto& [name, learner] : m_learners) // std::map: sorted by name, so bytes are stable
        model.agents.emplace_back(name, learner->agent.saveBytes());
    if (model.agents.empty()) // nothing ever acted: keep an untrained shared agent, so the model loads
        model.agents.emplace_back(std::string(), makeFirmAgent(m_params.learner, m_config.seed).saveBytes());
    return model;
}

policy::TrainingResult FirmTrainer::train(policy::Environment& environment, policy::ControlTrainingProgress& progress)
{
    learn::makeTorchDeterministic(m_config.seed);
    const auto start = std::chrono::steady_clock::now();
    std::vector<double> rewards;
    std::uint32_t earlyTerminations = 0;
    // Parallel rollouts: the environment given and its siblings (policy API 1.8).
    learn::SiblingEnvironments<policy::Environment> environments(environment, m_params.environments, m_config.threads, "firm");
    bool goOn = true;
    for (std::uint32_t first = 1; first <= m_config.episodes && goOn;) {
        std::vector<policy::ControlEpisodeReport> reports;
        if (environments.size() == 1) {
            reports.push_back(runEpisode(environment, first));
        } else {
            const auto count = static_cast<std::uint32_t>(std::min<std::size_t>(environments.size(), m_config.episodes - first + 1));
            reports = runRound(environments.first(environments.size()), first, count, *environments.pool());
        }
        first += static_cast<std::uint32_t>(reports.size());
        for (const policy::ControlEpisodeReport& report : reports) {
            const std::uint32_t episode = report.episode;
            rewards.push_back(report.reward);
            earlyTerminations += report.terminatedEarly ? 1 : 0;
            goOn = !progress.onEpisode || progress.onEpisode(report);
            if (m_config.checkpointEvery > 0 && episode % m_config.checkpointEvery == 0 && progress.onCheckpoint) {
                std::vector<std::pair<std::string, double>> metrics = {
                    {"checkpoint_episode", episode}, {"episode_reward", report.reward},
                    {"steps", static_cast<double>(m_steps)}, {"updates", static_cast<double>(m_updates)}};
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
    auto& m = result.metrics;
    m.emplace_back("episodes", static_cast<double>(rewards.size()));
    m.emplace_back("steps", static_cast<double>(m_steps));
    m.emplace_back("updates", static_cast<double>(m_updates));
    m.emplace_back("agents", static_cast<double>(m_learners.size()));
    m.emplace_back("early_terminations", earlyTerminations);
    summary.appendTo(m);
    for (auto& [name, value] : m_wholeRun.takeMetrics()) // the run's means, apart from the checkpoints' curves
        m.emplace_back("run." + name, value);
    m.emplace_back("steps_per_second", seconds > 0 ? static_cast<double>(m_steps) / seconds : 0.0);
    m.emplace_back("updates_per_second", seconds > 0 ? static_cast<double>(m_updates) / seconds : 0.0);
    for (std::size_t i = 0; i < rewards.size(); ++i)
        m.emplace_back("episode_reward." + std::to_string(i + 1), rewards[i]);
    result.report = std::string("firm ") + toString(m_config.mode) + ": " + std::to_string(rewards.size())
        + " episodes, " + std::to_string(m_steps) + " steps, " + std::to_string(m_updates) + " updates, "
        + std::to_string(m_learners.size()) + " agent(s); episode reward " + number(summary.first) + " → "
        + number(summary.last) + " (best " + number(summary.best) + ", mean of last " + std::to_string(summary.tail)
        + " " + number(summary.tailMean) + ")";
    return result;
}

} // namespace orrery::plugins::firm
