#pragma once
#include <QColor>
#include <QString>

namespace orrery::widgets {

//! A stretch of a TimeSeriesChart's x axis that the chart shades behind its lines, e.g. the time
//! a policy held one class. `start` and `end` are in the chart's x units (whatever its series
//! use: seconds, minutes, hours).
struct TimeBand {
    double start = 0.0;
    double end = 0.0;
    QString label;  //!< bands with the same label share one colour and one legend entry
    QColor color;   //!< opaque; the chart draws it translucent. Invalid: a palette colour by label
};

} // namespace orrery::widgets
