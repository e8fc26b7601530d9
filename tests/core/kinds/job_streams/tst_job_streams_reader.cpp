#include "scenario/scenario_loader.h"

#include "kinds/job_streams/job_streams_kind.h"
#include "kinds/job_streams/job_streams_spec.h"

#include "model/units.h"
#include "scenario/service_graph_loader.h"

#include <QtTest>

#include <variant>

using namespace orrery;

//! `kind: JobStreams` workloads in scenario files: every field read into kinds::job_streams::JobStreamsSpec,
//! graphs found as built-in resources (search path, ORRERY_RESOURCE_PATH) or relative paths,
//! a graph's own problems reported in its file, and one row per error with the diagnostic it
//! must produce.
class TestJobStreamsReader : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { kinds::job_streams::registerJobStreamsKind(); }
    void everyField();
    void defaults();
    void builtinGraph();
    void resourcePathFromEnvironment();
    void installedResourcesReplaceTheSourceTree();
    void batchArrivalRateMergesStreams();
    void absoluteSloAndFixedJobSize();
    void graphProblemsPointIntoTheGraphFile();
    void sharedGraphIsReadOnce();
    void shippedScenarioIsValid();
    void documentationExamples();
    void errors_data();
    void errors();
};

namespace {

constexpr std::int64_t kGi = std::int64_t{1} << 30;

//! The name the inline scenarios are parsed under: relative graph paths resolve against the
//! fixture directory, so `graph: graphs/good/shop.yaml` names tests/fixtures/graphs/good/shop.yaml.
const std::string kScenarioName = ORRERY_FIXTURE_DIR "/inline-scenario.yaml";

const char* const kClusterWithGpu = R"(      - {name: cpu, count: 4, cpu: 8, memory: 32Gi}
      - {name: gpu, count: 1, cpu: 8, memory: 61Gi, devices: [{kind: gpu, model: V100}]}
)";
const char* const kClusterCpuOnly = R"(      - {name: cpu, count: 4, cpu: 8, memory: 32Gi}
)";

//! A scenario whose spec.workloads is `workloads` (already indented by four spaces).
std::string scenarioText(const std::string& workloads, bool withGpu = true)
{
    return std::string("apiVersion: orrery.dev/v1\n"
                       "kind: Scenario\n"
                       "metadata:\n"
                       "  name: streams\n"
                       "spec:\n"
                       "  seed: 7\n"
                       "  horizon: 1h\n"
                       "  cluster:\n"
                       "    pools:\n")
        + (withGpu ? kClusterWithGpu : kClusterCpuOnly) + "  workloads:\n" + workloads;
}

scenario::ScenarioLoadOptions sourceTreeOnly()
{
    scenario::ScenarioLoadOptions options;
    options.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    return options;
}

scenario::LoadResult parse(const std::string& workloads, bool withGpu = true)
{
    return scenario::parseScenario(scenarioText(workloads, withGpu), kScenarioName, sourceTreeOnly());
}

const kinds::job_streams::JobStreamsSpec& streams(const scenario::LoadResult& result, std::size_t index = 0)
{
    return dynamic_cast<const kinds::job_streams::JobStreamsSpec&>(*std::get<model::KindWorkload>(result.scenario->workloads.at(index)).spec);
}

QString describe(const scenario::LoadResult& result)
{
    return QString::fromStdString(model::formatAll(result.diagnostics));
}

//! 1-based line and column (in characters) where `needle` first occurs in `source`; a '|' in
//! the needle marks the position within it ("jobs: |0" points at the 0).
QPair<int, int> positionOf(const std::string& source, const std::string& needle)
{
    const QString text = QString::fromStdString(source);
    QString pattern = QString::fromStdString(needle);
    const qsizetype mark = std::max<qsizetype>(0, pattern.indexOf(QLatin1Char('|')));
    pattern.remove(QLatin1Char('|'));
    qsizetype at = text.indexOf(pattern);
    if (at < 0)
        return {0, 0};
    at += mark;
    const qsizetype lineStart = text.lastIndexOf(QLatin1Char('\n'), at - 1) + 1;
    return {static_cast<int>(text.left(at).count(QLatin1Char('\n'))) + 1, static_cast<int>(at - lineStart) + 1};
}

} // namespace

