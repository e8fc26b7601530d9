#pragma once
#include "model/resources.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <string>

namespace orrery::policy {

//! Something waiting to be placed: a task, a container or a model partition.
struct PendingUnit {
    std::uint64_t id = 0;
    std::string workload;        //!< name of the workload it belongs to
    model::Resources request;
    std::string deviceModel;     //!< required device model, empty when any will do
    sim::SimTime submittedAt = 0;
};

} // namespace orrery::policy
