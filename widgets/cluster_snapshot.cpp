#include "widgets/cluster_snapshot.h"

#include "model/cluster.h"

#include <algorithm>

namespace orrery::widgets {

ClusterSnapshot clusterSnapshot(const model::Cluster& cluster)
{
    ClusterSnapshot snapshot;
    snapshot.pools.reserve(cluster.pools().size());
    for (const model::NodePoolSpec& spec : cluster.pools()) {
        ClusterSnapshot::Pool pool;
        pool.name = QString::fromStdString(spec.name);
        for (const model::DeviceSpec& device : spec.devices)
            pool.devices.push_back({device.kind, QString::fromStdString(device.model), device.count});
        snapshot.pools.push_back(std::move(pool));
    }
    snapshot.nodes.reserve(cluster.nodes().size());
    for (const model::Node& node : cluster.nodes())
        snapshot.nodes.push_back({QString::fromStdString(node.name), node.pool, node.capacity, node.allocated, {}});
    return snapshot;
}

bool ClusterSnapshot::hasGpuShares() const
{
    return std::any_of(nodes.begin(), nodes.end(), [](const Node& node) { return !node.gpus.empty(); });
}

} // namespace orrery::widgets
