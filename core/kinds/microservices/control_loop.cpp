#include "kinds/microservices/control_loop.h"

#include "kinds/microservices/limit_access.h"
#include "kinds/microservices/microservice_simulator.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::kinds::microservices {

namespace {

using policy::ActionOutcome;
using policy::ControlAction;
using policy::ControlResource;
constexpr double kMs = 1e-6; // ns → ms

} // namespace

ControlLoop::ControlLoop(MicroserviceSimulator& app, Options options)
    : m_app(app)
    , m_options(options)
    , m_validator(app)
{
    m_app.enablePeriodStats();
    const std::size_t services = m_app.serviceCount();
    m_busyAtStart.assign(services, 0.0);
    m_callsAtStart.assign(services, 0.0);
    m_oomKillsAtStart.assign(services, 0);
    m_previousArrivalRate.assign(services, 0.0);
    for (std::size_t s = 0; s < services; ++s) {
        for (std::size_t r = 0; r < policy::kControlResourceCount; ++r)
            m_declared.push_back(limitValue(m_app.serviceLimits(s), static_cast<ControlResource>(r)));
    }
    m_cpuCores = m_app.requestedCores();
}

void ControlLoop::start(sim::Engine& engine, policy::ControlPolicy* policy, sim::RunRecorder* recorder)
{
    m_engine = &engine;
    m_policy = policy;
    m_recorder = recorder;
    m_applyKind = engine.registerHandler(*this);
    m_tickKind = engine.registerHandler(*this);
    m_periodStart = engine.now();
    m_cpuSince = engine.now();
    if (policy)
        engine.schedule(engine.now() + m_options.period, m_tickKind);
}

std::vector<ActionOutcome> ControlLoop::submit(std::span<const ControlAction> actions)
{
    std::vector<ActionOutcome> outcomes;
    outcomes.reserve(actions.size());
    for (const ControlAction& action : actions) {
        ActionOutcome outcome = m_validator.validate(action);
        if (outcome.status == ActionOutcome::Status::Rejected) {
            ++m_rejected;
        } else {
            ++(outcome.status == ActionOutcome::Status::Applied ? m_applied : m_converted);
            std::uint32_t slot = 0;
            if (m_freePending.empty()) {
                slot = static_cast<std::uint32_t>(m_pending.size());
                m_pending.push_back(outcome.applied);
            } else {
                slot = m_freePending.back();
                m_freePending.pop_back();
                m_pending[slot] = outcome.applied;
            }
            m_engine->schedule(m_engine->now() + ActionValidator::actuationLatency(outcome.applied), m_applyKind, slot);
        }
        outcomes.push_back(std::move(outcome));
    }
    return outcomes;
}

void ControlLoop::accountCpu()
{
    const sim::SimTime now = m_engine->now();
    m_cpuCoreSeconds += m_cpuCores * sim::toSeconds(now - m_cpuSince);
    m_cpuSince = now;
    m_cpuCores = m_app.requestedCores();
}

void ControlLoop::apply(const ControlAction& action)
{
    // The state may have changed since validation (other actions landed): check again, and
    // drop what no longer fits rather than oversubscribe.
    const auto service = m_validator.serviceOf(action.target);
    if (!service)
        return;
    const sim::SimTime now = m_engine->now();
    if (action.kind == ControlAction::Kind::SetReplicas) {
        const int wanted = std::max(1, static_cast<int>(std::lround(action.value)));
        while (m_app.replicaCount(*service) > wanted)
            m_app.removeReplica(*service, now);
        while (m_app.replicaCount(*service) < wanted) {
            const auto node = m_validator.nodeForReplica(*service);
            if (!node)
                break;
            m_app.addReplica(*service, *node, now);
        }
    } else {
        if (m_validator.validate(action).status != ActionOutcome::Status::Applied)
            return;
        InstanceLimits limits = m_app.serviceLimits(*service);
        setLimitValue(limits, action.resource, action.value);
        m_app.setServiceLimits(*service, limits, now);
    }
    accountCpu();
    // What the policy did, over time, for the views and studies (docs/model.md, "Control"):
    // control.replicas with the count, control.<resource> with the limit as a multiple of the
    // declared one (0 when none was declared).
    if (m_recorder != nullptr) {
        sim::RunAnnotation annotation;
        annotation.start = annotation.end = now;
        annotation.target = action.target;
        if (action.kind == ControlAction::Kind::SetReplicas) {
            annotation.kind = "control.replicas";
            annotation.intensity = static_cast<double>(m_app.replicaCount(*service));
        } else {
            annotation.kind = "control." + std::string(policy::toString(action.resource));
            const double declared = m_declared[*service * policy::kControlResourceCount + policy::indexOf(action.resource)];
            annotation.intensity = declared > 0 ? action.value / declared : 0.0;
        }
        m_recorder->recordAnnotation(annotation);
    }
}

