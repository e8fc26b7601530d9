#include "model/service_graph.h"

#include "scenario/service_graph_loader.h"

#include "diagnostic_expectation.h"

#include <QtTest>

#include <stdexcept>

using namespace orrery;

//! Service graphs: the model (adjacency, cycles, compute options) and ServiceGraph files — the
//! shipped Social Network graph, good fixtures, and one bad fixture per kind of error with the
//! diagnostic it must produce (file:line:column, field path, message).
class TestServiceGraph : public QObject {
    Q_OBJECT

private slots:
    void adjacencyAndLookup();
    void duplicatesAreRejected();
    void findCycle_data();
    void findCycle();
    void computeOptionsAndDeclaredRequest();
    void socialNetworkGraph();
    void socialNetworkCalibration_data();
    void socialNetworkCalibration();
    void goodFixtures_data();
    void goodFixtures();
    void shopFixture();
    void badFixtures_data();
    void badFixtures();
    void everyBadFixtureHasARow();
    void missingFile();
};

namespace {

constexpr sim::SimTime kUs = sim::kMicrosecond;

QString fixture(const QString& relative)
{
    return QStringLiteral(ORRERY_FIXTURE_DIR "/graphs/") + relative;
}

std::string socialNetworkPath()
{
    return ORRERY_SOURCE_DIR "/resources/graphs/socialnetwork.yaml";
}

model::ServiceProfile service(const std::string& name, sim::SimTime cpuLatency = sim::kMillisecond)
{
    model::ServiceProfile profile;
    profile.name = name;
    profile.request.millicores = 100;
    profile.request.memoryBytes = 128 << 20;
    profile.latencyOn[static_cast<int>(model::ComputeKind::Cpu)] = cpuLatency;
    return profile;
}

//! A graph of `names` with the calls "a>b" listed in `calls`.
model::ServiceGraph graphOf(const QStringList& names, const QStringList& calls)
{
    model::ServiceGraph graph;
    for (const auto& name : names)
        graph.addService(service(name.toStdString()));
    for (const auto& call : calls) {
        const QStringList ends = call.split(QLatin1Char('>'));
        graph.addCall(*graph.indexOf(ends[0].toStdString()), *graph.indexOf(ends[1].toStdString()));
    }
    return graph;
}

QString describe(const model::Diagnostics& diagnostics)
{
    return QString::fromStdString(model::formatAll(diagnostics));
}

struct BadCase {
    const char* file;
    int line;
    int column;
    const char* path;
    const char* message;
    int count; //!< diagnostics expected in all
};

const BadCase kBadCases[] = {
    {"empty", 1, 1, "", "empty file: expected a YAML document with kind: ServiceGraph", 1},
    {"wrong_kind", 2, 7, "kind", "this file has kind \"Scenario\"; expected kind: ServiceGraph", 1},
    {"missing_latency", 7, 7, "spec.services[0].latency", "missing required field 'latency' (expected a mapping such as {cpu: 712us, gpu: 2ms})", 1},
    {"missing_request_cpu", 8, 16, "spec.services[0].request.cpu", "missing required field 'cpu'", 1},
    {"unknown_compute_kind", 9, 16, "spec.services[0].compute", "unknown compute kind \"gpuu\" (did you mean 'gpu'?); expected cpu, gpu, asic or fpga", 1},
    {"declared_without_latency", 9, 16, "spec.services[0].compute", "the service declares compute kind gpu but latency has no gpu entry; expected latency.gpu", 1},
    {"unknown_latency_kind", 9, 27, "spec.services[0].latency.gpus", "unknown field 'gpus' (did you mean 'gpu'?); expected one of: cpu, gpu, asic, fpga", 1},
    {"zero_latency", 9, 22, "spec.services[0].latency.cpu", "expected a duration greater than 0 and at most 1h, got \"0us\"", 1},
    {"latency_without_unit", 9, 22, "spec.services[0].latency.cpu", "expected a duration with a unit such as 250ms, 10s or 2h, got \"712\"", 1},
    {"empty_latency", 9, 16, "spec.services[0].latency", "expected at least one compute kind with its latency", 1},
    {"duplicate_service", 10, 13, "spec.services[1].name", "duplicate service name 'a', already used by spec.services[0]", 1},
    {"bad_service_name", 7, 13, "spec.services[0].name", "uppercase 'F' is not allowed", 1},
    {"unknown_field_service", 8, 7, "spec.services[0].reqest", "unknown field 'reqest' (did you mean 'request'?)", 1},
    {"empty_services", 6, 13, "spec.services", "expected a non-empty sequence of services", 1},
    {"calls_is_mapping", 10, 10, "spec.calls", "expected a sequence of calls (- {caller: a, callee: b}), got a mapping", 1},
    {"unknown_callee", 14, 46, "spec.calls[0].callee", "unknown service 'text-servise' (did you mean 'text-service'?); expected the name of a service in spec.services", 1},
    {"self_call", 11, 27, "spec.calls[0].callee", "service 'a' calls itself", 1},
    {"duplicate_call", 15, 7, "spec.calls[1]", "duplicate call a -> b, already listed as spec.calls[0]", 1},
    {"cycle", 19, 7, "spec.calls[2]", "calls form a cycle: a -> b -> c -> a; expected an acyclic graph", 1},
};

} // namespace