void TestJobStreamsReader::everyField()
{
    const auto result = parse(R"(    - name: shop
      kind: JobStreams
      graph: graphs/good/shop.yaml
      arrivalRate: 20/s
      jobs: 500
      servicesPerJob: {min: 2, max: 3}
      latencySigma: 0.5
      slo: {criticalPathMultiple: 2.5}
      batch:
        fraction: 0.1
        request: {cpu: 2, memory: 8Gi}
        duration: {distribution: lognormal, median: 10m, sigma: 0.5}
)");
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    const kinds::job_streams::JobStreamsSpec& spec = streams(result);
    QCOMPARE(spec.name, std::string("shop"));
    QCOMPARE(spec.graphReference, std::string("graphs/good/shop.yaml"));
    QVERIFY(QString::fromStdString(spec.graphFile).endsWith("tests/fixtures/graphs/good/shop.yaml"));
    QVERIFY(spec.graph);
    QCOMPARE(spec.graph->size(), std::size_t{4});
    QCOMPARE(spec.arrivalsPerSecond, 20.0);
    QCOMPARE(spec.maxJobs, std::int64_t{500});
    QCOMPARE(spec.minServicesPerJob, 2);
    QCOMPARE(spec.maxServicesPerJob, 3);
    QCOMPARE(spec.latencySigma, 0.5);
    QCOMPARE(spec.slo.kind, kinds::job_streams::JobSloSpec::Kind::CriticalPathMultiple);
    QCOMPARE(spec.slo.multiple, 2.5);
    QVERIFY(spec.batch.enabled());
    QCOMPARE(spec.batch.fraction, 0.1);
    QCOMPARE(spec.batch.request.millicores, std::int64_t{2000});
    QCOMPARE(spec.batch.request.memoryBytes, 8 * kGi);
    QCOMPARE(spec.batch.duration.kind, model::DurationDistribution::Kind::LogNormal);
    QCOMPARE(spec.batch.duration.first, 10 * sim::kMinute);
    QCOMPARE(spec.location.line, 13);
}

void TestJobStreamsReader::defaults()
{
    const auto result = parse("    - {name: s, kind: JobStreams, graph: graphs/good/shop.yaml, arrivalRate: 1/s}\n");
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    const kinds::job_streams::JobStreamsSpec& spec = streams(result);
    QCOMPARE(spec.maxJobs, std::int64_t{0});
    QCOMPARE(spec.minServicesPerJob, 1);
    QCOMPARE(spec.maxServicesPerJob, 4);
    QCOMPARE(spec.latencySigma, 0.3);
    QCOMPARE(spec.slo.kind, kinds::job_streams::JobSloSpec::Kind::None);
    QVERIFY(!spec.batch.enabled());
}

void TestJobStreamsReader::builtinGraph()
{
    const auto result = parse("    - {name: social, kind: JobStreams, graph: socialnetwork, arrivalRate: 100/s}\n"
                              "    - {name: again, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s}\n");
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    const kinds::job_streams::JobStreamsSpec& spec = streams(result);
    QCOMPARE(spec.graphReference, std::string("socialnetwork"));
    QVERIFY(QString::fromStdString(spec.graphFile).endsWith("resources/graphs/socialnetwork.yaml"));
    QCOMPARE(spec.graph->name, std::string("socialnetwork"));
    QCOMPARE(spec.graph->size(), std::size_t{14});
    // Both workloads share one graph, read once.
    QCOMPARE(streams(result, 1).graph.get(), spec.graph.get());
}

