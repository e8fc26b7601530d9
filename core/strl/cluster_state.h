#pragma once
#include "sim/sim_time.h"
#include "strl/node_attributes.h"

#include <vector>

namespace orrery::strl {

//! The nodes a plan may use and until when each is held by work already running.
struct ClusterState {
    std::vector<NodeAttributes> nodes;
    std::vector<sim::SimTime> busyUntil; //!< per node; empty (or shorter) means free from the start

    //! True when node `node` is free during the slice starting at `time`.
    [[nodiscard]] bool freeAt(int node, sim::SimTime time) const
    {
        const auto index = static_cast<std::size_t>(node);
        return index >= busyUntil.size() || busyUntil[index] <= time;
    }
};

} // namespace orrery::strl
