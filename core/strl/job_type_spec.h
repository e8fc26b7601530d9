#pragma once
#include "sim/sim_time.h"

#include <optional>
#include <string>
#include <string_view>

namespace orrery::strl {

//! The job types TetriSched's generators know (seed 003; the EuroSys'16 paper's workloads).
enum class JobType { Gpu, Mpi, Availability, Slo, BestEffort };

//! "gpu", "mpi", "availability", "slo", "best-effort" → type; nullopt otherwise.
std::optional<JobType> parseJobType(std::string_view text);
const char* toString(JobType type);

//! A job described by its type instead of a hand-written expression; a generator turns it into
//! an STRL expression for one planning window.
struct JobTypeSpec {
    JobType type = JobType::BestEffort;
    int k = 1;                       //!< nodes (availability: racks, one node each)
    sim::SimTime duration = 0;       //!< run time on the preferred placement
    double slowdown = 1.0;           //!< gpu: run time × slowdown without a GPU; mpi: when spread over racks
    double value = 1.0;              //!< worth of finishing (on time)
    std::optional<sim::SimTime> deadline; //!< absolute; completion after it is worth nothing
    std::string setName;             //!< slo / best-effort: where it may run; empty = any node
};

} // namespace orrery::strl
