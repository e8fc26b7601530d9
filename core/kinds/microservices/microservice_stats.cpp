#include "kinds/microservices/microservice_stats.h"

namespace orrery::kinds::microservices {

MicroserviceStats::MicroserviceStats(std::string prefix, std::vector<TypeStats> types, std::vector<ServiceStats> services)
    : m_prefix(std::move(prefix))
    , m_types(std::move(types))
    , m_services(std::move(services))
{
}

void MicroserviceStats::defineSeries(sim::RunRecorder& recorder)
{
    for (auto& type : m_types) {
        type.p99Series = recorder.defineSeries(m_prefix + type.name + ".latency.p99", "s");
        type.throughputSeries = recorder.defineSeries(m_prefix + type.name + ".throughput", "requests/s");
    }
    for (auto& service : m_services) {
        service.p99Series = recorder.defineSeries(m_prefix + "service." + service.name + ".latency.p99", "s");
        service.utilizationSeries = recorder.defineSeries(m_prefix + "service." + service.name + ".utilization", "ratio");
    }
}

void MicroserviceStats::sample(sim::RunRecorder& recorder, sim::SimTime now, sim::SimTime window,
                               const std::vector<double>& busyCoreSeconds, const std::vector<double>& limitCores)
{
    const double seconds = sim::toSeconds(window);
    for (auto& type : m_types) {
        recorder.recordSample(type.p99Series, now, type.window.quantileNs(0.99) * 1e-9);
        recorder.recordSample(type.throughputSeries, now, seconds > 0 ? static_cast<double>(type.windowCompleted) / seconds : 0.0);
        type.window.clear();
        type.windowCompleted = 0;
    }
    for (std::size_t s = 0; s < m_services.size(); ++s) {
        ServiceStats& service = m_services[s];
        recorder.recordSample(service.p99Series, now, service.window.quantileNs(0.99) * 1e-9);
        const double busy = busyCoreSeconds[s] - service.lastBusyCoreSeconds;
        service.lastBusyCoreSeconds = busyCoreSeconds[s];
        const double capacity = limitCores[s] * seconds;
        recorder.recordSample(service.utilizationSeries, now, capacity > 0 ? busy / capacity : 0.0);
        service.window.clear();
    }
}

void MicroserviceStats::appendMetrics(env::RunMetrics& metrics, sim::SimTime horizon, const std::vector<double>& busyCoreSeconds,
                                      const std::vector<double>& limitCores, std::uint64_t spans, std::uint64_t traces) const
{
    auto add = [&](const std::string& name, double value, const char* unit) { metrics.push_back(env::RunMetric{m_prefix + name, value, unit}); };
    std::uint64_t arrived = 0;
    std::uint64_t completed = 0;
    std::uint64_t dropped = 0;
    std::uint64_t violations = 0;
    for (const auto& type : m_types) {
        arrived += type.arrived;
        completed += type.completed;
        dropped += type.dropped;
        violations += type.sloViolations;
        add(type.name + ".requests", static_cast<double>(type.arrived), "requests");
        add(type.name + ".completed", static_cast<double>(type.completed), "requests");
        add(type.name + ".dropped", static_cast<double>(type.dropped), "requests");
        add(type.name + ".latency.mean", type.total.meanNs() * 1e-9, "s");
        add(type.name + ".latency.p50", type.total.quantileNs(0.5) * 1e-9, "s");
        add(type.name + ".latency.p99", type.total.quantileNs(0.99) * 1e-9, "s");
        if (type.slo > 0) {
            add(type.name + ".slo_violations", static_cast<double>(type.sloViolations), "requests");
            add(type.name + ".slo_violation_rate",
                type.completed ? static_cast<double>(type.sloViolations) / static_cast<double>(type.completed) : 0.0, "ratio");
        }
    }
    add("requests", static_cast<double>(arrived), "requests");
    add("completed", static_cast<double>(completed), "requests");
    add("dropped", static_cast<double>(dropped), "requests");
    add("slo_violations", static_cast<double>(violations), "requests");
    add("slo_violation_rate", completed ? static_cast<double>(violations) / static_cast<double>(completed) : 0.0, "ratio");
    add("drop_rate", arrived ? static_cast<double>(dropped) / static_cast<double>(arrived) : 0.0, "ratio");
    add("latency.p50", m_all.quantileNs(0.5) * 1e-9, "s");
    add("latency.p99", m_all.quantileNs(0.99) * 1e-9, "s");
    add("spans", static_cast<double>(spans), "spans");
    add("traces", static_cast<double>(traces), "traces");
    std::uint64_t oomKills = 0;
    for (const auto& service : m_services)
        oomKills += service.oomKills;
    add("oom_kills", static_cast<double>(oomKills), "kills");
    const double seconds = sim::toSeconds(horizon);
    for (std::size_t s = 0; s < m_services.size(); ++s) {
        const ServiceStats& service = m_services[s];
        add("service." + service.name + ".latency.p50", service.total.quantileNs(0.5) * 1e-9, "s");
        add("service." + service.name + ".latency.p99", service.total.quantileNs(0.99) * 1e-9, "s");
        const double capacity = limitCores[s] * seconds;
        add("service." + service.name + ".utilization.mean", capacity > 0 ? busyCoreSeconds[s] / capacity : 0.0, "ratio");
        add("service." + service.name + ".oom_kills", static_cast<double>(service.oomKills), "kills");
    }
}

} // namespace orrery::kinds::microservices