void TestServiceGraph::adjacencyAndLookup()
{
    const model::ServiceGraph graph = graphOf({"a", "b", "c"}, {"a>b", "a>c", "b>c"});
    QCOMPARE(graph.size(), std::size_t{3});
    QCOMPARE(graph.calls().size(), std::size_t{3});
    QCOMPARE(*graph.indexOf("c"), std::size_t{2});
    QVERIFY(!graph.indexOf("d"));
    QCOMPARE(graph.callees(0), (std::vector<std::size_t>{1, 2}));
    QCOMPARE(graph.callers(2), (std::vector<std::size_t>{0, 1}));
    QVERIFY(graph.callers(0).empty());
    QVERIFY(graph.hasCall(1, 2));
    QVERIFY(!graph.hasCall(2, 1));
}

void TestServiceGraph::duplicatesAreRejected()
{
    model::ServiceGraph graph = graphOf({"a", "b"}, {"a>b"});
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, graph.addService(service("a")));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, graph.addCall(0, 1));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, graph.addCall(0, 7));
}

void TestServiceGraph::findCycle_data()
{
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QStringList>("calls");
    QTest::addColumn<QStringList>("cycle"); // empty: acyclic
    QTest::newRow("tree") << QStringList{"a", "b", "c"} << QStringList{"a>b", "a>c"} << QStringList{};
    QTest::newRow("diamond is acyclic") << QStringList{"a", "b", "c", "d"} << QStringList{"a>b", "a>c", "b>d", "c>d"}
                                        << QStringList{};
    QTest::newRow("two nodes") << QStringList{"a", "b"} << QStringList{"a>b", "b>a"} << QStringList{"a", "b", "a"};
    QTest::newRow("triangle behind a tail") << QStringList{"x", "a", "b", "c"} << QStringList{"x>a", "a>b", "b>c", "c>a"}
                                            << QStringList{"a", "b", "c", "a"};
    QTest::newRow("second component") << QStringList{"a", "b", "c", "d"} << QStringList{"a>b", "c>d", "d>c"}
                                      << QStringList{"c", "d", "c"};
}

void TestServiceGraph::findCycle()
{
    QFETCH(QStringList, names);
    QFETCH(QStringList, calls);
    QFETCH(QStringList, cycle);
    const model::ServiceGraph graph = graphOf(names, calls);
    QStringList found;
    for (const std::size_t index : graph.findCycle())
        found << QString::fromStdString(graph.service(index).name);
    QCOMPARE(found, cycle);
}

void TestServiceGraph::computeOptionsAndDeclaredRequest()
{
    model::ServiceProfile dnn = service("dnn", 80 * sim::kMillisecond);
    dnn.latencyOn[static_cast<int>(model::ComputeKind::Gpu)] = 8 * sim::kMillisecond;
    dnn.latencyOn[static_cast<int>(model::ComputeKind::Asic)] = 4 * sim::kMillisecond;
    dnn.declaredCompute = model::ComputeKind::Gpu;
    QCOMPARE(dnn.computeOptions(), static_cast<model::ComputeKindSet>(model::bitOf(model::ComputeKind::Cpu)
                                                                      | model::bitOf(model::ComputeKind::Gpu)
                                                                      | model::bitOf(model::ComputeKind::Asic)));
    QVERIFY(!dnn.canRunOn(model::ComputeKind::Fpga));
    const model::Resources request = dnn.requestOnDeclared();
    QCOMPARE(request.millicores, std::int64_t{100});
    QCOMPARE(request.deviceCount(model::DeviceKind::Gpu), 1);
    QCOMPARE(request.deviceCount(model::DeviceKind::Asic), 0);
    QCOMPARE(service("plain").requestOnDeclared(), service("plain").request);
}

