// Pipeline parallelism in the model-serving kind (issue 37 item 2, docs/model.md "Pipeline
// parallelism"): a replica as stages on several devices, each holding its share of the weights
// and doing its share of a request's work, with the activations' transfer between stages; the
// pipeline's throughput; the reader's diagnostics.
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

#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <variant>

using namespace orrery;
using namespace orrery::kinds::model_serving;

namespace {

std::string scenarioText(const std::string& models, int devices = 2, const std::string& extra = {})
{
    return R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: pipeline-test}
spec:
  seed: 4
  horizon: 2m
  cluster:
    pools:
      - {name: gpus, count: )" + std::to_string(devices) + R"(, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}
  workloads:
    - name: serving
      kind: model-serving
      devices: gpus
)" + extra + "      models:\n" + models;
}

scenario::LoadResult load(const std::string& text) { return testing::loadServingScenario(text, "pipeline-test.yaml"); }

const ModelServingSpec& specOf(const model::Scenario& scenario) { return testing::servingSpecOf(scenario); }

std::map<std::string, double> run(const model::Scenario& scenario) { return testing::runServingScenario(scenario); }

//! A placement policy with a fixed partition plan: it records what it was offered and puts the
//! units on the nodes in turn.
class FixedPlan : public policy::PlacementPolicy {
public:
    explicit FixedPlan(std::optional<policy::ServingPlan> plan) : m_plan(std::move(plan)) {}
    policy::PlacementDecision place(const policy::PendingUnit&, const policy::ClusterView& cluster) override
    {
        return policy::PlacementDecision::onNode(m_next++ % cluster.nodeCount());
    }
    std::optional<policy::ServingPlan> planServing(const policy::ServingPlanRequest& request, const policy::ClusterView&) override
    {
        offered = request;
        ++asked;
        return m_plan;
    }
    policy::ServingPlanRequest offered;
    int asked = 0;

private:
    std::optional<policy::ServingPlan> m_plan;
    std::uint32_t m_next = 0;
};

} // namespace

class TestPipelineParallelism : public QObject {
    Q_OBJECT

private slots:
    void aRequestCrossesItsStages()
    {
        const auto loaded = load(scenarioText("        - {model: BERT-large, rate: 1/s, pipelineStages: 2}\n"));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        model::Cluster cluster(loaded.scenario->cluster);
        ModelServingPlatform platform(specOf(*loaded.scenario), 4, cluster);
        const auto units = platform.replicaUnits();
        QCOMPARE(units.size(), std::size_t(2)); // one replica, two stages
        QVERIFY(platform.placeReplica(units[0], 0, 0));
        QCOMPARE(platform.arrive(0, 0), ModelServingPlatform::kNone); // half a pipeline takes no request
        QVERIFY(platform.placeReplica(units[1], 1, 0));
        const ServingModelProfile& bert = servingModel("BERT-large");
        // Each stage holds half of the weights.
        QCOMPARE(platform.devices()[0].memoryUsedBytes, bert.memoryBytes / 2);
        QCOMPARE(platform.devices()[1].memoryUsedBytes, bert.memoryBytes / 2);

        const GpuDeviceProfile& v100 = *findGpuProfile("V100");
        const double half = bert.requestSeconds(0, v100.defaultMhz, v100) / 2;
        QCOMPARE(platform.arrive(0, 0), 0U); // the first stage's device
        const sim::SimTime firstDone = platform.dispatch(0, 0);
        QCOMPARE(firstDone, sim::fromSeconds(half));
        platform.completeDue(0, firstDone);
        QCOMPARE(platform.completed(), 0ULL);
        const auto handoffs = platform.takeHandoffs();
        QCOMPARE(handoffs.size(), std::size_t(1));
        // 512 tokens × 1024 hidden × 4 B over half of the V100's 32 GB/s PCIe, plus 10 µs.
        const double transfer = 10e-6 + 512.0 * 1024 * 4 / 16e9;
        QVERIFY(std::abs(handoffs[0].second - transfer) < 1e-12);
        const sim::SimTime arrives = firstDone + sim::fromSeconds(transfer);
        QCOMPARE(platform.handOff(handoffs[0].first, arrives), 1U);
        QVERIFY(platform.takeHandoffs().empty());
        const sim::SimTime done = platform.dispatch(1, arrives);
        QCOMPARE(done, arrives + sim::fromSeconds(half));
        platform.completeDue(1, done);
        QCOMPARE(platform.completed(), 1ULL);
        QVERIFY(platform.takeHandoffs().empty()); // the last stage hands nothing on
        QCOMPARE(platform.latency().count(), std::uint64_t{1});
        // Both stage devices see the request's latency (Alg. 6.3 scans every partition a device
        // holds); the observation counts it once.
        const policy::Observation observed = platform.observe(done);
        QCOMPARE(observed.completedRequests, std::uint64_t{1});
        for (int d = 0; d < 2; ++d) {
            QCOMPARE(observed.targets[static_cast<std::size_t>(d)].features.at("completed"), 1.0);
            QVERIFY(observed.targets[static_cast<std::size_t>(d)].features.at("p99SloRatioWindow") > 0.5);
        }
    }

