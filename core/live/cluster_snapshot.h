#pragma once
#include "live/kube_objects.h"
#include "live/workload_telemetry.h"

#include <map>
#include <string>
#include <vector>

namespace orrery::live {

//! Everything `orrery live snapshot` captured from one cluster at one moment: the API objects
//! as parsed (kube_objects.h) and, when Prometheus was asked, telemetry per workload key
//! (`<Kind>/<namespace>/<name>`, see SnapshotWorkload::key).
struct ClusterSnapshot {
    std::string contextName;               //!< kubeconfig context (empty in tests)
    std::string server;                    //!< API server URL
    std::string nameSpace;                 //!< empty: all namespaces
    std::string capturedAt;                //!< UTC, ISO 8601
    std::vector<KubeNode> nodes;
    std::vector<KubePod> pods;
    std::vector<KubeDeployment> deployments;
    std::vector<KubeReplicaSet> replicaSets;
    std::vector<KubeHpa> hpas;

    std::string prometheusUrl;             //!< empty: no telemetry was captured
    std::string window;                    //!< the PromQL range, e.g. "1h"
    std::map<std::string, WorkloadTelemetry> telemetry;
};

} // namespace orrery::live
