#include "fgd_policy.h"

#include "policy/gpu_fragmentation.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace orrery::plugins {
namespace {

// A node state's fragmentation is memoised while the workload stays; past this many states the
// memo is dropped and rebuilt (about 100 bytes an entry).
constexpr std::size_t kMostMemoisedStates = 1u << 20;
constexpr std::size_t kMostGpus = 64;

bool sameShape(const policy::ExpectedPod& a, const policy::ExpectedPod& b)
{
    return a.request.millicores == b.request.millicores && a.gpus.wholeGpus == b.gpus.wholeGpus &&
        a.gpus.sharedMilli == b.gpus.sharedMilli && a.deviceModel == b.deviceModel;
}

} // namespace

FgdPolicy::FgdPolicy(const policy::PolicyContext& /*context: no parameters, no randomness*/)
{
}

void FgdPolicy::expectWorkload(const std::vector<policy::ExpectedPod>& workload)
{
    m_workload = workload;
    m_workloadFromHost = !workload.empty();
    m_memo.clear();
    m_nodeMemos.clear();
}

std::int64_t FgdPolicy::score(double before, double after)
{
    // σ of the fragmentation removed, in GPUs; the peer truncates 100σ to an integer
    // (kubernetes-scheduler-simulator at 8f3d641, pkg/simulator/plugin/fgd_score.go).
    const double removed = (before - after) / model::kMilliPerGpu;
    return static_cast<std::int64_t>(100.0 / (1.0 + std::exp(-removed)));
}

double FgdPolicy::fragmentation(std::int64_t freeMillicores, std::span<std::int32_t> freeMilli, std::string_view gpuModel)
{
    // Fragmentation depends on the free milli per GPU as a multiset: sort, then key the memo by
    // the model, the free CPU and the sorted values.
    std::sort(freeMilli.begin(), freeMilli.end());
    m_key.assign(gpuModel);
    m_key.push_back('\0');
    m_key.append(reinterpret_cast<const char*>(&freeMillicores), sizeof freeMillicores);
    m_key.append(reinterpret_cast<const char*>(freeMilli.data()), freeMilli.size_bytes());
    if (const auto found = m_memo.find(m_key); found != m_memo.end())
        return found->second;
    const double value = policy::fragmentedGpuMilli(freeMillicores, std::span<const std::int32_t>(freeMilli), gpuModel, m_workload);
    if (m_memo.size() >= kMostMemoisedStates)
        m_memo.clear();
    m_memo.emplace(m_key, value);
    return value;
}

FgdPolicy::Choice FgdPolicy::scoreNode(const policy::GpuNodeState& node, std::string_view gpuModel, std::int64_t podMillicores,
                                       const model::GpuRequest& gpus)
{
    const std::size_t count = std::min(node.gpus.size(), kMostGpus);
    std::array<std::int32_t, kMostGpus> free{};
    std::array<std::int32_t, kMostGpus> scratch{};
    for (std::size_t i = 0; i < count; ++i)
        free[i] = node.gpus[i].freeMilli();
    std::copy_n(free.begin(), count, scratch.begin());
    const double before = fragmentation(node.freeMillicores, {scratch.data(), count}, gpuModel);
    const std::int64_t cpuAfter = node.freeMillicores - podMillicores;

    if (gpus.shares()) {
        Choice best;
        for (std::size_t i = 0; i < count; ++i) {
            if (free[i] < gpus.sharedMilli)
                continue;
            // GPUs with the same free milli leave the same state: score the first of them only.
            if (std::find(free.begin(), free.begin() + static_cast<std::ptrdiff_t>(i), free[i]) != free.begin() + static_cast<std::ptrdiff_t>(i))
                continue;
            std::copy_n(free.begin(), count, scratch.begin());
            scratch[i] -= gpus.sharedMilli;
            const std::int64_t value = score(before, fragmentation(cpuAfter, {scratch.data(), count}, gpuModel));
            if (best.gpu < 0 || value > best.score)
                best = {value, static_cast<std::int32_t>(i)};
        }
        return best;
    }
    // Whole GPUs (or none) take GPUs nobody holds; which ones does not change the state.
    std::copy_n(free.begin(), count, scratch.begin());
    std::int32_t left = gpus.wholeGpus;
    for (std::size_t i = 0; i < count && left > 0; ++i) {
        if (scratch[i] == model::kMilliPerGpu) {
            scratch[i] = 0;
            --left;
        }
    }
    return {score(before, fragmentation(cpuAfter, {scratch.data(), count}, gpuModel)), -1};
}

