#include "widgets/chart_export.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QImage>
#include <QMessageBox>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>

namespace orrery::widgets {

bool exportChartPng(const QChartView& view, const QString& path, double scale)
{
    const QSize size = view.size();
    if (size.isEmpty())
        return false;
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(view.palette().color(QPalette::Base));
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    const_cast<QChartView&>(view).render(&painter); // render() is not const; it only paints
    painter.end();
    return image.save(path, "PNG");
}

bool exportChartSvg(const QChartView& view, const QString& path)
{
    const QSize size = view.size();
    if (size.isEmpty())
        return false;
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(view.chart() ? view.chart()->title() : QString());
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    const_cast<QChartView&>(view).render(&painter);
    return painter.end();
}

void installChartExportMenu(QChartView& view)
{
    auto* action = new QAction(QChartView::tr("Export Chart…"), &view);
    action->setObjectName(QStringLiteral("exportChartAction"));
    view.addAction(action);
    view.setContextMenuPolicy(Qt::ActionsContextMenu);
    QObject::connect(action, &QAction::triggered, &view, [&view] {
        QString selected;
        QString suggested = view.chart() ? view.chart()->title() : QString();
        suggested.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9]+")), QStringLiteral("-"));
        const QString path = QFileDialog::getSaveFileName(&view, QChartView::tr("Export Chart"),
                                                          (suggested.isEmpty() ? QStringLiteral("chart") : suggested) + QStringLiteral(".png"),
                                                          QChartView::tr("PNG image (*.png);;SVG image (*.svg)"), &selected);
        if (path.isEmpty())
            return;
        const bool svg = path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
        if (!(svg ? exportChartSvg(view, path) : exportChartPng(view, path)))
            QMessageBox::warning(&view, QChartView::tr("Export Chart"), QChartView::tr("%1 could not be written.").arg(path));
    });
}

} // namespace orrery::widgets
