#pragma once
#include <string>
#include <vector>

namespace orrery::app {

//! One arm's bars of an SvgGroupedBarChart.
struct BarGroupSeries {
    std::string label;
    std::string color;          //!< CSS colour
    std::vector<double> values; //!< one per item; NaN draws no bar
};

//! Grouped bars as an inline SVG: the items along the x axis, one bar per series in each group,
//! a legend, and a logarithmic y axis (decades) when the values span more than two decades —
//! the per-function p99 of every arm (seed 001 Figs. 4.4, 4.7, 4.11).
std::string svgGroupedBarChart(const std::vector<std::string>& items, const std::vector<BarGroupSeries>& series,
                               const std::string& yLabel, int width = 720, int height = 280);

} // namespace orrery::app
