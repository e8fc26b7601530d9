#pragma once
#include "model/gpu_request.h"
#include "model/shared_gpus.h"
#include "policy/cluster_view.h"
#include "policy/pending_unit.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace orrery::policy {

//! Read-only view of a cluster whose GPUs are shared by fraction (docs/model.md, "GPU sharing"):
//! the ClusterView plus each node's GPUs and what is held of each. Added in policy API 1.6.
class GpuClusterView {
public:
    explicit GpuClusterView(const model::SharedGpus& gpus)
        : m_gpus(gpus)
        , m_cluster(gpus.cluster())
    {
    }

    [[nodiscard]] const ClusterView& cluster() const { return m_cluster; }
    [[nodiscard]] std::uint32_t nodeCount() const { return m_cluster.nodeCount(); }
    [[nodiscard]] const model::Node& node(std::uint32_t id) const { return m_cluster.node(id); }
    [[nodiscard]] const model::NodePoolSpec& poolOf(std::uint32_t id) const { return m_cluster.poolOf(id); }
    //! The node's GPUs in device order, each with the milli-GPU held and whether it is held whole.
    [[nodiscard]] std::span<const model::GpuShare> gpusOf(std::uint32_t id) const { return m_gpus.gpusOf(id); }

    //! The model of the node's GPUs ("" for a node without GPUs): its pool's first GPU device.
    [[nodiscard]] std::string_view gpuModelOf(std::uint32_t id) const
    {
        for (const model::DeviceSpec& device : poolOf(id).devices) {
            if (device.kind == model::DeviceKind::Gpu)
                return device.model;
        }
        return {};
    }
    //! CPU the node has free, in millicores.
    [[nodiscard]] std::int64_t freeMillicores(std::uint32_t id) const { return node(id).available().millicores; }
    //! The node's free milli-GPU over all its GPUs.
    [[nodiscard]] std::int64_t freeGpuMilli(std::uint32_t id) const
    {
        std::int64_t free = 0;
        for (const model::GpuShare& gpu : gpusOf(id))
            free += gpu.freeMilli();
        return free;
    }

    //! Whether the unit (its CPU, memory and device model) and `gpus` fit the node now: whole GPUs
    //! need as many GPUs nobody holds, a share needs one GPU with that much free.
    [[nodiscard]] bool fits(std::uint32_t id, const PendingUnit& unit, const model::GpuRequest& gpus) const
    {
        return m_gpus.fits(id, unit.request, gpus, unit.deviceModel);
    }
    //! Whether a share fits GPU `gpu` of the node (and the unit's CPU and memory the node).
    [[nodiscard]] bool fitsOn(std::uint32_t id, std::int32_t gpu, const PendingUnit& unit, const model::GpuRequest& gpus) const
    {
        return m_gpus.fitsOn(id, gpu, unit.request, gpus);
    }

private:
    const model::SharedGpus& m_gpus;
    ClusterView m_cluster;
};

} // namespace orrery::policy
