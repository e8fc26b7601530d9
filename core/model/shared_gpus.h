#pragma once
#include "model/cluster.h"
#include "model/gpu_request.h"
#include "model/gpu_share.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace orrery::model {

//! The per-GPU ledger of a cluster whose GPUs are shared by fraction (docs/model.md, "GPU
//! sharing"): which of each node's GPUs are held whole, and how much of each shared one. It keeps
//! the Cluster's counts in step: a node's allocated GPUs are those anyone holds any part of, so
//! Cluster::available() offers whole-GPU requests only GPUs nobody shares. Every GPU allocation on
//! the cluster goes through the ledger.
class SharedGpus {
public:
    //! One free GPU per GPU device of each node (its pool's GPU devices, in order).
    explicit SharedGpus(Cluster& cluster);

    [[nodiscard]] const Cluster& cluster() const { return m_cluster; }
    //! The node's GPUs in device order; empty for a node without GPUs.
    [[nodiscard]] std::span<const GpuShare> gpusOf(std::uint32_t node) const
    {
        return {m_gpus.data() + m_first[node], m_first[node + 1] - m_first[node]};
    }

    //! Whether `hostRequest` (CPU and memory; its GPU count is ignored) and `gpus` fit the node now,
    //! on a GPU of `deviceModel` ("A|B": either; empty: any): whole GPUs need that many GPUs nobody
    //! holds, a share needs one GPU with that much free.
    [[nodiscard]] bool fits(std::uint32_t node, const Resources& hostRequest, const GpuRequest& gpus,
                            const std::string& deviceModel) const;
    //! Whether a share fits GPU `gpu` of the node (and the host request the node).
    [[nodiscard]] bool fitsOn(std::uint32_t node, std::int32_t gpu, const Resources& hostRequest,
                              const GpuRequest& gpus) const;

    //! Reserves the request: whole GPUs on the lowest-indexed free ones, a share on GPU `gpu`
    //! (−1: the fullest GPU it fits on, lowest index first). Returns false, changing nothing, when
    //! it does not fit. Throws std::invalid_argument for a share of 1000 or more, or a GPU the node
    //! lacks.
    bool allocate(std::uint32_t node, const Resources& hostRequest, const GpuRequest& gpus, std::int32_t gpu = -1);
    //! Returns an allocation: `gpu` is the GPU the share was placed on (ignored for whole GPUs,
    //! which are interchangeable). Throws std::logic_error when the node holds less than that.
    void release(std::uint32_t node, const Resources& hostRequest, const GpuRequest& gpus, std::int32_t gpu);

    //! The GPU a share would take under allocate(…, −1), or −1 when none can hold it.
    [[nodiscard]] std::int32_t fullestGpuFitting(std::uint32_t node, std::int32_t sharedMilli) const;

    [[nodiscard]] std::int64_t milliCapacity() const { return std::int64_t{kMilliPerGpu} * static_cast<std::int64_t>(m_gpus.size()); }
    [[nodiscard]] std::int64_t milliAllocated() const { return m_milliAllocated; }

private:
    Cluster& m_cluster;
    std::vector<GpuShare> m_gpus;       //!< every node's GPUs, node after node
    std::vector<std::size_t> m_first;   //!< node → index of its first GPU; one past the end last
    std::int64_t m_milliAllocated = 0;
};

} // namespace orrery::model
