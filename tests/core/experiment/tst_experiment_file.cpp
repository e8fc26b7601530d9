// Experiment files: a good file gives the expected spec (and defaults), every kind of mistake
// gives a diagnostic at the right line, column and field with a useful message, arms' plugins
// are checked against the registry, and sweeps change exactly what they say.
#include "experiment/experiment_check.h"
#include "experiment/experiment_loader.h"
#include "experiment/scenario_variant.h"
#include "experiment_invariant.h"
#include "fuzz_replay.h"
#include "kinds/job_streams/job_streams_kind.h"
#include "kinds/job_streams/job_streams_spec.h"

#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"

#include <QtTest>

#include <variant>

using namespace orrery;

namespace {

//! Names the text as if it were resources/experiments/test.yaml, so `../scenarios/demo.yaml`
//! is the demo scenario (the file itself is never read).
const std::string kFileName = ORRERY_SOURCE_DIR "/resources/experiments/test.yaml";

const QString kGood = QStringLiteral(R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: ab
spec:
  scenario: ../scenarios/demo.yaml
  arms:
    - name: first-fit
      policies:
        placement: {plugin: first-fit}
    - name: random
      policies:
        placement: {plugin: random, params: {maxProbes: 8}}
  seeds: [1, 2]
  sweep:
    parameter: jobs
    values: [100, 200]
)");

experiment::ExperimentLoadResult parse(const QString& text)
{
    return experiment::parseExperiment(text.toStdString(), kFileName, scenario::ScenarioLoadOptions::defaults());
}

QString describe(const model::Diagnostics& diagnostics)
{
    return QString::fromStdString(model::formatAll(diagnostics));
}

model::Scenario scenarioWith(int poolNodes)
{
    model::Scenario scenario;
    scenario.name = "s";
    model::NodePoolSpec a;
    a.name = "a";
    a.count = poolNodes;
    model::NodePoolSpec b = a;
    b.name = "b";
    b.count = 3;
    scenario.cluster.pools = {a, b};
    model::BatchJobsSpec batch;
    batch.name = "batch";
    batch.arrivalsPerSecond = 2.0;
    auto streams = std::make_shared<kinds::job_streams::JobStreamsSpec>();
    streams->kind = kinds::job_streams::kJobStreamsKind;
    streams->name = "streams";
    streams->arrivalsPerSecond = 10.0;
    streams->maxJobs = 50;
    scenario.workloads = {batch, model::KindWorkload{"streams", streams}};
    return scenario;
}

//! The JobStreams workload of scenarioWith (a registered kind, core/kinds/job_streams).
const kinds::job_streams::JobStreamsSpec& streamsOf(const model::Scenario& scenario)
{
    return dynamic_cast<const kinds::job_streams::JobStreamsSpec&>(*std::get<model::KindWorkload>(scenario.workloads.at(1)).spec);
}

} // namespace

