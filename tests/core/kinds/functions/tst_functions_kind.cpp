// kind: Functions (core/kinds/functions): the scenario section, the platform's cold starts,
// keep-alive and eviction, CPU shares under oversubscription, contention between co-located
// functions, the control environment's determinism and churn.
#include "env/node_contention.h"
#include "kinds/built_in_kinds.h"
#include "kinds/functions/functions_environment.h"
#include "kinds/functions/functions_platform.h"
#include "kinds/functions/functions_spec.h"
#include "kinds/functions/invocation_arrivals.h"
#include "model/cluster.h"
#include "scenario/scenario_loader.h"

#include <QtTest>

#include <variant>

using namespace orrery;
using namespace orrery::kinds::functions;

namespace {

const char* const kScenarioHead = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: functions-test}
spec:
  seed: 7
  horizon: 60s
  cluster:
    pools:
      - {name: invokers, count: 2, cpu: 4, memory: 8Gi}
  workloads:
    - name: faas
      kind: Functions
      platform: {invokers: invokers, controlPeriod: 5s}
)";

scenario::LoadResult load(const std::string& functionsSection)
{
    kinds::registerBuiltInKinds();
    return scenario::parseScenario(std::string(kScenarioHead) + functionsSection, "functions-test.yaml");
}

const FunctionsSpec* functionsOf(const model::Scenario& scenario)
{
    for (const auto& workload : scenario.workloads) {
        if (const auto* kind = std::get_if<model::KindWorkload>(&workload))
            return dynamic_cast<const FunctionsSpec*>(kind->spec.get());
    }
    return nullptr;
}

FunctionProfile cpuProfile(const std::string& name, sim::SimTime median)
{
    FunctionProfile profile;
    profile.name = name;
    profile.displayName = name;
    profile.medianExecution = median;
    profile.p99Execution = median; // deterministic execution time
    profile.cpuFraction = 1.0;
    profile.memoryBytes = 100LL << 20;
    profile.demand = {};
    return profile;
}

FunctionSpec function(const std::string& name, sim::SimTime median, int containers)
{
    FunctionSpec f;
    f.name = name;
    f.profile = cpuProfile(name, median);
    f.slo = 2 * median;
    f.arrivals.ratePerSecond = 0; // invocations are injected
    f.initial.containers = containers;
    f.initial.memoryBytes = 256LL << 20;
    return f;
}

model::Scenario clusterScenario(int nodes, int cores)
{
    model::Scenario scenario;
    scenario.seed = 3;
    model::NodePoolSpec pool;
    pool.name = "invokers";
    pool.count = nodes;
    pool.millicores = cores * 1000;
    pool.memoryBytes = 8LL << 30;
    scenario.cluster.pools.push_back(pool);
    scenario.contention.enabled = false;
    return scenario;
}

//! Injects invocations of function 0 at given times.
class Injector final : public sim::EventHandler {
public:
    Injector(FunctionsPlatform& platform, sim::Engine& engine)
        : m_platform(platform)
        , m_kind(engine.registerHandler(*this))
        , m_engine(engine)
    {
    }
    void at(sim::SimTime time, std::uint32_t function = 0) { m_engine.schedule(time, m_kind, function); }
    void handleEvent(const sim::Event& event, sim::Engine& engine) override { m_platform.invoke(event.target, engine.now()); }

private:
    FunctionsPlatform& m_platform;
    sim::EventKind m_kind;
    sim::Engine& m_engine;
};

//! A platform on its own cluster and engine, started, with an injector of invocations.
struct PlatformRun {
    PlatformRun(const model::Scenario& scenario, const FunctionsSpec& spec)
        : cluster(scenario.cluster)
        , contention(env::makeNodeContention(cluster, scenario))
        , platform(spec, scenario.seed, cluster, *contention)
        , injector(platform, engine)
    {
        platform.start(engine);
    }
    model::Cluster cluster;
    std::unique_ptr<env::NodeContention> contention;
    FunctionsPlatform platform;
    sim::Engine engine;
    Injector injector;
};

} // namespace

