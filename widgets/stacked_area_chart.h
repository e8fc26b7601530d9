#pragma once
#include <QChartView>
#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>

#include <vector>

class QAreaSeries;
class QValueAxis;

namespace orrery::widgets {

//! A stacked area chart of step series (docs/architecture.md §8 "ChartView wrappers"): one band per
//! series, each drawn on top of the ones before it, e.g. the CPU limits of the containers of
//! one worker over time.
//!
//! A band's value holds from one sample to the next (a step function), is 0 before its first
//! sample and after its last one (the container did not exist then). The bands are stacked on
//! the union of all sample times, so the top edge is the sum of the values at every instant.
class StackedAreaChart : public QChartView {
    Q_OBJECT
public:
    explicit StackedAreaChart(QWidget* parent = nullptr);

    void setChartTitle(const QString& title);
    void setAxisTitles(const QString& xTitle, const QString& yTitle);

    //! A stretch [from, to) of a band drawn in another colour, e.g. while a container was in
    //! one class of its policy (FlowCon's NL/WL/CL).
    struct ColourSpan {
        double from = 0;
        double to = 0;
        QColor color;
        QString toolTip; //!< shown while the pointer is over the span; empty: the band's
    };

    //! Removes every band.
    void clearBands();
    //! Adds a band on top of the others; `points` must be sorted by x. `toolTip` is shown while
    //! the pointer is over the band. An invalid `color` takes the theme's next one. `spans`
    //! recolour parts of the band; they are drawn over it and have no legend entry.
    void addBand(const QString& name, QList<QPointF> points, const QColor& color = {}, const QString& toolTip = {},
                 QList<ColourSpan> spans = {});
    //! Shows or hides the chart's own legend (one entry per band).
    void setLegendVisible(bool visible);

    [[nodiscard]] int bandCount() const { return static_cast<int>(m_bands.size()); }
    //! The drawn area of band `index` (its upper line is the running sum up to that band).
    [[nodiscard]] QAreaSeries* areaSeries(int index) const;
    [[nodiscard]] int spanCount(int band) const;
    //! The drawn area of span `span` of band `band`: the band's area clipped to [from, to).
    [[nodiscard]] QAreaSeries* spanSeries(int band, int span) const;
    //! The stacked total (top edge) at time `x`.
    [[nodiscard]] double totalAt(double x) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Band {
        QList<QPointF> points;
        QColor color;
        QString toolTip;
        QAreaSeries* area = nullptr;
        QList<ColourSpan> spans;
        std::vector<QAreaSeries*> spanAreas; //!< one per span, same order
    };

    QAreaSeries* addArea(const QString& name, const QString& toolTip);

    void restack();
    void applyPaletteTheme();

    std::vector<Band> m_bands;
    QValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
};

} // namespace orrery::widgets
