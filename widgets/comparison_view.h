#pragma once
#include "experiment/experiment_report_data.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QSplitter;
class QTabWidget;
class QTableView;

namespace orrery::widgets {

class BoxPlotChart;
class CdfChart;
class GroupedBarChart;
class ComparisonTableModel;
class SweepChart;
class TimeSeriesChart;

//! The A/B comparison of one experiment (docs/architecture.md §8 "ComparisonView", issue 6): a metric and a
//! sweep-point selector over tabs with the arms' empirical CDFs, box plots, the metric against
//! the swept parameter, and time series of one run per arm; below them the metric table with
//! the ratio of medians to the baseline, its CI and the Mann–Whitney p-value.
//!
//! It shows plain data: ExperimentReportData (what `orrery report` shows too) and, for the time
//! series, points handed in by the application, which reads them from the project for the runs
//! timeSeriesRuns() names whenever timeSeriesRunsChanged() is emitted.
class ComparisonView : public QWidget {
    Q_OBJECT
public:
    enum Tab { CdfTab, BoxPlotTab, SweepTab, TimeSeriesTab, PerItemTab };

    //! One arm's line on the time-series tab.
    struct ArmSeries {
        QString arm;           //!< picks the colour
        QString label;         //!< the legend's text; empty: the arm's name
        QList<QPointF> points; //!< sorted by x
    };
    //! The run of an arm whose time series the time-series tab shows.
    struct ArmRun {
        QString arm;
        store::RunId run = 0;
    };

    explicit ComparisonView(QWidget* parent = nullptr);

    //! Shows `data`, keeping the selected metric and sweep point when they still exist.
    void setData(experiment::ExperimentReportData data);
    void clear();
    [[nodiscard]] const experiment::ExperimentReportData& data() const { return m_data; }

    [[nodiscard]] int currentMetric() const;
    [[nodiscard]] int currentSweepPoint() const;
    void setCurrentMetric(int index);
    void setCurrentSweepPoint(int index);

    //! The first run (first seed) of each arm at the selected sweep point, in arm order.
    [[nodiscard]] std::vector<ArmRun> timeSeriesRuns() const;
    //! Shows one line per arm on the time-series tab (colours by arm), replacing what was shown.
    void setTimeSeries(const QString& title, const QString& xTitle, const QString& yTitle,
                       const std::vector<ArmSeries>& series);
    //! Shows `text` in place of the time series (loading, or why there are none).
    void setTimeSeriesMessage(const QString& text);

    [[nodiscard]] CdfChart* cdfChart() const { return m_cdf; }
    [[nodiscard]] BoxPlotChart* boxPlotChart() const { return m_boxPlot; }
    [[nodiscard]] SweepChart* sweepChart() const { return m_sweep; }
    [[nodiscard]] TimeSeriesChart* timeSeriesChart() const { return m_timeSeries; }
    //! The per-item tab (metric families such as fn.*.latency.p99; experiment/metric_family.h).
    [[nodiscard]] GroupedBarChart* perItemChart() const { return m_perItem; }
    [[nodiscard]] QComboBox* familyBox() const { return m_familyBox; }
    [[nodiscard]] ComparisonTableModel* tableModel() const { return m_table; }
    [[nodiscard]] QTabWidget* tabs() const { return m_tabs; }

signals:
    //! The selected sweep point (or the data) changed: the time series shown no longer match.
    void timeSeriesRunsChanged();

private:
    void fillSelectors();
    void showSelection();
    void showFamily();
    [[nodiscard]] int armIndex(const std::string& arm) const;
    [[nodiscard]] QString metricAxisTitle(const experiment::MetricResults& metric) const;

    experiment::ExperimentReportData m_data;
    QLabel* m_title = nullptr;
    QLabel* m_details = nullptr;
    QComboBox* m_metricBox = nullptr;
    QLabel* m_sweepLabel = nullptr;
    QComboBox* m_sweepBox = nullptr;
    QSplitter* m_splitter = nullptr;
    QTabWidget* m_tabs = nullptr;
    CdfChart* m_cdf = nullptr;
    BoxPlotChart* m_boxPlot = nullptr;
    SweepChart* m_sweep = nullptr;
    TimeSeriesChart* m_timeSeries = nullptr;
    QLabel* m_timeSeriesMessage = nullptr;
    QComboBox* m_familyBox = nullptr;
    GroupedBarChart* m_perItem = nullptr;
    QTableView* m_tableView = nullptr;
    ComparisonTableModel* m_table = nullptr;
    bool m_filling = false; //!< selectors being refilled: ignore their signals
};

} // namespace orrery::widgets