class TestFunctionsKind : public QObject {
    Q_OBJECT

private slots:
    void readsTheFunctionsSection()
    {
        const auto result = load(R"(      functions:
        - {name: primes, profile: primes, arrivals: {pattern: fluctuating, rate: 20/s, every: 30s}, containers: 2}
        - {name: b64, profile: base64, slo: 300ms}
      churn: {every: 10, changes: [2, -1]}
)");
        QVERIFY2(result.ok(), result.diagnostics.empty() ? "" : result.diagnostics.front().format().c_str());
        const FunctionsSpec* spec = functionsOf(*result.scenario);
        QVERIFY(spec);
        QCOMPARE(spec->functions.size(), std::size_t{2});
        QCOMPARE(spec->functions[0].profile.name, std::string("primes"));
        QCOMPARE(spec->functions[0].slo, spec->functions[0].profile.defaultSlo(spec->platform.isolatedOverhead())); // isolated p99 + 15 %
        QVERIFY(std::abs(static_cast<double>(spec->functions[0].slo) - (1910.0 + 45.7 + 2.326 * 6.9) * 1.15 * 1e6) < 10.0);
        QCOMPARE(spec->functions[0].arrivals.pattern, FunctionArrivals::Pattern::Fluctuating);
        QCOMPARE(spec->functions[0].initial.containers, 2);
        QCOMPARE(spec->functions[1].slo, 300 * sim::kMillisecond);
        QVERIFY(spec->catalog.size() >= 12); // Table 4.3's benchmarks
        QCOMPARE(spec->churn.changes, (std::vector<std::int32_t>{2, -1}));
    }

    void badValuesNameFileLineAndField_data()
    {
        QTest::addColumn<QString>("functions");
        QTest::addColumn<QString>("expected");
        QTest::newRow("negative shares") << "        - {name: a, profile: primes, cpuShares: -5}\n" << "functions-test.yaml:15:";
        QTest::newRow("negative shares field") << "        - {name: a, profile: primes, cpuShares: -5}\n" << "cpuShares";
        QTest::newRow("unknown profile") << "        - {name: a, profile: primez}\n" << "unknown function profile 'primez' (did you mean 'primes'?)";
        QTest::newRow("zero slo") << "        - {name: a, profile: primes, slo: 0s}\n" << "slo";
        QTest::newRow("unknown pattern") << "        - {name: a, profile: primes, arrivals: {pattern: burst, rate: 1/s}}\n" << "unknown arrival pattern 'burst'";
        QTest::newRow("too many containers") << "        - {name: a, profile: primes, containers: 5000}\n" << "containers";
    }

    void badValuesNameFileLineAndField()
    {
        QFETCH(QString, functions);
        QFETCH(QString, expected);
        const auto result = load("      functions:\n" + functions.toStdString());
        QVERIFY(!result.ok());
        QString all;
        for (const auto& diagnostic : result.diagnostics)
            all += QString::fromStdString(diagnostic.format()) + '\n';
        QVERIFY2(all.contains(expected), qPrintable(all));
    }

    //! A workload's own profile may say how much of its footprint is file-backed; 0.25 otherwise.
    void profilesTakeAFileShare()
    {
        const std::string profile = "      profiles:\n        - {name: mine, class: cpu, execution: {median: 100ms, p99: 120ms}, "
                                    "cpuFraction: 0.9, memory: 64Mi";
        const auto good = load(profile + ", fileShare: 0.5}\n      functions:\n        - {name: a, profile: mine}\n"
                               "        - {name: b, profile: primes}\n");
        QVERIFY(good.ok());
        const FunctionsSpec* spec = functionsOf(*good.scenario);
        QVERIFY(spec);
        QCOMPARE(spec->functions[0].profile.fileShare, 0.5);
        QCOMPARE(spec->functions[0].profile.anonymousBytes(), 32.0 * (1 << 20));
        QCOMPARE(spec->functions[1].profile.fileShare, 0.25);
        const auto bad = load(profile + ", fileShare: 1.5}\n      functions:\n        - {name: a, profile: mine}\n");
        QVERIFY(!bad.ok());
        QVERIFY2(bad.diagnostics.front().format().find("fileShare") != std::string::npos, bad.diagnostics.front().format().c_str());
    }

    void unknownKindListsRegisteredKinds()
    {
        kinds::registerBuiltInKinds();
        const auto result = scenario::parseScenario(std::string(kScenarioHead).replace(std::string(kScenarioHead).find("kind: Functions"), 15, "kind: Functionz")
                                                        + "      functions: []\n",
                                                    "functions-test.yaml");
        QVERIFY(!result.ok());
        QVERIFY2(result.diagnostics.front().message.find("Functions") != std::string::npos, result.diagnostics.front().message.c_str());
    }

