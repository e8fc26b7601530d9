// Snapshot → scenario: the recorded Kubernetes API answers of tests/fixtures/live (copies of
// /work/shared/data/kubernetes: a real EKS NodeList and PodList, a Deployment and an HPA) become a
// scenario that Orrery's loader accepts with no diagnostic; pools match the nodes, GPU models come
// from labels, malformed objects are named; telemetry is read from a real Prometheus on loopback.
#include "fake_http_server.h"
#include "prometheus_process.h"

#include "live/cluster_snapshot.h"
#include "live/histogram_quantile.h"
#include "live/kube_object_parser.h"
#include "live/live_error.h"
#include "live/prometheus_client.h"
#include "live/snapshot_node_pools.h"
#include "live/snapshot_scenario_writer.h"
#include "live/snapshot_telemetry.h"
#include "live/snapshot_workloads.h"
#include "model/batch_jobs_spec.h"
#include "scenario/scenario_loader.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <chrono>
#include <cmath>
#include <limits>

using namespace orrery;
using namespace orrery::live;
using orrery::testing::readFile;

namespace {

const QString kFixtures = QStringLiteral(ORRERY_FIXTURE_DIR "/live/");

QJsonArray items(const QString& file)
{
    return QJsonDocument::fromJson(readFile(kFixtures + file)).object().value("items").toArray();
}

std::string text(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString();
}

//! The recorded cluster as a snapshot; `editNode` may change each node's JSON first.
ClusterSnapshot recordedSnapshot(const std::function<void(int, QJsonObject&)>& editNode = {})
{
    ClusterSnapshot snapshot;
    snapshot.contextName = "recorded";
    snapshot.server = "https://recorded.example";
    snapshot.capturedAt = "2026-01-01T00:00:00Z";
    const QJsonArray nodes = items("nodelist.json");
    for (int i = 0; i < nodes.size(); ++i) {
        QJsonObject node = nodes[i].toObject();
        if (editNode)
            editNode(i, node);
        snapshot.nodes.push_back(KubeObjectParser::node(text(node)));
    }
    for (const auto& pod : items("podlist.json"))
        snapshot.pods.push_back(KubeObjectParser::pod(text(pod.toObject())));
    snapshot.deployments.push_back(KubeObjectParser::deployment(readFile(kFixtures + "deployment.json").toStdString()));
    snapshot.hpas.push_back(KubeObjectParser::hpa(readFile(kFixtures + "hpa.json").toStdString()));
    return snapshot;
}

scenario::LoadResult load(const std::string& yaml)
{
    const auto result = scenario::parseScenario(yaml, "snapshot.yaml");
    if (!result.ok())
        qWarning("%s\n%s", model::formatAll(result.diagnostics).c_str(), yaml.c_str());
    return result;
}

//! Sets status.capacity and status.allocatable of a node JSON (`value` empty: removes the key).
void setResource(QJsonObject& node, const QString& key, const QString& value, bool capacity = true, bool allocatable = true)
{
    QJsonObject status = node["status"].toObject();
    for (const char* list : {"capacity", "allocatable"}) {
        if ((QString(list) == "capacity" && !capacity) || (QString(list) == "allocatable" && !allocatable))
            continue;
        QJsonObject resources = status[list].toObject();
        if (value.isEmpty())
            resources.remove(key);
        else
            resources[key] = value;
        status[list] = resources;
    }
    node["status"] = status;
}

void setLabel(QJsonObject& node, const QString& key, const QString& value)
{
    QJsonObject metadata = node["metadata"].toObject();
    QJsonObject labels = metadata["labels"].toObject();
    labels[key] = value;
    metadata["labels"] = labels;
    node["metadata"] = metadata;
}

const model::BatchJobsSpec* batchJobs(const model::Scenario& scenario, const std::string& name)
{
    for (const auto& workload : scenario.workloads) {
        if (const auto* batch = std::get_if<model::BatchJobsSpec>(&workload); batch && batch->name == name)
            return batch;
    }
    return nullptr;
}

} // namespace

