#pragma once
#include "ops/remote_experiment_progress.h"
#include "ops/slurm_task_state.h"

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace orrery::experiment {
struct Experiment;
}
namespace orrery::sim {
class RunControl;
}

namespace orrery::app {

//! `orrery experiment … --backend slurm` options (docs/distributed.md).
struct SlurmOptions {
    std::string partition;      //!< --partition; empty: the cluster's default
    std::string timeLimit;      //!< --time per array task, in any format sbatch takes
    std::size_t arrayMax = 0;   //!< --array-max: tasks running at once; 0: no limit
    std::size_t cellsPerTask = 0; //!< --cells-per-task; 0: 1, or more when cells exceed kMaxArrayTasks
    std::string shardDir;       //!< --shard-dir; empty: PROJECT.shards beside the project
    std::string modelsFrom;     //!< `orrery cell run --models-from`; empty: none
    std::chrono::milliseconds poll{2000}; //!< --poll: squeue/sacct every so often
    std::string orrery;         //!< the executable the tasks run; empty: this one (/proc/self/exe)
};

//! What became of one cell that did not complete under Slurm.
struct SlurmCellFailure {
    std::string cell;      //!< cell id
    std::string jobTask;   //!< "JOB_TASK"; empty when sbatch refused the job
    std::string state;     //!< Slurm's state ("TIMEOUT", "CANCELLED by 0", "SUBMIT_FAILED", …)
    std::string message;   //!< Slurm's reason and exit code, and the task log's last error line
};

//! What one `--backend slurm` call did.
struct SlurmOutcome {
    std::size_t totalCells = 0;
    std::size_t alreadyComplete = 0; //!< complete in the project (or in shards left earlier) before submitting
    std::size_t submitted = 0;       //!< cells submitted now
    std::size_t merged = 0;          //!< cells merged now from this submission's shards
    std::string jobId;               //!< empty when nothing was submitted
    bool cancelled = false;          //!< interrupted: the job was scancel'ed
    std::vector<SlurmCellFailure> failures;
    std::string statusFile;          //!< the per-cell status table (SHARD_DIR/status.tsv)
};

//! Runs an experiment's missing cells as one Slurm job array and merges their shards into the
//! project as tasks finish (docs/distributed.md). Slurm does the scheduling: this writes the
//! batch script (SlurmBatchScript), submits it with `sbatch --parsable`, follows the tasks with
//! `sacct` (or `squeue --states=all` where accounting is disabled), merges each finished task's
//! shards with store::ShardMerger, and `scancel`s the job when `control` is cancelled. Every
//! cell's state is kept in SHARD_DIR/status.tsv. Throws store::StoreError when the project
//! cannot be read or written, std::runtime_error when a Slurm command cannot be started.
class SlurmBackend {
public:
    SlurmBackend(const experiment::Experiment& experiment, std::string experimentFile, std::string projectPath,
                 SlurmOptions options, std::ostream& log);

    //! Receives every cell's state after submitting, on each change while following the tasks
    //! and at the end (the GUI's progress bar and per-cell view). Set before run().
    void setProgressCallback(RemoteProgressCallback callback) { m_progress = std::move(callback); }

    //! Submits, follows and merges until every submitted task is final or `control` is cancelled.
    SlurmOutcome run(sim::RunControl& control);

    //! Array tasks one job may have before cells are batched (Slurm's default MaxArraySize is 1001).
    static constexpr std::size_t kMaxArrayTasks = 1000;

private:
    const experiment::Experiment& m_experiment;
    std::string m_experimentFile;
    std::string m_projectPath;
    SlurmOptions m_options;
    std::ostream& m_log;
    RemoteProgressCallback m_progress;
};

} // namespace orrery::app
