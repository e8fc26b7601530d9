#include "autoscaling/decaying_histogram.h"
#include "autoscaling/hpa_replica_calculator.h"
#include "aware/multidimensional_recommender.h"
#include "aware_encoding.h"
#include "aware_policy.h"
#include "context_features.h"
#include "kube_vpa_policy.h"
#include "orrery_plugin_aware.h"
#include "orrery_plugin_hpa_vpa.h"
#include "orrery_plugin_kube_vpa.h"
#include "policy/plugin_registry.h"
#include "sim/rng_stream.h"

#include <QtTest>

#include <cmath>

using namespace orrery;
using policy::ControlAction;
using policy::ControlResource;

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;

constexpr double kMiB = 1024.0 * 1024.0;

policy::TargetObservation target(std::string name, std::int32_t replicas, double cpuLimit, double cpuUsage,
                                 double memoryLimit, double memoryUsage)
{
    policy::TargetObservation t;
    t.name = std::move(name);
    t.replicas = replicas;
    t.limit[policy::indexOf(ControlResource::Cpu)] = cpuLimit;
    t.usage[policy::indexOf(ControlResource::Cpu)] = cpuUsage;
    t.limit[policy::indexOf(ControlResource::Memory)] = memoryLimit;
    t.usage[policy::indexOf(ControlResource::Memory)] = memoryUsage;
    t.arrivalRate = 100;
    t.previousArrivalRate = 100;
    t.sloMaintenance = 0.9;
    return t;
}

policy::Observation observe(int second, std::vector<policy::TargetObservation> targets)
{
    policy::Observation o;
    o.time = second * sim::kSecond;
    o.period = sim::kSecond;
    o.targets = std::move(targets);
    return o;
}

//! A scripted run: two services whose CPU usage swings, memory creeping up.
std::vector<policy::Observation> script(int steps)
{
    std::vector<policy::Observation> observations;
    for (int i = 0; i < steps; ++i) {
        const double swing = 0.3 + 0.25 * std::sin(0.7 * i);
        observations.push_back(observe(i, {target("api", 2 + i % 3, 1.0, 1.1 * swing + 0.3, 512 * kMiB, (300 + i) * kMiB),
                                           target("db", 1, 2.0, 0.4 + swing, 1024 * kMiB, 600 * kMiB)}));
    }
    return observations;
}

double replicasSet(const std::vector<ControlAction>& actions, const std::string& name)
{
    for (const auto& a : actions)
        if (a.kind == ControlAction::Kind::SetReplicas && a.target == name)
            return a.value;
    return -1;
}

double limitSet(const std::vector<ControlAction>& actions, const std::string& name, ControlResource resource)
{
    for (const auto& a : actions)
        if (a.kind == ControlAction::Kind::SetLimit && a.target == name && a.resource == resource)
            return a.value;
    return -1;
}

bool sameActions(const std::vector<ControlAction>& a, const std::vector<ControlAction>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].kind != b[i].kind || a[i].target != b[i].target || a[i].resource != b[i].resource
            || a[i].value != b[i].value)
            return false;
    }
    return true;
}

} // namespace

//! The hpa-vpa fallback (aware::MultidimensionalRecommender) and the aware policy's lifecycle
//! deciding who acts.
class TestAware : public QObject {
    Q_OBJECT

    policy::PluginRegistry m_registry;

    policy::ControlPolicyPtr aware(const Params& params, std::uint64_t seed, sim::RngStream& rng) const
    {
        model::PolicyChoice choice;
        choice.plugin = "aware";
        choice.fieldPath = "control";
        for (const auto& [name, value] : params)
            choice.params.push_back({name, value, {}});
        policy::PolicyContext context;
        rng = sim::RngStream(seed, "policy");
        context.rng = &rng;
        return m_registry.createControl(choice, context);
    }

private slots:
    void initTestCase()
    {
        m_registry.registerStatic(orrery_aware_descriptor());
        m_registry.registerStatic(orrery_hpa_vpa_descriptor());
        m_registry.registerStatic(orrery_kube_vpa_descriptor());
    }

    void fallbackReproducesTheHpaFormula_data()
    {
        QTest::addColumn<int>("replicas");
        QTest::addColumn<double>("usage");
        QTest::addColumn<int>("expected");
        // 1-core limit, target 0.7, tolerance 0.1, replicas in [1, 10]; vertical scaling off.
        QTest::newRow("scale-out") << 2 << 1.4 << 4;        // ceil(2 × 1.4 / 0.7)
        QTest::newRow("scale-in") << 4 << 0.35 << 2;        // ceil(4 × 0.5)
        QTest::newRow("within-tolerance") << 3 << 0.72 << -1; // |0.72/0.7 − 1| ≤ 0.1: no action
        QTest::newRow("capped-at-max") << 8 << 1.0 << 10;   // ceil(11.4) clamped
        QTest::newRow("floored-at-min") << 1 << 0.0 << -1;  // 0 → minReplicas 1 = current
    }