void TestJobStreamsReader::resourcePathFromEnvironment()
{
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    QVERIFY(QDir(directory.path()).mkdir(QStringLiteral("graphs")));
    QVERIFY(QFile::copy(QStringLiteral(ORRERY_FIXTURE_DIR "/graphs/good/minimal.yaml"),
                        directory.filePath(QStringLiteral("graphs/custom.yaml"))));
    const QByteArray previous = qgetenv("ORRERY_RESOURCE_PATH");
    qputenv("ORRERY_RESOURCE_PATH", (QByteArray("/no/such/dir:") + directory.path().toUtf8()));
    const auto path = scenario::defaultResourcePath("/opt/orrery/share/orrery/resources");
    const auto result = scenario::parseScenario(
        scenarioText("    - {name: s, kind: JobStreams, graph: custom, arrivalRate: 1/s}\n"), kScenarioName);
    if (previous.isNull())
        qunsetenv("ORRERY_RESOURCE_PATH");
    else
        qputenv("ORRERY_RESOURCE_PATH", previous);

    // Environment first, then the installed directory, then the source tree.
    QCOMPARE(path.size(), std::size_t{4});
    QCOMPARE(QString::fromStdString(path[0].string()), QStringLiteral("/no/such/dir"));
    QCOMPARE(QString::fromStdString(path[1].string()), directory.path());
    QCOMPARE(QString::fromStdString(path[2].string()), QStringLiteral("/opt/orrery/share/orrery/resources"));
    QCOMPARE(QString::fromStdString(path[3].string()), QStringLiteral(ORRERY_SOURCE_DIR "/resources"));
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    QCOMPARE(streams(result).graph->name, std::string("minimal"));
}

void TestJobStreamsReader::installedResourcesReplaceTheSourceTree()
{
    // Where the installed directory exists (an installation, or a build's copy), the checkout the
    // library was built from is not searched: an installed Orrery must work with it gone.
    QTemporaryDir installed;
    QVERIFY(installed.isValid());
    const QByteArray previous = qgetenv("ORRERY_RESOURCE_PATH");
    qunsetenv("ORRERY_RESOURCE_PATH");
    const auto path = scenario::defaultResourcePath(installed.path().toStdString());
    if (!previous.isNull())
        qputenv("ORRERY_RESOURCE_PATH", previous);
    QCOMPARE(path.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(path[0].string()), installed.path());
}

void TestJobStreamsReader::batchArrivalRateMergesStreams()
{
    const auto result = parse(R"(    - name: s
      kind: JobStreams
      graph: graphs/good/shop.yaml
      arrivalRate: 90/s
      batch: {arrivalRate: 10/s, request: {cpu: 1, memory: 1Gi}, duration: 5m}
)");
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    QCOMPARE(streams(result).arrivalsPerSecond, 100.0);
    QCOMPARE(streams(result).batch.fraction, 0.1);
    QCOMPARE(streams(result).batch.duration.first, 5 * sim::kMinute);
}

void TestJobStreamsReader::absoluteSloAndFixedJobSize()
{
    const auto result = parse("    - {name: s, kind: JobStreams, graph: graphs/good/shop.yaml, arrivalRate: 1/s,"
                              " slo: 50ms, servicesPerJob: 2}\n");
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    QCOMPARE(streams(result).slo.kind, kinds::job_streams::JobSloSpec::Kind::Absolute);
    QCOMPARE(streams(result).slo.absolute, 50 * sim::kMillisecond);
    QCOMPARE(streams(result).minServicesPerJob, 2);
    QCOMPARE(streams(result).maxServicesPerJob, 2);
}

void TestJobStreamsReader::graphProblemsPointIntoTheGraphFile()
{
    const std::string text = scenarioText("    - {name: s, kind: JobStreams, graph: graphs/bad/cycle.yaml, arrivalRate: 1/s}\n");
    const auto result = scenario::parseScenario(text, kScenarioName, sourceTreeOnly());
    QVERIFY(!result.ok());
    QCOMPARE(result.diagnostics.size(), std::size_t{2});
    // The scenario's own diagnostic first, at its `graph:` value ...
    const model::Diagnostic& here = result.diagnostics[0];
    QCOMPARE(here.location.file, kScenarioName);
    QCOMPARE(qMakePair(here.location.line, here.location.column), positionOf(text, "graphs/bad/cycle.yaml"));
    QCOMPARE(here.fieldPath, std::string("spec.workloads[0].graph"));
    QVERIFY2(QString::fromStdString(here.message).contains("service graph 'graphs/bad/cycle.yaml' ("), here.message.c_str());
    QVERIFY(QString::fromStdString(here.message).contains("is not valid: 1 problem, reported in that file"));
    // ... then the graph's, pointing into the graph file.
    const model::Diagnostic& there = result.diagnostics[1];
    QVERIFY(QString::fromStdString(there.location.file).endsWith("tests/fixtures/graphs/bad/cycle.yaml"));
    QCOMPARE(there.location.line, 19);
    QCOMPARE(there.location.column, 7);
    QCOMPARE(there.fieldPath, std::string("spec.calls[2]"));
    QVERIFY(QString::fromStdString(there.message).contains("calls form a cycle: a -> b -> c -> a"));
}

