#pragma once
#include <QImage>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <vector>

namespace orrery::widgets {

//! A heat map of a fleet over time (issue 17 "instances per GPU"): one row per device, one
//! column per sample time, each cell coloured by a count (e.g. the replicas a GPU holds), 0
//! left blank. The cells are painted as one image (a pixel per cell) scaled into the plot area,
//! so 1,000 devices × 1,000 samples draw as fast as a handful; more than maxColumns() sample
//! times are merged into buckets keeping each bucket's largest count. A tooltip names the
//! device, the time and what toolTipText() says of that cell.
class FleetHeatMap : public QWidget {
    Q_OBJECT
public:
    explicit FleetHeatMap(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    [[nodiscard]] QString title() const { return m_title; }
    //! Per row its step series (value holds from one sample to the next, x ascending); the
    //! columns are the union of the sample times.
    void setRows(const QStringList& names, const std::vector<QList<QPointF>>& series);
    void clear();
    //! Text added to a cell's tooltip, given its row and the column's time (s).
    void setCellText(std::function<QString(int row, double time)> text) { m_cellText = std::move(text); }

    [[nodiscard]] int rowCount() const { return static_cast<int>(m_names.size()); }
    [[nodiscard]] int columnCount() const { return static_cast<int>(m_times.size()); }
    [[nodiscard]] double columnTime(int column) const { return m_times.at(static_cast<std::size_t>(column)); }
    [[nodiscard]] double cellValue(int row, int column) const;
    [[nodiscard]] double maxValue() const { return m_max; }
    [[nodiscard]] static int maxColumns() { return 2000; }
    //! The colour of a cell holding `value` (transparent for 0).
    [[nodiscard]] QColor colorOf(double value) const;
    //! The (row, column) under widget point `pos`, or (-1, -1).
    [[nodiscard]] std::pair<int, int> cellAt(QPoint pos) const;
    //! The tooltip of a cell (device, time, count and the cell text).
    [[nodiscard]] QString cellToolTip(int row, int column) const;

    [[nodiscard]] QSize sizeHint() const override { return {600, 260}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    [[nodiscard]] QRect plotRect() const;
    void rebuildImage();

    QString m_title;
    QStringList m_names;
    std::vector<double> m_times;  //!< column start times
    std::vector<float> m_values;  //!< rows × columns, row-major
    double m_max = 0;
    QImage m_image;               //!< one pixel per cell
    std::function<QString(int, double)> m_cellText;
};

//! Writes what `widget` shows as a PNG at `scale` × its size.
bool exportWidgetPng(QWidget& widget, const QString& path, double scale = 2.0);
//! Writes what `widget` shows as an SVG image titled `title`.
bool exportWidgetSvg(QWidget& widget, const QString& path, const QString& title = {});
//! Gives `map` a context menu "Export Chart…" (a .png or .svg file), as value charts have.
void installHeatMapExportMenu(FleetHeatMap& map);

} // namespace orrery::widgets