FgdPolicy::NodeMemo& FgdPolicy::memoOf(std::uint32_t node, const policy::GpuNodeState& state)
{
    if (node >= m_nodeMemos.size())
        m_nodeMemos.resize(node + 1);
    NodeMemo& memo = m_nodeMemos[node];
    bool same = memo.freeMillicores == state.freeMillicores && memo.freeMilli.size() == state.gpus.size();
    for (std::size_t i = 0; same && i < state.gpus.size(); ++i)
        same = memo.freeMilli[i] == state.gpus[i].freeMilli();
    if (!same) {
        memo.freeMillicores = state.freeMillicores;
        memo.freeMilli.resize(state.gpus.size());
        for (std::size_t i = 0; i < state.gpus.size(); ++i)
            memo.freeMilli[i] = state.gpus[i].freeMilli();
        memo.choices.clear();
    }
    return memo;
}

FgdPolicy::Choice FgdPolicy::scoreNodeOnce(std::uint32_t node, const policy::GpuNodeState& state, std::string_view gpuModel,
                                           std::int64_t podMillicores, const model::GpuRequest& gpus)
{
    NodeMemo& memo = memoOf(node, state);
    const std::array<std::int64_t, 3> pod{podMillicores, gpus.wholeGpus, gpus.sharedMilli};
    for (const auto& [shape, choice] : memo.choices) {
        // Field by field: std::array's == calls memcmp, which cost 40 % of a replay here.
        if (shape[0] == pod[0] && shape[1] == pod[1] && shape[2] == pod[2])
            return choice;
    }
    const Choice choice = scoreNode(state, gpuModel, podMillicores, gpus);
    memo.choices.emplace_back(pod, choice);
    return choice;
}

void FgdPolicy::learnShape(const policy::PendingUnit& unit, const model::GpuRequest& gpus)
{
    policy::ExpectedPod shape;
    shape.request.millicores = unit.request.millicores;
    shape.gpus = gpus;
    shape.deviceModel = unit.deviceModel;
    auto found = std::find_if(m_learned.begin(), m_learned.end(), [&](const auto& entry) { return sameShape(entry.first, shape); });
    if (found == m_learned.end())
        m_learned.emplace_back(shape, 1);
    else
        ++found->second;
    ++m_learnedPods;
    m_workload.clear();
    for (const auto& [learned, count] : m_learned) {
        m_workload.push_back(learned);
        m_workload.back().popularity = static_cast<double>(count) / static_cast<double>(m_learnedPods);
    }
    m_memo.clear();
    m_nodeMemos.clear();
}

policy::GpuPlacement FgdPolicy::placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                            const policy::GpuClusterView& cluster)
{
    if (!m_workloadFromHost)
        learnShape(unit, gpus);
    const auto node = policy::highestScoringNode(cluster, unit, gpus, [&](std::uint32_t id, const policy::GpuNodeState& state) {
        return scoreNodeOnce(id, state, cluster.gpuModelOf(id), unit.request.millicores, gpus).score;
    });
    if (!node)
        return policy::GpuPlacement::defer();
    // The chosen node's GPU (the scan keeps the node only; its memo holds the choice).
    const Choice choice = scoreNodeOnce(*node, {cluster.freeMillicores(*node), cluster.gpusOf(*node)},
                                        cluster.gpuModelOf(*node), unit.request.millicores, gpus);
    return {policy::PlacementDecision::onNode(*node), gpus.shares() ? choice.gpu : -1};
}

policy::PlacementDecision FgdPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const model::GpuRequest whole{unit.request.deviceCount(model::DeviceKind::Gpu), 0};
    if (!m_workloadFromHost)
        learnShape(unit, whole);
    const auto node = policy::highestScoringNode(cluster, unit, [&](std::uint32_t id, const policy::GpuNodeState& state) {
        std::string_view model;
        for (const model::DeviceSpec& device : cluster.poolOf(id).devices) {
            if (device.kind == model::DeviceKind::Gpu) {
                model = device.model;
                break;
            }
        }
        return scoreNode(state, model, unit.request.millicores, whole).score;
    });
    return node ? policy::PlacementDecision::onNode(*node) : policy::PlacementDecision::defer();
}

} // namespace orrery::plugins