void TestJobStreamsReader::sharedGraphIsReadOnce()
{
    const auto result = parse("    - {name: a, kind: JobStreams, graph: graphs/bad/self_call.yaml, arrivalRate: 1/s}\n"
                              "    - {name: b, kind: JobStreams, graph: graphs/../graphs/bad/self_call.yaml, arrivalRate: 1/s}\n");
    QVERIFY(!result.ok());
    // One diagnostic per referring workload, and the graph's own problem once.
    QCOMPARE(result.diagnostics.size(), std::size_t{3});
    QCOMPARE(result.diagnostics[0].fieldPath, std::string("spec.workloads[0].graph"));
    QCOMPARE(result.diagnostics[1].fieldPath, std::string("spec.workloads[1].graph"));
    QVERIFY(QString::fromStdString(result.diagnostics[2].message).contains("calls itself"));
}

void TestJobStreamsReader::shippedScenarioIsValid()
{
    const auto result = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/octopus-small.yaml");
    QVERIFY2(result.ok(), qPrintable(describe(result)));
    const kinds::job_streams::JobStreamsSpec& spec = streams(result);
    QCOMPARE(spec.maxJobs, std::int64_t{1000});
    QCOMPARE(spec.graph->size(), std::size_t{14});
    QCOMPARE(result.scenario->cluster.pools.size(), std::size_t{3});
    QCOMPARE(result.scenario->cluster.nodeCount(), 30);
}

