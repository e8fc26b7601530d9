#pragma once
#include "sim/sim_time.h"

#include <optional>

namespace orrery::sim {
class RngStream;
}

namespace orrery::model {

//! An open-loop arrival process of one request type (docs/model.md, "Arrivals").
struct ArrivalProcess {
    enum class Kind {
        Constant, //!< evenly spaced at `ratePerSecond`
        Poisson,  //!< exponential gaps with mean 1 / ratePerSecond
        Diurnal,  //!< Poisson at rate · (1 + amplitude · sin(2π t / period))
        Spikes,   //!< Poisson at rate, × spikeFactor during `spikeLength` every `spikeEvery`
    };
    Kind kind = Kind::Poisson;
    double ratePerSecond = 0.0;
    double amplitude = 0.5;                     //!< Diurnal, in [0, 1]
    sim::SimTime period = 24 * sim::kHour;      //!< Diurnal
    sim::SimTime spikeEvery = sim::kMinute;     //!< Spikes
    sim::SimTime spikeLength = 5 * sim::kSecond; //!< Spikes
    double spikeFactor = 5.0;                   //!< Spikes

    //! The instantaneous rate at `time` (per second).
    [[nodiscard]] double rateAt(sim::SimTime time) const;
    //! An upper bound of rateAt over all times (the thinning envelope).
    [[nodiscard]] double peakRate() const;
    //! The long-run mean rate (per second).
    [[nodiscard]] double meanRate() const;
    //! The gap in seconds from `now` to the next arrival at rate × `multiplier`, drawn from `rng`
    //! (time-varying rates by thinning under the peak rate); nullopt when none comes by `horizon`.
    //! Every user draws through here, so one scenario's streams read the same numbers everywhere.
    [[nodiscard]] std::optional<double> nextGapSeconds(sim::RngStream& rng, sim::SimTime now, double multiplier,
                                                       sim::SimTime horizon) const;
};

} // namespace orrery::model
