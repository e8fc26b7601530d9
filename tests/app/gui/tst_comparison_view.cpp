// ComparisonView on hand-made experiment data (2 arms, 2 metrics, 2 sweep points, known values):
// what a user sees in the CDF, box plot, sweep plot and metric table, and that the selectors
// switch them.
#include "widgets/box_plot_chart.h"
#include "widgets/cdf_chart.h"
#include "widgets/comparison_table_model.h"
#include "widgets/comparison_view.h"
#include "widgets/grouped_bar_chart.h"
#include "widgets/sweep_chart.h"
#include "widgets/time_series_chart.h"

#include <QAbstractItemModelTester>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxSet>
#include <QComboBox>
#include <QLineSeries>
#include <QLocale>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <cmath>

using namespace orrery;

namespace {

constexpr double kNaN = store::ExperimentResultRow::kNaN;

experiment::ArmValues arm(const char* name, std::vector<double> values, store::RunId firstRun)
{
    experiment::ArmValues out{name, std::move(values), {}};
    for (std::size_t i = 0; i < out.values.size(); ++i)
        out.runs.push_back(firstRun + static_cast<store::RunId>(i));
    return out;
}

store::ExperimentResultRow row(const char* metric, const char* armName, std::int64_t runs, double mean, double median,
                               double p99)
{
    store::ExperimentResultRow r;
    r.metric = metric;
    r.arm = armName;
    r.baselineArm = "first-fit";
    r.runs = runs;
    r.mean = mean;
    r.p50 = median;
    r.p99 = p99;
    return r;
}

//! first-fit (baseline) and random over jobs ∈ {20, 40}; metrics job.wait.mean and jobs.completed.
experiment::ExperimentReportData sampleData()
{
    experiment::ExperimentReportData data;
    data.record.id = 7;
    data.record.name = "tiny-ab";
    data.record.baselineArm = "first-fit";
    data.record.treatmentArm = "random";
    data.record.sweepParameter = "jobs";
    data.record.scenarioFile = "tiny.yaml";
    data.record.cellCount = 18;
    data.arms = {"first-fit", "random"};

    experiment::MetricResults wait{"job.wait.mean", "s", {}};
    experiment::MetricPoint p20{0, "20", {arm("first-fit", {5, 1, 4, 2, 3}, 100), arm("random", {8, 2, 6, 4}, 200)}, {}};
    p20.results.push_back(row("job.wait.mean", "first-fit", 5, 3.0, 3.0, 4.96));
    auto random20 = row("job.wait.mean", "random", 4, 5.0, 5.0, 7.94);
    random20.medianRatio = 5.0 / 3.0;
    random20.medianRatioLow = 1.2;
    random20.medianRatioHigh = 2.5;
    random20.pValue = 0.0317;
    random20.speedup = 0.6;
    p20.results.push_back(random20);
    experiment::MetricPoint p40{1, "40", {arm("first-fit", {2, 4}, 300), arm("random", {3, 5}, 400)}, {}};
    wait.points = {p20, p40};

    experiment::MetricResults completed{"jobs.completed", "jobs", {}};
    experiment::MetricPoint c20{0, "20", {arm("first-fit", {10, 11, 12}, 100), arm("random", {20, 21}, 200)}, {}};
    c20.results.push_back(row("jobs.completed", "first-fit", 3, 11.0, 11.0, 11.98));
    c20.results.push_back(row("jobs.completed", "random", 2, 20.5, 20.5, 20.99)); // ratio NaN: "—"
    experiment::MetricPoint c40{1, "40", {arm("first-fit", {30}, 300), arm("random", {31}, 400)}, {}};
    completed.points = {c20, c40};

    data.metrics = {wait, completed};
    return data;
}

QString cell(const QAbstractItemModel* model, int row, int column)
{
    return model->data(model->index(row, column)).toString();
}

} // namespace

class TestComparisonView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void cdfHasOneStepLinePerArmEndingAtOne();
    void boxPlotShowsQuartiles();
    void tableShowsStoredComparison();
    void switchingMetricAndSweepPointUpdatesCharts();
    void sweepPlotPlacesMeansAtSweepValues();
    void sweepPlotTakesStoredMeansWithoutPerRunValues();
    void timeSeriesRunsAreEachArmsFirstSeed();
    void emptyDataShowsNothing();
    void perItemTabGroupsMetricFamilies();
};

