#include "hetsev_scaler_policy.h"
#include "orrery_plugin_hetsev_scaler.h"
#include "policy/plugin_registry.h"
#include "scaling_problem.h"

#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

using namespace orrery;
using namespace orrery::plugins::hetsev;

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

//! V100: fast and dear; T4: slow and cheap (core/fleet's V100M16 and T4 prices per GPU-hour).
ScalingProblem twoTypes(double lambda = 0)
{
    ScalingProblem p;
    p.lambda = lambda;
    p.types = {{"V100", 3.056, 2.0508, 16 * kGiB, 4}, {"T4", 0.384, 2.0508, 16 * kGiB, 4}};
    return p;
}

ServiceDemand service(std::string name, double demand, std::vector<double> throughput, std::vector<int> current)
{
    ServiceDemand s;
    s.name = std::move(name);
    s.demand = demand;
    s.memoryBytes = 1 * kGiB;
    s.meetsSlo.assign(throughput.size(), true);
    s.throughput = std::move(throughput);
    s.floor.assign(current.size(), 0);
    s.current = std::move(current);
    return s;
}

//! The cheapest plan by enumeration (every count within its bounds), meeting every demand and memory.
double bruteForce(const ScalingProblem& p)
{
    double best = std::numeric_limits<double>::infinity();
    std::vector<std::vector<int>> counts(p.services.size(), std::vector<int>(p.types.size(), 0));
    std::function<void(std::size_t)> walk = [&](std::size_t k) {
        const std::size_t types = p.types.size();
        if (k == p.services.size() * types) {
            for (std::size_t t = 0; t < types; ++t) {
                double memory = 0;
                for (std::size_t s = 0; s < p.services.size(); ++s)
                    memory += p.services[s].memoryBytes * counts[s][t];
                if (memory > p.types[t].memoryBytes * p.types[t].devices + 1e-6)
                    return;
            }
            for (std::size_t s = 0; s < p.services.size(); ++s) {
                double served = 0;
                int replicas = 0;
                for (std::size_t t = 0; t < types; ++t) {
                    served += p.services[s].throughput[t] * counts[s][t];
                    replicas += counts[s][t];
                }
                if (served < p.services[s].demand - 1e-9 || replicas < 1)
                    return;
            }
            best = std::min(best, planCost(p, counts));
            return;
        }
        const std::size_t s = k / types, t = k % types;
        for (int n = lowerBound(p, s, t); n <= upperBound(p, s, t); ++n) {
            counts[s][t] = n;
            walk(k + 1);
        }
    };
    walk(0);
    return best;
}

policy::TargetObservation device(const std::string& name, const std::string& type)
{
    policy::TargetObservation t;
    t.name = name;
    t.group = type;
    t.replicas = 1;
    return t;
}

policy::TargetObservation modelTarget(const std::string& name, double rate, int v100, int t4, double aloneSeconds = 0.1,
                                      double sloSeconds = 0.5)
{
    policy::TargetObservation t;
    t.name = name;
    t.group = "model";
    t.replicas = v100 + t4;
    t.arrivalRate = rate;
    t.features = {{"aloneSeconds", aloneSeconds}, {"sloSeconds", sloSeconds}, {"memoryBytes", 1 * kGiB},
                  {"replicas@V100", v100},        {"replicas@T4", t4}};
    return t;
}

policy::Observation observe(double seconds, std::vector<policy::TargetObservation> models)
{
    policy::Observation o;
    o.time = static_cast<sim::SimTime>(seconds * 1e9);
    o.period = 15 * sim::kSecond;
    for (int i = 0; i < 3; ++i)
        o.targets.push_back(device("v100-" + std::to_string(i), "V100"));
    for (int i = 0; i < 3; ++i)
        o.targets.push_back(device("t4-" + std::to_string(i), "T4"));
    for (auto& m : models)
        o.targets.push_back(std::move(m));
    return o;
}

int replicasSet(const std::vector<policy::ControlAction>& actions, const std::string& target)
{
    for (const auto& action : actions)
        if (action.kind == policy::ControlAction::Kind::SetReplicas && action.target == target)
            return static_cast<int>(action.value);
    return -1;
}

} // namespace