void TestServiceGraph::socialNetworkGraph()
{
    const auto result = scenario::loadServiceGraphFile(socialNetworkPath());
    QVERIFY2(result.ok(), qPrintable(describe(result.diagnostics)));
    const model::ServiceGraph& graph = *result.graph;
    QCOMPARE(QString::fromStdString(graph.name), QStringLiteral("socialnetwork"));
    // The 12 services and 11 call edges observed in the 20 compose-post traces, plus the two DNN
    // services of the Octopus paper attached under media-service.
    QCOMPARE(graph.size(), std::size_t{14});
    QCOMPARE(graph.calls().size(), std::size_t{13});
    QVERIFY(graph.findCycle().empty());
    const auto index = [&](const char* name) {
        const auto found = graph.indexOf(name);
        if (!found)
            qFatal("no service %s", name);
        return *found;
    };
    QVERIFY(graph.hasCall(index("nginx-web-server"), index("compose-post-service")));
    QVERIFY(graph.hasCall(index("text-service"), index("user-mention-service")));
    QVERIFY(graph.hasCall(index("home-timeline-service"), index("social-graph-service")));
    QVERIFY(graph.hasCall(index("media-service"), index("image-recognition")));
    QVERIFY(graph.hasCall(index("media-service"), index("object-detection")));
    QCOMPARE(graph.callers(index("nginx-web-server")).size(), std::size_t{0});
    QCOMPARE(graph.callees(index("compose-post-service")).size(), std::size_t{7});

    const auto everyKind = static_cast<model::ComputeKindSet>(
        model::bitOf(model::ComputeKind::Cpu) | model::bitOf(model::ComputeKind::Gpu) | model::bitOf(model::ComputeKind::Asic));
    for (const auto& profile : graph.services()) {
        const bool dnn = profile.name == "image-recognition" || profile.name == "object-detection";
        QVERIFY2(profile.canRunOn(model::ComputeKind::Cpu), profile.name.c_str());
        QCOMPARE(profile.declaredCompute, dnn ? model::ComputeKind::Gpu : model::ComputeKind::Cpu);
        QCOMPARE(profile.computeOptions(), dnn ? everyKind : model::bitOf(model::ComputeKind::Cpu));
        if (dnn) {
            // Accelerators are much faster than a CPU core for the DNN services.
            QVERIFY(profile.latency(model::ComputeKind::Gpu) * 4 < profile.latency(model::ComputeKind::Cpu));
            QVERIFY(profile.latency(model::ComputeKind::Asic) * 4 < profile.latency(model::ComputeKind::Cpu));
        } else {
            // DeathStarBench chart defaults: requests of 100m and 128Mi for every service.
            QCOMPARE(profile.request.millicores, std::int64_t{100});
            QCOMPARE(profile.request.memoryBytes, std::int64_t{128} << 20);
        }
    }
}