    void coldStartThenWarmThenKeepAliveEviction()
    {
        model::Scenario scenario = clusterScenario(1, 4);
        FunctionsSpec spec;
        spec.name = "faas";
        spec.platform.keepAlive = 30 * sim::kSecond;
        spec.platform.coldStartStd = 0;
        spec.platform.warmStartStd = 0;
        spec.functions.push_back(function("f", 100 * sim::kMillisecond, 0)); // NC = 0: scale to zero
        PlatformRun run(scenario, spec);
        run.injector.at(1 * sim::kSecond);              // cold: 2050.8 ms start + 100 ms
        run.injector.at(5 * sim::kSecond);              // warm, paused: 45.7 ms unpause + 100 ms
        run.engine.run(10 * sim::kSecond);
        QCOMPARE(run.platform.totals(0).completions, std::uint64_t{2});
        QCOMPARE(run.platform.totals(0).coldStarts, std::uint64_t{1});
        QCOMPARE(run.platform.containersOf(0), 1);
        const double coldMs = 2050.8 + 100.0, warmMs = 45.7 + 100.0;
        const double p99 = run.platform.totals(0).latency.quantileNs(1.0) / 1e6;
        const double p0 = run.platform.totals(0).latency.quantileNs(0.0) / 1e6;
        QVERIFY2(std::abs(p99 - coldMs) / coldMs < 0.02, qPrintable(QString::number(p99)));
        QVERIFY2(std::abs(p0 - warmMs) / warmMs < 0.02, qPrintable(QString::number(p0)));
        // Idle for the keep-alive (30 s after its last use at ~5.15 s): the container is evicted.
        run.engine.run(36 * sim::kSecond);
        QCOMPARE(run.platform.containersOf(0), 0);
        run.injector.at(40 * sim::kSecond);
        run.engine.run(45 * sim::kSecond);
        QCOMPARE(run.platform.totals(0).coldStarts, std::uint64_t{2});
        // Memory is given back to the node when containers go.
        run.engine.run(80 * sim::kSecond);
        QCOMPARE(run.cluster.node(0).allocated.memoryBytes, std::int64_t{0});
    }

    void preWarmedContainersAreKeptAndServeWithoutColdStart()
    {
        model::Scenario scenario = clusterScenario(1, 4);
        FunctionsSpec spec;
        spec.platform.keepAlive = 5 * sim::kSecond;
        spec.functions.push_back(function("f", 100 * sim::kMillisecond, 2));
        PlatformRun run(scenario, spec);
        run.engine.run(20 * sim::kSecond); // NC = 2 containers survive the keep-alive
        QCOMPARE(run.platform.containersOf(0), 2);
        run.injector.at(21 * sim::kSecond);
        run.injector.at(21 * sim::kSecond);
        run.engine.run(25 * sim::kSecond);
        QCOMPARE(run.platform.totals(0).coldStarts, std::uint64_t{2}); // only the two pre-warm starts
        QCOMPARE(run.platform.totals(0).completions, std::uint64_t{2});
    }

    //! A 100 Mi footprint, ¾ anonymous: a limit at or above it runs at full speed; between 75 and
    //! 100 Mi the file-backed pages that do not fit are read back (the page-reclaim curve of
    //! docs/model.md: ½ resident 4.03×, none 7.83×, linear between); below 75 Mi the anonymous
    //! memory reaches the limit and the invocation is OOM-killed (a failure).
    void memoryLimitsReclaimThenKill_data()
    {
        QTest::addColumn<int>("limitMi");
        QTest::addColumn<double>("slowdown"); // 0: killed
        QTest::newRow("above the footprint") << 128 << 1.0;
        QTest::newRow("at the footprint") << 100 << 1.0;
        QTest::newRow("13 of 25 Mi of file pages") << 88 << 4.03 + (0.52 - 0.5) / 0.25 * (2.13 - 4.03);
        QTest::newRow("no file pages") << 75 << 7.83;
        QTest::newRow("below the anonymous memory") << 70 << 0.0;
    }
    void memoryLimitsReclaimThenKill()
    {
        QFETCH(int, limitMi);
        QFETCH(double, slowdown);
        model::Scenario scenario = clusterScenario(1, 4);
        FunctionsSpec spec;
        spec.platform.pauseGrace = sim::kHour; // no unpause delay
        spec.functions.push_back(function("f", sim::kSecond, 1));
        spec.functions[0].initial.memoryBytes = static_cast<std::int64_t>(limitMi) << 20;
        PlatformRun run(scenario, spec);
        run.injector.at(10 * sim::kSecond);
        run.engine.run(200 * sim::kSecond);
        QCOMPARE(run.platform.totals(0).completions, std::uint64_t{1});
        QCOMPARE(run.platform.totals(0).failures, std::uint64_t{slowdown == 0.0 ? 1u : 0u});
        QCOMPARE(run.platform.totals(0).memoryReclaimed, std::uint64_t{slowdown > 1.0 ? 1u : 0u});
        if (slowdown == 0.0)
            return;
        const double seconds = run.platform.totals(0).latency.quantileNs(0.5) / 1e9; // 1 s of work
        QVERIFY2(std::abs(seconds - slowdown) / slowdown < 0.03,
                 qPrintable(QString::number(seconds) + " s, expected " + QString::number(slowdown)));
    }

