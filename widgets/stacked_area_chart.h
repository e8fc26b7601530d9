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

//! A stacked area chart of step series (DESIGN.md §8 "ChartView wrappers"): one band per
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

    //! Removes every band.
    void clearBands();
    //! Adds a band on top of the others; `points` must be sorted by x. `toolTip` is shown while
    //! the pointer is over the band. An invalid `color` takes the theme's next one.
    void addBand(const QString& name, QList<QPointF> points, const QColor& color = {}, const QString& toolTip = {});

    [[nodiscard]] int bandCount() const { return static_cast<int>(m_bands.size()); }
    //! The drawn area of band `index` (its upper line is the running sum up to that band).
    [[nodiscard]] QAreaSeries* areaSeries(int index) const;
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
    };

    void restack();
    void applyPaletteTheme();

    std::vector<Band> m_bands;
    QValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
};

} // namespace orrery::widgets