class TestSnapshotScenario : public QObject {
    Q_OBJECT
private slots:
    void recordedClusterIsAValidScenario();
    void workloadsFollowOwners();
    void gpuModelsComeFromLabels();
    void gpuModelNames_data();
    void gpuModelNames();
    void malformedObjectsAreNamed_data();
    void malformedObjectsAreNamed();
    void histogramQuantiles();
    void telemetryFromRealPrometheus();
};

void TestSnapshotScenario::recordedClusterIsAValidScenario()
{
    const ClusterSnapshot snapshot = recordedSnapshot();
    const std::string yaml = SnapshotScenarioWriter::write(snapshot, {});
    const auto loaded = load(yaml);
    QVERIFY(loaded.ok());
    QVERIFY(loaded.diagnostics.empty());
    const model::Scenario& scenario = *loaded.scenario;
    QCOMPARE(scenario.name, std::string("snapshot-recorded"));
    QCOMPARE(scenario.horizon, 3600 * sim::kSecond);
    // The two m6gd.2xlarge nodes are identical but for hostname, zone and region: one pool.
    QCOMPARE(scenario.cluster.pools.size(), std::size_t(1));
    const model::NodePoolSpec& pool = scenario.cluster.pools[0];
    QCOMPARE(pool.name, std::string("custom-1")); // eks.amazonaws.com/nodegroup
    QCOMPARE(pool.count, 2);
    QCOMPARE(pool.millicores, std::int64_t(7910));                      // allocatable "7910m"
    QCOMPARE(pool.memoryBytes, std::int64_t(31127824) * 1024);          // allocatable "31127824Ki"
    QCOMPARE(pool.labels.at("node.kubernetes.io/instance-type"), std::string("m6gd.2xlarge"));
    QCOMPARE(pool.labels.at("kubernetes.io/arch"), std::string("arm64"));
    QVERIFY(pool.labels.count("kubernetes.io/hostname") == 0);
    QVERIFY(pool.labels.count("topology.kubernetes.io/zone") == 0);
    QVERIFY(pool.devices.empty());
    // Comments name the sources and what the format cannot hold.
    const QString written = QString::fromStdString(yaml);
    QVERIFY(written.contains("cpu: 7910m   # Node duckboat-01 status.allocatable.cpu"));
    QVERIFY(written.contains("taint (not modelled: scenarios have no taints): type=hound:NoSchedule"));
    QVERIFY(written.contains("zones (not modelled): us-east-1a, us-east-2d"));
    QVERIFY(written.contains("HorizontalPodAutoscaler default/nginx targets Deployment nginx, which this snapshot does not hold"));
}

void TestSnapshotScenario::workloadsFollowOwners()
{
    const ClusterSnapshot snapshot = recordedSnapshot();
    const auto workloads = groupWorkloads(snapshot);
    // 11 pods (6 DaemonSet, 5 ReplicaSet → Deployment by pod-template-hash) + icx/icx-db without pods.
    QCOMPARE(workloads.size(), std::size_t(12));
    int daemonSets = 0;
    for (const auto& workload : workloads)
        daemonSets += workload.kind == "DaemonSet" ? 1 : 0;
    QCOMPARE(daemonSets, 5);

    const auto loaded = load(SnapshotScenarioWriter::write(snapshot, {.name = "", .horizon = "2h", .seed = 7}));
    QVERIFY(loaded.ok());
    QCOMPARE(loaded.scenario->workloads.size(), std::size_t(12));
    QCOMPARE(loaded.scenario->seed, std::uint64_t(7));
    // metallb-system/controller requests cpu 100m, memory 100Mi (a Deployment through its ReplicaSet).
    const auto* controller = batchJobs(*loaded.scenario, "metallb-system-controller");
    QVERIFY(controller);
    QCOMPARE(controller->request.millicores, std::int64_t(100));
    QCOMPARE(controller->request.memoryBytes, std::int64_t(100) << 20);
    QCOMPARE(controller->maxJobs, std::int64_t(1));
    // calico-node requests only cpu 250m: memory is floored to 1Mi so the workload is valid.
    const auto* calico = batchJobs(*loaded.scenario, "kube-system-calico-node");
    QVERIFY(calico);
    QCOMPARE(calico->request.millicores, std::int64_t(250));
    QCOMPARE(calico->request.memoryBytes, std::int64_t(1) << 20);
    // The Deployment with no pods comes from its template and spec.replicas.
    const auto* icx = batchJobs(*loaded.scenario, "icx-icx-db");
    QVERIFY(icx);
    QCOMPARE(icx->request.millicores, std::int64_t(250));
    QCOMPARE(icx->request.memoryBytes, std::int64_t(256) << 20);
}

