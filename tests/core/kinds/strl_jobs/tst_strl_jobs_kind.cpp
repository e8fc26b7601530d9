// kind: strl-jobs — the reader and its diagnostics, plan-ahead end to end, capacity, fallbacks,
// determinism (issue 19).
#include "env/simulation.h"
#include "kinds/built_in_kinds.h"
#include "kinds/strl_jobs/strl_jobs_spec.h"
#include "model/diagnostic.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QtTest>

#include <fstream>
#include <map>
#include <sstream>
#include <tuple>
#include <variant>

using namespace orrery;
using namespace orrery::kinds::strl_jobs;

namespace {

std::string readFile(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

scenario::LoadResult load(const std::string& text)
{
    kinds::registerBuiltInKinds();
    return scenario::parseScenario(text, "strl.yaml");
}

const StrlJobsSpec* specOf(const model::Scenario& scenario)
{
    for (const auto& workload : scenario.workloads) {
        if (const auto* kind = std::get_if<model::KindWorkload>(&workload))
            return dynamic_cast<const StrlJobsSpec*>(kind->spec.get());
    }
    return nullptr;
}

//! Two nodes of rack r1, one with a GPU; g1 (a GPU job of `blockerSeconds`) takes the GPU at 0;
//! g2 (a GPU job of 60 s, 3× slower without a GPU) arrives at 1 s.
std::string gpuWaitScenario(int blockerSeconds, const std::string& placement)
{
    return "apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: gpu-wait}\nspec:\n  seed: 1\n  horizon: 20m\n"
           "  cluster:\n    pools:\n"
           "      - {name: gpu, count: 1, cpu: 8, memory: 32Gi, labels: {rack: r1}, devices: [{kind: gpu, model: V100, count: 1}]}\n"
           "      - {name: cpu, count: 1, cpu: 8, memory: 32Gi, labels: {rack: r1}}\n"
           "  workloads:\n    - name: jobs\n      kind: strl-jobs\n      cycle: 10s\n      types:\n"
           "        - {name: gpu, type: gpu, nodes: 1, duration: 60s, slowdown: 3}\n"
           "      jobs:\n"
           "        - {name: g1, class: gpu, at: 0s, duration: " + std::to_string(blockerSeconds) + "s}\n"
           "        - {name: g2, class: gpu, at: 1s}\n"
           "  policies:\n    placement: " + placement + "\n";
}

//! gpuWaitScenario with `generators` (YAML at workload indentation, may be empty) and the class
//! line replaced by `classLine`; `jobsLines` replace the scripted jobs.
std::string customScenario(const std::string& generators, const std::string& classLine, const std::string& jobsLines,
                           const std::string& placement)
{
    std::string text = gpuWaitScenario(20, placement);
    const std::size_t types = text.find("      types:\n");
    text.insert(types, generators);
    const std::size_t from = text.find("        - {name: gpu, type: gpu");
    const std::size_t policies = text.find("  policies:");
    return text.substr(0, from) + classLine + "      jobs:\n" + jobsLines + text.substr(policies);
}

//! A user generator written to imitate the built-in gpu type.
const char* const kGpuLikeGenerator =
    "      generators:\n"
    "        - name: gpu-like\n"
    "          expression:\n"
    "            max:\n"
    "              - nCk: {set: gen:gpu, k: $k, start: $start, duration: $duration, value: $worth}\n"
    "              - nCk: {set: gen:all, k: $k, start: $start, duration: $duration * $slowdown, value: $worth}\n";

struct RunOutput {
    std::map<std::string, double> metrics;
    std::vector<sim::RunAnnotation> annotations;
};

} // namespace

class TestStrlJobsKind : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { policy::registerBuiltinPlugins(m_registry); }

