#include "serve/served_cluster.h"
#include "serve_test_support.h"

#include <nlohmann/json.hpp>

#include <QRegularExpression>
#include <QTest>

#include <map>
#include <sstream>

using namespace orrery;
using nlohmann::json;
using serve::ResourceKind;
using serve::ServedCluster;

namespace {

serve::ServeOptions options(double speed = 1.0)
{
    serve::ServeOptions o;
    o.speed = speed;
    return o;
}

const char* kNs = "social-network";

json deployment(const ServedCluster& cluster, const std::string& name)
{
    const json* object = cluster.objects().find(ResourceKind::Deployment, kNs, name);
    return object ? *object : json();
}

std::vector<json> pods(const ServedCluster& cluster, const std::string& service)
{
    std::vector<json> out;
    cluster.objects().forEach(ResourceKind::Pod, kNs, {}, [&](const std::string&, const json& pod) {
        if (pod["metadata"]["labels"]["app"] == service)
            out.push_back(pod);
        return true;
    });
    return out;
}

//! The samples of an exposition: "name{labels}" → value. Fails the test on a malformed line.
std::map<std::string, double> samples(const std::string& text)
{
    std::map<std::string, double> out;
    std::istringstream lines(text);
    std::string line;
    // name, optional {label="value",…}, one space, the value
    const QRegularExpression shape("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{([a-zA-Z_][a-zA-Z0-9_]*=\"([^\"\\\\]|\\\\.)*\",?)*\\})? (\\S+)$");
    while (std::getline(lines, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        const auto match = shape.match(QString::fromStdString(line));
        if (!match.hasMatch())
            qFatal("malformed exposition line: %s", line.c_str());
        const std::size_t space = line.rfind(' ');
        out[line.substr(0, space)] = std::stod(line.substr(space + 1));
    }
    return out;
}

} // namespace

class TestServedCluster : public QObject {
    Q_OBJECT
private slots:
    void objectsAfterReset();
    void mergePatchScalesAfterActuationLatency();
    void strategicPatchSetsTheCpuLimit();
    void dryRunChangesNothing();
    void badPatchIsAStatus_data();
    void badPatchIsAStatus();
    void metricsCountersGrowAndAreDividedBySpeed();
    void sameSeedSameMetrics();
};

void TestServedCluster::objectsAfterReset()
{
    ServedCluster cluster(testing::socialNetworkScenario(), options());
    QCOMPARE(cluster.objects().count(ResourceKind::Node), std::size_t(4));
    const json* node = cluster.objects().find(ResourceKind::Node, "", "node-0");
    QVERIFY(node);
    QCOMPARE((*node)["status"]["capacity"]["cpu"].get<std::string>(), std::string("16"));
    QCOMPARE((*node)["status"]["capacity"]["memory"].get<std::string>(), std::string("64Gi"));
    QCOMPARE(cluster.objects().count(ResourceKind::Deployment), cluster.services().size());
    QCOMPARE(cluster.objects().count(ResourceKind::ReplicaSet), cluster.services().size());
    QVERIFY(cluster.services().size() > 10); // DeathStarBench Social Network

    const json nginx = deployment(cluster, "nginx-web-server");
    QCOMPARE(nginx["spec"]["replicas"].get<int>(), 2);
    QCOMPARE(nginx["status"]["readyReplicas"].get<int>(), 2);
    QCOMPARE(nginx["spec"]["template"]["spec"]["containers"][0]["name"].get<std::string>(), std::string("nginx-web-server"));
    QCOMPARE(nginx["spec"]["template"]["spec"]["containers"][0]["resources"]["limits"]["cpu"].get<std::string>(), std::string("2"));
    const std::vector<json> nginxPods = pods(cluster, "nginx-web-server");
    QCOMPARE(nginxPods.size(), std::size_t(2));
    const QRegularExpression podName("^nginx-web-server-[a-z0-9]{10}-[a-z0-9]{5}$");
    std::size_t total = 0;
    for (const std::string& service : cluster.services())
        total += pods(cluster, service).size();
    QCOMPARE(total, cluster.objects().count(ResourceKind::Pod));
    for (const json& pod : nginxPods) {
        QVERIFY2(podName.match(QString::fromStdString(pod["metadata"]["name"].get<std::string>())).hasMatch(),
                 pod["metadata"]["name"].dump().c_str());
        QCOMPARE(pod["status"]["phase"].get<std::string>(), std::string("Running"));
        const std::string owner = pod["metadata"]["ownerReferences"][0]["name"].get<std::string>();
        QVERIFY(cluster.objects().find(ResourceKind::ReplicaSet, kNs, owner));
        QVERIFY(cluster.objects().find(ResourceKind::Node, "", pod["spec"]["nodeName"].get<std::string>()));
    }
    QVERIFY(std::stoull(nginx["metadata"]["resourceVersion"].get<std::string>()) <= cluster.objects().resourceVersion());
}

void TestServedCluster::mergePatchScalesAfterActuationLatency()
{
    ServedCluster cluster(testing::socialNetworkScenario(), options());
    const std::size_t before = cluster.objects().count(ResourceKind::Pod);
    const auto answer = cluster.patchDeployment(kNs, "nginx-web-server", "application/merge-patch+json",
                                                R"({"spec":{"replicas":4}})", false);
    QCOMPARE(answer.code, 200);
    QCOMPARE(json::parse(answer.body)["spec"]["replicas"].get<int>(), 4);
    QCOMPARE(deployment(cluster, "nginx-web-server")["spec"]["replicas"].get<int>(), 4);
    QCOMPARE(deployment(cluster, "nginx-web-server")["status"]["readyReplicas"].get<int>(), 2); // status follows later
    QCOMPARE(cluster.queuedActions(), std::size_t(1));
    QCOMPARE(cluster.objects().count(ResourceKind::Pod), before);
    int periods = 0;
    while (deployment(cluster, "nginx-web-server")["status"]["readyReplicas"].get<int>() < 4 && periods < 30) {
        cluster.advance();
        ++periods;
    }
    QCOMPARE(deployment(cluster, "nginx-web-server")["status"]["readyReplicas"].get<int>(), 4);
    QCOMPARE(cluster.objects().count(ResourceKind::Pod), before + 2);
    for (const json& pod : pods(cluster, "nginx-web-server"))
        QCOMPARE(pod["status"]["phase"].get<std::string>(), std::string("Running"));
    QCOMPARE(cluster.rejectedActions(), std::uint64_t(0));
}

void TestServedCluster::strategicPatchSetsTheCpuLimit()
{
    ServedCluster cluster(testing::socialNetworkScenario(), options());
    const std::string body =
        R"({"spec":{"template":{"spec":{"containers":[{"name":"user-service","resources":{"limits":{"cpu":"1500m"}}}]}}}})";
    const auto answer = cluster.patchDeployment(kNs, "user-service", "application/strategic-merge-patch+json", body, false);
    QCOMPARE(answer.code, 200);
    QCOMPARE(json::parse(answer.body)["spec"]["template"]["spec"]["containers"][0]["resources"]["limits"]["cpu"].get<std::string>(),
             std::string("1500m"));
    for (int i = 0; i < 10; ++i)
        cluster.advance();
    const std::vector<json> running = pods(cluster, "user-service");
    QVERIFY(!running.empty());
    QCOMPARE(running.front()["spec"]["containers"][0]["resources"]["limits"]["cpu"].get<std::string>(), std::string("1500m"));
}

void TestServedCluster::dryRunChangesNothing()
{
    ServedCluster cluster(testing::socialNetworkScenario(), options());
    const std::uint64_t version = cluster.objects().resourceVersion();
    const json before = deployment(cluster, "nginx-web-server");
    const auto answer = cluster.patchDeployment(kNs, "nginx-web-server", "application/merge-patch+json",
                                                R"({"spec":{"replicas":5}})", true);
    QCOMPARE(answer.code, 200);
    QCOMPARE(json::parse(answer.body)["spec"]["replicas"].get<int>(), 5);
    QCOMPARE(cluster.objects().resourceVersion(), version);
    QVERIFY(deployment(cluster, "nginx-web-server") == before);
    QCOMPARE(cluster.queuedActions(), std::size_t(0));
    cluster.advance();
    QCOMPARE(deployment(cluster, "nginx-web-server")["spec"]["replicas"].get<int>(), 2);
}

void TestServedCluster::badPatchIsAStatus_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("contentType");
    QTest::addColumn<QString>("body");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("reason");
    QTest::addColumn<QString>("message");
    const QString merge = "application/merge-patch+json";
    const QString strategic = "application/strategic-merge-patch+json";
    QTest::newRow("not json") << "user-service" << merge << "{spec" << 400 << "BadRequest" << "error decoding patch";
    QTest::newRow("replicas not a number") << "user-service" << merge << R"({"spec":{"replicas":"many"}})" << 422 << "Invalid"
                                           << "spec.replicas: Invalid value: \"many\": must be an integer";
    QTest::newRow("negative replicas") << "user-service" << merge << R"({"spec":{"replicas":-1}})" << 422 << "Invalid"
                                       << "must be greater than or equal to 0";
    QTest::newRow("bad quantity") << "user-service" << strategic
                                  << R"({"spec":{"template":{"spec":{"containers":[{"name":"user-service","resources":{"limits":{"cpu":"lots"}}}]}}}})"
                                  << 422 << "Invalid" << "limits[cpu]: Invalid value: \"lots\"";
    QTest::newRow("other container") << "user-service" << strategic
                                     << R"({"spec":{"template":{"spec":{"containers":[{"name":"sidecar","resources":{"limits":{"cpu":"1"}}}]}}}})"
                                     << 422 << "Invalid" << "has one container, \"user-service\"";
    QTest::newRow("unknown type") << "user-service" << "text/plain" << "{}" << 415 << "UnsupportedMediaType" << "unknown format";
    QTest::newRow("unknown deployment") << "no-such-service" << merge << R"({"spec":{"replicas":2}})" << 404 << "NotFound"
                                        << "deployments.apps \"no-such-service\" not found";
    QTest::newRow("json patch of a label") << "user-service" << "application/json-patch+json"
                                           << R"([{"op":"replace","path":"/metadata/labels/x","value":"y"}])" << 422 << "Invalid"
                                           << "patches /spec/replicas and container limits and requests only";
}

