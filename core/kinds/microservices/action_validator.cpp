#include "kinds/microservices/action_validator.h"

#include "kinds/microservices/limit_access.h"
#include "kinds/microservices/microservice_simulator.h"

#include <cmath>
#include <string>

namespace orrery::kinds::microservices {

namespace {

using policy::ActionOutcome;
using policy::ControlAction;
using policy::ControlResource;

ActionOutcome rejected(const ControlAction& action, std::string reason)
{
    return {ActionOutcome::Status::Rejected, action, action, std::move(reason)};
}

constexpr ControlResource kAllResources[] = {ControlResource::Cpu,     ControlResource::MemoryBandwidth, ControlResource::Llc,
                                             ControlResource::DiskIo,  ControlResource::Network,         ControlResource::Memory};

} // namespace

ActionValidator::ActionValidator(const MicroserviceSimulator& app)
    : m_app(app)
{
}

std::optional<std::size_t> ActionValidator::serviceOf(std::string_view target) const
{
    for (std::size_t s = 0; s < m_app.serviceCount(); ++s) {
        if (m_app.serviceName(s) == target)
            return s;
    }
    return std::nullopt;
}

double ActionValidator::upperBound(ControlResource resource) const
{
    double most = 0.0;
    for (const auto& node : m_app.cluster().nodes())
        most = std::max(most, nodeCapacity(node, m_app.nodeContendedCapacity(node.id), resource));
    return most;
}

bool ActionValidator::fitsOnNode(std::uint32_t node, std::size_t service, ControlResource resource, double value,
                                 int extraReplicas) const
{
    // Σ limits of the active replicas on the node, with `service`'s replaced by `value` and
    // `extraReplicas` more of it there.
    double used = 0.0;
    int mine = extraReplicas;
    for (std::size_t s = 0; s < m_app.serviceCount(); ++s) {
        for (const auto n : m_app.replicaNodes(s)) {
            if (n != node)
                continue;
            if (s == service)
                ++mine;
            else
                used += limitValue(m_app.serviceLimits(s), resource);
        }
    }
    // Compare what will be stored: CPU in whole millicores, memory in whole bytes (as
    // setLimitValue rounds), so a limit that fits here also fits the cluster's integer accounting.
    InstanceLimits stored;
    setLimitValue(stored, resource, value);
    used += mine * limitValue(stored, resource);
    return used <= nodeCapacity(m_app.cluster().nodes()[node], m_app.nodeContendedCapacity(node), resource) * (1.0 + 1e-9);
}

std::optional<std::uint32_t> ActionValidator::nodeForReplica(std::size_t service) const
{
    std::optional<std::uint32_t> best;
    double bestFree = -1.0;
    const auto& nodes = m_app.cluster().nodes();
    for (std::uint32_t n = 0; n < nodes.size(); ++n) {
        bool fits = true;
        for (const ControlResource r : kAllResources)
            fits = fits && fitsOnNode(n, service, r, limitValue(m_app.serviceLimits(service), r), 1);
        const double free = static_cast<double>(nodes[n].available().millicores);
        if (fits && free > bestFree) {
            best = n;
            bestFree = free;
        }
    }
    return best;
}

ActionOutcome ActionValidator::validate(const ControlAction& action) const
{
    const auto service = serviceOf(action.target);
    if (!service)
        return rejected(action, "unknown target '" + action.target + "'");
    if (!std::isfinite(action.value))
        return rejected(action, "value is not a finite number");
    const int replicas = m_app.replicaCount(*service);
    if (action.kind == ControlAction::Kind::SetReplicas) {
        const auto wanted = static_cast<int>(std::lround(action.value));
        if (wanted < 1) {
            ActionOutcome outcome{ActionOutcome::Status::Converted, action, ControlAction::setReplicas(action.target, 1),
                                  "scale-in stops at one replica"};
            return replicas == 1 ? rejected(action, "scale-in stops at one replica (already 1)") : outcome;
        }
        if (wanted > replicas && !nodeForReplica(*service))
            return rejected(action, "no node has room for another replica of " + action.target);
        ActionOutcome outcome{ActionOutcome::Status::Applied, action, ControlAction::setReplicas(action.target, wanted), {}};
        return outcome;
    }
    const std::string resource(policy::toString(action.resource));
    if (action.resource == ControlResource::GpuFrequency)
        return rejected(action, "gpu-frequency is a GPU clock of model-serving devices; microservice instances have none");
    const double upper = upperBound(action.resource);
    if (action.value <= 0.0)
        return rejected(action, resource + " limit must be above 0");
    if (action.value > upper)
        return rejected(action, resource + " limit " + std::to_string(action.value) + " exceeds the node capacity "
                                    + std::to_string(upper));
    if (action.resource == ControlResource::Cpu && std::llround(action.value * 1000.0) < 1)
        return rejected(action, "cpu limit below one millicore");
    for (const auto node : m_app.replicaNodes(*service)) {
        if (fitsOnNode(node, *service, action.resource, action.value, 0))
            continue;
        // Seed 001 §3.2.5: an action that would oversubscribe the machine becomes a scale-out.
        if (!nodeForReplica(*service))
            return rejected(action, resource + " limit would oversubscribe node " + m_app.cluster().nodes()[node].name
                                        + " and no node has room for another replica");
        return {ActionOutcome::Status::Converted, action, ControlAction::setReplicas(action.target, replicas + 1),
                resource + " limit would oversubscribe node " + m_app.cluster().nodes()[node].name + ": scaled out instead"};
    }
    return {ActionOutcome::Status::Applied, action, action, {}};
}

sim::SimTime ActionValidator::actuationLatency(const ControlAction& action)
{
    using sim::kMicrosecond;
    if (action.kind == ControlAction::Kind::SetReplicas)
        return 45700 * kMicrosecond; // warm container start; scale-in uses the same (endpoint removal)
    switch (action.resource) {
    case ControlResource::Cpu: return 2100 * kMicrosecond;
    case ControlResource::MemoryBandwidth: return 42400 * kMicrosecond;
    case ControlResource::Llc: return 39800 * kMicrosecond;
    case ControlResource::DiskIo: return 2300 * kMicrosecond;
    case ControlResource::Network: return 12300 * kMicrosecond;
    case ControlResource::Memory: return 2100 * kMicrosecond; // a cgroup write, like CPU
    case ControlResource::GpuFrequency: return 0; // never applied to microservices (rejected)
    }
    return 0;
}

} // namespace orrery::kinds::microservices
