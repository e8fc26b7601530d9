// The experiment runner end to end on a tiny scenario: every cell runs and is linked in the
// project, the same seed gives every arm the same jobs, results do not depend on the number of
// threads or on resuming, cancel keeps completed runs and a rerun completes only the rest,
// configuration errors write nothing and failing runs are reported.
#include "kinds/built_in_kinds.h"
#include "experiment/experiment_cells.h"
#include "experiment/experiment_loader.h"
#include "experiment/experiment_runner.h"

#include "env/simulation.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_export.h"
#include "policy/plugin_registry.h"
#include "store/experiment_store.h"
#include "store/project.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <map>
#include <set>

using namespace orrery;

namespace {

// Two job sizes on four nodes: enough contention that first-fit and random differ.
constexpr const char* kScenario = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata:
  name: tiny
spec:
  seed: 1
  horizon: 1h
  samplePeriod: 1m
  cluster:
    pools:
      - {name: cpu, count: 4, cpu: 8, memory: 32Gi}
  workloads:
    - name: small
      kind: BatchJobs
      arrivalRate: 2/min
      request: {cpu: 2, memory: 4Gi}
      duration: {distribution: exponential, mean: 8m}
    - name: large
      kind: BatchJobs
      arrivalRate: 60/h
      request: {cpu: 6, memory: 8Gi}
      duration: {distribution: exponential, mean: 10m}
)";

constexpr const char* kExperiment = R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: tiny-ab
spec:
  scenario: tiny.yaml
  arms:
    - {name: first-fit, policies: {placement: {plugin: first-fit}}}
    - {name: random, policies: {placement: {plugin: random}}}
  seeds: {count: 3}
  metrics: [job.completion_time.mean, job.wait.mean, jobs.completed]
  sweep: {parameter: jobs, values: [20, 40]}
)";

constexpr std::size_t kCells = 2 * 2 * 3;

// A policy that solves MILPs with CBC in every cell (hetsev-scaler, exact): CBC keeps process-wide
// state, so cells solving side by side used to get different plans than one by one.
constexpr const char* kMilpScenario = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: milp-serving}
spec:
  seed: 1
  horizon: 300s
  cluster:
    pools:
      - {name: v100, count: 3, cpu: 8, memory: 16Gi, pricePerHour: 3.056, devices: [{kind: gpu, model: V100, count: 1}]}
      - {name: t4, count: 3, cpu: 8, memory: 16Gi, pricePerHour: 0.384, devices: [{kind: gpu, model: T4, count: 1}]}
  workloads:
    - name: serving
      kind: model-serving
      sloScale: 4
      controlPeriod: 5s
      sharing: concurrent
      autoscaling: on
      models:
        - {model: ResNet-50, arrival: {process: diurnal, rate: 60/s, amplitude: 0.6, period: 300s}}
        - {model: BERT-base, rate: 15/s}
)";

constexpr const char* kMilpExperiment = R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata: {name: milp-cells}
spec:
  scenario: milp.yaml
  arms:
    - {name: exact, policies: {placement: {plugin: hetsev-scheduler}, control: {plugin: hetsev-scaler, params: {solver: exact, period: 5s, scaleInCooldown: 30s}}}}
  seeds: {count: 6}
  metrics: [serving.cost, serving.slo_attainment, serving.replicas.mean]
)";

//! Places every unit on node 0, fitting or not: its runs fail.
class AlwaysNodeZero final : public policy::PlacementPolicy {
public:
    explicit AlwaysNodeZero(const policy::PolicyContext&) {}
    policy::PlacementDecision place(const policy::PendingUnit&, const policy::ClusterView&) override
    {
        return policy::PlacementDecision::onNode(0);
    }
};

