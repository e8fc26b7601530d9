// sharing: concurrent (issue 17 item 2, seed 002 §3): the interference model's calibration to the
// paper's characterisation over the 15 Table 6.1 models, and the simulator reproducing its
// throughput and utilisation end to end.
#include "serving_test_support.h"

#include "kinds/built_in_kinds.h"
#include "kinds/model_serving/gpu_device_profile.h"
#include "kinds/model_serving/gpu_interference.h"
#include "kinds/model_serving/model_serving_runtime.h"
#include "kinds/model_serving/serving_model_catalog.h"
#include "model/cluster.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <numeric>
#include <variant>

using namespace orrery;
using namespace orrery::kinds::model_serving;

namespace {

//! Each built-in model's GPU share on a V100 (its requests' compute fraction at 128 output tokens).
std::vector<double> shares(const GpuInterference& interference)
{
    const GpuDeviceProfile& v100 = *findGpuProfile("V100");
    std::vector<double> out;
    for (const ServingModelProfile& model : builtInServingModels())
        out.push_back(interference.shareOf(model.curve(model.autoregressive ? 128 : 0, v100).computeFraction()));
    return out;
}

std::map<std::string, double> runServing(const std::string& models, int devices = 1, const std::string& extra = {})
{
    const std::string text = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: sharing}
spec:
  seed: 3
  horizon: 2m
  cluster:
    pools:
      - {name: gpus, count: )" + std::to_string(devices) + R"(, cpu: 8, memory: 16Gi, pricePerHour: 3.6, devices: [{kind: gpu, model: V100, count: 1}]}
  workloads:
    - name: serving
      kind: model-serving
      devices: gpus
      sharing: concurrent
)" + extra + "      models:\n" + models;
    const auto loaded = testing::loadServingScenario(text, "sharing.yaml");
    if (!loaded.ok())
        qFatal("%s", model::formatAll(loaded.diagnostics).c_str());
    return testing::runServingScenario(*loaded.scenario);
}

} // namespace

class TestGpuInterference : public QObject {
    Q_OBJECT

private slots:
    //! Seed 002 §3: 3 replicas give ≈ 1.85× the throughput at ≈ 2.76× the utilisation of one, on
    //! average over models (tolerance ±0.05 and ±0.1).
    void threeReplicasMatchTheCharacterisation()
    {
        const GpuInterference interference;
        double throughput = 0, utilization = 0;
        const std::vector<double> u = shares(interference);
        for (std::size_t m = 0; m < u.size(); ++m) {
            const std::vector<GpuInterference::Active> three(3, {static_cast<std::uint32_t>(m), u[m]});
            throughput += 3 * interference.speed(three, 0);
            utilization += GpuInterference::utilization(three) / u[m];
        }
        throughput /= static_cast<double>(u.size());
        utilization /= static_cast<double>(u.size());
        QVERIFY2(std::abs(throughput - 1.85) <= 0.05, qPrintable(QString::number(throughput)));
        QVERIFY2(std::abs(utilization - 2.76) <= 0.1, qPrintable(QString::number(utilization)));
    }

    //! Seed 002 §3: 90 % of random pairs of different models see ≤ 18 % more latency (tolerance
    //! 0.005), and identical pairs suffer more than different ones (on average and per model
    //! against a partner of the same share).
    void pairsMatchTheCharacterisation()
    {
        const GpuInterference interference;
        const std::vector<double> u = shares(interference);
        std::vector<double> different;
        double identical = 0;
        for (std::size_t i = 0; i < u.size(); ++i) {
            for (std::size_t j = 0; j < u.size(); ++j) {
                if (i == j)
                    continue;
                const std::vector<GpuInterference::Active> pair{{static_cast<std::uint32_t>(i), u[i]}, {static_cast<std::uint32_t>(j), u[j]}};
                different.push_back(1.0 / interference.speed(pair, 0) - 1.0);
            }
            const std::vector<GpuInterference::Active> twins(2, {static_cast<std::uint32_t>(i), u[i]});
            const std::vector<GpuInterference::Active> lookalike{{0, u[i]}, {1, u[i]}};
            QVERIFY(interference.speed(twins, 0) < interference.speed(lookalike, 0));
            identical += 1.0 / interference.speed(twins, 0) - 1.0;
        }
        std::sort(different.begin(), different.end());
        const double p90 = different[static_cast<std::size_t>(0.9 * static_cast<double>(different.size() - 1))];
        QVERIFY2(p90 <= 0.18 + 0.005, qPrintable(QString::number(p90)));
        const double meanDifferent = std::accumulate(different.begin(), different.end(), 0.0) / static_cast<double>(different.size());
        QVERIFY(identical / static_cast<double>(u.size()) > meanDifferent);
    }