    void fallbackReproducesTheHpaFormula()
    {
        QFETCH(int, replicas);
        QFETCH(double, usage);
        QFETCH(int, expected);
        aware::MultidimensionalConfig config;
        config.verticalCpu = false;
        config.verticalMemory = false;
        aware::MultidimensionalRecommender recommender(config);
        const auto actions = recommender.recommend(observe(0, {target("svc", replicas, 1.0, usage, 0, 0)}));
        QCOMPARE(replicasSet(actions, "svc"), static_cast<double>(expected));
        if (expected > 0 && expected < 10) // kube-hpa's own function agrees
            QCOMPARE(autoscaling::hpaReplicas(replicas, 0, usage, 0.7, 0.1), expected);
    }

    void fallbackKeepsLimitsWhileTheHistoryIsShort()
    {
        // Kubernetes' default confidence scaling: after one sample the bounds are [0, ∞), so
        // VPA resizes nothing and only HPA acts (0.5 / 2.0 = 0.25 < 0.7: scale-in is floored at 1).
        aware::MultidimensionalRecommender recommender{aware::MultidimensionalConfig{}};
        const auto actions = recommender.recommend(observe(0, {target("svc", 1, 2.0, 0.5, 1024 * kMiB, 4e8)}));
        QCOMPARE(limitSet(actions, "svc", ControlResource::Cpu), -1.0);
        QCOMPARE(limitSet(actions, "svc", ControlResource::Memory), -1.0);
    }

    void fallbackSetsVpaLimitsThenScalesAgainstThem()
    {
        // The short-history ablation (no confidence scaling): limits go to P90 × 1.15 at once.
        aware::MultidimensionalConfig ablation;
        ablation.vpa.confidenceScaling = false;
        aware::MultidimensionalRecommender recommender{ablation};
        // 2-core limit, 0.5 core used; 1 GiB memory limit, 400 MB used: both far outside VPA's
        // bounds (P50..P95 × 1.15), so the first call resizes both.
        const auto o = observe(0, {target("svc", 1, 2.0, 0.5, 1024 * kMiB, 4e8)});
        const auto actions = recommender.recommend(o);
        autoscaling::DecayingHistogram cpuReference(1000, 0.01, 1.05, 0);
        const double cpu = cpuReference.bucketStart(cpuReference.bucketOf(0.5) + 1) * 1.15;
        QVERIFY2(std::abs(limitSet(actions, "svc", ControlResource::Cpu) - cpu) < 1e-9,
                 qPrintable(QString::number(limitSet(actions, "svc", ControlResource::Cpu))));
        autoscaling::DecayingHistogram memoryReference(1e12, 1e7, 1.05, 0);
        const double memory = memoryReference.bucketStart(memoryReference.bucketOf(4e8) + 1) * 1.15;
        QVERIFY(std::abs(limitSet(actions, "svc", ControlResource::Memory) - memory) < 1);
        // HPA judges utilization against the new CPU limit: 0.5 / 0.58 ≈ 0.86 > 0.7 × 1.1 → 2.
        QCOMPARE(replicasSet(actions, "svc"), static_cast<double>(autoscaling::hpaReplicas(1, 0, 0.5 / cpu, 0.7, 0.1)));
        QCOMPARE(replicasSet(actions, "svc"), 2.0);
        // The same recommendation as the kube-vpa plugin's recommender with the same settings.
        auto vpa = m_registry.createControl("kube-vpa", Params{{"confidenceScaling", "false"}});
        (void)vpa->decide(o);
        const auto fromVpa = dynamic_cast<plugins::KubeVpaPolicy&>(*vpa).recommendation("svc", ControlResource::Cpu);
        QVERIFY(fromVpa.has_value());
        QCOMPARE(fromVpa->target, limitSet(actions, "svc", ControlResource::Cpu));
    }

