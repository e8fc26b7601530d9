#include "serve/served_cluster.h"

#include "model/units.h"
#include "serve/deployment_patch.h"
#include "serve/kube_status.h"
#include "serve/object_names.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <ctime>
#include <set>
#include <stdexcept>

namespace orrery::serve {
namespace {

using nlohmann::json;
using policy::ControlAction;
using policy::ControlResource;
using policy::indexOf;

//! Served objects are stamped on the served clock: ServeOptions::epochSeconds at simulated time
//! 0, then simulated seconds divided by the speed (the wall-clock moment `orrery serve` reached
//! them), as /metrics divides its counters.
std::string timestamp(const ServeOptions& options, sim::SimTime t)
{
    const std::time_t seconds = static_cast<std::time_t>(
        options.epochSeconds + static_cast<std::int64_t>(std::floor(sim::toSeconds(t) / options.speed)));
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

env::SimulatedEnvironmentOptions environmentOptions(const ServeOptions& options)
{
    if (options.controlPeriod <= 0)
        throw std::invalid_argument("orrery serve: the control period must be positive");
    if (!(options.speed > 0) || !std::isfinite(options.speed))
        throw std::invalid_argument("orrery serve: the speed must be a positive number");
    if (options.nameSpace.empty())
        throw std::invalid_argument("orrery serve: the namespace must not be empty");
    env::SimulatedEnvironmentOptions env;
    env.controlPeriod = options.controlPeriod;
    // An episode that does not end: as many steps as the horizon (in int64 ns) allows.
    env.stepsPerEpisode = static_cast<int>(std::min<std::int64_t>(INT_MAX - 1, (INT64_MAX / 4) / options.controlPeriod - 1));
    env.dropPeriodsToTerminate = 0;
    env.workload = options.workload;
    env.keepPeriodStats = true;
    return env;
}

std::string quantityMillicores(std::int64_t m) { return model::formatMillicores(m); }

} // namespace

ServedCluster::ServedCluster(model::Scenario scenario, ServeOptions options)
    : m_options(std::move(options))
    , m_objects(m_options.eventLogCapacity)
    , m_created(m_objects, m_options.maxEvents,
                [this](const std::string& nameSpace, const std::string& name) {
                    // Pod names the simulation gives its replicas, now or after a scale-up.
                    if (nameSpace != m_options.nameSpace)
                        return std::string();
                    for (const std::string& service : m_services)
                        if (const std::string replicaSet = ObjectNames::replicaSet(service); name.rfind(replicaSet + "-", 0) == 0)
                            return replicaSet;
                    return std::string();
                })
    , m_metrics(m_options.nameSpace, {}, m_options.speed)
{
    m_seed = m_options.seed != 0 ? m_options.seed : scenario.seed;
    m_env = std::make_unique<kinds::microservices::SimulatedEnvironment>(std::move(scenario), environmentOptions(m_options));
    m_services = m_env->targetNames();
    m_metrics = MetricsExposition(m_options.nameSpace, m_services, m_options.speed);
    for (const std::string& service : m_services)
    {
        Deployment deployment;
        deployment.name = service;
        m_deployments.push_back(std::move(deployment));
    }
    putNodes();
    const policy::Observation first = m_env->reset(m_seed);
    m_now = first.time;
    m_periods = 1;
    publish(first, true);
}

ServedCluster::~ServedCluster() = default;

std::vector<std::string> ServedCluster::namespaces() const
{
    std::set<std::string> names = m_created.namespaces();
    names.insert(m_options.nameSpace);
    return {names.begin(), names.end()};
}

const model::Scenario& ServedCluster::scenario() const { return m_env->scenario(); }

void ServedCluster::advance()
{
    std::vector<ControlAction> actions;
    actions.swap(m_queue);
    policy::StepResult result = m_env->step(actions);
    for (const policy::ActionOutcome& outcome : result.outcomes) {
        Deployment* deployment = findDeployment(m_options.nameSpace, outcome.requested.target);
        if (!deployment || outcome.status == policy::ActionOutcome::Status::Applied)
            continue;
        const auto target = std::find_if(result.observation.targets.begin(), result.observation.targets.end(),
                                         [&](const auto& t) { return t.name == deployment->name; });
        if (target == result.observation.targets.end())
            continue;
        // The simulation refused (or changed) the action: the spec returns to what runs.
        if (outcome.requested.kind == ControlAction::Kind::SetReplicas)
            deployment->specReplicas = target->replicas + target->pendingReplicas;
        else if (outcome.requested.resource == ControlResource::Cpu)
            deployment->cpuMillicores = std::llround(target->limit[indexOf(ControlResource::Cpu)] * 1000.0);
        else
            deployment->memoryBytes = std::llround(target->limit[indexOf(ControlResource::Memory)]);
        if (outcome.status == policy::ActionOutcome::Status::Converted && outcome.applied.kind == ControlAction::Kind::SetReplicas)
            deployment->specReplicas = static_cast<std::int32_t>(std::llround(outcome.applied.value));
        deployment->rejection = outcome.reason;
        ++deployment->generation;
        ++m_rejected;
    }
    if (result.done) // cannot happen with a never-ending episode, but a served cluster must not stop
        result.observation = m_env->reset(++m_seed);
    m_now += result.observation.period;
    ++m_periods;
    publish(result.observation, false);
    m_created.startBoundPods(); // standalone pods bound during the period start now (their work is not simulated)
}

ServedCluster::Deployment* ServedCluster::findDeployment(const std::string& nameSpace, const std::string& name)
{
    if (nameSpace != m_options.nameSpace)
        return nullptr;
    const auto it = std::find_if(m_deployments.begin(), m_deployments.end(), [&](const Deployment& d) { return d.name == name; });
    return it == m_deployments.end() ? nullptr : &*it;
}

void ServedCluster::queue(ControlAction action)
{
    const auto same = std::find_if(m_queue.begin(), m_queue.end(), [&](const ControlAction& queued) {
        return queued.target == action.target && queued.kind == action.kind &&
               (action.kind == ControlAction::Kind::SetReplicas || queued.resource == action.resource);
    });
    if (same != m_queue.end())
        *same = std::move(action);
    else
        m_queue.push_back(std::move(action));
}

ServedCluster::Answer ServedCluster::patchDeployment(const std::string& nameSpace, const std::string& name,
                                                     const std::string& contentType, const std::string& body, bool dryRun)
{
    Deployment* found = findDeployment(nameSpace, name);
    if (!found)
        return {404, KubeStatus::failure(404, "NotFound", "deployments.apps \"" + name + "\" not found")};
    const DeploymentPatch::Parsed parsed = DeploymentPatch::parse(contentType, body, name, name);
    if (!parsed.patch)
        return {parsed.error.code, KubeStatus::failure(parsed.error.code, KubeStatus::reasonFor(parsed.error.code), parsed.error.message)};
    Deployment changed = *found;
    const DeploymentPatch& patch = *parsed.patch;
    if (patch.replicas)
        changed.specReplicas = *patch.replicas;
    if (patch.cpuMillicores)
        changed.cpuMillicores = *patch.cpuMillicores;
    if (patch.memoryBytes)
        changed.memoryBytes = *patch.memoryBytes;
    if (patch.requestCpuMillicores)
        changed.requestCpuMillicores = *patch.requestCpuMillicores;
    if (patch.requestMemoryBytes)
        changed.requestMemoryBytes = *patch.requestMemoryBytes;
    // The API server refuses requests above limits (k8s.io/kubernetes pkg/apis/core/validation).
    const auto above = [&](std::int64_t request, std::int64_t limit, const char* resource, const std::string& text) {
        return limit > 0 && request > limit
            ? std::optional<std::string>("Deployment.apps \"" + name + "\" is invalid: spec.template.spec.containers[0].resources.requests: "
                                         "Invalid value: \"" + text + "\": must be less than or equal to " + resource + " limit of " +
                                         (std::string_view(resource) == "cpu" ? quantityMillicores(limit) : model::formatBytes(limit)))
            : std::nullopt;
    };
    if (auto why = above(changed.requestCpuMillicores, changed.cpuMillicores, "cpu", quantityMillicores(changed.requestCpuMillicores)))
        return {422, KubeStatus::failure(422, "Invalid", *why)};
    if (auto why = above(changed.requestMemoryBytes, changed.memoryBytes, "memory", model::formatBytes(changed.requestMemoryBytes)))
        return {422, KubeStatus::failure(422, "Invalid", *why)};
    const bool differs = changed.specReplicas != found->specReplicas || changed.cpuMillicores != found->cpuMillicores ||
                         changed.memoryBytes != found->memoryBytes || changed.requestCpuMillicores != found->requestCpuMillicores ||
                         changed.requestMemoryBytes != found->requestMemoryBytes;
    if (differs) {
        ++changed.generation;
        changed.rejection.clear();
    }
    if (dryRun) {
        json object = deploymentJson(changed);
        if (const json* stored = m_objects.find(ResourceKind::Deployment, nameSpace, name))
            object["metadata"]["resourceVersion"] = (*stored)["metadata"]["resourceVersion"];
        return {200, object.dump()};
    }
    if (differs) {
        if (changed.specReplicas != found->specReplicas)
            queue(ControlAction::setReplicas(name, changed.specReplicas));
        if (changed.cpuMillicores != found->cpuMillicores)
            queue(ControlAction::setLimit(name, ControlResource::Cpu, static_cast<double>(changed.cpuMillicores) / 1000.0));
        if (changed.memoryBytes != found->memoryBytes)
            queue(ControlAction::setLimit(name, ControlResource::Memory, static_cast<double>(changed.memoryBytes)));
        *found = std::move(changed);
        m_objects.put(ResourceKind::Deployment, deploymentJson(*found));
    }
    return {200, m_objects.find(ResourceKind::Deployment, nameSpace, name)->dump()};
}

void ServedCluster::publish(const policy::Observation& observation, bool initial)
{
    std::vector<MetricsExposition::ServicePeriod> periods(m_deployments.size());
    m_podUsage.clear();
    for (std::size_t s = 0; s < m_deployments.size() && s < observation.targets.size(); ++s) {
        Deployment& d = m_deployments[s];
        const policy::TargetObservation& target = observation.targets[s];
        d.runningCpuMillicores = std::llround(target.limit[indexOf(ControlResource::Cpu)] * 1000.0);
        d.runningMemoryBytes = std::llround(target.limit[indexOf(ControlResource::Memory)]);
        if (initial) {
            d.specReplicas = target.replicas;
            d.cpuMillicores = d.runningCpuMillicores;
            d.memoryBytes = d.runningMemoryBytes;
            d.requestCpuMillicores = d.cpuMillicores;
            d.requestMemoryBytes = d.memoryBytes;
        }
        const std::int32_t ready = target.replicas;
        const std::int32_t starting = std::max(0, target.pendingReplicas);
        const std::uint32_t before = static_cast<std::uint32_t>(d.ready + d.starting);
        const std::uint32_t after = static_cast<std::uint32_t>(ready + starting);
        d.ready = ready;
        d.starting = starting;
        d.podCreated.resize(std::max<std::size_t>(d.podCreated.size(), after), m_now);
        for (std::uint32_t i = before; i < after; ++i)
            d.podCreated[i] = m_now;
        for (std::uint32_t i = 0; i < after; ++i)
            m_objects.put(ResourceKind::Pod, podJson(d, s, i));
        for (std::uint32_t i = after; i < before; ++i)
            m_objects.remove(ResourceKind::Pod, m_options.nameSpace, ObjectNames::pod(d.name, i));
        d.podCreated.resize(after);
        if (d.starting == 0 && d.ready == d.specReplicas)
            d.observedGeneration = d.generation;
        m_objects.put(ResourceKind::ReplicaSet, replicaSetJson(d));
        m_objects.put(ResourceKind::Deployment, deploymentJson(d));

        MetricsExposition::ServicePeriod& period = periods[s];
        for (std::int32_t i = 0; i < ready; ++i)
            period.runningPods.push_back(ObjectNames::pod(d.name, static_cast<std::uint32_t>(i)));
        period.cpuCoresPerPod = target.usage[indexOf(ControlResource::Cpu)];
        period.memoryBytesPerPod = target.usage[indexOf(ControlResource::Memory)];
        for (const std::string& pod : period.runningPods)
            m_podUsage[ObjectStore::key(m_options.nameSpace, pod)] = {period.cpuCoresPerPod, period.memoryBytesPerPod};
        period.specReplicas = d.specReplicas;
        period.replicas = ready + starting;
        period.readyReplicas = ready;
    }
    m_metrics.addPeriod(m_now, observation.period, periods, m_env->lastPeriodStats());
}

void ServedCluster::putNodes()
{
    int ip = 0;
    for (const model::NodePoolSpec& pool : m_env->scenario().cluster.pools) {
        const model::Resources capacity = pool.nodeCapacity();
        for (int i = 0; i < pool.count; ++i) {
            const std::string name = pool.name + "-" + std::to_string(i);
            m_nodeNames.push_back(name);
            json labels = {{"kubernetes.io/hostname", name},
                           {"kubernetes.io/os", "linux"},
                           {"kubernetes.io/arch", "amd64"},
                           {"node.kubernetes.io/instance-type", pool.name},
                           {"orrery.dev/pool", pool.name}};
            for (const auto& [key, value] : pool.labels)
                labels[key] = value;
            json resources = {{"cpu", quantityMillicores(capacity.millicores)},
                              {"memory", model::formatBytes(capacity.memoryBytes)},
                              {"pods", "110"}};
            for (const model::DeviceSpec& device : pool.devices) {
                if (device.kind != model::DeviceKind::Gpu)
                    continue;
                resources["nvidia.com/gpu"] = std::to_string(capacity.deviceCount(model::DeviceKind::Gpu));
                labels["nvidia.com/gpu.product"] = device.model;
                labels["nvidia.com/gpu.count"] = std::to_string(capacity.deviceCount(model::DeviceKind::Gpu));
            }
            ++ip;
            json node = {{"apiVersion", "v1"},
                         {"kind", "Node"},
                         {"metadata",
                          {{"name", name}, {"uid", ObjectNames::uid("Node", name)}, {"labels", labels},
                           {"creationTimestamp", timestamp(m_options, 0)}}},
                         {"spec", json::object()},
                         {"status",
                          {{"capacity", resources},
                           {"allocatable", resources},
                           {"conditions", json::array({{{"type", "Ready"}, {"status", "True"}, {"reason", "KubeletReady"}}})},
                           {"addresses", json::array({{{"type", "InternalIP"},
                                                       {"address", "10.0." + std::to_string(ip / 256) + "." + std::to_string(ip % 256)}},
                                                      {{"type", "Hostname"}, {"address", name}}})},
                           {"nodeInfo", {{"kubeletVersion", "v1.29.0-orrery"}, {"architecture", "amd64"}, {"operatingSystem", "linux"}}}}}};
            m_objects.put(ResourceKind::Node, std::move(node));
        }
    }
}

ResourceMetrics ServedCluster::resourceMetrics() const
{
    return ResourceMetrics(m_objects, m_podUsage, timestamp(m_options, m_now), sim::toSeconds(m_options.controlPeriod));
}

std::int64_t ServedCluster::clockSeconds() const
{
    return m_options.epochSeconds + static_cast<std::int64_t>(std::floor(sim::toSeconds(m_now) / m_options.speed));
}

json ServedCluster::containerJson(const Deployment& d, bool spec) const
{
    const std::int64_t cpu = spec ? d.cpuMillicores : d.runningCpuMillicores;
    const std::int64_t memory = spec ? d.memoryBytes : d.runningMemoryBytes;
    json limits = json::object();
    if (cpu > 0)
        limits["cpu"] = quantityMillicores(cpu);
    if (memory > 0)
        limits["memory"] = model::formatBytes(memory);
    // A running pod keeps the requests it was admitted with only until it restarts; the served
    // pods show the Deployment's (the simulation does not recreate pods for a request change).
    json requests = json::object();
    if (d.requestCpuMillicores > 0)
        requests["cpu"] = quantityMillicores(std::min(d.requestCpuMillicores, cpu > 0 ? cpu : d.requestCpuMillicores));
    if (d.requestMemoryBytes > 0)
        requests["memory"] = model::formatBytes(std::min(d.requestMemoryBytes, memory > 0 ? memory : d.requestMemoryBytes));
    return {{"name", d.name},
            {"image", "orrery.dev/simulated/" + d.name + ":latest"},
            {"resources", {{"limits", limits}, {"requests", requests}}}};
}

json ServedCluster::deploymentJson(const Deployment& d) const
{
    const std::string& ns = m_options.nameSpace;
    json annotations = {{"deployment.kubernetes.io/revision", "1"}};
    if (!d.rejection.empty())
        annotations["orrery.dev/rejected"] = d.rejection;
    const std::int32_t total = d.ready + d.starting;
    json status = {{"observedGeneration", d.observedGeneration},
                   {"replicas", total},
                   {"updatedReplicas", total},
                   {"readyReplicas", d.ready},
                   {"availableReplicas", d.ready},
                   {"conditions",
                    json::array({{{"type", "Available"}, {"status", d.ready > 0 ? "True" : "False"},
                                  {"reason", d.ready > 0 ? "MinimumReplicasAvailable" : "MinimumReplicasUnavailable"}}})}};
    if (d.starting > 0)
        status["unavailableReplicas"] = d.starting;
    return {{"apiVersion", "apps/v1"},
            {"kind", "Deployment"},
            {"metadata",
             {{"name", d.name}, {"namespace", ns}, {"uid", ObjectNames::uid("Deployment", ns + "/" + d.name)},
              {"generation", d.generation}, {"labels", {{"app", d.name}}}, {"annotations", annotations},
              {"creationTimestamp", timestamp(m_options, 0)}}},
            {"spec",
             {{"replicas", d.specReplicas},
              {"selector", {{"matchLabels", {{"app", d.name}}}}},
              {"template",
               {{"metadata", {{"labels", {{"app", d.name}}}}}, {"spec", {{"containers", json::array({containerJson(d, true)})}}}}}}},
            {"status", status}};
}

json ServedCluster::replicaSetJson(const Deployment& d) const
{
    const std::string& ns = m_options.nameSpace;
    const std::string name = ObjectNames::replicaSet(d.name);
    const std::string hash = ObjectNames::templateHash(d.name);
    return {{"apiVersion", "apps/v1"},
            {"kind", "ReplicaSet"},
            {"metadata",
             {{"name", name}, {"namespace", ns}, {"uid", ObjectNames::uid("ReplicaSet", ns + "/" + name)},
              {"labels", {{"app", d.name}, {"pod-template-hash", hash}}},
              {"creationTimestamp", timestamp(m_options, 0)},
              {"ownerReferences", json::array({{{"apiVersion", "apps/v1"}, {"kind", "Deployment"}, {"name", d.name},
                                                {"uid", ObjectNames::uid("Deployment", ns + "/" + d.name)},
                                                {"controller", true}, {"blockOwnerDeletion", true}}})}}},
            {"spec",
             {{"replicas", d.specReplicas},
              {"selector", {{"matchLabels", {{"app", d.name}, {"pod-template-hash", hash}}}}},
              {"template", {{"metadata", {{"labels", {{"app", d.name}, {"pod-template-hash", hash}}}}},
                            {"spec", {{"containers", json::array({containerJson(d, true)})}}}}}}},
            {"status",
             {{"replicas", d.ready + d.starting}, {"readyReplicas", d.ready}, {"availableReplicas", d.ready},
              {"observedGeneration", d.observedGeneration}}}};
}

json ServedCluster::podJson(const Deployment& d, std::size_t service, std::uint32_t index) const
{
    const std::string& ns = m_options.nameSpace;
    const std::string name = ObjectNames::pod(d.name, index);
    const std::string replicaSet = ObjectNames::replicaSet(d.name);
    const bool running = index < static_cast<std::uint32_t>(d.ready);
    // Pods spread over the nodes round-robin (the simulation places instances itself; this is
    // where the served cluster shows them).
    const std::size_t node = m_nodeNames.empty() ? 0 : (service + index) % m_nodeNames.size();
    const std::uint32_t address = static_cast<std::uint32_t>(service) * 64 + index + 2;
    const std::string created = timestamp(m_options, index < d.podCreated.size() ? d.podCreated[index] : m_now);
    json containerStatus = {{"name", d.name}, {"ready", running}, {"restartCount", 0},
                            {"image", "orrery.dev/simulated/" + d.name + ":latest"}};
    containerStatus["state"] = running ? json{{"running", {{"startedAt", created}}}}
                                       : json{{"waiting", {{"reason", "ContainerCreating"}}}};
    json status = {{"phase", running ? "Running" : "Pending"},
                   {"hostIP", m_nodeNames.empty() ? "" : "10.0.0." + std::to_string(node + 1)},
                   {"startTime", created},
                   {"conditions", json::array({{{"type", "Ready"}, {"status", running ? "True" : "False"}}})},
                   {"containerStatuses", json::array({containerStatus})}};
    if (running)
        status["podIP"] = "10.244." + std::to_string(address / 250) + "." + std::to_string(address % 250 + 2);
    return {{"apiVersion", "v1"},
            {"kind", "Pod"},
            {"metadata",
             {{"name", name}, {"namespace", ns}, {"uid", ObjectNames::uid("Pod", ns + "/" + name)},
              {"labels", {{"app", d.name}, {"pod-template-hash", ObjectNames::templateHash(d.name)}}},
              {"creationTimestamp", created},
              {"ownerReferences", json::array({{{"apiVersion", "apps/v1"}, {"kind", "ReplicaSet"}, {"name", replicaSet},
                                                {"uid", ObjectNames::uid("ReplicaSet", ns + "/" + replicaSet)},
                                                {"controller", true}, {"blockOwnerDeletion", true}}})}}},
            {"spec",
             {{"nodeName", m_nodeNames.empty() ? "" : m_nodeNames[node]},
              {"containers", json::array({containerJson(d, false)})}}},
            {"status", status}};
}

} // namespace orrery::serve