    void readsTheShippedScenario()
    {
        const auto result = load(readFile(ORRERY_SOURCE_DIR "/resources/scenarios/strl-heterogeneous.yaml"));
        QVERIFY2(result.ok(), model::formatAll(result.diagnostics).c_str());
        const StrlJobsSpec* spec = specOf(*result.scenario);
        QVERIFY(spec);
        QCOMPARE(spec->classes.size(), std::size_t{5});
        QCOMPARE(spec->cycle, 10 * sim::kSecond);
        QCOMPARE(spec->load, 0.7);
        QCOMPARE(spec->classes[0].type, strl::JobType::Gpu);
        QCOMPARE(spec->classes[0].slowdown, 3.0);
        QCOMPARE(*spec->classes[3].deadline, 4 * sim::kMinute);
    }

    void diagnosesBadInput_data()
    {
        QTest::addColumn<QString>("types");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknownType") << "        - {name: a, type: gpuu, duration: 1m}\n"
                                     << "strl.yaml:16:27: error: spec.workloads[0].types[0].type: unknown job type 'gpuu'";
        QTest::newRow("zeroNodes") << "        - {name: a, type: gpu, nodes: 0, duration: 1m}\n"
                                   << "strl.yaml:16:39: error: spec.workloads[0].types[0].nodes:";
        QTest::newRow("sloWithoutDeadline") << "        - {name: a, type: slo, duration: 1m}\n"
                                            << "strl.yaml:16:11: error: spec.workloads[0].types[0].deadline: an slo job class needs a deadline";
        QTest::newRow("deadlineTooShort") << "        - {name: a, type: slo, duration: 2m, deadline: 1m}\n"
                                          << "spec.workloads[0].types[0].deadline: deadline is shorter than the duration";
        QTest::newRow("unknownKey") << "        - {name: a, type: mpi, duration: 1m, slowdwn: 2}\n"
                                    << "spec.workloads[0].types[0].slowdwn";
        QTest::newRow("tooManyNodes") << "        - {name: a, type: mpi, nodes: 9, duration: 1m}\n"
                                      << "asks for 9 nodes, but the cluster has 2";
    }
    void diagnosesBadInput()
    {
        QFETCH(QString, types);
        QFETCH(QString, expected);
        const std::string text = gpuWaitScenario(20, "{plugin: first-fit}");
        const std::size_t from = text.find("        - {name: gpu");
        std::string broken = text.substr(0, from) + types.toStdString() + "      arrivals: {load: 0.5}\n" + text.substr(text.find("  policies:"));
        const auto result = load(broken);
        QVERIFY(!result.ok());
        const std::string all = model::formatAll(result.diagnostics);
        QVERIFY2(QString::fromStdString(all).contains(expected), all.c_str());
    }

    // Plan-ahead: the GPU frees at 20 s, within the 8-slice window: waiting 10 s for it (done at
    // 80 s) beats 180 s on the CPU node now. tetrisched waits; tetrisched-np cannot see it.
    void planAheadWaitsForTheGpuWhenBetter()
    {
        const RunOutput ahead = run(gpuWaitScenario(20, "{plugin: tetrisched, params: {window: 8, slot: 10s}}"));
        QCOMPARE(ahead.metrics.at("strl.jobs_completed"), 2.0);
        QCOMPARE(ahead.metrics.at("strl.jobs_slowed"), 0.0);
        const sim::RunAnnotation* g2 = runOf(ahead, "g2@");
        QVERIFY(g2);
        QCOMPARE(g2->target, std::string("g2@gpu-0"));
        QCOMPARE(g2->start, 20 * sim::kSecond);
        QCOMPARE(g2->end, 80 * sim::kSecond);
        // The wait was planned at 10 s and recorded as the plan of that cycle.
        bool planned = false;
        for (const auto& a : ahead.annotations)
            planned = planned || (a.kind == "strl.plan.gpu" && a.target == "g2@gpu-0" && a.start == 20 * sim::kSecond && a.intensity == 10.0);
        QVERIFY(planned);

        const RunOutput now = run(gpuWaitScenario(20, "{plugin: tetrisched-np, params: {slot: 10s}}"));
        const sim::RunAnnotation* g2np = runOf(now, "g2@");
        QVERIFY(g2np);
        QCOMPARE(g2np->target, std::string("g2@cpu-0"));
        QCOMPARE(g2np->start, 10 * sim::kSecond);
        QCOMPARE(g2np->intensity, 3.0); // ran 3× slower
    }

