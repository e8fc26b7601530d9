#include "report/svg_grouped_bar_chart.h"

#include "report/svg_chart_helpers.h"
#include "report/svg_line_chart.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::app {

std::string svgGroupedBarChart(const std::vector<std::string>& items, const std::vector<BarGroupSeries>& series,
                               const std::string& yLabel, int width, int height)
{
    double low = std::numeric_limits<double>::infinity();
    double high = 0;
    for (const auto& s : series) {
        for (const double v : s.values) {
            if (std::isfinite(v) && v > 0) {
                low = std::min(low, v);
                high = std::max(high, v);
            }
        }
    }
    if (!(high > 0)) {
        low = 1;
        high = 1;
    }
    const bool log = high / low > 100.0;
    double yMin = 0, yMax = high;
    double yStep = niceTickStep(high);
    if (log) {
        yMin = std::floor(std::log10(low));
        yMax = std::ceil(std::log10(high));
        if (yMax <= yMin)
            yMax = yMin + 1;
        yStep = 1;
    } else {
        yMax = std::ceil(high / yStep) * yStep;
    }
    const double left = 64, right = 16, top = 14, bottom = 92;
    const double plotWidth = width - left - right;
    const double plotHeight = height - top - bottom;
    const auto py = [&](double v) {
        const double y = log ? std::log10(std::max(v, std::pow(10.0, yMin))) : v;
        return top + plotHeight - (y - yMin) / (yMax - yMin) * plotHeight;
    };
    std::string svg = svgOpenTag(width, height);
    svg += "<rect x=\"" + svgCoordinate(left) + "\" y=\"" + svgCoordinate(top) + "\" width=\"" + svgCoordinate(plotWidth)
        + "\" height=\"" + svgCoordinate(plotHeight) + "\" fill=\"none\" stroke=\"#999\"/>\n";
    for (double t = yMin; t <= yMax + yStep / 2; t += yStep) {
        const double value = log ? std::pow(10.0, t) : t;
        const double y = py(value);
        svg += "<line x1=\"" + svgCoordinate(left) + "\" y1=\"" + svgCoordinate(y) + "\" x2=\"" + svgCoordinate(left + plotWidth)
            + "\" y2=\"" + svgCoordinate(y) + "\" stroke=\"#ddd\"/>\n";
        svg += "<text x=\"" + svgCoordinate(left - 6) + "\" y=\"" + svgCoordinate(y + 4) + "\" text-anchor=\"end\">"
            + svgNumber(value) + "</text>\n";
    }
    svg += "<text transform=\"translate(14," + svgCoordinate(top + plotHeight / 2) + ") rotate(-90)\" text-anchor=\"middle\">"
        + htmlEscape(yLabel + (log ? " (log scale)" : "")) + "</text>\n";
    const double group = items.empty() ? plotWidth : plotWidth / static_cast<double>(items.size());
    const double bar = series.empty() ? 0 : group * 0.8 / static_cast<double>(series.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        const double x0 = left + group * static_cast<double>(i) + group * 0.1;
        for (std::size_t s = 0; s < series.size(); ++s) {
            const double v = i < series[s].values.size() ? series[s].values[i] : std::nan("");
            if (!std::isfinite(v) || (log && v <= 0))
                continue;
            const double y = py(v);
            svg += "<rect x=\"" + svgCoordinate(x0 + bar * static_cast<double>(s)) + "\" y=\"" + svgCoordinate(y) + "\" width=\""
                + svgCoordinate(bar) + "\" height=\"" + svgCoordinate(top + plotHeight - y) + "\" fill=\"" + series[s].color
                + "\"><title>" + htmlEscape(series[s].label + " — " + items[i] + ": " + svgNumber(v)) + "</title></rect>\n";
        }
        const double cx = left + group * (static_cast<double>(i) + 0.5);
        svg += "<text transform=\"translate(" + svgCoordinate(cx) + "," + svgCoordinate(top + plotHeight + 10)
            + ") rotate(40)\" text-anchor=\"start\">" + htmlEscape(items[i]) + "</text>\n";
    }
    double lx = left;
    const double ly = height - 10;
    for (const auto& s : series) {
        svg += "<rect x=\"" + svgCoordinate(lx) + "\" y=\"" + svgCoordinate(ly - 9) + "\" width=\"10\" height=\"10\" fill=\"" + s.color
            + "\"/><text x=\"" + svgCoordinate(lx + 14) + "\" y=\"" + svgCoordinate(ly) + "\">" + htmlEscape(s.label) + "</text>\n";
        lx += 24 + 7.0 * static_cast<double>(s.label.size());
    }
    svg += "</svg>\n";
    return svg;
}

} // namespace orrery::app
