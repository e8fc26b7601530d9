#include "kinds/functions/invocation_arrivals.h"

#include <cmath>
#include <algorithm>
#include <limits>
#include <numbers>
#include <string>

namespace orrery::kinds::functions {

namespace {

// Shahrad et al. (ATC 2020) Fig. 5(a) fitted through P(≤ 24/day) = 0.45 and P(≤ 1440/day) = 0.81
// (docs/model.md): ln(invocations/day) ~ N(3.69, 4.08²).
constexpr double kPopularityMu = 3.69;
constexpr double kPopularitySigma = 4.08;
constexpr double kPopularTail = 1440.0; // invocations a day: at least one a minute
constexpr double kMaxPerDay = 1e7;      // truncation (docs/model.md)

} // namespace

InvocationArrivals::InvocationArrivals(const FunctionArrivals& arrivals, std::uint64_t seed, std::string_view functionName)
    : m_arrivals(arrivals)
    , m_mean(arrivals.ratePerSecond)
    , m_rates(seed, "functions/rates/" + std::string(functionName))
    , m_gaps(seed, "functions/arrivals/" + std::string(functionName))
{
    if (arrivals.pattern != FunctionArrivals::Pattern::Azure)
        return;
    sim::RngStream traits(seed, "functions/popularity/" + std::string(functionName));
    if (arrivals.popularity) {
        // Rejection from the log-normal restricted to [1440, 1e7] a day; divide by that tail's
        // median (computed once below) so that `rate` names the typical popular function.
        double perDay = 0;
        do
            perDay = std::exp(kPopularityMu + kPopularitySigma * traits.normal());
        while (perDay < kPopularTail || perDay > kMaxPerDay);
        static const double tailMedian = [] {
            // The median of the truncated log-normal: solve Φ(z) = (Φ(a) + Φ(b)) / 2 by bisection.
            const auto phi = [](double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); };
            const double a = (std::log(kPopularTail) - kPopularityMu) / kPopularitySigma;
            const double b = (std::log(kMaxPerDay) - kPopularityMu) / kPopularitySigma;
            const double target = 0.5 * (phi(a) + phi(b));
            double low = a, high = b;
            for (int k = 0; k < 100; ++k) {
                const double mid = 0.5 * (low + high);
                (phi(mid) < target ? low : high) = mid;
            }
            return std::exp(kPopularityMu + kPopularitySigma * 0.5 * (low + high));
        }();
        m_mean = arrivals.ratePerSecond * perDay / tailMedian;
    }
    m_bursty = arrivals.burstShape > 0 && traits.uniform() < arrivals.burstyShare;
}

double InvocationArrivals::gammaMeanOne(double shape)
{
    // Marsaglia–Tsang (2000) for shape ≥ 1; for shape < 1, Gamma(a) = Gamma(a + 1) · U^(1/a).
    const double a = shape < 1.0 ? shape + 1.0 : shape;
    const double d = a - 1.0 / 3.0;
    const double c = 1.0 / std::sqrt(9.0 * d);
    double value = 0;
    for (;;) {
        double x = 0, v = 0;
        do {
            x = m_rates.normal();
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        const double u = m_rates.uniform();
        if (u < 1.0 - 0.0331 * x * x * x * x || std::log(u) < 0.5 * x * x + d * (1.0 - v + std::log(v))) {
            value = d * v;
            break;
        }
    }
    if (shape < 1.0)
        value *= std::pow(m_rates.uniform(), 1.0 / shape);
    return value / shape; // mean one
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
        // A 24 h cycle peaking at 15:00 (Fig. 4), and Gamma bursts for the bursty functions (Fig. 6).
        const double hours = sim::toSeconds(start) / 3600.0;
        const double diurnal = 1.0 + m_arrivals.diurnalAmplitude * std::cos(2.0 * std::numbers::pi * (hours - 15.0) / 24.0);
        const double burst = m_bursty ? gammaMeanOne(m_arrivals.burstShape) : 1.0;
        m_rate = m_mean * m_scale * diurnal * burst;
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
