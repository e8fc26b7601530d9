#include "simppo_trainer.h"

#include "agent_team.h"
#include "learn/deterministic_torch.h"
#include "learn/sibling_environments.h"
#include "learn/update_stats_window.h"
#include "simppo_params.h"

#include <algorithm>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace orrery::plugins::simppo {

namespace {

//! One environment's episode in a round.
struct Lane {
    policy::Environment* environment = nullptr;
    std::uint32_t episode = 0;
    std::vector<policy::ControlAction> actions;
    policy::StepResult result;
    double total = 0;
    std::uint32_t steps = 0;
    bool done = false;
};

} // namespace

policy::TrainingResult trainTeam(Mode mode, policy::Environment& environment, const policy::ControlTrainingConfig& config,
                                 const policy::PolicyContext& context, policy::ControlTrainingProgress& progress)
{
    learn::makeTorchDeterministic(config.seed);
    const SimppoParams params = SimppoParams::from(context.params);
    TeamConfig teamConfig;
    teamConfig.mode = mode;
    teamConfig.alpha = params.alpha;
    teamConfig.parameterSharing = params.parameterSharing;
    teamConfig.minibatch = params.minibatchFor(mode);
    teamConfig.rolloutSteps = params.teamRolloutSteps();
    teamConfig.seed = config.seed;
    teamConfig.threads = config.threads;
    AgentTeam team(teamConfig);
    if (config.baseModel && !config.baseModel->empty())
        team.load(*config.baseModel);
    const std::uint32_t first = team.episodesTrained();
    if (config.resume)
        environment.resumeAfter(first);

    // Parallel rollouts (policy API 1.8): the environment given and its siblings, one episode
    // each per round. Only the learning core's form: the seed's updates on each episode alone.
    const auto environmentCount = static_cast<std::size_t>(params.environments);
    if (environmentCount > 1 && team.config().rolloutSteps == 0) // a base model's form counts
        throw std::invalid_argument("simppo: environments " + std::to_string(environmentCount)
                                    + " needs learner rollouts (the seed's form updates on each episode alone)");
    learn::SiblingEnvironments<policy::Environment> environments(environment, environmentCount, config.threads, "simppo");

    std::uint64_t updates = 0;
    learn::UpdateStatsWindow sinceCheckpoint({}); // PPO updates since the last checkpoint (update.* metrics)
    double lastMean = 0;
    double bestMean = -1e300;
    std::uint32_t trained = 0;
    int lastAgents = 0;
    bool goOn = true;
    for (std::uint32_t k = 1; k <= config.episodes && goOn;) {
        const std::size_t count = std::min<std::size_t>(environments.size(), config.episodes - k + 1);
        std::vector<Lane> lanes(count);
        std::vector<policy::Observation> observations(count);
        std::vector<std::size_t> which;
        const std::span<policy::Environment* const> round = environments.first(count);
        for (std::size_t i = 0; i < count; ++i) {
            lanes[i].environment = round[i];
            lanes[i].episode = first + k + static_cast<std::uint32_t>(i);
            which.push_back(i);
        }
        environments.run(which, [&](std::size_t i) {
            // A sibling runs every K-th episode, so each is told which one (function churn
            // follows the episode number, FunctionsEnvironment::resumeAfter).
            if (environments.size() > 1)
                lanes[i].environment->resumeAfter(lanes[i].episode - 1);
            observations[i] = lanes[i].environment->reset(config.seed + lanes[i].episode);
        });
        const auto [added, removed] = team.syncAgents(observations);
        lastAgents = static_cast<int>(team.agentCount());
        for (;;) {
            which.clear();
            for (std::size_t i = 0; i < count; ++i) {
                if (lanes[i].steps < config.stepsPerEpisode && !lanes[i].done) {
                    lanes[i].actions = team.act(observations[i], true, true, i);
                    which.push_back(i);
                }
            }
            if (which.empty())
                break;
            environments.run(which, [&](std::size_t i) { lanes[i].result = lanes[i].environment->step(lanes[i].actions); });
            for (const std::size_t i : which) {
                Lane& lane = lanes[i];
                ++lane.steps;
                lane.done = lane.result.done;
                lane.total += team.observeOutcome(lane.result.observation, lane.result.outcomes,
                                                  lane.done || lane.steps == config.stepsPerEpisode, i);
                observations[i] = std::move(lane.result.observation);
            }
        }
        std::vector<std::vector<std::pair<std::string, double>>> agentRewards(count);
        for (std::size_t i = 0; i < count; ++i) {
            for (const auto& [name, reward] : team.episodeRewards(i))
                agentRewards[i].emplace_back(name, lanes[i].steps ? reward / lanes[i].steps : 0.0);
        }
        const TeamUpdate update = team.update(static_cast<std::uint32_t>(count));
        trained += static_cast<std::uint32_t>(count); // the team has learned from the whole round
        updates += update.agentsUpdated;
        for (const learn::PpoUpdateStats& stats : update.perAgent)
            sinceCheckpoint.add(stats);
        // Reports and checkpoints in episode order; a checkpoint holds the team at its round's end.
        std::vector<std::uint8_t> roundModel;
        for (std::size_t i = 0; i < count && goOn; ++i) {
            const Lane& lane = lanes[i];
            const std::uint32_t episode = lane.episode;
            policy::ControlEpisodeReport report;
            report.episode = episode;
            report.steps = lane.steps;
            report.reward = lane.total;
            report.meanReward = lane.steps ? lane.total / lane.steps : 0.0;
            report.updates = updates;
            report.terminatedEarly = lane.done && lane.steps < config.stepsPerEpisode;
            report.agentRewards = std::move(agentRewards[i]);
            // A fresh team's first agents are the start, not churn; a resumed or transferred team's
            // first episode can bring a change of functions, and the curves should mark it.
            report.agentsAdded = i > 0 || episode == 1 ? 0 : added;
            report.agentsRemoved = i > 0 ? 0 : removed;
            lastMean = report.meanReward;
            bestMean = std::max(bestMean, lastMean);
            goOn = !progress.onEpisode || progress.onEpisode(report);
            // Counted on the run's episodes, so a resumed run checkpoints where the unbroken one would.
            if (config.checkpointEvery > 0 && episode % config.checkpointEvery == 0 && progress.onCheckpoint) {
                std::vector<std::pair<std::string, double>> metrics = {{"episode", static_cast<double>(episode)},
                                                                       {"mean_team_reward", lastMean},
                                                                       {"agents", static_cast<double>(team.agentCount())}};
                sinceCheckpoint.takeMetricsInto(metrics); // the agents' PPO updates since the last one
                if (roundModel.empty())
                    roundModel = team.save();
                progress.onCheckpoint(episode, roundModel, metrics);
            }
        }
        k += static_cast<std::uint32_t>(count);
    }
    policy::TrainingResult result;
    result.model = team.save();
    result.metrics = {{"episodes", static_cast<double>(first + trained)},
                      {"final_mean_team_reward", lastMean},
                      {"best_mean_team_reward", bestMean},
                      {"agents", static_cast<double>(lastAgents)}};
    std::ostringstream report;
    report << pluginIdOf(mode) << ": " << trained << " episodes (" << first + trained << " in all), " << lastAgents
           << " agents, final mean team reward per step " << lastMean;
    result.report = report.str();
    return result;
}

} // namespace orrery::plugins::simppo