void ControlLoop::handleEvent(const sim::Event& event, sim::Engine& engine)
{
    if (event.kind == m_applyKind) {
        const ControlAction action = m_pending[event.target];
        m_pending[event.target].target.clear(); // no longer pending (observe() skips it)
        m_freePending.push_back(event.target);
        apply(action);
        return;
    }
    const policy::Observation observation = observe();
    std::vector<ControlAction> actions;
    try {
        actions = m_policy->decide(observation);
    } catch (const std::exception&) {
        ++m_policyErrors; // a failing policy takes no action this period
    }
    submit(actions);
    if (m_recorder != nullptr)
        m_labels.update(m_policy->targetLabels(), engine.now(), *m_recorder);
    engine.schedule(engine.now() + m_options.period, m_tickKind);
}

void ControlLoop::finish()
{
    if (m_recorder != nullptr && m_engine != nullptr)
        m_labels.closeAll(m_engine->now(), *m_recorder);
}

policy::Observation ControlLoop::observe()
{
    const sim::SimTime now = m_engine->now();
    accountCpu();
    env::PeriodStats& stats = *m_app.periodStats();
    policy::Observation out;
    out.time = now;
    out.period = now - m_periodStart;
    const double seconds = std::max(1e-9, sim::toSeconds(out.period));
    std::uint64_t arrived = 0, violations = 0;
    for (const auto& type : stats.types()) {
        arrived += type.arrived;
        out.completedRequests += type.completed;
        out.droppedRequests += type.dropped;
        violations += type.sloViolations;
    }
    for (const auto& type : stats.types())
        out.requestComposition.push_back(arrived ? static_cast<double>(type.arrived) / static_cast<double>(arrived) : 0.0);
    out.endToEndP99Ms = stats.endToEnd().quantileNs(0.99) * kMs;
    out.sloViolationRate = out.completedRequests ? static_cast<double>(violations) / static_cast<double>(out.completedRequests) : 0.0;
    for (std::size_t s = 0; s < m_app.serviceCount(); ++s) {
        const env::PeriodStats::Service& service = stats.services()[s];
        policy::TargetObservation target;
        target.name = m_app.serviceName(s);
        target.replicas = m_app.replicaCount(s);
        for (const auto& action : m_pending) {
            if (action.kind == ControlAction::Kind::SetReplicas && action.target == target.name)
                target.pendingReplicas = std::max(target.pendingReplicas, static_cast<std::int32_t>(action.value) - target.replicas);
        }
        const double busy = m_app.busyCoreSeconds(s, now);
        const double cpuUse = (busy - m_busyAtStart[s]) / seconds / target.replicas;
        m_busyAtStart[s] = busy;
        const double cpuLimit = limitValue(m_app.serviceLimits(s), ControlResource::Cpu);
        const double utilization = cpuLimit > 0 ? std::min(1.0, cpuUse / cpuLimit) : 0.0;
        const env::NodeContention::Vector demand = m_app.serviceDemand(s);
        // Memory: the working set cAdvisor reports (container_memory_working_set_bytes) with the
        // period's mean calls in service, which a cgroup never lets exceed the limit.
        const double calls = m_app.callSeconds(s, now);
        const double meanCalls = (calls - m_callsAtStart[s]) / seconds / target.replicas;
        m_callsAtStart[s] = calls;
        const std::uint64_t kills = m_app.oomKills(s);
        target.features[policy::TargetObservation::kOomKills] = static_cast<double>(kills - m_oomKillsAtStart[s]);
        m_oomKillsAtStart[s] = kills;
        target.features[policy::TargetObservation::kRestartingReplicas] = m_app.restartingReplicas(s, now);
        for (std::size_t r = 0; r < policy::kControlResourceCount; ++r) {
            const auto resource = static_cast<ControlResource>(r);
            target.limit[r] = limitValue(m_app.serviceLimits(s), resource);
            // Shared resources: the demand the contention model holds for the replicas (it may
            // exceed the limit: then the limit throttles).
            switch (resource) {
            case ControlResource::Cpu: target.usage[r] = cpuUse; break;
            case ControlResource::MemoryBandwidth: target.usage[r] = demand[static_cast<std::size_t>(model::ContendedResource::MemoryBandwidth)]; break;
            case ControlResource::Llc: target.usage[r] = demand[static_cast<std::size_t>(model::ContendedResource::Llc)]; break;
            case ControlResource::DiskIo: target.usage[r] = demand[static_cast<std::size_t>(model::ContendedResource::DiskIo)]; break;
            case ControlResource::Network: target.usage[r] = demand[static_cast<std::size_t>(model::ContendedResource::NetworkBandwidth)]; break;
            case ControlResource::Memory: {
                const model::MemoryFootprint& footprint = m_app.footprint(s);
                target.usage[r] = footprint.any() ? std::min(target.limit[r], footprint.workingSetWith(meanCalls))
                                                  : std::min(target.limit[r], utilization * m_declared[s * policy::kControlResourceCount + r]);
                break;
            }
            case ControlResource::GpuFrequency: target.usage[r] = 0.0; break;
            }
        }
        target.arrivalRate = static_cast<double>(service.calls) / seconds;
        target.previousArrivalRate = m_previousArrivalRate[s];
        m_previousArrivalRate[s] = target.arrivalRate;
        target.p50LatencyMs = service.spans.quantileNs(0.5) * kMs;
        target.p99LatencyMs = service.spans.quantileNs(0.99) * kMs;
        target.sloLatencyMs = static_cast<double>(service.slo) * kMs;
        const double requestP99 = service.requests.quantileNs(0.99);
        target.sloMaintenance = service.slo > 0 && requestP99 > 0 ? std::min(1.0, static_cast<double>(service.slo) / requestP99) : 1.0;
        target.congestionIntensity = target.p50LatencyMs > 0 ? target.p99LatencyMs / target.p50LatencyMs : 0.0;
        target.relativeImportance = service.correlation();
        target.critical = target.congestionIntensity >= m_options.criticalCongestion
                          && target.relativeImportance >= m_options.criticalImportance;
        out.targets.push_back(std::move(target));
    }
    m_history.emplace_back(now, out.sloViolationRate > m_options.violationRateThreshold);
    stats.clear();
    m_periodStart = now;
    return out;
}

