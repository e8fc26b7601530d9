#include "simppo_trainer.h"

#include "agent_team.h"
#include "learn/deterministic_torch.h"
#include "learn/update_stats_window.h"
#include "simppo_params.h"

#include <sstream>

namespace orrery::plugins::simppo {

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

    std::uint64_t updates = 0;
    learn::UpdateStatsWindow sinceCheckpoint({}); // PPO updates since the last checkpoint (update.* metrics)
    double lastMean = 0;
    double bestMean = -1e300;
    std::uint32_t trained = 0;
    int lastAgents = 0;
    for (std::uint32_t k = 1; k <= config.episodes; ++k) {
        const std::uint32_t episode = first + k;
        policy::Observation observation = environment.reset(config.seed + episode);
        const auto [added, removed] = team.syncAgents(observation);
        lastAgents = static_cast<int>(team.agentCount());
        double total = 0;
        std::uint32_t steps = 0;
        bool done = false;
        while (steps < config.stepsPerEpisode && !done) {
            const std::vector<policy::ControlAction> actions = team.act(observation, true, true);
            policy::StepResult result = environment.step(actions);
            ++steps;
            done = result.done;
            total += team.observeOutcome(result.observation, result.outcomes, done || steps == config.stepsPerEpisode);
            observation = std::move(result.observation);
        }
        std::vector<std::pair<std::string, double>> agentRewards;
        for (const auto& [name, reward] : team.episodeRewards())
            agentRewards.emplace_back(name, steps ? reward / steps : 0.0);
        const TeamUpdate update = team.update();
        updates += update.agentsUpdated;
        for (const learn::PpoUpdateStats& stats : update.perAgent)
            sinceCheckpoint.add(stats);
        ++trained;
        policy::ControlEpisodeReport report;
        report.episode = episode;
        report.steps = steps;
        report.reward = total;
        report.meanReward = steps ? total / steps : 0.0;
        report.updates = updates;
        report.terminatedEarly = done && steps < config.stepsPerEpisode;
        report.agentRewards = std::move(agentRewards);
        // A fresh team's first agents are the start, not churn; a resumed or transferred team's
        // first episode can bring a change of functions, and the curves should mark it.
        report.agentsAdded = episode == 1 ? 0 : added;
        report.agentsRemoved = removed;
        lastMean = report.meanReward;
        bestMean = std::max(bestMean, lastMean);
        const bool goOn = !progress.onEpisode || progress.onEpisode(report);
        // Counted on the run's episodes, so a resumed run checkpoints where the unbroken one would.
        if (config.checkpointEvery > 0 && episode % config.checkpointEvery == 0 && progress.onCheckpoint) {
            std::vector<std::pair<std::string, double>> metrics = {{"episode", static_cast<double>(episode)},
                                                                   {"mean_team_reward", lastMean},
                                                                   {"agents", static_cast<double>(team.agentCount())}};
            for (auto& stat : sinceCheckpoint.takeMetrics()) // the agents' PPO updates since the last one
                metrics.push_back(std::move(stat));
            progress.onCheckpoint(episode, team.save(), metrics);
        }
        if (!goOn)
            break;
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