    void hpaVpaPluginIsTheRecommender()
    {
        auto plugin = m_registry.createControl("hpa-vpa");
        aware::MultidimensionalRecommender recommender{aware::MultidimensionalConfig{}};
        int acted = 0;
        for (const auto& o : script(40)) {
            const auto expected = recommender.recommend(o);
            QVERIFY(sameActions(plugin->decide(o), expected));
            acted += expected.empty() ? 0 : 1;
        }
        QVERIFY(acted > 0);
        QVERIFY_THROWS_EXCEPTION(policy::PluginError,
                                 m_registry.createControl("hpa-vpa", Params{{"minReplicas", "5"}, {"maxReplicas", "2"}}));
    }

    void offlineEmitsExactlyTheFallbacksActions()
    {
        sim::RngStream rng(0, "x");
        // Bootstrapping with an unreachable T_online: the fallback acts throughout.
        auto policy = aware(Params{{"bootstrap", "on"}, {"thresholdOnline", "1e12"}, {"thresholdServing", "1e12"},
                                   {"window", "1"}, {"episodeSteps", "2"}},
                            7, rng);
        aware::MultidimensionalRecommender fallback{aware::MultidimensionalConfig{}};
        int acted = 0;
        for (const auto& o : script(30)) {
            const auto expected = fallback.recommend(o);
            QVERIFY(sameActions(policy->decide(o), expected));
            acted += expected.empty() ? 0 : 1;
            const auto labels = policy->targetLabels();
            QCOMPARE(labels.size(), std::size_t{2});
            QCOMPARE(labels[0].label, std::string("offline"));
        }
        QVERIFY(acted > 5);
        QCOMPARE(dynamic_cast<plugins::aware::AwarePolicy&>(*policy).lifecycle().episodes(), 14);
    }

    void goodEpisodesHandOverToTheAgent()
    {
        // Any reward reaches T_online and T_serving; a window of one 2-period episode.
        const Params params{{"bootstrap", "on"}, {"thresholdOnline", "0"}, {"thresholdServing", "0"},
                            {"maxStdDev", "1e9"}, {"retraining", "1e9"}, {"window", "1"}, {"episodeSteps", "2"}};
        sim::RngStream rngA(0, "x");
        sim::RngStream rngB(0, "x");
        sim::RngStream rngC(0, "x");
        auto a = aware(params, 11, rngA);
        auto b = aware(params, 11, rngB);
        auto c = aware(params, 12, rngC);
        aware::MultidimensionalRecommender fallback{aware::MultidimensionalConfig{}};
        const auto observations = script(8);
        std::vector<std::string> stages;
        bool differsFromFallback = false;
        bool differsBySeed = false;
        for (std::size_t i = 0; i < observations.size(); ++i) {
            const auto fromFallback = fallback.recommend(observations[i]);
            const auto actionsA = a->decide(observations[i]);
            const auto actionsB = b->decide(observations[i]);
            const auto actionsC = c->decide(observations[i]);
            stages.push_back(a->targetLabels().at(0).label);
            QVERIFY(sameActions(actionsA, actionsB)); // deterministic for a seed
            if (stages.back() == "offline") {
                QVERIFY(sameActions(actionsA, fromFallback));
            } else {
                differsFromFallback = differsFromFallback || !sameActions(actionsA, fromFallback);
                differsBySeed = differsBySeed || !sameActions(actionsA, actionsC);
            }
        }
        const std::vector<std::string> expected{"offline", "offline", "online", "online",
                                                "serving", "serving", "serving", "serving"};
        QCOMPARE(stages, expected);
        QVERIFY(differsFromFallback);
        QVERIFY(differsBySeed);
        const auto& history = dynamic_cast<plugins::aware::AwarePolicy&>(*a).lifecycle().history();
        QCOMPARE(history.size(), std::size_t{3}); // start → offline, → online, → serving
    }

    void encodingRoundTrips()
    {
        using namespace plugins::aware;
        const ActionScale scale;
        for (const double a : {-1.0, -0.4, 0.0, 0.3, 1.0})
            QVERIFY(std::abs(encodeLimit(decodeLimit(a, 2.0, scale), 2.0, scale) - a) < 1e-12);
        for (std::int32_t r = scale.minReplicas; r <= scale.maxReplicas; ++r)
            QCOMPARE(decodeReplicas(encodeReplicas(r, scale), scale), r);
        QCOMPARE(decodeLimit(-1, 2.0, scale), 0.5);
        QCOMPARE(decodeLimit(1, 2.0, scale), 8.0);
    }

