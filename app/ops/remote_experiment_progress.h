#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace orrery::app {

//! Where one cell of an experiment run by a remote backend (Slurm, Kubernetes) stands.
enum class RemoteCellPhase {
    Pending,   //!< not submitted yet
    Queued,    //!< submitted; the engine has not started it (Slurm PENDING, a pod not running yet)
    Running,   //!< its task or pod runs
    Done,      //!< its shard is merged into the project
    Failed,    //!< the engine says it failed, or its shard could not be merged
    Cancelled, //!< the submission was cancelled (scancel, the Job deleted) before it was merged
};

//! One cell of the submission as the backend last saw it.
struct RemoteCellStatus {
    std::string cell;    //!< cell id (experiment::cellId)
    RemoteCellPhase phase = RemoteCellPhase::Pending;
    std::string state;   //!< the engine's own word ("PENDING", "RUNNING", "TIMEOUT", "MERGED", …)
    std::string where;   //!< Slurm's JOB_TASK or the pod's name; empty before submission
    std::string message; //!< the engine's reason or error (Slurm's reason and exit code, the pod's reason)
};

//! What a remote backend reports whenever cells change state or shards are merged: the
//! progress line of the CLI and the GUI's progress bar and per-cell view read the same figures.
struct RemoteExperimentProgress {
    std::string experiment;          //!< the experiment's name (metadata.name)
    std::size_t totalCells = 0;
    std::size_t alreadyComplete = 0; //!< complete before this submission
    std::size_t merged = 0;          //!< cells merged by this call so far
    std::string submission;          //!< Slurm job id or NAMESPACE/NAME of the Job; empty before submitting
    std::vector<RemoteCellStatus> cells; //!< this submission's cells, in cell-file order
};

//! Called on the backend's thread; keep it short (the GUI copies and queues it).
using RemoteProgressCallback = std::function<void(const RemoteExperimentProgress&)>;

} // namespace orrery::app
