// The comparison of arms from per-run metrics: statistics against values computed by hand, the
// deterministic order of values, speedup only for latency-like metrics, and the printed table.
#include "experiment/comparison_table.h"
#include "experiment/experiment_comparison.h"
#include "experiment/metric_catalog.h"

#include <QtTest>

#include <cmath>

using namespace orrery;

namespace {

experiment::ExperimentSpec twoArms(bool sweep)
{
    experiment::ExperimentSpec spec;
    spec.name = "ab";
    spec.arms.resize(2);
    spec.arms[0].name = "first-fit";
    spec.arms[1].name = "octopus";
    spec.baseline = 0;
    spec.treatment = 1;
    spec.seeds = {1, 2, 3, 4};
    spec.metrics = {{"job.completion_time.mean", {}}, {"jobs.completed", {}}};
    if (sweep) {
        experiment::SweepSpec s;
        s.parameter = experiment::SweepParameter::Jobs;
        s.points = {{100, "100", {}}, {2000, "2000", {}}};
        spec.sweep = s;
    }
    return spec;
}

store::ExperimentCellMetric metric(int point, std::string arm, std::uint64_t seed, std::string name, double value,
                                   std::string unit)
{
    store::ExperimentCellMetric m;
    m.cell.sweepIndex = point;
    m.cell.sweepValue = std::to_string(point == 0 ? 100 : 2000);
    m.cell.arm = std::move(arm);
    m.cell.seed = seed;
    m.metric = std::move(name);
    m.value = value;
    m.unit = std::move(unit);
    return m;
}

//! Baseline latencies 10, 12, 14, 16 and treatment 4, 5, 6, 7 (seeds 1–4), given in a scrambled
//! order; jobs completed 100 for both.
std::vector<store::ExperimentCellMetric> cellMetrics(int points)
{
    std::vector<store::ExperimentCellMetric> metrics;
    for (int point = 0; point < points; ++point) {
        const double scale = point + 1.0;
        for (const std::uint64_t seed : {3, 1, 4, 2}) {
            metrics.push_back(metric(point, "octopus", seed, "job.completion_time.mean", scale * (3.0 + seed), "s"));
            metrics.push_back(metric(point, "first-fit", seed, "job.completion_time.mean", scale * (8.0 + 2.0 * seed), "s"));
            metrics.push_back(metric(point, "first-fit", seed, "jobs.completed", 100, "jobs"));
            metrics.push_back(metric(point, "octopus", seed, "jobs.completed", 100, "jobs"));
        }
    }
    return metrics;
}

} // namespace

class TestExperimentComparison : public QObject {
    Q_OBJECT

private slots:
    void statisticsByHand()
    {
        const auto spec = twoArms(false);
        const auto rows = experiment::compareArms(spec, cellMetrics(1));
        QCOMPARE(rows.size(), std::size_t{4}); // metrics × arms
        const auto& baseline = rows[0];
        QCOMPARE(baseline.metric, std::string("job.completion_time.mean"));
        QCOMPARE(baseline.arm, std::string("first-fit"));
        QCOMPARE(baseline.unit, std::string("s"));
        QCOMPARE(baseline.runs, std::int64_t{4});
        QCOMPARE(baseline.mean, 13.0);
        QCOMPARE(baseline.p50, 13.0);
        QCOMPARE(baseline.p90, 15.4); // type 7: 14 + 0.7·2
        QCOMPARE(baseline.min, 10.0);
        QCOMPARE(baseline.max, 16.0);
        QVERIFY(std::isnan(baseline.medianRatio) && std::isnan(baseline.speedup) && std::isnan(baseline.pValue));

        const auto& octopus = rows[1];
        QCOMPARE(octopus.arm, std::string("octopus"));
        QCOMPARE(octopus.baselineArm, std::string("first-fit"));
        QCOMPARE(octopus.mean, 5.5);
        QCOMPARE(octopus.medianRatio, 5.5 / 13.0);
        QVERIFY(octopus.medianRatioLow <= octopus.medianRatio && octopus.medianRatio <= octopus.medianRatioHigh);
        QVERIFY(octopus.medianRatioHigh < 1.0);
        QCOMPARE(octopus.mannWhitneyU, 0.0);             // every octopus run beats every first-fit run
        QCOMPARE(octopus.pValue, 2.0 / 70.0);            // exact: 2 / C(8,4)
        QCOMPARE(octopus.meanRatio, 5.5 / 13.0);
        QCOMPARE(octopus.speedup, 13.0 / 5.5);           // latency-like

        const auto& completed = rows[3];
        QCOMPARE(completed.metric, std::string("jobs.completed"));
        QCOMPARE(completed.meanRatio, 1.0);
        QVERIFY(std::isnan(completed.speedup));          // not latency-like
        QCOMPARE(completed.pValue, 1.0);                 // all tied
    }

