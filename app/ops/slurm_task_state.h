#pragma once
#include <string>
#include <string_view>

namespace orrery::app {

//! The state of one Slurm array task, as sacct's and squeue's State column name it
//! (https://slurm.schedmd.com/job_state_codes.html), folded to what the Slurm backend acts on.
enum class SlurmTaskState {
    Pending,     //!< PENDING, REQUEUED, REQUEUE_HOLD/FED, RESV_DEL_HOLD, CONFIGURING, RESIZING, SUSPENDED…
    Running,     //!< RUNNING, COMPLETING, STAGE_OUT, SIGNALING
    Completed,   //!< COMPLETED (exit code 0)
    Failed,      //!< FAILED (non-zero exit code), BOOT_FAIL, DEADLINE, SPECIAL_EXIT, REVOKED
    Cancelled,   //!< CANCELLED (scancel, or by an administrator)
    Timeout,     //!< TIMEOUT (the time limit ran out)
    NodeFail,    //!< NODE_FAIL
    Preempted,   //!< PREEMPTED
    OutOfMemory, //!< OUT_OF_MEMORY
    Unknown,     //!< a state this table does not know: reported, treated as not yet final
};

//! The state named by sacct's or squeue's State text: long names ("CANCELLED by 0" included),
//! squeue's short codes (%t: PD, R, CG, CD, F, CA, TO, NF, PR, OOM…) and a trailing '+'.
SlurmTaskState parseSlurmTaskState(std::string_view text);

//! True when Slurm is done with the task: every state but Pending, Running and Unknown.
bool isFinal(SlurmTaskState state);

//! True for final states other than Completed: the task's cells did not complete under Slurm.
bool isFailure(SlurmTaskState state);

//! The long name Slurm uses ("PENDING", "NODE_FAIL", …; "UNKNOWN").
std::string toString(SlurmTaskState state);

} // namespace orrery::app
