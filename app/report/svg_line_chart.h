#pragma once
#include <string>
#include <utility>
#include <vector>

namespace orrery::app {

//! One line of an SvgLineChart.
struct ChartLine {
    std::string label;
    std::string color; //!< CSS colour
    std::vector<std::pair<double, double>> points; //!< (x, y), x ascending
};

//! Renders lines as an inline SVG with axes, ticks and a legend. Long series are decimated to
//! at most `maxPoints` per line by min/max bucketing, which keeps spikes visible.
std::string svgLineChart(const std::vector<ChartLine>& lines, const std::string& xLabel, const std::string& yLabel,
                         int width = 720, int height = 260, std::size_t maxPoints = 600);

//! Escapes &, <, >, " and ' for HTML text and attributes.
std::string htmlEscape(const std::string& text);

} // namespace orrery::app
