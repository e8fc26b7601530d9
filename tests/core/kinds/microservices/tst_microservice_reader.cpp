#include "kinds/built_in_kinds.h"
#include "experiment/scenario_variant.h"
#include "kinds/microservices/microservices_spec.h"
#include "scenario/scenario_loader.h"
#include "scenario/service_graph_loader.h"

#include "diagnostic_expectation.h"

#include <QDir>
#include <QtTest>

#include <variant>

using namespace orrery;

//! `kind: Microservices` workloads, `spec.anomalies` and graph request types: the shipped graphs
//! and scenarios load, every field reaches the model, and each bad fixture under
//! tests/fixtures/scenarios/bad/microservice/ gives its diagnostic (file:line:column, field path).
class TestMicroserviceReader : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { kinds::registerBuiltInKinds(); }
    void shippedGraphsLoad_data();
    void shippedGraphsLoad();
    void shippedScenariosLoad_data();
    void shippedScenariosLoad();
    void everyField();
    void arrivalRateSweepScalesEveryStream();
    void graphRequestTypeErrors_data();
    void graphRequestTypeErrors();
    void badFixtures_data();
    void badFixtures();
    void everyBadFixtureHasARow();
};

namespace {

struct BadCase {
    const char* file;
    int line;
    int column;
    const char* path;
    const char* message; //!< a part of the message
};

const BadCase kBadCases[] = {
    {"unknown_request_type", 17, 17, "spec.workloads[0].requests[0].type", "unknown request type 'compose-pots' (did you mean 'compose-post'?)"},
    {"unknown_arrival_process", 18, 30, "spec.workloads[0].requests[0].arrival.process", "unknown arrival process \"poison\" (did you mean 'poisson'?)"},
    {"amplitude_for_poisson", 18, 62, "spec.workloads[0].requests[0].arrival.amplitude", "'amplitude' applies to process: diurnal only"},
    {"graph_without_request_types", 15, 14, "spec.workloads[0].graph", "defines no requestTypes"},
    {"unknown_instance_service", 21, 11, "spec.workloads[0].instances.services.compose-post", "unknown service 'compose-post'; expected a service of graph 'socialnetwork'"},
    {"spans_not_a_switch", 19, 14, "spec.workloads[0].spans", "expected on or off, got \"maybe\""},
    {"sampling_above_one", 19, 22, "spec.workloads[0].traceSampling", "expected a number from 0 to 1"},
    {"unknown_anomaly_kind", 20, 14, "spec.anomalies[0].kind", "unknown anomaly kind \"cpuu\" (did you mean 'cpu'?)"},
    {"anomaly_intensity_above_one", 20, 52, "spec.anomalies[0].intensity", "expected a number from 0 to 1"},
    {"unknown_anomaly_target", 20, 27, "spec.anomalies[0].target", "unknown target 'text-service/3'"},
    {"unknown_pattern", 20, 92, "spec.anomalies[0].pattern.kind", "unknown pattern \"sawtooth\""},
    {"random_unknown_targets", 20, 39, "spec.anomalies[0].random.targets", "unknown targets \"pods\""},
};

QString fixture(const QString& name)
{
    return QStringLiteral(ORRERY_FIXTURE_DIR "/scenarios/bad/microservice/") + name;
}

scenario::ScenarioLoadOptions sourceTreeOnly()
{
    scenario::ScenarioLoadOptions options;
    options.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    return options;
}

} // namespace

void TestMicroserviceReader::shippedGraphsLoad_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("requestTypes");
    QTest::addColumn<QString>("firstType");
    QTest::addColumn<int>("firstTypeCalls");
    QTest::newRow("socialnetwork") << "socialnetwork" << 3 << "compose-post" << 12;
    QTest::newRow("mediaservice") << "mediaservice" << 2 << "compose-review" << 15;
    QTest::newRow("hotelreservation") << "hotelreservation" << 4 << "search-hotels" << 6;
    QTest::newRow("trainticket") << "trainticket" << 4 << "search-ticket" << 11;
}