//! fn.<function>.latency.p99 for three functions: the per-item tab shows one bar per (arm,
//! function) at the arms' means; the sample data (no such family) leaves the tab disabled.
void TestComparisonView::perItemTabGroupsMetricFamilies()
{
    widgets::ComparisonView view;
    view.setData(sampleData());
    QVERIFY(!view.tabs()->isTabEnabled(widgets::ComparisonView::PerItemTab));

    experiment::ExperimentReportData data;
    data.record.name = "functions";
    data.arms = {"s-rl", "simppo"};
    const std::vector<std::pair<const char*, std::pair<std::vector<double>, std::vector<double>>>> functions = {
        {"fn.primes.latency.p99", {{2000, 2200}, {1500, 1700}}},
        {"fn.base64.latency.p99", {{900, 1100}, {800, 800}}},
        {"fn.uploader.latency.p99", {{300, 500}, {60000, 60000}}}};
    for (const auto& [name, values] : functions) {
        experiment::MetricResults metric{name, "ms", {}};
        metric.points.push_back({0, "", {arm("s-rl", values.first, 10), arm("simppo", values.second, 20)}, {}});
        data.metrics.push_back(metric);
    }
    data.metrics.push_back({"fn.slo_violation_rate", "ratio", {{0, "", {arm("s-rl", {0.1}, 10), arm("simppo", {0.2}, 20)}, {}}}});
    view.setData(data);
    QVERIFY(view.tabs()->isTabEnabled(widgets::ComparisonView::PerItemTab));
    QCOMPARE(view.familyBox()->count(), 1);
    QCOMPARE(view.familyBox()->currentText(), QStringLiteral("fn.*.latency.p99"));
    QBarSeries* series = view.perItemChart()->series();
    QVERIFY(series);
    QCOMPARE(series->count(), 2);                        // one set per arm
    QCOMPARE(series->barSets().at(0)->label(), QStringLiteral("s-rl"));
    QCOMPARE(series->barSets().at(0)->count(), 3);       // one bar per function
    QCOMPARE(series->barSets().at(0)->at(0), 2100.0);    // mean of primes under s-rl
    QCOMPARE(series->barSets().at(1)->at(2), 60000.0);
    QVERIFY(view.perItemChart()->logarithmic());         // 400 ms to 60 s: more than two decades
}

void TestComparisonView::cdfHasOneStepLinePerArmEndingAtOne()
{
    widgets::ComparisonView view;
    view.setData(sampleData());
    widgets::CdfChart* cdf = view.cdfChart();
    QCOMPARE(cdf->seriesCount(), 2);
    QCOMPARE(cdf->lineSeries(0)->name(), QStringLiteral("first-fit"));
    QCOMPARE(cdf->lineSeries(1)->name(), QStringLiteral("random"));
    QCOMPARE(cdf->lineSeries(0)->count(), 10); // 2 points per value
    QCOMPARE(cdf->lineSeries(1)->count(), 8);
    for (int i = 0; i < 2; ++i) {
        const QList<QPointF> points = cdf->lineSeries(i)->points();
        QCOMPARE(points.front().y(), 0.0);
        QCOMPARE(points.back().y(), 1.0);
        for (qsizetype k = 1; k < points.size(); ++k) {
            QVERIFY(points[k].x() >= points[k - 1].x()); // sorted
            QVERIFY(points[k].y() >= points[k - 1].y()); // non-decreasing
        }
    }
    QCOMPARE(cdf->lineSeries(0)->points().back().x(), 5.0);
    QCOMPARE(cdf->lineSeries(1)->points()[1], QPointF(2.0, 0.25)); // the smallest of 4 values
    QCOMPARE(cdf->lineSeries(0)->color(), view.cdfChart()->lineSeries(0)->pen().color());
    QVERIFY(cdf->lineSeries(0)->pen().color() != cdf->lineSeries(1)->pen().color());

    QCOMPARE(widgets::CdfChart::empiricalCdf({kNaN, 3.0, 1.0}),
             (QList<QPointF>{{1.0, 0.0}, {1.0, 0.5}, {3.0, 0.5}, {3.0, 1.0}}));
}

void TestComparisonView::boxPlotShowsQuartiles()
{
    widgets::ComparisonView view;
    view.setData(sampleData());
    widgets::BoxPlotChart* box = view.boxPlotChart();
    QCOMPARE(box->boxCount(), 2);
    QBoxSet* firstFit = box->box(0);
    QCOMPARE(firstFit->label(), QStringLiteral("first-fit"));
    QCOMPARE(firstFit->at(QBoxSet::LowerExtreme), 1.0);
    QCOMPARE(firstFit->at(QBoxSet::LowerQuartile), 2.0);
    QCOMPARE(firstFit->at(QBoxSet::Median), 3.0);
    QCOMPARE(firstFit->at(QBoxSet::UpperQuartile), 4.0);
    QCOMPARE(firstFit->at(QBoxSet::UpperExtreme), 5.0);
    QBoxSet* random = box->box(1); // {2, 4, 6, 8}: type-7 quartiles 3.5 and 6.5
    QCOMPARE(random->label(), QStringLiteral("random"));
    QCOMPARE(random->at(QBoxSet::LowerQuartile), 3.5);
    QCOMPARE(random->at(QBoxSet::Median), 5.0);
    QCOMPARE(random->at(QBoxSet::UpperQuartile), 6.5);
    QCOMPARE(random->at(QBoxSet::UpperExtreme), 8.0);
}

