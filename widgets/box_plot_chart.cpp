#include "widgets/box_plot_chart.h"

#include "widgets/nice_axis.h"

#include "analysis/sample_summary.h"

#include <QBarCategoryAxis>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QLegend>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::widgets {

BoxPlotChart::BoxPlotChart(QWidget* parent)
    : ComparisonChart(parent)
{
    chart()->legend()->hide(); // the category axis names the arms
}

void BoxPlotChart::setSamples(std::vector<ArmSample> samples)
{
    m_samples = std::move(samples);
    rebuild();
}

void BoxPlotChart::setValueAxisTitle(const QString& title)
{
    m_valueTitle = title;
    if (m_valueAxis)
        m_valueAxis->setTitleText(title);
}

int BoxPlotChart::boxCount() const
{
    return m_series ? static_cast<int>(m_series->count()) : 0;
}

QBoxSet* BoxPlotChart::box(int index) const
{
    if (!m_series || index < 0 || index >= m_series->count())
        return nullptr;
    return m_series->boxSets().at(index);
}

void BoxPlotChart::rebuild()
{
    chart()->removeAllSeries();
    m_series = nullptr;
    // Category axes keep their categories: new ones each time, the old ones deleted.
    for (QAbstractAxis* axis : chart()->axes()) {
        chart()->removeAxis(axis);
        delete axis;
    }
    m_armAxis = new QBarCategoryAxis(chart());
    m_valueAxis = new QValueAxis(chart());
    m_valueAxis->setLabelFormat(QStringLiteral("%g"));
    m_valueAxis->setTitleText(m_valueTitle);
    chart()->addAxis(m_armAxis, Qt::AlignBottom);
    chart()->addAxis(m_valueAxis, Qt::AlignLeft);

    auto* series = new QBoxPlotSeries;
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const ArmSample& sample : m_samples) {
        std::vector<double> sorted = sample.values;
        std::erase_if(sorted, [](double value) { return std::isnan(value); });
        if (sorted.empty())
            continue;
        std::sort(sorted.begin(), sorted.end());
        auto* set = new QBoxSet(sample.arm);
        set->setValue(QBoxSet::LowerExtreme, sorted.front());
        set->setValue(QBoxSet::LowerQuartile, analysis::quantileOfSorted(sorted, 0.25));
        set->setValue(QBoxSet::Median, analysis::quantileOfSorted(sorted, 0.5));
        set->setValue(QBoxSet::UpperQuartile, analysis::quantileOfSorted(sorted, 0.75));
        set->setValue(QBoxSet::UpperExtreme, sorted.back());
        series->append(set); // the series owns it
        m_armAxis->append(sample.arm);
        low = std::min(low, sorted.front());
        high = std::max(high, sorted.back());
        if (sample.color.isValid()) {
            QColor fill = sample.color;
            fill.setAlphaF(0.55);
            set->setBrush(fill);
            QPen pen(sample.color.darker(140));
            pen.setWidthF(1.5);
            set->setPen(pen);
        }
    }
    if (series->count() == 0) {
        delete series;
        m_valueAxis->setRange(0.0, 1.0);
        return;
    }
    chart()->addSeries(series);
    series->attachAxis(m_armAxis);
    series->attachAxis(m_valueAxis);
    m_series = series;
    const double margin = high > low ? (high - low) * 0.05 : std::max(1.0, std::abs(low) * 0.05);
    m_valueAxis->setRange(low >= 0.0 ? std::max(0.0, low - margin) : low - margin, high + margin);
    applyNiceRange(*m_valueAxis);
}

} // namespace orrery::widgets
