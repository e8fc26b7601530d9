#include "widgets/comparison_chart.h"

#include <QChart>
#include <QEvent>
#include <QLegend>

namespace orrery::widgets {

ComparisonChart::ComparisonChart(QWidget* parent)
    // The view owns the chart given here (QChartView(parent) would leak a default one on setChart()).
    : QChartView(new QChart, parent)
{
    chart()->setAnimationOptions(QChart::NoAnimation);
    chart()->legend()->setAlignment(Qt::AlignBottom);
    chart()->setMargins(QMargins(4, 4, 4, 4));
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 180);
    applyPaletteTheme();
}

void ComparisonChart::setChartTitle(const QString& title)
{
    chart()->setTitle(title);
}

void ComparisonChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if ((event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        && applyPaletteTheme())
        rebuild();
}

bool ComparisonChart::applyPaletteTheme()
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QChart::ChartTheme theme = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    const bool changed = chart()->theme() != theme;
    if (changed)
        chart()->setTheme(theme);
    chart()->setBackgroundBrush(palette().brush(QPalette::Base));
    return changed;
}

} // namespace orrery::widgets