void TestComparisonView::tableShowsStoredComparison()
{
    widgets::ComparisonView view;
    QAbstractItemModelTester tester(view.tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    view.setData(sampleData());
    const QAbstractItemModel* table = view.tableModel();
    using M = widgets::ComparisonTableModel;
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->columnCount(), int(M::ColumnCount));
    QCOMPARE(cell(table, 0, M::ArmColumn), QStringLiteral("first-fit"));
    QCOMPARE(cell(table, 1, M::ArmColumn), QStringLiteral("random"));
    QCOMPARE(cell(table, 0, M::RunsColumn), QStringLiteral("5"));
    QCOMPARE(cell(table, 1, M::RunsColumn), QStringLiteral("4"));
    // job.wait.mean is in seconds: each figure carries its unit (core/model/value_format.h).
    QCOMPARE(cell(table, 1, M::MeanColumn), QStringLiteral("5 s"));
    QCOMPARE(cell(table, 1, M::P99Column), QStringLiteral("7.94 s"));
    QCOMPARE(cell(table, 1, M::RatioColumn), QStringLiteral("1.667 [1.2, 2.5]"));
    QCOMPARE(cell(table, 1, M::PValueColumn), QStringLiteral("0.0317"));
    QCOMPARE(cell(table, 1, M::SpeedupColumn), QStringLiteral("0.6×"));
    // The baseline is not compared with itself.
    QCOMPARE(cell(table, 0, M::RatioColumn), QStringLiteral("—"));
    QCOMPARE(cell(table, 0, M::PValueColumn), QStringLiteral("—"));
    QCOMPARE(cell(table, 0, M::SpeedupColumn), QStringLiteral("—"));
    QVERIFY(std::isnan(table->data(table->index(0, M::RatioColumn), M::ValueRole).toDouble()));
    QCOMPARE(table->headerData(M::RatioColumn, Qt::Horizontal).toString(),
             QStringLiteral("Ratio of medians to first-fit [95% CI]"));
    QCOMPARE(table->headerData(M::MedianColumn, Qt::Horizontal).toString(), QStringLiteral("Median"));

    // Sweep point 40 has no stored rows: figures come from the values.
    view.setCurrentSweepPoint(1);
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(cell(table, 0, M::MeanColumn), QStringLiteral("3 s"));
    QCOMPARE(cell(table, 1, M::MedianColumn), QStringLiteral("4 s"));
    QCOMPARE(cell(table, 1, M::RatioColumn), QStringLiteral("—"));
}

void TestComparisonView::switchingMetricAndSweepPointUpdatesCharts()
{
    widgets::ComparisonView view;
    view.setData(sampleData());
    auto* metricBox = view.findChild<QComboBox*>(QStringLiteral("metricSelector"));
    auto* sweepBox = view.findChild<QComboBox*>(QStringLiteral("sweepSelector"));
    QVERIFY(metricBox && sweepBox);
    QCOMPARE(metricBox->count(), 2);
    QCOMPARE(metricBox->itemText(0), QStringLiteral("job.wait.mean (s)"));
    QCOMPARE(sweepBox->count(), 2);
    QCOMPARE(sweepBox->itemText(1), QStringLiteral("40"));

    metricBox->setCurrentIndex(1); // jobs.completed at 20: 3 and 2 runs
    QCOMPARE(view.cdfChart()->lineSeries(0)->count(), 6);
    QCOMPARE(view.cdfChart()->lineSeries(1)->count(), 4);
    QCOMPARE(view.boxPlotChart()->box(1)->at(QBoxSet::Median), 20.5);
    QCOMPARE(cell(view.tableModel(), 1, widgets::ComparisonTableModel::RatioColumn), QStringLiteral("—"));
    QCOMPARE(cell(view.tableModel(), 1, widgets::ComparisonTableModel::MeanColumn), QStringLiteral("20.5"));
    // A count's unit heads the column; its figures stay bare.
    QCOMPARE(view.tableModel()->headerData(widgets::ComparisonTableModel::MeanColumn, Qt::Horizontal).toString(),
             QStringLiteral("Mean (jobs)"));

    QSignalSpy runsChanged(&view, &widgets::ComparisonView::timeSeriesRunsChanged);
    sweepBox->setCurrentIndex(1); // jobs.completed at 40: one run each
    QCOMPARE(runsChanged.count(), 1);
    QCOMPARE(view.cdfChart()->lineSeries(0)->count(), 2);
    QCOMPARE(view.boxPlotChart()->box(0)->at(QBoxSet::Median), 30.0);

    // New data keeps the selection where it still exists.
    view.setData(sampleData());
    QCOMPARE(view.currentMetric(), 1);
    QCOMPARE(view.currentSweepPoint(), 1);
}