void TestSnapshotScenario::gpuModelsComeFromLabels()
{
    const ClusterSnapshot snapshot = recordedSnapshot([](int i, QJsonObject& node) {
        setResource(node, "nvidia.com/gpu", i == 0 ? "8" : "1");
        setLabel(node, "nvidia.com/gpu.product", i == 0 ? "NVIDIA-A100-SXM4-40GB" : "Tesla-T4");
    });
    // A pod asking for a GPU becomes a workload asking for one.
    ClusterSnapshot withGpuPod = snapshot;
    QJsonObject pod = items("podlist.json")[0].toObject();
    QJsonObject spec = pod["spec"].toObject();
    QJsonArray containers = spec["containers"].toArray();
    QJsonObject container = containers[0].toObject();
    container["resources"] = QJsonObject{{"requests", QJsonObject{{"cpu", "1"}, {"memory", "1Gi"}, {"nvidia.com/gpu", "1"}}}};
    containers[0] = container;
    spec["containers"] = containers;
    pod["spec"] = spec;
    withGpuPod.pods = {KubeObjectParser::pod(text(pod))};
    withGpuPod.deployments.clear();

    const std::string yaml = SnapshotScenarioWriter::write(withGpuPod, {});
    const auto loaded = load(yaml);
    QVERIFY(loaded.ok());
    const auto& pools = loaded.scenario->cluster.pools;
    QCOMPARE(pools.size(), std::size_t(2)); // different GPUs: different pools
    QCOMPARE(pools[0].name, std::string("custom-1"));
    QCOMPARE(pools[1].name, std::string("custom-1-2"));
    QCOMPARE(pools[0].devices.size(), std::size_t(1));
    QCOMPARE(pools[0].devices[0].kind, model::DeviceKind::Gpu);
    QCOMPARE(pools[0].devices[0].model, std::string("A100"));
    QCOMPARE(pools[0].devices[0].count, 8);
    QCOMPARE(pools[1].devices[0].model, std::string("T4"));
    QCOMPARE(pools[1].devices[0].count, 1);
    QVERIFY(QString::fromStdString(yaml).contains("model: \"A100\"   # nvidia.com/gpu.product=NVIDIA-A100-SXM4-40GB"));
    const auto* speaker = batchJobs(*loaded.scenario, "metallb-system-speaker");
    QVERIFY(speaker);
    QCOMPARE(speaker->request.deviceCount(model::DeviceKind::Gpu), 1);
}

void TestSnapshotScenario::gpuModelNames_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("model");
    QTest::newRow("gfd A100") << "nvidia.com/gpu.product" << "NVIDIA-A100-SXM4-80GB" << "A100";
    QTest::newRow("gfd H100") << "nvidia.com/gpu.product" << "NVIDIA-H100-80GB-HBM3" << "H100";
    QTest::newRow("gfd L40S") << "nvidia.com/gpu.product" << "NVIDIA-L40S" << "L40S";
    QTest::newRow("gfd A10G") << "nvidia.com/gpu.product" << "NVIDIA-A10G" << "A10G";
    QTest::newRow("gke") << "cloud.google.com/gke-accelerator" << "nvidia-tesla-v100" << "V100";
    QTest::newRow("gke l4") << "cloud.google.com/gke-accelerator" << "nvidia-l4" << "L4";
    QTest::newRow("eks") << "k8s.amazonaws.com/accelerator" << "nvidia-tesla-t4" << "T4";
    QTest::newRow("unknown kept") << "nvidia.com/gpu.product" << "Quadro-RTX-6000" << "Quadro-RTX-6000";
    QTest::newRow("other label") << "example.com/gpu" << "A100" << "";
}

