#include "report/svg_cdf_chart.h"

#include "report/svg_line_chart.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::app {

std::string svgCdfChart(const std::vector<CdfSeries>& series, const std::string& xLabel, int width, int height)
{
    double largest = -std::numeric_limits<double>::infinity();
    for (const auto& sample : series) {
        for (const double value : sample.values) {
            if (!std::isnan(value))
                largest = std::max(largest, value);
        }
    }
    std::vector<ChartLine> lines;
    for (const auto& sample : series) {
        std::vector<double> sorted;
        std::copy_if(sample.values.begin(), sample.values.end(), std::back_inserter(sorted),
                     [](double value) { return !std::isnan(value); });
        std::sort(sorted.begin(), sorted.end());
        ChartLine line{sample.label, sample.color, {}};
        const auto n = static_cast<double>(sorted.size());
        for (std::size_t i = 0; i < sorted.size(); ++i) {
            line.points.emplace_back(sorted[i], static_cast<double>(i) / n);
            line.points.emplace_back(sorted[i], static_cast<double>(i + 1) / n);
        }
        // Carry the line to the largest value of any sample, so every CDF ends at the right edge.
        if (!sorted.empty() && sorted.back() < largest)
            line.points.emplace_back(largest, 1.0);
        lines.push_back(std::move(line));
    }
    // Every sample is short (runs per arm), so no decimation: maxPoints covers them all.
    std::size_t maxPoints = 4;
    for (const auto& line : lines)
        maxPoints = std::max(maxPoints, line.points.size());
    return svgLineChart(lines, xLabel, "fraction of runs ≤ x", width, height, maxPoints);
}

} // namespace orrery::app
