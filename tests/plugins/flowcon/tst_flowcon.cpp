// flowcon: Algs. 1, 3 and 4 on scripted values; FlowCon against fair share in simulation.
#include "env/simulation.h"
#include "env/target_label_log.h"
#include "flowcon_policy.h"
#include "flowcon_worker.h"
#include "kinds/built_in_kinds.h"
#include "orrery_plugin_docker_swarm.h"
#include "orrery_plugin_first_fit.h"
#include "orrery_plugin_flowcon.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QtTest>

#include <algorithm>
#include <map>

using namespace orrery;
using plugins::FlowConClass;
using plugins::FlowConWorker;

namespace {

policy::TargetObservation container(const std::string& name, std::optional<double> evaluation, double usage)
{
    policy::TargetObservation t;
    t.name = name;
    t.node = "w0";
    t.nodeCores = 4;
    t.evaluation = evaluation;
    t.usage[policy::indexOf(policy::ControlResource::Cpu)] = usage;
    return t;
}

double metric(const env::RunResult& result, const std::string& name)
{
    for (const auto& m : result.metrics) {
        if (m.name == name)
            return m.value;
    }
    return -1;
}

//! Runs one worker of 4 cores with `jobs` (the training-jobs `jobs:` list) under control `plugin`.
env::RunResult runOneWorker(const char* plugin, int seed, const std::string& jobs, sim::InMemoryRunRecorder& recorder)
{
    kinds::registerBuiltInKinds();
    policy::PluginRegistry registry;
    registry.registerStatic(orrery_first_fit_descriptor());
    registry.registerStatic(orrery_flowcon_descriptor());
    registry.registerStatic(orrery_docker_swarm_descriptor());
    const std::string text = std::string(R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: one-worker}
spec:
  seed: )") + std::to_string(seed) + R"(
  horizon: 2h
  cluster: {pools: [{name: workers, count: 1, cpu: 4, memory: 16Gi}]}
  policies: {control: {plugin: )" + plugin + R"(}}
  workloads:
    - name: train
      kind: training-jobs
      jobs:
)" + jobs;
    const auto loaded = scenario::parseScenario(text, "one-worker.yaml");
    if (!loaded.ok())
        qFatal("%s", model::formatAll(loaded.diagnostics).c_str());
    env::Simulation simulation(*loaded.scenario, registry);
    return simulation.run(recorder, nullptr, {});
}

} // namespace

class TestFlowCon : public QObject {
    Q_OBJECT

private slots:
    void alg1ScriptedGrowthGivesExpectedLimits()
    {
        FlowConWorker worker(0.5);
        worker.syncMembers({"a", "b", "c"});
        worker.container("a").growth = 4.0;
        worker.container("b").growth = 1.0;
        worker.container("b").cls = FlowConClass::Watching;
        worker.container("b").limitShare = 0.6;
        worker.container("c").growth = 0.5;
        worker.container("c").cls = FlowConClass::Completing;
        worker.setThreshold(2.0);
        QVERIFY(!worker.updateLimits());
        QCOMPARE(worker.container("a").cls, FlowConClass::New);        // G ≥ α
        QCOMPARE(worker.container("b").cls, FlowConClass::Completing); // WL and G < α
        QCOMPARE(worker.container("c").cls, FlowConClass::Completing);
        QCOMPARE(worker.container("a").limitShare, 1.0);               // NL: the most it can get
        QCOMPARE(worker.container("b").limitShare, 1.0 / 5.5);         // G/ΣG = 0.18 above the floor 0.5/3
        QCOMPARE(worker.container("c").limitShare, 0.5 / 3.0);         // G/ΣG = 0.09 below the floor
        // A WL container keeps its limit; NL with G < α moves to WL.
        worker.container("a").growth = 1.0;
        QVERIFY(!worker.updateLimits());
        QCOMPARE(worker.container("a").cls, FlowConClass::Watching);
        QCOMPARE(worker.container("a").limitShare, 1.0);
        // Everyone in CL: free competition, the caller backs off.
        worker.container("a").cls = FlowConClass::Completing;
        QCOMPARE(worker.updateThreshold(), -1.0);
        QVERIFY(worker.updateLimits());
        QCOMPARE(worker.container("b").limitShare, 1.0);
        QCOMPARE(worker.container("c").limitShare, 1.0);
    }

