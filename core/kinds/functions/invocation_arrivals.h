#pragma once
#include "kinds/functions/functions_spec.h"
#include "sim/rng_stream.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <string_view>

namespace orrery::kinds::functions {

//! The invocation times of one function: Poisson arrivals whose rate is piecewise constant over
//! intervals of `every` (flat: one interval forever). Rates and gaps draw from two streams named
//! after the function, so no policy decision can perturb them (common random numbers).
//!
//! Azure: the function's mean is `rate` × a popularity factor drawn once from the trace's
//! popularity distribution (log-normal with σ = 4.08 in ln(invocations/day), conditioned on the
//! popular tail of at least one invocation a minute and divided by that tail's median, so `rate` is
//! the median popular function's mean); each interval's rate is the mean × (1 + A·cos(2π(t − 15 h)/
//! 24 h)) × (for the bursty 40 %) a mean-one Gamma(0.5) factor.
class InvocationArrivals {
public:
    InvocationArrivals(const FunctionArrivals& arrivals, std::uint64_t seed, std::string_view functionName);

    //! The next invocation strictly after `now` (non-decreasing calls).
    [[nodiscard]] sim::SimTime next(sim::SimTime now);
    //! The rate of the interval `next` last reached, per second.
    [[nodiscard]] double currentRate() const { return m_rate; }
    //! Multiplies every rate from now on (the arrival-rate sweep applies it to the spec instead).
    void setScale(double scale) { m_scale = scale; }

private:
    void enterInterval(sim::SimTime start);

    double gammaMeanOne(double shape);

    FunctionArrivals m_arrivals;
    double m_mean = 0.0;   //!< Azure: this function's long-run mean rate
    bool m_bursty = false; //!< Azure: per-minute Gamma burst factor
    sim::RngStream m_rates;
    sim::RngStream m_gaps;
    sim::SimTime m_intervalEnd = 0;
    double m_rate = 0.0;
    double m_scale = 1.0;
    bool m_started = false;
};

} // namespace orrery::kinds::functions