double ControlLoop::requestedCoreSeconds(sim::SimTime now) const
{
    return m_cpuCoreSeconds + m_cpuCores * sim::toSeconds(now - m_cpuSince);
}

double ControlLoop::meanMitigationSeconds() const
{
    const auto& starts = m_app.injector().injectionStarts();
    if (starts.empty())
        return std::numeric_limits<double>::quiet_NaN();
    double total = 0.0;
    for (const sim::SimTime start : starts) {
        // Periods ending after the start; mitigated at the end of the last violating period of
        // the run of violating periods that begins with the first one after the start.
        auto it = std::upper_bound(m_history.begin(), m_history.end(), std::make_pair(start, true));
        sim::SimTime mitigated = start;
        while (it != m_history.end() && it->second) {
            mitigated = it->first;
            ++it;
        }
        total += sim::toSeconds(mitigated - start);
    }
    return total / static_cast<double>(starts.size());
}

void ControlLoop::appendMetrics(env::RunMetrics& metrics, sim::SimTime horizon) const
{
    metrics.push_back({"control.requested_cpu", requestedCoreSeconds(horizon), "core-s"});
    metrics.push_back({"control.actions_applied", static_cast<double>(m_applied), "actions"});
    metrics.push_back({"control.actions_converted", static_cast<double>(m_converted), "actions"});
    metrics.push_back({"control.actions_rejected", static_cast<double>(m_rejected), "actions"});
    metrics.push_back({"control.policy_errors", static_cast<double>(m_policyErrors), "errors"});
    const double mitigation = meanMitigationSeconds();
    if (!std::isnan(mitigation))
        metrics.push_back({"control.mitigation_time", mitigation, "s"});
}

} // namespace orrery::kinds::microservices