    void cpuSharesDivideAnOversubscribedInvoker()
    {
        // One core, two functions busy at once: shares 1536 vs 512 give 3/4 and 1/4 of the core.
        model::Scenario scenario = clusterScenario(1, 1);
        FunctionsSpec spec;
        spec.platform.pauseGrace = sim::kHour; // no unpause delay
        spec.functions.push_back(function("heavy", sim::kSecond, 1));
        spec.functions.push_back(function("light", sim::kSecond, 1));
        spec.functions[0].initial.cpuShares = 1536;
        spec.functions[1].initial.cpuShares = 512;
        PlatformRun run(scenario, spec);
        run.injector.at(10 * sim::kSecond, 0);
        run.injector.at(10 * sim::kSecond, 1);
        run.engine.run(20 * sim::kSecond);
        // heavy: 1 s of work at 3/4 core → 4/3 s. light: 1/3 s of work done by then, the
        // remaining 2/3 s alone at a full core → 2 s in all.
        const double heavy = run.platform.totals(0).latency.quantileNs(0.5) / 1e9;
        const double light = run.platform.totals(1).latency.quantileNs(0.5) / 1e9;
        QVERIFY2(std::abs(heavy - 4.0 / 3.0) < 0.03, qPrintable(QString::number(heavy)));
        QVERIFY2(std::abs(light - 2.0) < 0.04, qPrintable(QString::number(light)));
    }

    void coLocatedFunctionsSlowEachOtherThroughMemoryBandwidth()
    {
        const auto p99With = [](int neighbours) {
            model::Scenario scenario = clusterScenario(1, 16);
            scenario.contention.enabled = true;
            scenario.cluster.pools[0].contended.memoryBandwidthBytesPerSecond = 20e9;
            FunctionsSpec spec;
            spec.platform.pauseGrace = sim::kHour;
            spec.functions.push_back(function("probe", 200 * sim::kMillisecond, 1));
            spec.functions[0].profile.demand.memoryBandwidthPerCore = 4e9;
            for (int n = 0; n < neighbours; ++n) {
                spec.functions.push_back(function("hog" + std::to_string(n), 10 * sim::kSecond, 1));
                spec.functions.back().profile.demand.memoryBandwidthPerCore = 8e9;
            }
            PlatformRun run(scenario, spec);
            for (int n = 0; n < neighbours; ++n)
                run.injector.at(5 * sim::kSecond, static_cast<std::uint32_t>(n + 1));
            for (int k = 0; k < 10; ++k)
                run.injector.at(6 * sim::kSecond + k * 300 * sim::kMillisecond, 0);
            run.engine.run(12 * sim::kSecond);
            return run.platform.totals(0).latency.quantileNs(0.99) / 1e6;
        };
        const double alone = p99With(0);
        const double crowded = p99With(4);
        QVERIFY2(alone < 215.0, qPrintable(QString::number(alone)));
        QVERIFY2(crowded > 1.2 * alone, qPrintable(QString("alone %1 ms, with 4 hogs %2 ms").arg(alone).arg(crowded)));
    }

    void azureRatesFollowTheTraceCharacterization()
    {
        // Popularity: heavy-tailed means over functions; about 40 % bursty.
        FunctionArrivals azure;
        azure.pattern = FunctionArrivals::Pattern::Azure;
        azure.ratePerSecond = 1.0;
        std::vector<double> hourly;
        for (int f = 0; f < 200; ++f) {
            InvocationArrivals arrivals(azure, 5, "fn" + std::to_string(f));
            int count = 0;
            for (sim::SimTime t = arrivals.next(0); t < sim::kHour; t = arrivals.next(t))
                ++count;
            hourly.push_back(count);
        }
        std::sort(hourly.begin(), hourly.end());
        QVERIFY2(hourly.back() > 100 * std::max(1.0, hourly[20]), qPrintable(QString("max %1, 10th pct %2").arg(hourly.back()).arg(hourly[20])));
        // One function without popularity: the long-run mean is `rate`, and afternoons are busier than nights.
        azure.popularity = false;
        azure.burstShape = 0.0;
        InvocationArrivals arrivals(azure, 9, "steady");
        double night = 0, afternoon = 0, total = 0;
        for (sim::SimTime t = arrivals.next(0); t < 48 * sim::kHour; t = arrivals.next(t)) {
            const double hour = std::fmod(sim::toSeconds(t) / 3600.0, 24.0);
            total += 1;
            night += hour >= 1 && hour < 5;
            afternoon += hour >= 13 && hour < 17;
        }
        QVERIFY2(std::abs(total / (48 * 3600.0) - 1.0) < 0.05, qPrintable(QString::number(total)));
        QVERIFY2(afternoon > 1.6 * night, qPrintable(QString("night %1, afternoon %2").arg(night).arg(afternoon)));
    }

