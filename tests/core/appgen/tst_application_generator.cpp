// The AWARE workload generator: determinism per seed, the 800/200 split, sampling with
// replacement, what each instability scenario changes, and that a generated scenario loads and
// simulates.
#include "kinds/microservices/microservices_kind.h"
#include "appgen/application_generator.h"
#include "appgen/application_pool.h"
#include "appgen/application_writer.h"
#include "appgen/instability_scenario.h"
#include "appgen/segment_catalog_reader.h"
#include "env/simulation.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <set>

using namespace orrery;

namespace {

appgen::SegmentCatalog shippedCatalog()
{
    const auto load = appgen::loadSegmentCatalog(ORRERY_SOURCE_DIR "/resources/profiles/segments.yaml");
    if (!load.ok())
        qFatal("%s", model::formatAll(load.diagnostics).c_str());
    return load.catalog;
}

double metricValue(const sim::InMemoryRunRecorder& recorder, const std::string& name)
{
    for (const auto& m : recorder.metrics())
        if (m.name == name)
            return m.value;
    qFatal("no metric %s", name.c_str());
}

std::string withoutName(std::string text, const std::string& name)
{
    const std::string line = "name: " + name + "\n";
    const auto at = text.find(line);
    if (at != std::string::npos)
        text.erase(at, line.size());
    return text;
}

} // namespace

