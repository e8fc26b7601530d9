#include "live/live_environment.h"

#include "live/kube_client.h"
#include "live/live_error.h"
#include "live/prometheus_client.h"
#include "live/promql_template.h"
#include "live/telemetry_queries.h"
#include "model/units.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <thread>

namespace orrery::live {
namespace {

using policy::ControlAction;
using policy::ControlResource;

policy::ActionOutcome rejected(const ControlAction& action, std::string reason)
{
    return {policy::ActionOutcome::Status::Rejected, action, action, std::move(reason)};
}

} // namespace

LiveEnvironment::LiveEnvironment(KubeClient& kube, PrometheusClient* prometheus, ActuationGuard& guard,
                                 ActuationAuditSink audit, LiveEnvironmentOptions options)
    : m_kube(kube), m_prometheus(prometheus), m_guard(guard), m_audit(std::move(audit)), m_options(std::move(options)),
      m_start(std::chrono::steady_clock::now())
{
}

policy::Observation LiveEnvironment::reset(std::uint64_t /*seed*/)
{
    m_start = std::chrono::steady_clock::now();
    return observe();
}

policy::Observation LiveEnvironment::observe()
{
    policy::Observation observation;
    observation.time = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - m_start).count();
    observation.period = std::chrono::duration_cast<std::chrono::nanoseconds>(m_options.period).count();
    m_containers.clear();
    for (const KubeDeployment& deployment : m_kube.listDeployments(m_options.nameSpace).items) {
        const auto& wanted = m_options.deployments;
        if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), deployment.meta.name) == wanted.end())
            continue;
        policy::TargetObservation target;
        target.name = m_options.nameSpace + "/" + deployment.meta.name;
        target.replicas = deployment.readyReplicas;
        target.pendingReplicas = std::max(0, deployment.replicas - deployment.readyReplicas);
        if (!deployment.containers.empty()) {
            const KubeContainer& container = deployment.containers.front();
            target.limit[policy::indexOf(ControlResource::Cpu)] = static_cast<double>(container.limits.millicores) / 1000.0;
            target.limit[policy::indexOf(ControlResource::Memory)] = static_cast<double>(container.limits.memoryBytes);
            m_containers.push_back(container.name);
        } else {
            m_containers.emplace_back();
        }
        if (m_prometheus != nullptr) {
            TelemetryQueries::observe(*m_prometheus, m_options.nameSpace, deployment.meta.name, m_options.telemetryWindow, target);
            if (!m_options.latencyQuery.empty())
                observeLatency(deployment.meta.name, target);
        }
        observation.targets.push_back(std::move(target));
    }
    m_last = observation;
    return observation;
}

void LiveEnvironment::observeLatency(const std::string& deployment, policy::TargetObservation& target)
{
    const std::string promql = expandPromql(m_options.latencyQuery, {{"namespace", m_options.nameSpace},
                                                                     {"deployment", deployment},
                                                                     {"window", m_options.telemetryWindow}});
    const PromResult result = m_prometheus->query(promql);
    double p99 = 0;
    for (const PromSeries& series : result.series) {
        for (const PromSample& sample : series.samples) {
            if (std::isfinite(sample.value))
                p99 = std::max(p99, sample.value);
        }
    }
    target.p99LatencyMs = p99;
    target.sloLatencyMs = m_options.sloLatencyMs;
    target.sloMaintenance = (p99 > 0 && m_options.sloLatencyMs > 0) ? std::min(1.0, m_options.sloLatencyMs / p99) : 1.0;
}

policy::StepResult LiveEnvironment::step(std::span<const ControlAction> actions)
{
    policy::StepResult result;
    for (const ControlAction& action : actions)
        result.outcomes.push_back(act(action));
    if (m_options.period.count() > 0)
        std::this_thread::sleep_for(m_options.period);
    result.observation = observe();
    double reward = 0;
    for (const auto& target : result.observation.targets) {
        const double limit = target.limit[policy::indexOf(ControlResource::Cpu)];
        const double utilisation = limit > 0 ? std::min(1.0, target.usage[policy::indexOf(ControlResource::Cpu)] / limit) : 0;
        reward += 0.5 * target.sloMaintenance + 0.5 * utilisation;
    }
    result.reward = result.observation.targets.empty() ? 0 : reward / static_cast<double>(result.observation.targets.size());
    return result;
}

std::vector<policy::ActionOutcome> LiveEnvironment::apply(std::span<const ControlAction> actions)
{
    std::vector<policy::ActionOutcome> outcomes;
    for (const ControlAction& action : actions)
        outcomes.push_back(act(action));
    return outcomes;
}

