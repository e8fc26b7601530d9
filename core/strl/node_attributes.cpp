#include "strl/node_attributes.h"

namespace orrery::strl {

std::vector<NodeAttributes> NodeAttributes::ofCluster(const model::Cluster& cluster)
{
    std::vector<NodeAttributes> result;
    result.reserve(cluster.nodes().size());
    for (const model::Node& node : cluster.nodes()) {
        NodeAttributes attributes;
        attributes.name = node.name;
        attributes.labels = cluster.poolOf(node.id).labels;
        attributes.millicores = node.capacity.millicores;
        attributes.memoryBytes = node.capacity.memoryBytes;
        attributes.gpus = node.capacity.deviceCount(model::DeviceKind::Gpu);
        attributes.asics = node.capacity.deviceCount(model::DeviceKind::Asic);
        attributes.fpgas = node.capacity.deviceCount(model::DeviceKind::Fpga);
        result.push_back(std::move(attributes));
    }
    return result;
}

} // namespace orrery::strl
