#pragma once
#include "model/diagnostic.h"
#include "model/node_contended_capacity.h"
#include "model/resources.h"

#include <map>
#include <string>
#include <vector>

namespace orrery::model {

//! Accelerators fitted to every node of a pool.
struct DeviceSpec {
    DeviceKind kind = DeviceKind::Gpu;
    std::string model; //!< e.g. "V100", "T4", "TPUv3"
    int count = 1;
};

//! A homogeneous group of nodes, as written in a scenario's spec.cluster.pools.
struct NodePoolSpec {
    std::string name;
    int count = 0;
    std::int64_t millicores = 0;  //!< per node
    std::int64_t memoryBytes = 0; //!< per node
    std::vector<DeviceSpec> devices;
    double pricePerHourUsd = 0.0; //!< per node
    NodeContendedCapacity contended; //!< per node: LLC, memory, disk and network bandwidth
    std::map<std::string, std::string> labels;
    SourceLocation location;

    //! The capacity of one node of this pool.
    [[nodiscard]] Resources nodeCapacity() const;
};

struct ClusterSpec {
    std::vector<NodePoolSpec> pools;

    [[nodiscard]] int nodeCount() const;
};

} // namespace orrery::model