    // The GPU stays busy past the window (300 s): waiting is worse, so g2 takes the CPU node now.
    void planAheadDoesNotWaitWhenWorse()
    {
        const RunOutput out = run(gpuWaitScenario(300, "{plugin: tetrisched, params: {window: 8, slot: 10s}}"));
        const sim::RunAnnotation* g2 = runOf(out, "g2@");
        QVERIFY(g2);
        QCOMPARE(g2->target, std::string("g2@cpu-0"));
        QCOMPARE(g2->start, 10 * sim::kSecond);
        QCOMPARE(g2->end, 190 * sim::kSecond);
        QCOMPARE(out.metrics.at("strl.jobs_slowed"), 1.0);
    }

    void executedPlacementsNeverExceedCapacity_data()
    {
        QTest::addColumn<QString>("placement");
        QTest::newRow("tetrisched") << "{plugin: tetrisched, params: {window: 4, slot: 10s}}";
        QTest::newRow("tetrisched-np") << "{plugin: tetrisched-np}";
        QTest::newRow("tetrisched-greedy") << "{plugin: tetrisched-greedy, params: {window: 4}}";
        QTest::newRow("first-fit") << "{plugin: first-fit}";
        QTest::newRow("kube") << "{plugin: kube}";
        QTest::newRow("fallback") << "{plugin: tetrisched, params: {maxMilpColumns: 1}}";
    }
    void executedPlacementsNeverExceedCapacity()
    {
        QFETCH(QString, placement);
        const RunOutput out = run(shippedScenario(placement.toStdString()));
        QVERIFY(out.metrics.at("strl.jobs_completed") > 15);
        // Every node holds at most one job at a time, over every executed placement.
        std::map<std::string, std::vector<std::pair<sim::SimTime, sim::SimTime>>> byNode;
        for (const auto& a : out.annotations) {
            if (a.kind.rfind("strl.run.", 0) != 0)
                continue;
            std::string nodes = a.target.substr(a.target.find('@') + 1) + "+";
            for (std::size_t at = 0, next; (next = nodes.find('+', at)) != std::string::npos; at = next + 1)
                byNode[nodes.substr(at, next - at)].emplace_back(a.start, a.end);
        }
        QCOMPARE(byNode.size(), std::size_t{16});
        for (auto& [node, intervals] : byNode) {
            std::sort(intervals.begin(), intervals.end());
            for (std::size_t i = 1; i < intervals.size(); ++i)
                QVERIFY2(intervals[i].first >= intervals[i - 1].second, node.c_str());
        }
        if (out.metrics.count("strl.assignments_rejected"))
            QCOMPARE(out.metrics.at("strl.assignments_rejected"), 0.0);
        if (placement.contains("maxMilpColumns")) {
            // Every cycle's MILP is "too large": the greedy planner ran them all, and it says so.
            QVERIFY(out.metrics.at("strl.cycles") > 0);
            QCOMPARE(out.metrics.at("strl.plan_fallbacks"), out.metrics.at("strl.cycles"));
        } else if (placement.startsWith("{plugin: tetrisched,")) {
            QCOMPARE(out.metrics.at("strl.plan_fallbacks"), 0.0);
        }
    }