    //! End to end: one saturated V100 with 1 or 3 ResNet-50 replicas; the simulated throughput
    //! and utilisation follow the model (3 · speed and min(1, 3u) / u) within 2 %.
    void simulatorFollowsTheModel()
    {
        const auto one = runServing("        - {model: ResNet-50, rate: 200/s}\n");
        const auto three = runServing("        - {model: ResNet-50, rate: 200/s, replicas: 3}\n");
        QCOMPARE(three.at("serving.replicas_unplaced"), 0.0); // shared concurrently: 3 on one GPU
        const GpuInterference interference;
        const GpuDeviceProfile& v100 = *findGpuProfile("V100");
        const double u = interference.shareOf(servingModel("ResNet-50").curve(0, v100).computeFraction());
        const std::vector<GpuInterference::Active> active(3, {0, u});
        const double expectedThroughput = 3 * interference.speed(active, 0);
        const double throughput = three.at("serving.completed") / one.at("serving.completed");
        QVERIFY2(std::abs(throughput / expectedThroughput - 1) < 0.02,
                 qPrintable(QStringLiteral("%1 vs %2").arg(throughput).arg(expectedThroughput)));
        QVERIFY(std::abs(one.at("serving.gpu_utilization.mean") - u) < 0.02 * u); // saturated: always busy
        QVERIFY(std::abs(three.at("serving.gpu_utilization.mean") - std::min(1.0, 3 * u)) < 0.02);
        // Memory still binds: two OPT-2.7b (10.4 GB each) do not fit a 16 GB V100.
        const auto opt = runServing("        - {model: OPT-2.7b, rate: 1/s, replicas: 2, outputTokens: 8}\n");
        QCOMPARE(opt.at("serving.replicas_unplaced"), 1.0);
    }

    //! Fractional GPUs (issue 37 item 3): replicas hold SM shares that must fit one device
    //! together; a share below what a replica keeps busy alone slows it in proportion; a device is
    //! charged whole or by the share held, as `costing` says.
    void fractionalGpusLimitSlowAndCharge()
    {
        QCOMPARE(runServing("        - {model: ResNet-50, rate: 200/s, replicas: 3, gpuShare: 0.4}\n").at("serving.replicas_unplaced"), 1.0);
        QCOMPARE(runServing("        - {model: ResNet-50, rate: 200/s, replicas: 3, gpuShare: 0.3}\n").at("serving.replicas_unplaced"), 0.0);

        const GpuInterference interference;
        const double u = interference.shareOf(servingModel("ResNet-50").curve(0, *findGpuProfile("V100")).computeFraction());
        const double share = std::round(u / 2 * 1000) / 1000; // the share it is given, to whole thousandths
        const auto whole = runServing("        - {model: ResNet-50, rate: 200/s}\n");
        const auto half = runServing("        - {model: ResNet-50, rate: 200/s, gpuShare: " + std::to_string(share) + "}\n");
        const double throughput = half.at("serving.completed") / whole.at("serving.completed");
        QVERIFY2(std::abs(throughput / (share / u) - 1) < 0.02, qPrintable(QStringLiteral("%1 vs %2").arg(throughput).arg(share / u)));
        QVERIFY(std::abs(half.at("serving.gpu_utilization.mean") - share) < 0.02 * share); // it keeps only its share busy

        const std::string two = "        - {model: BERT-base, rate: 1/s, replicas: 2, gpuShare: 0.25}\n";
        const double price = 3.6 * 120 / 3600; // one device, 2 minutes
        QVERIFY(std::abs(runServing(two).at("serving.cost") - price) < 1e-9); // costing: device (default)
        QVERIFY(std::abs(runServing(two, 1, "      costing: share\n").at("serving.cost") - 0.5 * price) < 1e-9);
        // A replica without a share holds the whole device, however small the others' are.
        QVERIFY(std::abs(runServing(two + "        - {model: ResNet-50, rate: 1/s}\n", 1, "      costing: share\n").at("serving.cost") - price) < 1e-9);
    }

    void badSharingIsADiagnostic()
    {
        kinds::registerBuiltInKinds();
        const auto loaded = scenario::parseScenario(R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: bad}
spec:
  horizon: 1m
  cluster: {pools: [{name: gpus, count: 1, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}]}
  workloads:
    - name: serving
      kind: model-serving
      sharing: mps
      interference: {sameModel: -1}
      models: [{model: BERT-base, rate: 1/s}]
)", "bad.yaml");
        QVERIFY(!loaded.ok());
        const QString text = QString::fromStdString(model::formatAll(loaded.diagnostics));
        QVERIFY2(text.contains("bad.yaml:10:16: error: spec.workloads[0].sharing: expected exclusive or concurrent"), qPrintable(text));
        QVERIFY2(text.contains("spec.workloads[0].interference.sameModel"), qPrintable(text));

        const auto exclusive = scenario::parseScenario(R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: bad}
spec:
  horizon: 1m
  cluster: {pools: [{name: gpus, count: 1, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}]}
  workloads:
    - name: serving
      kind: model-serving
      costing: fraction
      models: [{model: BERT-base, rate: 1/s, gpuShare: 0.5}, {model: ResNet-50, rate: 1/s, gpuShare: 2}]
)", "bad.yaml");
        QVERIFY(!exclusive.ok());
        const QString more = QString::fromStdString(model::formatAll(exclusive.diagnostics));
        QVERIFY2(more.contains("spec.workloads[0].costing: expected device or share, got 'fraction'"), qPrintable(more));
        QVERIFY2(more.contains("spec.workloads[0].models[0].gpuShare: a GPU share needs sharing: concurrent"), qPrintable(more));
        QVERIFY2(more.contains("spec.workloads[0].models[1].gpuShare"), qPrintable(more));
    }
};

QTEST_GUILESS_MAIN(TestGpuInterference)
#include "tst_gpu_interference.moc"
