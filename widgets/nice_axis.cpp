#include "widgets/nice_axis.h"

#include "model/value_format.h"

#include <QValueAxis>

namespace orrery::widgets {
namespace {

QString labelFormat(int decimals)
{
    return QStringLiteral("%.%1f").arg(decimals);
}

} // namespace

void applyNiceRange(QValueAxis& axis, int targetCount)
{
    const model::AxisTicks ticks = model::niceAxisTicks(axis.min(), axis.max(), targetCount);
    if (ticks.values.size() < 2)
        return;
    axis.setTickType(QValueAxis::TicksFixed);
    axis.setRange(ticks.first, ticks.last);
    axis.setTickCount(static_cast<int>(ticks.values.size()));
    axis.setLabelFormat(labelFormat(ticks.decimals));
}

void setRangeWithNiceTicks(QValueAxis& axis, double low, double high, int targetCount)
{
    axis.setTickType(QValueAxis::TicksFixed);
    axis.setRange(low, high);
    const model::AxisTicks ticks = model::niceAxisTicks(axis.min(), axis.max(), targetCount);
    if (ticks.values.size() < 2)
        return;
    axis.setTickType(QValueAxis::TicksDynamic);
    axis.setTickAnchor(ticks.first);
    axis.setTickInterval(ticks.step);
    axis.setLabelFormat(labelFormat(ticks.decimals));
}

} // namespace orrery::widgets
