#include "env/period_stats.h"

#include <cmath>

namespace orrery::env {

double PeriodStats::Service::correlation() const
{
    if (n < 2)
        return 0.0;
    const double cov = sxy - sx * sy / n;
    const double vx = sxx - sx * sx / n;
    const double vy = syy - sy * sy / n;
    if (vx <= 0 || vy <= 0)
        return 0.0;
    return cov / std::sqrt(vx * vy);
}

PeriodStats::PeriodStats(std::size_t services, std::size_t types)
    : m_types(types)
    , m_services(services)
{
}

void PeriodStats::clear()
{
    for (auto& type : m_types)
        type = Type{};
    for (auto& service : m_services) {
        if (service.calls == 0 && service.n == 0)
            continue; // histograms untouched: skip the memset
        service.calls = 0;
        service.spans.clear();
        service.requests.clear();
        service.n = service.sx = service.sy = service.sxx = service.syy = service.sxy = 0;
    }
    m_endToEnd.clear();
}

void PeriodStats::completed(std::size_t type, sim::SimTime latency, sim::SimTime slo, std::vector<double>& serviceNs,
                            std::vector<std::uint32_t>& touched)
{
    Type& stats = m_types[type];
    ++stats.completed;
    stats.sloViolations += slo > 0 && latency > slo ? 1 : 0;
    m_endToEnd.record(latency);
    m_total.record(latency);
    const double y = static_cast<double>(latency) * 1e-6; // ms keeps the sums well conditioned
    for (const std::uint32_t s : touched) {
        Service& service = m_services[s];
        const double x = serviceNs[s] * 1e-6;
        service.requests.record(latency);
        if (slo > 0 && (service.slo == 0 || slo < service.slo))
            service.slo = slo;
        service.n += 1;
        service.sx += x;
        service.sy += y;
        service.sxx += x * x;
        service.syy += y * y;
        service.sxy += x * y;
        serviceNs[s] = 0.0;
    }
    touched.clear();
}

} // namespace orrery::env
