#pragma once
#include "model/cluster.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace orrery::strl {

//! What an equivalence-set filter can see of one node: its accelerators, labels and size.
struct NodeAttributes {
    std::string name;
    std::map<std::string, std::string> labels; //!< e.g. rack=r1
    std::int64_t millicores = 0;
    std::int64_t memoryBytes = 0;
    int gpus = 0;
    int asics = 0;
    int fpgas = 0;

    //! The attributes of every node of `cluster`, in node-id order (labels from its pool).
    static std::vector<NodeAttributes> ofCluster(const model::Cluster& cluster);
};

} // namespace orrery::strl
