#pragma once
#include "policy/cluster_view.h"
#include "policy/observation.h"
#include "policy/placement_decision.h"

#include <cstddef>
#include <map>
#include <string>

namespace orrery::plugins {

//! Docker Swarm's spread placement (seed 004 §6.4), shared by docker-swarm and static-limits:
//! the node with the fewest containers, counted from the workers' last reports plus what it has
//! placed since (the lowest index on ties).
class SwarmSpread {
public:
    //! Takes the containers per node an observation reports: a control period's (period > 0)
    //! replaces every count, a placement-time report of one worker (period 0) only its nodes'.
    void observe(const policy::Observation& observation);
    //! The node to place on (counted as holding one more container from now), or defer when
    //! the cluster has no node.
    policy::PlacementDecision place(const policy::ClusterView& cluster);

private:
    std::map<std::string, std::size_t> m_containers; //!< by node name
};

} // namespace orrery::plugins