    void aSaturatedPipelineServesAsManyAsItsDevices()
    {
        // ResNet-50 at 80/s (4× a V100's 19.6/s): one whole replica, two whole replicas on two
        // devices, or one replica as a 2-stage pipeline over the same two devices.
        const auto one = run(*load(scenarioText("        - {model: ResNet-50, rate: 80/s}\n", 1)).scenario);
        const auto two = run(*load(scenarioText("        - {model: ResNet-50, rate: 80/s, replicas: 2}\n")).scenario);
        const auto pipeline = run(*load(scenarioText("        - {model: ResNet-50, rate: 80/s, pipelineStages: 2}\n")).scenario);
        QCOMPARE(pipeline.at("serving.replicas_unplaced"), 0.0);
        const double ratio = pipeline.at("serving.completed") / two.at("serving.completed");
        QVERIFY2(ratio > 0.97 && ratio < 1.01, qPrintable(QString::number(ratio))); // less only by the transfers
        QVERIFY(pipeline.at("serving.completed") > 1.9 * one.at("serving.completed"));
    }

    void stagesFitWhereTheWholeModelDoesNot()
    {
        // Bloom-3b (11 GB) and OPT-2.7b (10.4 GB) do not fit one 16 GB V100 together; as 2-stage
        // pipelines over two V100s each device holds 5.5 + 5.2 GB.
        const auto whole = run(*load(scenarioText("        - {model: Bloom-3b, rate: 0.2/s, outputTokens: 8}\n"
                                                  "        - {model: OPT-2.7b, rate: 0.2/s, outputTokens: 8}\n", 1)).scenario);
        QCOMPARE(whole.at("serving.replicas_unplaced"), 1.0);
        const auto split = run(*load(scenarioText("        - {model: Bloom-3b, rate: 0.2/s, outputTokens: 8, pipelineStages: 2}\n"
                                                  "        - {model: OPT-2.7b, rate: 0.2/s, outputTokens: 8, pipelineStages: 2}\n")).scenario);
        QCOMPARE(split.at("serving.replicas_unplaced"), 0.0);
        QCOMPARE(split.at("serving.dropped"), 0.0);
    }

    //! Policy API 1.7: the placement policy is told each model's partitions, priced by the kind's
    //! physics, and its plan replaces the declared stages and replicas.
    void aPlacementPolicyChoosesThePartition()
    {
        const auto loaded = load(scenarioText("        - {model: Bloom-3b, rate: 0.2/s, outputTokens: 8}\n"
                                              "        - {model: OPT-2.7b, rate: 0.2/s, outputTokens: 8}\n"));
        QVERIFY(loaded.ok());
        FixedPlan declared(std::nullopt);
        sim::InMemoryRunRecorder recorder;
        const auto asDeclared = testing::runServingScenario(*loaded.scenario, nullptr, nullptr, &recorder, &declared);
        QCOMPARE(declared.asked, 1);
        QCOMPARE(asDeclared.at("serving.replicas_unplaced"), 0.0); // one whole model per device
        // What it was offered: both devices, and 1 or 2 stages of each model.
        const policy::ServingPlanRequest& offered = declared.offered;
        QCOMPARE(offered.devices.size(), std::size_t{2});
        QCOMPARE(offered.devices[0].memoryBytes, findGpuProfile("V100")->memoryBytes);
        QCOMPARE(offered.models.size(), std::size_t{2});
        const ServingModelProfile& bloom = servingModel("Bloom-3b");
        const auto& options = offered.models[0].options;
        QCOMPARE(options.size(), std::size_t{2});
        QCOMPARE(options[0].stages, 1u);
        QCOMPARE(options[1].stages, 2u);
        QCOMPARE(options[1].stageMemoryBytes, bloom.memoryBytes / 2);
        QCOMPARE(options[1].stageSeconds, options[0].stageSeconds / 2);
        const double handoff = options[1].latencySeconds - options[0].latencySeconds; // one hand-off
        QVERIFY2(handoff > 10e-6 && handoff < 1e-3, qPrintable(QString::number(handoff)));
        QCOMPARE(offered.models[0].arrivalCv, 1.0); // Poisson
        QVERIFY(offered.models[0].recordedArrivalSeconds.empty());
        QCOMPARE(offered.models[0].sloSeconds, specOf(*loaded.scenario).sloScale * options[0].latencySeconds);

        // The plan: each model as one 2-stage pipeline over both devices.
        FixedPlan split(policy::ServingPlan{{{2, 1}, {2, 1}}});
        sim::InMemoryRunRecorder splitRecorder;
        const auto planned = testing::runServingScenario(*loaded.scenario, nullptr, nullptr, &splitRecorder, &split);
        QCOMPARE(planned.at("serving.replicas_unplaced"), 0.0);
        QCOMPARE(planned.at("serving.dropped"), 0.0);
        int partitions = 0;
        for (const auto& note : splitRecorder.annotations()) {
            if (note.kind == "serving.partition") {
                ++partitions;
                QVERIFY2(note.target.ends_with(": 1x2"), note.target.c_str());
            }
        }
        QCOMPARE(partitions, 2);
        // A request now holds each device for half its work and crosses once: the same requests,
        // served a hand-off later each when alone.
        QCOMPARE(planned.at("serving.completed"), asDeclared.at("serving.completed"));
    }