void TestMicroserviceReader::shippedGraphsLoad()
{
    QFETCH(QString, name);
    QFETCH(int, requestTypes);
    QFETCH(QString, firstType);
    QFETCH(int, firstTypeCalls);
    const auto result = scenario::loadServiceGraphFile(ORRERY_SOURCE_DIR "/resources/graphs/" + name.toStdString() + ".yaml");
    QVERIFY2(result.ok(), qPrintable(QString::fromStdString(model::formatAll(result.diagnostics))));
    QCOMPARE(static_cast<int>(result.graph->requestTypes.size()), requestTypes);
    QCOMPARE(QString::fromStdString(result.graph->requestTypes[0].name), firstType);
    QCOMPARE(static_cast<int>(result.graph->requestTypes[0].callCount()), firstTypeCalls);
}

void TestMicroserviceReader::shippedScenariosLoad_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios"));
    for (const QString& file : dir.entryList({QStringLiteral("socialnetwork-*.yaml"), QStringLiteral("trainticket-*.yaml")}))
        QTest::newRow(qPrintable(file)) << dir.filePath(file);
}

void TestMicroserviceReader::shippedScenariosLoad()
{
    QFETCH(QString, file);
    const auto result = scenario::loadScenarioFile(file.toStdString(), sourceTreeOnly());
    QVERIFY2(result.ok(), qPrintable(QString::fromStdString(model::formatAll(result.diagnostics))));
    QVERIFY(kinds::microservices::microservicesSpecOf(result.scenario->workloads.at(0)) != nullptr);
}

// The experiment's arrivalRate sweep reaches every request stream, on a copy: the base scenario's
// shared spec keeps its rates.
void TestMicroserviceReader::arrivalRateSweepScalesEveryStream()
{
    const auto result = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-anomalies.yaml", sourceTreeOnly());
    QVERIFY2(result.ok(), qPrintable(QString::fromStdString(model::formatAll(result.diagnostics))));
    const model::Scenario& base = *result.scenario;
    QVERIFY(experiment::sweepProblem(base, experiment::SweepParameter::ArrivalRate, 2.0).empty());
    const model::Scenario doubled = experiment::applySweep(base, experiment::SweepParameter::ArrivalRate, 2.0);
    const auto& before = *kinds::microservices::microservicesSpecOf(base.workloads.at(0));
    const auto& after = *kinds::microservices::microservicesSpecOf(doubled.workloads.at(0));
    QCOMPARE(after.streams.size(), before.streams.size());
    for (std::size_t s = 0; s < before.streams.size(); ++s) {
        QCOMPARE(after.streams[s].arrival.ratePerSecond, 2.0 * before.streams[s].arrival.ratePerSecond);
        QVERIFY(after.streams[s].arrival.kind == before.streams[s].arrival.kind);
    }
    QCOMPARE(before.streams[0].arrival.ratePerSecond, 50.0); // the base is untouched
    // The sweep's bound applies to the declared rates (the diurnal stream's 300/s is the largest).
    QCOMPARE(before.peakArrivalsPerSecond(), 300.0);
    QVERIFY(!experiment::sweepProblem(base, experiment::SweepParameter::ArrivalRate, 1e9).empty());
}

void TestMicroserviceReader::everyField()
{
    const auto result = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-anomalies.yaml", sourceTreeOnly());
    QVERIFY2(result.ok(), qPrintable(QString::fromStdString(model::formatAll(result.diagnostics))));
    const auto& spec = *kinds::microservices::microservicesSpecOf(result.scenario->workloads.at(0));
    QCOMPARE(spec.streams.size(), std::size_t{3});
    QVERIFY(spec.streams[0].arrival.kind == model::ArrivalProcess::Kind::Poisson);
    QCOMPARE(spec.streams[0].slo, 20 * sim::kMillisecond);
    QVERIFY(spec.streams[1].arrival.kind == model::ArrivalProcess::Kind::Diurnal);
    QCOMPARE(spec.streams[1].arrival.amplitude, 0.5);
    QCOMPARE(spec.streams[1].arrival.period, sim::kMinute);
    QVERIFY(spec.streams[2].arrival.kind == model::ArrivalProcess::Kind::Spikes);
    QCOMPARE(spec.streams[2].arrival.spikeFactor, 4.0);
    QCOMPARE(spec.networkLatency, 50 * sim::kMicrosecond);
    const std::size_t nginx = *spec.graph->indexOf("nginx-web-server");
    QCOMPARE(spec.limitsOf(nginx).replicas, 2);
    QCOMPARE(spec.limitsOf(nginx).millicores, std::int64_t{2000});
    QCOMPARE(spec.limitsOf(nginx).memoryBytes, std::int64_t{512} << 20); // from default
    const auto& anomalies = result.scenario->anomalies;
    QCOMPARE(anomalies.injections.size(), std::size_t{3});
    QVERIFY(anomalies.injections[1].kind == model::AnomalyKind::Llc);
    QVERIFY(anomalies.injections[1].pattern.kind == model::AnomalyPattern::Kind::Ramp);
    QVERIFY(anomalies.injections[2].pattern.kind == model::AnomalyPattern::Kind::Periodic);
    QCOMPARE(anomalies.injections[2].pattern.on, 2 * sim::kSecond);
    QCOMPARE(anomalies.injections[2].pattern.off, 3 * sim::kSecond);
    QCOMPARE(anomalies.random.size(), std::size_t{1});
    QCOMPARE(anomalies.random[0].ratePerSecond, 0.33);
    QCOMPARE(anomalies.random[0].start, 100 * sim::kSecond);
}

