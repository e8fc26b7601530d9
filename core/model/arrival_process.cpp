#include "model/arrival_process.h"

#include "sim/rng_stream.h"

#include <cmath>
#include <numbers>

namespace orrery::model {

double ArrivalProcess::rateAt(sim::SimTime time) const
{
    switch (kind) {
    case Kind::Constant:
    case Kind::Poisson:
        return ratePerSecond;
    case Kind::Diurnal: {
        const double phase = 2.0 * std::numbers::pi * static_cast<double>(time % period) / static_cast<double>(period);
        return ratePerSecond * (1.0 + amplitude * std::sin(phase));
    }
    case Kind::Spikes:
        return time % spikeEvery < spikeLength ? ratePerSecond * spikeFactor : ratePerSecond;
    }
    return ratePerSecond;
}

double ArrivalProcess::peakRate() const
{
    switch (kind) {
    case Kind::Diurnal:
        return ratePerSecond * (1.0 + amplitude);
    case Kind::Spikes:
        return ratePerSecond * (spikeFactor > 1.0 ? spikeFactor : 1.0);
    default:
        return ratePerSecond;
    }
}

double ArrivalProcess::meanRate() const
{
    if (kind == Kind::Spikes && spikeEvery > 0)
        return ratePerSecond * (1.0 + (spikeFactor - 1.0) * static_cast<double>(spikeLength) / static_cast<double>(spikeEvery));
    return ratePerSecond; // a diurnal sine averages to its base rate over whole periods
}

std::optional<double> ArrivalProcess::nextGapSeconds(sim::RngStream& rng, sim::SimTime now, double multiplier,
                                                     sim::SimTime horizon) const
{
    switch (kind) {
    case Kind::Constant:
        return 1.0 / (ratePerSecond * multiplier);
    case Kind::Poisson:
        return rng.exponential(1.0 / (ratePerSecond * multiplier));
    default: { // time-varying rate: thinning under the peak rate
        const double peak = peakRate() * multiplier;
        double t = 0.0;
        for (;;) {
            t += rng.exponential(1.0 / peak);
            const sim::SimTime at = now + sim::fromSeconds(t);
            if (at > horizon)
                return std::nullopt;
            if (rng.uniform() * peak <= rateAt(at) * multiplier)
                return t;
        }
    }
    }
}

} // namespace orrery::model
