// Batching in the model-serving kind (issue 37 item 1, docs/model.md "Batching"): a batch's
// latency against a published measurement, dynamic batches formed as Triton forms them,
// continuous batches admitting and retiring requests per decoding iteration, power and energy
// under batching, the reader's diagnostics, and batch size 1 being exactly no batching.
#include "serving_test_support.h"

#include "kinds/built_in_kinds.h"
#include "kinds/model_serving/gpu_device_profile.h"
#include "kinds/model_serving/model_serving_platform.h"
#include "kinds/model_serving/model_serving_runtime.h"
#include "kinds/model_serving/model_serving_spec.h"
#include "kinds/model_serving/serving_model_catalog.h"
#include "model/cluster.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <map>
#include <variant>

using namespace orrery;
using namespace orrery::kinds::model_serving;

namespace {

constexpr sim::SimTime kNever = std::numeric_limits<sim::SimTime>::max();

std::string scenarioText(const std::string& models, const std::string& extra = {})
{
    return R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: batching-test}
spec:
  seed: 5
  horizon: 2m
  cluster:
    pools:
      - {name: gpus, count: 1, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}
  workloads:
    - name: serving
      kind: model-serving
      devices: gpus
)" + extra + "      models:\n" + models;
}

scenario::LoadResult load(const std::string& text) { return testing::loadServingScenario(text, "batching-test.yaml"); }

const ModelServingSpec& specOf(const model::Scenario& scenario) { return testing::servingSpecOf(scenario); }

std::map<std::string, double> run(const model::Scenario& scenario) { return testing::runServingScenario(scenario); }

//! One device driven by hand: requests arrive at given times, the device's events are processed
//! as the runtime would (an event counts only with the version it was scheduled with).
class OneDevice {
public:
    explicit OneDevice(const model::Scenario& scenario)
        : m_cluster(scenario.cluster)
        , m_platform(specOf(scenario), scenario.seed, m_cluster)
    {
        for (const auto& unit : m_platform.replicaUnits())
            QVERIFY(m_platform.placeReplica(unit, 0, 0));
    }
    ModelServingPlatform& platform() { return m_platform; }
    //! Processes the device's events up to `until`, then a request of model `m` arrives then.
    void arriveAt(sim::SimTime until, std::uint32_t m = 0)
    {
        runUntil(until);
        QCOMPARE(m_platform.arrive(m, until), 0U);
        schedule(m_platform.dispatch(0, until));
    }
    void runUntil(sim::SimTime until)
    {
        while (m_next != kNever && m_next <= until) {
            const sim::SimTime now = m_next;
            m_next = kNever;
            m_platform.completeDue(0, now);
            schedule(m_platform.dispatch(0, now));
            m_completions.emplace_back(now, m_platform.completed());
        }
    }
    //! (event time, requests completed so far) after each processed event.
    const std::vector<std::pair<sim::SimTime, std::uint64_t>>& events() const { return m_completions; }
    [[nodiscard]] sim::SimTime next() const { return m_next; }
    //! When the completed count first reached `count` (kNever: not yet).
    [[nodiscard]] sim::SimTime whenCompleted(std::uint64_t count) const
    {
        for (const auto& [at, completed] : m_completions) {
            if (completed >= count)
                return at;
        }
        return kNever;
    }

private:
    void schedule(sim::SimTime at)
    {
        if (at != kNever)
            m_next = at; // a newer time replaces the pending one (its version is stale now)
    }

    model::Cluster m_cluster;
    ModelServingPlatform m_platform;
    sim::SimTime m_next = kNever;
    std::vector<std::pair<sim::SimTime, std::uint64_t>> m_completions;
};

//! A dynamic batch's duration in whole nanoseconds (rounded, as a request without batching).
sim::SimTime ns(double seconds)
{
    return std::max<sim::SimTime>(1, sim::fromSeconds(seconds));
}

