#pragma once
#include <QChartView>
#include <QColor>
#include <QList>
#include <QPointF>
#include <QString>

class QScatterSeries;
class QValueAxis;

namespace orrery::widgets {

//! A scatter chart (docs/architecture.md §8 "ChartView wrappers"): one set of points per group, e.g. one
//! point per run and one colour per experiment arm (SLO attainment against power).
class ScatterChart : public QChartView {
    Q_OBJECT
public:
    explicit ScatterChart(QWidget* parent = nullptr);

    void setChartTitle(const QString& title);
    void setAxisTitles(const QString& xTitle, const QString& yTitle);
    void clearGroups();
    //! Adds a group of points; an invalid `color` takes the theme's next one.
    QScatterSeries* addGroup(const QString& name, const QList<QPointF>& points, const QColor& color = {});
    [[nodiscard]] int groupCount() const;
    [[nodiscard]] QScatterSeries* group(int index) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateRanges();
    void applyPaletteTheme();

    QValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
    QList<QScatterSeries*> m_groups;
    QList<QColor> m_colors;
};

} // namespace orrery::widgets