void TestSnapshotScenario::gpuModelNames()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, model);
    std::string source;
    QCOMPARE(QString::fromStdString(gpuModelFromLabels({{key.toStdString(), value.toStdString()}}, &source)), model);
    if (!model.isEmpty())
        QCOMPARE(QString::fromStdString(source), key + "=" + value);
}

void TestSnapshotScenario::malformedObjectsAreNamed_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("no capacity") << "" << "" << "Node duckboat-02: status.capacity: missing";
    QTest::newRow("12Zi") << "memory" << "12Zi" << "Node duckboat-02: status.capacity.memory: ";
    QTest::newRow("bad cpu") << "cpu" << "eight" << "Node duckboat-02: status.capacity.cpu: ";
    QTest::newRow("bad gpu count") << "nvidia.com/gpu" << "many" << "Node duckboat-02: status.capacity[\"nvidia.com/gpu\"]: expected a whole number of GPUs, got \"many\"";
    QTest::newRow("bad pods") << "pods" << "58 pods" << "Node duckboat-02: status.capacity.pods: expected a whole number of pods, got \"58 pods\"";
    QTest::newRow("no cpu") << "cpu" << "-" << "Node duckboat-02: status.capacity.cpu: missing or 0";
}

void TestSnapshotScenario::malformedObjectsAreNamed()
{
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, message);
    try {
        const ClusterSnapshot snapshot = recordedSnapshot([&](int i, QJsonObject& node) {
            if (i != 1)
                return;
            if (key.isEmpty()) {
                QJsonObject status = node["status"].toObject();
                status.remove("capacity");
                node["status"] = status;
            } else {
                setResource(node, key, value == "-" ? QString() : value, true, false);
            }
        });
        const std::string yaml = SnapshotScenarioWriter::write(snapshot, {});
        QFAIL(qPrintable("no error; wrote:\n" + QString::fromStdString(yaml)));
    } catch (const LiveError& error) {
        QCOMPARE(error.kind(), LiveError::Kind::Protocol);
        QVERIFY2(QString(error.what()).startsWith(message), error.what());
    }
    if (key == "memory") { // the quantity's own message says what is wrong with it
        try {
            recordedSnapshot([](int i, QJsonObject& node) {
                if (i == 1)
                    setResource(node, "memory", "12Zi");
            });
        } catch (const LiveError& error) {
            QVERIFY2(QString(error.what()).contains("12Zi"), error.what());
        }
    }
}

void TestSnapshotScenario::histogramQuantiles()
{
    const double inf = std::numeric_limits<double>::infinity();
    // 3, 9, 13.5, 15 cumulative: p50 is at rank 7.5, in (0.005, 0.01] with 6 of its 3..9 below.
    const std::vector<std::pair<double, double>> buckets{{0.01, 9}, {0.005, 3}, {inf, 15}, {0.05, 13.5}};
    QCOMPARE(*histogramQuantile(0.5, buckets), 0.00875);
    QCOMPARE(*histogramQuantile(0.1, buckets), 0.0025);  // rank 1.5 in the first bucket, from 0
    QCOMPARE(*histogramQuantile(0.99, buckets), 0.05);   // in +Inf: the highest finite bound
    QVERIFY(!histogramQuantile(0.5, {{0.1, 1}, {1, 2}}).has_value());           // no +Inf bucket
    QVERIFY(!histogramQuantile(0.5, {{0.1, 0}, {inf, 0}}).has_value());         // no observation
}

