#include "model/shared_gpus.h"

#include <stdexcept>

namespace orrery::model {
namespace {

Resources hostPart(const Resources& request)
{
    Resources host = request;
    host.deviceCount(DeviceKind::Gpu) = 0;
    return host;
}

} // namespace

SharedGpus::SharedGpus(Cluster& cluster)
    : m_cluster(cluster)
{
    const auto& nodes = cluster.nodes();
    m_first.reserve(nodes.size() + 1);
    std::size_t total = 0;
    for (const Node& node : nodes) {
        m_first.push_back(total);
        total += static_cast<std::size_t>(node.capacity.deviceCount(DeviceKind::Gpu));
    }
    m_first.push_back(total);
    m_gpus.resize(total);
    // A GPU the cluster already counts as allocated (placed before the ledger existed) is whole.
    for (const Node& node : nodes) {
        std::int32_t held = node.allocated.deviceCount(DeviceKind::Gpu);
        for (std::size_t i = m_first[node.id]; held > 0 && i < m_first[node.id + 1]; ++i, --held) {
            m_gpus[i] = {kMilliPerGpu, true};
            m_milliAllocated += kMilliPerGpu;
        }
    }
}

bool SharedGpus::fits(std::uint32_t node, const Resources& hostRequest, const GpuRequest& gpus,
                      const std::string& deviceModel) const
{
    if (!gpus.empty() && !m_cluster.hasDeviceModel(node, deviceModel))
        return false;
    Resources needed = hostPart(hostRequest);
    if (!gpus.shares()) {
        needed.deviceCount(DeviceKind::Gpu) = gpus.wholeGpus;
        return m_cluster.node(node).fits(needed);
    }
    return m_cluster.node(node).fits(needed) && fullestGpuFitting(node, gpus.sharedMilli) >= 0;
}

bool SharedGpus::fitsOn(std::uint32_t node, std::int32_t gpu, const Resources& hostRequest, const GpuRequest& gpus) const
{
    const auto shares = gpusOf(node);
    if (!gpus.shares() || gpu < 0 || static_cast<std::size_t>(gpu) >= shares.size())
        return false;
    const GpuShare& share = shares[static_cast<std::size_t>(gpu)];
    return !share.whole && share.freeMilli() >= gpus.sharedMilli && m_cluster.node(node).fits(hostPart(hostRequest));
}

std::int32_t SharedGpus::fullestGpuFitting(std::uint32_t node, std::int32_t sharedMilli) const
{
    const auto shares = gpusOf(node);
    std::int32_t best = -1;
    for (std::size_t i = 0; i < shares.size(); ++i) {
        const GpuShare& share = shares[i];
        if (share.whole || share.freeMilli() < sharedMilli)
            continue;
        if (best < 0 || share.freeMilli() < shares[static_cast<std::size_t>(best)].freeMilli())
            best = static_cast<std::int32_t>(i);
    }
    return best;
}

bool SharedGpus::allocate(std::uint32_t node, const Resources& hostRequest, const GpuRequest& gpus, std::int32_t gpu)
{
    if (gpus.sharedMilli < 0 || gpus.sharedMilli >= kMilliPerGpu || gpus.wholeGpus < 0 ||
        (gpus.shares() && gpus.wholeGpus != 0))
        throw std::invalid_argument("SharedGpus: a GPU request of " + std::to_string(gpus.wholeGpus) + " whole and " +
                                    std::to_string(gpus.sharedMilli) + " shared milli-GPU");
    const std::size_t first = m_first.at(node);
    const std::size_t count = m_first[node + 1] - first;
    Resources held = hostPart(hostRequest);
    if (!gpus.shares()) {
        held.deviceCount(DeviceKind::Gpu) = gpus.wholeGpus;
        if (!m_cluster.allocate(node, held))
            return false;
        std::int32_t wanted = gpus.wholeGpus;
        for (std::size_t i = first; wanted > 0 && i < first + count; ++i) {
            if (m_gpus[i].usedMilli == 0) {
                m_gpus[i] = {kMilliPerGpu, true};
                --wanted;
            }
        }
        m_milliAllocated += gpus.milli();
        return true;
    }
    if (gpu >= 0 && static_cast<std::size_t>(gpu) >= count)
        throw std::invalid_argument("SharedGpus: node " + m_cluster.node(node).name + " has no GPU " + std::to_string(gpu));
    if (gpu < 0)
        gpu = fullestGpuFitting(node, gpus.sharedMilli);
    if (gpu < 0 || !fitsOn(node, gpu, hostRequest, gpus))
        return false;
    GpuShare& share = m_gpus[first + static_cast<std::size_t>(gpu)];
    if (share.usedMilli == 0)
        held.deviceCount(DeviceKind::Gpu) = 1; // no longer free for a whole-GPU request
    if (!m_cluster.allocate(node, held))
        return false;
    share.usedMilli += gpus.sharedMilli;
    m_milliAllocated += gpus.sharedMilli;
    return true;
}

void SharedGpus::release(std::uint32_t node, const Resources& hostRequest, const GpuRequest& gpus, std::int32_t gpu)
{
    const std::size_t first = m_first.at(node);
    const std::size_t count = m_first[node + 1] - first;
    Resources held = hostPart(hostRequest);
    if (!gpus.shares()) {
        std::int32_t whole = 0;
        for (std::size_t i = first; i < first + count; ++i)
            whole += m_gpus[i].whole ? 1 : 0;
        if (whole < gpus.wholeGpus)
            throw std::logic_error("SharedGpus::release: node " + m_cluster.node(node).name + " holds " +
                                   std::to_string(whole) + " whole GPUs, not " + std::to_string(gpus.wholeGpus));
        held.deviceCount(DeviceKind::Gpu) = gpus.wholeGpus;
        m_cluster.release(node, held);
        // Whole GPUs are interchangeable; free the highest-indexed, so held ones stay lowest.
        std::int32_t left = gpus.wholeGpus;
        for (std::size_t i = first + count; left > 0 && i-- > first;) {
            if (m_gpus[i].whole) {
                m_gpus[i] = {};
                --left;
            }
        }
        m_milliAllocated -= gpus.milli();
        return;
    }
    if (gpu < 0 || static_cast<std::size_t>(gpu) >= count)
        throw std::logic_error("SharedGpus::release: node " + m_cluster.node(node).name + " has no GPU " + std::to_string(gpu));
    GpuShare& share = m_gpus[first + static_cast<std::size_t>(gpu)];
    if (share.whole || share.usedMilli < gpus.sharedMilli)
        throw std::logic_error("SharedGpus::release: GPU " + std::to_string(gpu) + " of node " + m_cluster.node(node).name +
                               " shares less than " + std::to_string(gpus.sharedMilli) + " milli-GPU");
    if (share.usedMilli == gpus.sharedMilli)
        held.deviceCount(DeviceKind::Gpu) = 1;
    m_cluster.release(node, held);
    share.usedMilli -= gpus.sharedMilli;
    m_milliAllocated -= gpus.sharedMilli;
}

} // namespace orrery::model
