// kind: model-serving (issue 16): the reader's diagnostics, request routing and queues, the
// GPU clock under control actions, energy accounting, SJF against FCFS with an oracle, and
// determinism — each run drives ModelServingRuntime on a real engine.
#include "serving_test_support.h"

#include "kinds/built_in_kinds.h"
#include "kinds/model_serving/model_serving_runtime.h"
#include "kinds/model_serving/model_serving_spec.h"
#include "kinds/model_serving/gpu_device_profile.h"
#include "kinds/model_serving/serving_model_catalog.h"
#include "model/cluster.h"
#include "policy/control_policy.h"
#include "policy/queue_policy.h"
#include "policy/placement_policy.h"
#include "policy/plugin_descriptor.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QtTest>

#include <map>
#include <variant>

using namespace orrery;
using namespace orrery::kinds::model_serving;

namespace {

std::string scenarioText(const std::string& models, const std::string& extra = {}, int devices = 1)
{
    return R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: serving-test}
spec:
  seed: 9
  horizon: 5m
  cluster:
    pools:
      - {name: gpus, count: )" + std::to_string(devices) + R"(, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}
  workloads:
    - name: serving
      kind: model-serving
      devices: gpus
)" + extra + "      models:\n" + models;
}

//! scenarioText with one V100 node and `t4s` T4 nodes, every node a device (no `devices:` pool).
std::string mixedFleetText(const std::string& models, const std::string& extra, int t4s)
{
    std::string text = scenarioText(models, extra, 1);
    const std::string pool = "      - {name: gpus, count: 1, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}\n";
    std::string t4Pool = "      - {name: t4s, count: ";
    t4Pool += std::to_string(t4s);
    t4Pool += ", cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: T4, count: 1}]}\n";
    text.insert(text.find(pool) + pool.size(), t4Pool);
    text.replace(text.find("      devices: gpus\n"), 20, "");
    return text;
}

scenario::LoadResult load(const std::string& text) { return testing::loadServingScenario(text, "serving-test.yaml"); }

const ModelServingSpec& specOf(const model::Scenario& scenario) { return testing::servingSpecOf(scenario); }

//! Sets every device to one clock at the first period.
class FixedClock final : public policy::ControlPolicy {
public:
    explicit FixedClock(double mhz) : m_mhz(mhz) {}
    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override
    {
        std::vector<policy::ControlAction> actions;
        for (const auto& target : observation.targets)
            actions.push_back(policy::ControlAction::setLimit(target.name, policy::ControlResource::GpuFrequency, m_mhz));
        return actions;
    }

private:
    double m_mhz;
};

//! Shortest job first with perfect knowledge: the trace row behind each request (its input
//! hash) gives the tokens it will generate. Equal lengths give equal priorities (FIFO).
class OracleSjf final : public policy::QueuePolicy {
public:
    explicit OracleSjf(const ServedModel& served) : m_served(served) {}
    double priority(const policy::QueuedRequest& request) override
    {
        ++calls;
        if (!m_served.trace)
            return static_cast<double>(m_served.outputTokens);
        const auto row = (request.inputHash & 0xffffffffULL) - 1;
        return static_cast<double>(m_served.trace->requests.at(row).generatedTokens);
    }
    void completed(const policy::QueuedRequest& request) override { completions += request.outputTokens > 0 ? 1 : 0; }
    int calls = 0;
    int completions = 0;

private:
    const ServedModel& m_served;
};

//! Sets replicas by script: at the n-th control period, the given targets to the given counts.
class ScriptedScaler final : public policy::ControlPolicy {
public:
    std::map<int, std::vector<std::pair<std::string, int>>> script;
    std::vector<policy::Observation> seen;
    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override
    {
        seen.push_back(observation);
        std::vector<policy::ControlAction> actions;
        if (const auto it = script.find(m_period++); it != script.end()) {
            for (const auto& [target, count] : it->second)
                actions.push_back(policy::ControlAction::setReplicas(target, count));
        }
        return actions;
    }

private:
    int m_period = 0;
};

