#pragma once
#include <QColor>
#include <QString>

#include <vector>

namespace orrery::widgets {

//! One arm's per-run values of a metric, as the distribution charts (CdfChart, BoxPlotChart)
//! take them: plain data, so the charts know nothing of experiments or the project file.
struct ArmSample {
    QString arm;
    std::vector<double> values; //!< NaN values are ignored
    QColor color;               //!< invalid: the chart theme's next colour
};

} // namespace orrery::widgets