class TestExperimentFile : public QObject {
    Q_OBJECT

private slots:
    //! Every crash input fuzz_experiment found (tests/fixtures/fuzz-regressions/experiment/) and
    //! every seed of its corpus keeps the harness's invariant (tests/fuzz/experiment_invariant.h).
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "experiment"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string text = orrery::fuzz::readReplayFile(file);
        const std::string name = ORRERY_SOURCE_DIR "/tests/fuzz/fixture/fuzzed-experiment.yaml";
        const std::string problem =
            orrery::fuzz::experimentProblem(text, name, orrery::scenario::ScenarioLoadOptions::defaults());
        QVERIFY2(problem.empty(), problem.c_str());
    }

    void goodFile()
    {
        const auto loaded = parse(kGood);
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        QVERIFY(loaded.warnings.empty());
        const experiment::ExperimentSpec& spec = loaded.experiment->spec;
        QCOMPARE(spec.name, std::string("ab"));
        QCOMPARE(spec.arms.size(), std::size_t{2});
        QCOMPARE(spec.arms[1].name, std::string("random"));
        QCOMPARE(spec.arms[1].policies.at("placement").plugin, std::string("random"));
        QCOMPARE(spec.arms[1].policies.at("placement").params.at(0).value, std::string("8"));
        QCOMPARE(spec.arms[1].policies.at("placement").params.at(0).location.line, 13);
        QCOMPARE(spec.baseline, std::size_t{0});  // default: the first arm
        QCOMPARE(spec.treatment, std::size_t{1}); // default: the last arm
        QCOMPARE(spec.seeds, (std::vector<std::uint64_t>{1, 2}));
        QCOMPARE(spec.repeats, 1);
        QCOMPARE(spec.metrics.size(), std::size_t{2});
        QCOMPARE(spec.metrics[0].name, std::string("job.completion_time.mean"));
        QCOMPARE(spec.metrics[1].name, std::string("job.completion_time.p99"));
        QVERIFY(spec.sweep.has_value());
        QVERIFY(spec.sweep->parameter == experiment::SweepParameter::Jobs);
        QCOMPARE(spec.sweep->points.size(), std::size_t{2});
        QCOMPARE(spec.sweep->points[1].value, 200.0);
        QCOMPARE(spec.sweep->points[1].text, std::string("200"));
        QCOMPARE(spec.cellCount(), std::size_t{8});
        QCOMPARE(spec.sourceText, kGood.toStdString());
        QVERIFY(QString::fromStdString(spec.scenarioFile).endsWith("resources/scenarios/demo.yaml"));
        QCOMPARE(loaded.experiment->scenario.name, std::string("demo"));
    }

    void optionalFields()
    {
        QString text = kGood;
        text.replace("  seeds: [1, 2]\n", "  seeds: {count: 3, first: 10}\n  repeats: 2\n  baseline: random\n"
                                          "  treatment: first-fit\n  metrics: [makespan, jobs.completed, "
                                          "job.training.completion_time.mean, octopus.custom_figure]\n");
        text.replace("parameter: jobs", "parameter: arrivalRate").replace("[100, 200]", "[0.5, \"1\", 2.25]");
        const auto loaded = parse(text);
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        const experiment::ExperimentSpec& spec = loaded.experiment->spec;
        QCOMPARE(spec.seeds, (std::vector<std::uint64_t>{10, 11, 12}));
        QCOMPARE(spec.repeats, 2);
        QCOMPARE(spec.baseline, std::size_t{1});
        QCOMPARE(spec.treatment, std::size_t{0});
        QCOMPARE(spec.metrics.size(), std::size_t{4});
        QVERIFY(spec.sweep->parameter == experiment::SweepParameter::ArrivalRate);
        QCOMPARE(spec.sweep->points[2].value, 2.25);
        QCOMPARE(spec.sweep->points[1].text, std::string("1"));
        QCOMPARE(spec.cellCount(), std::size_t{3 * 2 * 3 * 2});
        // A metric far from every known one is allowed, with a warning at its position.
        QCOMPARE(loaded.warnings.size(), std::size_t{1});
        QCOMPARE(loaded.warnings[0].fieldPath, std::string("spec.metrics[3]"));
        QCOMPARE(loaded.warnings[0].location.line, 18);
        QVERIFY(experiment::formatWarning(loaded.warnings[0]).find(": warning: spec.metrics[3]: metric 'octopus.custom_figure'")
                != std::string::npos);
    }

    void seedsDefaultToTheScenarios()
    {
        QString text = kGood;
        text.remove("  seeds: [1, 2]\n");
        text.remove("  sweep:\n    parameter: jobs\n    values: [100, 200]\n");
        const auto loaded = parse(text);
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        QCOMPARE(loaded.experiment->spec.seeds, (std::vector<std::uint64_t>{42})); // demo.yaml's seed
        QVERIFY(!loaded.experiment->spec.sweep);
        QCOMPARE(loaded.experiment->spec.cellCount(), std::size_t{2});
    }

    void badFiles_data()
    {
        QTest::addColumn<QStringList>("edits"); // pairs: find, replace
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("fieldPath");
        QTest::addColumn<QString>("message");
        const auto row = [](const char* name, QStringList edits, int line, int column, const char* path, const char* message) {
            QTest::newRow(name) << edits << line << column << QString(path) << QString(message);
        };
        row("apiVersion", {"orrery.dev/v1", "orrery.dev/v2"}, 1, 13, "apiVersion", "unsupported apiVersion \"orrery.dev/v2\"");
        row("a scenario file", {"kind: Experiment", "kind: Scenario"}, 2, 7, "kind", "run a scenario with 'orrery run'");
        row("kind typo", {"kind: Experiment", "kind: Experimnet"}, 2, 7, "kind", "(did you mean 'Experiment'?)");
        row("name", {"name: ab", "name: A_B"}, 4, 9, "metadata.name", "expected a name of at most 63 lowercase");
        row("unknown spec field", {"  seeds: [1, 2]", "  seed: [1, 2]"}, 14, 3, "spec.seed",
            "unknown field 'seed' (did you mean 'seeds'?)");
        row("missing arms", {"  arms:", "  armz:"}, 6, 3, "spec.arms", "missing required field 'arms'");
        row("missing scenario", {"  scenario: ../scenarios/demo.yaml\n", ""}, 6, 3, "spec.scenario",
            "missing required field 'scenario'");
        row("no such scenario", {"../scenarios/demo.yaml", "nowhere/demo.yaml"}, 6, 13, "spec.scenario",
            "cannot open scenario file 'nowhere/demo.yaml'");
        row("invalid scenario", {"../scenarios/demo.yaml", ORRERY_FIXTURE_DIR "/scenarios/bad/negative_count.yaml"}, 6, 13,
            "spec.scenario", "is not valid: 1 problem, reported in that file");
        row("arms not a list", {"  arms:\n", "  arms: first-fit\n  armz:\n"}, 7, 9, "spec.arms",
            "expected a non-empty sequence of arms");
        row("arm twice", {"name: random", "name: first-fit"}, 11, 13, "spec.arms[1].name",
            "arm name 'first-fit' is used twice (first at line 8)");
        row("arm without name", {"    - name: random\n      policies:", "    - policies:"}, 11, 7, "spec.arms[1].name",
            "missing required field 'name'");
        row("plugin as a scalar", {"placement: {plugin: first-fit}", "placement: first-fit"}, 10, 20,
            "spec.arms[0].policies.placement", "(write {plugin: first-fit})");
        row("unknown decision point", {"placement: {plugin: first-fit}", "placment: {plugin: first-fit}"}, 10, 9,
            "spec.arms[0].policies.placment", "(did you mean 'placement'?)");
        row("baseline unknown", {"  seeds: [1, 2]", "  seeds: [1, 2]\n  baseline: randm"}, 15, 13, "spec.baseline",
            "no arm is named 'randm' (did you mean 'random'?); expected one of: first-fit, random");
        row("treatment unknown", {"  seeds: [1, 2]", "  seeds: [1, 2]\n  treatment: kube"}, 15, 14, "spec.treatment",
            "no arm is named 'kube'");
        row("seed twice", {"[1, 2]", "[1, 1]"}, 14, 14, "spec.seeds[1]", "seed 1 is listed twice");
        row("negative seed", {"[1, 2]", "[1, -2]"}, 14, 14, "spec.seeds[1]", "(negative)");
        row("seeds scalar", {"[1, 2]", "5"}, 14, 10, "spec.seeds", "expected a list of seeds such as [1, 2, 3] or {count: 5, first: 1}");
        row("seed count zero", {"[1, 2]", "{count: 0}"}, 14, 18, "spec.seeds.count", "expected an integer from 1 to 100000, got \"0\"");
        row("seed range overflows", {"[1, 2]", "{count: 3, first: 18446744073709551614}"}, 14, 28, "spec.seeds.first",
            "run past 18446744073709551615");
        row("repeats zero", {"  seeds: [1, 2]", "  seeds: [1, 2]\n  repeats: 0"}, 15, 12, "spec.repeats",
            "expected an integer from 1 to 1000");
        row("metric typo", {"  seeds: [1, 2]", "  seeds: [1, 2]\n  metrics: [job.completion_time.p95]"}, 15, 13,
            "spec.metrics[0]", "unknown metric 'job.completion_time.p95' (did you mean 'job.completion_time.p");
        row("metric twice", {"  seeds: [1, 2]", "  seeds: [1, 2]\n  metrics: [makespan, makespan]"}, 15, 23,
            "spec.metrics[1]", "metric 'makespan' is listed twice");
        row("no metrics", {"  seeds: [1, 2]", "  seeds: [1, 2]\n  metrics: []"}, 15, 12, "spec.metrics",
            "expected a non-empty list of metric names");
        row("sweep parameter typo", {"parameter: jobs", "parameter: job"}, 16, 16, "spec.sweep.parameter",
            "unknown sweep parameter 'job' (did you mean 'jobs'?); expected one of: jobs, nodes, arrivalRate");
        row("sweep factor zero", {"parameter: jobs", "parameter: nodes", "[100, 200]", "[0, 2]"}, 17, 14,
            "spec.sweep.values[0]", "expected a factor greater than 0");
        row("sweep factor too large", {"parameter: jobs", "parameter: arrivalRate", "[100, 200]", "[1, 2000]"}, 17, 17,
            "spec.sweep.values[1]", "expected a number from 0 to 1000 (a factor)");
        row("sweep jobs fractional", {"[100, 200]", "[100, 2.5]"}, 17, 19, "spec.sweep.values[1]",
            "expected an integer from 1 to 1000000000, got \"2.5\"");
        row("sweep value twice", {"[100, 200]", "[100, \"100\"]"}, 17, 19, "spec.sweep.values[1]",
            "sweep value \"100\" is listed twice (first at line 17)");
        row("sweep without values", {"    values: [100, 200]\n", ""}, 16, 5, "spec.sweep.values", "missing required field 'values'");
        row("too many runs", {"[1, 2]", "{count: 100000}", "[100, 200]", "[1, 2, 3, 4, 5, 6]"}, 6, 3, "spec",
            "the experiment has 1200000 runs (6 sweep points x 2 arms x 100000 seeds x 1 repeats); expected at most 1000000");
        row("train without control", {"placement: {plugin: random, params: {maxProbes: 8}}",
                                      "placement: {plugin: random, params: {maxProbes: 8}}\n      train: {scenario: ../scenarios/demo.yaml, episodes: 5}"},
            14, 14, "spec.arms[1].train", "an arm that trains needs policies.control");
        row("train episodes zero", {"placement: {plugin: random, params: {maxProbes: 8}}",
                                    "placement: {plugin: random, params: {maxProbes: 8}}\n      train: {scenario: ../scenarios/demo.yaml, episodes: 0}"},
            14, 59, "spec.arms[1].train.episodes", "expected an integer from 1 to 1000000");
        row("train scenario missing", {"placement: {plugin: random, params: {maxProbes: 8}}",
                                       "control: {plugin: firm}\n      train: {scenario: gone.yaml, episodes: 5}"},
            14, 14, "spec.arms[1].train.scenario", "cannot open scenario file 'gone.yaml'");
        row("train seed negative", {"placement: {plugin: random, params: {maxProbes: 8}}",
                                    "control: {plugin: firm}\n      train: {scenario: ../scenarios/demo.yaml, episodes: 5, seed: -1}"},
            14, 68, "spec.arms[1].train.seed", "expected an integer from 0 to 9223372036854775807, got \"-1\"");
        row("yaml syntax", {"values: [100, 200]", "values: [100, 200"}, 0, 0, "", "");
    }

    void badFiles()
    {
        QFETCH(QStringList, edits);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, fieldPath);
        QFETCH(QString, message);
        QString text = kGood;
        for (qsizetype i = 0; i + 1 < edits.size(); i += 2) {
            QVERIFY2(text.contains(edits[i]), qPrintable(edits[i]));
            text.replace(edits[i], edits[i + 1]);
        }
        const auto loaded = parse(text);
        QVERIFY(!loaded.ok());
        QVERIFY(!loaded.diagnostics.empty());
        if (line == 0) {
            QCOMPARE(loaded.diagnostics[0].location.file, kFileName);
            QVERIFY(loaded.diagnostics[0].location.line > 0);
            return;
        }
        const bool found = std::any_of(loaded.diagnostics.begin(), loaded.diagnostics.end(), [&](const model::Diagnostic& d) {
            return d.location.file == kFileName && d.location.line == line && d.location.column == column
                && d.fieldPath == fieldPath.toStdString() && d.message.find(message.toStdString()) != std::string::npos;
        });
        QVERIFY2(found, qPrintable(describe(loaded.diagnostics)));
    }

    void invalidScenarioReportsInItsOwnFile()
    {
        QString text = kGood;
        text.replace("../scenarios/demo.yaml", ORRERY_FIXTURE_DIR "/scenarios/bad/negative_count.yaml");
        const auto loaded = parse(text);
        QCOMPARE(loaded.diagnostics.size(), std::size_t{2});
        QCOMPARE(loaded.diagnostics[0].location.file, kFileName);               // this file first
        QVERIFY(loaded.diagnostics[1].location.file.ends_with("negative_count.yaml")); // then the scenario's
        QCOMPARE(loaded.diagnostics[1].location.line, 12);
        QCOMPARE(loaded.diagnostics[1].fieldPath, std::string("spec.cluster.pools[0].count"));
    }

    void missingFileAndDirectory()
    {
        auto loaded = experiment::loadExperimentFile("/nonexistent/experiment.yaml");
        QCOMPARE(loaded.diagnostics.size(), std::size_t{1});
        QVERIFY(loaded.diagnostics[0].message.find("cannot open the file") != std::string::npos);
        loaded = experiment::loadExperimentFile(ORRERY_SOURCE_DIR "/resources");
        QVERIFY(loaded.diagnostics.at(0).message.find("directory") != std::string::npos);
    }

    void pluginsAreCheckedAgainstTheRegistry_data()
    {
        QTest::addColumn<QString>("find");
        QTest::addColumn<QString>("replace");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown plugin") << "{plugin: first-fit}" << "{plugin: frist-fit}" << 10 << "(did you mean 'first-fit'?)";
        QTest::newRow("unknown parameter") << "maxProbes: 8" << "maxProbs: 8" << 13 << "(did you mean 'maxProbes'?)";
        QTest::newRow("parameter out of range") << "maxProbes: 8" << "maxProbes: -3" << 13 << "maxProbes";
    }

    void pluginsAreCheckedAgainstTheRegistry()
    {
        QFETCH(QString, find);
        QFETCH(QString, replace);
        QFETCH(int, line);
        QFETCH(QString, message);
        policy::PluginRegistry registry;
        policy::registerBuiltinPlugins(registry);
        QVERIFY(experiment::checkExperimentPolicies(*parse(kGood).experiment, registry).empty());
        QString text = kGood;
        text.replace(find, replace);
        const auto loaded = parse(text);
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        const model::Diagnostics problems = experiment::checkExperimentPolicies(*loaded.experiment, registry);
        QCOMPARE(problems.size(), std::size_t{1});
        QCOMPARE(problems[0].location.file, kFileName);
        QCOMPARE(problems[0].location.line, line);
        QVERIFY2(problems[0].format().find(message.toStdString()) != std::string::npos, qPrintable(describe(problems)));
    }

    void sweepsChangeWhatTheySay()
    {
        const model::Scenario base = scenarioWith(10);
        using experiment::SweepParameter;

        const model::Scenario jobs = experiment::applySweep(base, SweepParameter::Jobs, 250);
        QCOMPARE(std::get<model::BatchJobsSpec>(jobs.workloads[0]).maxJobs, std::int64_t{250});
        QCOMPARE(streamsOf(jobs).maxJobs, std::int64_t{250});
        QCOMPARE(streamsOf(base).maxJobs, std::int64_t{50}); // the base's spec is shared, not changed
        QCOMPARE(jobs.cluster.pools[0].count, 10);

        const model::Scenario nodes = experiment::applySweep(base, SweepParameter::Nodes, 0.25);
        QCOMPARE(nodes.cluster.pools[0].count, 3); // 2.5 rounds to 3 (half away from zero)
        QCOMPARE(nodes.cluster.pools[1].count, 1); // 0.75 rounds to 1
        QCOMPARE(experiment::applySweep(base, SweepParameter::Nodes, 0.01).cluster.pools[1].count, 1); // at least 1
        QCOMPARE(experiment::applySweep(base, SweepParameter::Nodes, 2).cluster.pools[0].count, 20);
        QCOMPARE(std::get<model::BatchJobsSpec>(nodes.workloads[0]).arrivalsPerSecond, 2.0);

        const model::Scenario rate = experiment::applySweep(base, SweepParameter::ArrivalRate, 1.5);
        QCOMPARE(std::get<model::BatchJobsSpec>(rate.workloads[0]).arrivalsPerSecond, 3.0);
        QCOMPARE(streamsOf(rate).arrivalsPerSecond, 15.0);
        QCOMPARE(streamsOf(rate).maxJobs, std::int64_t{50});
        QCOMPARE(streamsOf(base).arrivalsPerSecond, 10.0);

        QVERIFY(experiment::sweepProblem(base, SweepParameter::Nodes, 1000).empty());
        const std::string tooMany = experiment::sweepProblem(scenarioWith(200), SweepParameter::Nodes, 1000);
        QVERIFY2(tooMany.find("pool 'a' would have 200000 nodes, more than the limit of 100000") != std::string::npos,
                 tooMany.c_str());
        const std::string tooFast = experiment::sweepProblem(scenarioWith(1), SweepParameter::ArrivalRate, 200000);
        QVERIFY2(tooFast.find("workload 'streams' would arrive at 2e+06/s, more than the limit of 1e+06/s") != std::string::npos,
                 tooFast.c_str());
    }

    void trainingSeedReplacesTheTrainingScenariosSeed()
    {
        QString text = kGood;
        text.replace("placement: {plugin: random, params: {maxProbes: 8}}",
                     "control: {plugin: firm}\n      train: {scenario: ../scenarios/demo.yaml, episodes: 5, seed: 99}");
        text.replace("placement: {plugin: first-fit}",
                     "control: {plugin: firm}\n      train: {scenario: ../scenarios/demo.yaml, episodes: 5}");
        const auto loaded = parse(text);
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        const auto& trained = loaded.experiment->trainingScenarios;
        QCOMPARE(trained.size(), std::size_t{2});
        QCOMPARE(trained.at(1).seed, std::uint64_t{99});
        QCOMPARE(trained.at(0).seed, loaded.experiment->scenario.seed); // the scenario's own without `seed`
        QVERIFY(trained.at(0).seed != 99);
    }

    void armsReplaceOnlyTheirDecisionPoints()
    {
        model::Scenario scenario = scenarioWith(2);
        scenario.policies["placement"].plugin = "first-fit";
        scenario.policies["control"].plugin = "kube-hpa";
        experiment::ArmSpec arm;
        arm.name = "r";
        arm.policies["placement"].plugin = "random";
        const model::Scenario changed = experiment::applyArm(scenario, arm);
        QCOMPARE(changed.policies.at("placement").plugin, std::string("random"));
        QCOMPARE(changed.policies.at("control").plugin, std::string("kube-hpa"));
    }
};

QTEST_GUILESS_MAIN(TestExperimentFile)
#include "tst_experiment_file.moc"
