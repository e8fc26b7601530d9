#include "widgets/value_chart_setup.h"

#include "widgets/chart_export.h"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QValueAxis>

namespace orrery::widgets {

ValueAxes setUpValueChart(QChartView& view)
{
    QChart* chart = view.chart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    ValueAxes axes{new QValueAxis(chart), new QValueAxis(chart)};
    axes.x->setLabelFormat(QStringLiteral("%g"));
    axes.y->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(axes.x, Qt::AlignBottom);
    chart->addAxis(axes.y, Qt::AlignLeft);
    view.setRenderHint(QPainter::Antialiasing);
    view.setMinimumSize(240, 180);
    installChartExportMenu(view);
    return axes;
}

void applyChartPalette(QChartView& view)
{
    const bool dark = view.palette().color(QPalette::Window).lightness() < 128;
    const QChart::ChartTheme theme = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (view.chart()->theme() != theme)
        view.chart()->setTheme(theme);
    view.chart()->setBackgroundBrush(view.palette().brush(QPalette::Base));
}

} // namespace orrery::widgets