std::string LiveEnvironment::actionJson(const ControlAction& action)
{
    nlohmann::json json{{"kind", action.kind == ControlAction::Kind::SetReplicas ? "SetReplicas" : "SetLimit"},
                        {"target", action.target},
                        {"value", action.value}};
    if (action.kind == ControlAction::Kind::SetLimit)
        json["resource"] = std::string(policy::toString(action.resource));
    return json.dump();
}

std::string LiveEnvironment::patchBody(const ControlAction& action, const std::string& containerName)
{
    if (action.kind == ControlAction::Kind::SetReplicas)
        return nlohmann::json{{"spec", {{"replicas", static_cast<std::int64_t>(std::llround(action.value))}}}}.dump();
    const bool cpu = action.resource == ControlResource::Cpu;
    const std::string quantity = cpu ? model::formatMillicores(std::llround(action.value * 1000.0))
                                     : model::formatBytes(std::llround(action.value));
    // Strategic merge: the container list merges by name, so other containers are untouched.
    const nlohmann::json container{{"name", containerName},
                                   {"resources", {{"limits", {{cpu ? "cpu" : "memory", quantity}}}}}};
    return nlohmann::json{{"spec", {{"template", {{"spec", {{"containers", nlohmann::json::array({container})}}}}}}}}.dump();
}

void LiveEnvironment::record(const ControlAction& action, const std::string& deployment, bool dryRun,
                             ActuationRecord::Outcome outcome, const std::string& message)
{
    if (m_audit)
        m_audit({m_kube.context().contextName, m_options.nameSpace, m_options.nameSpace + "/" + deployment,
                 actionJson(action), dryRun, outcome, message});
}

policy::ActionOutcome LiveEnvironment::act(const ControlAction& action)
{
    const std::string prefix = m_options.nameSpace + "/";
    const std::string deployment = action.target.rfind(prefix, 0) == 0 ? action.target.substr(prefix.size()) : "";
    const auto reject = [&](const std::string& reason) {
        record(action, deployment.empty() ? action.target : deployment, false, ActuationRecord::Outcome::Rejected, reason);
        return rejected(action, reason);
    };
    const auto target = std::find_if(m_last.targets.begin(), m_last.targets.end(),
                                     [&](const auto& t) { return t.name == action.target; });
    if (deployment.empty() || target == m_last.targets.end())
        return reject("unknown target \"" + action.target + "\" (not observed in namespace " + m_options.nameSpace + ")");
    if (!m_guard.enabled(m_kube.context().contextName, m_options.nameSpace))
        return reject("actuation is off for context \"" + m_kube.context().contextName + "\" namespace \"" +
                      m_options.nameSpace + "\"");
    if (action.kind == ControlAction::Kind::SetLimit && action.resource != ControlResource::Cpu &&
        action.resource != ControlResource::Memory)
        return reject(std::string(policy::toString(action.resource)) + " limits cannot be set through the Kubernetes API");
    if (!(action.value >= 0) || (action.kind == ControlAction::Kind::SetReplicas && action.value > 10000))
        return reject("value out of range: " + std::to_string(action.value));
    if (!m_guard.tryAcquire())
        return reject("rate limit reached; action dropped");

    const std::string container = m_containers.at(static_cast<std::size_t>(target - m_last.targets.begin()));
    const std::string path = KubeClient::collectionPath("apps/v1", "deployments", m_options.nameSpace) + "/" + deployment;
    const PatchType type = action.kind == ControlAction::Kind::SetReplicas ? PatchType::Merge : PatchType::Strategic;
    const std::string body = patchBody(action, container);
    try {
        m_kube.patch(path, body, type, true);
        record(action, deployment, true, ActuationRecord::Outcome::Previewed, body);
    } catch (const LiveError& error) {
        record(action, deployment, true, ActuationRecord::Outcome::Rejected, error.what());
        return rejected(action, std::string("the server rejected the dry run: ") + error.what());
    }
    if (m_options.previewOnly)
        return rejected(action, "preview only: the dry run succeeded, nothing was applied");
    try {
        m_kube.patch(path, body, type, false);
        record(action, deployment, false, ActuationRecord::Outcome::Applied, body);
    } catch (const LiveError& error) {
        record(action, deployment, false, ActuationRecord::Outcome::Failed, error.what());
        return rejected(action, error.what());
    }
    return {policy::ActionOutcome::Status::Applied, action, action, {}};
}

} // namespace orrery::live
