#pragma once
#include <QChartView>
#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>

#include <vector>

class QLineSeries;
class QValueAxis;

namespace orrery::widgets {

//! A line chart of time series (DESIGN.md §8 "ChartView wrappers"): Qt Charts' QChartView with
//! one value axis each way, a legend, and long series decimated for drawing.
//!
//! The chart keeps every series it is given and draws a copy reduced by min/max bucketing to
//! about two points per pixel column of the plot area (decimateMinMax), recomputed when the
//! plot area changes width, so a million-sample series costs what a thousand-sample one does
//! and its peaks stay visible. Axis ranges come from the full data.
class TimeSeriesChart : public QChartView {
    Q_OBJECT
public:
    explicit TimeSeriesChart(QWidget* parent = nullptr);

    void setChartTitle(const QString& title);
    void setAxisTitles(const QString& xTitle, const QString& yTitle);
    //! Fixes the y axis to [min, max] with `ticks` grid lines (e.g. 0–100 % in steps of 25).
    //! By default it fits the data, from 0, with round tick values.
    void setFixedYRange(double min, double max, int ticks = 5);

    //! Removes every series.
    void clearSeries();
    //! Adds a line; `points` must be sorted by x. An invalid `color` takes the theme's next one.
    QLineSeries* addSeries(const QString& name, QList<QPointF> points, const QColor& color = {});

    [[nodiscard]] int seriesCount() const { return static_cast<int>(m_series.size()); }
    //! The drawn (decimated) line of series `index`.
    [[nodiscard]] QLineSeries* lineSeries(int index) const;
    //! How many points series `index` was given.
    [[nodiscard]] qsizetype sourcePointCount(int index) const;
    //! Pixel columns of the plot area: each drawn line has at most twice as many points.
    [[nodiscard]] int decimationBuckets() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Entry {
        QList<QPointF> points;
        QLineSeries* line = nullptr;
        QColor color;
    };

    void redecimate();
    void updateRanges();
    void applyPaletteTheme();

    std::vector<Entry> m_series;
    QValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
    bool m_fixedY = false;
    int m_buckets = 0; //!< buckets the drawn lines were last decimated to
};

} // namespace orrery::widgets
