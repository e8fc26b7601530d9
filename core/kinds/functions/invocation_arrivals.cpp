#include "kinds/functions/invocation_arrivals.h"

#include <cmath>
#include <limits>
#include <numbers>
#include <string>

namespace orrery::kinds::functions {

InvocationArrivals::InvocationArrivals(const FunctionArrivals& arrivals, std::uint64_t seed, std::string_view functionName)
    : m_arrivals(arrivals)
    , m_rates(seed, "functions/rates/" + std::string(functionName))
    , m_gaps(seed, "functions/arrivals/" + std::string(functionName))
{
}

void InvocationArrivals::enterInterval(sim::SimTime start)
{
    using Pattern = FunctionArrivals::Pattern;
    const double peak = m_arrivals.ratePerSecond * m_scale;
    switch (m_arrivals.pattern) {
    case Pattern::Flat:
        m_rate = peak;
        m_intervalEnd = std::numeric_limits<sim::SimTime>::max();
        return;
    case Pattern::Fluctuating:
        m_rate = m_rates.uniform(0.0, peak);
        break;
    case Pattern::Azure: {
        // Mean-one log-normal burstiness around a 24 h cycle peaking mid-afternoon.
        const double sigma = m_arrivals.azureSigma;
        const double burst = std::exp(sigma * m_rates.normal() - 0.5 * sigma * sigma);
        const double hours = sim::toSeconds(start) / 3600.0;
        const double diurnal = 1.0 + m_arrivals.diurnalAmplitude * std::sin(2.0 * std::numbers::pi * (hours - 9.0) / 24.0);
        m_rate = peak * diurnal * burst;
        break;
    }
    }
    m_intervalEnd = start + m_arrivals.every;
}

sim::SimTime InvocationArrivals::next(sim::SimTime now)
{
    if (!m_started) {
        m_started = true;
        enterInterval(0);
    }
    sim::SimTime t = now;
    while (t >= m_intervalEnd)
        enterInterval(m_intervalEnd);
    for (;;) {
        if (m_rate > 0.0) {
            const double gapSeconds = m_gaps.exponential(1.0 / m_rate);
            const double gapNs = std::ceil(gapSeconds * 1e9);
            const sim::SimTime gap = gapNs < 1.0 ? 1 : static_cast<sim::SimTime>(std::min(gapNs, 9e18));
            if (m_intervalEnd - t > gap) // memoryless: a gap crossing the boundary is redrawn there
                return t + gap;
        }
        if (m_intervalEnd == std::numeric_limits<sim::SimTime>::max())
            return std::numeric_limits<sim::SimTime>::max();
        t = m_intervalEnd;
        enterInterval(m_intervalEnd);
    }
}

} // namespace orrery::kinds::functions