    // Same seed, same run: every metric bit for bit except the measured solver wall-clock times.
    void sameSeedSameMetrics()
    {
        const std::string text = shippedScenario("{plugin: tetrisched, params: {window: 4, slot: 10s}}");
        const RunOutput a = run(text), b = run(text);
        QCOMPARE(a.metrics.size(), b.metrics.size());
        for (const auto& [name, value] : a.metrics) {
            if (name.rfind("strl.solve_seconds", 0) == 0)
                continue;
            QVERIFY2(std::memcmp(&value, &b.metrics.at(name), sizeof value) == 0, name.c_str());
        }
        QCOMPARE(a.annotations.size(), b.annotations.size());
        for (std::size_t i = 0; i < a.annotations.size(); ++i)
            QVERIFY(a.annotations[i].target == b.annotations[i].target && a.annotations[i].start == b.annotations[i].start);
        for (const char* name : {"strl.cycles", "strl.solve_seconds.mean", "strl.solve_seconds.p99", "strl.solve_seconds.max",
                                 "strl.cycles_timed_out", "strl.slo_attainment", "strl.utilization"})
            qInfo("%s %g", name, a.metrics.at(name));
        QVERIFY(a.metrics.count("strl.slo_attainment"));
        QVERIFY(a.metrics.count("strl.best_effort.latency.p95"));
        QVERIFY(a.metrics.at("strl.utilization") > 0.3);
    }

    // A user generator imitating the gpu type plans exactly as the built-in: same placements.
    void userGeneratorPlansLikeTheBuiltIn()
    {
        const std::string placement = "{plugin: tetrisched, params: {window: 8, slot: 10s}}";
        const std::string jobs = "        - {name: g1, class: gpu, at: 0s, duration: 20s}\n        - {name: g2, class: gpu, at: 1s}\n";
        const RunOutput builtIn = run(gpuWaitScenario(20, placement));
        const RunOutput user = run(customScenario(kGpuLikeGenerator,
                                                  "        - {name: gpu, generator: gpu-like, nodes: 1, duration: 60s, slowdown: 3}\n", jobs, placement));
        std::vector<std::tuple<std::string, sim::SimTime, sim::SimTime>> a, b;
        for (const auto& x : builtIn.annotations)
            if (x.kind == "strl.run.gpu")
                a.emplace_back(x.target, x.start, x.end);
        for (const auto& x : user.annotations)
            if (x.kind == "strl.run.gpu-like")
                b.emplace_back(x.target, x.start, x.end);
        QCOMPARE(a.size(), std::size_t{2});
        QVERIFY(a == b);
        QCOMPARE(std::get<0>(b[1]), std::string("g2@gpu-0")); // waited for the GPU
        // Off the GPU it would run 3× longer: the granted leaf's duration is the run time.
        const RunOutput np = run(customScenario(kGpuLikeGenerator,
                                                "        - {name: gpu, generator: gpu-like, nodes: 1, duration: 60s, slowdown: 3}\n", jobs,
                                                "{plugin: tetrisched-np, params: {slot: 10s}}"));
        const sim::RunAnnotation* g2 = runOf(np, "g2@");
        QVERIFY(g2);
        QCOMPARE(g2->target, std::string("g2@cpu-0"));
        QCOMPARE(g2->end - g2->start, 180 * sim::kSecond);
    }