//! A continuous batch's iteration in whole nanoseconds (rounded up: a step boundary is reached).
sim::SimTime ceilNs(double seconds)
{
    return std::max<sim::SimTime>(1, static_cast<sim::SimTime>(std::ceil(seconds * 1e9)));
}

} // namespace

class TestRequestBatching : public QObject {
    Q_OBJECT

private slots:
    void batchLatencyFollowsPublishedMeasurement_data()
    {
        // NVIDIA TensorRT demo/BERT README (NVIDIA/TensorRT @ 007c3470), "Inference performance:
        // NVIDIA T4", BERT-Large, sequence length 384, FP16, average latency: 12.45 ms at batch 1,
        // 22.80 (2), 46.21 (4), 92.92 (8), 185.85 (16), 370.87 (32). The T4 is compute-bound at
        // that length, as the roofline of Orrery's BERT-large at 512 tokens on the T4 profile is.
        QTest::addColumn<int>("batch");
        QTest::addColumn<double>("measured");
        QTest::newRow("2") << 2 << 22.80 / 12.45;
        QTest::newRow("4") << 4 << 46.21 / 12.45;
        QTest::newRow("8") << 8 << 92.92 / 12.45;
        QTest::newRow("16") << 16 << 185.85 / 12.45;
        QTest::newRow("32") << 32 << 370.87 / 12.45;
    }

    void batchLatencyFollowsPublishedMeasurement()
    {
        QFETCH(int, batch);
        QFETCH(double, measured);
        const GpuDeviceProfile& t4 = *findGpuProfile("T4");
        const ServingModelProfile& bert = servingModel("BERT-large");
        const double ratio = bert.prefillBatchSeconds(static_cast<std::uint32_t>(batch), t4.defaultMhz, t4)
                             / bert.prefillBatchSeconds(1, t4.defaultMhz, t4);
        QVERIFY2(std::abs(ratio / measured - 1) < 0.06, qPrintable(QStringLiteral("L(%1)/L(1) = %2, measured %3").arg(batch).arg(ratio).arg(measured)));
    }

    void batchOfOneIsOneRequest()
    {
        for (const auto& model : builtInServingModels()) {
            for (const auto& gpu : builtInGpuProfiles()) {
                for (const double mhz : {gpu.defaultMhz, gpu.minMhz}) {
                    QCOMPARE(model.prefillBatchSeconds(1, mhz, gpu), model.requestSeconds(0, mhz, gpu));
                    if (model.autoregressive) {
                        const double k = model.requestSeconds(1, mhz, gpu) - model.requestSeconds(0, mhz, gpu);
                        QVERIFY(std::abs(model.decodeStepSeconds(1, mhz, gpu) / k - 1) < 1e-9);
                    } else {
                        QCOMPARE(model.decodeStepSeconds(4, mhz, gpu), 0.0);
                    }
                }
            }
        }
    }

    void decodingStepsAreMemoryBound()
    {
        // A decoding step reads every weight once for the whole batch: it grows far slower than
        // the batch (the reason continuous batching pays), while the prompt pass at 512 tokens
        // is compute-bound and grows nearly as the batch does.
        const GpuDeviceProfile& v100 = *findGpuProfile("V100");
        for (const auto& model : builtInServingModels()) {
            if (!model.autoregressive)
                continue;
            const double one = model.decodeStepSeconds(1, v100.defaultMhz, v100);
            double previous = one;
            for (const std::uint32_t b : {2U, 4U, 8U, 16U}) {
                const double step = model.decodeStepSeconds(b, v100.defaultMhz, v100);
                QVERIFY2(step > previous && step < one * (b == 2 ? 1.2 : b / 2.0), qPrintable(QString::fromStdString(model.name)));
                previous = step;
            }
            QVERIFY(model.prefillBatchSeconds(4, v100.defaultMhz, v100) > 3.5 * model.prefillBatchSeconds(1, v100.defaultMhz, v100));
        }
    }

