#pragma once
#include "live/cluster_snapshot.h"

#include <cstdint>
#include <string>

namespace orrery::live {

//! Writes a ClusterSnapshot as an ordinary Orrery scenario (docs/scenario-format.md): node pools
//! from identical nodes, one BatchJobs workload per controller whose pods arrive at the start
//! and hold their requests for the whole horizon, and YAML comments naming the API object and
//! field (or the PromQL) each value came from and what the format cannot hold (taints, HPAs,
//! telemetry). See docs/live-clusters.md, "Snapshot → scenario".
class SnapshotScenarioWriter {
public:
    struct Options {
        std::string name;                  //!< metadata.name; empty: snapshot-<context>
        std::string horizon = "1h";        //!< spec.horizon and how long each pod is held
        std::uint64_t seed = 1;
    };

    //! The scenario text. Throws LiveError(Protocol) naming the object and field when the
    //! snapshot cannot be expressed (a node without capacity, no nodes, no workloads).
    static std::string write(const ClusterSnapshot& snapshot, const Options& options);
};

} // namespace orrery::live
