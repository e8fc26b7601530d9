#pragma once
#include <string>
#include <utility>
#include <vector>

namespace orrery::app {

//! One band of an SvgStackedAreaChart: a step series (the value holds from one sample to the
//! next, 0 before the first and after the last), drawn in `color` except where a span recolours it.
struct StackedBand {
    struct Span {
        double from = 0;
        double to = 0;
        std::string color; //!< CSS colour over [from, to)
    };
    std::string label;
    std::string color; //!< CSS colour outside every span
    std::vector<std::pair<double, double>> points; //!< (x, y), x ascending
    std::vector<Span> spans;
};

//! A legend entry: (text, CSS colour).
using LegendEntry = std::pair<std::string, std::string>;

//! Renders bands stacked on the union of their sample times as an inline SVG (axes, ticks,
//! legend), each band over the ones before it. `legend` empty: one entry per band.
std::string svgStackedAreaChart(const std::vector<StackedBand>& bands, const std::vector<LegendEntry>& legend,
                                const std::string& xLabel, const std::string& yLabel, int width = 720,
                                int height = 240);

} // namespace orrery::app
