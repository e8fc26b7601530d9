// `orrery train PLUGIN --scenario FILE --project P [--seed N] [--quiet]`: collect placement
// traces by simulating the scenario with random placement that explores compute kinds, train
// the plugin on them, and store the model in the project (docs/project-file.md, "Trained models").
// Trainable control plugins (firm) train in the scenario's environment instead: see
// train_control_command.h.
#include "cli/commands.h"

#include "cli/command_line.h"
#include "cli/interrupt_guard.h"
#include "ops/plugin_setup.h"
#include "cli/progress_printer.h"
#include "ops/scenario_check.h"
#include "ops/text_format.h"
#include "cli/train_control_command.h"
#include "cli/train_reference_command.h"
#include "env/simulation.h"
#include "model/did_you_mean.h"
#include "sim/in_memory_run_recorder.h"
#include "store/project.h"
#include "store/store_error.h"

#include <cstdio>
#include <filesystem>
#include <iostream>

namespace orrery::app {
namespace {

constexpr const char* kUsage = "usage: orrery train PLUGIN --scenario SCENARIO.yaml --project FILE.orrery [--seed N] [--quiet]\n"
                               "       (control plugins: --episodes N [--steps S] [--checkpoint-every K]\n"
                               "        [--mode one-for-all|one-for-each|transfer] [--threads N, 0 = all cores]\n"
                               "        [--eval-every K episodes, default a tenth of the run from 10 episodes, 0 = none]\n"
                               "        [--eval-episodes N held-out episodes per evaluation, default 3]\n"
                               "        [--params name=value,…: the plugin's parameters, over the scenario's]\n"
                               "        [--resume: continue the newest model of this plugin, scenario and seed up to N episodes])\n"
                               "       orrery train td3|sac|ddpg|ppo --env Pendulum-v1|MountainCarContinuous-v0|CartPole-v1\n"
                               "        --project FILE.orrery [--timesteps N] [--seed N] [--eval-every N] [--quiet]\n"
                               "        [--envs K: parallel rollouts, td3/sac/ddpg] [--threads N, 0 = all cores]";

//! Exit 2 unless `plugin` is registered and learns; lists the trainable plugins otherwise.
bool checkTrainable(const policy::PluginRegistry& registry, const std::string& plugin)
{
    std::vector<std::string> trainable;
    for (const auto& info : registry.plugins()) {
        if (registry.isTrainable(info.id))
            trainable.push_back(info.id);
    }
    std::string list;
    for (const auto& id : trainable)
        list += (list.empty() ? "" : ", ") + id;
    if (list.empty())
        list = "none";
    if (registry.find(plugin) == nullptr) {
        std::cerr << "error: unknown plugin '" << plugin << "'" << model::didYouMean(plugin, trainable)
                  << "; trainable plugins: " << list << '\n';
        return false;
    }
    if (!registry.isTrainable(plugin)) {
        std::cerr << "error: plugin '" << plugin << "' does not learn, there is nothing to train; trainable plugins: "
                  << list << '\n';
        return false;
    }
    return true;
}

//! The choice to train: the scenario's own placement choice when it names the plugin (so its
//! training parameters apply), otherwise the plugin with its defaults.
model::PolicyChoice trainingChoice(const model::Scenario& scenario, const std::string& plugin)
{
    const auto placement = scenario.policies.find("placement");
    if (placement != scenario.policies.end() && placement->second.plugin == plugin)
        return placement->second;
    model::PolicyChoice choice;
    choice.plugin = plugin;
    choice.fieldPath = "train";
    return choice;
}

//! The scenario with its placement replaced by random exploration of compute kinds, so the
//! traces cover every kind each service can use (plugins/random/README.md).
model::Scenario explorationScenario(model::Scenario scenario)
{
    model::PolicyChoice explore;
    explore.plugin = "random";
    explore.fieldPath = "spec.policies.placement";
    explore.params.push_back({"exploreCompute", "true", {}});
    scenario.policies["placement"] = std::move(explore);
    return scenario;
}

//! An existing project file must be a project this build can write, checked before any work;
//! a missing one is created only when there is a model to store. Returns false (message
//! printed) when the file is unusable.
bool checkExistingProject(const std::string& path)
{
    std::error_code error;
    if (!std::filesystem::exists(path, error))
        return true;
    try {
        store::Project::open(path);
        return true;
    } catch (const store::StoreError& failure) {
        std::cerr << "error: " << failure.what() << '\n';
        return false;
    }
}

} // namespace

int runTrainCommand(const std::vector<std::string>& args)
{
    std::set<std::string> options = {"scenario", "project", "seed"};
    options.insert(kTrainControlOptions.begin(), kTrainControlOptions.end());
    options.insert(kTrainReferenceOptions.begin(), kTrainReferenceOptions.end());
    const CommandLine line(args, options, {"quiet", "resume"});
    if (line.positionals().size() != 1)
        throw UsageError{kUsage};
    const std::string plugin = line.positionals().front();
    if (line.value("env")) {
        for (const auto& option : {"scenario", "episodes", "steps", "checkpoint-every", "mode", "eval-episodes", "params"})
            if (line.value(option))
                throw UsageError{std::string("--") + option + " does not apply with --env (a reference task)"};
        return runTrainReference(plugin, line);
    }
    for (const auto& option : kTrainReferenceOptions)
        if (line.value(option) && !kTrainControlOptions.contains(option))
            throw UsageError{"--" + option + " applies only with --env ID (a reference task)"};
    const auto scenarioPath = line.value("scenario");
    const auto projectPath = line.value("project");
    if (!scenarioPath)
        throw UsageError{"orrery train: --scenario SCENARIO.yaml is required (its simulation provides the traces)"};
    if (!projectPath)
        throw UsageError{"orrery train: --project FILE.orrery is required (the model is stored there)"};
    const auto seed = line.unsignedValue("seed");
    const bool quiet = line.flag("quiet");

    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    if (!checkTrainable(registry, plugin))
        return kExitBadInput;
    if (registry.isTrainableControl(plugin))
        return runTrainControl(plugin, line, registry);
    for (const auto& option : kTrainControlOptions) {
        if (line.value(option))
            throw UsageError{"--" + option + " applies to control plugins; '" + plugin
                             + "' is a placement plugin"};
    }
    CheckedScenario checked = checkScenarioFile(*scenarioPath, registry);
    if (!checked.scenario) {
        std::cerr << model::formatAll(checked.diagnostics);
        return kExitBadInput;
    }
    model::Scenario& scenario = *checked.scenario;
    if (seed)
        scenario.seed = *seed;
    const model::PolicyChoice choice = trainingChoice(scenario, plugin);
    if (const auto problems = registry.validate(choice, ORRERY_KIND_PLACEMENT); !problems.empty()) {
        std::cerr << model::formatAll(problems);
        return kExitBadInput;
    }
    if (!checkExistingProject(*projectPath))
        return kExitBadInput;

    // 1. Traces: every completed task of an exploring run.
    policy::PlacementTrainingSet data;
    data.seed = scenario.seed;
    std::cerr << "train " << plugin << ": simulating " << scenario.name << " (seed " << scenario.seed
              << ") with random placement exploring compute kinds\n";
    env::RunResult collected;
    const model::Scenario exploring = explorationScenario(scenario); // the simulation keeps a reference
    try {
        env::Simulation simulation(exploring, registry);
        simulation.setPlacementSampleSink([&data](const policy::PlacementSample& sample) { data.samples.push_back(sample); });
        ProgressPrinter printer(std::cerr, "collect " + scenario.name);
        sim::ProgressCallback progress;
        if (!quiet)
            progress = [&printer](sim::SimTime now, sim::SimTime horizon, std::uint64_t events) { printer(now, horizon, events); };
        sim::InMemoryRunRecorder recorder;
        sim::RunControl control;
        InterruptGuard guard(control); // Ctrl-C cancels the collection; nothing is stored then
        collected = simulation.run(recorder, &control, progress);
    } catch (const env::SimulationSetupError& error) {
        std::cerr << error.what() << (std::string_view(error.what()).ends_with('\n') ? "" : "\n");
        return kExitBadInput;
    }
    if (collected.status == sim::RunStatus::Cancelled) {
        std::cerr << "train " << plugin << ": cancelled; nothing stored\n";
        return kExitCancelled;
    }
    if (collected.status != sim::RunStatus::Completed) {
        std::cerr << "error: collecting traces failed: " << collected.message << '\n';
        return kExitRunFailed;
    }
    std::cerr << "train " << plugin << ": collected " << data.samples.size() << " placement samples ("
              << collected.events << " events)\n";
    if (data.samples.empty()) {
        std::cerr << "error: the simulation completed no task, so there is nothing to learn from\n";
        return kExitRunFailed;
    }

    // 2. Training, and a check that the plugin can read what it produced.
    std::cerr << "train " << plugin << ": training on " << data.samples.size() << " samples\n";
    policy::TrainingResult trained;
    try {
        policy::PolicyContext context;
        trained = registry.trainPlacement(choice, data, context);
        sim::RngStream rng(scenario.seed, "train-check");
        policy::PolicyContext check;
        check.rng = &rng;
        check.model = &trained.model;
        (void)registry.createPlacement(choice, check);
    } catch (const policy::PluginError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    }
    std::cout << trained.report;
    if (!trained.report.empty() && trained.report.back() != '\n')
        std::cout << '\n';
    for (const auto& [name, value] : trained.metrics)
        std::cout << "  " << name << " = " << shortNumber(value) << '\n';

    // 3. The model, in one transaction.
    store::StoredModel stored;
    stored.plugin = plugin;
    stored.scenarioName = scenario.name;
    stored.seed = scenario.seed;
    stored.sampleCount = static_cast<std::int64_t>(data.samples.size());
    stored.bytes = std::move(trained.model);
    stored.metrics = trained.metrics;
    stored.report = trained.report;
    try {
        store::Project project = store::Project::open(*projectPath);
        const store::ModelId id = project.saveModel(stored);
        std::cout << "model " << id << " of " << plugin << " (" << stored.bytes.size() << " bytes, "
                  << stored.sampleCount << " samples) stored in " << *projectPath << '\n';
    } catch (const store::StoreError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    }
    return kExitOk;
}

} // namespace orrery::app
