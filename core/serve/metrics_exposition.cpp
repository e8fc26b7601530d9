#include "serve/metrics_exposition.h"

#include <charconv>
#include <cstdio>
#include <set>

namespace orrery::serve {
namespace {

std::string number(double value)
{
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    return std::string(text, result.ptr);
}

std::string escaped(const std::string& value)
{
    std::string out;
    for (const char c : value) {
        if (c == '\\' || c == '"')
            out.push_back('\\');
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out.push_back(c);
    }
    return out;
}

//! A bucket bound as Prometheus' own clients write it ("0.0005", "1", "2.5").
std::string bound(double seconds)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", seconds);
    return text;
}

void header(std::string& out, const char* name, const char* type, const char* help)
{
    out += "# HELP ";
    out += name;
    out += ' ';
    out += help;
    out += "\n# TYPE ";
    out += name;
    out += ' ';
    out += type;
    out += '\n';
}

void sample(std::string& out, const std::string& name, const std::string& labels, double value)
{
    out += name;
    if (!labels.empty()) {
        out += '{';
        out += labels;
        out += '}';
    }
    out += ' ';
    out += number(value);
    out += '\n';
}

} // namespace

void MetricsExposition::Histogram::add(const env::LatencyHistogram& histogram)
{
    const std::uint64_t total = histogram.count();
    if (total == 0)
        return;
    for (std::size_t b = 0; b < kBucketsSeconds.size(); ++b)
        buckets[b] += static_cast<double>(total - histogram.countAbove(sim::fromSeconds(kBucketsSeconds[b])));
    count += static_cast<double>(total);
    sumSeconds += histogram.meanNs() * static_cast<double>(total) * 1e-9;
}

MetricsExposition::MetricsExposition(std::string nameSpace, std::vector<std::string> services, double speed)
    : m_nameSpace(std::move(nameSpace)), m_speed(speed)
{
    for (std::string& name : services) {
        Service service;
        service.name = std::move(name);
        m_services.push_back(std::move(service));
    }
}

void MetricsExposition::addPeriod(sim::SimTime now, sim::SimTime period, std::span<const ServicePeriod> services,
                                  const env::PeriodStats& stats)
{
    m_now = now;
    const double seconds = sim::toSeconds(period);
    for (std::size_t s = 0; s < m_services.size() && s < services.size(); ++s) {
        Service& service = m_services[s];
        const ServicePeriod& in = services[s];
        // Pods that are gone lose their series (as cAdvisor's do); new ones start from 0.
        const std::set<std::string> running(in.runningPods.begin(), in.runningPods.end());
        std::erase_if(service.cpuSecondsByPod, [&](const auto& entry) { return running.count(entry.first) == 0; });
        for (const std::string& pod : in.runningPods)
            service.cpuSecondsByPod[pod] += in.cpuCoresPerPod * seconds;
        service.memoryBytesPerPod = in.memoryBytesPerPod;
        service.specReplicas = in.specReplicas;
        service.replicas = in.replicas;
        service.readyReplicas = in.readyReplicas;
        if (s < stats.services().size()) {
            service.requests += static_cast<double>(stats.services()[s].calls);
            service.latency.add(stats.services()[s].spans);
        }
    }
    for (const auto& type : stats.types()) {
        m_arrived += static_cast<double>(type.arrived);
        m_completed += static_cast<double>(type.completed);
        m_dropped += static_cast<double>(type.dropped);
        m_sloViolations += static_cast<double>(type.sloViolations);
    }
    m_endToEnd.add(stats.endToEnd());
}

