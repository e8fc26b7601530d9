#pragma once
#include "model/gpu_share.h"
#include "model/resources.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace orrery::model {
class Cluster;
}

namespace orrery::widgets {

//! What ClusterView draws: a plain copy of a cluster's pools and nodes at one moment, so the
//! app can feed it simulated (model::Cluster) or live data alike.
struct ClusterSnapshot {
    //! Accelerators fitted to every node of a pool.
    struct Device {
        model::DeviceKind kind = model::DeviceKind::Gpu;
        QString model; //!< e.g. "V100"; may be empty
        int count = 0;
    };
    struct Pool {
        QString name;
        std::vector<Device> devices;
    };
    struct Node {
        QString name;
        std::uint32_t pool = 0; //!< index into pools
        model::Resources capacity;
        model::Resources allocated;
        //! Each GPU's milli-GPU held, in device order, where the source records GPUs one by one
        //! (a run whose GPUs are shared by fraction); empty: only the count in `allocated`.
        std::vector<model::GpuShare> gpus;
    };

    std::vector<Pool> pools;
    std::vector<Node> nodes;
    //! What the per-GPU state shows, e.g. "GPUs at peak allocation, t = 3,600 s"; empty without it.
    QString gpuCaption;

    //! Whether any node lists its GPUs one by one.
    [[nodiscard]] bool hasGpuShares() const;
};

//! The snapshot of a cluster's current allocation.
[[nodiscard]] ClusterSnapshot clusterSnapshot(const model::Cluster& cluster);

} // namespace orrery::widgets