//! A scheduling queue that lets one replica through per round: the first fitting device for it.
class AdmitOnePerRound final : public policy::PlacementPolicy {
public:
    std::vector<std::vector<policy::PendingUnit>> rounds;
    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override
    {
        for (std::uint32_t n = 0; n < cluster.nodeCount(); ++n) {
            if (cluster.fits(n, unit.request, unit.deviceModel) && cluster.node(n).allocated.memoryBytes == 0)
                return policy::PlacementDecision::onNode(n);
        }
        return policy::PlacementDecision::defer();
    }
    std::vector<std::size_t> admit(const std::vector<policy::PendingUnit>& pending, sim::SimTime) override
    {
        rounds.push_back(pending);
        return pending.empty() ? std::vector<std::size_t>{} : std::vector<std::size_t>{0};
    }
};

using Metrics = std::map<std::string, double>;

Metrics run(const model::Scenario& scenario, policy::ControlPolicy* control = nullptr, policy::QueuePolicy* queue = nullptr,
            sim::InMemoryRunRecorder* keep = nullptr)
{
    return testing::runServingScenario(scenario, control, queue, keep);
}

} // namespace

class TestModelServingKind : public QObject {
    Q_OBJECT

private slots:
    void badInputNamesFileLineAndField_data()
    {
        QTest::addColumn<QString>("models");
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown model") << "        - {model: GPT3, rate: 1/s}\n" << ""
                                       << "serving-test.yaml:15:19: error: spec.workloads[0].models[0].model: unknown model 'GPT3'";
        QTest::newRow("rate without unit") << "        - {model: BERT-base, rate: 3}\n" << ""
                                           << "spec.workloads[0].models[0].rate: expected a rate such as 2/s";
        QTest::newRow("no rate") << "        - {model: BERT-base}\n" << ""
                                 << "spec.workloads[0].models[0].rate: a Poisson stream needs rate";
        QTest::newRow("trace arrivals without trace") << "        - {model: GPT2-large, arrivals: trace}\n" << ""
                                                      << "models[0].arrivals: arrivals: trace needs a trace:";
        QTest::newRow("unknown trace") << "        - {model: GPT2-large, rate: 1/s, trace: azure-cod}\n" << ""
                                       << "models[0].trace: no trace 'azure-cod'";
        QTest::newRow("unknown gpu") << "        - {model: BERT-base, rate: 1/s}\n" << "      gpu: H100\n"
                                     << "spec.workloads[0].gpu: unknown GPU profile 'H100'";
        QTest::newRow("negative replicas") << "        - {model: BERT-base, rate: 1/s, replicas: -1}\n" << ""
                                           << "models[0].replicas";
        QTest::newRow("arrival with rate") << "        - {model: BERT-base, rate: 1/s, arrival: {process: diurnal, rate: 2/s}}\n" << ""
                                           << "models[0].arrival: give either arrival";
        QTest::newRow("arrival with trace arrivals")
            << "        - {model: GPT2-large, arrivals: trace, trace: azure-code, arrival: {process: diurnal, rate: 2/s}}\n" << ""
            << "models[0].arrival: arrival: is an open-loop process";
        QTest::newRow("arrival amplitude out of range") << "        - {model: BERT-base, arrival: {process: diurnal, rate: 2/s, amplitude: 2}}\n"
                                                        << "" << "models[0].arrival.amplitude";
        QTest::newRow("slo scale out of range") << "        - {model: BERT-base, rate: 1/s}\n" << "      sloScale: 0\n"
                                                << "spec.workloads[0].sloScale";
    }

    void badInputNamesFileLineAndField()
    {
        QFETCH(QString, models);
        QFETCH(QString, extra);
        QFETCH(QString, expected);
        const auto result = load(scenarioText(models.toStdString(), extra.toStdString()));
        QVERIFY(!result.ok());
        const QString text = QString::fromStdString(model::formatAll(result.diagnostics));
        QVERIFY2(text.contains(expected), qPrintable(text));
    }

    void multiGpuNodesAreRefused()
    {
        std::string text = scenarioText("        - {model: BERT-base, rate: 1/s}\n");
        text.replace(text.find("count: 1}"), 9, "count: 4}");
        const auto result = load(text);
        QVERIFY(!result.ok());
        QVERIFY2(QString::fromStdString(model::formatAll(result.diagnostics)).contains("exactly one GPU; pool 'gpus' has 4"),
                 model::formatAll(result.diagnostics).c_str());
    }

