#include "report/svg_chart_helpers.h"

#include "report/svg_line_chart.h"
#include "model/value_format.h"

#include <algorithm>
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
    return model::niceAxisTicks(0.0, range, 6).step;
}

namespace {

//! Digits after the point that show every multiple of `step` exactly (0.25 → 2, 50 → 0).
int tickDecimals(double step)
{
    return std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
}

} // namespace

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

SvgPlotFrame::SvgPlotFrame(int svgWidth, int svgHeight, double xMinimum, double xMaximum, double yMinimum, double yMaximum)
    : width(svgWidth - 56.0 - 150.0)
    , height(svgHeight - 14.0 - 40.0)
    , xMin(xMinimum)
    , xMax(xMaximum > xMinimum ? xMaximum : xMinimum + 1)
    , yMin(yMinimum)
    , yMax(yMaximum > yMinimum ? yMaximum : yMinimum + 1)
{
}

std::string svgYGrid(const SvgPlotFrame& frame, double yStep)
{
    std::string svg;
    // Multiples of the step, not running sums: no 1.388e-17 where the axis crosses zero.
    const int decimals = tickDecimals(yStep);
    const long count = std::lround(std::floor((frame.yMax - frame.yMin) / yStep + 0.5));
    for (long i = 0; i <= count; ++i) {
        const double y = frame.yMin + static_cast<double>(i) * yStep;
        svg += "<line x1=\"" + svgCoordinate(frame.left) + "\" x2=\"" + svgCoordinate(frame.left + frame.width)
            + "\" y1=\"" + svgCoordinate(frame.py(y)) + "\" y2=\"" + svgCoordinate(frame.py(y)) + "\" stroke=\"#ddd\"/>";
        svg += "<text x=\"" + svgCoordinate(frame.left - 6) + "\" y=\"" + svgCoordinate(frame.py(y) + 4)
            + "\" text-anchor=\"end\">" + model::formatTick(y, decimals) + "</text>\n";
    }
    return svg;
}

std::string svgAxes(const SvgPlotFrame& frame, int svgHeight, const std::string& xLabel, const std::string& yLabel)
{
    std::string svg = "<rect x=\"" + svgCoordinate(frame.left) + "\" y=\"" + svgCoordinate(frame.top) + "\" width=\""
        + svgCoordinate(frame.width) + "\" height=\"" + svgCoordinate(frame.height) + "\" fill=\"none\" stroke=\"#999\"/>\n";
    const double xStep = niceTickStep(frame.xMax - frame.xMin);
    const int decimals = tickDecimals(xStep);
    const double firstTick = std::ceil(frame.xMin / xStep - 1e-9);
    for (double k = firstTick; k * xStep <= frame.xMax + xStep / 1000; k += 1) {
        const double x = k * xStep;
        svg += "<text x=\"" + svgCoordinate(frame.px(x)) + "\" y=\"" + svgCoordinate(frame.top + frame.height + 16)
            + "\" text-anchor=\"middle\">" + model::formatTick(x, decimals) + "</text>\n";
    }
    svg += "<text x=\"" + svgCoordinate(frame.left + frame.width / 2) + "\" y=\"" + svgCoordinate(svgHeight - 6.0)
        + "\" text-anchor=\"middle\">" + htmlEscape(xLabel) + "</text>\n";
    svg += "<text transform=\"translate(14," + svgCoordinate(frame.top + frame.height / 2)
        + ") rotate(-90)\" text-anchor=\"middle\">" + htmlEscape(yLabel) + "</text>\n";
    return svg;
}

std::string svgLegend(const SvgPlotFrame& frame, const std::vector<std::pair<std::string, std::string>>& entries)
{
    std::string svg;
    double legendY = frame.top + 10;
    for (const auto& [text, color] : entries) {
        svg += "<rect x=\"" + svgCoordinate(frame.left + frame.width + 12) + "\" y=\"" + svgCoordinate(legendY - 8)
            + "\" width=\"10\" height=\"10\" fill=\"" + htmlEscape(color) + "\"/><text x=\""
            + svgCoordinate(frame.left + frame.width + 26) + "\" y=\"" + svgCoordinate(legendY) + "\">" + htmlEscape(text)
            + "</text>\n";
        legendY += 16;
    }
    return svg;
}

} // namespace orrery::app