    void alg3FollowsAScriptedSequence()
    {
        FlowConWorker worker;
        worker.syncMembers({"a", "b"});
        QCOMPARE(worker.updateThreshold(), -1.0); // nothing measured: unchanged
        worker.container("a").growth = 4.0;
        worker.container("b").growth = 2.0;
        QCOMPARE(worker.updateThreshold(), 1.5);  // (avg NL 3 + empty WL 0) / 2
        worker.updateLimits();                    // both ≥ 1.5: NL
        worker.container("b").growth = 1.0;
        QCOMPARE(worker.updateThreshold(), 1.25); // (2.5 + 0) / 2
        worker.updateLimits();
        QCOMPARE(worker.container("b").cls, FlowConClass::Watching);
        QCOMPARE(worker.updateThreshold(), 2.5);  // (NL 4 + WL 1) / 2
        worker.updateLimits();
        QCOMPARE(worker.container("b").cls, FlowConClass::Completing);
        worker.container("a").growth = 0.1;
        QCOMPARE(worker.updateThreshold(), 0.05); // one measured in NL/WL: half its growth (lines 5–6)
        worker.container("a").cls = FlowConClass::Completing;
        QCOMPARE(worker.updateThreshold(), -1.0); // all in CL (lines 2–4)
    }

    void containerWithoutEvaluationStaysAtFairShareAndIsFlagged()
    {
        plugins::FlowConParams params;
        plugins::FlowConPolicy policy(params);
        policy::Observation o;
        o.period = 5 * sim::kSecond;
        for (int step = 0; step < 4; ++step) {
            o.time = step * 10 * sim::kSecond;
            o.targets = {container("fast", 1.0 / (1 + step), 2.0), container("slow", 1.0 - 0.001 * step, 1.0),
                         container("mute", std::nullopt, 1.0)};
            for (const auto& action : policy.decide(o)) {
                if (action.target == "mute")
                    QCOMPARE(action.value, 4.0 / 3.0);
            }
        }
        QVERIFY(policy.flagged().contains("mute"));
        QVERIFY(!policy.flagged().contains("fast"));
        QCOMPARE(policy.worker("w0")->containers().at("mute").limitShare, 1.0 / 3.0);
        QVERIFY(policy.worker("w0")->containers().at("slow").limitShare < 1.0 / 3.0); // slow grower limited

        // The labels the views show are the lists the limits came from, one per observed container.
        std::map<std::string, std::string> labels;
        for (const policy::TargetLabel& label : policy.targetLabels())
            labels[label.target] = label.label;
        QCOMPARE(labels.size(), std::size_t(3));
        QCOMPARE(labels.at("mute"), std::string("flagged"));
        const auto expected = [&](const std::string& name) {
            switch (policy.worker("w0")->containers().at(name).cls) {
            case FlowConClass::New: return std::string("NL");
            case FlowConClass::Watching: return std::string("WL");
            case FlowConClass::Completing: return std::string("CL");
            }
            return std::string();
        };
        QCOMPARE(labels.at("fast"), expected("fast"));
        QCOMPARE(labels.at("slow"), expected("slow"));
        QCOMPARE(labels.at("slow"), std::string("CL")); // limited below fair share: a slow grower in CL
    }

    void alg4PrefersAllCompletingThenLowestScore()
    {
        plugins::FlowConPolicy policy(plugins::FlowConParams{});
        model::ClusterSpec spec;
        model::NodePoolSpec pool;
        pool.name = "w";
        pool.count = 2;
        pool.millicores = 4000;
        pool.memoryBytes = 16LL << 30;
        spec.pools.push_back(pool);
        model::Cluster cluster(spec);
        policy::ClusterView view(cluster);
        // Both workers empty: the first; then the second (the first now holds a new container).
        QCOMPARE(policy.place({}, view).node, 0u);
        QCOMPARE(policy.place({}, view).node, 1u);
    }