    void isolatedFunctionsDoNotSlowEachOther()
    {
        // Two functions, each busy ~55 % of a core: together they oversubscribe the one invoker
        // core; isolated, each has its own copy of the cluster.
        const auto meanP99 = [](bool isolated) {
            kinds::registerBuiltInKinds();
            const std::string text = std::string(R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: isolation}
spec:
  seed: 3
  horizon: 60s
  cluster:
    pools:
      - {name: invokers, count: 1, cpu: 1, memory: 8Gi}
  workloads:
    - name: faas
      kind: Functions
      platform: {invokers: invokers, controlPeriod: 5s, isolated: )") + (isolated ? "on" : "off") + R"(}
      defaults: {containers: 1, arrivals: {pattern: flat, rate: 12/s}}
      functions:
        - {name: a, profile: image-resize}
        - {name: b, profile: image-resize}
)";
            const auto result = scenario::parseScenario(text, "isolation.yaml");
            if (!result.ok())
                qFatal("%s", result.diagnostics.front().format().c_str());
            env::SimulatedEnvironmentOptions options;
            options.stepsPerEpisode = 10;
            FunctionsEnvironment environment(*result.scenario, *functionsOf(*result.scenario), options);
            environment.reset(1);
            for (int t = 0; t < 10; ++t)
                environment.step({});
            const auto p99 = environment.episodeP99Ms();
            return (p99[0] + p99[1]) / 2;
        };
        const double alone = meanP99(true);
        const double shared = meanP99(false);
        QVERIFY2(shared > 2 * alone, qPrintable(QString("isolated %1 ms, shared %2 ms").arg(alone).arg(shared)));
    }

    void environmentIsDeterministicAndChurnChangesTargets()
    {
        const auto result = load(R"(      defaults: {arrivals: {pattern: fluctuating, rate: 30/s, every: 10s}, containers: 2}
      functions:
        - {name: primes, profile: primes}
        - {name: b64, profile: base64}
      churn: {every: 2, changes: [3, -2]}
)");
        QVERIFY2(result.ok(), result.diagnostics.empty() ? "" : result.diagnostics.front().format().c_str());
        env::SimulatedEnvironmentOptions options;
        options.stepsPerEpisode = 4;
        const auto runEpisode = [&](FunctionsEnvironment& environment, std::uint64_t seed) {
            std::vector<double> trace;
            policy::Observation observation = environment.reset(seed);
            for (int t = 0; t < 4; ++t) {
                const std::vector<policy::ControlAction> actions = {policy::ControlAction::setReplicas(observation.targets[0].name, 3 + t)};
                const policy::StepResult step = environment.step(actions);
                for (const auto& target : step.observation.targets)
                    trace.insert(trace.end(), {target.p99LatencyMs, target.usage[0], target.arrivalRate, double(target.replicas)});
                observation = step.observation;
            }
            return trace;
        };
        FunctionsEnvironment a(*result.scenario, *functionsOf(*result.scenario), options);
        FunctionsEnvironment b(*result.scenario, *functionsOf(*result.scenario), options);
        const auto first = runEpisode(a, 11);
        QCOMPARE(first, runEpisode(b, 11));
        QVERIFY(first != runEpisode(b, 12)); // episode 2, another seed
        QCOMPARE(b.functionNames().size(), std::size_t{2});
        runEpisode(b, 13); // episode 3: the first change (+3) applies
        QCOMPARE(b.functionNames().size(), std::size_t{5});
        runEpisode(b, 14);
        const auto fifth = runEpisode(b, 15); // episode 5: the second change (−2)
        QCOMPARE(b.functionNames().size(), std::size_t{3});

        // A training run resumed after episode 4 continues the schedule: its episode 5 is b's.
        FunctionsEnvironment resumed(*result.scenario, *functionsOf(*result.scenario), options);
        runEpisode(resumed, 11); // an environment that has run before resumes all the same
        resumed.resumeAfter(4);
        QCOMPARE(runEpisode(resumed, 15), fifth);
        QCOMPARE(resumed.functionNames(), b.functionNames());
        QCOMPARE(resumed.episode(), 5u);
    }
};

QTEST_APPLESS_MAIN(TestFunctionsKind)
#include "tst_functions_kind.moc"