void TestSnapshotScenario::telemetryFromRealPrometheus()
{
    using namespace orrery::testing;
    if (!QFileInfo::exists(kPrometheusBinary))
        QSKIP("prometheus is not installed (Debian package prometheus)");
    // Two pods of olly/grafana: the one the PodList holds and one gone since (same ReplicaSet
    // hash); a pod of no captured workload. Counters grow linearly, so rates are known.
    const auto start = std::chrono::steady_clock::now();
    FakeHttpServer exporter([start](const RecordedRequest& request) {
        if (request.path != "/metrics")
            return ScriptedResponse{404, "text/plain", "not found", {}, false};
        const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QByteArray body = "# TYPE container_cpu_usage_seconds_total counter\n"
                          "# TYPE http_requests_total counter\n"
                          "# TYPE http_request_duration_seconds histogram\n";
        const auto pod = [&](const QByteArray& name, double scale, double cores) {
            const QByteArray labels = "namespace=\"olly\",pod=\"" + name + "\"";
            body += "container_cpu_usage_seconds_total{" + labels + ",container=\"app\"} " + QByteArray::number(cores * t, 'f', 6) + "\n";
            body += "container_cpu_usage_seconds_total{" + labels + ",container=\"POD\"} " + QByteArray::number(5 * t, 'f', 6) + "\n";
            body += "http_requests_total{" + labels + ",code=\"200\"} " + QByteArray::number(10 * scale * t, 'f', 6) + "\n";
            const std::pair<const char*, double> buckets[] = {{"0.005", 2}, {"0.01", 6}, {"0.05", 9}, {"+Inf", 10}};
            for (const auto& [le, perSecond] : buckets)
                body += "http_request_duration_seconds_bucket{" + labels + ",le=\"" + le + "\"} " +
                        QByteArray::number(perSecond * scale * t, 'f', 6) + "\n";
        };
        pod("grafana-7db5dff8ff-vwrnf", 1.0, 0.5);
        pod("grafana-7db5dff8ff-gone1", 0.5, 0.25);
        pod("unrelated-0", 100.0, 3.0);
        return ScriptedResponse{200, "text/plain; version=0.0.4", body, {}, false};
    });
    PrometheusProcess prometheus(exporter.port());
    QVERIFY(prometheus.started());
    PrometheusClient client(prometheus.url().toStdString());
    QTRY_VERIFY_WITH_TIMEOUT(client.ready(), 30000);
    const std::string covered = "count_over_time(http_requests_total{pod=\"grafana-7db5dff8ff-vwrnf\"}[10s])";
    QTRY_VERIFY_WITH_TIMEOUT(client.query(covered).series.size() == 1 && client.query(covered).series[0].samples[0].value >= 7,
                             30000);

    ClusterSnapshot snapshot = recordedSnapshot();
    snapshot.prometheusUrl = client.baseUrl();
    snapshot.window = "5s";
    const auto workloads = groupWorkloads(snapshot);
    snapshot.telemetry = SnapshotTelemetry::capture(client, "5s", "", workloads);
    QCOMPARE(snapshot.telemetry.size(), std::size_t(1)); // the unrelated pod belongs to no workload
    const WorkloadTelemetry& grafana = snapshot.telemetry.at("Deployment/olly/grafana");
    QVERIFY(grafana.requestsPerSecond.has_value());
    QVERIFY2(std::abs(*grafana.requestsPerSecond - 15.0) < 0.75, std::to_string(*grafana.requestsPerSecond).c_str());
    QCOMPARE(grafana.podsWithCpuSeries, 2);
    QVERIFY2(std::abs(*grafana.cpuCoresPerPod - 0.375) < 0.02, std::to_string(*grafana.cpuCoresPerPod).c_str()); // POD left out
    QVERIFY2(std::abs(*grafana.latencyP50Seconds - 0.00875) < 0.0002, std::to_string(*grafana.latencyP50Seconds).c_str());
    QVERIFY2(std::abs(*grafana.latencyP99Seconds - 0.05) < 1e-9, std::to_string(*grafana.latencyP99Seconds).c_str());

    const std::string yaml = SnapshotScenarioWriter::write(snapshot, {});
    QVERIFY(load(yaml).ok());
    const QString written = QString::fromStdString(yaml);
    QVERIFY2(written.contains(QRegularExpression("# Prometheus over 5s \\(not modelled by BatchJobs\\): 1[45](\\.\\d+)? requests/s")),
             qPrintable(written));
    QVERIFY(written.contains(QRegularExpression("latency p50 8\\.[6-8]\\d*ms, p90 [\\d.]+ms, p99 50ms")));
    QVERIFY(written.contains("Prometheus over 5s (not modelled by BatchJobs): no series for these pods"));
}

QTEST_GUILESS_MAIN(TestSnapshotScenario)
#include "tst_snapshot_scenario.moc"
