#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace orrery::strl {
struct RequestTemplate; // core/strl/strl_template.h; plugins link orrery_strl
}

namespace orrery::policy {

//! One job waiting for a batch placement policy (seed 003): how many whole nodes it needs, its
//! run time where it prefers to run and off it, and what finishing is worth. `type` names the
//! placement preference (the STRL generator): gpu, mpi, availability, slo or best-effort; a job
//! with its own `request` names its generator or "expression" there.
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
    //! The job's own STRL (a user generator or a hand-written expression, docs/strl.md), shared
    //! and immutable; null: plan it with the built-in generator of `type`. A policy expands it for
    //! its window with strl::RequestTemplate::forWindow. Added in plugin ABI 9.
    std::shared_ptr<const strl::RequestTemplate> request;
};

} // namespace orrery::policy