    // Hand-written expressions end to end: h1's fixed leaf (9 s after its submission at 1 s, 45 s)
    // runs at 10 s for 45 s; h2's template over the window waits for the GPU (worth decays with
    // completion) and runs its GPU leaf's 30 s. The same run twice gives the same placements.
    void handWrittenExpressionsRunEndToEnd()
    {
        const std::string jobs =
            "        - {name: g1, class: gpu, at: 0s, duration: 20s}\n"
            "        - name: h1\n          class: gpu\n          at: 1s\n"
            "          expression: {nCk: {set: gen:all, k: 1, start: 9s, duration: 45s, value: 3}}\n"
            "        - name: h2\n          class: gpu\n          at: 2s\n"
            "          expression:\n            max:\n"
            "              - nCk: {set: gen:gpu, k: 1, start: $start, duration: 30s, value: $worth}\n"
            "              - nCk: {set: gen:all, k: 1, start: $start, duration: \"$duration * 1.5\", value: $worth}\n";
        const std::string text = customScenario("", "        - {name: gpu, type: gpu, nodes: 1, duration: 60s, slowdown: 3}\n", jobs,
                                                "{plugin: tetrisched, params: {window: 8, slot: 10s}}");
        const RunOutput out = run(text);
        QCOMPARE(out.metrics.at("strl.jobs_completed"), 3.0);
        const sim::RunAnnotation* h1 = runOf(out, "h1@");
        QVERIFY(h1);
        QCOMPARE(h1->kind, std::string("strl.run.expression"));
        QCOMPARE(h1->target, std::string("h1@cpu-0"));
        QCOMPARE(h1->start, 10 * sim::kSecond);
        QCOMPARE(h1->end, 55 * sim::kSecond);
        const sim::RunAnnotation* h2 = runOf(out, "h2@");
        QVERIFY(h2);
        QCOMPARE(h2->target, std::string("h2@gpu-0"));
        QCOMPARE(h2->start, 20 * sim::kSecond);
        QCOMPARE(h2->end, 50 * sim::kSecond);
        const RunOutput again = run(text);
        QCOMPARE(again.annotations.size(), out.annotations.size());
        for (std::size_t i = 0; i < out.annotations.size(); ++i)
            QVERIFY(out.annotations[i].target == again.annotations[i].target && out.annotations[i].start == again.annotations[i].start
                    && out.annotations[i].end == again.annotations[i].end);
        // A per-unit baseline places it as the class's k units for the class's run time.
        const RunOutput firstFit = run(customScenario("", "        - {name: gpu, type: gpu, nodes: 1, duration: 60s, slowdown: 3}\n", jobs,
                                                      "{plugin: first-fit}"));
        QCOMPARE(firstFit.metrics.at("strl.jobs_completed"), 3.0);
    }

    void diagnosesBadGenerators_data()
    {
        QTest::addColumn<QString>("generators");
        QTest::addColumn<QString>("classLine");
        QTest::addColumn<QString>("expected");
        const QString gpuLike = kGpuLikeGenerator;
        const QString withParam = "      generators:\n        - name: p\n          params: [factor]\n"
                                  "          expression: {nCk: {set: gen:all, k: $k, start: $start, duration: $duration * $factor, value: 1}}\n";
        QTest::newRow("unknownGenerator") << gpuLike << "        - {name: gpu, generator: gpu-lik, duration: 60s}\n"
                                          << "strl.yaml:22:34: error: spec.workloads[0].types[0].generator: unknown generator 'gpu-lik' (did you mean 'gpu-like'?)";
        QTest::newRow("typeAndGenerator") << gpuLike << "        - {name: gpu, type: gpu, generator: gpu-like, duration: 60s}\n"
                                          << "spec.workloads[0].types[0]: expected exactly one of type";
        QTest::newRow("unknownParameter") << "      generators:\n        - name: p\n          expression: {nCk: {set: gen:all, k: $kk, start: $start, duration: 1s, value: 1}}\n"
                                          << "        - {name: gpu, generator: p, duration: 60s}\n"
                                          << "spec.workloads[0].generators[0].expression.nCk.k: unknown parameter $kk (did you mean 'k'?)";
        QTest::newRow("malformedReference") << "      generators:\n        - name: p\n          expression: {nCk: {set: gen:all, k: 1, start: $start, duration: $duration / 2, value: 1}}\n"
                                            << "        - {name: gpu, generator: p, duration: 60s}\n"
                                            << "spec.workloads[0].generators[0].expression.nCk.duration: malformed parameter reference";
        QTest::newRow("worthOutsideValue") << "      generators:\n        - name: p\n          expression: {nCk: {set: gen:all, k: $worth, start: $start, duration: 1s, value: 1}}\n"
                                           << "        - {name: gpu, generator: p, duration: 60s}\n"
                                           << "$worth is a leaf's value";
        QTest::newRow("missingArgument") << withParam << "        - {name: gpu, generator: p, duration: 60s}\n"
                                         << "spec.workloads[0].types[0].args: missing argument 'factor' of generator 'p'";
        QTest::newRow("unknownArgument") << withParam << "        - {name: gpu, generator: p, args: {factor: 2, facter: 3}, duration: 60s}\n"
                                         << "spec.workloads[0].types[0].args.facter: generator 'p' has no parameter 'facter' (did you mean 'factor'?)";
        QTest::newRow("shadowsBuiltIn") << "      generators:\n        - name: p\n          params: [k]\n          expression: {nCk: {set: gen:all, k: 1, start: 0s, duration: 1s, value: 1}}\n"
                                        << "        - {name: gpu, generator: p, duration: 60s}\n"
                                        << "parameter 'k' is a built-in";
        QTest::newRow("unknownSet") << "      generators:\n        - name: p\n          expression: {nCk: {set: gpus, k: 1, start: $start, duration: 1s, value: 1}}\n"
                                    << "        - {name: gpu, generator: p, duration: 60s}\n"
                                    << "spec.workloads[0].generators[0].expression.nCk.set: unknown equivalence set 'gpus'";
        QTest::newRow("badOperator") << "" << "        - {name: gpu, expression: {mux: []}, duration: 60s}\n"
                                     << "spec.workloads[0].types[0].expression.mux: unknown operator \"mux\" (did you mean 'max'?)";
    }
    void diagnosesBadGenerators()
    {
        QFETCH(QString, generators);
        QFETCH(QString, classLine);
        QFETCH(QString, expected);
        const auto result = load(customScenario(generators.toStdString(), classLine.toStdString(),
                                                "        - {name: g1, class: gpu, at: 0s}\n", "{plugin: tetrisched}"));
        QVERIFY(!result.ok());
        const std::string all = model::formatAll(result.diagnostics);
        QVERIFY2(QString::fromStdString(all).contains(expected), all.c_str());
    }

