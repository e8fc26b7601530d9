#include "report/svg_chart_helpers.h"

#include "report/svg_line_chart.h"

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
    for (double y = frame.yMin; y <= frame.yMax + yStep / 2; y += yStep) {
        svg += "<line x1=\"" + svgCoordinate(frame.left) + "\" x2=\"" + svgCoordinate(frame.left + frame.width)
            + "\" y1=\"" + svgCoordinate(frame.py(y)) + "\" y2=\"" + svgCoordinate(frame.py(y)) + "\" stroke=\"#ddd\"/>";
        svg += "<text x=\"" + svgCoordinate(frame.left - 6) + "\" y=\"" + svgCoordinate(frame.py(y) + 4)
            + "\" text-anchor=\"end\">" + svgNumber(y) + "</text>\n";
    }
    return svg;
}

std::string svgAxes(const SvgPlotFrame& frame, int svgHeight, const std::string& xLabel, const std::string& yLabel)
{
    std::string svg = "<rect x=\"" + svgCoordinate(frame.left) + "\" y=\"" + svgCoordinate(frame.top) + "\" width=\""
        + svgCoordinate(frame.width) + "\" height=\"" + svgCoordinate(frame.height) + "\" fill=\"none\" stroke=\"#999\"/>\n";
    const double xStep = niceTickStep(frame.xMax - frame.xMin);
    for (double x = std::ceil(frame.xMin / xStep) * xStep; x <= frame.xMax + xStep / 1000; x += xStep) {
        svg += "<text x=\"" + svgCoordinate(frame.px(x)) + "\" y=\"" + svgCoordinate(frame.top + frame.height + 16)
            + "\" text-anchor=\"middle\">" + svgNumber(x) + "</text>\n";
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
