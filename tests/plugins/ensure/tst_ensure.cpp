// ensure: the threshold autoscaler's decisions on hand-made observations.
#include "ensure_policy.h"
#include "orrery_plugin_ensure.h"
#include "policy/plugin_registry.h"

#include <QtTest>

using namespace orrery;

namespace {

policy::TargetObservation fn(double p99, double slo, double shares, int containers, double rate, double p50)
{
    policy::TargetObservation t;
    t.name.assign(1, 'f'); // (not = "f": GCC 12 -Wrestrict false positive)
    t.p99LatencyMs = p99;
    t.p50LatencyMs = p50;
    t.sloLatencyMs = slo;
    t.limit[policy::indexOf(policy::ControlResource::Cpu)] = shares / 1024.0;
    t.replicas = containers;
    t.arrivalRate = rate;
    return t;
}

policy::ControlPolicyPtr make()
{
    static policy::PluginRegistry registry;
    static bool registered = false;
    if (!registered) {
        registry.registerStatic(orrery_ensure_descriptor());
        registered = true;
    }
    model::PolicyChoice choice;
    choice.plugin = "ensure";
    policy::PolicyContext context;
    return registry.createControl(choice, context);
}

} // namespace

class TestEnsure : public QObject {
    Q_OBJECT

private slots:
    void containerEstimateIsSquareRootStaffing()
    {
        QCOMPARE(plugins::EnsurePolicy::containersFor(0, 100, 1), 0);
        QCOMPARE(plugins::EnsurePolicy::containersFor(10, 400, 1), 6);  // R = 4: 4 + 2
        QCOMPARE(plugins::EnsurePolicy::containersFor(1, 10, 1), 1);    // R = 0.01: ⌈0.11⌉
    }

    void degradationScalesSharesFirstThenContainers()
    {
        auto policy = make();
        policy::Observation observation;
        observation.targets = {fn(/*p99*/ 300, /*slo*/ 230, /*shares*/ 1024, 2, 10, 100)}; // 1.5× the isolated 200 ms
        auto actions = policy->decide(observation);
        QCOMPARE(actions.size(), std::size_t{1});
        QCOMPARE(actions[0].kind, policy::ControlAction::Kind::SetLimit);
        QCOMPARE(actions[0].value, 2.0); // 2048 shares
        observation.targets = {fn(300, 230, 2048, 2, 10, 100)};
        actions = policy->decide(observation);
        QCOMPARE(actions[0].kind, policy::ControlAction::Kind::SetReplicas);
        QCOMPARE(actions[0].value, 3.0); // R = 1: ⌈1 + 1⌉ = 2 ≤ 2 containers, so one more
    }

    void scalesInOnlyAfterCalmPeriods()
    {
        auto policy = make();
        policy::Observation observation;
        observation.targets = {fn(150, 230, 1024, 12, 10, 100)}; // within the threshold; needs ⌈1 + 1⌉ = 2
        QVERIFY(policy->decide(observation).empty());
        QVERIFY(policy->decide(observation).empty());
        const auto actions = policy->decide(observation);
        QCOMPARE(actions.size(), std::size_t{1});
        QCOMPARE(actions[0].value, 9.0); // 12 − 12/4, not below the estimate
    }
};

QTEST_APPLESS_MAIN(TestEnsure)
#include "tst_ensure.moc"
