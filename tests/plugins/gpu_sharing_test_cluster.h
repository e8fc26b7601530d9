#pragma once
// Small hand-built clusters with GPUs shared by fraction, for the GPU-sharing placement plugins'
// tests (docs/model.md, "GPU sharing").
#include "model/cluster.h"
#include "model/shared_gpus.h"
#include "policy/gpu_cluster_view.h"
#include "policy/pending_unit.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace orrery::testing {

//! Node i has millicores[i] CPU, 64 GiB and gpus[i] T4 GPUs, one single-node pool each.
struct SharedGpuCluster {
    SharedGpuCluster(const std::vector<std::int64_t>& millicores, const std::vector<int>& gpus)
    {
        model::ClusterSpec spec;
        for (std::size_t i = 0; i < millicores.size(); ++i) {
            model::NodePoolSpec pool;
            pool.name = "n";
            pool.name += std::to_string(i); // not "n" + …: GCC 12's -Wrestrict misfires on it at -O3
            pool.count = 1;
            pool.millicores = millicores[i];
            pool.memoryBytes = std::int64_t{64} << 30;
            if (gpus[i] > 0)
                pool.devices = {{model::DeviceKind::Gpu, "T4", gpus[i]}};
            spec.pools.push_back(pool);
        }
        cluster = std::make_unique<model::Cluster>(spec);
        ledger = std::make_unique<model::SharedGpus>(*cluster);
        view = std::make_unique<policy::GpuClusterView>(*ledger);
    }

    //! Holds `milli` of GPU `gpu` of a node (and `millicores` of its CPU), as a placed share would.
    void share(std::uint32_t node, std::int32_t gpu, std::int32_t milli, std::int64_t millicores = 0)
    {
        model::Resources host;
        host.millicores = millicores;
        if (!ledger->allocate(node, host, {0, milli}, gpu))
            throw std::logic_error("test cluster: share does not fit");
    }
    void whole(std::uint32_t node, std::int32_t gpus, std::int64_t millicores = 0)
    {
        model::Resources host;
        host.millicores = millicores;
        if (!ledger->allocate(node, host, {gpus, 0}))
            throw std::logic_error("test cluster: whole GPUs do not fit");
    }

    std::unique_ptr<model::Cluster> cluster;
    std::unique_ptr<model::SharedGpus> ledger;
    std::unique_ptr<policy::GpuClusterView> view;
};

//! A pod of `millicores` CPU and 1 GiB asking `gpus`; its request holds the whole GPUs.
inline policy::PendingUnit gpuPod(std::int64_t millicores, const model::GpuRequest& gpus)
{
    policy::PendingUnit unit;
    unit.request.millicores = millicores;
    unit.request.memoryBytes = std::int64_t{1} << 30;
    unit.request.deviceCount(model::DeviceKind::Gpu) = gpus.wholeGpus;
    if (!gpus.empty()) {
        unit.declaredCompute = model::ComputeKind::Gpu;
        unit.computeOptions = model::bitOf(model::ComputeKind::Gpu);
    }
    return unit;
}

} // namespace orrery::testing