    void servesEveryRequestAtLowLoad()
    {
        const auto loaded = load(scenarioText("        - {model: BERT-base, rate: 2/s}\n"));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        const Metrics m = run(*loaded.scenario);
        QVERIFY(m.at("serving.requests") > 500); // ≈ 600 in 5 min
        QVERIFY(m.at("serving.completed") >= m.at("serving.requests") - 1);
        QCOMPARE(m.at("serving.dropped"), 0.0);
        // BERT-base alone takes 123 ms (Table 6.1): at 25 % load most requests meet 1.5×.
        QVERIFY(m.at("serving.slo_attainment") > 0.8);
        QVERIFY(m.at("serving.latency.p50") >= 0.123 - 1e-3);
        QCOMPARE(m.at("serving.mhz.mean"), findGpuProfile("V100")->defaultMhz); // no control: the default clock
    }

    void modelWithoutRoomIsDropped()
    {
        // OPT-2.7b's 10.4 GB and Bloom-3b's 11 GB do not fit one 16 GB V100 together.
        const auto loaded = load(scenarioText("        - {model: OPT-2.7b, rate: 1/s, outputTokens: 4}\n"
                                              "        - {model: Bloom-3b, rate: 1/s, outputTokens: 4}\n"));
        QVERIFY(loaded.ok());
        const Metrics m = run(*loaded.scenario);
        QCOMPARE(m.at("serving.replicas_unplaced"), 1.0);
        QVERIFY(m.at("serving.dropped") > 200); // Bloom-3b's requests
    }

    void clockActionsChangeLatencyAndPower()
    {
        const auto loaded = load(scenarioText("        - {model: BERT-large, rate: 1/s}\n"));
        QVERIFY(loaded.ok());
        const Metrics fast = run(*loaded.scenario);
        FixedClock slow(600.0);
        const Metrics lowered = run(*loaded.scenario, &slow);
        QCOMPARE(lowered.at("serving.requests"), fast.at("serving.requests")); // same arrivals
        QVERIFY(lowered.at("serving.latency.mean") > fast.at("serving.latency.mean"));
        QVERIFY(lowered.at("serving.power.mean") < fast.at("serving.power.mean"));
        QVERIFY(lowered.at("serving.mhz.mean") < 620.0);
        QCOMPARE(lowered.at("serving.frequency_changes"), 1.0); // once; then unchanged
        // Out of range: clamped into the V100's 200–1380 MHz.
        FixedClock tooLow(50.0);
        const Metrics clamped = run(*loaded.scenario, &tooLow);
        QVERIFY(clamped.at("serving.mhz.mean") >= 200.0 - 1e-9);
        QVERIFY(clamped.at("serving.mhz.mean") < 260.0);
    }

    void energyIsPowerIntegratedOverTheRun()
    {
        // No requests arrive for a model without replicas on an idle second device: that device
        // draws the idle floor for the whole run, exactly.
        const auto loaded = load(scenarioText("        - {model: ResNet-50, rate: 5/s}\n", {}, 2));
        QVERIFY(loaded.ok());
        sim::InMemoryRunRecorder recorder;
        const Metrics m = run(*loaded.scenario, nullptr, nullptr, &recorder);
        const double seconds = sim::toSeconds(loaded.scenario->horizon);
        const double idleWatts = findGpuProfile("V100")->idleWatts;
        QVERIFY(std::abs(m.at("serving.gpus-1.power.mean") - idleWatts) < 1e-9); // never used
        QVERIFY(m.at("serving.gpus-0.power.mean") > idleWatts);
        QVERIFY(std::abs(m.at("serving.energy") - seconds * (m.at("serving.gpus-0.power.mean") + m.at("serving.gpus-1.power.mean"))) < 1e-6 * m.at("serving.energy"));
        // The sampled power series averages to the same energy (periods of equal length).
        double sum = 0;
        std::size_t samples = 0;
        for (const auto& series : recorder.series()) {
            if (series.name != "serving.power")
                continue;
            for (const auto& sample : series.samples) {
                sum += sample.second;
                ++samples;
            }
        }
        QCOMPARE(samples, static_cast<std::size_t>(seconds / 0.5));
        QVERIFY(std::abs(sum / static_cast<double>(samples) - m.at("serving.power.mean")) < 1e-6 * m.at("serving.power.mean"));
    }