void TestJobStreamsReader::documentationExamples()
{
    // The examples of docs/scenario-format.md must stay valid.
    QFile file(QStringLiteral(ORRERY_SOURCE_DIR "/docs/scenario-format.md"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray doc = file.readAll();
    const auto example = [&](const char* heading) {
        const qsizetype section = doc.indexOf(heading);
        const qsizetype start = doc.indexOf("```yaml\n", section);
        const qsizetype end = doc.indexOf("```", start + 8);
        return section >= 0 && start >= 0 && end > start ? doc.mid(start + 8, end - start - 8).toStdString() : std::string();
    };
    const std::string scenarioExample = example("## Job streams workloads");
    QVERIFY(!scenarioExample.empty());
    const auto scenarioResult = scenario::parseScenario(scenarioExample, "docs/scenario-format.md", sourceTreeOnly());
    QVERIFY2(scenarioResult.ok(), qPrintable(describe(scenarioResult)));
    QCOMPARE(streams(scenarioResult).batch.fraction, 0.05);
    const std::string graphExample = example("## Service graph files");
    QVERIFY(!graphExample.empty());
    const auto graphResult = scenario::parseServiceGraph(graphExample, "docs/scenario-format.md");
    QVERIFY2(graphResult.ok(), model::formatAll(graphResult.diagnostics).c_str());
    QCOMPARE(graphResult.graph->size(), std::size_t{2});
}

void TestJobStreamsReader::errors_data()
{
    QTest::addColumn<QString>("workloads");
    QTest::addColumn<bool>("withGpu");
    QTest::addColumn<QString>("at"); //!< the text the first diagnostic points at
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("count");
    const auto row = [](const char* name, const char* workload, const char* at, const char* path, const char* message,
                        int count = 1, bool withGpu = true) {
        QTest::newRow(name) << QString::fromUtf8(workload) << withGpu << QString::fromUtf8(at) << QString::fromUtf8(path)
                            << QString::fromUtf8(message) << count;
    };
    // The workload lines below are indented into spec.workloads by the test.
    row("unknown kind", "- {name: s, kind: JobStream, graph: socialnetwork, arrivalRate: 1/s}", "JobStream,",
        "spec.workloads[0].kind", "unknown workload kind \"JobStream\" (did you mean 'JobStreams'?); known kinds: BatchJobs, JobStreams");
    row("missing graph", "- {name: s, kind: JobStreams, arrivalRate: 1/s}", "{name: s", "spec.workloads[0].graph",
        "missing required field 'graph' (expected a built-in graph name such as socialnetwork, or a path to a ServiceGraph file)");
    row("graph is a mapping", "- {name: s, kind: JobStreams, graph: {name: x}, arrivalRate: 1/s}", "{name: x}",
        "spec.workloads[0].graph", "expected a built-in graph name such as socialnetwork, or a path to a ServiceGraph file, got a mapping");
    row("unknown built-in graph", "- {name: s, kind: JobStreams, graph: socialnetwrk, arrivalRate: 1/s}", "socialnetwrk",
        "spec.workloads[0].graph", "no built-in service graph 'socialnetwrk' (did you mean 'socialnetwork'?); looked for socialnetwrk.yaml in ");
    row("graph file missing", "- {name: s, kind: JobStreams, graph: graphs/nope.yaml, arrivalRate: 1/s}", "graphs/nope.yaml",
        "spec.workloads[0].graph", "cannot open service graph file 'graphs/nope.yaml' (looked at ");
    row("graph is a directory", "- {name: s, kind: JobStreams, graph: graphs/good, arrivalRate: 1/s}", "graphs/good",
        "spec.workloads[0].graph", "): not a regular file; expected a path relative to the scenario file's directory");
    row("graph file invalid", "- {name: s, kind: JobStreams, graph: graphs/bad/missing_latency.yaml, arrivalRate: 1/s}",
        "graphs/bad/missing_latency.yaml", "spec.workloads[0].graph", "is not valid: 1 problem, reported in that file", 2);
    row("unknown field", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, servicesPerjob: 2}",
        "servicesPerjob", "spec.workloads[0].servicesPerjob", "unknown field 'servicesPerjob' (did you mean 'servicesPerJob'?)");
    row("batch-jobs field", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, maxJobs: 2}", "maxJobs",
        "spec.workloads[0].maxJobs", "unknown field 'maxJobs'; expected one of: name, kind, graph, arrivalRate, launchWindow, jobs,");
    row("window and rate", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, jobs: 10, launchWindow: 1m}",
        "1m}", "spec.workloads[0].launchWindow", "both arrivalRate and launchWindow are given; expected one of them");
    row("window without jobs", "- {name: s, kind: JobStreams, graph: socialnetwork, launchWindow: 1m}", "1m}",
        "spec.workloads[0].launchWindow", "expected a jobs count too");
    row("window with batch rate",
        "- {name: s, kind: JobStreams, graph: socialnetwork, jobs: 10, launchWindow: 1m, batch: {arrivalRate: 1/min, request: {cpu: 1, memory: 1Gi}, duration: 10m}}",
        "{arrivalRate: 1/min", "spec.workloads[0].batch", "expected the batch jobs as a fraction of them");
    row("missing arrival rate", "- {name: s, kind: JobStreams, graph: socialnetwork}", "{name: s",
        "spec.workloads[0].arrivalRate", "missing required field 'arrivalRate' (expected a rate such as 50/s (or jobs with a launchWindow))");
    row("zero jobs", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, jobs: 0}", "jobs: |0}",
        "spec.workloads[0].jobs", "expected an integer from 1 to 1000000000, got \"0\"");
    row("services min above max", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, servicesPerJob: {min: 3, max: 2}}",
        "max: |2}}", "spec.workloads[0].servicesPerJob.max", "expected max at least min (3), got 2");
    row("services min above default max", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, servicesPerJob: {min: 5}}",
        "{min: 5}", "spec.workloads[0].servicesPerJob", "expected max at least min (5), got 4 (the default)");
    row("zero services", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, servicesPerJob: 0}", "servicesPerJob: |0}",
        "spec.workloads[0].servicesPerJob", "expected an integer from 1 to 64, got \"0\"");
    row("services beyond the graph", "- {name: s, kind: JobStreams, graph: graphs/good/minimal.yaml, arrivalRate: 1/s, servicesPerJob: {min: 2, max: 3}}",
        "{min: 2", "spec.workloads[0].servicesPerJob",
        "jobs of at least 2 services cannot be sampled from graph 'graphs/good/minimal.yaml', which has 1; expected a minimum of at most 1");
    row("sigma too large", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, latencySigma: 6}", "latencySigma: |6}",
        "spec.workloads[0].latencySigma", "expected a number from 0 to 5, got \"6\"");
    row("slo without unit", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, slo: 50}", "slo: |50}",
        "spec.workloads[0].slo", "expected a duration with a unit such as 250ms, 10s or 2h, got \"50\"");
    row("slo multiple zero", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, slo: {criticalPathMultiple: 0}}",
        "criticalPathMultiple: |0}}", "spec.workloads[0].slo.criticalPathMultiple", "expected a number greater than 0, got \"0\"");
    row("slo misspelt", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, slo: {criticalPathMultple: 3}}",
        "{criticalPathMultple", "spec.workloads[0].slo.criticalPathMultiple", "missing required field 'criticalPathMultiple'", 2);
    row("slo sequence", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, slo: [1]}", "[1]",
        "spec.workloads[0].slo", "expected an SLO: a duration such as 50ms, or {criticalPathMultiple: 5}, got a sequence");
    row("batch without amount", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, batch: {request: {cpu: 1, memory: 1Gi}, duration: 1m}}",
        "{request", "spec.workloads[0].batch.fraction", "missing required field 'fraction' or 'arrivalRate'");
    row("batch with both amounts", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, batch: {fraction: 0.1, arrivalRate: 1/s, request: {cpu: 1, memory: 1Gi}, duration: 1m}}",
        "1/s, request", "spec.workloads[0].batch.arrivalRate", "both fraction and arrivalRate are given");
    row("batch fraction above one", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, batch: {fraction: 1.5, request: {cpu: 1, memory: 1Gi}, duration: 1m}}",
        "1.5", "spec.workloads[0].batch.fraction", "expected a number from 0 to 1, got \"1.5\"");
    row("batch fraction zero", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, batch: {fraction: 0, request: {cpu: 1, memory: 1Gi}, duration: 1m}}",
        "0, request", "spec.workloads[0].batch.fraction", "expected a number greater than 0 and at most 1, got \"0\"");
    row("batch asks for a gpu", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, batch: {fraction: 0.1, request: {cpu: 1, memory: 1Gi, gpu: 1}, duration: 1m}}",
        "gpu: 1}", "spec.workloads[0].batch.request.gpu", "unknown field 'gpu' (did you mean 'cpu'?); expected one of: cpu, memory");
    row("batch too large", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, batch: {fraction: 0.1, request: {cpu: 64, memory: 1Gi}, duration: 1m}}",
        "{cpu: 64", "spec.workloads[0].batch.request", "request (cpu 64, memory 1Gi) fits on no node, so these jobs could never run: pool 'cpu' has cpu 8");
    row("batch without duration", "- {name: s, kind: JobStreams, graph: socialnetwork, arrivalRate: 1/s, batch: {fraction: 0.1, request: {cpu: 1, memory: 1Gi}}}",
        "{fraction: 0.1", "spec.workloads[0].batch.duration", "missing required field 'duration'");
    row("declared gpu on a cpu-only cluster", "- {name: s, kind: JobStreams, graph: graphs/good/shop.yaml, arrivalRate: 1/s}",
        "graphs/good/shop.yaml", "spec.workloads[0].graph",
        "service 'recommender' (cpu 1, memory 2Gi, gpu 1) fits on no node, counting the device of its declared compute kind", 1, false);
}

void TestJobStreamsReader::errors()
{
    QFETCH(QString, workloads);
    QFETCH(bool, withGpu);
    QFETCH(QString, at);
    QFETCH(QString, path);
    QFETCH(QString, message);
    QFETCH(int, count);
    const std::string text = scenarioText("    " + workloads.toStdString() + "\n", withGpu);
    const auto result = scenario::parseScenario(text, kScenarioName, sourceTreeOnly());
    QVERIFY(!result.ok());
    QVERIFY2(result.diagnostics.size() == static_cast<std::size_t>(count), qPrintable(describe(result)));
    const model::Diagnostic& first = result.diagnostics.front();
    QCOMPARE(first.location.file, kScenarioName);
    const auto expected = positionOf(text, at.toStdString());
    QVERIFY(expected.first > 0);
    QCOMPARE(qMakePair(first.location.line, first.location.column), expected);
    QCOMPARE(QString::fromStdString(first.fieldPath), path);
    QVERIFY2(QString::fromStdString(first.message).contains(message), first.message.c_str());
}

QTEST_GUILESS_MAIN(TestJobStreamsReader)
#include "tst_job_streams_reader.moc"
