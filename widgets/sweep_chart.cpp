#include "widgets/sweep_chart.h"

#include "widgets/nice_axis.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::widgets {

SweepChart::SweepChart(QWidget* parent)
    : ComparisonChart(parent)
{
}

void SweepChart::setLines(QStringList sweepValues, std::vector<ArmLine> lines)
{
    m_sweepValues = std::move(sweepValues);
    m_lines = std::move(lines);
    rebuild();
}

void SweepChart::setAxisTitles(const QString& xTitle, const QString& yTitle)
{
    m_xTitle = xTitle;
    m_yTitle = yTitle;
    rebuild();
}

int SweepChart::seriesCount() const
{
    return static_cast<int>(chart()->series().size());
}

QLineSeries* SweepChart::lineSeries(int index) const
{
    const auto series = chart()->series();
    return index >= 0 && index < series.size() ? qobject_cast<QLineSeries*>(series[index]) : nullptr;
}

void SweepChart::rebuild()
{
    chart()->removeAllSeries();
    for (QAbstractAxis* axis : chart()->axes()) {
        chart()->removeAxis(axis);
        delete axis;
    }

    std::vector<double> xs;
    m_numeric = !m_sweepValues.isEmpty();
    for (const QString& value : m_sweepValues) {
        bool ok = false;
        xs.push_back(value.trimmed().toDouble(&ok));
        m_numeric = m_numeric && ok;
    }
    if (!m_numeric) {
        for (std::size_t i = 0; i < xs.size(); ++i)
            xs[i] = static_cast<double>(i);
    }

    // Labels exactly at the sweep values (as written), with grid lines through them.
    const double xLow = xs.empty() ? 0.0 : *std::min_element(xs.begin(), xs.end());
    const double xHigh = xs.empty() ? 1.0 : *std::max_element(xs.begin(), xs.end());
    const double xMargin = xHigh > xLow ? (xHigh - xLow) * 0.06 : 1.0;
    auto* xAxis = new QCategoryAxis(chart());
    xAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    xAxis->setStartValue(xLow - xMargin);
    // Categories go in increasing order of position, each label once.
    std::vector<std::pair<double, QString>> ticks;
    for (qsizetype i = 0; i < m_sweepValues.size(); ++i)
        ticks.emplace_back(xs[static_cast<std::size_t>(i)], m_sweepValues[i]);
    std::sort(ticks.begin(), ticks.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [x, label] : ticks) {
        if (!xAxis->categoriesLabels().contains(label)
            && (xAxis->count() == 0 || x > xAxis->endValue(xAxis->categoriesLabels().last())))
            xAxis->append(label, x);
    }
    xAxis->setRange(xLow - xMargin, xHigh + xMargin);
    xAxis->setTitleText(m_xTitle);
    auto* yAxis = new QValueAxis(chart());
    yAxis->setLabelFormat(QStringLiteral("%g"));
    yAxis->setTitleText(m_yTitle);
    chart()->addAxis(xAxis, Qt::AlignBottom);
    chart()->addAxis(yAxis, Qt::AlignLeft);

    double yLow = std::numeric_limits<double>::infinity();
    double yHigh = -yLow;
    // Earlier arms wider, with larger markers, so coinciding arms stay visible (as on the CDF).
    double width = 1.5 + 1.5 * std::max(0.0, static_cast<double>(m_lines.size()) - 1.0);
    for (const ArmLine& arm : m_lines) {
        const double penWidth = width;
        width = std::max(1.5, width - 1.5);
        auto* line = new QLineSeries;
        line->setName(arm.arm);
        for (std::size_t i = 0; i < arm.values.size() && i < xs.size(); ++i) {
            if (!std::isfinite(arm.values[i]))
                continue;
            line->append(xs[i], arm.values[i]);
            yLow = std::min(yLow, arm.values[i]);
            yHigh = std::max(yHigh, arm.values[i]);
        }
        chart()->addSeries(line); // the chart owns it
        line->attachAxis(xAxis);
        line->attachAxis(yAxis);
        QPen pen = line->pen();
        pen.setWidthF(penWidth);
        if (arm.color.isValid())
            pen.setColor(arm.color);
        line->setPen(pen);
        line->setPointsVisible(true);
        line->setMarkerSize(6.0 + 2.0 * penWidth);
    }
    if (!std::isfinite(yLow)) {
        yLow = 0.0;
        yHigh = 1.0;
    }
    const double yMargin = yHigh > yLow ? (yHigh - yLow) * 0.08 : std::max(1.0, std::abs(yLow) * 0.05);
    yAxis->setRange(yLow >= 0.0 ? std::max(0.0, yLow - yMargin) : yLow - yMargin, yHigh + yMargin);
    applyNiceRange(*yAxis); // the x axis is categorical: one tick per sweep value
}

} // namespace orrery::widgets
