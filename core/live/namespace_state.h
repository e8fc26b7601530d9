#pragma once
#include "live/actuation_guard.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::live {

class KubeClient;

//! What Orrery may change of one Deployment: its replicas and its first container's limits.
struct DeploymentState {
    std::string name;
    std::int32_t replicas = 0;
    std::string container;            //!< the first container's name ("" when it has none)
    std::int64_t cpuMillicores = 0;   //!< 0: no CPU limit
    std::int64_t memoryBytes = 0;     //!< 0: no memory limit
};

//! The state of the Deployments a live experiment controls, captured before its first action.
struct NamespaceState {
    std::string nameSpace;
    std::vector<DeploymentState> deployments;
};

//! How a restore went: which patches were applied, and what failed (a deployment gone, the
//! server unreachable); complete() when nothing failed.
struct RestoreReport {
    int patchesApplied = 0;
    std::vector<std::string> errors;
    [[nodiscard]] bool complete() const { return errors.empty(); }
};

//! Lists the namespace's Deployments (only `workloads` when not empty) and keeps what
//! restoreNamespaceState can put back. Throws LiveError.
NamespaceState captureNamespaceState(KubeClient& kube, const std::string& nameSpace, const std::vector<std::string>& workloads);

//! Puts every Deployment back to `original`: the replicas (merge patch) and the first
//! container's CPU and memory limits (strategic merge patch), each previewed with dryRun=All
//! first, only where they differ from now. Restores are never rate-limited (they end an
//! experiment safely) but each is written to `audit` like any action. Never throws: problems
//! are listed in the report.
RestoreReport restoreNamespaceState(KubeClient& kube, const NamespaceState& original, const ActuationAuditSink& audit);

//! The state as JSON (stored in the project's live_restore_points) and back; fromJson throws
//! std::invalid_argument on a malformed text.
std::string toJson(const NamespaceState& state);
NamespaceState namespaceStateFromJson(const std::string& json);

} // namespace orrery::live
