#include "widgets/series_decimation.h"

#include <algorithm>
#include <cmath>

namespace orrery::widgets {
namespace {

bool isFinitePoint(const QPointF& point)
{
    return !std::isnan(point.x()) && !std::isnan(point.y());
}

} // namespace

QList<QPointF> decimateMinMax(const QList<QPointF>& points, int buckets)
{
    QList<QPointF> finite;
    finite.reserve(points.size());
    std::copy_if(points.begin(), points.end(), std::back_inserter(finite), isFinitePoint);
    if (buckets <= 0 || finite.size() <= 2 * static_cast<qsizetype>(buckets))
        return finite;

    const double x0 = finite.front().x();
    const double span = finite.back().x() - x0;
    const auto bucketOf = [&](const QPointF& point) {
        if (!(span > 0.0))
            return 0;
        const double position = (point.x() - x0) / span * buckets;
        return std::clamp(static_cast<int>(position), 0, buckets - 1);
    };

    QList<QPointF> out;
    out.reserve(2 * static_cast<qsizetype>(buckets));
    qsizetype begin = 0;
    while (begin < finite.size()) {
        const int bucket = bucketOf(finite[begin]);
        qsizetype lowest = begin;
        qsizetype highest = begin;
        qsizetype end = begin + 1;
        for (; end < finite.size() && bucketOf(finite[end]) == bucket; ++end) {
            if (finite[end].y() < finite[lowest].y())
                lowest = end;
            if (finite[end].y() > finite[highest].y())
                highest = end;
        }
        out.append(finite[std::min(lowest, highest)]);
        if (lowest != highest)
            out.append(finite[std::max(lowest, highest)]);
        begin = end;
    }
    return out;
}

} // namespace orrery::widgets
