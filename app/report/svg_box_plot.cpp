#include "report/svg_box_plot.h"

#include "analysis/sample_summary.h"
#include "report/svg_chart_helpers.h"
#include "report/svg_line_chart.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::app {

std::string svgBoxPlot(const std::vector<BoxPlotSeries>& series, const std::string& yLabel, int width, int height)
{
    std::vector<std::vector<double>> sorted;
    double yMin = std::numeric_limits<double>::infinity();
    double yMax = -yMin;
    for (const auto& box : series) {
        std::vector<double> values;
        std::copy_if(box.values.begin(), box.values.end(), std::back_inserter(values),
                     [](double value) { return !std::isnan(value); });
        std::sort(values.begin(), values.end());
        if (!values.empty()) {
            yMin = std::min(yMin, values.front());
            yMax = std::max(yMax, values.back());
        }
        sorted.push_back(std::move(values));
    }
    if (!std::isfinite(yMin)) {
        yMin = 0;
        yMax = 1;
    }
    if (yMax <= yMin) {
        const double pad = yMin == 0 ? 1.0 : std::abs(yMin) * 0.1;
        yMin -= pad;
        yMax += pad;
    }
    const double yStep = niceTickStep(yMax - yMin);
    yMin = std::floor(yMin / yStep) * yStep;
    yMax = std::ceil(yMax / yStep) * yStep;

    const double left = 56, right = 20, top = 14, bottom = 40;
    const double plotWidth = width - left - right;
    const double plotHeight = height - top - bottom;
    const auto py = [&](double y) { return top + plotHeight - (y - yMin) / (yMax - yMin) * plotHeight; };
    const auto line = [](double x1, double y1, double x2, double y2, const std::string& stroke) {
        return "<line x1=\"" + svgCoordinate(x1) + "\" y1=\"" + svgCoordinate(y1) + "\" x2=\"" + svgCoordinate(x2)
            + "\" y2=\"" + svgCoordinate(y2) + "\" stroke=\"" + stroke + "\"/>";
    };

    std::string svg = svgOpenTag(width, height);
    svg += "<rect x=\"" + svgCoordinate(left) + "\" y=\"" + svgCoordinate(top) + "\" width=\"" + svgCoordinate(plotWidth)
        + "\" height=\"" + svgCoordinate(plotHeight) + "\" fill=\"none\" stroke=\"#999\"/>\n";
    for (double y = yMin; y <= yMax + yStep / 2; y += yStep) {
        svg += line(left, py(y), left + plotWidth, py(y), "#ddd");
        svg += "<text x=\"" + svgCoordinate(left - 6) + "\" y=\"" + svgCoordinate(py(y) + 4) + "\" text-anchor=\"end\">"
            + svgNumber(y) + "</text>\n";
    }
    svg += "<text transform=\"translate(14," + svgCoordinate(top + plotHeight / 2)
        + ") rotate(-90)\" text-anchor=\"middle\">" + htmlEscape(yLabel) + "</text>\n";

    const double slot = series.empty() ? plotWidth : plotWidth / static_cast<double>(series.size());
    const double boxWidth = std::min(60.0, slot * 0.5);
    for (std::size_t i = 0; i < series.size(); ++i) {
        const double center = left + slot * (static_cast<double>(i) + 0.5);
        const std::string color = htmlEscape(series[i].color);
        svg += "<text x=\"" + svgCoordinate(center) + "\" y=\"" + svgCoordinate(top + plotHeight + 16)
            + "\" text-anchor=\"middle\">" + htmlEscape(series[i].label) + "</text>\n";
        const std::vector<double>& values = sorted[i];
        if (values.empty())
            continue;
        const double q1 = analysis::quantileOfSorted(values, 0.25);
        const double median = analysis::quantileOfSorted(values, 0.5);
        const double q3 = analysis::quantileOfSorted(values, 0.75);
        const double reach = 1.5 * (q3 - q1);
        const auto lowest = std::find_if(values.begin(), values.end(), [&](double v) { return v >= q1 - reach; });
        const auto highest = std::find_if(values.rbegin(), values.rend(), [&](double v) { return v <= q3 + reach; });
        const double low = lowest == values.end() ? q1 : *lowest;
        const double high = highest == values.rend() ? q3 : *highest;

        svg += "<g><title>" + htmlEscape(series[i].label) + ": median " + svgNumber(median) + ", quartiles "
            + svgNumber(q1) + "–" + svgNumber(q3) + ", " + std::to_string(values.size()) + " runs</title>";
        svg += line(center, py(high), center, py(q3), color) + line(center, py(q1), center, py(low), color);
        svg += line(center - boxWidth / 4, py(high), center + boxWidth / 4, py(high), color);
        svg += line(center - boxWidth / 4, py(low), center + boxWidth / 4, py(low), color);
        svg += "<rect x=\"" + svgCoordinate(center - boxWidth / 2) + "\" y=\"" + svgCoordinate(py(q3)) + "\" width=\""
            + svgCoordinate(boxWidth) + "\" height=\"" + svgCoordinate(std::max(1.0, py(q1) - py(q3))) + "\" fill=\""
            + color + "\" fill-opacity=\"0.25\" stroke=\"" + color + "\"/>";
        svg += "<line x1=\"" + svgCoordinate(center - boxWidth / 2) + "\" y1=\"" + svgCoordinate(py(median)) + "\" x2=\""
            + svgCoordinate(center + boxWidth / 2) + "\" y2=\"" + svgCoordinate(py(median)) + "\" stroke=\"" + color
            + "\" stroke-width=\"2.5\"/>\n";
        // Every run as a dot beside the box, spread a little so equal values stay countable.
        for (std::size_t v = 0; v < values.size(); ++v) {
            const double offset = boxWidth / 2 + 8 + static_cast<double>(v % 4) * 4;
            svg += "<circle cx=\"" + svgCoordinate(center + offset) + "\" cy=\"" + svgCoordinate(py(values[v]))
                + "\" r=\"2.2\" fill=\"" + color + "\"/>";
        }
        svg += "</g>\n";
    }
    svg += "</svg>\n";
    return svg;
}

} // namespace orrery::app