void TestServedCluster::badPatchIsAStatus()
{
    QFETCH(QString, name);
    QFETCH(QString, contentType);
    QFETCH(QString, body);
    QFETCH(int, code);
    QFETCH(QString, reason);
    QFETCH(QString, message);
    ServedCluster cluster(testing::socialNetworkScenario(), options());
    const std::uint64_t version = cluster.objects().resourceVersion();
    const auto answer = cluster.patchDeployment(kNs, name.toStdString(), contentType.toStdString(), body.toStdString(), false);
    QCOMPARE(answer.code, code);
    const json status = json::parse(answer.body);
    QCOMPARE(status["kind"].get<std::string>(), std::string("Status"));
    QCOMPARE(status["status"].get<std::string>(), std::string("Failure"));
    QCOMPARE(status["code"].get<int>(), code);
    QCOMPARE(QString::fromStdString(status["reason"].get<std::string>()), reason);
    QVERIFY2(QString::fromStdString(status["message"].get<std::string>()).contains(message), status["message"].dump().c_str());
    QCOMPARE(cluster.objects().resourceVersion(), version);
    QCOMPARE(cluster.queuedActions(), std::size_t(0));
}

void TestServedCluster::metricsCountersGrowAndAreDividedBySpeed()
{
    ServedCluster slow(testing::socialNetworkScenario(), options(1.0));
    ServedCluster fast(testing::socialNetworkScenario(), options(4.0));
    std::map<std::string, double> previous = samples(slow.metricsText());
    const std::string ns = "{namespace=\"social-network\"}";
    for (int i = 0; i < 5; ++i) {
        slow.advance();
        fast.advance();
        const std::map<std::string, double> now = samples(slow.metricsText());
        for (const auto& [series, value] : now) {
            const bool counter = series.find("_total") != std::string::npos || series.find("_bucket") != std::string::npos ||
                                 series.find("_count") != std::string::npos || series.find("_sum") != std::string::npos;
            if (counter && previous.count(series))
                QVERIFY2(value >= previous[series], series.c_str());
        }
        QVERIFY(now.at("orrery_requests_total" + ns) > previous.at("orrery_requests_total" + ns));
        previous = now;
    }
    const std::map<std::string, double> quick = samples(fast.metricsText());
    QCOMPARE(previous.at("orrery_sim_time_seconds"), 6.0);
    QCOMPARE(quick.at("orrery_sim_time_seconds"), 6.0); // gauges are not divided
    // ~500 requests/s for 6 simulated seconds, a fourth of it at 4×.
    QVERIFY(previous.at("orrery_requests_total" + ns) > 2000);
    QCOMPARE(quick.at("orrery_requests_total" + ns) * 4, previous.at("orrery_requests_total" + ns));
    const std::string nginx = "{namespace=\"social-network\",service=\"nginx-web-server\"}";
    QCOMPARE(quick.at("orrery_service_requests_total" + nginx) * 4, previous.at("orrery_service_requests_total" + nginx));
    // The histogram is cumulative: buckets grow with le, +Inf equals _count.
    const std::string prefix = "orrery_request_duration_seconds_bucket{namespace=\"social-network\",le=\"";
    double last = 0;
    for (const double le : serve::MetricsExposition::kBucketsSeconds) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", le);
        const double bucket = previous.at(prefix + text + "\"}");
        QVERIFY(bucket >= last);
        last = bucket;
    }
    QCOMPARE(previous.at(prefix + "+Inf\"}"), previous.at("orrery_request_duration_seconds_count" + ns));
    QVERIFY(previous.at(prefix + "+Inf\"}") >= last);
    // CPU counters exist per running pod, with the pod labels telemetry_queries.cpp selects on.
    int cpuSeries = 0;
    for (const auto& [series, value] : previous)
        if (series.rfind("container_cpu_usage_seconds_total{namespace=\"social-network\",pod=\"nginx-web-server-", 0) == 0) {
            ++cpuSeries;
            QVERIFY(value > 0);
        }
    QCOMPARE(cpuSeries, 2);
    QCOMPARE(previous.at("kube_deployment_spec_replicas{namespace=\"social-network\",deployment=\"nginx-web-server\"}"), 2.0);
}

void TestServedCluster::sameSeedSameMetrics()
{
    ServedCluster a(testing::socialNetworkScenario(), options());
    ServedCluster b(testing::socialNetworkScenario(), options());
    serve::ServeOptions other = options();
    other.seed = 7;
    ServedCluster c(testing::socialNetworkScenario(), other);
    for (int i = 0; i < 3; ++i) {
        a.advance();
        b.advance();
        c.advance();
    }
    QVERIFY(a.metricsText() == b.metricsText());
    QVERIFY(a.metricsText() != c.metricsText());
    QVERIFY(deployment(a, "nginx-web-server") == deployment(b, "nginx-web-server"));
    QCOMPARE(a.objects().resourceVersion(), b.objects().resourceVersion());
}

QTEST_GUILESS_MAIN(TestServedCluster)
#include "tst_served_cluster.moc"
