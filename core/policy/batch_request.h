#pragma once
#include "policy/batch_job.h"
#include "sim/sim_time.h"

#include <string>
#include <vector>

namespace orrery::policy {

//! What a batch placement policy is given every scheduling cycle: every pending job at once and
//! when each node's running work ends (the ClusterView passed beside it has the nodes' devices and
//! pool labels). Nodes are held whole: a node runs one job at a time.
struct BatchRequest {
    sim::SimTime now = 0;
    std::vector<BatchJob> pending;            //!< in submission order
    std::vector<sim::SimTime> busyUntil;      //!< per node id: end of its running job; <= now when free
    std::string rackLabel = "rack";           //!< the pool label naming a node's rack
};

} // namespace orrery::policy
