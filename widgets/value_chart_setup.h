#pragma once

class QChartView;
class QValueAxis;

namespace orrery::widgets {

//! The x and y value axes of a chart set up by setUpValueChart().
struct ValueAxes {
    QValueAxis* x = nullptr;
    QValueAxis* y = nullptr;
};

//! Sets up `view`'s chart the way every ChartView wrapper of Orrery draws (TimeSeriesChart,
//! StackedAreaChart, ScatterChart): no animation, legend at the bottom, 4 px margins, a value
//! axis at the bottom and one at the left with "%g" labels (30, not 30.0), antialiasing, a
//! minimum size of 240 × 180 and the "Export Chart…" context menu (PNG or SVG). The chart owns
//! the axes.
ValueAxes setUpValueChart(QChartView& view);

//! Gives `view`'s chart the light or dark theme that matches the widget's palette and the
//! palette's base colour as background. Changing the theme resets every series' colour: the
//! caller puts its chosen colours back afterwards.
void applyChartPalette(QChartView& view);

} // namespace orrery::widgets
