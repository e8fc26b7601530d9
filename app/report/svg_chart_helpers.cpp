#include "report/svg_chart_helpers.h"

#include <array>
#include <cmath>
#include <cstdio>

namespace orrery::app {

std::string svgNumber(double value)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", value);
    return buffer;
}

std::string svgCoordinate(double value)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", value);
    return buffer;
}

double niceTickStep(double range)
{
    if (!(range > 0) || !std::isfinite(range))
        return 1.0;
    const double raw = range / 5.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double fraction = raw / magnitude;
    return (fraction < 1.5 ? 1.0 : fraction < 3.5 ? 2.0 : fraction < 7.5 ? 5.0 : 10.0) * magnitude;
}

std::string svgOpenTag(int width, int height)
{
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"" + std::to_string(width) + "\" height=\""
        + std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) + ' ' + std::to_string(height)
        + "\" font-family=\"sans-serif\" font-size=\"11\">\n";
}

std::string seriesColor(std::size_t index)
{
    // Okabe–Ito, reordered so the first colours differ most.
    static constexpr std::array<const char*, 8> kPalette{"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                         "#E69F00", "#56B4E9", "#000000", "#F0E442"};
    return kPalette[index % kPalette.size()];
}

} // namespace orrery::app
