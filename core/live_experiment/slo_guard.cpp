#include "live_experiment/slo_guard.h"

#include <cmath>
#include <sstream>

namespace orrery::live_experiment {

bool SloGuard::check(std::optional<double> value)
{
    if (m_tripped)
        return true;
    if (value && std::isfinite(*value) && *value > m_threshold) {
        m_last = *value;
        if (++m_run >= m_consecutive)
            m_tripped = true;
    } else {
        m_run = 0;
    }
    return m_tripped;
}

std::string SloGuard::reason() const
{
    std::ostringstream text;
    text << "guard tripped: " << m_last << " > " << m_threshold << " for " << m_consecutive
         << (m_consecutive == 1 ? " check" : " checks in a row");
    return text.str();
}

} // namespace orrery::live_experiment
