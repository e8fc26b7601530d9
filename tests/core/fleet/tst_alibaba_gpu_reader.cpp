// The Alibaba GPU trace readers on the real files (resources/data/alibaba-gpu-2023) and on
// malformed copies: every problem is reported as path:line: field: what.
#include "fleet/alibaba_fleet_scenario.h"
#include "fleet/alibaba_gpu_node.h"
#include "fleet/alibaba_gpu_pod.h"
#include "fleet/fleet_read_error.h"
#include "alibaba_gpu_invariant.h"
#include "fuzz_replay.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <numeric>
#include <set>

using namespace orrery::fleet;

namespace {

const std::filesystem::path kData = std::filesystem::path(ORRERY_SOURCE_DIR) / "resources/data/alibaba-gpu-2023";
const std::string kNodeHeader = "sn,cpu_milli,memory_mib,gpu,model\n";
const std::string kPodHeader =
    "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time\n";

} // namespace

class TestAlibabaGpuReader : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::filesystem::path write(const std::string& name, const std::string& text)
    {
        const std::filesystem::path path = std::filesystem::path(m_dir.path().toStdString()) / name;
        std::ofstream(path, std::ios::binary) << text;
        return path;
    }

    //! The message of the FleetReadError that reading `path` throws (empty when none).
    template <typename Reader> static std::string errorOf(Reader read, const std::filesystem::path& path)
    {
        try {
            (void)read(path);
        } catch (const FleetReadError& error) {
            return error.what();
        }
        return {};
    }

