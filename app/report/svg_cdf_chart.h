#pragma once
#include <string>
#include <vector>

namespace orrery::app {

//! One sample of an SvgCdfChart: its values are drawn as an empirical CDF.
struct CdfSeries {
    std::string label;
    std::string color; //!< CSS colour
    std::vector<double> values; //!< any order; NaN are left out
};

//! Empirical CDFs of several samples overlaid as step lines on one inline SVG chart (x: the
//! value, y: the fraction of values at or below it), drawn by svgLineChart.
std::string svgCdfChart(const std::vector<CdfSeries>& series, const std::string& xLabel, int width = 720,
                        int height = 240);

} // namespace orrery::app
