#pragma once
#include <QChartView>

namespace orrery::widgets {

//! Base of the comparison charts (CdfChart, BoxPlotChart, SweepChart): a QChartView that owns
//! its chart, draws without animation, and follows the widget palette (light or dark theme).
//! A theme change resets series colours, so subclasses rebuild their series from the data they
//! were last given in rebuild().
class ComparisonChart : public QChartView {
    Q_OBJECT
public:
    explicit ComparisonChart(QWidget* parent = nullptr);

    void setChartTitle(const QString& title);

protected:
    void changeEvent(QEvent* event) override;
    //! Re-creates the series from the data last given (and puts the arms' colours back).
    virtual void rebuild() = 0;

private:
    //! Applies the theme matching the palette; true when the theme changed.
    bool applyPaletteTheme();
};

} // namespace orrery::widgets