    //! A replayed trace is offered with its burstiness and with the rows the run will not reach.
    void aReplayedTraceIsOfferedPastTheHorizon()
    {
        const auto loaded = load(scenarioText("        - {model: GPT2-large, arrivals: trace, trace: azure-code, rate: 2/s}\n"));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        FixedPlan declared(std::nullopt);
        (void)testing::runServingScenario(*loaded.scenario, nullptr, nullptr, nullptr, &declared);
        const auto& demand = declared.offered.models.at(0);
        QVERIFY2(demand.arrivalCv > 10 && demand.arrivalCv < 16, qPrintable(QString::number(demand.arrivalCv))); // the code trace: 13.2
        QCOMPARE(demand.requestRate, 2.0);
        // 8,819 rows at 2/s last about 4,400 s; the 2-minute horizon replays about 240 of them.
        const auto& recorded = demand.recordedArrivalSeconds;
        QVERIFY2(recorded.size() > 8000 && recorded.size() < 8819, qPrintable(QString::number(recorded.size())));
        QVERIFY(recorded.front() >= 0);
        QVERIFY(std::is_sorted(recorded.begin(), recorded.end()));
        const double rate = static_cast<double>(recorded.size() - 1) / (recorded.back() - recorded.front());
        QVERIFY2(std::abs(rate - 2.0) < 0.2, qPrintable(QString::number(rate)));
    }

    void aPlanTheWorkloadCannotRunIsRefused_data()
    {
        QTest::addColumn<QString>("models");
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("replicas");
        QTest::addColumn<QString>("message");
        QTest::newRow("moreStagesThanDevices") << "        - {model: BERT-base, rate: 1/s}\n" << 3 << 1 << "1 replicas of 3 stages";
        QTest::newRow("negativeReplicas") << "        - {model: BERT-base, rate: 1/s}\n" << 1 << -1 << "-1 replicas";
        QTest::newRow("batchedModelSplit") << "        - {model: BERT-base, rate: 1/s, batching: {mode: dynamic}}\n" << 2 << 1 << "cannot run";
    }

    void aPlanTheWorkloadCannotRunIsRefused()
    {
        QFETCH(QString, models);
        QFETCH(int, stages);
        QFETCH(int, replicas);
        QFETCH(QString, message);
        const auto loaded = load(scenarioText(models.toStdString()));
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        FixedPlan bad(policy::ServingPlan{{{static_cast<std::uint32_t>(stages), replicas}}});
        try {
            (void)testing::runServingScenario(*loaded.scenario, nullptr, nullptr, nullptr, &bad);
            QFAIL("the plan was accepted");
        } catch (const std::invalid_argument& error) {
            QVERIFY2(QString(error.what()).contains(message) && QString(error.what()).contains("BERT-base"), error.what());
        }
    }

    void sameSeedSameRun()
    {
        const auto loaded = load(scenarioText("        - {model: GPT2-large, rate: 0.5/s, trace: azure-conv, pipelineStages: 2}\n"
                                              "        - {model: BERT-base, rate: 3/s, pipelineStages: 2}\n"));
        QVERIFY(loaded.ok());
        QCOMPARE(run(*loaded.scenario), run(*loaded.scenario));
    }

    void badPipelinesNameFileLineAndField_data()
    {
        QTest::addColumn<QString>("models");
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero stages") << "        - {model: BERT-base, rate: 1/s, pipelineStages: 0}\n" << ""
                                     << "spec.workloads[0].models[0].pipelineStages";
        QTest::newRow("with concurrent sharing") << "        - {model: BERT-base, rate: 1/s, pipelineStages: 2}\n" << "      sharing: concurrent\n"
                                                 << "models[0].pipelineStages: a pipeline of stages is not modelled with sharing: concurrent";
        QTest::newRow("with autoscaling") << "        - {model: BERT-base, rate: 1/s, pipelineStages: 2}\n" << "      autoscaling: on\n"
                                          << "not modelled with autoscaling: on";
        QTest::newRow("with batching") << "        - {model: BERT-base, rate: 1/s, pipelineStages: 2}\n" << "      batching: {mode: dynamic}\n"
                                       << "not modelled with batching";
    }

    void badPipelinesNameFileLineAndField()
    {
        QFETCH(QString, models);
        QFETCH(QString, extra);
        QFETCH(QString, expected);
        const auto result = load(scenarioText(models.toStdString(), 2, extra.toStdString()));
        QVERIFY(!result.ok());
        const QString text = QString::fromStdString(model::formatAll(result.diagnostics));
        QVERIFY2(text.contains(expected), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestPipelineParallelism)
#include "tst_pipeline_parallelism.moc"
