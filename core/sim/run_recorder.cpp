#include "sim/run_recorder.h"

namespace orrery::sim {

std::string_view toString(RunStatus status)
{
    switch (status) {
    case RunStatus::Running: return "running";
    case RunStatus::Completed: return "completed";
    case RunStatus::Failed: return "failed";
    case RunStatus::Interrupted: return "interrupted";
    case RunStatus::Cancelled: return "cancelled";
    }
    return "unknown";
}

} // namespace orrery::sim
