#include "control_test_support.h"
#include "kinds/microservices/anomaly_onset_sweep.h"
#include "model/bounded_file_read.h"
#include "scenario/anomaly_onset_file.h"

#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace orrery;

//! Anomalies from the onset of harm (seed 001 §3.3.2; docs/model.md): the sweep finds the
//! intensity where a scripted service starts to violate its SLO, the table survives its file,
//! and random campaigns draw their intensities from it.
class TestAnomalyOnsets : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void sweepFindsTheKnownOnset_data();
    void sweepFindsTheKnownOnset();
    void harmlessAnomalyIsMarkedSo();
    void tableRoundTripsThroughItsFile();
    void badOnsetFileNamesLineAndField();
    void randomCampaignDrawsFromTheOnsetRange();
    void storedSocialNetworkTableIsTheSweepsOutput();

private:
    //! One service `a` (2 ms of work per call, 1-core limit on a 2-core node) at 100 calls/s with
    //! a 5 ms SLO and no contention model: each call runs alone, so it violates exactly when
    //! its capacity falls below 0.4 core.
    std::string scenarioText(const std::string& anomalies = "");
    model::Scenario load(const std::string& text);

    QTemporaryDir m_dir;
    policy::PluginRegistry m_registry;
};

void TestAnomalyOnsets::initTestCase()
{
    QVERIFY(m_dir.isValid());
    policy::registerBuiltinPlugins(m_registry);
    testing::writeFile(m_dir.filePath("one.yaml").toStdString(),
                       "apiVersion: orrery.dev/v1\nkind: ServiceGraph\nmetadata: {name: one}\nspec:\n  services:\n"
                       "    - {name: a, request: {cpu: 1, memory: 1Gi}, latency: {cpu: 2ms}}\n"
                       "  requestTypes:\n    - name: ab\n      root: {service: a, operation: op, work: 2ms}\n");
}

std::string TestAnomalyOnsets::scenarioText(const std::string& anomalies)
{
    return "apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: onset}\nspec:\n  seed: 3\n  horizon: 60s\n"
           "  samplePeriod: 1s\n  contention: {enabled: off}\n  cluster:\n    pools:\n      - {name: node, count: 1, cpu: 2, memory: 8Gi}\n"
           "  workloads:\n    - name: app\n      kind: Microservices\n      graph: one.yaml\n"
           "      requests:\n        - {type: ab, arrival: {process: constant, rate: 100/s}, slo: 5ms}\n"
           "      instances:\n        default: {replicas: 1, cpu: 1, memory: 1Gi}\n"
        + anomalies;
}

model::Scenario TestAnomalyOnsets::load(const std::string& text)
{
    return testing::loadScenario(text, m_dir.filePath("s.yaml").toStdString());
}

void TestAnomalyOnsets::sweepFindsTheKnownOnset_data()
{
    QTest::addColumn<bool>("container");
    QTest::addColumn<double>("onset");
    // Node scope: the hog takes x of the node's 2 cores, the instance keeps 2(1 − x) < 0.4 above 0.8.
    QTest::newRow("node") << false << 0.8;
    // Container scope: the hog burns x of the 1-core quota, (1 − x) < 0.4 above 0.6.
    QTest::newRow("container") << true << 0.6;
}

void TestAnomalyOnsets::sweepFindsTheKnownOnset()
{
    QFETCH(bool, container);
    QFETCH(double, onset);
    kinds::microservices::AnomalyOnsetSweepOptions options;
    options.kinds = {model::AnomalyKind::Cpu};
    options.scope = container ? model::AnomalyScope::Container : model::AnomalyScope::Node;
    std::size_t reported = 0;
    options.progress = [&](std::size_t done, std::size_t total, const std::string& pair) {
        reported = done;
        return total == 1 && pair == "cpu on a";
    };
    const model::Scenario scenario = load(scenarioText());
    // Just below the onset nothing fails; just above, every request does.
    QVERIFY(kinds::microservices::probeFailedShare(scenario, m_registry, model::AnomalyKind::Cpu, "a", onset - 0.01, options) < 0.01);
    QVERIFY(kinds::microservices::probeFailedShare(scenario, m_registry, model::AnomalyKind::Cpu, "a", onset + 0.01, options) > 0.99);
    const model::AnomalyOnsetTable table = kinds::microservices::sweepAnomalyOnsets(scenario, m_registry, options);
    QCOMPARE(reported, std::size_t{1});
    const auto found = table.find(model::AnomalyKind::Cpu, "a");
    QVERIFY(found.has_value());
    QVERIFY(found->harmful);
    QVERIFY2(found->start > onset && found->start <= onset + 1.0 / 128, qPrintable(QString::number(found->start)));
    // Every request fails from the onset on: the end-point is the start.
    QVERIFY(found->end >= found->start && found->end <= onset + 2.0 / 128);
}

void TestAnomalyOnsets::harmlessAnomalyIsMarkedSo()
{
    // Network delay adds to calls between services; a one-service request makes none.
    kinds::microservices::AnomalyOnsetSweepOptions options;
    options.kinds = {model::AnomalyKind::NetworkDelay};
    const auto table = kinds::microservices::sweepAnomalyOnsets(load(scenarioText()), m_registry, options);
    const auto found = table.find(model::AnomalyKind::NetworkDelay, "a");
    QVERIFY(found.has_value());
    QVERIFY(!found->harmful);
    QCOMPARE(found->start, 1.0);
    QCOMPARE(found->end, 1.0);
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, [&] {
        kinds::microservices::AnomalyOnsetSweepOptions unknown;
        unknown.services = {"nope"};
        (void)kinds::microservices::sweepAnomalyOnsets(load(scenarioText()), m_registry, unknown);
    }());
}