    void oracleSjfBeatsFcfsOnHeavyTailedLengths()
    {
        // One GPT2-large device at high load, output lengths from the Azure conversation trace.
        const auto loaded = load(scenarioText("        - {model: GPT2-large, rate: 0.9/s, trace: azure-conv}\n"));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        const Metrics fcfs = run(*loaded.scenario);
        OracleSjf sjf(specOf(*loaded.scenario).models.front());
        const Metrics shortest = run(*loaded.scenario, nullptr, &sjf);
        QCOMPARE(shortest.at("serving.requests"), fcfs.at("serving.requests"));
        QVERIFY(sjf.calls > 100);
        QVERIFY(sjf.completions > 100);
        QVERIFY2(shortest.at("serving.latency.mean") < 0.8 * fcfs.at("serving.latency.mean"),
                 qPrintable(QStringLiteral("SJF %1 s, FCFS %2 s").arg(shortest.at("serving.latency.mean")).arg(fcfs.at("serving.latency.mean"))));
    }

    void modelsNamingOneTraceShareItsCopy()
    {
        // A trace may be 256 MiB: a long model list naming it must not hold it once per model.
        const auto loaded = load(scenarioText("        - {model: GPT2-large, rate: 0.5/s, trace: azure-conv}\n"
                                              "        - {model: OPT-1.3b, rate: 0.5/s, trace: azure-conv}\n"
                                              "        - {model: BERT-base, rate: 0.5/s, trace: azure-code}\n"));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        const auto& models = specOf(*loaded.scenario).models;
        QCOMPARE(models.size(), std::size_t{3});
        QVERIFY(models[0].trace && models[2].trace);
        QCOMPARE(models[0].trace.get(), models[1].trace.get());
        QVERIFY(models[0].trace.get() != models[2].trace.get());
    }

    void sjfEqualsFcfsWhenLengthsAreEqual()
    {
        const auto loaded = load(scenarioText("        - {model: GPT2-large, rate: 0.9/s, outputTokens: 64}\n"));
        QVERIFY(loaded.ok());
        const Metrics fcfs = run(*loaded.scenario);
        OracleSjf sjf(specOf(*loaded.scenario).models.front());
        const Metrics shortest = run(*loaded.scenario, nullptr, &sjf);
        QCOMPARE(shortest, fcfs);
    }

    //! Each device takes its pool's GPU profile (a fleet of V100s and T4s); SLOs stay on the
    //! reference `gpu`, so a T4, slower at ResNet-50 here, serves the same requests later.
    void devicesTakeTheirPoolsGpu()
    {
        std::string text = scenarioText("        - {model: ResNet-50, rate: 2/s}\n");
        const auto v100 = load(text);
        text.replace(text.find("model: V100"), 11, "model: T4");
        const auto t4 = load(text);
        QVERIFY(v100.ok() && t4.ok());
        QCOMPARE(specOf(*t4.scenario).gpu, std::string("T4")); // the pool's model names the reference too
        const Metrics fast = run(*v100.scenario);
        const Metrics slow = run(*t4.scenario);
        QCOMPARE(slow.at("serving.requests"), fast.at("serving.requests"));
        QVERIFY(slow.at("serving.latency.p50") > fast.at("serving.latency.p50"));
        QCOMPARE(slow.at("serving.mhz.mean"), findGpuProfile("T4")->defaultMhz);
    }

