#pragma once
#include <cstddef>
#include <string>

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

} // namespace orrery::app
