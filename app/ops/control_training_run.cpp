// Training a control plugin into a project: shared by `orrery train` and the window's training view.
#include "ops/control_training_run.h"

#include "env/reference_control_policies.h"
#include "sim/rng_stream.h"
#include "store/project.h"

#include <cstdio>
#include <numeric>

namespace orrery::app {
namespace {

std::string number(double value)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

//! The three figures of an evaluation under `prefix` ("evaluation." or "reference.no-control.").
void appendEvaluation(std::vector<std::pair<std::string, double>>& metrics, const std::string& prefix,
                      const std::string& suffix, const env::ControlEvaluation& evaluation)
{
    metrics.emplace_back(prefix + "return" + suffix, evaluation.meanReturn);
    metrics.emplace_back(prefix + "return_std" + suffix, evaluation.stdReturn);
    metrics.emplace_back(prefix + "reward_per_step" + suffix, evaluation.meanRewardPerStep);
}

} // namespace

std::uint32_t defaultEvaluationEvery(std::uint32_t episodes)
{
    return episodes >= 10 ? episodes / 10 : 0;
}

std::optional<policy::ControlTrainingMode> controlTrainingModeFrom(const std::string& text)
{
    if (text == "one-for-all")
        return policy::ControlTrainingMode::OneForAll;
    if (text == "one-for-each")
        return policy::ControlTrainingMode::OneForEach;
    if (text == "transfer")
        return policy::ControlTrainingMode::Transfer;
    return std::nullopt;
}

model::PolicyChoice controlTrainingChoice(const model::Scenario& scenario, const std::string& plugin)
{
    const auto control = scenario.policies.find("control");
    if (control != scenario.policies.end() && control->second.plugin == plugin)
        return control->second;
    model::PolicyChoice choice;
    choice.plugin = plugin;
    choice.fieldPath = "train";
    return choice;
}

ControlTrainingOutcome trainControlIntoProject(const policy::PluginRegistry& registry,
                                               const model::PolicyChoice& choice, const model::Scenario& scenario,
                                               policy::Environment& environment,
                                               const policy::ControlTrainingConfig& config,
                                               const std::string& modeText,
                                               const std::function<store::Project&()>& project,
                                               const ControlTrainingHooks& hooks,
                                               const ControlEvaluationSchedule& schedule)
{
    ControlTrainingOutcome outcome;
    const auto storedModel = [&](std::vector<std::uint8_t> bytes, std::vector<std::pair<std::string, double>> metrics,
                                 std::string report) {
        store::StoredModel stored;
        stored.plugin = choice.plugin;
        stored.scenarioName = scenario.name;
        stored.seed = scenario.seed;
        stored.sampleCount = static_cast<std::int64_t>(outcome.steps);
        stored.bytes = std::move(bytes);
        stored.metrics = std::move(metrics);
        // What it was trained on, by what (a checkpoint is reproducible from these).
        stored.report = std::move(report) + "\ntrained by orrery " ORRERY_VERSION " on scenario " + scenario.name + " (seed "
            + std::to_string(scenario.seed) + ")";
        return stored;
    };

    // Evaluations: the references once, then the model on the same held-out episodes.
    const bool evaluating = schedule.every > 0 && schedule.makeEnvironment;
    std::unique_ptr<policy::Environment> evaluationEnvironment;
    std::vector<std::pair<std::string, double>> curves; // for the final model's metrics
    if (evaluating) {
        evaluationEnvironment = schedule.makeEnvironment();
        for (const env::ReferenceControl reference : env::kReferenceControls) {
            ControlEvaluationPoint point;
            point.policy = env::toString(reference);
            point.evaluation = env::evaluateControl(
                *evaluationEnvironment,
                [&](std::uint32_t episode) { return env::makeReferenceControl(reference, schedule.spec.firstSeed + episode); },
                schedule.spec);
            std::string prefix = "reference.";
            prefix.append(point.policy).append(".");
            appendEvaluation(curves, prefix, "", point.evaluation);
            if (hooks.onEvaluation)
                hooks.onEvaluation(point);
            outcome.evaluations.push_back(std::move(point));
        }
    }
    sim::RngStream evaluationRng(schedule.spec.firstSeed, "evaluation");
    const auto evaluateModel = [&](const std::vector<std::uint8_t>& bytes, std::uint32_t episode) {
        ControlEvaluationPoint point;
        point.episode = episode;
        point.policy = "model";
        point.evaluation = env::evaluateControl(
            *evaluationEnvironment,
            [&](std::uint32_t evaluationEpisode) {
                // The previous episode's policy is gone by now, so one generator serves them all.
                evaluationRng = sim::RngStream(schedule.spec.firstSeed + evaluationEpisode, "evaluation");
                policy::PolicyContext context;
                context.rng = &evaluationRng;
                context.model = &bytes;
                return registry.createControl(choice, context);
            },
            schedule.spec);
        std::string suffix = ".";
        suffix += std::to_string(episode);
        appendEvaluation(curves, "evaluation.", suffix, point.evaluation);
        if (hooks.onEvaluation)
            hooks.onEvaluation(point);
        outcome.evaluations.push_back(point);
        return point.evaluation;
    };
    struct Best {
        std::uint32_t episode = 0;
        double meanReturn = 0;
        std::vector<std::uint8_t> bytes;
        std::vector<std::pair<std::string, double>> metrics;
    };
    std::optional<Best> best;
    const auto consider = [&](std::uint32_t episode, double meanReturn, const std::vector<std::uint8_t>& bytes,
                              const std::vector<std::pair<std::string, double>>& metrics) {
        if (best && meanReturn < best->meanReturn)
            return; // ties go to the later model
        best = Best{episode, meanReturn, bytes, metrics};
    };

    // The trainer checkpoints whenever the caller stores one or an evaluation is due.
    policy::ControlTrainingConfig trainerConfig = config;
    if (evaluating)
        trainerConfig.checkpointEvery = config.checkpointEvery > 0 ? std::gcd(config.checkpointEvery, schedule.every)
                                                                   : schedule.every;
    std::uint32_t lastEpisode = 0;
    std::uint32_t lastEvaluated = 0;
    double lastEvaluatedReturn = 0;
    policy::ControlTrainingProgress progress;
    progress.onEpisode = [&](const policy::ControlEpisodeReport& report) {
        outcome.steps += report.steps;
        lastEpisode = report.episode;
        if (hooks.onEpisode && !hooks.onEpisode(report))
            outcome.cancelled = true;
        return !outcome.cancelled;
    };
    progress.onCheckpoint = [&](std::uint32_t episode, const std::vector<std::uint8_t>& bytes,
                                const std::vector<std::pair<std::string, double>>& metrics) {
        std::vector<std::pair<std::string, double>> updateStats;
        for (const auto& [name, value] : metrics) {
            if (name.rfind("update.", 0) == 0) {
                updateStats.emplace_back(name, value);
                std::string curve = name;
                curve.append(".").append(std::to_string(episode));
                curves.emplace_back(std::move(curve), value);
            }
        }
        if (!updateStats.empty() && hooks.onUpdateStats)
            hooks.onUpdateStats(episode, updateStats);
        std::vector<std::pair<std::string, double>> checkpointMetrics = metrics;
        if (evaluating && episode % schedule.every == 0 && !outcome.cancelled) {
            const env::ControlEvaluation evaluation = evaluateModel(bytes, episode);
            appendEvaluation(checkpointMetrics, "evaluation.", "", evaluation);
            lastEvaluated = episode;
            lastEvaluatedReturn = evaluation.meanReturn;
            consider(episode, evaluation.meanReturn, bytes, checkpointMetrics);
        }
        if (config.checkpointEvery == 0 || episode % config.checkpointEvery != 0)
            return;
        const store::ModelId id = project().saveModel(storedModel(
            bytes, checkpointMetrics, "checkpoint episode " + std::to_string(episode) + " (" + modeText + ")"));
        ++outcome.checkpoints;
        if (hooks.onCheckpointStored)
            hooks.onCheckpointStored(episode, id);
    };

    policy::PolicyContext context;
    policy::TrainingResult trained = registry.trainControl(choice, environment, trainerConfig, progress, context);
    policy::PolicyContext check;
    check.model = &trained.model;
    (void)registry.createControl(choice, check); // the plugin can read what it wrote
    if (outcome.cancelled)
        return outcome;

    std::vector<std::pair<std::string, double>> metrics = trained.metrics;
    if (evaluating && lastEpisode > 0) {
        double finalReturn = 0;
        if (lastEvaluated == lastEpisode) { // the last checkpoint is the final model
            finalReturn = lastEvaluatedReturn;
        } else {
            finalReturn = evaluateModel(trained.model, lastEpisode).meanReturn;
            consider(lastEpisode, finalReturn, trained.model, {});
        }
        metrics.insert(metrics.end(), curves.begin(), curves.end());
        metrics.emplace_back("evaluation.final_return", finalReturn);
        metrics.emplace_back("evaluation.best_return", best->meanReturn);
        metrics.emplace_back("evaluation.best_episode", best->episode);
        metrics.emplace_back("evaluation.episodes", schedule.spec.episodes);
        metrics.emplace_back("evaluation.first_seed", static_cast<double>(schedule.spec.firstSeed));
        ControlModelSelection selection;
        selection.episode = best->episode;
        selection.meanReturn = best->meanReturn;
        selection.finalReturn = finalReturn;
        selection.checkpointChosen = best->episode != lastEpisode;
        std::string seeds = "seeds ";
        seeds.append(std::to_string(schedule.spec.firstSeed)).append("–").append(
            std::to_string(schedule.spec.firstSeed + schedule.spec.episodes - 1));
        if (selection.checkpointChosen) {
            selection.why = "the checkpoint after episode " + std::to_string(best->episode) + " earned a mean return of "
                + number(best->meanReturn) + " on " + std::to_string(schedule.spec.episodes) + " held-out episodes ("
                + seeds + "), the final model after episode " + std::to_string(lastEpisode) + " " + number(finalReturn);
        } else {
            selection.why = "the final model after episode " + std::to_string(lastEpisode) + " earned the best mean return, "
                + number(finalReturn) + ", on " + std::to_string(schedule.spec.episodes) + " held-out episodes (" + seeds
                + ")";
        }
        outcome.selection = std::move(selection);
    }
    outcome.report = trained.report;
    outcome.metrics = metrics;
    outcome.modelBytes = trained.model.size();
    outcome.modelId = project().saveModel(storedModel(std::move(trained.model), std::move(metrics), trained.report));
    if (outcome.selection && outcome.selection->checkpointChosen) {
        // Stored after the final model, so it is the one runs and transfers take (latestModel).
        std::vector<std::pair<std::string, double>> chosen = best->metrics;
        chosen.emplace_back("selected_episode", best->episode);
        chosen.emplace_back("selected_of_episodes", lastEpisode); // the training it was chosen in
        outcome.selection->storedAs = project().saveModel(storedModel(
            std::move(best->bytes), std::move(chosen), "selected by evaluation: " + outcome.selection->why));
    }
    return outcome;
}

} // namespace orrery::app