std::string MetricsExposition::render() const
{
    std::string out;
    out.reserve(64 * 1024);
    const std::string ns = "namespace=\"" + escaped(m_nameSpace) + "\"";
    const auto counter = [&](double simulated) { return simulated / m_speed; };

    header(out, "container_cpu_usage_seconds_total", "counter",
           "Cumulative CPU time consumed by the container in core-seconds (simulated, divided by the serve speed).");
    for (const Service& service : m_services)
        for (const auto& [pod, seconds] : service.cpuSecondsByPod)
            sample(out, "container_cpu_usage_seconds_total",
                   ns + ",pod=\"" + escaped(pod) + "\",container=\"" + escaped(service.name) + "\"", counter(seconds));
    header(out, "container_memory_usage_bytes", "gauge", "Current memory usage of the container in bytes (simulated).");
    for (const Service& service : m_services)
        for (const auto& entry : service.cpuSecondsByPod)
            sample(out, "container_memory_usage_bytes",
                   ns + ",pod=\"" + escaped(entry.first) + "\",container=\"" + escaped(service.name) + "\"",
                   service.memoryBytesPerPod);

    const auto perDeployment = [&](const char* name, const char* help, auto value) {
        header(out, name, "gauge", help);
        for (const Service& service : m_services)
            sample(out, name, ns + ",deployment=\"" + escaped(service.name) + "\"", value(service));
    };
    perDeployment("kube_deployment_spec_replicas", "Number of desired pods for a deployment.",
                  [](const Service& s) { return static_cast<double>(s.specReplicas); });
    perDeployment("kube_deployment_status_replicas", "The number of replicas per deployment.",
                  [](const Service& s) { return static_cast<double>(s.replicas); });
    perDeployment("kube_deployment_status_replicas_ready", "The number of ready replicas per deployment.",
                  [](const Service& s) { return static_cast<double>(s.readyReplicas); });

    const auto histogram = [&](const std::string& name, const std::string& labels, const Histogram& h) {
        const std::string prefix = labels.empty() ? std::string() : labels + ",";
        for (std::size_t b = 0; b < kBucketsSeconds.size(); ++b)
            sample(out, name + "_bucket", prefix + "le=\"" + bound(kBucketsSeconds[b]) + "\"", counter(h.buckets[b]));
        sample(out, name + "_bucket", prefix + "le=\"+Inf\"", counter(h.count));
        sample(out, name + "_sum", labels, counter(h.sumSeconds));
        sample(out, name + "_count", labels, counter(h.count));
    };
    header(out, "orrery_service_requests_total", "counter",
           "Calls served by each service (spans), divided by the serve speed.");
    for (const Service& service : m_services)
        sample(out, "orrery_service_requests_total", ns + ",service=\"" + escaped(service.name) + "\"", counter(service.requests));
    header(out, "orrery_service_request_duration_seconds", "histogram",
           "Duration of each service's spans in simulated seconds (counts divided by the serve speed).");
    for (const Service& service : m_services)
        histogram("orrery_service_request_duration_seconds", ns + ",service=\"" + escaped(service.name) + "\"", service.latency);

    header(out, "orrery_requests_arrived_total", "counter", "End-to-end requests that arrived, divided by the serve speed.");
    sample(out, "orrery_requests_arrived_total", ns, counter(m_arrived));
    header(out, "orrery_requests_total", "counter", "End-to-end requests completed, divided by the serve speed.");
    sample(out, "orrery_requests_total", ns, counter(m_completed));
    header(out, "orrery_request_duration_seconds", "histogram",
           "End-to-end latency of completed requests in simulated seconds (counts divided by the serve speed).");
    histogram("orrery_request_duration_seconds", ns, m_endToEnd);
    header(out, "orrery_slo_violations_total", "counter",
           "Completed requests over their type's SLO, divided by the serve speed.");
    sample(out, "orrery_slo_violations_total", ns, counter(m_sloViolations));
    header(out, "orrery_dropped_requests_total", "counter", "Requests dropped, divided by the serve speed.");
    sample(out, "orrery_dropped_requests_total", ns, counter(m_dropped));
    header(out, "orrery_sim_time_seconds", "gauge", "Simulated time of the served cluster.");
    sample(out, "orrery_sim_time_seconds", "", sim::toSeconds(m_now));
    header(out, "orrery_serve_speed", "gauge", "Simulated seconds per wall-clock second (the divisor of every counter).");
    sample(out, "orrery_serve_speed", "", m_speed);
    return out;
}

} // namespace orrery::serve
