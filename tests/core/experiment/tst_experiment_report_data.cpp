// loadExperimentReportData: arms and metrics in the experiment's order (the stored comparison's,
// not alphabetical), per-run values per arm and sweep point in seed order with their runs, the
// stored rows aligned with the arms, runs that did not complete left out, and an experiment
// not compared yet still shown from its runs; each arm's GPU shares from its run (linked, or of the
// experiment's scenario when the experiment keeps only its comparison).
#include "experiment/experiment_report_data.h"

#include "env/gpu_share_annotations.h"
#include "store/experiment_store.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "store/store_error.h"

#include <QtTest>

using namespace orrery;
using namespace orrery::store;

namespace {

RunId recordRun(Project& project, sim::RunStatus status, double completion, double makespan)
{
    ProjectRunRecorder recorder(project);
    sim::RunInfo info;
    info.scenarioName = std::string("s");
    info.scenarioText = std::string("scenario text");
    info.seed = 7;
    info.horizon = sim::kSecond;
    recorder.beginRun(info);
    recorder.recordMetric("makespan", makespan, "s");
    recorder.recordMetric("job.completion_time.mean", completion, "s");
    recorder.endRun(status, "");
    return *recorder.runId();
}

//! A completed run placed by `policy` whose one node "n-0" holds `milli` on its first of two GPUs.
RunId recordGpuRun(Project& project, const std::string& policy, const std::string& scenarioText, int milli)
{
    ProjectRunRecorder recorder(project);
    sim::RunInfo info;
    info.scenarioName = std::string("s");
    info.scenarioText = scenarioText;
    info.policies = {{"placement", policy}};
    recorder.beginRun(info);
    for (const sim::RunAnnotation& annotation :
         env::gpuShareAnnotations({{"n-0", {{milli, false}, {0, false}}}}, sim::fromSeconds(5)))
        recorder.recordAnnotation(annotation);
    recorder.endRun(sim::RunStatus::Completed, "");
    return *recorder.runId();
}

ExperimentRecord sweptRecord()
{
    ExperimentRecord record;
    record.name = std::string("ab");
    record.experimentFile = std::string("exp.yaml");
    record.experimentText = std::string("experiment text");
    record.scenarioFile = std::string("s.yaml");
    record.scenarioText = std::string("scenario text");
    record.baselineArm = std::string("zeta"); // not first alphabetically: the order must come from the experiment
    record.treatmentArm = std::string("alpha");
    record.sweepParameter = std::string("jobs");
    record.cellCount = 8;
    return record;
}

ExperimentCell cell(int sweepIndex, const char* arm, std::uint64_t seed)
{
    ExperimentCell c;
    c.sweepIndex = sweepIndex;
    c.sweepValue = std::string(sweepIndex == 0 ? "100" : "200");
    c.arm = arm;
    c.seed = seed;
    return c;
}

ExperimentResultRow row(int sweepIndex, const std::string& metric, const std::string& arm, double mean)
{
    ExperimentResultRow r;
    r.sweepIndex = sweepIndex;
    r.sweepValue = std::string(sweepIndex == 0 ? "100" : "200");
    r.metric = metric;
    r.arm = arm;
    r.unit = std::string("s");
    r.baselineArm = std::string("zeta");
    r.runs = 2;
    r.mean = mean;
    if (arm == "alpha")
        r.medianRatio = 0.5;
    return r;
}

} // namespace

