#pragma once
#include "widgets/time_band.h"

#include <QChartView>
#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <vector>

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace orrery::widgets {

//! A line chart of time series (docs/architecture.md §8 "ChartView wrappers"): Qt Charts' QChartView with
//! one value axis each way, a legend, and long series decimated for drawing.
//!
//! The chart keeps every series it is given and draws a copy reduced by min/max bucketing to
//! about two points per pixel column of the plot area (decimateMinMax), recomputed when the
//! plot area changes width, so a million-sample series costs what a thousand-sample one does
//! and its peaks stay visible. Axis ranges come from the full data.
//!
//! Time bands (setBands) shade stretches of the x axis across the whole plot height, behind the
//! lines: one translucent QAreaSeries per distinct label, on a hidden 0–1 y axis of its own so
//! the y axis of the data is untouched, with one legend entry per label and a tooltip naming the
//! label and the stretch under the cursor.
class TimeSeriesChart : public QChartView {
    Q_OBJECT
public:
    explicit TimeSeriesChart(QWidget* parent = nullptr);

    void setChartTitle(const QString& title);
    void setAxisTitles(const QString& xTitle, const QString& yTitle);
    //! Fixes the y axis to [min, max] with `ticks` grid lines (e.g. 0–100 % in steps of 25).
    //! By default it fits the data, from 0, with round tick values.
    void setFixedYRange(double min, double max, int ticks = 5);

    //! Removes every series and every band.
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

    //! Shades `bands` behind the lines, replacing those shown. Bands of one label take the colour
    //! of the first of them. The x axis widens to cover every band. Bands with end <= start or
    //! a NaN bound are dropped.
    void setBands(QList<TimeBand> bands);
    //! Removes every band; the chart then looks as if it never had any.
    void clearBands();
    //! The bands shown, in the order given.
    [[nodiscard]] const QList<TimeBand>& bands() const { return m_bands; }
    //! The bands' distinct labels, in order of first appearance: one legend entry each.
    [[nodiscard]] QStringList bandLabels() const;
    //! The area drawn for the bands of `label`; nullptr if no band has it.
    [[nodiscard]] QAreaSeries* bandSeries(const QString& label) const;
    //! The text of the tooltip shown over the band area of `label` at `x`; empty where no band
    //! of that label covers `x`.
    [[nodiscard]] QString bandToolTip(const QString& label, double x) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Entry {
        QList<QPointF> points;
        QLineSeries* line = nullptr;
        QColor color;
    };

    struct BandArea {
        QString label;
        QColor color;
        QAreaSeries* area = nullptr;
    };

    void redecimate();
    void updateRanges();
    void applyPaletteTheme();
    void removeBandAreas();

    std::vector<Entry> m_series;
    QList<TimeBand> m_bands;
    std::vector<BandArea> m_bandAreas; //!< one per distinct label, owned by the chart
    QValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
    QValueAxis* m_bandAxis = nullptr; //!< hidden 0–1 axis of the bands; only while there are bands
    bool m_fixedY = false;
    int m_buckets = 0; //!< buckets the drawn lines were last decimated to
};

} // namespace orrery::widgets
