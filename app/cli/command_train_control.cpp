// `orrery train PLUGIN …` for trainable control plugins (firm): episodes in the scenario's
// SimulatedEnvironment, models and checkpoints in the project (docs/project-file.md, "Trained models").
#include "cli/train_control_command.h"

#include "cli/commands.h"
#include "ops/control_training_run.h"
#include "cli/interrupt_guard.h"
#include "ops/scenario_check.h"
#include "ops/stored_model_lookup.h"
#include "ops/text_format.h"
#include "env/simulated_environment_options.h"
#include "env/trajectory_recording_environment.h"
#include "env/transition_features.h"
#include "env/workload_kind_runtimes.h"
#include "sim/run_control.h"
#include "store/project.h"
#include "store/store_error.h"
#include "store/trajectory_writer.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

namespace orrery::app {
namespace {

std::uint32_t positive(const CommandLine& line, const std::string& option, std::uint64_t fallback, bool allowZero)
{
    const std::uint64_t value = line.unsignedValue(option).value_or(fallback);
    if ((!allowZero && value == 0) || value > 100'000'000)
        throw UsageError{"--" + option + " must be " + (allowZero ? "0 to" : "1 to") + " 100000000"};
    return static_cast<std::uint32_t>(value);
}

//! The project, opened on first use (a missing file is created only when there is a model to store).
class LazyProject {
public:
    explicit LazyProject(std::string path) : m_path(std::move(path)) {}
    store::Project& get()
    {
        if (!m_project)
            m_project = std::make_unique<store::Project>(store::Project::open(m_path));
        return *m_project;
    }

private:
    std::string m_path;
    std::unique_ptr<store::Project> m_project;
};

//! Episodes a stored model has been trained for: checkpoints record "episode", final models "episodes".
std::uint32_t episodesOf(const store::ModelSummary& model)
{
    const auto episodes = modelMetric(model, "episodes").value_or(modelMetric(model, "episode").value_or(0));
    return episodes > 0 ? static_cast<std::uint32_t>(episodes) : 0;
}

//! A training killed after its last checkpoint but before its final model was stored (issue 22,
//! crash campaign) holds the final team in that checkpoint: it becomes the final model, so the
//! resumed training ends as the unbroken one does, with a model that says it is final.
int storeLastCheckpointAsFinal(store::Project& project, const store::ModelSummary& checkpoint, const std::string& plugin)
{
    store::StoredModel finalModel = *project.model(checkpoint.id);
    for (auto& [name, value] : finalModel.metrics) {
        if (name == "episode")
            name = "episodes";  // what final models record
    }
    finalModel.report = "checkpoint model " + std::to_string(checkpoint.id) + " stored as the final model (the training that "
        "wrote it ended before storing its own)\n" + finalModel.report;
    const store::ModelId id = project.saveModel(finalModel);
    std::cout << "train " << plugin << ": the training ended after its last checkpoint (model " << checkpoint.id
              << ", episode " << episodesOf(checkpoint) << ") without storing its final model; stored that checkpoint as model "
              << id << '\n';
    return kExitOk;
}

} // namespace

int runTrainControl(const std::string& plugin, const CommandLine& line, const policy::PluginRegistry& registry)
{
    const auto scenarioPath = line.value("scenario");
    const auto projectPath = line.value("project");
    if (!scenarioPath)
        throw UsageError{"--scenario SCENARIO.yaml is required (its simulation is the environment)"};
    if (!projectPath)
        throw UsageError{"--project FILE.orrery is required (the model is stored there)"};
    if (!line.value("episodes"))
        throw UsageError{"--episodes N is required to train " + plugin};
    policy::ControlTrainingConfig config;
    config.episodes = positive(line, "episodes", 1, false);
    config.stepsPerEpisode = positive(line, "steps", 300, false);
    config.checkpointEvery = positive(line, "checkpoint-every", 0, true);
    config.threads = positive(line, "threads", 0, true);
    ControlEvaluationSchedule evaluation;
    evaluation.every = positive(line, "eval-every", defaultEvaluationEvery(config.episodes), true);
    evaluation.spec.episodes = positive(line, "eval-episodes", 3, false);
    evaluation.spec.stepsPerEpisode = config.stepsPerEpisode;
    if (evaluation.every > config.episodes)
        throw UsageError{"--eval-every must be at most --episodes (" + std::to_string(config.episodes) + ")"};
    const std::string modeText = line.value("mode").value_or("one-for-all");
    const auto mode = controlTrainingModeFrom(modeText);
    if (!mode)
        throw UsageError{"--mode must be one-for-all, one-for-each or transfer, not '" + modeText + "'"};
    config.mode = *mode;
    const bool quiet = line.flag("quiet");
    const bool resume = line.flag("resume");
    if (resume && config.mode == policy::ControlTrainingMode::Transfer)
        throw UsageError{"--resume continues a run of the same mode; it cannot be combined with --mode transfer"};

    CheckedScenario checked = checkScenarioFile(*scenarioPath, registry);
    if (!checked.scenario) {
        std::cerr << model::formatAll(checked.diagnostics);
        return kExitBadInput;
    }
    model::Scenario& scenario = *checked.scenario;
    if (const auto seed = line.unsignedValue("seed"))
        scenario.seed = *seed;
    config.seed = scenario.seed;
    model::PolicyChoice choice = controlTrainingChoice(scenario, plugin);
    // --params name=value,…: the plugin's parameters for this training, over the scenario's.
    if (const auto params = line.value("params")) {
        std::size_t start = 0;
        while (start <= params->size()) {
            const std::size_t end = std::min(params->find(',', start), params->size());
            const std::string item = params->substr(start, end - start);
            const std::size_t equals = item.find('=');
            if (equals == std::string::npos || equals == 0)
                throw UsageError{"--params takes name=value pairs separated by commas, not '" + item + "'"};
            const std::string name = item.substr(0, equals);
            std::erase_if(choice.params, [&](const model::PolicyParam& param) { return param.name == name; });
            model::PolicyParam param;
            param.name = name;
            param.value = item.substr(equals + 1);
            choice.params.push_back(std::move(param));
            start = end + 1;
        }
        choice.fieldPath = "train"; // errors read "train.params.NAME"
    }
    if (const auto problems = registry.validate(choice, ORRERY_KIND_CONTROL); !problems.empty()) {
        std::cerr << model::formatAll(problems);
        return kExitBadInput;
    }

    const std::uint32_t totalEpisodes = config.episodes; // --resume trains what is left of these
    LazyProject project(*projectPath);
    std::vector<std::uint8_t> baseModel;
    try {
        std::error_code missing;
        if (std::filesystem::exists(*projectPath, missing))
            (void)project.get(); // a file that is not a project is bad input, found before any work
        if (resume) {
            const auto checkpoint = std::filesystem::exists(*projectPath, missing)
                ? newestModelOf(project.get(), plugin, scenario.name, scenario.seed,
                                [](const store::ModelSummary& model) { return !modelMetric(model, "selected_episode"); })
                : std::nullopt;
            if (!checkpoint) {
                std::cerr << "train " << plugin << ": --resume found no " << plugin << " model of scenario "
                          << scenario.name << " (seed " << scenario.seed << ") in " << *projectPath
                          << "; starting from episode 1\n";
            } else {
                const std::uint32_t done = episodesOf(*checkpoint);
                if (done == config.episodes && !modelMetric(*checkpoint, "episodes"))
                    return storeLastCheckpointAsFinal(project.get(), *checkpoint, plugin);
                if (done >= config.episodes) {
                    std::cout << "train " << plugin << ": model " << checkpoint->id << " already has " << done
                              << " of the " << config.episodes << " episodes; nothing to resume\n";
                    return kExitOk;
                }
                std::cerr << "train " << plugin << ": resuming from model " << checkpoint->id << " after episode " << done
                          << ", " << config.episodes - done << " episodes to go\n";
                baseModel = project.get().model(checkpoint->id)->bytes;
                config.baseModel = &baseModel;
                config.resume = true;
                config.episodes -= done;
            }
        } else if (config.mode == policy::ControlTrainingMode::Transfer) {
            const auto base = std::filesystem::exists(*projectPath, missing) ? project.get().latestModel(plugin)
                                                                             : std::nullopt;
            if (!base) {
                std::cerr << "error: --mode transfer starts from the latest " << plugin << " model in "
                          << *projectPath << ", and there is none; train one with --mode one-for-all first\n";
                return kExitBadInput;
            }
            std::cerr << "train " << plugin << ": transfer from model " << base->id << '\n';
            baseModel = base->bytes;
            config.baseModel = &baseModel;
        }
    } catch (const store::StoreError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    }

    env::SimulatedEnvironmentOptions options;
    options.stepsPerEpisode = static_cast<int>(config.stepsPerEpisode);
    std::unique_ptr<policy::Environment> environment;
    try {
        environment = env::makeControlEnvironment(scenario, options);
    } catch (const std::exception& error) {
        std::cerr << "error: " << *scenarioPath << ": " << error.what() << '\n';
        return kExitBadInput;
    }

    std::cerr << "train " << plugin << ": " << config.episodes << " episodes of up to " << config.stepsPerEpisode
              << " steps on " << scenario.name << " (seed " << scenario.seed << ", " << modeText << ")\n";
    if (evaluation.every > 0) {
        evaluation.makeEnvironment = [&scenario, options] { return env::makeControlEnvironment(scenario, options); };
        std::cerr << "train " << plugin << ": evaluating every " << evaluation.every << " episodes on "
                  << evaluation.spec.episodes << " held-out episodes (seeds " << evaluation.spec.firstSeed << "–"
                  << evaluation.spec.firstSeed + evaluation.spec.episodes - 1 << "), beside no-control, hold-at-base and random\n";
    }
    sim::RunControl control;
    const auto start = std::chrono::steady_clock::now();
    ControlTrainingHooks hooks;
    hooks.onEpisode = [&](const policy::ControlEpisodeReport& report) {
        if (!quiet) {
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cerr << "train " << plugin << ": episode " << report.episode << "/" << totalEpisodes
                      << "  reward " << shortNumber(report.reward) << "  mean " << shortNumber(report.meanReward) << "  steps "
                      << report.steps << (report.terminatedEarly ? " (terminated early)" : "") << "  updates "
                      << report.updates << "  elapsed " << shortNumber(elapsed) << " s\n";
        }
        return !control.isCancelled();
    };
    hooks.onCheckpointStored = [&](std::uint32_t episode, store::ModelId id) {
        std::cerr << "train " << plugin << ": checkpoint episode " << episode << " stored as model " << id << '\n';
    };
    hooks.onEvaluation = [&](const ControlEvaluationPoint& point) {
        std::cerr << "train " << plugin << ": evaluation " << (point.episode == 0 ? point.policy : "after episode " + std::to_string(point.episode))
                  << "  return " << shortNumber(point.evaluation.meanReturn) << " ± " << shortNumber(point.evaluation.stdReturn)
                  << "  reward/step " << shortNumber(point.evaluation.meanRewardPerStep) << '\n';
    };
    hooks.onUpdateStats = [&](std::uint32_t episode, const std::vector<std::pair<std::string, double>>& stats) {
        if (quiet)
            return;
        std::string text;
        for (const auto& [name, value] : stats) {
            if (name != "update.count")
                text += "  " + name.substr(7) + " " + shortNumber(value);
        }
        std::cerr << "train " << plugin << ": updates to episode " << episode << text << '\n';
    };

    // Every transition goes to the project's trajectory store (agent = the plugin, label = the
    // scenario), in the application-level encoding every learned agent shares (docs/learning.md).
    std::unique_ptr<store::TrajectoryWriter> trajectories;
    env::TrajectoryRecordingEnvironment recording(*environment, [&](const env::RecordedTransition& transition) {
        if (!trajectories) {
            store::TrajectorySpec spec;
            spec.agent = plugin;
            spec.label = scenario.name;
            spec.stateDim = env::TransitionFeatures::kStateDim;
            spec.actionDim = env::TransitionFeatures::kActionDim;
            trajectories = std::make_unique<store::TrajectoryWriter>(project.get(), spec);
        }
        trajectories->append(transition.episode, transition.step, transition.state, transition.action, transition.reward);
    });
    ControlTrainingOutcome outcome;
    try {
        InterruptGuard guard(control); // Ctrl-C stops after the current episode
        outcome = trainControlIntoProject(registry, choice, scenario, recording, config, modeText,
                                          [&]() -> store::Project& { return project.get(); }, hooks, evaluation);
        if (trajectories)
            trajectories->flush();
    } catch (const policy::PluginError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    } catch (const store::StoreError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    }
    if (outcome.cancelled) {
        std::cerr << "train " << plugin << ": cancelled; " << outcome.checkpoints
                  << " checkpoint(s) kept, final model not stored\n";
        return kExitCancelled;
    }
    std::cout << outcome.report << '\n';
    for (const auto& [name, value] : outcome.metrics) {
        // Curves (one value per episode or evaluation: name.<episode>) are stored, not printed.
        const auto dot = name.find_last_of('.');
        const bool curve = dot != std::string::npos && dot + 1 < name.size()
            && name.find_first_not_of("0123456789", dot + 1) == std::string::npos;
        if (!curve)
            std::cout << "  " << name << " = " << shortNumber(value) << '\n';
    }
    std::cout << "model " << *outcome.modelId << " of " << plugin << " (" << outcome.modelBytes << " bytes, " << outcome.steps
              << " steps) stored in " << *projectPath << '\n';
    if (outcome.selection) {
        if (outcome.selection->checkpointChosen)
            std::cout << "selected model " << *outcome.selection->storedAs << ": " << outcome.selection->why
                      << "; stored after the final model, so runs use it\n";
        else
            std::cout << "selected the final model: " << outcome.selection->why << '\n';
    }
    return kExitOk;
}

} // namespace orrery::app