    //! autoscaling: on — models are control targets; SetReplicas launches replicas that serve
    //! after launchLatency (placed where the target's GPU type says) and retires them again.
    void autoscalingLaunchesAndRetiresReplicas()
    {
        std::string text = scenarioText("        - {model: ResNet-50, rate: 30/s}\n", "      autoscaling: on\n      launchLatency: 2s\n", 3);
        const auto loaded = load(text);
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        const Metrics alone = run(*loaded.scenario);
        ScriptedScaler scaler;
        scaler.script[0] = {{"ResNet-50", 3}};    // at 0.5 s: two more replicas, serving from 2.5 s
        scaler.script[400] = {{"ResNet-50", 1}};  // at 200.5 s: back to one
        scaler.script[401] = {{"GPT3", 2}, {"ResNet-50", 0}};
        sim::InMemoryRunRecorder recorder;
        const Metrics scaled = run(*loaded.scenario, &scaler, nullptr, &recorder);
        QCOMPARE(scaled.at("serving.scale_outs"), 2.0);
        QCOMPARE(scaled.at("serving.scale_ins"), 2.0);
        QCOMPARE(scaled.at("control.actions_rejected"), 2.0); // an unknown model; fewer than one replica
        QVERIFY(scaled.at("serving.latency.mean") < alone.at("serving.latency.mean")); // 30/s is over one replica's 19.6/s
        // The model target: replicas and launching ones as the observations saw them.
        const auto modelTarget = [](const policy::Observation& o) {
            for (const auto& target : o.targets) {
                if (target.group == "model")
                    return target;
            }
            return policy::TargetObservation{};
        };
        QCOMPARE(modelTarget(scaler.seen[0]).replicas, 1);
        QCOMPARE(modelTarget(scaler.seen[1]).pendingReplicas, 2);
        QCOMPARE(modelTarget(scaler.seen[10]).replicas, 3);
        QCOMPARE(modelTarget(scaler.seen[10]).features.at("replicas@V100"), 3.0);
        QCOMPARE(modelTarget(scaler.seen[402]).replicas, 1);
        QVERIFY(modelTarget(scaler.seen[10]).usage[policy::indexOf(policy::ControlResource::Cpu)] > 0.2);
        double peak = 0;
        for (const auto& series : recorder.series()) {
            if (series.name == "serving.replicas") {
                for (const auto& [time, value] : series.samples)
                    peak = std::max(peak, value);
            }
        }
        QCOMPARE(peak, 3.0);
        // Which device held what: two more replicas launched on the other devices, then retired.
        int retired = 0;
        for (const auto& annotation : recorder.annotations())
            retired += annotation.kind == "serving.retire" ? 1 : 0;
        QCOMPARE(retired, 2);
        double heldAtEnd = 0;
        for (const auto& series : recorder.series()) {
            if (series.name.ends_with(".replicas") && series.name != "serving.replicas")
                heldAtEnd += series.samples.back().second;
        }
        QCOMPARE(heldAtEnd, 1.0); // the retired replicas drained and freed their devices
        // Off: SetReplicas is refused with a reason.
        const auto off = load(scenarioText("        - {model: ResNet-50, rate: 3/s}\n", {}, 2));
        ScriptedScaler refused;
        refused.script[0] = {{"ResNet-50", 2}};
        QCOMPARE(run(*off.scenario, &refused).at("control.actions_rejected"), 1.0);
    }

    //! `arrival:` takes the processes every kind shares: a diurnal sine puts more requests in
    //! its rising half than in its falling one, at the process's mean rate overall.
    void arrivalProcessShapesTheLoad()
    {
        const auto loaded = load(scenarioText("        - {model: ResNet-50, arrival: {process: diurnal, rate: 4/s, amplitude: 0.6, period: 5m}}\n",
                                              "      autoscaling: on\n      controlPeriod: 10s\n", 1));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        QCOMPARE(specOf(*loaded.scenario).models[0].meanRatePerSecond(), 4.0);
        ScriptedScaler scaler;
        const Metrics m = run(*loaded.scenario, &scaler);
        double rising = 0, falling = 0;
        for (const auto& observation : scaler.seen) {
            for (const auto& target : observation.targets) {
                if (target.group == "model")
                    (observation.time <= 150 * sim::kSecond ? rising : falling) += target.arrivalRate;
            }
        }
        // Expected halves: 4 · (1 ± 0.6 · 2/π) → a ratio of 2.24.
        QVERIFY2(rising > 1.8 * falling, qPrintable(QString("%1 vs %2").arg(rising).arg(falling)));
        QVERIFY2(std::abs(m.at("serving.requests") - 1200) < 120, qPrintable(QString::number(m.at("serving.requests"))));
        // scaleArrivals (experiment sweeps) scales the process.
        auto scaled = specOf(*loaded.scenario).clone();
        QVERIFY(scaled->scaleArrivals(2.0));
        QCOMPARE(dynamic_cast<const ModelServingSpec&>(*scaled).models[0].meanRatePerSecond(), 8.0);
    }