void TestMicroserviceReader::graphRequestTypeErrors_data()
{
    QTest::addColumn<QString>("requestTypes");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown service") << "    - {name: r, root: {service: x, operation: op}}\n" << 8 << "spec.requestTypes[0].root.service"
                                     << "unknown service 'x'";
    QTest::newRow("background root") << "    - {name: r, root: {service: a, operation: op, background: true}}\n" << 8
                                     << "spec.requestTypes[0].root" << "the root call cannot be background";
    QTest::newRow("empty parallel") << "    - {name: r, root: {service: a, operation: op, calls: [{parallel: []}]}}\n" << 8
                                    << "spec.requestTypes[0].root.calls[0].parallel" << "expected a non-empty sequence of calls";
    QTest::newRow("missing operation") << "    - {name: r, root: {service: a}}\n" << 8 << "spec.requestTypes[0].root.operation"
                                       << "missing required field 'operation'";
    QTest::newRow("bad work") << "    - {name: r, root: {service: a, operation: op, work: 5}}\n" << 8 << "spec.requestTypes[0].root.work"
                              << "expected a duration with a unit";
    QTest::newRow("bad sensitivity") << "    - {name: r, root: {service: a, operation: op}}\n" << 6 << "spec.services[0].sensitivity.llc"
                                     << "expected a number from 0 to 10";
}

void TestMicroserviceReader::graphRequestTypeErrors()
{
    QFETCH(QString, requestTypes);
    QFETCH(int, line);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const std::string text = std::string("apiVersion: orrery.dev/v1\nkind: ServiceGraph\nmetadata: {name: g}\nspec:\n  services:\n"
                                         "    - {name: a, request: {cpu: 1, memory: 1Gi}, latency: {cpu: 1ms}")
        + (QString(QTest::currentDataTag()) == "bad sensitivity" ? ", sensitivity: {llc: 11}" : "") + "}\n  requestTypes:\n"
        + requestTypes.toStdString();
    const auto result = scenario::parseServiceGraph(text, "g.yaml");
    QVERIFY(!result.ok());
    ORRERY_VERIFY_DIAGNOSTIC(result.diagnostics.front(), QStringLiteral("g.yaml"), line, 0, path, message);
}

void TestMicroserviceReader::badFixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    for (const BadCase& bad : kBadCases)
        QTest::newRow(bad.file) << QString::fromLatin1(bad.file) + ".yaml" << bad.line << bad.column << QString::fromLatin1(bad.path)
                                << QString::fromUtf8(bad.message);
}

void TestMicroserviceReader::badFixtures()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, path);
    QFETCH(QString, message);
    const std::string fileName = fixture(file).toStdString();
    const auto result = scenario::loadScenarioFile(fileName, sourceTreeOnly());
    QVERIFY2(!result.ok(), "a bad fixture parsed");
    QVERIFY(!result.diagnostics.empty());
    ORRERY_VERIFY_DIAGNOSTIC(result.diagnostics.front(), QString::fromStdString(fileName), line, column, path, message);
}

void TestMicroserviceReader::everyBadFixtureHasARow()
{
    QStringList covered;
    for (const BadCase& bad : kBadCases)
        covered << QString::fromLatin1(bad.file) + ".yaml";
    const QStringList files = QDir(fixture(QString())).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
    for (const QString& file : files)
        QVERIFY2(covered.contains(file), qPrintable(file + " has no row in kBadCases"));
    QCOMPARE(files.size(), covered.size());
}

QTEST_GUILESS_MAIN(TestMicroserviceReader)
#include "tst_microservice_reader.moc"
