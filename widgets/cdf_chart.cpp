#include "widgets/cdf_chart.h"

#include "widgets/nice_axis.h"

#include <QChart>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::widgets {

CdfChart::CdfChart(QWidget* parent)
    : ComparisonChart(parent)
{
    m_xAxis = new QValueAxis(chart());
    m_yAxis = new QValueAxis(chart());
    m_xAxis->setLabelFormat(QStringLiteral("%g"));
    m_yAxis->setLabelFormat(QStringLiteral("%g"));
    m_yAxis->setRange(0.0, 1.0);
    m_yAxis->setTickCount(6);
    m_yAxis->setTitleText(tr("fraction of runs ≤ x"));
    chart()->addAxis(m_xAxis, Qt::AlignBottom);
    chart()->addAxis(m_yAxis, Qt::AlignLeft);
}

void CdfChart::setValueAxisTitle(const QString& title)
{
    m_xAxis->setTitleText(title);
}

QList<QPointF> CdfChart::empiricalCdf(std::vector<double> values)
{
    std::erase_if(values, [](double value) { return std::isnan(value); });
    std::sort(values.begin(), values.end());
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(2 * values.size()));
    const auto n = static_cast<double>(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        points.append(QPointF(values[i], static_cast<double>(i) / n));
        points.append(QPointF(values[i], static_cast<double>(i + 1) / n));
    }
    return points;
}

void CdfChart::setSamples(std::vector<ArmSample> samples)
{
    m_samples = std::move(samples);
    rebuild();
}

int CdfChart::seriesCount() const
{
    return static_cast<int>(chart()->series().size());
}

QLineSeries* CdfChart::lineSeries(int index) const
{
    const auto series = chart()->series();
    return index >= 0 && index < series.size() ? qobject_cast<QLineSeries*>(series[index]) : nullptr;
}

void CdfChart::rebuild()
{
    chart()->removeAllSeries(); // deletes them
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    // Earlier arms are drawn wider, so an arm whose line coincides with another's (the same
    // values: common random numbers often give that) still shows as a border around it.
    const auto arms = static_cast<double>(m_samples.size());
    double width = 1.5 + 1.5 * std::max(0.0, arms - 1.0);
    for (const ArmSample& sample : m_samples) {
        const double penWidth = width;
        width = std::max(1.5, width - 1.5);
        const QList<QPointF> points = empiricalCdf(sample.values);
        if (points.isEmpty())
            continue;
        low = std::min(low, points.front().x());
        high = std::max(high, points.back().x());
        auto* line = new QLineSeries;
        line->setName(sample.arm);
        chart()->addSeries(line); // the chart owns it
        line->attachAxis(m_xAxis);
        line->attachAxis(m_yAxis);
        QPen pen = line->pen();
        pen.setWidthF(penWidth);
        if (sample.color.isValid())
            pen.setColor(sample.color);
        line->setPen(pen);
        line->replace(points);
    }
    if (!std::isfinite(low)) {
        low = 0.0;
        high = 1.0;
    }
    const double margin = high > low ? (high - low) * 0.03 : std::max(1.0, std::abs(low) * 0.05);
    m_xAxis->setRange(low - margin, high + margin);
    applyNiceRange(*m_xAxis);
}

} // namespace orrery::widgets
