// Training a control plugin into a project: shared by `orrery train` and the window's training view.
#include "cli/control_training_run.h"

#include "store/project.h"

namespace orrery::app {

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
                                               const ControlTrainingHooks& hooks)
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

    policy::ControlTrainingProgress progress;
    progress.onEpisode = [&](const policy::ControlEpisodeReport& report) {
        outcome.steps += report.steps;
        if (hooks.onEpisode && !hooks.onEpisode(report))
            outcome.cancelled = true;
        return !outcome.cancelled;
    };
    progress.onCheckpoint = [&](std::uint32_t episode, const std::vector<std::uint8_t>& bytes,
                                const std::vector<std::pair<std::string, double>>& metrics) {
        const store::ModelId id = project().saveModel(storedModel(
            bytes, metrics, "checkpoint episode " + std::to_string(episode) + " (" + modeText + ")"));
        ++outcome.checkpoints;
        if (hooks.onCheckpointStored)
            hooks.onCheckpointStored(episode, id);
    };

    policy::PolicyContext context;
    policy::TrainingResult trained = registry.trainControl(choice, environment, config, progress, context);
    policy::PolicyContext check;
    check.model = &trained.model;
    (void)registry.createControl(choice, check); // the plugin can read what it wrote
    if (outcome.cancelled)
        return outcome;
    outcome.report = trained.report;
    outcome.metrics = trained.metrics;
    outcome.modelBytes = trained.model.size();
    outcome.modelId = project().saveModel(storedModel(std::move(trained.model), trained.metrics, trained.report));
    return outcome;
}

} // namespace orrery::app
