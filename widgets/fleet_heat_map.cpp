#include "widgets/fleet_heat_map.h"

#include <QAction>
#include <QEvent>
#include <QFileDialog>
#include <QHelpEvent>
#include <QMessageBox>
#include <QPainter>
#include <QRegularExpression>
#include <QSvgGenerator>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>

namespace orrery::widgets {
namespace {

constexpr int kMargin = 6;
constexpr int kLegendWidth = 150;

//! Round tick step of about `span / count`.
double niceStep(double span, int count)
{
    if (span <= 0)
        return 1;
    const double raw = span / count;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
        if (raw <= factor * magnitude)
            return factor * magnitude;
    }
    return 10 * magnitude;
}

} // namespace

FleetHeatMap::FleetHeatMap(QWidget* parent)
    : QWidget(parent)
{
    setMinimumHeight(180);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void FleetHeatMap::setTitle(const QString& title)
{
    m_title = title;
    update();
}

void FleetHeatMap::clear() { setRows({}, {}); }

void FleetHeatMap::setRows(const QStringList& names, const std::vector<QList<QPointF>>& series)
{
    m_names = names;
    m_times.clear();
    m_values.clear();
    m_max = 0;
    std::vector<double> times;
    for (const QList<QPointF>& row : series) {
        for (const QPointF& point : row)
            times.push_back(point.x());
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    if (times.size() > static_cast<std::size_t>(maxColumns())) {
        // Equal buckets of time; a bucket keeps the largest count any of its samples held.
        const double first = times.front(), step = (times.back() - first) / maxColumns();
        times.resize(static_cast<std::size_t>(maxColumns()));
        for (int c = 0; c < maxColumns(); ++c)
            times[static_cast<std::size_t>(c)] = first + c * step;
    }
    m_times = std::move(times);
    const std::size_t columns = m_times.size();
    const auto rows = static_cast<std::size_t>(std::min<qsizetype>(names.size(), static_cast<qsizetype>(series.size())));
    m_names = names.mid(0, static_cast<qsizetype>(rows));
    m_values.assign(rows * columns, 0.0F);
    for (std::size_t r = 0; r < rows; ++r) {
        const QList<QPointF>& row = series[r];
        qsizetype next = 0;
        double held = 0;
        for (std::size_t c = 0; c < columns; ++c) {
            // The value held at the column's start, then the largest of the samples within it.
            while (next < row.size() && row[next].x() <= m_times[c])
                held = row[next++].y();
            double value = held;
            const double end = c + 1 < columns ? m_times[c + 1] : m_times[c];
            while (next < row.size() && row[next].x() < end) {
                held = row[next++].y();
                value = std::max(value, held);
            }
            m_values[r * columns + c] = static_cast<float>(value);
            m_max = std::max(m_max, value);
        }
    }
    rebuildImage();
    update();
}

double FleetHeatMap::cellValue(int row, int column) const
{
    return m_values.at(static_cast<std::size_t>(row) * m_times.size() + static_cast<std::size_t>(column));
}

QColor FleetHeatMap::colorOf(double value) const
{
    if (value <= 0)
        return Qt::transparent;
    // A sequential scale (light yellow-green to dark blue, after viridis), 1 to the largest count.
    static constexpr std::array<std::array<int, 3>, 5> kStops{{{253, 231, 37}, {94, 201, 98}, {33, 145, 140}, {59, 82, 139}, {68, 1, 84}}};
    const double share = m_max <= 1 ? 0.0 : std::clamp((value - 1) / (m_max - 1), 0.0, 1.0);
    const double at = share * (kStops.size() - 1);
    const auto low = static_cast<std::size_t>(std::floor(at));
    const std::size_t high = std::min(low + 1, kStops.size() - 1);
    const double f = at - static_cast<double>(low);
    const auto mix = [&](int k) { return static_cast<int>(std::lround(kStops[low][k] + f * (kStops[high][k] - kStops[low][k]))); };
    return QColor(mix(0), mix(1), mix(2));
}

void FleetHeatMap::rebuildImage()
{
    const int columns = columnCount(), rows = rowCount();
    if (rows == 0 || columns == 0) {
        m_image = QImage();
        return;
    }
    m_image = QImage(columns, rows, QImage::Format_ARGB32_Premultiplied);
    m_image.fill(Qt::transparent);
    // Counts are small integers: one colour lookup per distinct value.
    std::vector<QRgb> palette(static_cast<std::size_t>(std::max(0.0, std::ceil(m_max))) + 1, 0);
    for (std::size_t v = 1; v < palette.size(); ++v)
        palette[v] = colorOf(static_cast<double>(v)).rgba();
    for (int r = 0; r < rows; ++r) {
        auto* line = reinterpret_cast<QRgb*>(m_image.scanLine(r));
        const float* values = m_values.data() + static_cast<std::size_t>(r) * static_cast<std::size_t>(columns);
        for (int c = 0; c < columns; ++c) {
            const float value = values[c];
            if (value <= 0)
                continue;
            const double rounded = std::round(value);
            line[c] = rounded == value ? palette[static_cast<std::size_t>(rounded)] : colorOf(value).rgba();
        }
    }
}

QRect FleetHeatMap::plotRect() const
{
    const QFontMetrics metrics(font());
    int labelWidth = 0;
    for (const QString& name : m_names)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(name));
    labelWidth = std::min(labelWidth, width() / 4);
    const int top = kMargin + metrics.height() + kMargin;
    const int bottom = height() - kMargin - 2 * metrics.height() - kMargin;
    const int left = kMargin + labelWidth + kMargin;
    const int right = width() - kMargin;
    return QRect(QPoint(left, top), QPoint(right, std::max(top + 1, bottom)));
}

std::pair<int, int> FleetHeatMap::cellAt(QPoint pos) const
{
    const QRect plot = plotRect();
    if (!plot.contains(pos) || rowCount() == 0 || columnCount() == 0)
        return {-1, -1};
    const int row = std::min(rowCount() - 1, (pos.y() - plot.top()) * rowCount() / plot.height());
    const int column = std::min(columnCount() - 1, (pos.x() - plot.left()) * columnCount() / plot.width());
    return {row, column};
}

QString FleetHeatMap::cellToolTip(int row, int column) const
{
    if (row < 0 || row >= rowCount() || column < 0 || column >= columnCount())
        return {};
    const double time = columnTime(column);
    QString text = tr("%1 at %2 s: %n replica(s)", nullptr, static_cast<int>(std::lround(cellValue(row, column))))
                       .arg(m_names[row])
                       .arg(time, 0, 'f', 1);
    if (m_cellText) {
        const QString extra = m_cellText(row, time);
        if (!extra.isEmpty())
            text += QLatin1Char('\n') + extra;
    }
    return text;
}

bool FleetHeatMap::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const auto [row, column] = cellAt(help->pos());
        if (row < 0)
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), cellToolTip(row, column), this);
        return true;
    }
    return QWidget::event(event);
}

