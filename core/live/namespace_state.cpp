#include "live/namespace_state.h"

#include "live/kube_client.h"
#include "live/live_environment.h"
#include "live/live_error.h"
#include "model/units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <stdexcept>

namespace orrery::live {
namespace {

DeploymentState stateOf(const KubeDeployment& deployment)
{
    DeploymentState state;
    state.name = deployment.meta.name;
    state.replicas = deployment.replicas;
    if (!deployment.containers.empty()) {
        state.container = deployment.containers.front().name;
        state.cpuMillicores = deployment.containers.front().limits.millicores;
        state.memoryBytes = deployment.containers.front().limits.memoryBytes;
    }
    return state;
}

//! Sends one restoring patch (preview, then apply) and audits both steps.
bool restorePatch(KubeClient& kube, const std::string& nameSpace, const std::string& deployment, const policy::ControlAction& action,
                  const std::string& body, PatchType type, const ActuationAuditSink& audit, RestoreReport& report)
{
    const std::string path = KubeClient::collectionPath("apps/v1", "deployments", nameSpace) + "/" + deployment;
    const auto record = [&](bool dryRun, ActuationRecord::Outcome outcome, const std::string& message) {
        if (audit)
            audit({kube.context().contextName, nameSpace, nameSpace + "/" + deployment, LiveEnvironment::actionJson(action), dryRun,
                   outcome, message});
    };
    try {
        kube.patch(path, body, type, true);
        record(true, ActuationRecord::Outcome::Previewed, "restore: " + body);
        kube.patch(path, body, type, false);
        record(false, ActuationRecord::Outcome::Applied, "restore: " + body);
        ++report.patchesApplied;
        return true;
    } catch (const LiveError& error) {
        record(false, ActuationRecord::Outcome::Failed, std::string("restore: ") + error.what());
        report.errors.push_back(nameSpace + "/" + deployment + ": " + error.what());
        return false;
    }
}

} // namespace

NamespaceState captureNamespaceState(KubeClient& kube, const std::string& nameSpace, const std::vector<std::string>& workloads)
{
    NamespaceState state;
    state.nameSpace = nameSpace;
    for (const KubeDeployment& deployment : kube.listDeployments(nameSpace).items) {
        if (!workloads.empty() && std::find(workloads.begin(), workloads.end(), deployment.meta.name) == workloads.end())
            continue;
        state.deployments.push_back(stateOf(deployment));
    }
    std::sort(state.deployments.begin(), state.deployments.end(),
              [](const DeploymentState& a, const DeploymentState& b) { return a.name < b.name; });
    for (const std::string& wanted : workloads) {
        const bool found = std::any_of(state.deployments.begin(), state.deployments.end(),
                                       [&](const DeploymentState& d) { return d.name == wanted; });
        if (!found)
            throw LiveError(LiveError::Kind::Config, "namespace " + nameSpace + " has no Deployment \"" + wanted + "\"");
    }
    return state;
}

RestoreReport restoreNamespaceState(KubeClient& kube, const NamespaceState& original, const ActuationAuditSink& audit)
{
    RestoreReport report;
    for (const DeploymentState& wanted : original.deployments) {
        DeploymentState now;
        try {
            now = stateOf(kube.getDeployment(original.nameSpace, wanted.name));
        } catch (const LiveError& error) {
            report.errors.push_back(original.nameSpace + "/" + wanted.name + ": " + error.what());
            continue;
        }
        const std::string target = original.nameSpace + "/" + wanted.name;
        if (now.replicas != wanted.replicas) {
            const policy::ControlAction action{policy::ControlAction::Kind::SetReplicas, target, policy::ControlResource::Cpu,
                                               static_cast<double>(wanted.replicas)};
            restorePatch(kube, original.nameSpace, wanted.name, action, LiveEnvironment::patchBody(action, wanted.container),
                         PatchType::Merge, audit, report);
        }
        if (wanted.container.empty())
            continue;
        if (now.cpuMillicores != wanted.cpuMillicores && wanted.cpuMillicores > 0) {
            const policy::ControlAction action{policy::ControlAction::Kind::SetLimit, target, policy::ControlResource::Cpu,
                                               static_cast<double>(wanted.cpuMillicores) / 1000.0};
            restorePatch(kube, original.nameSpace, wanted.name, action, LiveEnvironment::patchBody(action, wanted.container),
                         PatchType::Strategic, audit, report);
        }
        if (now.memoryBytes != wanted.memoryBytes && wanted.memoryBytes > 0) {
            const policy::ControlAction action{policy::ControlAction::Kind::SetLimit, target, policy::ControlResource::Memory,
                                               static_cast<double>(wanted.memoryBytes)};
            restorePatch(kube, original.nameSpace, wanted.name, action, LiveEnvironment::patchBody(action, wanted.container),
                         PatchType::Strategic, audit, report);
        }
    }
    return report;
}

std::string toJson(const NamespaceState& state)
{
    nlohmann::json deployments = nlohmann::json::array();
    for (const DeploymentState& d : state.deployments) {
        deployments.push_back({{"name", d.name}, {"replicas", d.replicas}, {"container", d.container},
                               {"cpuMillicores", d.cpuMillicores}, {"memoryBytes", d.memoryBytes}});
    }
    return nlohmann::json{{"namespace", state.nameSpace}, {"deployments", deployments}}.dump();
}

NamespaceState namespaceStateFromJson(const std::string& json)
{
    try {
        const nlohmann::json root = nlohmann::json::parse(json);
        NamespaceState state;
        state.nameSpace = root.at("namespace").get<std::string>();
        for (const auto& d : root.at("deployments")) {
            state.deployments.push_back({d.at("name").get<std::string>(), d.at("replicas").get<std::int32_t>(),
                                         d.at("container").get<std::string>(), d.at("cpuMillicores").get<std::int64_t>(),
                                         d.at("memoryBytes").get<std::int64_t>()});
        }
        return state;
    } catch (const nlohmann::json::exception& error) {
        throw std::invalid_argument(std::string("restore point: not a namespace state: ") + error.what());
    }
}

} // namespace orrery::live