    //! Model targets report each GPU type's profiled latency and how much co-location stretched
    //! their requests' service (1 when exclusive).
    void modelTargetsReportProfilesAndStretch_data()
    {
        QTest::addColumn<QString>("sharing");
        QTest::newRow("exclusive") << "exclusive";
        QTest::newRow("concurrent") << "concurrent";
    }

    void modelTargetsReportProfilesAndStretch()
    {
        QFETCH(QString, sharing);
        const auto loaded = load(mixedFleetText("        - {model: ResNet-50, rate: 20/s, replicas: 2}\n        - {model: BERT-base, rate: 6/s, replicas: 2}\n",
                                                "      autoscaling: on\n      controlPeriod: 10s\n      sharing: " + sharing.toStdString() + "\n", 1));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        ScriptedScaler scaler;
        run(*loaded.scenario, &scaler);
        double stretched = 0, periods = 0;
        for (const auto& observation : scaler.seen) {
            for (const auto& target : observation.targets) {
                if (target.group != "model")
                    continue;
                const double v100 = target.features.at("aloneSeconds@V100");
                QCOMPARE(v100, target.features.at("aloneSeconds")); // V100 is the reference GPU
                QVERIFY(target.features.at("aloneSeconds@T4") > v100);
                const double stretch = target.features.at("stretch");
                QVERIFY2(stretch >= 1.0 - 1e-6, qPrintable(QString::number(stretch, 'g', 17)));
                if (target.features.at("completed") > 0) {
                    stretched += stretch;
                    ++periods;
                }
            }
        }
        QVERIFY(periods > 20);
        if (sharing == "exclusive")
            QVERIFY2(std::abs(stretched / periods - 1.0) < 1e-9, qPrintable(QString::number(stretched / periods)));
        else // two replicas each on two devices: every device serves both models at once
            QVERIFY2(stretched / periods > 1.05, qPrintable(QString::number(stretched / periods)));
    }

    //! Scale-outs go through the placement policy's scheduling queue (admit): what it leaves out
    //! waits for the next control period, counts as pending, and a scale-in drops it first.
    void scaleOutsWaitInTheSchedulingQueue()
    {
        const auto loaded = load(scenarioText("        - {model: ResNet-50, rate: 5/s}\n", "      autoscaling: on\n      controlPeriod: 5s\n", 3));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        const auto runWith = [&](ScriptedScaler& scaler, AdmitOnePerRound& placement) {
            model::Cluster cluster(loaded.scenario->cluster);
            ModelServingRuntime runtime(specOf(*loaded.scenario), *loaded.scenario, cluster);
            runtime.attachControl(scaler);
            runtime.attachPlacement(placement, ORRERY_POLICY_API_VERSION);
            sim::Engine engine;
            sim::InMemoryRunRecorder recorder;
            runtime.start(engine, recorder);
            engine.run(60 * sim::kSecond);
            env::RunMetrics metrics;
            runtime.finish(&metrics);
            Metrics out;
            for (const auto& metric : metrics)
                out[metric.name] = metric.value;
            return out;
        };
        const auto modelTarget = [](const policy::Observation& o) {
            for (const auto& target : o.targets) {
                if (target.group == "model")
                    return target;
            }
            return policy::TargetObservation{};
        };
        {
            ScriptedScaler scaler;
            scaler.script[0] = {{"ResNet-50", 3}}; // two more: one per round gets through
            AdmitOnePerRound placement;
            const Metrics m = runWith(scaler, placement);
            QCOMPARE(placement.rounds.size(), std::size_t{2});
            QCOMPARE(placement.rounds[0].size(), std::size_t{2});
            QCOMPARE(placement.rounds[1].size(), std::size_t{1});
            QVERIFY(placement.rounds[1][0].submittedAt < scaler.seen[1].time); // it waited a period
            QCOMPARE(modelTarget(scaler.seen[1]).replicas, 2);        // the first launched (2.05 s) …
            QCOMPARE(modelTarget(scaler.seen[1]).pendingReplicas, 1); // … the second still queued
            QCOMPARE(m.at("serving.scale_outs"), 2.0);
            QCOMPARE(modelTarget(scaler.seen.back()).replicas, 3);
        }
        {
            ScriptedScaler scaler;
            scaler.script[0] = {{"ResNet-50", 3}};
            scaler.script[1] = {{"ResNet-50", 2}}; // the queued one is dropped, nothing retires
            AdmitOnePerRound placement;
            const Metrics m = runWith(scaler, placement);
            QCOMPARE(placement.rounds.size(), std::size_t{1});
            QCOMPARE(m.at("serving.scale_outs"), 1.0);
            QCOMPARE(m.at("serving.scale_ins"), 0.0);
            QCOMPARE(modelTarget(scaler.seen.back()).replicas, 2);
        }
    }

