#include "model/node_pool_spec.h"

namespace orrery::model {

Resources NodePoolSpec::nodeCapacity() const
{
    Resources capacity;
    capacity.millicores = millicores;
    capacity.memoryBytes = memoryBytes;
    for (const auto& device : devices)
        capacity.deviceCount(device.kind) += device.count;
    return capacity;
}

int ClusterSpec::nodeCount() const
{
    int total = 0;
    for (const auto& pool : pools)
        total += pool.count;
    return total;
}

} // namespace orrery::model