void FleetHeatMap::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}

void FleetHeatMap::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const QPalette& pal = palette();
    painter.fillRect(rect(), pal.color(QPalette::Base));
    painter.setPen(pal.color(QPalette::Text));
    const QFontMetrics metrics(font());
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.drawText(QRect(kMargin, kMargin, width() - 2 * kMargin - kLegendWidth, metrics.height()), Qt::AlignLeft | Qt::AlignVCenter, m_title);
    painter.setFont(font());
    const QRect plot = plotRect();
    if (m_image.isNull()) {
        painter.drawText(plot, Qt::AlignCenter, tr("No replica series"));
        return;
    }
    // Legend: the colours of 1 … the largest count.
    {
        const int count = static_cast<int>(std::ceil(m_max));
        const QRect legend(width() - kMargin - kLegendWidth, kMargin, kLegendWidth, metrics.height());
        const int swatches = std::min(count, 8);
        const int labelWidth = metrics.horizontalAdvance(tr("replicas")) + kMargin;
        const int swatch = swatches > 0 ? std::max(6, (legend.width() - labelWidth) / swatches) : 0;
        painter.drawText(QRect(legend.left(), legend.top(), labelWidth, legend.height()), Qt::AlignLeft | Qt::AlignVCenter, tr("replicas"));
        for (int i = 0; i < swatches; ++i) {
            const double value = swatches == count ? i + 1 : 1 + (m_max - 1) * i / std::max(1, swatches - 1);
            const QRect box(legend.left() + labelWidth + i * swatch, legend.top(), swatch, legend.height());
            painter.fillRect(box, colorOf(value));
            painter.setPen(value > m_max / 2 && m_max > 1 ? QColor(Qt::white) : QColor(Qt::black));
            painter.drawText(box, Qt::AlignCenter, QString::number(std::lround(value)));
        }
        painter.setPen(pal.color(QPalette::Text));
    }
    // Cells: the image, one pixel per cell, scaled into the plot area.
    painter.drawImage(plot, m_image);
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawRect(plot.adjusted(0, 0, -1, -1));
    painter.setPen(pal.color(QPalette::Text));
    // Row labels where they fit (every k-th row otherwise).
    const double rowHeight = static_cast<double>(plot.height()) / rowCount();
    const int every = std::max(1, static_cast<int>(std::ceil(metrics.height() / rowHeight)));
    for (int r = 0; r < rowCount(); r += every) {
        const int y = plot.top() + static_cast<int>(r * rowHeight);
        painter.drawText(QRect(kMargin, y, plot.left() - 2 * kMargin, std::max(metrics.height(), static_cast<int>(rowHeight))),
                         Qt::AlignRight | Qt::AlignTop, metrics.elidedText(m_names[r], Qt::ElideMiddle, plot.left() - 2 * kMargin));
    }
    // Time axis: round ticks over [first column, last column].
    const double from = m_times.front();
    const double to = m_times.size() > 1 ? m_times.back() + (m_times.back() - m_times[m_times.size() - 2]) : from + 1;
    const double step = niceStep(to - from, std::max(2, plot.width() / 90));
    for (double tick = std::ceil(from / step) * step; tick <= to + 1e-9; tick += step) {
        const int x = plot.left() + static_cast<int>((tick - from) / (to - from) * plot.width());
        painter.drawLine(x, plot.bottom(), x, plot.bottom() + 4);
        painter.drawText(QRect(x - 40, plot.bottom() + 4, 80, metrics.height()), Qt::AlignHCenter | Qt::AlignTop, QString::number(tick));
    }
    painter.drawText(QRect(plot.left(), plot.bottom() + 4 + metrics.height(), plot.width(), metrics.height()), Qt::AlignCenter,
                     tr("Simulated time (s)"));
}

