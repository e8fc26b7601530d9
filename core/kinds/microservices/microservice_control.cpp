// MicroserviceSimulator's control surface (docs/model.md, "Control"): limits and replicas
// changed during a run, and the per-period statistics observations are built from.
#include "kinds/microservices/microservice_simulator.h"

#include <stdexcept>

namespace orrery::kinds::microservices {

namespace {

model::Resources requestOf(const InstanceLimits& limits)
{
    model::Resources request;
    request.millicores = limits.millicores;
    request.memoryBytes = limits.memoryBytes;
    return request;
}

} // namespace

void MicroserviceSimulator::enablePeriodStats()
{
    m_period = std::make_unique<env::PeriodStats>(m_replicas.size(), m_streams.size());
    m_periodServiceNs.assign(m_replicas.size(), 0.0);
}

void MicroserviceSimulator::recordPeriod(const Request& request)
{
    const RequestPlan& plan = m_plans[request.type];
    for (std::size_t c = 0; c < plan.calls.size(); ++c) {
        const std::uint32_t service = plan.calls[c].service;
        if (m_periodServiceNs[service] == 0.0)
            m_periodTouched.push_back(service);
        // +1 ns keeps a zero-length call marked as touched.
        m_periodServiceNs[service] += static_cast<double>(request.calls[c].end - request.calls[c].start) + 1.0;
    }
    const sim::SimTime latency = request.calls[0].end - request.arrival;
    const sim::SimTime slo = m_spec.streams[request.type].slo;
    m_period->completed(request.type, latency, slo, m_periodServiceNs, m_periodTouched);
}

std::vector<std::uint32_t> MicroserviceSimulator::replicaNodes(std::size_t s) const
{
    std::vector<std::uint32_t> nodes;
    for (const auto i : m_replicas[s])
        nodes.push_back(m_instances[i].node);
    return nodes;
}

double MicroserviceSimulator::busyCoreSeconds(std::size_t s, sim::SimTime now) const
{
    return sumOverInstances(s, 0.0, [now](const Instance& instance) { return instance.ps.busyCoreSeconds(now); });
}

double MicroserviceSimulator::callSeconds(std::size_t s, sim::SimTime now) const
{
    return sumOverInstances(s, 0.0, [now](const Instance& instance) { return instance.ps.callSeconds(now); });
}

std::uint64_t MicroserviceSimulator::oomKills(std::size_t s) const
{
    return sumOverInstances(s, std::uint64_t{0}, [](const Instance& instance) { return instance.oomKills; });
}

int MicroserviceSimulator::restartingReplicas(std::size_t s, sim::SimTime now) const
{
    int restarting = 0;
    for (const auto i : m_replicas[s])
        restarting += m_instances[i].downUntil > now ? 1 : 0;
    return restarting;
}

env::NodeContention::Vector MicroserviceSimulator::serviceDemand(std::size_t s) const
{
    env::NodeContention::Vector mean{};
    for (const auto i : m_replicas[s]) {
        const env::NodeContention::Vector& demand = m_contention->demandOf(m_instances[i].resident);
        for (std::size_t r = 0; r < mean.size(); ++r)
            mean[r] += demand[r] / static_cast<double>(m_replicas[s].size());
    }
    return mean;
}

double MicroserviceSimulator::requestedCores() const
{
    double cores = 0.0;
    for (const double c : m_serviceLimitCores)
        cores += c;
    return cores;
}

void MicroserviceSimulator::syncInstance(std::uint32_t index, sim::SimTime now)
{
    ProcessorSharingInstance& ps = m_instances[index].ps;
    ps.setCapacity(now, m_injector->capacityCores(index));
    m_contention->setLimits(m_instances[index].resident, limitsVector(index));
    if (m_engine)
        rescheduleInstance(index);
}

void MicroserviceSimulator::setServiceLimits(std::size_t s, const InstanceLimits& limits, sim::SimTime now)
{
    const InstanceLimits old = m_limits[s];
    for (const auto i : m_replicas[s]) {
        m_cluster->release(m_instances[i].node, requestOf(old));
        if (!m_cluster->allocate(m_instances[i].node, requestOf(limits)))
            throw std::logic_error("setServiceLimits: the new limits of " + serviceName(s) + " do not fit on its node");
    }
    m_limits[s] = limits;
    m_limits[s].replicas = replicaCount(s);
    for (std::uint32_t i = 0; i < m_instances.size(); ++i) {
        if (m_instances[i].service == s)
            m_injector->setLimits(i, m_limits[s]);
    }
    m_serviceLimitCores[s] = replicaCount(s) * static_cast<double>(limits.millicores) / 1000.0;
    for (std::uint32_t i = 0; i < m_instances.size(); ++i)
        syncInstance(i, now); // node shares changed: every instance's capacity may have
    applyInjector(now);
    if (limits.memoryBytes != old.memoryBytes) {
        for (std::uint32_t i = 0; i < m_instances.size(); ++i) {
            if (m_instances[i].service == s)
                applyMemoryLimit(i, now);
        }
    }
}

void MicroserviceSimulator::addReplica(std::size_t s, std::uint32_t node, sim::SimTime now)
{
    if (!m_cluster->allocate(node, requestOf(m_limits[s])))
        throw std::logic_error("addReplica: a replica of " + serviceName(s) + " does not fit on node " + std::to_string(node));
    std::uint32_t index = 0;
    bool reused = false;
    for (std::uint32_t i = 0; i < m_instances.size() && !reused; ++i) {
        if (m_instances[i].service == s && m_instances[i].retired && m_instances[i].node == node) {
            index = i;
            reused = true;
        }
    }
    if (reused) {
        m_instances[index].retired = false;
        m_injector->setLimits(index, m_limits[s]);
        m_injector->setRetired(index, false);
    } else {
        const std::string name = serviceName(s) + "/" + std::to_string(m_instances.size());
        AnomalyInjector::Instance injected{name, static_cast<std::uint32_t>(s), node, m_limits[s], false};
        index = static_cast<std::uint32_t>(m_injector->addInstance(std::move(injected)));
        m_instances.push_back({ProcessorSharingInstance(static_cast<double>(m_limits[s].millicores) / 1000.0),
                               static_cast<std::uint32_t>(s), node, m_names.intern(name), false});
        addResident(index);
        // Busy time starts now, not at zero (ProcessorSharingInstance integrates from its last update).
        m_instances.back().ps.setCapacity(now, m_injector->capacityCores(index));
    }
    m_replicas[s].push_back(index);
    if (!reused)
        m_instances[index].startedAt = now;
    applyMemoryLimit(index, now); // a new instance's OOM threshold and reclaim slowdown
    m_limits[s].replicas = replicaCount(s);
    m_serviceLimitCores[s] = replicaCount(s) * static_cast<double>(m_limits[s].millicores) / 1000.0;
    for (std::uint32_t i = 0; i < m_instances.size(); ++i)
        syncInstance(i, now);
    applyInjector(now);
}

void MicroserviceSimulator::removeReplica(std::size_t s, sim::SimTime now)
{
    if (m_replicas[s].size() <= 1)
        throw std::logic_error("removeReplica: " + serviceName(s) + " has one replica left");
    const std::uint32_t index = m_replicas[s].back();
    m_replicas[s].pop_back();
    m_instances[index].retired = true;
    m_cluster->release(m_instances[index].node, requestOf(m_limits[s]));
    m_injector->setRetired(index, true);
    m_limits[s].replicas = replicaCount(s);
    m_serviceLimitCores[s] = replicaCount(s) * static_cast<double>(m_limits[s].millicores) / 1000.0;
    for (std::uint32_t i = 0; i < m_instances.size(); ++i)
        syncInstance(i, now);
    applyInjector(now);
}

} // namespace orrery::kinds::microservices
