#pragma once
#include <string>
#include <utility>
#include <vector>

namespace orrery::app {

//! One group of an SvgScatterChart (e.g. one experiment arm's runs).
struct ScatterGroup {
    std::string label;
    std::string color; //!< CSS colour
    std::vector<std::pair<double, double>> points;
};

//! Renders groups of points as an inline SVG with axes, ticks and a legend.
std::string svgScatterChart(const std::vector<ScatterGroup>& groups, const std::string& xLabel, const std::string& yLabel,
                            int width = 720, int height = 260);

} // namespace orrery::app
