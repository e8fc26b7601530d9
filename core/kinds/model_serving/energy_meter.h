#pragma once
#include "sim/sim_time.h"

namespace orrery::kinds::model_serving {

//! Energy of a piecewise-constant power signal, integrated exactly: the power set at time t holds
//! until the next set; joules = Σ watts_i · (t_{i+1} − t_i) with times in SimTime nanoseconds.
class EnergyMeter {
public:
    //! The power from `at` on (the first call also starts the meter; times must not go back).
    void setWatts(sim::SimTime at, double watts);
    //! Energy from the first setWatts to `until` (≥ the last set time), in J.
    [[nodiscard]] double joulesUntil(sim::SimTime until) const;
    //! Mean power from the first setWatts to `until`, in W (the current power for a zero span).
    [[nodiscard]] double averageWattsUntil(sim::SimTime until) const;
    [[nodiscard]] double currentWatts() const { return m_watts; }

private:
    bool m_started = false;
    sim::SimTime m_start = 0;
    sim::SimTime m_last = 0;
    double m_watts = 0;
    double m_joules = 0; //!< up to m_last
};

} // namespace orrery::kinds::model_serving