    void autoscalingPlacesOnTheNamedGpuType()
    {
        const auto loaded = load(mixedFleetText("        - {model: ResNet-50, rate: 5/s}\n", "      autoscaling: on\n", 2));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        ScriptedScaler scaler;
        scaler.script[0] = {{"ResNet-50@T4", 2}};
        sim::InMemoryRunRecorder recorder;
        const Metrics m = run(*loaded.scenario, &scaler, nullptr, &recorder);
        QCOMPARE(m.at("serving.scale_outs"), 2.0);
        std::vector<std::string> placements;
        for (const auto& annotation : recorder.annotations()) {
            if (annotation.kind == "serving.placement")
                placements.push_back(annotation.target);
        }
        QCOMPARE(placements.size(), std::size_t(3));
        QVERIFY(placements[1].starts_with("ResNet-50@t4s-") && placements[2].starts_with("ResNet-50@t4s-"));
    }

    //! Cost: each device holding a replica costs its pool's price for the time it holds one
    //! (here 2 of 3 devices × 5 min × 3.6 USD/h = 0.6 USD; the third holds nothing).
    void costIsPriceTimesHoldingTime()
    {
        std::string text = scenarioText("        - {model: ResNet-50, rate: 5/s, replicas: 2}\n", {}, 3);
        text.replace(text.find("memory: 16Gi,"), 13, "memory: 16Gi, pricePerHour: 3.6,");
        const auto loaded = load(text);
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        const Metrics m = run(*loaded.scenario);
        QVERIFY2(std::abs(m.at("serving.cost") - 2 * 300 * 3.6 / 3600.0) < 1e-9, qPrintable(QString::number(m.at("serving.cost"))));
    }

    void latencyWindowRestsOnEnoughRequests()
    {
        // BERT-base at 2/s completes about one request per 500 ms period: its period p99 is one
        // sample; the window's rests on the device's last latencyWindow (8 here) completions.
        const auto loaded = load(scenarioText("        - {model: BERT-base, rate: 2/s}\n", "      latencyWindow: 8\n"));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        ScriptedScaler recorder;
        run(*loaded.scenario, &recorder);
        double total = 0;
        int compared = 0;
        for (const auto& observation : recorder.seen) {
            const auto& f = observation.targets.at(0).features;
            total += f.at("completed");
            QCOMPARE(f.at("windowCompleted"), std::max(f.at("completed"), std::min(8.0, total)));
            if (f.at("completed") > 0) {
                // The window holds this period's requests too: its nearest-rank p99 (the maximum
                // of ≤ 100) is at least the period's, within the histogram's bucket width.
                QVERIFY(f.at("p99SloRatioWindow") >= 0.95 * f.at("p99SloRatio"));
                compared += 1;
            }
        }
        QVERIFY(compared > 200);
        const auto bad = load(scenarioText("        - {model: BERT-base, rate: 2/s}\n", "      latencyWindow: 0\n"));
        QVERIFY(!bad.ok());
        QVERIFY(QString::fromStdString(model::formatAll(bad.diagnostics)).contains("spec.workloads[0].latencyWindow"));
    }

    void sameSeedSameRunBitForBit()
    {
        const auto loaded = load(scenarioText("        - {model: GPT2-large, arrivals: trace, trace: azure-code, rate: 0.5/s}\n"
                                              "        - {model: BERT-base, rate: 3/s, replicas: 2}\n",
                                              {}, 3));
        QVERIFY(loaded.ok());
        sim::InMemoryRunRecorder a, b;
        FixedClock clockA(1000.0), clockB(1000.0);
        run(*loaded.scenario, &clockA, nullptr, &a);
        run(*loaded.scenario, &clockB, nullptr, &b);
        QCOMPARE(a.serialize(), b.serialize());
    }
};

QTEST_GUILESS_MAIN(TestModelServingKind)
#include "tst_model_serving_kind.moc"
