// The GPU instance types: every GPU model of the fleet has one, the seed's prices are exact,
// prices rise with the GPU class where they should, and only cited throughputs are recorded.
#include "fleet/alibaba_gpu_node.h"
#include "fleet/gpu_instance_type.h"

#include <QtTest>

using namespace orrery::fleet;

class TestGpuInstanceType : public QObject {
    Q_OBJECT

    static const GpuInstanceType& type(const char* code)
    {
        const GpuInstanceType* found = findGpuInstanceType(code);
        if (found == nullptr)
            qFatal("no instance type %s", code);
        return *found;
    }

private slots:
    void everyFleetModelHasAType()
    {
        const auto nodes = readAlibabaGpuNodes(std::filesystem::path(ORRERY_SOURCE_DIR) /
                                               "resources/data/alibaba-gpu-2023/openb_node_list_gpu_node.csv");
        for (const auto& node : nodes)
            QVERIFY2(findGpuInstanceType(node.gpuModel) != nullptr, node.gpuModel.c_str());
        QVERIFY(findGpuInstanceType("H100") == nullptr);
        QVERIFY(findGpuInstanceType("t4") == nullptr); // codes are case-sensitive, as in the trace
    }

    void seedPricesAreExact()
    {
        // Seed 002 §6.3: T4 0.024 and V100 0.191 per GB (normalised).
        QCOMPARE(type("T4").pricePerGbHour, 0.024);
        QCOMPARE(type("V100M16").pricePerGbHour, 0.191);
        QCOMPARE(type("V100M32").pricePerGbHour, 0.191);
        QCOMPARE(type("T4").pricePerGpuHour, 0.024 * 16);
        QCOMPARE(type("V100M32").pricePerGpuHour, 0.191 * 32);
    }

    void priceIsMonotoneInGpuClass()
    {
        QVERIFY(type("T4").pricePerGpuHour < type("A10").pricePerGpuHour);      // same class, A10 faster and larger
        QVERIFY(type("T4").pricePerGpuHour < type("V100M16").pricePerGpuHour);  // inference card below training card
        QVERIFY(type("P100").pricePerGpuHour < type("V100M16").pricePerGpuHour); // older generation, same memory
        QVERIFY(type("V100M16").pricePerGpuHour < type("V100M32").pricePerGpuHour); // same chip, twice the memory
        const auto& types = builtInGpuInstanceTypes();
        for (std::size_t i = 1; i < types.size(); ++i)
            QVERIFY2(types[i - 1].pricePerGpuHour <= types[i].pricePerGpuHour, types[i].code.c_str()); // cheapest first
    }

    void everyTypeIsComplete()
    {
        for (const auto& t : builtInGpuInstanceTypes()) {
            QVERIFY2(t.pricePerGpuHour > 0, t.code.c_str());
            QVERIFY2(!t.priceRule.empty() && !t.launchSource.empty() && !t.description.empty(), t.code.c_str());
            QCOMPARE(t.launchLatency, orrery::sim::SimTime{2'050'800'000}); // seed 001 Table 3.5, cold start
            QCOMPARE(t.disclosed, t.memoryBytes > 0);
            if (t.disclosed)
                QVERIFY(std::abs(t.pricePerGpuHour - t.pricePerGbHour * static_cast<double>(t.memoryBytes >> 30)) < 1e-12);
            for (const auto& entry : t.throughput)
                QVERIFY2(entry.samplesPerSecond > 0 && !entry.source.empty(), t.code.c_str());
        }
        QVERIFY(!type("G2").disclosed);
        QVERIFY(!type("G3").disclosed);
    }

    void onlyCitedThroughputs()
    {
        const ModelThroughput* resnet = type("T4").throughputOf("ResNet-50");
        QVERIFY(resnet != nullptr);
        QCOMPARE(resnet->samplesPerSecond, 44977.8 / 8); // MLPerf Inference v0.5, NVIDIA T4x8, Offline
        QVERIFY(resnet->source.find("inference_results_v0.5") != std::string::npos);
        QVERIFY(type("T4").throughputOf("Inception-v3") == nullptr); // not verified offline: left out
        QVERIFY(type("V100M32").throughput.empty());
    }
};

QTEST_GUILESS_MAIN(TestGpuInstanceType)
#include "tst_gpu_instance_type.moc"