    //! A transition stores the action as executed (issue 32): the configuration after the step,
    //! whatever was requested — a CPU raise the environment clamped, replicas it converted, a
    //! change too small to send — and the request where a limit or its base is unknown.
    void executedActionIsTheConfigurationAfterTheStep()
    {
        using namespace plugins::aware;
        const ActionScale scale;
        policy::PerControlResource<double> base{};
        base[policy::indexOf(ControlResource::Cpu)] = 1.0;
        base[policy::indexOf(ControlResource::Memory)] = 512 * kMiB;
        const std::vector<float> requested{0.9f, 0.8f, -0.7f}; // many replicas, a large CPU raise, less memory
        policy::TargetObservation next = target("api", 3, 1.5, 0.5, 512 * kMiB, 100 * kMiB);
        next.pendingReplicas = 1; // starting: counted, as the state counts them
        const std::vector<float> executed = executedAction(next, base, requested, scale);
        QCOMPARE(executed.size(), std::size_t{3});
        QCOMPARE(executed[0], static_cast<float>(encodeReplicas(4, scale)));
        QCOMPARE(executed[1], static_cast<float>(encodeLimit(1.5, 1.0, scale)));
        QCOMPARE(executed[2], 0.0f); // memory stayed at its base
        QVERIFY(executed[1] != requested[1] && executed[0] != requested[0]);
        // Decoding the executed action reproduces the configuration, up to the replica rounding.
        QCOMPARE(decodeReplicas(executed[0], scale), 4);
        QVERIFY(std::abs(decodeLimit(executed[1], 1.0, scale) - 1.5) < 1e-6);
        // An unlimited memory (no base): the request stands for that dimension.
        base[policy::indexOf(ControlResource::Memory)] = 0;
        QCOMPARE(executedAction(next, base, requested, scale)[2], requested[2]);
    }

    //! ARIMA(1,1,0): differences that alternate (φ = −1) forecast the next alternation; a
    //! steady trend (φ = 1) forecasts the same step; too short or flat series forecast nothing.
    void arimaForecastsTheNextDifference()
    {
        using plugins::aware::arimaNextDifference;
        QCOMPARE(arimaNextDifference({1.0, 2.0, 1.0, 2.0, 1.0}), 1.0);   // next: up by 1
        QCOMPARE(arimaNextDifference({1.0, 1.5, 2.0, 2.5}), 0.5);        // next: up by 0.5
        QCOMPARE(arimaNextDifference({3.0, 3.0, 3.0, 3.0}), 0.0);
        QCOMPARE(arimaNextDifference({1.0, 2.0}), 0.0);
        // Damped: Δ = 4, 2, 1 → φ = (2·4 + 1·2) / (16 + 4) = 0.5, next 0.5.
        QCOMPARE(arimaNextDifference({0.0, 4.0, 6.0, 7.0}), 0.5);
    }

    //! The resource–performance table remembers the SLO preservation seen per configuration and
    //! the forecast follows the target's own series; an unseen configuration reads 0.
    void contextFeaturesRememberConfigurations()
    {
        using namespace plugins::aware;
        const ActionScale scale;
        ContextFeatures context;
        policy::TargetObservation t = target("api", 2, 1.0, 0.5, 256 * kMiB, 100 * kMiB);
        t.sloMaintenance = 0.25;
        t.arrivalRate = 8;
        QCOMPARE(context.features(t, 0.0, scale)[1], 0.0f); // never seen
        context.record(t, 0.0, scale);
        QCOMPARE(context.features(t, 0.0, scale)[1], -0.5f); // 2 · 0.25 − 1
        QCOMPARE(context.features(t, 0.9, scale)[1], 0.0f);  // another CPU bucket
        t.sloMaintenance = 0.75;
        context.record(t, 0.0, scale);
        QCOMPARE(context.features(t, 0.0, scale)[1], 0.0f); // mean 0.5
        // Rates 8 → 16 → 32: log2 differences 1, 1 → φ = 1, next +1 → feature 0.5.
        context.record(t, 0.0, scale); // 8 again (series 8, 8, 8)
        context.beginEpisode();        // the series restarts; the table stays
        t.arrivalRate = 8;
        context.record(t, 0.0, scale);
        t.arrivalRate = 16;
        context.record(t, 0.0, scale);
        t.arrivalRate = 32;
        QCOMPARE(context.features(t, 0.0, scale)[0], 0.5f);
        policy::TargetObservation other = target("db", 2, 1.0, 0.5, 256 * kMiB, 100 * kMiB);
        other.arrivalRate = 32;
        QCOMPARE(context.features(other, 0.0, scale)[0], 0.0f); // its own, empty, series
        QVERIFY(context.features(t, 0.0, scale)[1] != 0.0f);    // table kept across episodes
    }
};

QTEST_GUILESS_MAIN(TestAware)
#include "tst_aware.moc"