class TestExperimentReportData : public QObject {
    Q_OBJECT

private slots:
    void readsValuesInTheExperimentsOrder()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("p.orrery").toStdString());
        ExperimentStore store(project);
        const ExperimentRecord record = store.findOrCreate(sweptRecord());
        // Seeds 2 then 1 are recorded out of order; values must come back in cell (seed) order.
        std::map<std::tuple<int, std::string, std::uint64_t>, RunId> runs;
        for (const int point : {0, 1}) {
            for (const char* arm : {"zeta", "alpha"}) {
                for (const std::uint64_t seed : {2u, 1u}) {
                    const double completion = 100.0 * (point + 1) + (std::string(arm) == "alpha" ? 10 : 20) + static_cast<double>(seed);
                    const RunId id = recordRun(project, sim::RunStatus::Completed, completion, 1000.0 + completion);
                    store.linkRun(record.id, id, cell(point, arm, seed));
                    runs[{point, arm, seed}] = id;
                }
            }
        }
        // A cancelled run of a cell is not a value.
        store.linkRun(record.id, recordRun(project, sim::RunStatus::Cancelled, -1.0, -1.0), cell(0, "alpha", 3));
        std::vector<ExperimentResultRow> rows;
        for (const int point : {0, 1}) {
            for (const char* metric : {"job.completion_time.mean", "makespan"}) {
                rows.push_back(row(point, metric, "zeta", 1.0));
                rows.push_back(row(point, metric, "alpha", 2.0));
            }
        }
        store.saveResults(record.id, rows);

        const experiment::ExperimentReportData data = experiment::loadExperimentReportData(project, record.id);
        QCOMPARE(data.record.name, std::string("ab"));
        QCOMPARE(data.arms, (std::vector<std::string>{"zeta", "alpha"}));
        QCOMPARE(data.metrics.size(), std::size_t{2});
        QCOMPARE(data.metrics[0].metric, std::string("job.completion_time.mean")); // the comparison's order
        QCOMPARE(data.metrics[1].metric, std::string("makespan"));
        QCOMPARE(data.metrics[0].unit, std::string("s"));
        for (const auto& metric : data.metrics) {
            QCOMPARE(metric.points.size(), std::size_t{2});
            for (int p = 0; p < 2; ++p) {
                const experiment::MetricPoint& point = metric.points[static_cast<std::size_t>(p)];
                QCOMPARE(point.sweepIndex, p);
                QCOMPARE(point.sweepValue, std::string(p == 0 ? "100" : "200"));
                QCOMPARE(point.arms.size(), std::size_t{2});
                QCOMPARE(point.results.size(), std::size_t{2});
                for (std::size_t a = 0; a < 2; ++a) {
                    const std::string arm = data.arms[a];
                    QCOMPARE(point.arms[a].arm, arm);
                    QCOMPARE(point.results[a].arm, arm);
                    QCOMPARE(point.results[a].metric, metric.metric);
                    QCOMPARE(point.results[a].mean, arm == "zeta" ? 1.0 : 2.0);
                    const double base = 100.0 * (p + 1) + (arm == "alpha" ? 10 : 20)
                        + (metric.metric == "makespan" ? 1000.0 : 0.0);
                    QCOMPARE(point.arms[a].values, (std::vector<double>{base + 1, base + 2}));
                    QCOMPARE(point.arms[a].runs, (std::vector<RunId>{runs[{p, arm, 1}], runs[{p, arm, 2}]}));
                }
                QVERIFY(std::isnan(point.results[0].medianRatio));
                QCOMPARE(point.results[1].medianRatio, 0.5);
            }
        }
    }

    void showsAnExperimentNotComparedYet()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("p.orrery").toStdString());
        ExperimentStore store(project);
        ExperimentRecord unswept = sweptRecord();
        unswept.sweepParameter.clear();
        const ExperimentRecord record = store.findOrCreate(unswept);
        ExperimentCell first = cell(0, "alpha", 1);
        first.sweepValue.clear();
        store.linkRun(record.id, recordRun(project, sim::RunStatus::Completed, 5.0, 50.0), first);

        const experiment::ExperimentReportData data = experiment::loadExperimentReportData(project, record.id);
        QCOMPARE(data.arms, (std::vector<std::string>{"zeta", "alpha"}));
        QCOMPARE(data.metrics.size(), std::size_t{2});
        QCOMPARE(data.metrics[0].metric, std::string("makespan")); // recording order
        const experiment::MetricPoint& point = data.metrics[0].points.at(0);
        QCOMPARE(point.sweepValue, std::string());
        QVERIFY(point.arms[0].values.empty());
        QCOMPARE(point.arms[1].values, std::vector<double>{50.0});
        QVERIFY(std::isnan(point.results[1].mean)); // no stored comparison
        QCOMPARE(point.results[1].arm, std::string("alpha"));
    }

    void gpuSharesComeFromEachArmsRun()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("gpus.orrery").toStdString());
        ExperimentStore experiments(project);

        // Linked runs: each arm's first completed cell's run, if it recorded GPUs.
        const ExperimentId linked = experiments.findOrCreate(sweptRecord()).id;
        const RunId alphaRun = recordGpuRun(project, "alpha", "scenario text", 300);
        const RunId zetaRun = recordRun(project, sim::RunStatus::Completed, 1.0, 2.0); // no GPUs recorded
        experiments.linkRun(linked, alphaRun, cell(0, "alpha", 1));
        experiments.linkRun(linked, zetaRun, cell(0, "zeta", 1));
        const auto fromCells = experiment::loadExperimentReportData(project, linked);
        QCOMPARE(fromCells.gpuShares.size(), std::size_t(1));
        QCOMPARE(fromCells.gpuShares[0].arm, std::string("alpha"));
        QCOMPARE(fromCells.gpuShares[0].run, alphaRun);
        QCOMPARE(fromCells.gpuShares[0].gpus.nodes.at("n-0").at(0).usedMilli, 300);

        // Comparison only: the newest completed run of the same scenario text placed by the arm.
        ExperimentRecord record = sweptRecord();
        record.name = std::string("replay");
        record.scenarioText = std::string("fleet");
        const ExperimentId stored = experiments.findOrCreate(record).id;
        experiments.saveResults(stored, {row(0, "gpu.allocation", "zeta", 90), row(0, "gpu.allocation", "alpha", 95)});
        recordGpuRun(project, "alpha", "fleet", 100);
        const RunId newest = recordGpuRun(project, "alpha", "fleet", 200);
        recordGpuRun(project, "alpha", "another fleet", 900); // newer, but not this experiment's scenario
        recordGpuRun(project, "beta", "fleet", 900);          // not an arm
        const auto fromRuns = experiment::loadExperimentReportData(project, stored);
        QCOMPARE(fromRuns.gpuShares.size(), std::size_t(1));
        QCOMPARE(fromRuns.gpuShares[0].arm, std::string("alpha"));
        QCOMPARE(fromRuns.gpuShares[0].run, newest);
        QCOMPARE(fromRuns.gpuShares[0].gpus.nodes.at("n-0").at(0).usedMilli, 200);
        QCOMPARE(fromRuns.gpuShares[0].gpus.at, sim::fromSeconds(5));
    }

    void unknownExperimentThrows()
    {
        QTemporaryDir dir;
        Project project = Project::open(dir.filePath("p.orrery").toStdString());
        QVERIFY_THROWS_EXCEPTION(StoreError, experiment::loadExperimentReportData(project, 42));
    }
};

QTEST_GUILESS_MAIN(TestExperimentReportData)
#include "tst_experiment_report_data.moc"