const OrreryPluginDescriptor* alwaysNodeZeroDescriptor()
{
    static const OrreryPluginDescriptor descriptor{
        .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
        .structSize = sizeof(OrreryPluginDescriptor),
        .id = "always-node-zero",
        .displayName = "Always node 0 (test)",
        .version = "1.0.0",
        .compatVersion = "1.0",
        .description = "test double that ignores capacity",
        .kinds = ORRERY_KIND_PLACEMENT,
        .params = nullptr,
        .paramCount = 0,
        .createPlacement = &policy::createPlacementOf<AlwaysNodeZero>,
        .destroyPlacement = &policy::destroyPlacement,
        .trainPlacement = nullptr,
    };
    return &descriptor;
}

void writeFile(const QString& path, const QString& text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text.toUtf8());
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan(a) && std::isnan(b));
}

bool sameRows(const std::vector<store::ExperimentResultRow>& a, const std::vector<store::ExperimentResultRow>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto& x = a[i];
        const auto& y = b[i];
        if (x.sweepIndex != y.sweepIndex || x.sweepValue != y.sweepValue || x.metric != y.metric || x.arm != y.arm
            || x.unit != y.unit || x.baselineArm != y.baselineArm || x.runs != y.runs)
            return false;
        const double xs[] = {x.mean, x.p50, x.p90, x.p99, x.min, x.max, x.medianRatio, x.medianRatioLow,
                             x.medianRatioHigh, x.mannWhitneyU, x.pValue, x.meanRatio, x.speedup};
        const double ys[] = {y.mean, y.p50, y.p90, y.p99, y.min, y.max, y.medianRatio, y.medianRatioLow,
                             y.medianRatioHigh, y.mannWhitneyU, y.pValue, y.meanRatio, y.speedup};
        for (std::size_t k = 0; k < std::size(xs); ++k) {
            if (!sameBits(xs[k], ys[k]))
                return false;
        }
    }
    return true;
}

std::size_t countRuns(const std::string& projectPath, sim::RunStatus status)
{
    store::Project project = store::Project::open(projectPath);
    std::size_t count = 0;
    for (const auto& run : project.listRuns())
        count += run.status == status ? 1 : 0;
    return count;
}

} // namespace