    void orderOfRunsDoesNotMatter()
    {
        const auto spec = twoArms(true);
        auto metrics = cellMetrics(2);
        const auto rows = experiment::compareArms(spec, metrics);
        std::reverse(metrics.begin(), metrics.end());
        const auto reversed = experiment::compareArms(spec, metrics);
        QCOMPARE(rows.size(), reversed.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].medianRatioLow, reversed[i].medianRatioLow);
            QCOMPARE(rows[i].medianRatioHigh, reversed[i].medianRatioHigh);
            QCOMPARE(rows[i].mean, reversed[i].mean);
        }
        QCOMPARE(rows[4].sweepValue, std::string("2000"));
        QCOMPARE(rows[5].mean, 11.0);
    }

    void missingValues()
    {
        auto spec = twoArms(false);
        spec.metrics.push_back({"makespan", {}});
        auto metrics = cellMetrics(1);
        metrics.push_back(metric(0, "octopus", 1, "job.wait.mean", std::nan(""), "s"));
        QCOMPARE(experiment::missingMetrics(spec, metrics), std::vector<std::string>{"makespan"});
        const auto rows = experiment::compareArms(spec, metrics);
        QCOMPARE(rows.size(), std::size_t{6});
        QCOMPARE(rows[4].runs, std::int64_t{0});
        QVERIFY(std::isnan(rows[4].mean) && std::isnan(rows[5].medianRatio));
    }

    void table()
    {
        const auto spec = twoArms(true);
        const auto rows = experiment::compareArms(spec, cellMetrics(2));
        const std::string text = experiment::formatComparisonTable(spec, "demo", rows);
        const QString table = QString::fromStdString(text);
        // Means in the unit that reads best, with the unit (seconds here); a count's unit heads its table.
        QVERIFY2(table.startsWith("job.completion_time.mean: mean of 4 runs per arm and point\n"
                                  "  jobs   first-fit   octopus   octopus vs first-fit\n"
                                  "  100         13 s     5.5 s                  2.36×\n"
                                  "  2000        26 s      11 s                  2.36×\n"
                                  "  ratio of medians to first-fit [95% bootstrap CI], Mann-Whitney p:\n"
                                  "  jobs   octopus\n"),
                 text.c_str());
        QVERIFY2(table.contains("  100    0.423 ["), text.c_str());
        QVERIFY2(table.contains("] p=0.029\n"), text.c_str());
        QVERIFY2(table.contains("jobs.completed (jobs): mean of 4 runs per arm and point\n"
                                "  jobs   first-fit   octopus   octopus/first-fit\n"
                                "  100          100       100               1.000\n"),
                 text.c_str());
    }

    void tableWithoutSweepOrSecondArm()
    {
        auto spec = twoArms(false);
        auto rows = experiment::compareArms(spec, cellMetrics(1));
        QVERIFY(QString::fromStdString(experiment::formatComparisonTable(spec, "demo", rows))
                    .contains("  scenario   first-fit   octopus   octopus vs first-fit\n  demo            13 s"));
        spec.arms.resize(1);
        spec.treatment = 0;
        rows = experiment::compareArms(spec, cellMetrics(1));
        const std::string single = experiment::formatComparisonTable(spec, "demo", rows);
        QVERIFY2(single.find(" vs ") == std::string::npos && single.find("ratio of medians") == std::string::npos,
                 single.c_str());
    }

    void figures_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << 0.0 << "0";
        QTest::newRow("small") << 0.012345 << "0.01235";
        QTest::newRow("one") << 1.0 << "1.000";
        QTest::newRow("hundreds") << 612.34 << "612.3";
        QTest::newRow("thousands") << 12345.6 << "12346";
        QTest::newRow("tiny") << 0.0000123 << "1.230e-05";
        QTest::newRow("negative") << -2.5 << "-2.500";
        QTest::newRow("nan") << std::nan("") << "n/a";
    }

    void figures()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(experiment::formatFigure(value)), text);
    }

    void metricCatalog()
    {
        QVERIFY(experiment::isKnownMetric("job.completion_time.p99"));
        QVERIFY(experiment::isKnownMetric("job.batch.completion_time.mean"));
        QVERIFY(!experiment::isKnownMetric("job.batch.completion_time.p50"));
        QVERIFY(!experiment::isKnownMetric("job.completion_time.p95"));
        QVERIFY(experiment::isLatencyLike("job.wait.p99"));
        QVERIFY(experiment::isLatencyLike("job.microservices.completion_time.p99"));
        QVERIFY(experiment::isLatencyLike("makespan"));
        QVERIFY(!experiment::isLatencyLike("jobs.completed"));
        QVERIFY(!experiment::isLatencyLike("cost"));
        for (const auto& name : experiment::defaultMetrics())
            QVERIFY(experiment::isKnownMetric(name));
    }
};

QTEST_GUILESS_MAIN(TestExperimentComparison)
#include "tst_experiment_comparison.moc"
