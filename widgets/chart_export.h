#pragma once
#include <QString>

class QChartView;

namespace orrery::widgets {

//! Writes what `view` shows as a PNG at `scale` × its size (HiDPI-sharp by default).
bool exportChartPng(const QChartView& view, const QString& path, double scale = 2.0);
//! Writes what `view` shows as an SVG (vector) image.
bool exportChartSvg(const QChartView& view, const QString& path);
//! Gives `view` a context menu "Export Chart…" that asks for a .png or .svg file and writes it.
void installChartExportMenu(QChartView& view);

} // namespace orrery::widgets