void TestAnomalyOnsets::tableRoundTripsThroughItsFile()
{
    model::AnomalyOnsetTable table;
    table.scenario = "onset";
    table.seed = 3;
    table.window = 10 * sim::kSecond;
    table.violationIncrease = 0.05;
    table.onsets[{model::AnomalyKind::Cpu, "a"}] = {0.8046875, 0.8125, true};
    table.onsets[{model::AnomalyKind::Llc, "a"}] = {1.0, 1.0, false};
    const std::string text = scenario::formatAnomalyOnsets(table);
    const auto loaded = scenario::parseAnomalyOnsets(text, "t.yaml");
    QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
    QCOMPARE(loaded.table->scenario, std::string("onset"));
    QCOMPARE(loaded.table->seed, std::uint64_t{3});
    QCOMPARE(loaded.table->window, 10 * sim::kSecond);
    QCOMPARE(loaded.table->onsets.size(), std::size_t{2});
    const auto cpu = loaded.table->find(model::AnomalyKind::Cpu, "a");
    QCOMPARE(cpu->start, 0.8046875);
    QCOMPARE(cpu->end, 0.8125);
    QVERIFY(cpu->harmful);
    QVERIFY(!loaded.table->find(model::AnomalyKind::Llc, "a")->harmful);
}

void TestAnomalyOnsets::badOnsetFileNamesLineAndField()
{
    const std::string text = "apiVersion: orrery.dev/v1\nkind: AnomalyOnsets\nmetadata: {name: x}\nspec:\n  onsets:\n"
                             "    - {kind: cpu, service: a, start: 0.5, end: 1}\n"
                             "    - {kind: cpuu, service: a, start: 0.9, end: 0.4}\n";
    const auto loaded = scenario::parseAnomalyOnsets(text, "bad.yaml");
    QVERIFY(!loaded.ok());
    const std::string message = model::formatAll(loaded.diagnostics);
    QVERIFY2(message.find("bad.yaml:7") != std::string::npos, message.c_str());
    QVERIFY2(message.find("spec.onsets[1].kind") != std::string::npos, message.c_str());
    QVERIFY2(message.find("did you mean") != std::string::npos || message.find("cpu") != std::string::npos, message.c_str());
    QVERIFY2(message.find("spec.onsets[1].end") != std::string::npos, message.c_str());
    // A scenario naming a missing onset file says which file and field.
    scenario::ScenarioLoadOptions options;
    const auto result = scenario::parseScenario(
        scenarioText("  anomalies:\n    - random: {rate: 1/s, kinds: [cpu], intensity: {onsets: missing.yaml}}\n"),
        m_dir.filePath("s.yaml").toStdString(), options);
    QVERIFY(!result.ok());
    const std::string scenarioMessage = model::formatAll(result.diagnostics);
    QVERIFY2(scenarioMessage.find("intensity.onsets") != std::string::npos, scenarioMessage.c_str());
    QVERIFY2(scenarioMessage.find("missing.yaml") != std::string::npos, scenarioMessage.c_str());
}

void TestAnomalyOnsets::randomCampaignDrawsFromTheOnsetRange()
{
    model::AnomalyOnsetTable table;
    table.onsets[{model::AnomalyKind::Cpu, "a"}] = {0.7, 0.9, true};
    testing::writeFile(m_dir.filePath("onsets.yaml").toStdString(), scenario::formatAnomalyOnsets(table));
    const model::Scenario scenario = load(
        scenarioText("  anomalies:\n    - random: {rate: 2/s, kinds: [cpu, llc], duration: 100ms, intensity: {onsets: onsets.yaml}}\n"));
    QVERIFY(scenario.anomalies.random.at(0).onsets != nullptr);
    const auto recorder = testing::runScenario(scenario, m_registry);
    int cpu = 0, llc = 0;
    for (const auto& a : recorder.annotations()) {
        if (a.kind == "anomaly.cpu") {
            ++cpu;
            QVERIFY2(a.intensity >= 0.7 && a.intensity <= 0.9, qPrintable(QString::number(a.intensity)));
        } else if (a.kind == "anomaly.llc") {
            ++llc; // not in the table: the campaign's own range, [0.1, 1]
            QVERIFY(a.intensity >= 0.1 && a.intensity <= 1.0);
        }
    }
    QVERIFY(cpu > 20 && llc > 20);
}

void TestAnomalyOnsets::storedSocialNetworkTableIsTheSweepsOutput()
{
    // resources/onsets/socialnetwork-firm.yaml is `orrery onsets` on the FIRM scenario with the
    // defaults; a change to the physics that moves an onset must regenerate it.
    const std::string path = ORRERY_SOURCE_DIR "/resources/onsets/socialnetwork-firm.yaml";
    const auto stored = scenario::loadAnomalyOnsetFile(path);
    QVERIFY2(stored.ok(), model::formatAll(stored.diagnostics).c_str());
    const model::Scenario firm = testing::loadScenario(
        model::readFileAtMost(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-firm.yaml", 1 << 20).text,
        ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-firm.yaml");
    const model::AnomalyOnsetTable swept = kinds::microservices::sweepAnomalyOnsets(firm, m_registry);
    QCOMPARE(scenario::formatAnomalyOnsets(swept), scenario::formatAnomalyOnsets(*stored.table));
    // The finding it records: only CPU hogs and network delay reach the SLOs within 10 s.
    for (const auto& [key, onset] : stored.table->onsets) {
        if (onset.harmful)
            QVERIFY(key.first == model::AnomalyKind::Cpu || key.first == model::AnomalyKind::NetworkDelay);
    }
}

QTEST_GUILESS_MAIN(TestAnomalyOnsets)
#include "tst_anomaly_onsets.moc"
