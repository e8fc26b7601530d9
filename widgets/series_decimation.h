#pragma once
#include <QList>
#include <QPointF>

namespace orrery::widgets {

//! Reduces a series sorted by x to at most 2 × `buckets` points for drawing: the x range is cut
//! into `buckets` equal intervals and each interval keeps its lowest and its highest point, in x
//! order. Peaks and troughs survive, so a chart with one bucket per pixel column looks the same
//! as the full series. Points with a NaN coordinate are dropped. A series that already fits (or
//! `buckets` ≤ 0) comes back unchanged apart from the NaN points.
QList<QPointF> decimateMinMax(const QList<QPointF>& points, int buckets);

} // namespace orrery::widgets
