#include "ops/slurm_task_state.h"

#include <array>
#include <utility>

namespace orrery::app {
namespace {

//! Long names and short codes, from Slurm 22.05's job_state_string() and job_state_string_compact().
constexpr std::array<std::pair<std::string_view, SlurmTaskState>, 46> kStates{{
    {"PENDING", SlurmTaskState::Pending},       {"PD", SlurmTaskState::Pending},
    {"REQUEUED", SlurmTaskState::Pending},      {"RQ", SlurmTaskState::Pending},
    {"REQUEUE_HOLD", SlurmTaskState::Pending},  {"RH", SlurmTaskState::Pending},
    {"REQUEUE_FED", SlurmTaskState::Pending},   {"RF", SlurmTaskState::Pending},
    {"RESV_DEL_HOLD", SlurmTaskState::Pending}, {"RD", SlurmTaskState::Pending},
    {"CONFIGURING", SlurmTaskState::Pending},   {"CF", SlurmTaskState::Pending},
    {"RESIZING", SlurmTaskState::Pending},      {"RS", SlurmTaskState::Pending},
    {"SUSPENDED", SlurmTaskState::Pending},     {"S", SlurmTaskState::Pending},
    {"STOPPED", SlurmTaskState::Pending},       {"ST", SlurmTaskState::Pending},
    {"RUNNING", SlurmTaskState::Running},       {"R", SlurmTaskState::Running},
    {"COMPLETING", SlurmTaskState::Running},    {"CG", SlurmTaskState::Running},
    {"STAGE_OUT", SlurmTaskState::Running},     {"SO", SlurmTaskState::Running},
    {"SIGNALING", SlurmTaskState::Running},     {"SI", SlurmTaskState::Running},
    {"COMPLETED", SlurmTaskState::Completed},   {"CD", SlurmTaskState::Completed},
    {"FAILED", SlurmTaskState::Failed},         {"F", SlurmTaskState::Failed},
    {"BOOT_FAIL", SlurmTaskState::Failed},      {"BF", SlurmTaskState::Failed},
    {"DEADLINE", SlurmTaskState::Failed},       {"DL", SlurmTaskState::Failed},
    {"SPECIAL_EXIT", SlurmTaskState::Failed},   {"SE", SlurmTaskState::Failed},
    {"REVOKED", SlurmTaskState::Failed},        {"RV", SlurmTaskState::Failed},
    {"CANCELLED", SlurmTaskState::Cancelled},   {"CA", SlurmTaskState::Cancelled},
    {"TIMEOUT", SlurmTaskState::Timeout},       {"TO", SlurmTaskState::Timeout},
    {"NODE_FAIL", SlurmTaskState::NodeFail},    {"NF", SlurmTaskState::NodeFail},
    {"PREEMPTED", SlurmTaskState::Preempted},   {"PR", SlurmTaskState::Preempted},
}};

} // namespace

SlurmTaskState parseSlurmTaskState(std::string_view text)
{
    // "CANCELLED by 1000" (sacct), "COMPLETED+" (a truncated column), surrounding blanks.
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    text = text.substr(0, text.find_first_of(" \t+"));
    if (text == "OUT_OF_MEMORY" || text == "OOM")
        return SlurmTaskState::OutOfMemory;
    for (const auto& [name, state] : kStates) {
        if (name == text)
            return state;
    }
    return SlurmTaskState::Unknown;
}

bool isFinal(SlurmTaskState state)
{
    return state != SlurmTaskState::Pending && state != SlurmTaskState::Running && state != SlurmTaskState::Unknown;
}

bool isFailure(SlurmTaskState state)
{
    return isFinal(state) && state != SlurmTaskState::Completed;
}

std::string toString(SlurmTaskState state)
{
    switch (state) {
    case SlurmTaskState::Pending:
        return "PENDING";
    case SlurmTaskState::Running:
        return "RUNNING";
    case SlurmTaskState::Completed:
        return "COMPLETED";
    case SlurmTaskState::Failed:
        return "FAILED";
    case SlurmTaskState::Cancelled:
        return "CANCELLED";
    case SlurmTaskState::Timeout:
        return "TIMEOUT";
    case SlurmTaskState::NodeFail:
        return "NODE_FAIL";
    case SlurmTaskState::Preempted:
        return "PREEMPTED";
    case SlurmTaskState::OutOfMemory:
        return "OUT_OF_MEMORY";
    case SlurmTaskState::Unknown:
        break;
    }
    return "UNKNOWN";
}

} // namespace orrery::app
