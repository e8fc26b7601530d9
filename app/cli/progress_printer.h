#pragma once
#include "sim/sim_time.h"

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>

namespace orrery::app {

//! CLI progress lines ("run demo  42%  0:50:24 / 2:00:00 simulated  1.2e+05 events"), at most
//! one per second of wall time plus the final one, so logs stay readable.
class ProgressPrinter {
public:
    ProgressPrinter(std::ostream& out, std::string label);
    void operator()(sim::SimTime now, sim::SimTime horizon, std::uint64_t events);

private:
    std::ostream& m_out;
    std::string m_label;
    std::chrono::steady_clock::time_point m_lastPrint;
    bool m_printedFinal = false;
};

} // namespace orrery::app