    void dynamicBatchStartsWhenFull()
    {
        const auto loaded = load(scenarioText("        - {model: BERT-base, rate: 1/s, batching: {mode: dynamic, maxBatchSize: 4, maxQueueDelay: 50ms}}\n"));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        OneDevice device(*loaded.scenario);
        const GpuDeviceProfile& v100 = device.platform().gpu();
        for (int k = 0; k < 3; ++k) {
            device.arriveAt(k * sim::kMillisecond);
            QCOMPARE(device.next(), 50 * sim::kMillisecond); // waiting for more, at most 50 ms after the head
            QVERIFY(!device.platform().devices()[0].busy());
        }
        device.arriveAt(3 * sim::kMillisecond); // the fourth fills the batch: it starts now
        QVERIFY(device.platform().devices()[0].busy());
        const sim::SimTime end = 3 * sim::kMillisecond + ns(servingModel("BERT-base").prefillBatchSeconds(4, v100.defaultMhz, v100));
        QCOMPARE(device.next(), end);
        device.runUntil(end);
        QCOMPARE(device.platform().completed(), 4ULL);   // the batch ends as a whole
        QCOMPARE(device.whenCompleted(1), end);
        QVERIFY(!device.platform().devices()[0].busy());
    }

    void dynamicBatchStartsAfterTheQueueDelay()
    {
        const auto loaded = load(scenarioText("        - {model: BERT-base, rate: 1/s}\n",
                                              "      batching: {mode: dynamic, maxBatchSize: 8, maxQueueDelay: 20ms}\n"));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        OneDevice device(*loaded.scenario);
        const GpuDeviceProfile& v100 = device.platform().gpu();
        device.arriveAt(0);
        device.arriveAt(5 * sim::kMillisecond);
        QCOMPARE(device.next(), 20 * sim::kMillisecond);
        device.runUntil(20 * sim::kMillisecond); // the head has waited 20 ms: a batch of 2 starts
        QVERIFY(device.platform().devices()[0].busy());
        const sim::SimTime end = 20 * sim::kMillisecond + ns(servingModel("BERT-base").prefillBatchSeconds(2, v100.defaultMhz, v100));
        QCOMPARE(device.next(), end);
        // A request arriving while the batch runs waits for the next batch (its own delay).
        device.arriveAt(30 * sim::kMillisecond);
        QCOMPARE(device.next(), end);
        device.runUntil(end);
        QCOMPARE(device.platform().completed(), 2ULL);
        QCOMPARE(device.next(), end + ns(servingModel("BERT-base").prefillBatchSeconds(1, v100.defaultMhz, v100))); // overdue: alone, at once
    }

    void continuousBatchAdmitsAndRetiresPerIteration()
    {
        const auto loaded = load(scenarioText(
            "        - {model: GPT2-large, rate: 1/s, outputTokens: 20, batching: {mode: continuous, maxBatchSize: 4}}\n"));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        OneDevice device(*loaded.scenario);
        const GpuDeviceProfile& v100 = device.platform().gpu();
        const ServingModelProfile& gpt = servingModel("GPT2-large");
        const double prefill = gpt.prefillBatchSeconds(1, v100.defaultMhz, v100);
        const double step1 = gpt.decodeStepSeconds(1, v100.defaultMhz, v100);
        const double step2 = gpt.decodeStepSeconds(2, v100.defaultMhz, v100);
        // A: its prompt pass, then one token per step alone.
        device.arriveAt(0);
        const sim::SimTime aDecodes = ceilNs(prefill);
        QCOMPARE(device.next(), aDecodes);
        // B arrives 2.5 steps into A's decoding: it joins at the next step boundary (3 steps).
        const sim::SimTime bArrives = aDecodes + static_cast<sim::SimTime>(2.5 * step1 * 1e9);
        device.arriveAt(bArrives);
        const sim::SimTime boundary = device.next();
        QVERIFY2(std::llabs(boundary - (aDecodes + static_cast<sim::SimTime>(3 * step1 * 1e9))) <= 2, qPrintable(QString::number(boundary)));
        device.runUntil(boundary);
        // The join iteration: B's prompt pass and A's 4th token, together.
        const sim::SimTime joined = device.next();
        QVERIFY(std::llabs(joined - (boundary + ceilNs(prefill + step1))) <= 1);
        QCOMPARE(device.platform().completed(), 0ULL);
        // Then both decode at the batch-of-2 step: A has 16 tokens left, B 20.
        device.runUntil(joined + 10 * sim::kSecond);
        const double aDone = sim::toSeconds(joined) + 16 * step2;
        const double bDone = aDone + 4 * step1; // B alone again for its last 4
        QCOMPARE(device.platform().completed(), 2ULL);
        QVERIFY2(std::abs(sim::toSeconds(device.whenCompleted(1)) - aDone) < 1e-6, qPrintable(QString::number(sim::toSeconds(device.whenCompleted(1)) - aDone)));
        QVERIFY2(std::abs(sim::toSeconds(device.whenCompleted(2)) - bDone) < 1e-6, qPrintable(QString::number(sim::toSeconds(device.whenCompleted(2)) - bDone)));
        // Batched, B finished sooner than after A alone: A's remaining 16 alone would end later.
        QVERIFY(bDone < sim::toSeconds(joined) + 16 * step1 + prefill + 20 * step1);
    }

