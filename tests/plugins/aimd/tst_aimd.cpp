#include "orrery_plugin_aimd.h"
#include "policy/plugin_registry.h"

#include <QtTest>

using namespace orrery;

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;
constexpr auto kCpu = policy::ControlResource::Cpu;

policy::TargetObservation target(double cpuLimit, double p99Ms, double sloMs = 100)
{
    policy::TargetObservation t;
    t.name = "svc";
    t.replicas = 1;
    for (double& limit : t.limit)
        limit = 10; // every resource limited, so "all" has something to adjust
    t.limit[policy::indexOf(kCpu)] = cpuLimit;
    t.p99LatencyMs = p99Ms;
    t.sloLatencyMs = sloMs;
    return t;
}

policy::Observation observe(policy::TargetObservation t)
{
    policy::Observation o;
    o.targets.push_back(std::move(t));
    return o;
}

//! The CPU limit the actions set, or -1 when none.
double cpuSet(const std::vector<policy::ControlAction>& actions)
{
    for (const auto& a : actions)
        if (a.kind == policy::ControlAction::Kind::SetLimit && a.resource == kCpu)
            return a.value;
    return -1;
}

} // namespace

//! aimd: additive increase on violation, multiplicative decrease when comfortable, bounds.
class TestAimd : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

private slots:
    void initTestCase() { m_registry.registerStatic(orrery_aimd_descriptor()); }

    void increaseThenDecreaseSequence()
    {
        auto aimd = m_registry.createControl("aimd", Params{{"increaseStep", "0.25"}, {"decreaseFactor", "0.5"}});
        // Initial limit 2 cores: the additive step is 0.25 × 2 = 0.5 core.
        double limit = 2.0;
        const double p99s[] = {150, 120, 101, 90, 50, 30, 200};
        const double expected[] = {2.5, 3.0, 3.5, -1, 1.75, 0.875, 1.375};
        for (std::size_t i = 0; i < std::size(p99s); ++i) {
            const double set = cpuSet(aimd->decide(observe(target(limit, p99s[i]))));
            QVERIFY2(std::abs(set - expected[i]) < 1e-12,
                     qPrintable(QString("period %1: set %2, expected %3").arg(i).arg(set).arg(expected[i])));
            if (set > 0)
                limit = set;
        }
    }

    void staysWithinBounds()
    {
        auto aimd = m_registry.createControl("aimd", Params{{"maxFraction", "1.5"}, {"minFraction", "0.5"}});
        // Base 4: at most 6, at least 2.
        QCOMPARE(cpuSet(aimd->decide(observe(target(4.0, 500)))), 4.4);
        QCOMPARE(cpuSet(aimd->decide(observe(target(5.9, 500)))), 6.0);
        QCOMPARE(cpuSet(aimd->decide(observe(target(6.0, 500)))), -1.0); // at the cap: no action
        QCOMPARE(cpuSet(aimd->decide(observe(target(2.1, 10)))), 2.0);
        QCOMPARE(cpuSet(aimd->decide(observe(target(2.0, 10)))), -1.0);
    }

    void withoutOwnSloUsesSloMaintenance()
    {
        auto aimd = m_registry.createControl("aimd");
        policy::TargetObservation t = target(1.0, 999, 0);
        t.sloMaintenance = 0.6; // FIRM's SM_t < 1: violating
        QCOMPARE(cpuSet(aimd->decide(observe(t))), 1.1);
        t.sloMaintenance = 1.0;
        QCOMPARE(cpuSet(aimd->decide(observe(t))), 0.9);
    }

    void allResourcesMoveTogether()
    {
        auto aimd = m_registry.createControl("aimd", Params{{"resources", "all"}});
        const auto actions = aimd->decide(observe(target(1.0, 500)));
        QCOMPARE(actions.size(), std::size_t{5}); // CPU, memory bandwidth, LLC, disk, network
        for (const auto& a : actions)
            QVERIFY(a.resource != policy::ControlResource::Memory);
        QCOMPARE(aimd->decide(observe(target(1.0, 500))).size(), std::size_t{5});
        QCOMPARE(m_registry.createControl("aimd")->decide(observe(target(1.0, 500))).size(), std::size_t{1});
    }
};

QTEST_GUILESS_MAIN(TestAimd)
#include "tst_aimd.moc"
