#pragma once

namespace orrery::model {

//! What a node offers of the shared resources a Resources bundle does not track (cores,
//! memory and devices are in Resources). Defaults: a two-socket Xeon-class server
//! (docs/model.md, "Contention", node capacities).
struct NodeContendedCapacity {
    double llcWays = 20.0;
    double memoryBandwidthBytesPerSecond = 60e9;
    double diskBytesPerSecond = 500e6;
    double networkBytesPerSecond = 1.25e9;
};

} // namespace orrery::model