    void continuousBatchDrainsForAnOlderRequestOfAnotherModel()
    {
        const auto loaded = load(scenarioText(
            "        - {model: GPT2-large, rate: 1/s, outputTokens: 10}\n"
            "        - {model: BERT-base, rate: 1/s}\n",
            "      batching: {mode: continuous, maxBatchSize: 4}\n"));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        OneDevice device(*loaded.scenario);
        device.arriveAt(0, 0);                       // GPT2 starts a continuous batch
        device.arriveAt(10 * sim::kMillisecond, 1);  // BERT waits behind it (batched dynamically, no delay)
        device.arriveAt(20 * sim::kMillisecond, 0);  // a later GPT2 must not overtake the BERT request
        device.runUntil(100 * sim::kSecond);
        QCOMPARE(device.platform().completed(), 3ULL);
        const auto& events = device.events();
        // Completions in FCFS order of the models' turns: GPT2 #1, then BERT, then GPT2 #2.
        std::vector<sim::SimTime> completions;
        std::uint64_t seen = 0;
        for (const auto& [at, completed] : events) {
            for (; seen < completed; ++seen)
                completions.push_back(at);
        }
        QCOMPARE(completions.size(), std::size_t(3));
        const GpuDeviceProfile& v100 = device.platform().gpu();
        const double bert = servingModel("BERT-base").prefillBatchSeconds(1, v100.defaultMhz, v100);
        QVERIFY(std::abs(sim::toSeconds(completions[1] - completions[0]) - bert) < 1e-6);
    }

    void batchOfOneIsNoBatchingBitForBit()
    {
        const std::string models = "        - {model: GPT2-large, rate: 0.6/s, trace: azure-code}\n"
                                   "        - {model: BERT-base, rate: 3/s}\n";
        const auto plain = load(scenarioText(models));
        const auto ones = load(scenarioText(models, "      batching: {mode: dynamic, maxBatchSize: 1, maxQueueDelay: 0s}\n"));
        QVERIFY(plain.ok() && ones.ok());
        auto a = run(*plain.scenario);
        auto b = run(*ones.scenario);
        QVERIFY(b.count("serving.batch.mean"));
        QCOMPARE(b.at("serving.batch.mean"), 1.0);
        b.erase("serving.batch.mean");
        for (const auto& [name, value] : a)
            QVERIFY2(b.count(name) && b.at(name) == value, qPrintable(QStringLiteral("%1: %2 vs %3").arg(QString::fromStdString(name)).arg(value, 0, 'g', 17).arg(b.count(name) ? b.at(name) : -1.0, 0, 'g', 17)));
        QCOMPARE(a.size(), b.size());
    }