class TestApplicationGenerator : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        kinds::microservices::registerMicroservicesKind();
        m_catalog = shippedCatalog();
    }

    void deterministicForASeedAndDifferentAcrossSeeds()
    {
        const appgen::ApplicationWriter writer(m_catalog);
        const appgen::ApplicationGenerator a(m_catalog, 7), b(m_catalog, 7), c(m_catalog, 8);
        const auto poolA = appgen::ApplicationPool::generate(a, 50, 0.2);
        const auto poolB = appgen::ApplicationPool::generate(b, 50, 0.2);
        const auto poolC = appgen::ApplicationPool::generate(c, 50, 0.2);
        QCOMPARE(poolA.manifestYaml(m_catalog, writer, "c"), poolB.manifestYaml(m_catalog, writer, "c"));
        int same = 0;
        for (std::size_t i = 0; i < 50; ++i) {
            const auto& x = poolA.applications()[i];
            QCOMPARE(writer.graphYaml(x), writer.graphYaml(poolB.applications()[i]));
            QCOMPARE(writer.scenarioYaml(x, "g.yaml"), writer.scenarioYaml(poolB.applications()[i], "g.yaml"));
            same += appgen::ApplicationPool::shapeKey(x) == appgen::ApplicationPool::shapeKey(poolC.applications()[i]) ? 1 : 0;
        }
        QVERIFY2(same < 5, qPrintable(QString::number(same)));
        QVERIFY(poolA.manifestYaml(m_catalog, writer, "c") != poolC.manifestYaml(m_catalog, writer, "c"));
        // One application regenerates alone, without the others.
        QCOMPARE(appgen::ApplicationPool::shapeKey(a.generate(17)), appgen::ApplicationPool::shapeKey(b.generate(17)));
    }

    void splitsEightHundredTwoHundredDisjoint()
    {
        const appgen::ApplicationGenerator generator(m_catalog, 2024);
        const auto pool = appgen::ApplicationPool::generate(generator, 1000, 0.2);
        QCOMPARE(pool.applications().size(), std::size_t{1000});
        QCOMPARE(pool.heldOutCount(), std::size_t{200});
        std::set<std::string> train, heldOut, shapes;
        for (std::size_t i = 0; i < 1000; ++i) {
            const auto& app = pool.applications()[i];
            (pool.isHeldOut(i) ? heldOut : train).insert(app.name);
            shapes.insert(appgen::ApplicationPool::shapeKey(app));
        }
        QCOMPARE(train.size(), std::size_t{800});
        QCOMPARE(heldOut.size(), std::size_t{200});
        for (const auto& name : heldOut)
            QVERIFY(train.count(name) == 0);
        QCOMPARE(shapes.size(), std::size_t{1000}); // 1,000 distinct applications (seed 001 §5.5.1)
        // The split is seeded: another seed holds out other applications.
        const auto other = appgen::ApplicationPool::generate(appgen::ApplicationGenerator(m_catalog, 2025), 1000, 0.2);
        int sameSide = 0;
        for (std::size_t i = 0; i < 1000; ++i)
            sameSide += (pool.isHeldOut(i) && other.isHeldOut(i)) ? 1 : 0;
        QVERIFY2(sameSide < 100, qPrintable(QString::number(sameSide))); // ~40 expected by chance
    }

    void samplesWithReplacement()
    {
        const auto pool = appgen::ApplicationPool::generate(appgen::ApplicationGenerator(m_catalog, 3), 1000, 0.2);
        int repeated = 0;
        std::set<std::size_t> used;
        for (const auto& app : pool.applications()) {
            const std::set<std::size_t> distinct(app.segments.begin(), app.segments.end());
            repeated += distinct.size() < app.segments.size() ? 1 : 0;
            used.insert(app.segments.begin(), app.segments.end());
            QVERIFY(app.segments.size() >= 2 && app.segments.size() <= 5);
            QVERIFY(app.rateLow > 0.0 && app.rateLow < app.rateHigh);
        }
        // Without replacement no application could repeat a segment; with it about a quarter do.
        QVERIFY2(repeated > 100, qPrintable(QString::number(repeated)));
        QCOMPARE(used.size(), m_catalog.size());
        // Repeated segments get distinct service names.
        for (const auto& app : pool.applications()) {
            const auto names = app.serviceNames(m_catalog);
            QCOMPARE(std::set<std::string>(names.begin(), names.end()).size(), names.size());
        }
    }

    void instabilityChangesExactlyWhatItSays_data()
    {
        QTest::addColumn<QString>("id");
        for (const auto& scenario : appgen::InstabilityScenario::all())
            QTest::newRow(std::string(scenario.id).c_str()) << QString::fromUtf8(scenario.id.data(), static_cast<int>(scenario.id.size()));
    }

    void instabilityChangesExactlyWhatItSays()
    {
        QFETCH(QString, id);
        const auto scenario = appgen::InstabilityScenario::find(id.toStdString());
        QVERIFY(scenario.has_value());
        const auto pool = appgen::ApplicationPool::generate(appgen::ApplicationGenerator(m_catalog, 11), 300, 0.2);
        int touched = 0;
        for (const auto& app : pool.applications()) {
            const auto varied = scenario->apply(app, m_catalog);
            QCOMPARE(varied.segments, app.segments);
            QCOMPARE(varied.parents, app.parents);
            QCOMPARE(varied.rateLow, app.rateLow);
            QCOMPARE(varied.rateHigh, app.rateHigh);
            QCOMPARE(varied.instabilities.back(), std::string(scenario->id));
            for (std::size_t s = 0; s < app.segments.size(); ++s) {
                const auto& profile = m_catalog.at(app.segments[s]);
                if (scenario->kind == appgen::InstabilityScenario::Kind::Payload && profile.payload == scenario->parameter) {
                    const double expected = static_cast<double>(app.work[s]) * profile.workFactor(scenario->ratio());
                    QVERIFY(std::abs(static_cast<double>(varied.work[s]) - expected) <= 0.5);
                    QVERIFY(varied.work[s] > app.work[s]);
                    ++touched;
                } else {
                    QCOMPARE(varied.work[s], app.work[s]);
                }
            }
            switch (scenario->kind) {
            case appgen::InstabilityScenario::Kind::Payload: QVERIFY(varied.load == app.load); break;
            case appgen::InstabilityScenario::Kind::LoadHighToLow:
                QVERIFY(varied.load == appgen::LoadClass::Low);
                QCOMPARE(varied.rate(), app.rateLow);
                break;
            case appgen::InstabilityScenario::Kind::LoadLowToHigh:
                QVERIFY(varied.load == appgen::LoadClass::High);
                QCOMPARE(varied.rate(), app.rateHigh);
                break;
            }
        }
        if (scenario->kind == appgen::InstabilityScenario::Kind::Payload)
            QVERIFY(touched > 10);
    }

    void payloadScenarioRatiosFollowTheSeed_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("ratio");
        QTest::newRow("payload-x4") << "payload-x4" << 4.0;
        QTest::newRow("table-10k") << "table-10k" << 10.0;
        QTest::newRow("op-count-x2") << "op-count-x2" << 2.0;
        QTest::newRow("image-dimension") << "image-dimension" << 4.0;
        QTest::newRow("text-size") << "text-size" << 10240.0 / 1774.0;
        QTest::newRow("matrix-dimension") << "matrix-dimension" << 3.0;
    }

    void payloadScenarioRatiosFollowTheSeed()
    {
        QFETCH(QString, id);
        QFETCH(double, ratio);
        const auto scenario = appgen::InstabilityScenario::find(id.toStdString());
        QVERIFY(scenario.has_value());
        QVERIFY(std::abs(scenario->ratio() - ratio) < 1e-9);
    }

    void payloadTimesFourIsWorkTimesFourWhenAllWorkScales()
    {
        // A catalog whose file segment's work scales entirely with its bytes: payload-x4 is work x4
        // on it and nothing else changes.
        std::vector<appgen::SegmentProfile> profiles(2);
        profiles[0].name = "reader";
        profiles[0].work = 10 * sim::kMillisecond;
        profiles[0].memoryBytes = 128LL << 20;
        profiles[0].payload = appgen::PayloadParameter::FileSize;
        profiles[0].payloadShare = 1.0;
        profiles[1].name = "cruncher";
        profiles[1].work = 7 * sim::kMillisecond;
        profiles[1].memoryBytes = 128LL << 20;
        const appgen::SegmentCatalog catalog(profiles);
        appgen::Application app;
        app.name = "app-0000";
        app.segments = {0, 1, 0};
        app.parents = {-1, 0, 1};
        app.work = {10 * sim::kMillisecond, 7 * sim::kMillisecond, 10 * sim::kMillisecond};
        const auto varied = appgen::InstabilityScenario::find("payload-x4")->apply(app, catalog);
        QCOMPARE(varied.work, (std::vector<sim::SimTime>{40 * sim::kMillisecond, 7 * sim::kMillisecond, 40 * sim::kMillisecond}));
    }

    void identicalMixesGiveIdenticalGraphs()
    {
        const appgen::ApplicationWriter writer(m_catalog);
        const appgen::ApplicationGenerator generator(m_catalog, 5);
        const auto first = generator.generate(3);
        appgen::Application twin = first;
        twin.name = "app-0999";
        twin.index = 999;
        twin.seed = 12345;
        appgen::ApplicationGenerator::setRates(twin, m_catalog, 0.2, 0.6);
        twin.load = first.load == appgen::LoadClass::High ? appgen::LoadClass::Low : appgen::LoadClass::High;
        QCOMPARE(withoutName(writer.graphYaml(twin), twin.name), withoutName(writer.graphYaml(first), first.name));
        QCOMPARE(writer.slo(twin, false), writer.slo(first, false));
        // ... and a different mix a different graph.
        appgen::Application other = first;
        other.segments[0] = (first.segments[0] + 1) % m_catalog.size();
        other.work[0] = m_catalog.at(other.segments[0]).work;
        QVERIFY(writer.graphYaml(other) != writer.graphYaml(first));
    }

    void generatedScenarioLoadsAndSimulates_data()
    {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("instability");
        QTest::newRow("app 0") << 0 << "";
        QTest::newRow("app 1") << 1 << "";
        QTest::newRow("app 2 payload-x4") << 2 << "payload-x4";
        QTest::newRow("app 3 load-low-to-high") << 3 << "load-low-to-high";
    }

    void generatedScenarioLoadsAndSimulates()
    {
        QFETCH(int, index);
        QFETCH(QString, instability);
        QTemporaryDir dir;
        appgen::ScenarioSettings settings;
        settings.horizon = 5 * sim::kSecond;
        settings.samplePeriod = sim::kSecond;
        const appgen::ApplicationWriter writer(m_catalog, settings);
        auto app = appgen::ApplicationGenerator(m_catalog, 99).generate(static_cast<std::size_t>(index));
        if (!instability.isEmpty())
            app = appgen::InstabilityScenario::find(instability.toStdString())->apply(app, m_catalog);
        const std::string graphPath = dir.filePath("graph.yaml").toStdString();
        const std::string scenarioPath = dir.filePath("scenario.yaml").toStdString();
        std::ofstream(graphPath) << writer.graphYaml(app);
        std::ofstream(scenarioPath) << writer.scenarioYaml(app, "graph.yaml");
        const auto loaded = scenario::loadScenarioFile(scenarioPath);
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());

        policy::PluginRegistry registry;
        policy::registerBuiltinPlugins(registry);
        sim::InMemoryRunRecorder recorder;
        env::Simulation simulation(*loaded.scenario, registry);
        const auto result = simulation.run(recorder);
        QVERIFY2(result.status == sim::RunStatus::Completed, result.message.c_str());
        const double requests = metricValue(recorder, "ms.requests");
        const double expected = app.rate() * 5.0;
        // Poisson arrivals over 5 s: within 5 standard deviations (+3 for tiny rates).
        QVERIFY2(std::abs(requests - expected) < 5.0 * std::sqrt(expected) + 3.0,
                 qPrintable(QString("%1 requests, expected %2").arg(requests).arg(expected)));
        QVERIFY(metricValue(recorder, "ms.completed") > 0.0 || expected < 3.0);
    }

private:
    appgen::SegmentCatalog m_catalog;
};

QTEST_GUILESS_MAIN(TestApplicationGenerator)
#include "tst_application_generator.moc"
