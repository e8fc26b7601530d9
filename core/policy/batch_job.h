#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <optional>
#include <string>

namespace orrery::policy {

//! One job waiting for a batch placement policy (seed 003): how many whole nodes it needs, its
//! run time where it prefers to run and off it, and what finishing is worth. `type` names the
//! placement preference (the STRL generator): gpu, mpi, availability, slo or best-effort.
struct BatchJob {
    std::uint64_t id = 0;
    std::string name;
    std::string type;              //!< gpu | mpi | availability | slo | best-effort
    std::int32_t nodes = 1;        //!< k whole nodes (availability: k racks, one node on each)
    sim::SimTime duration = 0;     //!< run time on its preferred placement
    double slowdown = 1.0;         //!< run-time factor off it (gpu: without a GPU; mpi: spread over racks)
    double value = 1.0;            //!< worth of finishing (by the deadline, when there is one)
    std::optional<sim::SimTime> deadline; //!< absolute; finishing later is worth nothing
    sim::SimTime submittedAt = 0;
};

} // namespace orrery::policy
