#include "autoscaling/hpa_replica_calculator.h"
#include "orrery_plugin_kube_hpa.h"
#include "policy/plugin_registry.h"

#include <QtTest>

using namespace orrery;
using orrery::autoscaling::hpaReplicas;

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;

policy::TargetObservation target(std::string name, int replicas, double cpuLimit, double cpuUsage, int pending = 0)
{
    policy::TargetObservation t;
    t.name = std::move(name);
    t.replicas = replicas;
    t.pendingReplicas = pending;
    t.limit[policy::indexOf(policy::ControlResource::Cpu)] = cpuLimit;
    t.usage[policy::indexOf(policy::ControlResource::Cpu)] = cpuUsage;
    return t;
}

policy::Observation at(double seconds, std::vector<policy::TargetObservation> targets)
{
    policy::Observation o;
    o.time = static_cast<sim::SimTime>(seconds * 1e9);
    o.period = 15 * sim::kSecond;
    o.targets = std::move(targets);
    return o;
}

//! The replica count the actions set for `name`, or -1 when none.
int replicasSet(const std::vector<policy::ControlAction>& actions, const std::string& name = "svc")
{
    for (const auto& action : actions)
        if (action.kind == policy::ControlAction::Kind::SetReplicas && action.target == name)
            return static_cast<int>(action.value);
    return -1;
}

} // namespace

//! kube-hpa: Kubernetes' replica formula, tolerance, unready pods, stabilization, rate limits.
class TestKubeHpa : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