//! hetsev-scaler: the ILP of seed 002 §4.1 (CBC) and the paper's heuristic.
class TestHetsevScaler : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

private slots:
    void initTestCase() { m_registry.registerStatic(orrery_hetsev_scaler_descriptor()); }

    //! Where the heuristic is exact (one type; or one type dominating per unit of throughput with
    //! no rounding waste), the ILP and the heuristic give the same counts and cost.
    void exactAndHeuristicAgree_data()
    {
        QTest::addColumn<double>("demand");
        QTest::addColumn<QList<double>>("throughput");
        QTest::addColumn<QList<int>>("current");
        QTest::addColumn<QList<int>>("expected");
        // One usable type: ⌈35/10⌉ = 4 V100 (T4 misses the SLO via zero throughput).
        QTest::newRow("oneType") << 35.0 << QList<double>{10, 0} << QList<int>{0, 0} << QList<int>{4, 0};
        // T4 carries 6/s for 0.384, V100 10/s for 3.056: 3 T4 for 18/s.
        QTest::newRow("cheapestType") << 18.0 << QList<double>{10, 6} << QList<int>{0, 0} << QList<int>{0, 3};
        // Scale in from 4 to 2 V100 when 2 carry the load (floors 0 here).
        QTest::newRow("scaleIn") << 15.0 << QList<double>{10, 0} << QList<int>{4, 0} << QList<int>{2, 0};
        // Already enough: nothing changes.
        QTest::newRow("steady") << 12.0 << QList<double>{10, 6} << QList<int>{0, 2} << QList<int>{0, 2};
    }

    void exactAndHeuristicAgree()
    {
        QFETCH(double, demand);
        QFETCH(QList<double>, throughput);
        QFETCH(QList<int>, current);
        QFETCH(QList<int>, expected);
        ScalingProblem p = twoTypes();
        p.services.push_back(service("m", demand, {throughput[0], throughput[1]}, {current[0], current[1]}));
        const ScalingPlan exact = solveExact(p, 5);
        const ScalingPlan greedy = solveHeuristic(p);
        QCOMPARE(exact.status, std::string("optimal"));
        QCOMPARE(exact.counts[0], (std::vector<int>{expected[0], expected[1]}));
        QCOMPARE(greedy.counts[0], exact.counts[0]);
        QVERIFY(std::abs(exact.cost - greedy.cost) < 1e-9);
        QCOMPARE(exact.unmetDemand, 0.0);
    }

    //! The exact solver matches enumeration on random small problems (two types, two models, memory
    //! coupled), and the heuristic is never cheaper than it while meeting the demand.
    void exactIsOptimal()
    {
        std::mt19937 rng(17);
        std::uniform_real_distribution<double> rate(0.5, 30), speed(2, 12);
        std::uniform_int_distribution<int> count(0, 2), memory(1, 8);
        for (int round = 0; round < 40; ++round) {
            ScalingProblem p = twoTypes(round % 2 ? 0.5 : 0.0);
            p.types[0].devices = 3;
            p.types[1].devices = 3;
            for (int s = 0; s < 2; ++s) {
                auto svc = service("m" + std::to_string(s), rate(rng), {speed(rng), speed(rng) * 0.58}, {count(rng), count(rng)});
                svc.memoryBytes = memory(rng) * kGiB;
                p.services.push_back(svc);
            }
            const double best = bruteForce(p);
            const ScalingPlan exact = solveExact(p, 5);
            const ScalingPlan greedy = solveHeuristic(p);
            if (!std::isfinite(best)) {
                QVERIFY(exact.unmetDemand > 0);
                continue;
            }
            QCOMPARE(exact.unmetDemand, 0.0);
            QVERIFY2(std::abs(exact.cost - best) < 1e-6, qPrintable(QString("round %1: %2 vs %3").arg(round).arg(exact.cost).arg(best)));
            if (greedy.unmetDemand == 0)
                QVERIFY(greedy.cost >= exact.cost - 1e-6);
        }
    }

    //! λ prices launch latency: with λ = 0 the ILP replaces 2 running V100s by 4 cheaper T4s; with a
    //! large λ keeping the V100s is cheaper than launching (no churn).
    void launchLatencyDiscouragesChurn()
    {
        ScalingProblem cheap = twoTypes(0);
        cheap.services.push_back(service("m", 18, {10, 6}, {2, 0}));
        const ScalingPlan switched = solveExact(cheap, 5);
        QCOMPARE(switched.counts[0], (std::vector<int>{0, 3}));
        ScalingProblem careful = twoTypes(10); // a launch costs 10 × 2.05 s × price
        careful.services.push_back(service("m", 18, {10, 6}, {2, 0}));
        const ScalingPlan kept = solveExact(careful, 5);
        QCOMPARE(kept.counts[0], (std::vector<int>{2, 0}));
        // Scaling out under a large λ still picks the cheapest type to launch.
        ScalingProblem grow = twoTypes(10);
        grow.services.push_back(service("m", 25, {10, 6}, {2, 0}));
        const ScalingPlan grown = solveExact(grow, 5);
        QCOMPARE(grown.counts[0], (std::vector<int>{2, 1}));
        QCOMPARE(solveHeuristic(grow).counts[0], grown.counts[0]);
    }

    //! Capacity (constraint 2): GPU memory and one replica per device bound a type.
    void capacityBoundsAType()
    {
        ScalingProblem p = twoTypes();
        p.types[1].devices = 2; // at most 2 T4 with anti-affinity
        p.services.push_back(service("m", 18, {10, 6}, {0, 0}));
        const ScalingPlan exact = solveExact(p, 5);
        // 2 T4 (12/s) + 1 V100 (10/s) = 3.824 < 2 V100 = 6.112
        QCOMPARE(exact.counts[0], (std::vector<int>{1, 2}));
        // The heuristic takes the one type that covers the deficit alone (2 V100): not exact here.
        const ScalingPlan greedy = solveHeuristic(p);
        QCOMPARE(greedy.counts[0], (std::vector<int>{2, 0}));
        QVERIFY(greedy.cost > exact.cost);
    }

    //! The plugin: the cheapest type meeting W, per-type actions, solve time in the labels.
    void policyPicksCheapestType_data()
    {
        QTest::addColumn<QString>("solver");
        QTest::newRow("exact") << "exact";
        QTest::newRow("heuristic") << "heuristic";
    }

    void policyPicksCheapestType()
    {
        QFETCH(QString, solver);
        auto scaler = m_registry.createControl("hetsev-scaler", Params{{"solver", solver.toStdString()}, {"headroom", "1"}});
        // aloneSeconds 0.1 on V100: V100 10/s, T4 10 × 8.1/14 = 5.79/s (FP32 ratio, core/fleet).
        // 20/s: 4 T4 (1.536) beat 2 V100 (6.112); one V100 is running, 2 T4 + that V100 = 21.6/s for 3.824.
        const auto actions = scaler->decide(observe(15, {modelTarget("ResNet-50", 20, 1, 0)}));
        QCOMPARE(replicasSet(actions, "ResNet-50@T4"), 2);
        QCOMPARE(replicasSet(actions, "ResNet-50@V100"), -1);
        const auto labels = scaler->targetLabels();
        QCOMPARE(labels.size(), std::size_t{1});
        QCOMPARE(labels[0].target, std::string("ResNet-50"));
        const QString label = QString::fromStdString(labels[0].label);
        QVERIFY2(label.startsWith(solver + " ") && label.contains("us ") && label.endsWith("T4=2,V100=1"), qPrintable(label));
        // Solve time: "<solver> <microseconds>us".
        bool ok = false;
        const double micros = label.section(' ', 1, 1).chopped(2).toDouble(&ok);
        QVERIFY(ok && micros >= 0 && micros < 5e6);
    }

    //! T4 is excluded when its service time misses the SLO (constraint 4).
    void sloExcludesSlowType()
    {
        auto scaler = m_registry.createControl("hetsev-scaler", Params{{"solver", "exact"}, {"headroom", "1"}});
        // 0.1 s on V100, 0.173 s on T4 > SLO 0.15 s: only V100.
        const auto actions = scaler->decide(observe(15, {modelTarget("m", 25, 1, 0, 0.1, 0.15)}));
        QCOMPARE(replicasSet(actions, "m@V100"), 3);
        QCOMPARE(replicasSet(actions, "m@T4"), -1);
    }

    //! No scale-in inside the cool-down after a scale-out; one replica kept per type in use; a model
    //! with launches in flight is left alone; the period gates solves.
    void cooldownAndFloors()
    {
        auto scaler = m_registry.createControl("hetsev-scaler", Params{{"solver", "heuristic"}, {"headroom", "1"},
                                                                       {"scaleInCooldown", "60s"}, {"speeds", "T4=0.6"}});
        QCOMPARE(replicasSet(scaler->decide(observe(15, {modelTarget("m", 15, 0, 1)})), "m@T4"), 3); // 6/s each
        auto pending = modelTarget("m", 1, 0, 1);
        pending.pendingReplicas = 2;
        QVERIFY(scaler->decide(observe(30, {pending})).empty());
        QVERIFY(scaler->decide(observe(31, {modelTarget("m", 1, 0, 3)})).empty()); // within the period
        QVERIFY(scaler->decide(observe(45, {modelTarget("m", 1, 0, 3)})).empty()); // within the cool-down
        QCOMPARE(replicasSet(scaler->decide(observe(90, {modelTarget("m", 1, 0, 3)})), "m@T4"), 1);
        // A type in use keeps one replica (the kind refuses fewer): 2 V100 + 1 T4 at 1/s → 1 + 1.
        auto both = m_registry.createControl("hetsev-scaler", Params{{"headroom", "1"}, {"scaleInCooldown", "0s"}});
        const auto actions = both->decide(observe(15, {modelTarget("m", 1, 2, 1)}));
        QCOMPARE(replicasSet(actions, "m@V100"), 1);
        QCOMPARE(replicasSet(actions, "m@T4"), -1);
    }

    //! The kind's per-type profile (aloneSeconds@<type>) replaces the FP32 ratio; `speeds` overrides it.
    void profiledLatencyPerTypeIsUsed()
    {
        auto scaler = m_registry.createControl("hetsev-scaler", Params{{"solver", "exact"}, {"headroom", "1"}});
        auto target = modelTarget("m", 20, 1, 0);
        // Profiled: T4 as fast as V100 (0.1 s): 10/s each, so one V100 + one T4 carry 20/s.
        target.features["aloneSeconds@V100"] = 0.1;
        target.features["aloneSeconds@T4"] = 0.1;
        QCOMPARE(replicasSet(scaler->decide(observe(15, {target})), "m@T4"), 1);
        // The FP32 ratio (5.79/s on T4) would need two T4s: `speeds` brings it back.
        auto fp32 = m_registry.createControl("hetsev-scaler", Params{{"solver", "exact"}, {"headroom", "1"}, {"speeds", "T4=0.5786"}});
        QCOMPARE(replicasSet(fp32->decide(observe(15, {target})), "m@T4"), 2);
        // A profile that misses the SLO on T4 rules T4 out (constraint 4).
        auto slow = modelTarget("m", 25, 1, 0, 0.1, 0.15);
        slow.features["aloneSeconds@V100"] = 0.1;
        slow.features["aloneSeconds@T4"] = 0.16;
        auto strict = m_registry.createControl("hetsev-scaler", Params{{"solver", "exact"}, {"headroom", "1"}});
        const auto actions = strict->decide(observe(15, {slow}));
        QCOMPARE(replicasSet(actions, "m@V100"), 3);
        QCOMPARE(replicasSet(actions, "m@T4"), -1);
    }

    //! interference: measured plans for the stretch co-located replicas showed; none ignores it.
    void measuredInterferenceAddsReplicas_data()
    {
        QTest::addColumn<QString>("interference");
        QTest::addColumn<double>("stretch");
        QTest::addColumn<int>("t4");
        // T4 profiled at 0.1 s: 10/s alone; 15/s needs 2 replicas alone, and 3 at stretch 1.5 (6.7/s each).
        QTest::newRow("none ignores a stretch") << "none" << 1.5 << 2;
        QTest::newRow("measured, no stretch") << "measured" << 1.0 << 2;
        QTest::newRow("measured, stretch 1.5") << "measured" << 1.5 << 3;
        QTest::newRow("stretch below 1 counts as 1") << "measured" << 0.5 << 2;
    }

    void measuredInterferenceAddsReplicas()
    {
        QFETCH(QString, interference);
        QFETCH(double, stretch);
        QFETCH(int, t4);
        auto scaler = m_registry.createControl("hetsev-scaler", Params{{"solver", "exact"}, {"headroom", "1"},
                                                                       {"interference", interference.toStdString()}});
        auto target = modelTarget("m", 15, 0, 1, 0.1, 1.0);
        target.features["aloneSeconds@V100"] = 0.05;
        target.features["aloneSeconds@T4"] = 0.1;
        target.features["completed"] = 100;
        target.features["stretch"] = stretch;
        QCOMPARE(replicasSet(scaler->decide(observe(15, {target})), "m@T4"), t4);
    }

    //! The stretch is smoothed (halfway to each period's), and a stretch that makes a type miss
    //! the SLO rules the type out.
    void stretchIsSmoothedAndCountsForTheSlo()
    {
        auto scaler = m_registry.createControl("hetsev-scaler", Params{{"solver", "exact"}, {"headroom", "1"}, {"period", "15s"}});
        auto target = modelTarget("m", 4, 0, 1, 0.1, 0.25);
        target.features["aloneSeconds@V100"] = 0.05;
        target.features["aloneSeconds@T4"] = 0.1;
        target.features["completed"] = 10;
        target.features["stretch"] = 2.0;
        QVERIFY(scaler->decide(observe(15, {target})).empty()); // 0.2 s ≤ 0.25 on T4, one replica carries 4/s
        target.features["stretch"] = 4.0;                         // smoothed: 3.0 → T4 0.3 s > SLO
        const auto actions = scaler->decide(observe(30, {target}));
        QVERIFY(replicasSet(actions, "m@V100") >= 1);
        // A period without completions leaves the estimate where it was.
        target.features["completed"] = 0;
        target.features["stretch"] = 1.0;
        QVERIFY(replicasSet(scaler->decide(observe(45, {target})), "m@V100") >= 1);
    }

    void typeDefaultsAndOverrides()
    {
        auto scaler = m_registry.createControl("hetsev-scaler", Params{{"prices", "A40=2.5"}, {"launchSeconds", "T4=4"}});
        auto* policy = dynamic_cast<plugins::HetsevScalerPolicy*>(scaler.get());
        QVERIFY(policy);
        const auto t4 = policy->typeInfo("T4");
        QVERIFY(std::abs(t4.price - 0.024 * 16) < 1e-12); // seed 002 §6.3 via core/fleet
        QCOMPARE(t4.launchSeconds, 4.0);
        QVERIFY(std::abs(t4.speed - 8.1 / 14.0) < 1e-12);
        const auto v100 = policy->typeInfo("V100");
        QVERIFY(std::abs(v100.price - 0.191 * 16) < 1e-12); // V100M16, as the simulator's 16 GiB V100
        QVERIFY(std::abs(v100.launchSeconds - 2.0508) < 1e-9);
        QCOMPARE(policy->typeInfo("A40").price, 2.5);
        QVERIFY(policy->typeInfo("K80").price < 0);
        QVERIFY_THROWS_EXCEPTION(std::exception, (void)m_registry.createControl("hetsev-scaler", Params{{"speeds", "T4"}}));
    }
};

QTEST_GUILESS_MAIN(TestHetsevScaler)
#include "tst_hetsev_scaler.moc"