class TestExperimentRunner : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        policy::registerBuiltinPlugins(m_registry);
        m_registry.registerStatic(alwaysNodeZeroDescriptor(), "test");
        QVERIFY(m_dir.isValid());
        writeFile(m_dir.filePath("tiny.yaml"), kScenario);
        writeFile(m_dir.filePath("exp.yaml"), kExperiment);
        auto loaded = experiment::loadExperimentFile(m_dir.filePath("exp.yaml").toStdString());
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        m_experiment = std::move(*loaded.experiment);
    }

    void runsEveryCellAndStoresTheComparison()
    {
        const std::string path = project("full");
        experiment::ExperimentRunOptions options;
        options.jobs = 2;
        experiment::ExperimentRunner runner(m_experiment, m_registry, path, options);
        std::vector<experiment::ExperimentProgress> reports;
        runner.setProgressCallback([&](const experiment::ExperimentProgress& progress) { reports.push_back(progress); });
        const experiment::ExperimentOutcome outcome = runner.run();
        QVERIFY(outcome.status == experiment::ExperimentOutcome::Status::Completed);
        QCOMPARE(outcome.totalCells, kCells);
        QCOMPARE(outcome.completed, kCells);
        QCOMPARE(outcome.alreadyDone, std::size_t{0});
        QVERIFY(outcome.missingMetrics.empty());
        QCOMPARE(outcome.results.size(), std::size_t{2 * 3 * 2}); // points × metrics × arms

        // Progress ends at 100% with every run finished, and never goes backwards.
        QVERIFY(!reports.empty());
        QCOMPARE(reports.back().finished, kCells);
        QCOMPARE(reports.back().fraction, 1.0);
        for (std::size_t i = 1; i < reports.size(); ++i)
            QVERIFY(reports[i].finished >= reports[i - 1].finished);

        store::Project project = store::Project::open(path);
        QCOMPARE(project.listRuns().size(), kCells);
        QCOMPARE(countRuns(path, sim::RunStatus::Completed), kCells);
        store::ExperimentStore experiments(project);
        QCOMPARE(experiments.listExperiments().size(), std::size_t{1});
        const store::ExperimentRecord record = experiments.listExperiments()[0];
        QCOMPARE(record.name, std::string("tiny-ab"));
        QCOMPARE(record.baselineArm, std::string("first-fit"));
        QCOMPARE(record.treatmentArm, std::string("random"));
        QCOMPARE(record.sweepParameter, std::string("jobs"));
        QCOMPARE(record.cellCount, std::int64_t{kCells});
        QCOMPARE(record.experimentText, std::string(kExperiment));
        QCOMPARE(record.scenarioText, std::string(kScenario));
        QVERIFY(!record.comparedAt.empty());
        QCOMPARE(experiments.linkedRuns(record.id).size(), kCells);
        QVERIFY(sameRows(experiments.results(record.id), outcome.results));

        for (const auto& row : outcome.results) {
            QCOMPARE(row.runs, std::int64_t{3});
            QVERIFY(row.min <= row.p50 && row.p50 <= row.p90 && row.p90 <= row.p99 && row.p99 <= row.max);
            if (row.arm == "first-fit") {
                QVERIFY(std::isnan(row.medianRatio) && std::isnan(row.pValue) && std::isnan(row.speedup));
                continue;
            }
            QVERIFY(row.medianRatioLow <= row.medianRatio && row.medianRatio <= row.medianRatioHigh);
            QVERIFY(row.pValue > 0.0 && row.pValue <= 1.0);
            QVERIFY(row.mannWhitneyU >= 0.0 && row.mannWhitneyU <= 9.0);
            if (row.metric == "jobs.completed") {
                QVERIFY(std::isnan(row.speedup)); // not latency-like
                QVERIFY(!std::isnan(row.meanRatio));
            } else {
                QVERIFY(!std::isnan(row.speedup));
            }
        }
    }

    void sameSeedSameJobsInEveryArm()
    {
        const std::string path = project("full");
        store::Project project = store::Project::open(path);
        store::ExperimentStore experiments(project);
        const auto id = experiments.listExperiments().at(0).id;
        std::map<std::pair<int, std::uint64_t>, std::map<std::string, double>> submitted; // (point, seed) → arm → jobs
        for (const auto& metric : experiments.cellMetrics(id)) {
            if (metric.metric == "jobs.submitted")
                submitted[{metric.cell.sweepIndex, metric.cell.seed}][metric.cell.arm] = metric.value;
        }
        QCOMPARE(submitted.size(), std::size_t{6});
        for (const auto& [key, byArm] : submitted) {
            QCOMPARE(byArm.size(), std::size_t{2});
            QCOMPARE(byArm.at("random"), byArm.at("first-fit")); // common random numbers
            QCOMPARE(byArm.at("random"), key.first == 0 ? 2 * 20.0 : 2 * 40.0); // the jobs sweep, per workload
        }
        // ...and the policies did differ somewhere.
        bool differ = false;
        std::map<std::tuple<int, std::uint64_t, std::string>, double> mean;
        for (const auto& metric : experiments.cellMetrics(id)) {
            if (metric.metric == "job.completion_time.mean")
                mean[{metric.cell.sweepIndex, metric.cell.seed, metric.cell.arm}] = metric.value;
        }
        for (const auto& [key, value] : mean) {
            if (std::get<2>(key) == "random")
                differ = differ || value != mean.at({std::get<0>(key), std::get<1>(key), "first-fit"});
        }
        QVERIFY(differ);
    }

    void identicalResultsWhateverTheThreadsAndOnRerun()
    {
        const auto runInto = [&](const std::string& path, unsigned jobs) {
            experiment::ExperimentRunOptions options;
            options.jobs = jobs;
            experiment::ExperimentRunner runner(m_experiment, m_registry, path, options);
            return runner.run();
        };
        const auto one = runInto(project("one-thread"), 1);
        const auto three = runInto(project("three-threads"), 3);
        QVERIFY(one.status == experiment::ExperimentOutcome::Status::Completed);
        QVERIFY(three.status == experiment::ExperimentOutcome::Status::Completed);
        QVERIFY(sameRows(one.results, three.results));

        const auto again = runInto(project("one-thread"), 2);
        QVERIFY(again.status == experiment::ExperimentOutcome::Status::Completed);
        QCOMPARE(again.alreadyDone, kCells);
        QCOMPARE(again.completed, std::size_t{0});
        QCOMPARE(again.record.id, one.record.id);
        QVERIFY(sameRows(again.results, one.results));
        QCOMPARE(countRuns(project("one-thread"), sim::RunStatus::Completed), kCells);

        // Per-run metrics are identical too.
        const auto metricsOf = [](const std::string& path) {
            store::Project p = store::Project::open(path);
            store::ExperimentStore experiments(p);
            std::map<std::tuple<int, std::string, std::uint64_t, int, std::string>, double> values;
            for (const auto& m : experiments.cellMetrics(experiments.listExperiments().at(0).id))
                values[{m.cell.sweepIndex, m.cell.arm, m.cell.seed, m.cell.repeat, m.metric}] = m.value;
            return values;
        };
        const auto a = metricsOf(project("one-thread"));
        const auto b = metricsOf(project("three-threads"));
        QCOMPARE(a.size(), b.size());
        for (const auto& [key, value] : a)
            QVERIFY(sameBits(value, b.at(key)));
    }

    //! Cells that solve MILPs (CBC) side by side give the runs they give one by one.
    void milpPoliciesGiveTheSameRunsWhateverTheThreads()
    {
        kinds::registerBuiltInKinds();
        writeFile(m_dir.filePath("milp.yaml"), kMilpScenario);
        writeFile(m_dir.filePath("milp-exp.yaml"), kMilpExperiment);
        auto loaded = experiment::loadExperimentFile(m_dir.filePath("milp-exp.yaml").toStdString());
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        const auto metricsWith = [&](const char* name, unsigned jobs) {
            experiment::ExperimentRunOptions options;
            options.jobs = jobs;
            experiment::ExperimentRunner runner(*loaded.experiment, m_registry, project(name), options);
            const auto outcome = runner.run();
            [&] { QVERIFY(outcome.status == experiment::ExperimentOutcome::Status::Completed); }();
            store::Project p = store::Project::open(project(name));
            store::ExperimentStore experiments(p);
            std::map<std::pair<std::uint64_t, std::string>, double> values;
            for (const auto& m : experiments.cellMetrics(experiments.listExperiments().at(0).id))
                values[{m.cell.seed, m.metric}] = m.value;
            return values;
        };
        const auto serial = metricsWith("milp-serial", 1);
        QVERIFY(serial.size() >= std::size_t{6 * 3}); // every metric of every run, not only the three listed
        for (const char* name : {"milp-parallel-a", "milp-parallel-b"}) {
            const auto parallel = metricsWith(name, 3);
            QCOMPARE(parallel.size(), serial.size());
            for (const auto& [key, value] : serial)
                QVERIFY2(sameBits(value, parallel.at(key)), qPrintable(QString("seed %1 %2: %3 vs %4").arg(key.first)
                                                                          .arg(QString::fromStdString(key.second)).arg(value, 0, 'g', 17)
                                                                          .arg(parallel.at(key), 0, 'g', 17)));
        }
    }

    void cellIdsNameEveryCellOnce()
    {
        const auto cells = experiment::experimentCells(m_experiment.spec);
        QCOMPARE(cells.size(), kCells);
        std::set<std::string> ids;
        for (const experiment::CellIndex& cell : cells) {
            const std::string id = experiment::cellId(experiment::cellKey(m_experiment.spec, cell));
            ids.insert(id);
            const auto found = experiment::findCell(m_experiment.spec, id);
            QVERIFY2(found, id.c_str());
            QVERIFY(found->point == cell.point && found->arm == cell.arm && found->seed == cell.seed
                    && found->repeat == cell.repeat);
        }
        QCOMPARE(ids.size(), kCells);
        QCOMPARE(experiment::cellId(experiment::cellKey(m_experiment.spec, cells.front())),
                 "p0.first-fit.s" + std::to_string(m_experiment.spec.seeds.front()) + ".r0");
        QVERIFY(!experiment::findCell(m_experiment.spec, "p0.first-fit"));
        QVERIFY(!experiment::findCell(m_experiment.spec, "p9.first-fit.s1.r0"));
    }

    void aSelectionRunsOnlyItsCellsAndComparesNothing()
    {
        const std::string path = project("selection");
        const experiment::CellIndex cell = experiment::experimentCells(m_experiment.spec).at(3);
        experiment::ExperimentRunOptions options;
        options.cells = {cell};
        {
            experiment::ExperimentRunner runner(m_experiment, m_registry, path, options);
            const auto outcome = runner.run();
            QVERIFY(outcome.status == experiment::ExperimentOutcome::Status::Completed);
            QCOMPARE(outcome.totalCells, std::size_t{1});
            QCOMPARE(outcome.completed, std::size_t{1});
            QVERIFY(outcome.results.empty());
        }
        {
            store::Project p = store::Project::open(path);
            QCOMPARE(p.listRuns().size(), std::size_t{1});
            store::ExperimentStore experiments(p);
            const auto record = experiments.listExperiments().at(0);
            QVERIFY(record.comparedAt.empty());
            const auto linked = experiments.completedCells(record.id);
            QCOMPARE(linked.size(), std::size_t{1});
            QCOMPARE(experiment::cellId(linked[0].cell), experiment::cellId(experiment::cellKey(m_experiment.spec, cell)));
        }
        experiment::ExperimentRunner again(m_experiment, m_registry, path, options);
        const auto rerun = again.run();
        QCOMPARE(rerun.alreadyDone, std::size_t{1});
        QCOMPARE(rerun.completed, std::size_t{0});
    }

    void cancelThenResumeRunsOnlyTheRest()
    {
        const std::string path = project("resume");
        {
            experiment::ExperimentRunOptions options;
            options.jobs = 1;
            experiment::ExperimentRunner runner(m_experiment, m_registry, path, options);
            runner.setProgressCallback([&](const experiment::ExperimentProgress& progress) {
                if (progress.finished == 5)
                    runner.cancel();
            });
            const auto outcome = runner.run();
            QVERIFY(outcome.status == experiment::ExperimentOutcome::Status::Cancelled);
            QCOMPARE(outcome.completed, std::size_t{5});
            QCOMPARE(outcome.cancelled, std::size_t{0});
            QVERIFY(outcome.results.empty());
        }
        QCOMPARE(countRuns(path, sim::RunStatus::Completed), std::size_t{5});
        {
            store::Project p = store::Project::open(path);
            QCOMPARE(p.listRuns().size(), std::size_t{5});
            store::ExperimentStore experiments(p);
            QVERIFY(experiments.listExperiments().at(0).comparedAt.empty()); // no comparison of a partial experiment
            QVERIFY(experiments.results(experiments.listExperiments().at(0).id).empty());
        }

        experiment::ExperimentRunOptions options;
        options.jobs = 2;
        experiment::ExperimentRunner runner(m_experiment, m_registry, path, options);
        std::size_t toRun = 0;
        runner.setProgressCallback([&](const experiment::ExperimentProgress& progress) { toRun = progress.toRun; });
        const auto resumed = runner.run();
        QVERIFY(resumed.status == experiment::ExperimentOutcome::Status::Completed);
        QCOMPARE(resumed.alreadyDone, std::size_t{5});
        QCOMPARE(resumed.completed, kCells - 5);
        QCOMPARE(toRun, kCells - 5);
        store::Project p = store::Project::open(path);
        QCOMPARE(p.listRuns().size(), kCells); // only the missing runs were added

        // The same comparison as an experiment that ran in one go.
        experiment::ExperimentRunner fresh(m_experiment, m_registry, project("in-one-go"), options);
        QVERIFY(sameRows(resumed.results, fresh.run().results));
    }

    void cancelWithRunsInFlightKeepsThemAsCancelled()
    {
        // Longer runs so that cancelling from the first progress report catches runs in flight.
        experiment::Experiment longer = m_experiment;
        longer.scenario.horizon = 200 * sim::kHour;
        longer.spec.sweep->points = {{100000, "100000", {}}, {200000, "200000", {}}};
        const std::string path = project("in-flight");
        experiment::ExperimentRunOptions options;
        options.jobs = 2;
        experiment::ExperimentRunner runner(longer, m_registry, path, options);
        runner.setProgressCallback([&](const experiment::ExperimentProgress&) { runner.cancel(); });
        const auto outcome = runner.run();
        QVERIFY(outcome.status == experiment::ExperimentOutcome::Status::Cancelled);
        QVERIFY(outcome.completed + outcome.cancelled <= 2 * options.jobs);
        QCOMPARE(countRuns(path, sim::RunStatus::Cancelled), outcome.cancelled);
        QCOMPARE(countRuns(path, sim::RunStatus::Completed), outcome.completed);
        store::Project p = store::Project::open(path);
        store::ExperimentStore experiments(p);
        QCOMPARE(experiments.linkedRuns(outcome.record.id).size(), outcome.completed + outcome.cancelled);
        QCOMPARE(experiments.completedCells(outcome.record.id).size(), outcome.completed);
    }

    void cancelledBeforeRunStartsNothing()
    {
        const std::string path = project("cancelled-early");
        experiment::ExperimentRunner runner(m_experiment, m_registry, path);
        runner.cancel();
        const auto outcome = runner.run();
        QVERIFY(outcome.status == experiment::ExperimentOutcome::Status::Cancelled);
        QCOMPARE(outcome.completed, std::size_t{0});
        QCOMPARE(countRuns(path, sim::RunStatus::Completed), std::size_t{0});
    }

    void setupErrorsWriteNothing()
    {
        experiment::Experiment broken = m_experiment;
        broken.spec.arms[1].policies["placement"].plugin = "no-such-plugin";
        const std::string path = project("never");
        experiment::ExperimentRunner runner(broken, m_registry, path);
        QVERIFY_THROWS_EXCEPTION(env::SimulationSetupError, runner.run());
        QVERIFY(!QFile::exists(QString::fromStdString(path)));
    }

    void failingRunsAreReported()
    {
        experiment::Experiment failing = m_experiment;
        failing.spec.arms[1].policies["placement"].plugin = "always-node-zero";
        failing.spec.arms[1].policies["placement"].params.clear();
        const std::string path = project("failing");
        experiment::ExperimentRunner runner(failing, m_registry, path);
        const auto outcome = runner.run();
        QVERIFY(outcome.status == experiment::ExperimentOutcome::Status::Failed);
        QCOMPARE(outcome.failures.size(), kCells / 2);
        QCOMPARE(outcome.completed, kCells / 2);
        for (const auto& failure : outcome.failures) {
            QCOMPARE(failure.cell.arm, std::string("random"));
            QVERIFY(failure.runId.has_value());
            QVERIFY(!failure.message.empty());
        }
        QCOMPARE(countRuns(path, sim::RunStatus::Failed), kCells / 2);
        QVERIFY(outcome.results.empty());
    }

private:
    std::string project(const char* name) const { return m_dir.filePath(QString(name) + ".orrery").toStdString(); }

    QTemporaryDir m_dir;
    policy::PluginRegistry m_registry;
    experiment::Experiment m_experiment;
};

QTEST_GUILESS_MAIN(TestExperimentRunner)
#include "tst_experiment_runner.moc"