void TestServiceGraph::socialNetworkCalibration_data()
{
    // Median self times from tools/calibration/deathstarbench_self_times.py over the 20 Jaeger
    // traces (docs/model.md, "Job streams"): the graph file must carry exactly these.
    QTest::addColumn<QString>("service");
    QTest::addColumn<qint64>("cpuLatency");
    QTest::newRow("nginx") << "nginx-web-server" << qint64{740 * kUs};
    QTest::newRow("compose-post") << "compose-post-service" << qint64{712 * kUs};
    QTest::newRow("user") << "user-service" << qint64{6 * kUs};
    QTest::newRow("unique-id") << "unique-id-service" << qint64{13 * kUs};
    QTest::newRow("media") << "media-service" << qint64{7 * kUs};
    QTest::newRow("text") << "text-service" << qint64{521 * kUs};
    QTest::newRow("url-shorten") << "url-shorten-service" << qint64{523'500};
    QTest::newRow("user-mention") << "user-mention-service" << qint64{805 * kUs};
    QTest::newRow("post-storage") << "post-storage-service" << qint64{261'500};
    QTest::newRow("user-timeline") << "user-timeline-service" << qint64{445'500};
    QTest::newRow("home-timeline") << "home-timeline-service" << qint64{154'500};
    QTest::newRow("social-graph") << "social-graph-service" << qint64{383'500};
    QTest::newRow("image-recognition") << "image-recognition" << qint64{75'016'000};
    QTest::newRow("object-detection") << "object-detection" << qint64{1'160'425'000};
}

void TestServiceGraph::socialNetworkCalibration()
{
    QFETCH(QString, service);
    QFETCH(qint64, cpuLatency);
    static const auto result = scenario::loadServiceGraphFile(socialNetworkPath());
    QVERIFY(result.ok());
    const auto index = result.graph->indexOf(service.toStdString());
    QVERIFY(index);
    QCOMPARE(result.graph->service(*index).latency(model::ComputeKind::Cpu), cpuLatency);
}

void TestServiceGraph::goodFixtures_data()
{
    QTest::addColumn<QString>("path");
    const QDir dir(fixture(QStringLiteral("good")));
    for (const QString& name : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files))
        QTest::newRow(qPrintable(name)) << dir.filePath(name);
}

void TestServiceGraph::goodFixtures()
{
    QFETCH(QString, path);
    const auto result = scenario::loadServiceGraphFile(path.toStdString());
    QVERIFY2(result.ok(), qPrintable(describe(result.diagnostics)));
    QCOMPARE(QString::fromStdString(result.graph->sourceFile), path);
}

void TestServiceGraph::shopFixture()
{
    const auto result = scenario::loadServiceGraphFile(fixture(QStringLiteral("good/shop.yaml")).toStdString());
    QVERIFY2(result.ok(), qPrintable(describe(result.diagnostics)));
    const model::ServiceGraph& graph = *result.graph;
    QCOMPARE(graph.description, std::string("test graph"));
    const model::ServiceProfile& recommender = graph.service(*graph.indexOf("recommender"));
    QCOMPARE(recommender.request.millicores, std::int64_t{1000});
    QCOMPARE(recommender.request.memoryBytes, std::int64_t{2} << 30);
    QCOMPARE(recommender.diskBytes, std::int64_t{100'000'000});
    QCOMPARE(recommender.declaredCompute, model::ComputeKind::Gpu);
    QCOMPARE(recommender.latency(model::ComputeKind::Asic), 4 * sim::kMillisecond);
    QCOMPARE(recommender.location.line, 20);
    QCOMPARE(recommender.location.column, 7);
    const model::ServiceProfile& cart = graph.service(*graph.indexOf("cart"));
    QCOMPARE(cart.latency(model::ComputeKind::Cpu), 1500 * kUs);
    QCOMPARE(cart.declaredCompute, model::ComputeKind::Cpu);
    QCOMPARE(cart.diskBytes, std::int64_t{2} << 30);
    QCOMPARE(graph.service(*graph.indexOf("catalog")).diskBytes, std::int64_t{0});
    QCOMPARE(graph.callers(*graph.indexOf("catalog")).size(), std::size_t{2});
}

void TestServiceGraph::badFixtures_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("count");
    for (const BadCase& row : kBadCases) {
        QTest::newRow(row.file) << fixture(QStringLiteral("bad/%1.yaml").arg(QLatin1String(row.file))) << row.line
                                << row.column << QString::fromUtf8(row.path) << QString::fromUtf8(row.message) << row.count;
    }
}

void TestServiceGraph::badFixtures()
{
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, path);
    QFETCH(QString, message);
    QFETCH(int, count);
    const auto result = scenario::loadServiceGraphFile(file.toStdString());
    QVERIFY(!result.ok());
    QVERIFY2(result.diagnostics.size() == static_cast<std::size_t>(count), qPrintable(describe(result.diagnostics)));
    ORRERY_VERIFY_DIAGNOSTIC(result.diagnostics.front(), file, line, column, path, message);
}

void TestServiceGraph::everyBadFixtureHasARow()
{
    QStringList covered;
    for (const BadCase& row : kBadCases)
        covered << QLatin1String(row.file) + QStringLiteral(".yaml");
    const QDir dir(fixture(QStringLiteral("bad")));
    for (const QString& file : dir.entryList({QStringLiteral("*.yaml")}, QDir::Files))
        QVERIFY2(covered.contains(file), qPrintable(file + " has no row in kBadCases"));
}

void TestServiceGraph::missingFile()
{
    const std::string path = fixture(QStringLiteral("no-such-graph.yaml")).toStdString();
    const auto result = scenario::loadServiceGraphFile(path);
    QVERIFY(!result.ok());
    QCOMPARE(result.diagnostics.size(), std::size_t{1});
    QCOMPARE(result.diagnostics[0].location.file, path);
    QCOMPARE(result.diagnostics[0].location.line, 0);
    QVERIFY(QString::fromStdString(result.diagnostics[0].message).contains("expected a ServiceGraph YAML file"));
}

QTEST_GUILESS_MAIN(TestServiceGraph)
#include "tst_service_graph.moc"
