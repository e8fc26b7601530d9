#include "report/svg_scatter_chart.h"

#include "report/svg_chart_helpers.h"
#include "report/svg_line_chart.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::app {

std::string svgScatterChart(const std::vector<ScatterGroup>& groups, const std::string& xLabel, const std::string& yLabel,
                            int width, int height)
{
    double xMin = std::numeric_limits<double>::infinity(), xMax = -xMin, yMin = xMin, yMax = -xMin;
    for (const ScatterGroup& group : groups) {
        for (const auto& [x, y] : group.points) {
            xMin = std::min(xMin, x);
            xMax = std::max(xMax, x);
            yMin = std::min(yMin, y);
            yMax = std::max(yMax, y);
        }
    }
    if (!std::isfinite(xMin)) {
        xMin = yMin = 0.0;
        xMax = yMax = 1.0;
    }
    // Round outward to whole ticks, with room for the markers.
    const auto widen = [](double& low, double& high) {
        if (high <= low) {
            low -= 0.5;
            high += 0.5;
        }
        const double step = niceTickStep(high - low);
        low = std::floor(low / step) * step;
        high = std::ceil(high / step) * step;
        return step;
    };
    widen(xMin, xMax);
    const double yStep = widen(yMin, yMax);
    const SvgPlotFrame frame(width, height, xMin, xMax, yMin, yMax);
    std::string svg = svgOpenTag(width, height);
    svg += svgYGrid(frame, yStep);
    svg += svgAxes(frame, height, xLabel, yLabel);
    std::vector<std::pair<std::string, std::string>> legend;
    for (const ScatterGroup& group : groups) {
        svg += "<g fill=\"" + htmlEscape(group.color) + "\" fill-opacity=\"0.8\"><title>" + htmlEscape(group.label) + "</title>";
        for (const auto& [x, y] : group.points)
            svg += "<circle cx=\"" + svgCoordinate(frame.px(x)) + "\" cy=\"" + svgCoordinate(frame.py(y)) + "\" r=\"4\"/>";
        svg += "</g>\n";
        legend.emplace_back(group.label, group.color);
    }
    svg += svgLegend(frame, legend);
    svg += "</svg>\n";
    return svg;
}

} // namespace orrery::app
