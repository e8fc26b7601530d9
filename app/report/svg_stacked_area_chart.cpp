#include "report/svg_stacked_area_chart.h"

#include "report/svg_chart_helpers.h"
#include "report/svg_line_chart.h"

#include <algorithm>
#include <cmath>

namespace orrery::app {
namespace {

//! The value of a step series at `x`: the last sample at or before x, 0 outside the samples.
double stepValueAt(const std::vector<std::pair<double, double>>& points, double x)
{
    if (points.empty() || x < points.front().first || x >= points.back().first)
        return 0.0; // a slice starting at the last sample: the band has ended
    const auto after = std::upper_bound(points.begin(), points.end(), x,
                                        [](double value, const auto& point) { return value < point.first; });
    const double y = std::prev(after)->second;
    return std::isnan(y) ? 0.0 : y;
}

const std::string& colorAt(const StackedBand& band, double x)
{
    for (const StackedBand::Span& span : band.spans) {
        if (x >= span.from && x < span.to)
            return span.color;
    }
    return band.color;
}

} // namespace

std::string svgStackedAreaChart(const std::vector<StackedBand>& bands, const std::vector<LegendEntry>& legend,
                                const std::string& xLabel, const std::string& yLabel, int width, int height)
{
    std::vector<double> times;
    for (const StackedBand& band : bands) {
        for (const auto& point : band.points)
            times.push_back(point.first);
        for (const auto& span : band.spans) {
            times.push_back(span.from);
            times.push_back(span.to);
        }
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());

    // Each band's value over [times[k], times[k+1]) stacked on the bands before it.
    const std::size_t slices = times.size() < 2 ? 0 : times.size() - 1;
    std::vector<double> base(slices, 0.0);
    std::vector<std::vector<double>> values(bands.size(), std::vector<double>(slices, 0.0));
    double yMax = 0.0;
    for (std::size_t b = 0; b < bands.size(); ++b) {
        for (std::size_t k = 0; k < slices; ++k) {
            values[b][k] = stepValueAt(bands[b].points, times[k]);
            yMax = std::max(yMax, base[k] + values[b][k]);
            base[k] += values[b][k];
        }
    }
    const double xMin = times.empty() ? 0.0 : times.front();
    const double xMax = times.size() < 2 ? xMin + 1.0 : times.back();
    if (yMax <= 0.0)
        yMax = 1.0;
    const double yStep = niceTickStep(yMax);
    yMax = std::ceil(yMax / yStep) * yStep;

    const SvgPlotFrame frame(width, height, xMin, xMax, 0.0, yMax);
    std::string svg = svgOpenTag(width, height);
    svg += svgYGrid(frame, yStep);
    // One rectangle per run of slices with the same lower edge, height and colour.
    std::fill(base.begin(), base.end(), 0.0);
    for (std::size_t b = 0; b < bands.size(); ++b) {
        svg += "<g><title>" + htmlEscape(bands[b].label) + "</title>";
        std::size_t k = 0;
        while (k < slices) {
            const double lower = base[k], value = values[b][k];
            const std::string& color = colorAt(bands[b], times[k]);
            std::size_t end = k + 1;
            while (end < slices && base[end] == lower && values[b][end] == value && colorAt(bands[b], times[end]) == color)
                ++end;
            if (value > 0.0) {
                svg += "<rect x=\"" + svgCoordinate(frame.px(times[k])) + "\" y=\"" + svgCoordinate(frame.py(lower + value))
                    + "\" width=\"" + svgCoordinate(frame.px(times[end]) - frame.px(times[k])) + "\" height=\""
                    + svgCoordinate(frame.py(lower) - frame.py(lower + value)) + "\" fill=\"" + htmlEscape(color)
                    + "\" stroke=\"#fff\" stroke-width=\"0.3\"/>";
            }
            k = end;
        }
        svg += "</g>\n";
        for (std::size_t s = 0; s < slices; ++s)
            base[s] += values[b][s];
    }
    svg += svgAxes(frame, height, xLabel, yLabel);
    std::vector<LegendEntry> entries = legend;
    if (entries.empty()) {
        for (const StackedBand& band : bands)
            entries.emplace_back(band.label, band.color);
    }
    svg += svgLegend(frame, entries);
    svg += "</svg>\n";
    return svg;
}

} // namespace orrery::app