    void batchingRaisesThroughputAndLowersEnergyPerRequest()
    {
        // GPT2-large at 128 output tokens takes ≈ 1.0 s alone: 2 requests/s overload one V100
        // served one at a time; continuous batching of up to 8 carries them.
        const std::string models = "        - {model: GPT2-large, rate: 2/s, outputTokens: 128}\n";
        const auto serial = load(scenarioText(models));
        const auto batched = load(scenarioText(models, "      batching: {mode: continuous, maxBatchSize: 8}\n"));
        QVERIFY(serial.ok() && batched.ok());
        const auto a = run(*serial.scenario);
        const auto b = run(*batched.scenario);
        QVERIFY2(b.at("serving.completed") > 1.5 * a.at("serving.completed"),
                 qPrintable(QStringLiteral("%1 vs %2").arg(b.at("serving.completed")).arg(a.at("serving.completed"))));
        QVERIFY(b.at("serving.latency.p50") < a.at("serving.latency.p50"));
        QVERIFY(b.at("serving.batch.mean") > 1.5 && b.at("serving.batch.mean") <= 8.0);
        // A busy GPU draws the same power whatever the batch (docs/model.md "Batching": the Zeus
        // V100 traces), so energy per request falls as requests share the busy time.
        QVERIFY(b.at("serving.energy_per_request") < 0.8 * a.at("serving.energy_per_request"));
        const double busyWatts = GpuPowerModel(*findGpuProfile("V100")).watts(findGpuProfile("V100")->defaultMhz, 1.0);
        QVERIFY(b.at("serving.power.mean") <= busyWatts + 1e-9);
    }

    void sameSeedSameRunBitForBit()
    {
        const auto loaded = load(scenarioText("        - {model: GPT2-large, rate: 1.5/s, trace: azure-code, batching: {mode: continuous, maxBatchSize: 6}}\n"
                                              "        - {model: BERT-base, rate: 4/s, batching: {mode: dynamic, maxBatchSize: 4, maxQueueDelay: 30ms}}\n"));
        QVERIFY(loaded.ok());
        QCOMPARE(run(*loaded.scenario), run(*loaded.scenario));
    }

    void badBatchingNamesFileLineAndField_data()
    {
        QTest::addColumn<QString>("models");
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown mode") << "        - {model: BERT-base, rate: 1/s, batching: {mode: dynamc}}\n" << ""
                                      << "batching-test.yaml:15:58: error: spec.workloads[0].models[0].batching.mode: expected none, dynamic or continuous, got 'dynamc' (did you mean 'dynamic'?)";
        QTest::newRow("batch of zero") << "        - {model: BERT-base, rate: 1/s}\n" << "      batching: {mode: dynamic, maxBatchSize: 0}\n"
                                       << "spec.workloads[0].batching.maxBatchSize";
        QTest::newRow("delay without unit") << "        - {model: BERT-base, rate: 1/s}\n" << "      batching: {maxQueueDelay: 5}\n"
                                            << "spec.workloads[0].batching.maxQueueDelay";
        QTest::newRow("unknown key") << "        - {model: BERT-base, rate: 1/s}\n" << "      batching: {size: 4}\n"
                                     << "spec.workloads[0].batching.size";
        QTest::newRow("with concurrent sharing") << "        - {model: BERT-base, rate: 1/s}\n"
                                                 << "      sharing: concurrent\n      batching: {mode: dynamic}\n"
                                                 << "spec.workloads[0].batching: batching needs sharing: exclusive";
    }

    void badBatchingNamesFileLineAndField()
    {
        QFETCH(QString, models);
        QFETCH(QString, extra);
        QFETCH(QString, expected);
        const auto result = load(scenarioText(models.toStdString(), extra.toStdString()));
        QVERIFY(!result.ok());
        const QString text = QString::fromStdString(model::formatAll(result.diagnostics));
        QVERIFY2(text.contains(expected), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestRequestBatching)
#include "tst_request_batching.moc"
