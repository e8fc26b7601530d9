#include "model/arrival_process.h"

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

} // namespace orrery::model
