#include "kinds/model_serving/energy_meter.h"

#include <stdexcept>

namespace orrery::kinds::model_serving {

namespace {
constexpr double kSecondsPerNanosecond = 1e-9;
}

void EnergyMeter::setWatts(sim::SimTime at, double watts)
{
    if (!m_started) {
        m_started = true;
        m_start = at;
        m_last = at;
    } else if (at < m_last) {
        throw std::invalid_argument("EnergyMeter::setWatts: time went back");
    }
    m_joules += m_watts * static_cast<double>(at - m_last) * kSecondsPerNanosecond;
    m_last = at;
    m_watts = watts;
}

double EnergyMeter::joulesUntil(sim::SimTime until) const
{
    if (!m_started || until <= m_last)
        return m_joules;
    return m_joules + m_watts * static_cast<double>(until - m_last) * kSecondsPerNanosecond;
}

double EnergyMeter::averageWattsUntil(sim::SimTime until) const
{
    if (!m_started || until <= m_start)
        return m_watts;
    return joulesUntil(until) / (static_cast<double>(until - m_start) * kSecondsPerNanosecond);
}

} // namespace orrery::kinds::model_serving
