#include "live/snapshot_node_pools.h"

#include "live/live_error.h"

#include <algorithm>
#include <cctype>
#include <tuple>

namespace orrery::live {
namespace {

constexpr std::int64_t kMaxMillicores = 4096LL * 1000;           // scenario limit per node
constexpr std::int64_t kMaxMemoryBytes = 64LL << 40;              // 64Ti

//! Labels that differ from node to node without making nodes different for a scheduler.
bool isPerNodeLabel(const std::string& key)
{
    const auto slash = key.rfind('/');
    const std::string tail = slash == std::string::npos ? key : key.substr(slash + 1);
    return tail == "hostname" || tail == "zone" || tail == "region";
}

std::string upper(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return text;
}

std::string gpuFamily(const std::string& product)
{
    static const std::vector<std::string> kFamilies = {"GH200", "B200", "H200", "H100", "A100", "A10G", "A10", "A30", "A40",
                                                       "L40S", "L40",   "L4",   "V100", "P100", "T4",   "P4",  "K80"};
    std::vector<std::string> tokens;
    std::string token;
    for (const char c : upper(product) + "-") {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            token += c;
        } else if (!token.empty()) {
            tokens.push_back(token);
            token.clear();
        }
    }
    for (const auto& family : kFamilies) {
        if (std::find(tokens.begin(), tokens.end(), family) != tokens.end())
            return family;
    }
    return product;
}

std::string describe(const std::vector<KubeTaint>& taints)
{
    std::string text;
    for (const auto& taint : taints)
        text += taint.key + "=" + taint.value + ":" + taint.effect + ";";
    return text;
}

void check(const KubeNode& node)
{
    const std::string what = "Node " + node.meta.name + ": ";
    if (!node.hasCapacity)
        throw LiveError(LiveError::Kind::Protocol, what + "status.capacity: missing; expected the node's cpu and memory");
    if (node.capacity.millicores <= 0)
        throw LiveError(LiveError::Kind::Protocol, what + "status.capacity.cpu: missing or 0; expected the node's cores");
    if (node.capacity.memoryBytes <= 0)
        throw LiveError(LiveError::Kind::Protocol, what + "status.capacity.memory: missing or 0; expected the node's memory");
    if (node.capacity.millicores > kMaxMillicores)
        throw LiveError(LiveError::Kind::Protocol, what + "status.capacity.cpu: more than a scenario node may have (4096 cores)");
    if (node.capacity.memoryBytes > kMaxMemoryBytes)
        throw LiveError(LiveError::Kind::Protocol, what + "status.capacity.memory: more than a scenario node may have (64Ti)");
}

} // namespace

std::string scenarioName(const std::string& text, std::size_t maxLength)
{
    std::string name;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) && u < 0x80)
            name += static_cast<char>(std::tolower(u));
        else if (!name.empty() && name.back() != '-')
            name += '-';
    }
    if (name.size() > maxLength)
        name.resize(maxLength);
    while (!name.empty() && name.back() == '-')
        name.pop_back();
    return name;
}

std::string gpuModelFromLabels(const std::map<std::string, std::string>& labels, std::string* source)
{
    for (const char* key : {"nvidia.com/gpu.product", "cloud.google.com/gke-accelerator", "k8s.amazonaws.com/accelerator"}) {
        const auto it = labels.find(key);
        if (it != labels.end() && !it->second.empty()) {
            if (source)
                *source = it->first + "=" + it->second;
            return gpuFamily(it->second);
        }
    }
    return {};
}

std::vector<SnapshotNodePool> groupNodePools(const std::vector<KubeNode>& nodes)
{
    using Key = std::tuple<std::int64_t, std::int64_t, std::int32_t, std::string, std::string, std::map<std::string, std::string>>;
    std::map<Key, std::size_t> index;
    std::vector<SnapshotNodePool> pools;
    for (const auto& node : nodes) {
        check(node);
        const bool noAllocatable = node.allocatable.millicores <= 0 && node.allocatable.memoryBytes <= 0;
        const model::Resources allocatable = noAllocatable ? node.capacity : node.allocatable;
        std::map<std::string, std::string> labels;
        for (const auto& [key, value] : node.meta.labels) {
            if (!isPerNodeLabel(key))
                labels[key] = value;
        }
        std::string gpuSource;
        std::string gpuModel;
        const std::int32_t gpus = allocatable.deviceCount(model::DeviceKind::Gpu);
        if (gpus > 0) {
            gpuModel = gpuModelFromLabels(node.meta.labels, &gpuSource);
            if (gpuModel.empty()) {
                gpuModel = "nvidia-gpu";
                gpuSource = "no GPU product label (nvidia.com/gpu.product, cloud.google.com/gke-accelerator, "
                            "k8s.amazonaws.com/accelerator)";
            }
        }
        const Key key{allocatable.millicores, allocatable.memoryBytes, gpus, gpuModel, describe(node.taints), labels};
        auto it = index.find(key);
        if (it == index.end()) {
            SnapshotNodePool pool;
            pool.allocatable = allocatable;
            pool.capacity = node.capacity;
            pool.allocatableFromCapacity = noAllocatable;
            pool.gpuModel = gpuModel;
            pool.gpuModelSource = gpuSource;
            pool.labels = labels;
            pool.taints = node.taints;
            it = index.emplace(key, pools.size()).first;
            pools.push_back(std::move(pool));
        }
        SnapshotNodePool& pool = pools[it->second];
        pool.nodeNames.push_back(node.meta.name);
        if (!node.zone.empty())
            pool.zones.insert(node.zone);
        if (node.unschedulable || !node.ready)
            pool.notSchedulable.push_back(node.meta.name);
    }
    // Names: the node group's (EKS, GKE, AKS, Karpenter), else the instance type, else "pool".
    std::set<std::string> used;
    for (auto& pool : pools) {
        std::string base;
        for (const char* key : {"eks.amazonaws.com/nodegroup", "cloud.google.com/gke-nodepool", "kubernetes.azure.com/agentpool",
                                "agentpool", "karpenter.sh/nodepool", "node.kubernetes.io/instance-type"}) {
            const auto label = pool.labels.find(key);
            if (label != pool.labels.end() && !(base = scenarioName(label->second, 56)).empty())
                break;
        }
        if (base.empty())
            base = "pool";
        std::string name = base;
        for (int n = 2; used.count(name) != 0; ++n)
            name = base + "-" + std::to_string(n);
        used.insert(name);
        pool.name = name;
    }
    return pools;
}

} // namespace orrery::live