    void batchPolicyNeedsABatchWorkload()
    {
        std::string text = gpuWaitScenario(20, "{plugin: tetrisched}");
        const auto loaded = load(text);
        QVERIFY(loaded.ok());
        // Accepted for strl-jobs; a per-unit workload (job streams) would be rejected by the
        // Simulation with a setup error naming the plugin (checked in tests/plugins/tetrisched).
        env::Simulation simulation(*loaded.scenario, m_registry);
        QCOMPARE(simulation.policyDescriptions().front().second.rfind("tetrisched", 0), std::size_t{0});
    }

private:
    std::string shippedScenario(const std::string& placement)
    {
        std::string text = readFile(ORRERY_SOURCE_DIR "/resources/scenarios/strl-heterogeneous.yaml");
        text = text.substr(0, text.find("  policies:")) + "  policies:\n    placement: " + placement + "\n";
        return text;
    }

    RunOutput run(const std::string& text)
    {
        const auto loaded = load(text);
        if (!loaded.ok())
            qFatal("%s", model::formatAll(loaded.diagnostics).c_str());
        sim::InMemoryRunRecorder recorder;
        env::Simulation simulation(*loaded.scenario, m_registry);
        const auto result = simulation.run(recorder);
        if (result.status != sim::RunStatus::Completed)
            qFatal("run failed: %s", result.message.c_str());
        RunOutput out;
        for (const auto& metric : recorder.metrics())
            out.metrics[metric.name] = metric.value;
        out.annotations = recorder.annotations();
        return out;
    }

    static const sim::RunAnnotation* runOf(const RunOutput& out, const std::string& prefix)
    {
        for (const auto& a : out.annotations) {
            if (a.kind.rfind("strl.run.", 0) == 0 && a.target.rfind(prefix, 0) == 0)
                return &a;
        }
        return nullptr;
    }

    policy::PluginRegistry m_registry;
};

QTEST_GUILESS_MAIN(TestStrlJobsKind)
#include "tst_strl_jobs_kind.moc"