    void identicalJobsGetFairShare()
    {
        const auto run = [](const char* plugin) {
            sim::InMemoryRunRecorder recorder;
            return runOneWorker(plugin, 3, "        - {name: a, model: lstm-pytorch, at: 0s}\n"
                                           "        - {name: b, model: lstm-pytorch, at: 0s}\n"
                                           "        - {name: c, model: lstm-pytorch, at: 0s}\n", recorder);
        };
        const env::RunResult flowcon = run("flowcon");
        const env::RunResult swarm = run("docker-swarm");
        QCOMPARE(metric(flowcon, "train.jobs_completed"), 3.0);
        for (const char* job : {"train.a.jct", "train.b.jct", "train.c.jct"})
            QVERIFY2(std::abs(metric(flowcon, job) - metric(swarm, job)) < 1e-6, job);
        QCOMPARE(metric(flowcon, "train.a.jct"), metric(flowcon, "train.c.jct"));
        QVERIFY(metric(flowcon, "train.a.jct") > 0);
    }

    void runRecordsEachContainersClassOverTime()
    {
        const auto run = [](const char* plugin, sim::InMemoryRunRecorder& recorder) {
            return runOneWorker(plugin, 5, "        - {name: a, model: mnist-pytorch, at: 0s}\n"
                                           "        - {name: b, model: lstm-pytorch, at: 0s}\n"
                                           "        - {name: c, model: vae-pytorch, at: 30s}\n", recorder);
        };
        sim::InMemoryRunRecorder flowcon;
        const env::RunResult result = run("flowcon", flowcon);
        QCOMPARE(metric(result, "train.jobs_completed"), 3.0);
        std::map<std::string, std::vector<sim::RunAnnotation>> stretches;
        std::map<std::string, sim::RunAnnotation> placement;
        for (const sim::RunAnnotation& annotation : flowcon.annotations()) {
            if (annotation.kind == "train.placement")
                placement[annotation.target.substr(0, annotation.target.rfind('@'))] = annotation;
            if (annotation.kind != env::TargetLabelLog::kAnnotationKind)
                continue;
            std::string job, label;
            QVERIFY(env::TargetLabelLog::split(annotation.target, job, label));
            QVERIFY2(label == "NL" || label == "WL" || label == "CL", annotation.target.c_str());
            QVERIFY(annotation.end > annotation.start);
            stretches[job].push_back(annotation);
        }
        QCOMPARE(stretches.size(), std::size_t(3));
        bool anyChange = false;
        for (auto& [job, list] : stretches) {
            std::sort(list.begin(), list.end(), [](const auto& x, const auto& y) { return x.start < y.start; });
            // From the job's start to its finish without gaps or overlaps, a new label each time.
            QCOMPARE(list.front().start, placement.at(job).start);
            QCOMPARE(list.back().end, placement.at(job).end);
            for (std::size_t i = 1; i < list.size(); ++i) {
                QCOMPARE(list[i].start, list[i - 1].end);
                QVERIFY(list[i].target != list[i - 1].target);
            }
            QCOMPARE(list.front().target, job + "=NL"); // Alg. 2: new containers join NL
            anyChange = anyChange || list.size() > 1;
        }
        QVERIFY(anyChange); // converging jobs leave NL

        sim::InMemoryRunRecorder swarm;
        run("docker-swarm", swarm);
        for (const sim::RunAnnotation& annotation : swarm.annotations())
            QVERIFY(annotation.kind != env::TargetLabelLog::kAnnotationKind); // no classes to record
    }
};

QTEST_GUILESS_MAIN(TestFlowCon)
#include "tst_flowcon.moc"
