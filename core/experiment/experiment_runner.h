#pragma once
#include "env/policy_models.h"

#include <map>
#include "experiment/experiment.h"
#include "experiment/experiment_cells.h"
#include "experiment/experiment_comparison.h"
#include "experiment/experiment_outcome.h"
#include "experiment/experiment_progress.h"
#include "sim/run_control.h"

#include <functional>
#include <string>
#include <vector>

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::store {
class Project;
}

namespace orrery::experiment {

//! Options of ExperimentRunner.
struct ExperimentRunOptions {
    unsigned jobs = 0;          //!< worker threads; 0 = every hardware thread
    env::PolicyModels models;   //!< trained parameters for trainable plugins, by plugin id
    //! Per arm (by name): models that replace `models`' for that arm's runs (arms that trained
    //! their own, ArmSpec::training).
    std::map<std::string, env::PolicyModels> armModels;
    ComparisonOptions comparison;
    //! When not empty, run() runs only these cells (those not yet completed), counts them as the
    //! whole (ExperimentOutcome::totalCells) and compares nothing: `orrery cell run` runs one
    //! cell into a shard this way.
    std::vector<CellIndex> cells;
};

//! Runs an experiment's cells (sweep points × arms × seeds × repeats) into a project on a pool
//! of worker threads, then compares the arms and stores the comparison (docs/architecture.md §6).
//!
//! Each run is an independent, deterministic env::Simulation of its own scenario copy: the same
//! seed gives every arm the same arrivals and work (common random numbers), so results do not
//! depend on the number of threads or the order runs finish in. Each worker records through its
//! own Project connection (WAL + busy timeout); each run is linked to its cell as soon as its row
//! exists. The project identifies the experiment by name and the hash of its experiment and
//! scenario texts, and run() skips cells that already have a completed run: running the same
//! files into the same project again resumes an interrupted or cancelled experiment.
//!
//! The experiment and the registry must outlive the runner. run() blocks; a GUI calls it on a
//! worker thread and cancels or pauses through control().
class ExperimentRunner {
public:
    ExperimentRunner(const Experiment& experiment, const policy::PluginRegistry& registry, std::string projectPath,
                     ExperimentRunOptions options = {});
    ExperimentRunner(const ExperimentRunner&) = delete;
    ExperimentRunner& operator=(const ExperimentRunner&) = delete;

    //! Called from worker threads, one call at a time, when a run ends and as runs advance (at
    //! most every 200 ms). Set before run().
    void setProgressCallback(std::function<void(const ExperimentProgress&)> callback);

    //! Runs every cell not yet completed and returns how it went. Before touching the project
    //! it sets up one simulation per (sweep point, arm), so a configuration problem throws
    //! env::SimulationSetupError with nothing written; store::StoreError when the project
    //! cannot be opened. Failures of single runs and of writes during the run are reported in
    //! the outcome. Call once.
    ExperimentOutcome run();

    //! Stops the experiment from any thread: runs in flight end as cancelled (and are kept, as
    //! cancelled runs), no new run starts. Completed runs are kept.
    void cancel() { m_control.cancel(); }
    //! Shared by every run: pause/resume/cancel reach all runs in flight.
    [[nodiscard]] sim::RunControl& control() { return m_control; }

private:
    class Workers;

    //! The models arm `arm`'s runs use: its own (ExperimentRunOptions::armModels) over the shared ones.
    [[nodiscard]] const env::PolicyModels& modelsOf(std::size_t arm) const;

    //! Steps 2–4 of run(): find or create the experiment, run what is missing, compare.
    void runInProject(store::Project& project, const std::vector<model::Scenario>& variants, ExperimentOutcome& outcome);

    const Experiment& m_experiment;
    const policy::PluginRegistry& m_registry;
    std::string m_projectPath;
    ExperimentRunOptions m_options;
    std::vector<env::PolicyModels> m_armModels; //!< per arm: m_options.models with the arm's own on top
    std::function<void(const ExperimentProgress&)> m_progress;
    sim::RunControl m_control;
};

} // namespace orrery::experiment
