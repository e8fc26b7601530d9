#include "cli/progress_printer.h"

#include "ops/text_format.h"

#include <cstdio>
#include <ostream>

namespace orrery::app {
namespace {

std::string clock(sim::SimTime t)
{
    return clockText(static_cast<double>(t / sim::kSecond));
}

} // namespace

ProgressPrinter::ProgressPrinter(std::ostream& out, std::string label)
    : m_out(out)
    , m_label(std::move(label))
    , m_lastPrint(std::chrono::steady_clock::now())
{
}

void ProgressPrinter::operator()(sim::SimTime now, sim::SimTime horizon, std::uint64_t events)
{
    const auto wall = std::chrono::steady_clock::now();
    const bool final = now >= horizon;
    if (final ? m_printedFinal : wall - m_lastPrint < std::chrono::seconds(1))
        return;
    m_lastPrint = wall;
    m_printedFinal = final;
    const double percent = horizon > 0 ? 100.0 * static_cast<double>(now) / static_cast<double>(horizon) : 100.0;
    char line[160];
    std::snprintf(line, sizeof line, "%s %3.0f%%  %s / %s simulated  %.3g events", m_label.c_str(), percent,
                  clock(now).c_str(), clock(horizon).c_str(), static_cast<double>(events));
    m_out << line << std::endl;
}

} // namespace orrery::app