private slots:
    void initTestCase() { m_registry.registerStatic(orrery_kube_hpa_descriptor()); }

    void formula_data()
    {
        QTest::addColumn<int>("ready");
        QTest::addColumn<int>("unready");
        QTest::addColumn<double>("utilization");
        QTest::addColumn<double>("target");
        QTest::addColumn<int>("desired");
        // ceil(4 × 0.8 / 0.5) = ceil(6.4)
        QTest::newRow("scaleUp") << 4 << 0 << 0.8 << 0.5 << 7;
        // ceil(10 × 0.2 / 0.5) = 4
        QTest::newRow("scaleDown") << 10 << 0 << 0.2 << 0.5 << 4;
        // ratio 1.2: ceil(3 × 1.2) = ceil(3.6)
        QTest::newRow("roundsUp") << 3 << 0 << 0.6 << 0.5 << 4;
        // ratio 1.08 and 0.92: inside the 0.1 band, no change
        QTest::newRow("toleranceAbove") << 4 << 0 << 0.54 << 0.5 << 4;
        QTest::newRow("toleranceBelow") << 4 << 0 << 0.46 << 0.5 << 4;
        // ratio 1.12 just outside: ceil(4 × 1.12) = ceil(4.48)
        QTest::newRow("justOutsideTolerance") << 4 << 0 << 0.56 << 0.5 << 5;
        // Unready pods count as idle on a scale-up: 4 × 1.0 / (0.5 × 6) = 1.33, ceil(1.33 × 6) = 8
        QTest::newRow("unreadyScaleUp") << 4 << 2 << 1.0 << 0.5 << 8;
        // ... and when that flips the direction (2 × 0.6 / (0.5 × 4) = 0.6) nothing changes
        QTest::newRow("unreadyFlips") << 2 << 2 << 0.6 << 0.5 << 4;
        // Unready pods are ignored on a scale-down: ceil(4 × 0.25 / 0.5) = 2
        QTest::newRow("unreadyScaleDown") << 4 << 3 << 0.25 << 0.5 << 2;
        QTest::newRow("idle") << 5 << 0 << 0.0 << 0.5 << 0;
        QTest::newRow("nothingReady") << 0 << 3 << 0.9 << 0.5 << 3;
    }

    void formula()
    {
        QFETCH(int, ready);
        QFETCH(int, unready);
        QFETCH(double, utilization);
        QFETCH(double, target);
        QFETCH(int, desired);
        QCOMPARE(hpaReplicas(ready, unready, utilization, target, 0.1), desired);
    }

    void scalesUpAtOnceAndDownAfterTheStabilizationWindow()
    {
        auto hpa = m_registry.createControl("kube-hpa", Params{{"maxReplicas", "20"}});
        // 2 replicas at 0.9 of a 1-core limit, target 0.5: ceil(3.6) = 4.
        QCOMPARE(replicasSet(hpa->decide(at(0, {target("svc", 2, 1.0, 0.9)}))), 4);
        // Load falls to 0.1 per replica: the raw recommendation is 1, but within 300 s the
        // highest recommendation (4) holds.
        for (double t = 15; t <= 285; t += 15)
            QCOMPARE(replicasSet(hpa->decide(at(t, {target("svc", 4, 1.0, 0.1)}))), -1);
        // At 300 s the recommendation of 0 s is exactly 300 s old: out of the window.
        QCOMPARE(replicasSet(hpa->decide(at(300, {target("svc", 4, 1.0, 0.1)}))), 1);
    }

    void shortWindowScalesDownSooner()
    {
        auto hpa = m_registry.createControl("kube-hpa", Params{{"scaleDownStabilization", "0s"}});
        QCOMPARE(replicasSet(hpa->decide(at(0, {target("svc", 8, 2.0, 0.4)}))), 4); // ceil(8 × 0.2 / 0.5 = 3.2)
    }

    void scaleUpIsRateLimited()
    {
        auto hpa = m_registry.createControl("kube-hpa", Params{{"maxReplicas", "100"}, {"syncPeriod", "5s"}});
        // Raw ceil(2 × 5 / 0.5) = 20; the default policies allow max(2 + 4, 2 × 2) = 6 per 15 s.
        QCOMPARE(replicasSet(hpa->decide(at(0, {target("svc", 2, 1.0, 5.0)}))), 6);
        // 5 and 10 s later the period still started at 2 replicas: 6 is the cap, no change.
        QCOMPARE(replicasSet(hpa->decide(at(5, {target("svc", 6, 1.0, 5.0)}))), -1);
        QCOMPARE(replicasSet(hpa->decide(at(10, {target("svc", 6, 1.0, 5.0)}))), -1);
        // 15 s later a new period starts from 6: max(6 + 4, 6 × 2) = 12 (raw: ceil(6 × 10) = 60).
        QCOMPARE(replicasSet(hpa->decide(at(15, {target("svc", 6, 1.0, 5.0)}))), 12);
    }

    void clampsToMinAndMax()
    {
        auto hpa = m_registry.createControl("kube-hpa", Params{{"minReplicas", "2"}, {"maxReplicas", "5"},
                                                               {"scaleDownStabilization", "0s"}});
        QCOMPARE(replicasSet(hpa->decide(at(0, {target("svc", 4, 1.0, 0.0)}))), 2);
        QCOMPARE(replicasSet(hpa->decide(at(15, {target("svc", 4, 1.0, 1.0)}))), 5);
    }

    void actsOnlyEverySyncPeriod()
    {
        auto hpa = m_registry.createControl("kube-hpa");
        QCOMPARE(replicasSet(hpa->decide(at(0, {target("svc", 1, 1.0, 0.5)}))), -1); // at target
        // One-second control periods: the first that can act is 15 s after the last sync.
        for (double t = 1; t < 15; t += 1)
            QVERIFY(hpa->decide(at(t, {target("svc", 1, 1.0, 0.9)})).empty());
        QCOMPARE(replicasSet(hpa->decide(at(15, {target("svc", 1, 1.0, 0.9)}))), 2);
    }

    void targetsAreIndependentAndUnlimitedOnesSkipped()
    {
        auto hpa = m_registry.createControl("kube-hpa", Params{{"scaleDownStabilization", "0s"}});
        const auto actions = hpa->decide(at(0, {target("a", 2, 1.0, 1.0), target("b", 6, 1.0, 0.25),
                                                target("c", 3, 0.0, 5.0), target("d", 3, 1.0, 0.5)}));
        QCOMPARE(replicasSet(actions, "a"), 4);
        QCOMPARE(replicasSet(actions, "b"), 3);
        QCOMPARE(replicasSet(actions, "c"), -1); // no limit: no utilization
        QCOMPARE(replicasSet(actions, "d"), -1); // at target
        QCOMPARE(actions.size(), std::size_t{2});
    }

    void memoryResource()
    {
        auto hpa = m_registry.createControl("kube-hpa", Params{{"resource", "memory"}, {"targetUtilization", "0.8"}});
        policy::TargetObservation t = target("svc", 2, 1.0, 0.1);
        t.limit[policy::indexOf(policy::ControlResource::Memory)] = 1e9;
        t.usage[policy::indexOf(policy::ControlResource::Memory)] = 1.2e9; // ratio 1.5
        QCOMPARE(replicasSet(hpa->decide(at(0, {t}))), 3);
    }

    // Kubernetes documentation, "Horizontal Pod Autoscaling", Algorithm details: "if the current
    // metric value is 200m, and the desired value is 100m, the number of replicas will be doubled
    // [...] If the current value is instead 50m, you'll halve the number of replicas".
    void documentationRatioExamples()
    {
        auto hpa = m_registry.createControl("kube-hpa", Params{{"scaleDownStabilization", "0s"}, {"targetUtilization", "0.1"},
                                                               {"maxReplicas", "100"}});
        QCOMPARE(replicasSet(hpa->decide(at(0, {target("svc", 4, 1.0, 0.2)}))), 8);
        QCOMPARE(replicasSet(hpa->decide(at(15, {target("svc", 8, 1.0, 0.05)}))), 4);
    }

    // The same page, "Scaling policies": scaleDown with Pods 4 and Percent 10 per 60 s, "if there
    // are 80 replicas and the target has to be scaled down to 10 replicas then during the first
    // step 8 replicas will be reduced. In the next iteration when the number of replicas is 72,
    // 10% of the pods is 7.2 but the number is rounded up to 8 [...] With 40 or less replicas, the
    // first policy will be applied." One step per 60 s period.
    void documentationScaleDownPolicyExample()
    {
        auto hpa = m_registry.createControl("kube-hpa", Params{{"scaleDownStabilization", "0s"}, {"maxReplicas", "100"},
                                                               {"scaleDownPods", "4"}, {"scaleDownPercent", "10"},
                                                               {"scaleDownPolicyPeriod", "60s"}});
        const int expected[] = {72, 64, 57, 51, 45, 40, 36, 32, 28};
        int replicas = 80;
        double t = 0;
        for (const int next : expected) {
            // Load wants 5 replicas (2.5 cores at 0.5 each): the policies bind all the way.
            QCOMPARE(replicasSet(hpa->decide(at(t, {target("svc", replicas, 1.0, 2.5 / replicas)}))), next);
            // Within the period nothing more goes (the next sync sees the period's start).
            QCOMPARE(replicasSet(hpa->decide(at(t + 15, {target("svc", next, 1.0, 2.5 / next)}))), -1);
            replicas = next;
            t += 60;
        }
    }

    void selectPolicyMinAndDisabled()
    {
        // Scale-up with selectPolicy Min: the smaller of +4 and +100 %.
        auto min = m_registry.createControl("kube-hpa", Params{{"maxReplicas", "100"}, {"scaleUpSelect", "min"}});
        QCOMPARE(replicasSet(min->decide(at(0, {target("svc", 10, 1.0, 5.0)}))), 14);
        QCOMPARE(replicasSet(min->decide(at(60, {target("svc", 2, 1.0, 5.0)}))), 4);
        auto disabled = m_registry.createControl("kube-hpa", Params{{"scaleDownStabilization", "0s"}, {"scaleDownSelect", "disabled"}});
        QCOMPARE(replicasSet(disabled->decide(at(0, {target("svc", 8, 1.0, 0.05)}))), -1);
        QCOMPARE(replicasSet(disabled->decide(at(15, {target("svc", 1, 1.0, 0.9)}))), 2);
    }

    void restartingPodsAreUnready()
    {
        // 4 replicas, one restarting after an OOM kill: the three ready ones carry 4 × 0.6 = 2.4
        // cores, 0.8 each, target 0.5: as unready, the restarting pod counts as idle on the
        // scale-up: 2.4 / (0.5 × 4) = 1.2, ceil(1.2 × 4) = 5.
        auto hpa = m_registry.createControl("kube-hpa", Params{{"maxReplicas", "100"}});
        policy::TargetObservation t = target("svc", 4, 1.0, 0.6);
        t.features["restartingReplicas"] = 1;
        QCOMPARE(replicasSet(hpa->decide(at(0, {t}))), 5);
    }

    void rejectsBadParameters()
    {
        QVERIFY_THROWS_EXCEPTION(policy::PluginError,
                                 (void)m_registry.createControl("kube-hpa", Params{{"tolerance", "2"}}));
        QVERIFY_THROWS_EXCEPTION(policy::PluginError, (void)m_registry.createControl(
                                                          "kube-hpa", Params{{"minReplicas", "5"}, {"maxReplicas", "2"}}));
    }
};

QTEST_GUILESS_MAIN(TestKubeHpa)
#include "tst_kube_hpa.moc"
