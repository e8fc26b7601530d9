#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace orrery::app {

//! The primitives every inline SVG chart of the reports shares (svgLineChart, svgCdfChart,
//! svgBoxPlot), so they format numbers, ticks and colours alike.

//! A tick or data label: 4 significant digits ("%.4g").
std::string svgNumber(double value);
//! A coordinate with one decimal ("%.1f").
std::string svgCoordinate(double value);
//! A tick step of 1, 2 or 5 × 10^k giving about five ticks over `range` (1 for an empty range).
double niceTickStep(double range);
//! The opening `<svg …>` tag of a chart `width` × `height` pixels (sans-serif, 11 px text).
std::string svgOpenTag(int width, int height);
//! The colour of series `index` (a fixed, colour-blind-friendly palette that repeats).
std::string seriesColor(std::size_t index);

//! The plot area of an x/y chart in pixels and the data ranges it maps: 56 px on the left for
//! y ticks, 150 px on the right for the legend.
struct SvgPlotFrame {
    double left = 56, top = 14, width = 0, height = 0;
    double xMin = 0, xMax = 1, yMin = 0, yMax = 1;

    SvgPlotFrame(int svgWidth, int svgHeight, double xMin, double xMax, double yMin, double yMax);
    [[nodiscard]] double px(double x) const { return left + (x - xMin) / (xMax - xMin) * width; }
    [[nodiscard]] double py(double y) const { return top + height - (y - yMin) / (yMax - yMin) * height; }
};
//! Horizontal grid lines and y tick labels every `yStep` from yMin to yMax.
std::string svgYGrid(const SvgPlotFrame& frame, double yStep);
//! The frame's border, x tick labels and both axis titles (`svgHeight`: the whole chart's).
std::string svgAxes(const SvgPlotFrame& frame, int svgHeight, const std::string& xLabel, const std::string& yLabel);
//! A legend of (text, CSS colour) squares right of the frame.
std::string svgLegend(const SvgPlotFrame& frame, const std::vector<std::pair<std::string, std::string>>& entries);

} // namespace orrery::app