private slots:
    // Every kept crash input and seed of the alibaba_gpu harness, through its invariant.
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "alibaba_gpu"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string path = (std::filesystem::path(m_dir.path().toStdString()) / "fuzzed.csv").string();
        const std::string problem = orrery::fuzz::alibabaGpuProblem(orrery::fuzz::readReplayFile(file), path);
        QVERIFY2(problem.empty(), problem.c_str());
    }

    void readsTheRealNodeList()
    {
        const auto nodes = readAlibabaGpuNodes(kData / "openb_node_list_gpu_node.csv");
        QCOMPARE(nodes.size(), std::size_t{1213});
        std::set<std::string> models;
        for (const auto& node : nodes) {
            QVERIFY(node.gpuCount > 0);
            models.insert(node.gpuModel);
        }
        QCOMPARE(models, (std::set<std::string>{"A10", "G2", "G3", "P100", "T4", "V100M16", "V100M32"}));
        QCOMPARE(nodes.front().name, std::string("openb-node-0000"));
        QCOMPARE(nodes.front().cpuMillicores, std::int64_t{64000});
        QCOMPARE(nodes.front().memoryMib, std::int64_t{262144});
        QCOMPARE(nodes.front().gpuModel, std::string("P100"));
        const int gpus = std::accumulate(nodes.begin(), nodes.end(), 0, [](int sum, const auto& n) { return sum + n.gpuCount; });
        QCOMPARE(gpus, 6212); // Σ gpu over the file (awk over the CSV)
    }

    void readsTheRealPodList()
    {
        const auto pods = readAlibabaGpuPods(kData / "openb_pod_list_default.csv");
        QCOMPARE(pods.size(), std::size_t{8152});
        const auto sharing = std::count_if(pods.begin(), pods.end(), [](const auto& p) { return p.sharesGpu(); });
        QCOMPARE(sharing, 3078L);
        const auto unscheduled = std::count_if(pods.begin(), pods.end(), [](const auto& p) { return !p.scheduledSeconds; });
        QCOMPARE(unscheduled, 897L);
        QCOMPARE(pods[1].name, std::string("openb-pod-0001"));
        QCOMPARE(pods[1].gpuMilli, 460);
        QCOMPARE(pods[1].qos, std::string("LS"));
        QCOMPARE(pods[1].deletionSeconds, std::int64_t{12902960});
    }

    void splitsGpuSpec()
    {
        const auto path = write("spec.csv", kPodHeader + "p,1000,1024,1,1000,V100M16|V100M32,LS,Running,5,9,\n");
        const auto pods = readAlibabaGpuPods(path);
        QCOMPARE(pods.at(0).gpuSpec, (std::vector<std::string>{"V100M16", "V100M32"}));
        QVERIFY(!pods.at(0).scheduledSeconds);
    }

    void malformedRowsNameFileLineAndField_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("truncated") << QString::fromStdString(kNodeHeader + "n0,8000,1024,1,T4\nn1,8000,1024\n")
                                   << QStringLiteral("nodes.csv:3: gpu: missing: the row has 3 of 5 fields");
        QTest::newRow("not a number") << QString::fromStdString(kNodeHeader + "n0,8000,12x4,1,T4\n")
                                      << QStringLiteral("nodes.csv:2: memory_mib: '12x4' is not a whole number");
        QTest::newRow("negative") << QString::fromStdString(kNodeHeader + "n0,-8000,1024,1,T4\n")
                                  << QStringLiteral("nodes.csv:2: cpu_milli: must not be negative, got -8000");
        QTest::newRow("empty number") << QString::fromStdString(kNodeHeader + "n0,,1024,1,T4\n")
                                      << QStringLiteral("nodes.csv:2: cpu_milli: empty");
        QTest::newRow("unknown column") << QStringLiteral("sn,cpu_milli,memory_mb,gpu,model\nn0,1,1,1,T4\n")
                                        << QStringLiteral("nodes.csv:1: header: unknown column 'memory_mb'");
        QTest::newRow("missing column") << QStringLiteral("sn,cpu_milli,memory_mib,gpu\nn0,1,1,1\n")
                                        << QStringLiteral("nodes.csv:1: header: missing column 'model'");
        QTest::newRow("extra field") << QString::fromStdString(kNodeHeader + "n0,1,1,1,T4,x\n")
                                     << QStringLiteral("nodes.csv:2: row: has 6 fields, the header 5");
        QTest::newRow("gpus without model") << QString::fromStdString(kNodeHeader + "n0,1,1,2,\n")
                                            << QStringLiteral("nodes.csv:2: model: empty, but the node has 2 GPUs");
        QTest::newRow("empty file") << QString() << QStringLiteral("nodes.csv:1: header: the file is empty");
    }

    void malformedRowsNameFileLineAndField()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const auto path = write("nodes.csv", text.toStdString());
        const QString message = QString::fromStdString(errorOf(readAlibabaGpuNodes, path));
        QVERIFY2(message.startsWith(QString::fromStdString(path.parent_path().string()) + "/"), qPrintable(message));
        QVERIFY2(message.contains(expected), qPrintable(message));
    }

    void malformedPodRows()
    {
        const auto truncated = write("pods.csv", kPodHeader + "p0,1000,1024,1,1000,,LS,Running,5,9,5\np1,1000,1024,1,500,,LS\n");
        QVERIFY(QString::fromStdString(errorOf(readAlibabaGpuPods, truncated)).endsWith("pods.csv:3: pod_phase: missing: the row has 7 of 11 fields (truncated row?)"));
        const auto milli = write("milli.csv", kPodHeader + "p0,1000,1024,1,1500,,LS,Running,5,9,5\n");
        QVERIFY(QString::fromStdString(errorOf(readAlibabaGpuPods, milli)).endsWith("milli.csv:2: gpu_milli: at most 1000 (one whole GPU), got 1500"));
        const auto order = write("order.csv", kPodHeader + "p0,1000,1024,1,1000,,LS,Running,9,5,9\n");
        QVERIFY(QString::fromStdString(errorOf(readAlibabaGpuPods, order)).endsWith("order.csv:2: deletion_time: before creation_time (5 < 9)"));
        QVERIFY(QString::fromStdString(errorOf(readAlibabaGpuPods, m_dir.filePath("absent.csv").toStdString())).contains("absent.csv: cannot open"));
    }

    void columnsInAnyOrderAndCrlf()
    {
        const auto path = write("reordered.csv", "model,gpu,sn,memory_mib,cpu_milli\r\nT4,2,n0,1024,8000\r\n\r\n");
        const auto nodes = readAlibabaGpuNodes(path);
        QCOMPARE(nodes.size(), std::size_t{1});
        QCOMPARE(nodes[0].gpuModel, std::string("T4"));
        QCOMPARE(nodes[0].cpuMillicores, std::int64_t{8000});
    }

    void sampleIsSeededAndPoolsSumToIt()
    {
        const auto nodes = readAlibabaGpuNodes(kData / "openb_node_list_gpu_node.csv");
        const auto a = sampleAlibabaNodes(nodes, 1000, 1);
        const auto b = sampleAlibabaNodes(nodes, 1000, 1);
        const auto c = sampleAlibabaNodes(nodes, 1000, 2);
        QCOMPARE(a.size(), std::size_t{1000});
        QVERIFY(std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) { return x.name == y.name; }));
        QVERIFY(!std::equal(a.begin(), a.end(), c.begin(), [](const auto& x, const auto& y) { return x.name == y.name; }));
        std::set<std::string> names;
        for (const auto& node : a)
            names.insert(node.name);
        QCOMPARE(names.size(), std::size_t{1000}); // without replacement
        const auto pools = poolsByShape(a);
        QCOMPARE(std::accumulate(pools.begin(), pools.end(), 0, [](int s, const FleetPool& p) { return s + p.nodeCount; }), 1000);
        QCOMPARE(poolsByShape(nodes).size(), std::size_t{15}); // 15 distinct shapes in the full list
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)sampleAlibabaNodes(nodes, 1214, 1));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)sampleAlibabaNodes(nodes, 0, 1));
    }

    void unknownModelHasNoInstanceType()
    {
        AlibabaGpuNode node{"n0", 8000, 1024, 1, "H100"};
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)poolsByShape({node}));
    }
};

QTEST_GUILESS_MAIN(TestAlibabaGpuReader)
#include "tst_alibaba_gpu_reader.moc"
