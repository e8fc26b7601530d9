// `orrery cell list EXPERIMENT.yaml` and `orrery cell run EXPERIMENT.yaml --cell ID --out SHARD.orrery`:
// an experiment's cells as the unit of distribution (docs/experiment-format.md, "Running cells
// elsewhere"). A cell runs through the experiment runner on a one-cell selection, into a shard
// that `orrery experiment merge` copies into the project.
#include "cli/commands.h"

#include "cli/command_line.h"
#include "cli/interrupt_guard.h"
#include "ops/plugin_setup.h"
#include "ops/scenario_check.h"
#include "env/simulation.h"
#include "experiment/experiment_cells.h"
#include "experiment/experiment_check.h"
#include "experiment/experiment_runner.h"
#include "experiment/trained_models.h"
#include "ops/experiment_training.h"
#include "policy/plugin_error.h"
#include "store/database.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "store/store_error.h"

#include <filesystem>
#include <iostream>
#include <mutex>

namespace orrery::app {
namespace {

constexpr const char* kUsage = "usage: orrery cell list EXPERIMENT.yaml\n"
                               "       orrery cell run EXPERIMENT.yaml --cell ID --out SHARD.orrery "
                               "[--models-from PROJECT.orrery] [--quiet]";

//! The checked experiment of the command's one positional, or nullopt after printing its diagnostics.
std::optional<CheckedExperiment> loadExperiment(const CommandLine& line, const policy::PluginRegistry& registry)
{
    if (line.positionals().size() != 1)
        throw UsageError{kUsage};
    CheckedExperiment checked = checkExperimentFile(line.positionals().front(), registry);
    for (const auto& warning : checked.warnings)
        std::cerr << experiment::formatWarning(warning) << '\n';
    if (!checked.experiment) {
        std::cerr << model::formatAll(checked.diagnostics);
        return std::nullopt;
    }
    return checked;
}

int listCells(const std::vector<std::string>& args)
{
    const CommandLine line(args, {}, {});
    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    const auto checked = loadExperiment(line, registry);
    if (!checked)
        return kExitBadInput;
    const experiment::ExperimentSpec& spec = checked->experiment->spec;
    for (const experiment::CellIndex& cell : experiment::experimentCells(spec))
        std::cout << experiment::cellId(experiment::cellKey(spec, cell)) << '\n';
    return kExitOk;
}

//! A shard that exists must hold this experiment (or nothing yet): a shard holds one experiment.
std::optional<std::string> otherExperimentIn(const std::string& path, const experiment::Experiment& experiment)
{
    std::error_code error;
    if (!std::filesystem::exists(path, error) || std::filesystem::file_size(path, error) == 0)
        return std::nullopt;
    store::Project project = store::Project::open(path);
    const std::string sha = store::ExperimentStore::definitionHash(experiment.spec.sourceText, experiment.scenario.sourceText);
    for (const store::ExperimentRecord& record : store::ExperimentStore(project).listExperiments()) {
        if (record.name != experiment.spec.name || record.definitionSha256 != sha)
            return record.name + " (definition " + record.definitionSha256.substr(0, 12) + "…)";
    }
    return std::nullopt;
}

int runCell(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"cell", "out", "models-from"}, {"quiet"});
    const auto id = line.value("cell");
    const auto out = line.value("out");
    if (!id || !out)
        throw UsageError{std::string("orrery cell run: --cell ID and --out SHARD.orrery are required\n") + kUsage};
    const bool quiet = line.flag("quiet");

    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    const auto checked = loadExperiment(line, registry);
    if (!checked)
        return kExitBadInput;
    const experiment::Experiment& experiment = *checked->experiment;
    const auto cell = experiment::findCell(experiment.spec, *id);
    if (!cell) {
        std::cerr << "error: experiment " << experiment.spec.name << " has no cell '" << *id << "'; `orrery cell list "
                  << line.positionals().front() << "` prints its " << experiment.spec.cellCount() << " cell ids\n";
        return kExitBadInput;
    }

    experiment::ExperimentOutcome outcome;
    try {
        if (const auto other = otherExperimentIn(*out, experiment)) {
            std::cerr << "error: " << *out << " holds experiment " << *other << ", not " << experiment.spec.name
                      << "; a shard holds one experiment\n";
            return kExitBadInput;
        }
        experiment::ExperimentRunOptions options;
        options.jobs = 1;
        options.cells = {*cell};
        options.models = experiment::latestTrainedModels(experiment, registry, line.value("models-from").value_or(*out));
        {
            sim::RunControl trainingControl;
            InterruptGuard trainingGuard(trainingControl);
            std::mutex logMutex;
            options.armModels = prepareArmModels(registry, experiment, *out, 1,
                                                 [&](const std::string& text) {
                                                     if (quiet)
                                                         return;
                                                     const std::lock_guard lock(logMutex);
                                                     std::cerr << experiment.spec.name << ": " << text << '\n';
                                                 },
                                                 trainingControl);
        }
        experiment::ExperimentRunner runner(experiment, registry, *out, std::move(options));
        InterruptGuard guard(runner.control());
        outcome = runner.run();
        // One self-contained file to copy back: leave WAL mode (which checkpoints the log).
        store::Database::open(*out, store::Database::OpenMode::ReadWrite).exec("PRAGMA journal_mode = DELETE");
    } catch (const env::SimulationSetupError& error) {
        std::cerr << error.what() << (std::string_view(error.what()).ends_with('\n') ? "" : "\n");
        return kExitBadInput;
    } catch (const store::StoreError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    } catch (const policy::PluginError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    } catch (const std::runtime_error& error) { // an arm's training failed or was cancelled
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    }

    using Status = experiment::ExperimentOutcome::Status;
    const std::string name = experiment.spec.name + " cell " + *id;
    if (!outcome.storeError.empty()) {
        std::cerr << "error: " << outcome.storeError << '\n';
        return kExitRunFailed;
    }
    if (outcome.status == Status::Failed) {
        for (const auto& failure : outcome.failures)
            std::cerr << "error: " << name << " failed: " << failure.message << '\n';
        return kExitRunFailed;
    }
    if (outcome.status == Status::Cancelled) {
        std::cerr << name << " cancelled; the shard " << *out << " is half-written (merge skips it)\n";
        return kExitCancelled;
    }
    std::cout << name << ": " << (outcome.completed > 0 ? "completed" : "already complete") << " in " << *out << '\n';
    return kExitOk;
}

} // namespace

int runCellCommand(const std::vector<std::string>& args)
{
    if (args.empty())
        throw UsageError{kUsage};
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (args[0] == "list")
        return listCells(rest);
    if (args[0] == "run")
        return runCell(rest);
    throw UsageError{"orrery cell: unknown subcommand '" + args[0] + "'\n" + kUsage};
}

} // namespace orrery::app
