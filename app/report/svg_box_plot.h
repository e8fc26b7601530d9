#pragma once
#include <string>
#include <vector>

namespace orrery::app {

//! One box of an SvgBoxPlot.
struct BoxPlotSeries {
    std::string label;
    std::string color; //!< CSS colour
    std::vector<double> values; //!< any order; NaN are left out
};

//! Box plots side by side as an inline SVG: the box spans the quartiles with a line at the
//! median, whiskers reach the furthest values within 1.5 × IQR of the box, and every value is
//! drawn as a dot (there are few: one per run), so outliers and small samples stay visible.
std::string svgBoxPlot(const std::vector<BoxPlotSeries>& series, const std::string& yLabel, int width = 720,
                       int height = 240);

} // namespace orrery::app
