#include "model/duration_distribution.h"

#include <algorithm>
#include <cmath>

namespace orrery::model {

sim::SimTime DurationDistribution::sample(sim::RngStream& rng) const
{
    double ns = 0.0;
    switch (kind) {
    case Kind::Constant: return first;
    case Kind::Exponential: ns = rng.exponential(static_cast<double>(first)); break;
    case Kind::Uniform: ns = rng.uniform(static_cast<double>(first), static_cast<double>(second)); break;
    case Kind::LogNormal: ns = rng.logNormal(static_cast<double>(first), sigma); break;
    }
    // Durations of zero would let an event loop spin at one instant; 1 ns is the floor.
    return std::max<sim::SimTime>(1, static_cast<sim::SimTime>(std::llround(ns)));
}

double DurationDistribution::meanSeconds() const
{
    switch (kind) {
    case Kind::Constant:
    case Kind::Exponential: return sim::toSeconds(first);
    case Kind::Uniform: return 0.5 * (sim::toSeconds(first) + sim::toSeconds(second));
    case Kind::LogNormal: return sim::toSeconds(first) * std::exp(0.5 * sigma * sigma);
    }
    return 0.0;
}

} // namespace orrery::model