//! An experiment stored as its comparison only (`orrery replay --project`): no per-run values,
//! so the sweep plot draws the stored means (here differing from the values' on purpose).
void TestComparisonView::sweepPlotTakesStoredMeansWithoutPerRunValues()
{
    auto data = sampleData();
    experiment::MetricPoint& p20 = data.metrics[0].points[0];
    for (auto& values : p20.arms) {
        values.values.clear();
        values.runs.clear();
    }
    p20.results[0].mean = 2.5;
    p20.results[1].mean = 6.5;
    widgets::ComparisonView view;
    view.setData(std::move(data));
    widgets::SweepChart* sweep = view.sweepChart();
    QCOMPARE(sweep->lineSeries(0)->points(), (QList<QPointF>{{20.0, 2.5}, {40.0, 3.0}}));
    QCOMPARE(sweep->lineSeries(1)->points(), (QList<QPointF>{{20.0, 6.5}, {40.0, 4.0}}));
}

void TestComparisonView::sweepPlotPlacesMeansAtSweepValues()
{
    widgets::ComparisonView view;
    view.setData(sampleData());
    QVERIFY(view.tabs()->isTabEnabled(widgets::ComparisonView::SweepTab));
    widgets::SweepChart* sweep = view.sweepChart();
    QVERIFY(sweep->isNumeric());
    QCOMPARE(sweep->seriesCount(), 2);
    QCOMPARE(sweep->lineSeries(0)->points(), (QList<QPointF>{{20.0, 3.0}, {40.0, 3.0}}));
    QCOMPARE(sweep->lineSeries(1)->points(), (QList<QPointF>{{20.0, 5.0}, {40.0, 4.0}}));
    QVERIFY(sweep->lineSeries(0)->pointsVisible());

    // Without a sweep the tab is disabled and the sweep selector hidden.
    auto data = sampleData();
    data.record.sweepParameter.clear();
    for (auto& metric : data.metrics)
        metric.points.resize(1);
    view.setData(std::move(data));
    QVERIFY(!view.tabs()->isTabEnabled(widgets::ComparisonView::SweepTab));
    QVERIFY(view.findChild<QComboBox*>(QStringLiteral("sweepSelector"))->isHidden());
}

void TestComparisonView::timeSeriesRunsAreEachArmsFirstSeed()
{
    widgets::ComparisonView view;
    view.setData(sampleData());
    auto runs = view.timeSeriesRuns();
    QCOMPARE(runs.size(), std::size_t{2});
    QCOMPARE(runs[0].arm, QStringLiteral("first-fit"));
    QCOMPARE(runs[0].run, store::RunId{100});
    QCOMPARE(runs[1].run, store::RunId{200});
    view.setCurrentSweepPoint(1);
    runs = view.timeSeriesRuns();
    QCOMPARE(runs[0].run, store::RunId{300});
    QCOMPARE(runs[1].run, store::RunId{400});

    view.setTimeSeries(QStringLiteral("CPU"), QStringLiteral("min"), QStringLiteral("%"),
                       {{QStringLiteral("random"), QStringLiteral("random (run 400)"), {{0, 1}, {1, 2}}},
                        {QStringLiteral("first-fit"), {}, {{0, 2}, {1, 3}}}});
    widgets::TimeSeriesChart* chart = view.timeSeriesChart();
    QCOMPARE(chart->seriesCount(), 2);
    QCOMPARE(chart->lineSeries(0)->name(), QStringLiteral("random (run 400)"));
    QCOMPARE(chart->lineSeries(1)->name(), QStringLiteral("first-fit"));
    // Colours follow the arm, as in the other charts.
    QCOMPARE(chart->lineSeries(0)->color(), view.cdfChart()->lineSeries(1)->pen().color());
}

void TestComparisonView::emptyDataShowsNothing()
{
    widgets::ComparisonView view;
    QAbstractItemModelTester tester(view.tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    view.setData(sampleData());
    view.clear();
    QCOMPARE(view.cdfChart()->seriesCount(), 0);
    QCOMPARE(view.boxPlotChart()->boxCount(), 0);
    QCOMPARE(view.tableModel()->rowCount(), 0);
    QVERIFY(view.timeSeriesRuns().empty());
}

QTEST_MAIN(TestComparisonView)
#include "tst_comparison_view.moc"