bool exportWidgetPng(QWidget& widget, const QString& path, double scale)
{
    const QSize size = widget.size();
    if (size.isEmpty())
        return false;
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(widget.palette().color(QPalette::Base));
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    widget.render(&painter);
    painter.end();
    return image.save(path, "PNG");
}

bool exportWidgetSvg(QWidget& widget, const QString& path, const QString& title)
{
    const QSize size = widget.size();
    if (size.isEmpty())
        return false;
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(title);
    QPainter painter;
    if (!painter.begin(&generator))
        return false;
    widget.render(&painter);
    return painter.end();
}

void installHeatMapExportMenu(FleetHeatMap& map)
{
    auto* action = new QAction(FleetHeatMap::tr("Export Chart…"), &map);
    action->setObjectName(QStringLiteral("exportChartAction"));
    map.addAction(action);
    map.setContextMenuPolicy(Qt::ActionsContextMenu);
    QObject::connect(action, &QAction::triggered, &map, [&map] {
        QString suggested = map.title();
        suggested.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9]+")), QStringLiteral("-"));
        const QString path = QFileDialog::getSaveFileName(&map, FleetHeatMap::tr("Export Chart"),
                                                          (suggested.isEmpty() ? QStringLiteral("heat-map") : suggested) + QStringLiteral(".png"),
                                                          FleetHeatMap::tr("PNG image (*.png);;SVG image (*.svg)"));
        if (path.isEmpty())
            return;
        const bool svg = path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive);
        if (!(svg ? exportWidgetSvg(map, path, map.title()) : exportWidgetPng(map, path)))
            QMessageBox::warning(&map, FleetHeatMap::tr("Export Chart"), FleetHeatMap::tr("%1 could not be written.").arg(path));
    });
}

} // namespace orrery::widgets
