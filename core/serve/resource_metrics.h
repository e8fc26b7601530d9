#pragma once
#include "serve/label_selector.h"
#include "serve/object_store.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>

namespace orrery::serve {

//! What a pod uses now: its service's mean per-instance use over the last control period.
struct PodUsage {
    double cpuCores = 0;
    double memoryBytes = 0;
};

//! The Metrics API that `kubectl top` reads (metrics.k8s.io/v1beta1, as metrics-server serves it)
//! from the served simulation: a pod's usage is its service's mean per-instance use over the last
//! control period (the figures /metrics exposes as container_cpu_usage_seconds_total and
//! container_memory_usage_bytes); a node's is the sum over the pods bound to it. Pods that clients
//! created and bound are not simulated services: they report 0.
class ResourceMetrics {
public:
    //! `usage` by pod key (ObjectStore::key(namespace, name)); `timestamp` RFC 3339 on the served
    //! clock; `windowSeconds` the control period.
    ResourceMetrics(const ObjectStore& objects, const std::map<std::string, PodUsage>& usage, std::string timestamp,
                    double windowSeconds);

    //! PodMetricsList of `nameSpace` (empty: every namespace), pods matching `selector`.
    [[nodiscard]] nlohmann::json podList(const std::string& nameSpace, const std::optional<LabelSelector>& selector) const;
    //! One PodMetrics, or nothing when there is no such pod.
    [[nodiscard]] std::optional<nlohmann::json> pod(const std::string& nameSpace, const std::string& name) const;
    //! NodeMetricsList of the nodes matching `selector`.
    [[nodiscard]] nlohmann::json nodeList(const std::optional<LabelSelector>& selector) const;
    //! One NodeMetrics, or nothing when there is no such node.
    [[nodiscard]] std::optional<nlohmann::json> node(const std::string& name) const;

    //! The APIResourceList of metrics.k8s.io/v1beta1 (discovery).
    [[nodiscard]] static nlohmann::json resourceList();
    static constexpr const char* kGroupVersion = "metrics.k8s.io/v1beta1";

private:
    [[nodiscard]] nlohmann::json podMetrics(const nlohmann::json& pod) const;
    [[nodiscard]] nlohmann::json nodeMetrics(const nlohmann::json& node, const PodUsage& sum) const;
    //! Σ usage of the pods bound to each node, in one pass over the pods.
    [[nodiscard]] std::map<std::string, PodUsage> usageByNode() const;
    [[nodiscard]] PodUsage usageOf(const nlohmann::json& pod) const;

    const ObjectStore& m_objects;
    const std::map<std::string, PodUsage>& m_usage;
    std::string m_timestamp;
    std::string m_window;
};

} // namespace orrery::serve
