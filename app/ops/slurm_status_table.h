#pragma once
#include "ops/slurm_task_state.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::app {

//! One array task's line of Slurm's status output.
struct SlurmTaskStatus {
    std::size_t task = 0;    //!< SLURM_ARRAY_TASK_ID
    SlurmTaskState state = SlurmTaskState::Unknown;
    std::string stateText;   //!< as Slurm wrote it ("CANCELLED by 0")
    std::string exitCode;    //!< "exit:signal" ("0:9"); empty where the source has none (squeue)
    std::string reason;      //!< Slurm's reason ("NonZeroExitCode", "ReqNodeNotAvail, …"); "None" dropped
};

//! The array task ids a job-id field names, for job `jobId`: "123_4" → {4}, "123_[0-3,7%2]" →
//! {0,1,2,3,7} (a pending remainder), "123_4.batch" and "123_4.extern" (job steps) → nullopt,
//! another job → nullopt. Malformed ranges → nullopt.
std::optional<std::vector<std::size_t>> arrayTasksOf(std::string_view jobIdField, std::string_view jobId);

//! Parses `sacct -j JOB --parsable2 --noheader --format=JobID,State,ExitCode,Reason` (fields
//! separated by '|', one line per array task and per job step; steps are skipped). A pending
//! remainder line yields one status per task it names.
std::vector<SlurmTaskStatus> parseSacctTable(std::string_view text, std::string_view jobId);

//! Parses `squeue -j JOB --states=all --noheader --format=%i|%T|%r` (job id, state, reason).
std::vector<SlurmTaskStatus> parseSqueueTable(std::string_view text, std::string_view jobId);

} // namespace orrery::app
