#include "report/svg_line_chart.h"

#include "report/svg_chart_helpers.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace orrery::app {
namespace {

std::vector<std::pair<double, double>> decimate(const std::vector<std::pair<double, double>>& points, std::size_t maxPoints)
{
    if (points.size() <= maxPoints || maxPoints < 4)
        return points;
    std::vector<std::pair<double, double>> out;
    const std::size_t buckets = maxPoints / 2;
    const double perBucket = static_cast<double>(points.size()) / static_cast<double>(buckets);
    for (std::size_t b = 0; b < buckets; ++b) {
        const auto begin = static_cast<std::size_t>(static_cast<double>(b) * perBucket);
        const auto end = std::min(points.size(), static_cast<std::size_t>(static_cast<double>(b + 1) * perBucket));
        if (begin >= end)
            continue;
        auto [low, high] = std::minmax_element(points.begin() + static_cast<std::ptrdiff_t>(begin),
                                               points.begin() + static_cast<std::ptrdiff_t>(end),
                                               [](const auto& a, const auto& c) { return a.second < c.second; });
        if (low > high)
            std::swap(low, high);
        out.push_back(*low);
        if (high != low)
            out.push_back(*high);
    }
    return out;
}

} // namespace

std::string htmlEscape(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
        }
    }
    return out;
}

std::string svgLineChart(const std::vector<ChartLine>& lines, const std::string& xLabel, const std::string& yLabel,
                         int width, int height, std::size_t maxPoints)
{
    double xMin = std::numeric_limits<double>::infinity();
    double xMax = -xMin;
    double yMin = 0.0;
    double yMax = -std::numeric_limits<double>::infinity();
    for (const auto& line : lines) {
        for (const auto& [x, y] : line.points) {
            xMin = std::min(xMin, x);
            xMax = std::max(xMax, x);
            yMin = std::min(yMin, y);
            yMax = std::max(yMax, y);
        }
    }
    if (!std::isfinite(xMin)) {
        xMin = 0;
        xMax = 1;
        yMax = 1;
    }
    if (xMax <= xMin)
        xMax = xMin + 1;
    if (yMax <= yMin)
        yMax = yMin + 1;
    const double yStep = niceTickStep(yMax - yMin);
    yMax = std::ceil(yMax / yStep) * yStep;

    const SvgPlotFrame frame(width, height, xMin, xMax, yMin, yMax);
    std::string svg = svgOpenTag(width, height);
    svg += svgYGrid(frame, yStep);
    svg += svgAxes(frame, height, xLabel, yLabel);
    std::vector<std::pair<std::string, std::string>> legend;
    for (const auto& line : lines) {
        std::string path;
        for (const auto& [x, y] : decimate(line.points, maxPoints))
            path += (path.empty() ? "M" : " L") + svgCoordinate(frame.px(x)) + ',' + svgCoordinate(frame.py(y));
        svg += "<path d=\"" + path + "\" fill=\"none\" stroke=\"" + htmlEscape(line.color)
            + "\" stroke-width=\"1.5\"><title>" + htmlEscape(line.label) + "</title></path>\n";
        legend.emplace_back(line.label, line.color);
    }
    svg += svgLegend(frame, legend);
    svg += "</svg>\n";
    return svg;
}

} // namespace orrery::app
